import type { RouteEntry } from '../../app/routeTable.ts';
import { textsNamed } from '../../i18n/feature.ts';
import { businessTexts } from './texts.ts';

// Texts of other features whose parts this file shows, named, not imported (a feature stands alone).
const unlockRecordsTexts = textsNamed('unlockRecords');

// The bill page's room filter is the unlock records' one: its texts come along.
const business = businessTexts.page(() => import('./BusinessPage.tsx'));
const bill = businessTexts.page(() => import('./BillPage.tsx'), unlockRecordsTexts);

/** Business information (spec §2 /business): children of the /business section in src/routes.tsx. */
export const businessRoutes: RouteEntry[] = [{ path: 'index', title: 'business', page: business }];

/** The bill centre (spec §2 /bill): children of the /bill section in src/routes.tsx. */
export const billRoutes: RouteEntry[] = [{ path: 'index', title: 'bill', page: bill }];
