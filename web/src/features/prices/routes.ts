import type { RouteEntry } from '../../app/routeTable.ts';
import { notBuilt } from '../notBuilt/loader.ts';

/** The 'prices' feature's routes (children of their section in src/routes.tsx). */
export const priceRoutes: RouteEntry[] = [
  { path: 'priceSet', title: 'priceSet', hidden: true, page: notBuilt },
];
