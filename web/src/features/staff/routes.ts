import { PATHS } from '../../app/paths.ts';
import type { RouteEntry } from '../../app/routeTable.ts';
import { staffTexts } from '../../i18n/namespaces.ts';

const list = staffTexts.page(() => import('./StaffListPage.tsx'));
const rooms = staffTexts.page(() => import('./RoomPermissionsPage.tsx'));
const authority = staffTexts.page(() => import('./AuthorityPage.tsx'));

/**
 * The staff pages (spec §2 /worker): children of the /worker section in src/routes.tsx. Who may open each is the
 * role/route table's (ROUTE_PERMISSIONS of @lockdesk/protocol), not a rule here.
 */
export const staffRoutes: RouteEntry[] = [
  { path: 'workerList', title: 'worker', page: list },
  {
    path: 'permissionsList',
    title: 'permissionsList',
    hidden: true,
    activeMenu: PATHS.workerList,
    page: rooms,
  },
  { path: 'Authority', title: 'Authority', hidden: true, activeMenu: PATHS.workerList, page: authority },
];
