import type { RouteEntry } from '../../app/routeTable.ts';
import { hotelTexts } from './texts.ts';

const personalCenter = hotelTexts.page(() => import('./PersonalCenterPage.tsx'));

/** The 'hotel' feature's routes (children of their section in src/routes.tsx). */
export const centerRoutes: RouteEntry[] = [
  { path: 'personalCenter', title: 'personalCenter', page: personalCenter },
];
