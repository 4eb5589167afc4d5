import type { PageLoader, RouteEntry } from '../../app/routeTable.ts';
import { textsNamed } from '../../i18n/feature.ts';
import { cardsTexts } from './texts.ts';

// Texts of other features whose parts this file shows, named, not imported (a feature stands alone).
const doorTexts = textsNamed('door');

const cardList: PageLoader = () => import('./CardListPage.tsx');
const addCard: PageLoader = () => import('./AddCardPage.tsx');

/** The 'cards' feature's routes under /center (children of their section in src/routes.tsx). */
export const cardRoutes: RouteEntry[] = [
  { path: 'cardList', title: 'cardList', page: cardsTexts.page(cardList, doorTexts) },
  { path: 'addCard', title: 'addCard', page: cardsTexts.page(addCard) },
];
