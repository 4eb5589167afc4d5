import { FIND_PATH, HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH } from './app/paths.ts';
import { chineseOrUnset, type PageLoader, type RouteEntry } from './app/routeTable.ts';
import { accessControlRoutes } from './features/accessControl/routes.ts';
import { billRoutes, businessRoutes } from './features/business/routes.ts';
import { cardReadingRoutes } from './features/cardReading/routes.ts';
import { cardRoutes } from './features/cards/routes.ts';
import { customerRoutes } from './features/customers/routes.ts';
import { encryptionRoutes } from './features/encryption/routes.ts';
import { cardSenderRoutes, readerRoutes } from './features/equipment/routes.ts';
import { faceRoutes } from './features/faces/routes.ts';
import { fingerprintRoutes } from './features/fingerprints/routes.ts';
import { centerRoutes } from './features/hotel/routes.ts';
import { integrationRoutes } from './features/integrations/routes.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { notBuilt } from './features/notBuilt/loader.ts';
import { operationLogRoutes } from './features/operationLog/routes.ts';
import { priceRoutes } from './features/prices/routes.ts';
import { roomRoutes } from './features/rooms/routes.ts';
import { specialCardRoutes } from './features/specialCards/routes.ts';
import { staffRoutes } from './features/staff/routes.ts';
import { stayRoutes } from './features/stays/routes.ts';
import { touristRoutes } from './features/tourists/routes.ts';

/**
 * THE route table of the console (spec §2). It builds the router, the sidebar menu, the breadcrumb and the page
 * titles. Titles are keys under `route.` in src/i18n/locales. Each feature declares its own entries in
 * features/<area>/routes.ts; a page a later issue has not built yet loads `notBuilt`, which says so plainly.
 * Paths for links and redirects live in app/paths.ts, which imports nothing.
 */

const login: PageLoader = () => import('./features/account/LoginPage.tsx');
const find: PageLoader = () => import('./features/account/FindPasswordPage.tsx');
const changePassword: PageLoader = () => import('./features/account/ChangePasswordPage.tsx');
const notFound: PageLoader = () => import('./features/notFound/NotFoundPage.tsx');

export const ROUTES: RouteEntry[] = [
  { path: LOGIN_PATH, title: 'login', public: true, hidden: true, page: login },
  { path: FIND_PATH, title: 'find', public: true, hidden: true, page: find },
  { path: NOT_FOUND_PATH, title: 'notFound', public: true, hidden: true, page: notFound },
  { path: '/', redirect: HOME_PATH, hidden: true },
  {
    path: '/user',
    title: 'changePsw',
    hidden: true,
    redirect: '/user/changePsw',
    children: [{ path: 'changePsw', title: 'changePsw', page: changePassword }],
  },
  {
    path: '/room',
    title: 'roomList',
    icon: 'room',
    redirect: '/room/roomList',
    children: [
      ...roomRoutes,
      ...stayRoutes,
      ...priceRoutes,
      ...faceRoutes,
      ...fingerprintRoutes,
      ...cardReadingRoutes,
    ],
  },
  {
    path: '/worker',
    title: 'worker',
    icon: 'admin',
    redirect: '/worker/workerList',
    children: [...staffRoutes],
  },
  {
    path: '/equipmentManagement',
    title: 'equipmentManagement',
    icon: 'equipment',
    redirect: '/equipmentManagement/roomList',
    children: [...accessControlRoutes, ...cardSenderRoutes],
  },
  {
    path: '/tourists',
    title: 'tourists',
    icon: 'userList',
    redirect: '/tourists/touristsList',
    children: [...touristRoutes],
  },
  {
    path: '/card',
    title: 'card',
    icon: 'card',
    redirect: '/card/masterControlCard',
    children: [...specialCardRoutes],
  },
  {
    path: '/message',
    title: 'message',
    icon: 'message',
    redirect: '/message/messageList',
    children: [...messageRoutes],
  },
  {
    path: '/operation',
    title: 'operation',
    icon: 'operation',
    redirect: '/operation/operation',
    children: [...operationLogRoutes],
  },
  {
    path: '/business',
    title: 'business',
    icon: 'business',
    redirect: '/business/index',
    access: chineseOrUnset,
    children: [...businessRoutes],
  },
  {
    path: '/bill',
    title: 'bill',
    icon: 'bill',
    redirect: '/bill/index',
    access: chineseOrUnset,
    children: [...billRoutes],
  },
  {
    path: '/center',
    title: 'personalCenter',
    hidden: true,
    redirect: '/center/personalCenter',
    children: [
      ...centerRoutes,
      ...customerRoutes,
      ...encryptionRoutes,
      ...integrationRoutes,
      ...cardRoutes,
      ...readerRoutes,
    ],
  },
];

/** True when the page of a route is still the 'not built yet' placeholder. */
export function isNotBuilt(page: PageLoader | undefined): boolean {
  return page === notBuilt;
}
