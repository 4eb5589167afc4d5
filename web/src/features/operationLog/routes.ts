import type { RouteEntry } from '../../app/routeTable.ts';
import { operationLogTexts, unlockRecordsTexts } from '../../i18n/namespaces.ts';

// The export button's texts live in the unlock-records namespace.
const page = operationLogTexts.page(() => import('./OperationLogPage.tsx'), unlockRecordsTexts);

/** The operation log (spec §2 /operation): children of the /operation section in src/routes.tsx. */
export const operationLogRoutes: RouteEntry[] = [{ path: 'operation', title: 'operation', page }];
