import type { RouteEntry } from '../../app/routeTable.ts';
import { hotelTexts, pricesTexts } from '../../i18n/namespaces.ts';

const priceSet = pricesTexts.page(() => import('./PriceSetPage.tsx'), hotelTexts);

/** The 'prices' feature's routes (children of their section in src/routes.tsx). */
export const priceRoutes: RouteEntry[] = [
  { path: 'priceSet', title: 'priceSet', hidden: true, page: priceSet },
];
