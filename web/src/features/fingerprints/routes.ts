import type { PageLoader, RouteEntry } from '../../app/routeTable.ts';
import { textsNamed } from '../../i18n/feature.ts';
import { fingerprintsTexts } from './texts.ts';

// Texts of other features whose parts this file shows, named, not imported (a feature stands alone).
const facesTexts = textsNamed('faces');

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
