import { cpuDispenser, type PageLoader, type RouteEntry } from '../../app/routeTable.ts';
import { textsNamed } from '../../i18n/feature.ts';
import { specialCardsTexts } from './texts.ts';

// Texts of other features whose parts this file shows, named, not imported (a feature stands alone).
const doorTexts = textsNamed('door');

const list = (name: 'MasterCardsPage' | 'BuildingCardsPage' | 'FloorCardsPage'): PageLoader =>
  specialCardsTexts.page(
    () => import('./SpecialCardListPage.tsx').then((m) => ({ default: m[name] })),
    doorTexts,
  );
const add = (
  name: 'AddMasterCardPage' | 'AddBuildingCardPage' | 'AddFloorCardPage' | 'AddUniversalCardPage',
): PageLoader =>
  specialCardsTexts.page(() => import('./IssueCardPage.tsx').then((m) => ({ default: m[name] })));

/** The special cards' routes (children of /card in src/routes.tsx), spec §2. */
export const specialCardRoutes: RouteEntry[] = [
  { path: 'masterControlCard', title: 'masterControlCard', page: list('MasterCardsPage') },
  { path: 'BuildingCard', title: 'BuildingCard', page: list('BuildingCardsPage') },
  { path: 'floorCard', title: 'floorCard', page: list('FloorCardsPage') },
  {
    path: 'featureCard/addMasterControlCard',
    title: 'addMasterControlCard',
    hidden: true,
    activeMenu: '/card/masterControlCard',
    page: add('AddMasterCardPage'),
  },
  {
    path: 'featureCard/addBuildingCard',
    title: 'addBuildingCard',
    hidden: true,
    activeMenu: '/card/BuildingCard',
    page: add('AddBuildingCardPage'),
  },
  {
    path: 'featureCard/addFloorCard',
    title: 'addFloorCard',
    hidden: true,
    activeMenu: '/card/floorCard',
    page: add('AddFloorCardPage'),
  },
  {
    path: 'universalCardList',
    title: 'universalCardList',
    page: specialCardsTexts.page(() => import('./UniversalCardListPage.tsx'), doorTexts),
  },
  {
    path: 'universalCardList/addUniversalCard',
    title: 'addUniversalCard',
    hidden: true,
    activeMenu: '/card/universalCardList',
    page: add('AddUniversalCardPage'),
  },
  {
    path: 'cpuCard',
    title: 'cpuCard',
    access: cpuDispenser,
    page: specialCardsTexts.page(() => import('./CpuCardListPage.tsx')),
  },
  {
    path: 'addCpuCard',
    title: 'addCpuCard',
    hidden: true,
    activeMenu: '/card/cpuCard',
    page: specialCardsTexts.page(() => import('./AddCpuCardPage.tsx')),
  },
  {
    path: 'setTime',
    title: 'setTime',
    hidden: true,
    page: specialCardsTexts.page(() => import('./SetTimePage.tsx')),
  },
];
