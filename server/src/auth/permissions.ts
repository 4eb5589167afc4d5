/**
 * What each role may do (spec §6). A permission names an action area; a room-scoped check also needs the room to
 * be in the caller's scope: a super administrator sees every room of the hotel, a secondary administrator and
 * staff only the rooms assigned to them in `user_rooms`.
 *
 * Add-only: new permissions may be appended (and granted to roles below); existing names are used by routes.
 */
import type { Role } from '../db/schema.js';

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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Each role's permissions; `authorities` granted to an account add to these (within GRANTABLE). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
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
  ],
  staff: ['room.view', 'room.status', 'stay.manage', 'credential.manage'],
  customer_manager: [],
};

/** Authorities an administrator may grant to a secondary administrator or staff member on top of the role. */
export const GRANTABLE: readonly Permission[] = [
  'room.manage',
  'price.manage',
  'category.manage',
  'staff.manage',
  'hotel.manage',
  'log.view',
];

/** True when the role (plus granted authorities) holds the permission. */
export function roleAllows(role: Role, authorities: readonly string[], permission: Permission): boolean {
  if (ROLE_PERMISSIONS[role].includes(permission)) return true;
  return role !== 'customer_manager' && GRANTABLE.includes(permission) && authorities.includes(permission);
}

/** True when the role sees every room of its hotel (no per-room assignment needed). */
export const seesAllRooms = (role: Role): boolean => role === 'super';
