/**
 * The room side of the role policy of spec §6, as pure functions over the role table of auth/permissions.ts (one
 * table, no second opinion). A permission there says what a role may do at all; this module adds where: which
 * rooms. Routes get the same answer imperatively from ctx.requireRoom; lists use roomScope to filter in SQL.
 * - super administrator: every room of their hotel;
 * - secondary administrator: only the rooms assigned to them (user_rooms);
 * - staff: only the rooms they were granted (user_rooms), with the staff permissions (view, status, stays);
 * - customer manager (parent account): no rooms: it is the contact shown when service expires, not an operator;
 * - every account of another hotel: nothing.
 */
import { type Permission, roleAllows, seesAllRooms } from '../auth/permissions.js';
import type { Role } from '../db/schema.js';

/** The signed-in account as the policy sees it. */
export interface Actor {
  role: Role;
  /** Null for a customer manager, who works for no single hotel. */
  hotelId: number | null;
  authorities?: readonly string[];
  /** Rooms assigned (secondary administrator) or granted (staff). */
  roomIds?: ReadonlySet<number>;
}

export interface RoomRef {
  id: number;
  hotelId: number;
}

/** May the actor use `permission` on this room? */
export function canAccessRoom(actor: Actor, room: RoomRef, permission: Permission): boolean {
  if (actor.hotelId === null || actor.hotelId !== room.hotelId) return false;
  if (!roleAllows(actor.role, actor.authorities ?? [], permission)) return false;
  return seesAllRooms(actor.role) || (actor.roomIds?.has(room.id) ?? false);
}

/** Which rooms of a hotel a listing shows the actor: all of them, those assigned to the account, or none. */
export type RoomScope = { kind: 'all' } | { kind: 'assigned'; userId: number } | { kind: 'none' };

/** The rooms of `hotelId` an account may see in lists (`room.view`). */
export function roomScope(actor: Actor & { id: number }, hotelId: number): RoomScope {
  if (actor.hotelId !== hotelId || !roleAllows(actor.role, actor.authorities ?? [], 'room.view')) {
    return { kind: 'none' };
  }
  return seesAllRooms(actor.role) ? { kind: 'all' } : { kind: 'assigned', userId: actor.id };
}
