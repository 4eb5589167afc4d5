import type { RouteEntry } from '../../app/routeTable.ts';
import { hotelTexts } from '../../i18n/namespaces.ts';

const personalCenter = hotelTexts.page(() => import('./PersonalCenterPage.tsx'));

/** The 'hotel' feature's routes (children of their section in src/routes.tsx). */
export const centerRoutes: RouteEntry[] = [
  // Listed in the menu of an account with no page of the visible sections (the customer manager).
  {
    path: 'personalCenter',
    title: 'personalCenter',
    icon: 'personal',
    menuFallback: true,
    page: personalCenter,
  },
];
