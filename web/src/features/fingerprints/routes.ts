import type { PageLoader, RouteEntry } from '../../app/routeTable.ts';
import { facesTexts, fingerprintsTexts } from '../../i18n/namespaces.ts';

const fingerprintsHistory: PageLoader = () => import('./FingerprintsHistoryPage.tsx');

/** The 'fingerprints' feature's routes (children of their section in src/routes.tsx). */
export const fingerprintRoutes: RouteEntry[] = [
  {
    path: 'fingerprintsHistory',
    title: 'fingerprintsHistory',
    hidden: true,
    activeMenu: '/room/roomList',
    // The room and stay pickers are the faces feature's.
    page: fingerprintsTexts.page(fingerprintsHistory, facesTexts),
  },
];
