import type { PagePrefetch, RouteEntry } from '../../app/routeTable.ts';
import { textsNamed } from '../../i18n/feature.ts';
import { roomsTexts } from './texts.ts';

// Texts of other features whose parts this file shows, named, not imported (a feature stands alone).
const doorTexts = textsNamed('door');
const pricesTexts = textsNamed('prices');
const staysTexts = textsNamed('stays');
const unlockRecordsTexts = textsNamed('unlockRecords');

const roomList = roomsTexts.page(() => import('./RoomListPage.tsx'), doorTexts);
// The landing page's rooms are asked for while its code loads, not after (issue 8 §5: first page within 1 s).
const prefetchRoomList: PagePrefetch = ({ queryClient, search }) =>
  import('./prefetch.ts').then((m) => m.prefetchRoomList(queryClient, search));
// The detail's tenant and price tabs are the stays and prices features' panels: their texts come with the page.
// The lock tab's deliveries (door) and the unlock-records tab's shared table (unlockRecords) too.
const roomDetails = roomsTexts.page(
  () => import('./RoomDetailPage.tsx'),
  staysTexts,
  pricesTexts,
  doorTexts,
  unlockRecordsTexts,
);

/** The 'rooms' feature's routes (children of their section in src/routes.tsx). */
export const roomRoutes: RouteEntry[] = [
  { path: 'roomList', title: 'roomList', page: roomList, prefetch: prefetchRoomList },
  {
    path: 'roomDetails',
    title: 'roomDetails',
    hidden: true,
    activeMenu: '/room/roomList',
    page: roomDetails,
  },
];
