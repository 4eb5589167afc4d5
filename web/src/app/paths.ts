/**
 * Every route path of the console (spec §2), keyed by the route's title key. This module imports nothing, so that
 * pages, guards and the route table can all import paths without importing each other (routes.tsx imports pages;
 * a page that imported routes.tsx for a path would close a circle). routeTable.test.ts checks that every path here
 * is a route of the table.
 */
export const PATHS = {
  login: '/login',
  find: '/find',
  notFound: '/404',
  changePsw: '/user/changePsw',
  room: '/room',
  roomList: '/room/roomList',
  roomDetails: '/room/roomDetails',
  checkIn: '/room/checkIn',
  priceSet: '/room/priceSet',
  faceHistory: '/room/faceHistory',
  buildFace: '/room/buildFace',
  fingerprintsHistory: '/room/fingerprintsHistory',
  thetouristsDetails: '/room/thetouristsDetails',
  thetouristsDetailsNoUser: '/room/thetouristsDetailsNoUser',
  cardReading: '/room/cardReading',
  workerList: '/worker/workerList',
  permissionsList: '/worker/permissionsList',
  Authority: '/worker/Authority',
  roomListAccess: '/equipmentManagement/roomList',
  cardSender: '/equipmentManagement/cardSender',
  touristsList: '/tourists/touristsList',
  touristsDetails: '/tourists/touristsDetails',
  inPage: '/tourists/inPage',
  openHistory: '/tourists/openHistory',
  export: '/tourists/export',
  masterControlCard: '/card/masterControlCard',
  BuildingCard: '/card/BuildingCard',
  floorCard: '/card/floorCard',
  addMasterControlCard: '/card/featureCard/addMasterControlCard',
  addBuildingCard: '/card/featureCard/addBuildingCard',
  addFloorCard: '/card/featureCard/addFloorCard',
  universalCardList: '/card/universalCardList',
  addUniversalCard: '/card/universalCardList/addUniversalCard',
  cpuCard: '/card/cpuCard',
  addCpuCard: '/card/addCpuCard',
  setTime: '/card/setTime',
  messageList: '/message/messageList',
  operation: '/operation/operation',
  business: '/business/index',
  bill: '/bill/index',
  personalCenter: '/center/personalCenter',
  customer: '/center/customer',
  cardEncryption: '/center/cardEncryption',
  thirdPartyAuthorization: '/center/thirdPartyAuthorization',
  cardList: '/center/cardList',
  addCard: '/center/addCard',
  cardReaderAndUserList: '/center/cardReaderAndUserList',
  bindCardReaderToUser: '/center/bindCardReaderToUser',
  selectRoomList: '/center/selectRoomList',
  cardSenderFingerTest: '/center/cardSenderFingerTest',
  mqttTest: '/center/mqttTest',
  cardEncryptionPage: '/center/cardEncryptionPage',
  cardEncryptionManagement: '/center/cardEncryptionManagement',
  cardEncryptionByUserSelectSector: '/center/cardEncryptionByUserSelectSector',
} as const;

export type ConsolePath = (typeof PATHS)[keyof typeof PATHS];

/** Where `/` and the post-login landing go. */
export const HOME_PATH = PATHS.roomList;
export const LOGIN_PATH = PATHS.login;
export const FIND_PATH = PATHS.find;
export const NOT_FOUND_PATH = PATHS.notFound;
/** Where a signed-in user opening /login is sent (spec §2). */
export const SIGNED_IN_LANDING = PATHS.room;

/**
 * Where an account lands after sign-in (and on `/` or /login once signed in): a customer manager has no hotel and
 * no rooms (spec §6), so it lands on its customers page; everyone else on the rooms.
 */
export function landingFor(role: unknown): string {
  return role === 'customer_manager' ? PATHS.customer : SIGNED_IN_LANDING;
}
