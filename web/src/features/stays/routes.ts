import type { RouteEntry } from '../../app/routeTable.ts';
import { notBuilt } from '../notBuilt/loader.ts';

/** The 'stays' feature's routes (children of their section in src/routes.tsx). */
export const stayRoutes: RouteEntry[] = [{ path: 'checkIn', title: 'checkIn', hidden: true, page: notBuilt }];
