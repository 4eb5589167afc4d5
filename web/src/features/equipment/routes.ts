import type { PageLoader, RouteEntry } from '../../app/routeTable.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';

const cardSender: PageLoader = () => import('./CardSenderPage.tsx');
const readers: PageLoader = () => import('./ReadersAndUsersPage.tsx');
const bind: PageLoader = () => import('./BindReaderPage.tsx');
const rooms: PageLoader = () => import('./SelectRoomsPage.tsx');
const test: PageLoader = () => import('./ReaderTestPage.tsx');
const mqtt: PageLoader = () => import('./MqttTestPage.tsx');

/** The card dispenser page (a child of /equipmentManagement in src/routes.tsx). */
export const cardSenderRoutes: RouteEntry[] = [
  { path: 'cardSender', title: 'cardSender', page: equipmentTexts.page(cardSender) },
];

/** The reader pages of the personal centre (children of /center in src/routes.tsx). */
export const readerRoutes: RouteEntry[] = [
  { path: 'cardReaderAndUserList', title: 'cardReaderAndUserList', page: equipmentTexts.page(readers) },
  { path: 'bindCardReaderToUser', title: 'bindCardReaderToUser', page: equipmentTexts.page(bind) },
  { path: 'selectRoomList', title: 'selectRoomList', page: equipmentTexts.page(rooms) },
  { path: 'cardSenderFingerTest', title: 'cardSenderFingerTest', page: equipmentTexts.page(test) },
  { path: 'mqttTest', title: 'mqttTest', page: equipmentTexts.page(mqtt) },
];
