import type { PageLoader, PagePrefetch } from '../../app/routeTable.ts';
import { cardReadingTexts, roomsTexts, staysTexts } from '../../i18n/namespaces.ts';

// The pages' loaders live apart from the routes so that the Card Reading button, which the route table carries
// into the sidebar, can preload them without importing the routes back (no import circle).

const stayDetails: PageLoader = () => import('./StayDetailsPage.tsx');
const lockDetails: PageLoader = () => import('./LockDetailsPage.tsx');
export const cardReadingPage: PageLoader = () => import('./CardReadingPage.tsx');
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

export const stayDetailsPage = kept(cardReadingTexts.page(stayDetails, roomsTexts, staysTexts));
export const lockDetailsPage = kept(cardReadingTexts.page(lockDetails, roomsTexts, staysTexts));
export const prefetchStay: PagePrefetch = ({ queryClient, search }) =>
  import('./api.ts').then((m) => m.prefetchStayOfCard(queryClient, search));

/** Loads the two pages a card read may open (chunks and texts), while the read still runs. */
export function preloadCardPages(): void {
  stayDetailsPage().catch(() => undefined);
  lockDetailsPage().catch(() => undefined);
}
