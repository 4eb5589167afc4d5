/**
 * What each role may do (spec §6): the ONE role table of LockDesk. The server enforces it on every call
 * (server/src/auth/permissions.ts re-exports it and adds the room scope); the console reads it to show a form
 * read-only instead of letting a save be refused, and (with ROUTE_PERMISSIONS below) to build its menu and route
 * guard. A permission names an action area.
 *
 * Add-only: new permissions may be appended (and granted to roles below); existing names are used by routes.
 */

/** The account roles (server/src/db/schema.ts `ROLES` holds the same names). */
export type AccountRole = 'super' | 'secondary' | 'staff' | 'customer_manager';

export const PERMISSIONS = [
  /** See rooms, their stays and records. */
  'room.view',
  /** Add, edit, delete rooms and locks; change lock settings. */
  'room.manage',
  /** Change a room's status (vacant, maintenance, dirty…). */
  'room.status',
  /** Check in, check out, renew, move stays; manage guests. */
  'stay.manage',
  /** Room prices and price templates. */
  'price.manage',
  /** Room groups and the hotel's category tree. */
  'category.manage',
  /** Staff accounts and their room permissions. */
  'staff.manage',
  /** Secondary administrators (user/setManager). */
  'manager.manage',
  /** Merchant/hotel information and breakfast settings. */
  'hotel.manage',
  /** Read the operation log. */
  'log.view',
  /** Issue, withdraw and delete cards, passwords, faces, fingerprints (wave 2). */
  'credential.manage',
  /** Read the hotel's messages (low battery, service expiry, locks not synced, failed card writes) and clear them. */
  'message.view',
  /** Lock firmware: upload an image, choose the locks it applies to. */
  'firmware.manage',
  /** See the orders, the balance and the business figures (business and bill centre). */
  'bill.view',
  /** Move money: recharge, refund, withdrawal and its bank data. */
  'bill.manage',
  /** API keys for integrations (third-party authorisation). */
  'apikey.manage',
  /** The customer page: a hotel's customer manager, or a customer manager's own clients. */
  'customer.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Each role's permissions; `authorities` granted to an account add to these (within GRANTABLE). */
export const ROLE_PERMISSIONS: Record<AccountRole, readonly Permission[]> = {
  super: PERMISSIONS,
  secondary: [
    'room.view',
    'room.manage',
    'room.status',
    'stay.manage',
    'price.manage',
    'category.manage',
    'staff.manage',
    'log.view',
    'credential.manage',
    'message.view',
  ],
  staff: ['room.view', 'room.status', 'stay.manage', 'credential.manage'],
  customer_manager: ['customer.view'],
};

/** Authorities an administrator may grant to a secondary administrator or staff member on top of the role. */
export const GRANTABLE: readonly Permission[] = [
  'room.manage',
  'price.manage',
  'category.manage',
  'staff.manage',
  'hotel.manage',
  'log.view',
  'message.view',
  'firmware.manage',
  'bill.view',
  'bill.manage',
];

/** True when the role (plus granted authorities) holds the permission. */
export function roleAllows(
  role: AccountRole,
  authorities: readonly string[],
  permission: Permission,
): boolean {
  if (ROLE_PERMISSIONS[role].includes(permission)) return true;
  return role !== 'customer_manager' && GRANTABLE.includes(permission) && authorities.includes(permission);
}

/** True for a role name of the table (a value read from storage or an answer). */
export function isAccountRole(value: unknown): value is AccountRole {
  return typeof value === 'string' && Object.hasOwn(ROLE_PERMISSIONS, value);
}

/**
 * The ONE role/route table of the console: each page route of spec §2 (full path) → the permission it needs, or
 * null for a page every signed-in account of a hotel may open (its own password, the personal centre). The
 * console builds its menu and route guard from it (a route the account lacks is not in the menu, and opening it
 * shows 'no access'); the server's test holds each route's main call to the same permission (server/API.md §12).
 * Public routes (/login, /find, /404) and the redirecting section paths are not in it.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, Permission | null>> = {
  '/user/changePsw': null,
  '/room/roomList': 'room.view',
  '/room/roomDetails': 'room.view',
  '/room/checkIn': 'stay.manage',
  // Read-only without price.manage: the page shows a room's prices and the templates, and says who may change them.
  '/room/priceSet': 'room.view',
  '/room/faceHistory': 'credential.manage',
  '/room/buildFace': 'credential.manage',
  '/room/fingerprintsHistory': 'credential.manage',
  '/room/thetouristsDetails': 'room.view',
  '/room/thetouristsDetailsNoUser': 'room.view',
  '/room/cardReading': 'room.view',
  '/worker/workerList': 'staff.manage',
  '/worker/permissionsList': 'staff.manage',
  '/worker/Authority': 'manager.manage',
  '/equipmentManagement/roomList': 'room.manage',
  '/equipmentManagement/cardSender': 'credential.manage',
  '/tourists/touristsList': 'room.view',
  '/tourists/touristsDetails': 'room.view',
  '/tourists/inPage': 'room.view',
  '/tourists/openHistory': 'room.view',
  '/tourists/export': 'room.view',
  '/card/masterControlCard': 'credential.manage',
  '/card/BuildingCard': 'credential.manage',
  '/card/floorCard': 'credential.manage',
  '/card/featureCard/addMasterControlCard': 'credential.manage',
  '/card/featureCard/addBuildingCard': 'credential.manage',
  '/card/featureCard/addFloorCard': 'credential.manage',
  '/card/universalCardList': 'credential.manage',
  '/card/universalCardList/addUniversalCard': 'credential.manage',
  '/card/cpuCard': 'credential.manage',
  '/card/addCpuCard': 'credential.manage',
  '/card/setTime': 'credential.manage',
  '/message/messageList': 'message.view',
  '/operation/operation': 'log.view',
  '/business/index': 'bill.view',
  '/bill/index': 'bill.view',
  '/center/personalCenter': null,
  '/center/customer': 'customer.view',
  '/center/cardEncryption': 'credential.manage',
  '/center/thirdPartyAuthorization': 'apikey.manage',
  '/center/cardList': 'credential.manage',
  '/center/addCard': 'credential.manage',
  '/center/cardReaderAndUserList': 'credential.manage',
  '/center/bindCardReaderToUser': 'room.manage',
  '/center/selectRoomList': 'room.view',
  '/center/cardSenderFingerTest': 'credential.manage',
  '/center/mqttTest': 'credential.manage',
  '/center/cardEncryptionPage': 'credential.manage',
  '/center/cardEncryptionManagement': 'credential.manage',
  '/center/cardEncryptionByUserSelectSector': 'credential.manage',
};

/**
 * What a console route needs: its permission, null for any signed-in account, undefined for a path the table
 * does not hold (public pages, redirects).
 */
export function routePermission(path: string): Permission | null | undefined {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return Object.hasOwn(ROUTE_PERMISSIONS, trimmed) ? ROUTE_PERMISSIONS[trimmed] : undefined;
}
