import type { RouteEntry } from '../../app/routeTable.ts';
import { cardReadingTexts } from '../../i18n/namespaces.ts';
import { cardReadingPage, lockDetailsPage, prefetchStay, stayDetailsPage } from './pages.ts';

/** The card reading feature's pages (children of /room in src/routes.tsx): what the Card Reading button opens. */
export const cardReadingRoutes: RouteEntry[] = [
  {
    path: 'thetouristsDetails',
    title: 'thetouristsDetails',
    hidden: true,
    activeMenu: '/room/roomList',
    page: stayDetailsPage,
    prefetch: prefetchStay,
  },
  {
    path: 'thetouristsDetailsNoUser',
    title: 'thetouristsDetailsNoUser',
    hidden: true,
    activeMenu: '/room/roomList',
    page: lockDetailsPage,
  },
  {
    path: 'cardReading',
    title: 'cardReading',
    hidden: true,
    activeMenu: '/room/roomList',
    page: cardReadingTexts.page(cardReadingPage),
    // The button that reads a card sits at the sidebar's foot on every page, drawn by the layout from here.
    sidebarItem: () => import('./CardReadingButton.tsx').then((m) => ({ default: m.CardReadingButton })),
  },
];
