import type { PageLoader, RouteEntry } from '../../app/routeTable.ts';
import { cardsTexts, doorTexts } from '../../i18n/namespaces.ts';

const cardList: PageLoader = () => import('./CardListPage.tsx');
const addCard: PageLoader = () => import('./AddCardPage.tsx');

/** The 'cards' feature's routes under /center (children of their section in src/routes.tsx). */
export const cardRoutes: RouteEntry[] = [
  { path: 'cardList', title: 'cardList', page: cardsTexts.page(cardList, doorTexts) },
  { path: 'addCard', title: 'addCard', page: cardsTexts.page(addCard) },
];
