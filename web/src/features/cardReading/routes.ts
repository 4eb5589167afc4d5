import type { PageLoader, RouteEntry } from '../../app/routeTable.ts';
import { roomsTexts } from '../rooms/texts.ts';
import { staysTexts } from '../stays/texts.ts';
import { cardReadingTexts } from './texts.ts';

const stayDetails: PageLoader = () => import('./StayDetailsPage.tsx');
const lockDetails: PageLoader = () => import('./LockDetailsPage.tsx');
const cardReading: PageLoader = () => import('./CardReadingPage.tsx');

/** The card reading feature's pages (children of /room in src/routes.tsx): what the Card Reading button opens. */
export const cardReadingRoutes: RouteEntry[] = [
  {
    path: 'thetouristsDetails',
    title: 'thetouristsDetails',
    hidden: true,
    activeMenu: '/room/roomList',
    page: cardReadingTexts.page(stayDetails, roomsTexts, staysTexts),
  },
  {
    path: 'thetouristsDetailsNoUser',
    title: 'thetouristsDetailsNoUser',
    hidden: true,
    activeMenu: '/room/roomList',
    page: cardReadingTexts.page(lockDetails, roomsTexts, staysTexts),
  },
  {
    path: 'cardReading',
    title: 'cardReading',
    hidden: true,
    activeMenu: '/room/roomList',
    page: cardReadingTexts.page(cardReading),
  },
];
