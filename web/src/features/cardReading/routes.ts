import type { PageLoader, PagePrefetch, RouteEntry } from '../../app/routeTable.ts';
import { cardReadingTexts, roomsTexts, staysTexts } from '../../i18n/namespaces.ts';

const stayDetails: PageLoader = () => import('./StayDetailsPage.tsx');
const lockDetails: PageLoader = () => import('./LockDetailsPage.tsx');
const cardReading: PageLoader = () => import('./CardReadingPage.tsx');
/**
 * The loader's promise, kept: the preload while a card is read and the route's own load get the same one, so the
 * router finds the page already there when the read navigates (a failed load is tried anew next time).
 */
function kept(loader: PageLoader): PageLoader {
  let pending: ReturnType<PageLoader> | undefined;
  return () => {
    const current = pending ?? loader();
    if (!pending) {
      pending = current;
      current.catch(() => {
        if (pending === current) pending = undefined;
      });
    }
    return current;
  };
}

const stayDetailsPage = kept(cardReadingTexts.page(stayDetails, roomsTexts, staysTexts));
const lockDetailsPage = kept(cardReadingTexts.page(lockDetails, roomsTexts, staysTexts));
const prefetchStay: PagePrefetch = ({ queryClient, search }) =>
  import('./api.ts').then((m) => m.prefetchStayOfCard(queryClient, search));

/** Loads the two pages a card read may open (chunks and texts), while the read still runs. */
export function preloadCardPages(): void {
  stayDetailsPage().catch(() => undefined);
  lockDetailsPage().catch(() => undefined);
}

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
    page: cardReadingTexts.page(cardReading),
  },
];
