import type { RouteEntry } from '../../app/routeTable.ts';
import { textsNamed } from '../../i18n/feature.ts';
import { operationLogTexts } from './texts.ts';

// Texts of other features whose parts this file shows, named, not imported (a feature stands alone).
const unlockRecordsTexts = textsNamed('unlockRecords');

// The export button's texts live in the unlock-records namespace.
const page = operationLogTexts.page(() => import('./OperationLogPage.tsx'), unlockRecordsTexts);

/** The operation log (spec §2 /operation): children of the /operation section in src/routes.tsx. */
export const operationLogRoutes: RouteEntry[] = [{ path: 'operation', title: 'operation', page }];
