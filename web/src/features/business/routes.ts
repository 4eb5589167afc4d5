import type { RouteEntry } from '../../app/routeTable.ts';
import { businessTexts, unlockRecordsTexts } from '../../i18n/namespaces.ts';

// The bill page's room filter is the unlock records' one: its texts come along.
const business = businessTexts.page(() => import('./BusinessPage.tsx'));
const bill = businessTexts.page(() => import('./BillPage.tsx'), unlockRecordsTexts);

/** Business information (spec §2 /business): children of the /business section in src/routes.tsx. */
export const businessRoutes: RouteEntry[] = [{ path: 'index', title: 'business', page: business }];

/** The bill centre (spec §2 /bill): children of the /bill section in src/routes.tsx. */
export const billRoutes: RouteEntry[] = [{ path: 'index', title: 'bill', page: bill }];
