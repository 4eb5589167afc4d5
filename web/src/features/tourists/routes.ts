import { PATHS } from '../../app/paths.ts';
import type { RouteEntry } from '../../app/routeTable.ts';
import { textsNamed } from '../../i18n/feature.ts';
import { touristsTexts } from './texts.ts';

// Texts of other features whose parts this file shows, named, not imported (a feature stands alone).
const unlockRecordsTexts = textsNamed('unlockRecords');

// Every guest page may show unlock records or an export button: the shared table's texts come with each.
const list = touristsTexts.page(() => import('./TouristsListPage.tsx'), unlockRecordsTexts);
const details = touristsTexts.page(() => import('./TouristDetailsPage.tsx'), unlockRecordsTexts);
const inHouse = touristsTexts.page(() => import('./InHousePage.tsx'), unlockRecordsTexts);
const openHistory = touristsTexts.page(() => import('./OpenHistoryPage.tsx'), unlockRecordsTexts);
const exportPage = touristsTexts.page(() => import('./ExportPage.tsx'), unlockRecordsTexts);

/** The guest pages (spec §2 /tourists): children of the /tourists section in src/routes.tsx. */
export const touristRoutes: RouteEntry[] = [
  { path: 'touristsList', title: 'tourists', page: list },
  {
    path: 'touristsDetails',
    title: 'touristsDetails',
    hidden: true,
    activeMenu: PATHS.touristsList,
    page: details,
  },
  { path: 'inPage', title: 'inPage', hidden: true, activeMenu: PATHS.touristsList, page: inHouse },
  {
    path: 'openHistory',
    title: 'openHistory',
    hidden: true,
    activeMenu: PATHS.touristsList,
    page: openHistory,
  },
  { path: 'export', title: 'export', hidden: true, activeMenu: PATHS.touristsList, page: exportPage },
];
