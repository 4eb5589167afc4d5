import type { RouteEntry } from '../../app/routeTable.ts';
import { customersTexts } from '../../i18n/namespaces.ts';

const page = customersTexts.page(() => import('./CustomersPage.tsx'));

/** The customer page (spec §2 /center/customer): a child of the /center section in src/routes.tsx. */
export const customerRoutes: RouteEntry[] = [
  // The customer manager's own page: listed in its menu, which the hidden /center section would leave empty.
  { path: 'customer', title: 'customer', icon: 'customer', menuFallback: true, page },
];
