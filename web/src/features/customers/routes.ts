import type { RouteEntry } from '../../app/routeTable.ts';
import { customersTexts } from './texts.ts';

const page = customersTexts.page(() => import('./CustomersPage.tsx'));

/** The customer page (spec §2 /center/customer): a child of the /center section in src/routes.tsx. */
export const customerRoutes: RouteEntry[] = [{ path: 'customer', title: 'customer', page }];
