import type { RouteEntry } from '../../app/routeTable.ts';
import { notBuilt } from '../notBuilt/loader.ts';

/** The 'faces' feature's routes (children of their section in src/routes.tsx). */
export const faceRoutes: RouteEntry[] = [
  { path: 'faceHistory', title: 'faceHistory', hidden: true, page: notBuilt },
  { path: 'buildFace', title: 'buildFace', hidden: true, page: notBuilt },
];
