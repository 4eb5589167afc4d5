import type { RouteEntry } from '../../app/routeTable.ts';
import { accessControlTexts } from '../../i18n/namespaces.ts';

const equipment = accessControlTexts.page(() => import('./EquipmentPage.tsx'));

/** The equipment page (spec §2 /equipmentManagement roomListAccess): a child of that section in src/routes.tsx. */
export const accessControlRoutes: RouteEntry[] = [
  { path: 'roomList', title: 'roomListAccess', page: equipment },
];
