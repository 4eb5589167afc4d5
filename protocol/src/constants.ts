/** Business constants and limits of spec §9, in one place. Times are milliseconds unless the name says otherwise. */
export const LIMITS = {
  httpTimeoutMs: 40_000,
  localReaderTimeoutMs: 2_000,
  localReaderWriteTimeoutMs: 5_000,
  deviceCommandTimeoutMs: 15_000,
  readButtonLockoutMs: 2_000,
  logBufferEntries: 100,
  mobileBreakpointPx: 992,
  sidebarWidthPx: 210,
  expiryLimitYear: 2035,
  minPrice: 1,
  minStayMs: 3_600_000,
  nicknameMaxLength: 32,
  maxAccessControls: 3,
  readerAddressDigits: 12,
  keyHexLength: 12,
  writeDataHexLength: 32,
  graphicCodeDigits: 4,
  passwordMinLength: 6,
  customPasswordDigits: 6,
} as const;

/** Message broker constants (spec §7 'Message broker', §9). */
export const BROKER = {
  tlsPort: 8084,
  path: '/mqtt',
  reconnectMs: 5_000,
  commandTimeoutMs: 10_000,
  heartbeatMs: 60_000,
  qos: 1,
  /** Topic prefixes this project chose; the spec names a send, a receive and a heartbeat topic plus the device id. */
  topics: {
    send: 'lockdesk/send/',
    receive: 'lockdesk/receive/',
    heartbeat: 'lockdesk/heartbeat/',
    state: 'lockdesk/state/',
  },
} as const;

/**
 * Broker credentials (issue 19): the console's short-lived one (`broker/credential`) lives `ttlSeconds` unless
 * renewed, never beyond its session; usernames are `console-<24 hex>` and `gateway-<device id>`.
 */
export const BROKER_CREDENTIAL = {
  ttlSeconds: 600,
  consolePrefix: 'console-',
  gatewayPrefix: 'gateway-',
} as const;

/** The local services on the reception PC (spec §7 'Local card readers'). */
export const LOCAL_SERVICES = {
  readerPort: 13570,
  readerPath: '/reader',
  rawPort: 13571,
  websocketPort: 39002,
  host: '127.0.0.1',
} as const;

/** The USB encoder at the reception desk. */
export const ENCODER_USB = { vendorId: 1047, productId: 32800, reportSize: 64 } as const;

/** Card reading constants (spec §4 'Card read flow', §9). */
export const CARD_READ = {
  checkBlock: 54,
  ledRedAfterMs: 600,
  readAfterReadyMs: 200,
  pollIntervalMs: 200,
  findThenReadMs: 1_000,
  sectorScanFirst: 1,
  sectorScanLast: 15,
  sectorScanPauseMs: 100,
  defaultKey: 'FFFFFFFFFFFF',
  retryRounds: 2,
  retryVariants: 4,
  retryTriesPerVariant: 3,
  retryPausesMs: [300, 500, 800],
} as const;

/** Card types (spec §3, §9): 1 master, 2 building, 3 floor, 4 normal; universal and super are this project's 5 and 6. */
export const CARD_TYPE = {
  master: 1,
  building: 2,
  floor: 3,
  normal: 4,
  universal: 5,
  super: 6,
} as const;
export type CardTypeName = keyof typeof CARD_TYPE;
export type CardTypeCode = (typeof CARD_TYPE)[CardTypeName];

/** Reader types (spec §4 'Card reading'). */
export const READER_TYPE = { localService: 1, secondReader: 2, thirdReader: 3, remoteBroker: 4 } as const;

/** Room statuses (spec §4 'Room status'); numeric codes are this project's. */
export const ROOM_STATUS = { vacant: 0, checkedIn: 1, reserved: 2, maintenance: 3, dirty: 4 } as const;
export type RoomStatusName = keyof typeof ROOM_STATUS;

/** The time zone card times are shown in. */
export const CARD_TIME_ZONE = 'Asia/Shanghai';
/** Asia/Shanghai has had no daylight saving since 1991: a fixed +08:00 offset for card times. */
export const CARD_TIME_OFFSET_SECONDS = 8 * 3600;
/** 0xFFFFFFFF seconds: 2106-02-07, which marks an empty card time, as 0 does. */
export const EMPTY_CARD_TIME_MAX = 0xffffffff;

/** The values of the sidebar cookie (spec §2, §9): '1' open, '0' closed. */
export const SIDEBAR_STATUS = { open: '1', closed: '0' } as const;

/** The currency of prices, balances and bills (spec §3 'balance (cash, in yuan)', §9). */
export const CURRENCY = { name: 'yuan', code: 'CNY' } as const;

/** Storage keys of the console (spec §3). */
export const STORAGE_KEYS = {
  language: 'language',
  cardSenderType: 'cardSenderType',
  cardSenderID: 'cardSenderID',
  encryptedSectors: 'encryptedSectors',
  showLog: 'showLog',
  cardDispenserType: 'cardDispenserType',
  sidebarCookie: 'sidebarStatus',
  userInfoCookie: 'smart_lock_userinfo',
} as const;
