import type { RouteEntry } from '../../app/routeTable.ts';
import { notBuilt } from '../notBuilt/loader.ts';

/** The 'hotel' feature's routes (children of their section in src/routes.tsx). */
export const centerRoutes: RouteEntry[] = [
  { path: 'personalCenter', title: 'personalCenter', page: notBuilt },
];
