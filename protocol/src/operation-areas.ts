/**
 * The areas of the operation log (server API.md §4 `area`): which part of the console a call belongs to, named in
 * the hotel's words (rooms, stays, cards, staff, orders…) rather than by the call's path, whose first segment says
 * little ('room/cardAdd' is a card, 'room/addStaff' staff). One table for the server (each entry's `area` and the
 * `area` filter, as one SQL CASE) and the console (the filter's choices), so they never disagree.
 *
 * A rule is an exact path or, ending in '*', a path prefix; paths compare case-insensitively (API.md §1 forgives a
 * path's case). The most specific rule wins: an exact path before any prefix, a longer prefix before a shorter one.
 * A path no rule names is 'other'.
 */
export const OPERATION_AREAS = [
  'account',
  'hotel',
  'rooms',
  'stays',
  'prices',
  'cards',
  'passwords',
  'faces',
  'fingerprints',
  'records',
  'equipment',
  'messages',
  'staff',
  'customers',
  'orders',
  'apiKeys',
  'exports',
  'log',
  'other',
] as const;
export type OperationArea = (typeof OPERATION_AREAS)[number];

/** The rules of each area: exact paths, or prefixes ending in '*'. */
export const OPERATION_AREA_RULES: Record<Exclude<OperationArea, 'other'>, readonly string[]> = {
  account: ['captcha', 'login', 'logout', 'setting/*', 'getBack/*', 'oss/token'],
  hotel: [
    'room/setHotelData',
    'room/hotelInfo',
    'room/getHotelInfo',
    'room/setHotelInfo',
    'room/hotelBreakFast',
    'room/hotelBreakFastList',
  ],
  rooms: [
    'room/addRoom',
    'room/deleteRoom',
    'room/setRoomStatus',
    'room/setLockData',
    'room/listNew',
    'room/info',
    'room/lockInfo',
    'room/allLock',
    'room/category/*',
    'room/addCategory',
    'room/change/category',
    'hotel/*',
  ],
  stays: [
    'room/tenant/*',
    'room/addPassenger',
    'room/deletePassenger',
    'room/checkOut',
    'room/setRenew',
    'room/exchangeHouses',
    'passenger/*',
  ],
  prices: ['room/setPrice', 'room/priceInfo', 'room/countRoomPriceNew', 'priceTemplate/*'],
  cards: [
    'room/card*',
    'room/delcard',
    'room/sendCard*',
    'room/getCheckData',
    'room/addCardMark',
    'room/addCardStepTwoNew',
    'room/manageCardSyncDataList',
    'room/resetCardSyncData',
    'room/getUserCardNum',
    'room/deleteCardEncryption',
    'lockCardM1/*',
    'lockCardCpu/*',
    'lock/manager*',
    'lock/noteCardList',
    'lock/cardDelivery',
    'passenger/deleteCardByCardId',
    'passenger/getCardFunction',
    'passenger/getRoomInfo',
    'cardDispenser/*',
    'User/setUserDispenserType',
    'User/getUserDispenserType',
    'app/getAesEight',
  ],
  passwords: [
    'room/password*',
    'room/addPassword',
    'room/deletePassword',
    'room/callbackPassword',
    'room/tenant/limitPassword',
  ],
  faces: [
    'user/uploadTFaceImg',
    'user/deleteTFaceImg',
    'user/faceImgList',
    'user/updateFaceNote',
    'user/updateLockFaceNote',
    'lock/empowerFace*',
    'lock/deleteEmpowerFace',
  ],
  fingerprints: ['fingerprint/*'],
  records: ['room/openHistory*', 'lock/checkHistory'],
  equipment: ['lock/*', 'room/setAccessControl'],
  messages: ['lock/messageList', 'lock/deleteMessage'],
  staff: [
    'room/addStaff*',
    'room/deleteStaff',
    'room/staff*',
    'user/setManager',
    'user/freezeUser',
    'user/setUserExpiration',
  ],
  customers: ['room/client*'],
  orders: ['order/*'],
  apiKeys: ['user/apiKey*'],
  exports: ['export/*'],
  log: ['operation/*'],
};

export interface OperationAreaRule {
  area: OperationArea;
  /** Lower-cased path, or prefix without its '*'. */
  match: string;
  prefix: boolean;
}

/** The rules, most specific first: exact paths, then prefixes longest first. */
export const OPERATION_AREA_ORDER: readonly OperationAreaRule[] = Object.entries(OPERATION_AREA_RULES)
  .flatMap(([area, rules]) =>
    rules.map((r): OperationAreaRule => {
      const prefix = r.endsWith('*');
      return { area: area as OperationArea, match: (prefix ? r.slice(0, -1) : r).toLowerCase(), prefix };
    }),
  )
  .sort((a, b) => Number(a.prefix) - Number(b.prefix) || (a.prefix ? b.match.length - a.match.length : 0));

/** The area of a call path. */
export function operationArea(path: string): OperationArea {
  const p = path.toLowerCase();
  for (const rule of OPERATION_AREA_ORDER) {
    if (rule.prefix ? p.startsWith(rule.match) : p === rule.match) return rule.area;
  }
  return 'other';
}
