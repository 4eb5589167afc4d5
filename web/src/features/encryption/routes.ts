import type { PageLoader, RouteEntry } from '../../app/routeTable.ts';
import { encryptionTexts } from '../../i18n/namespaces.ts';

const settings: PageLoader = () => import('./EncryptionSettingsPage.tsx');
const sectors: PageLoader = () => import('./SelectSectorsPage.tsx');
const card: PageLoader = () => import('./EncryptCardPage.tsx');
const cards: PageLoader = () => import('./EncryptedCardsPage.tsx');

/** The 'encryption' feature's routes (children of /center in src/routes.tsx). */
export const encryptionRoutes: RouteEntry[] = [
  { path: 'cardEncryption', title: 'cardEncryption', page: encryptionTexts.page(settings) },
  { path: 'cardEncryptionPage', title: 'cardEncryptionPage', page: encryptionTexts.page(card) },
  {
    path: 'cardEncryptionManagement',
    title: 'cardEncryptionManagement',
    page: encryptionTexts.page(cards),
  },
  {
    path: 'cardEncryptionByUserSelectSector',
    title: 'cardEncryptionByUserSelectSector',
    page: encryptionTexts.page(sectors),
  },
];
