import type { RouteEntry } from '../../app/routeTable.ts';
import { textsNamed } from '../../i18n/feature.ts';
import { staysTexts } from './texts.ts';

// Texts of other features whose parts this file shows, named, not imported (a feature stands alone).
const cardsTexts = textsNamed('cards');

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
