import type { RouteEntry } from '../../app/routeTable.ts';
import { notBuilt } from '../notBuilt/loader.ts';

/** The 'rooms' feature's routes (children of their section in src/routes.tsx). */
export const roomRoutes: RouteEntry[] = [
  { path: 'roomList', title: 'roomList', page: notBuilt },
  { path: 'roomDetails', title: 'roomDetails', hidden: true, page: notBuilt },
];
