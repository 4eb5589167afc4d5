import type { PageLoader, RouteEntry } from '../../app/routeTable.ts';
import { facesTexts } from '../../i18n/namespaces.ts';

const faceHistory: PageLoader = () => import('./FaceHistoryPage.tsx');
const buildFace: PageLoader = () => import('./BuildFacePage.tsx');

/** The 'faces' feature's routes (children of their section in src/routes.tsx). */
export const faceRoutes: RouteEntry[] = [
  {
    path: 'faceHistory',
    title: 'faceHistory',
    hidden: true,
    activeMenu: '/room/roomList',
    page: facesTexts.page(faceHistory),
  },
  {
    path: 'buildFace',
    title: 'buildFace',
    hidden: true,
    activeMenu: '/room/roomList',
    page: facesTexts.page(buildFace),
  },
];
