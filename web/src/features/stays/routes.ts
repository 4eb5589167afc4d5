import type { RouteEntry } from '../../app/routeTable.ts';
import { cardsTexts, staysTexts } from '../../i18n/namespaces.ts';

/** The 'stays' feature's routes (children of their section in src/routes.tsx). */
export const stayRoutes: RouteEntry[] = [
  {
    path: 'checkIn',
    title: 'checkIn',
    hidden: true,
    activeMenu: '/room/roomList',
    page: staysTexts.page(() => import('./CheckInPage.tsx'), cardsTexts),
  },
];
