import type { RouteEntry } from '../../app/routeTable.ts';
import { textsNamed } from '../../i18n/feature.ts';
import { pricesTexts } from './texts.ts';

// Texts of other features whose parts this file shows, named, not imported (a feature stands alone).
const hotelTexts = textsNamed('hotel');

const priceSet = pricesTexts.page(() => import('./PriceSetPage.tsx'), hotelTexts);

/** The 'prices' feature's routes (children of their section in src/routes.tsx). */
export const priceRoutes: RouteEntry[] = [
  { path: 'priceSet', title: 'priceSet', hidden: true, page: priceSet },
];
