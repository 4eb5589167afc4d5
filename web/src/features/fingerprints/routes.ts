import type { RouteEntry } from '../../app/routeTable.ts';
import { notBuilt } from '../notBuilt/loader.ts';

/** The 'fingerprints' feature's routes (children of their section in src/routes.tsx). */
export const fingerprintRoutes: RouteEntry[] = [
  { path: 'fingerprintsHistory', title: 'fingerprintsHistory', hidden: true, page: notBuilt },
];
