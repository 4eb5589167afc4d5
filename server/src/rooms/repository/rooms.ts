/**
 * The SQL of rooms and their locks (rooms, user_rooms), and of the stays a room move closes and opens (stays,
 * stay_guests).
 */
import type { Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { NewRoom, Room, RoomsTable, Stay } from '../../db/schema.js';
import type { RoomScope } from '../../domain/permissions.js';
import { inScope, likePattern } from '../../shared/room-views.js';

// ---- Rooms ----

/** A room by id (any hotel: the caller checked it). */
export function findRoom(db: Db, roomId: number): Promise<Room> {
  return db.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirstOrThrow();
}

/** The id of the hotel's room whose lock has this MAC. */
export async function roomIdByMac(db: Db, hotelId: number, mac: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('rooms')
    .select('id')
    .where('mac_id', '=', mac)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
  return row?.id;
}

/** The name of a room group. */
export async function categoryName(db: Db, categoryId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('room_categories')
    .select('name')
    .where('id', '=', categoryId)
    .executeTakeFirst();
  return row?.name;
}

/**
 * Takes the rooms' rows for the transaction, in id order (as a check-in takes a room's): nobody checks in
 * between a check and the write, and two opposite moves cannot deadlock.
 */
export async function lockRoomRows(db: Db, roomIds: number[]): Promise<void> {
  await db.selectFrom('rooms').select('id').where('id', 'in', roomIds).orderBy('id').forUpdate().execute();
}

/** Sets a room's status (and its modified date). */
export function setRoomStatus(db: Db, roomId: number, status: number, now: Date): Promise<Room> {
  return db
    .updateTable('rooms')
    .set({ status, updated_at: now })
    .where('id', '=', roomId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes a room's lock settings (and its modified date). */
export function updateRoom(
  db: Db,
  roomId: number,
  changes: Omit<Updateable<RoomsTable>, 'updated_at'>,
  now: Date,
): Promise<Room> {
  return db
    .updateTable('rooms')
    .set({ ...changes, updated_at: now })
    .where('id', '=', roomId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The rooms with a lock in the caller's scope, by name, at most `max` (the pickers' source). */
export function locksInScope(
  db: Db,
  hotelId: number,
  scope: RoomScope,
  name: string | undefined,
  max: number,
) {
  let q = db
    .selectFrom('rooms as r')
    .where(inScope(scope, hotelId))
    .where('r.mac_id', 'is not', null)
    .select([
      'r.id',
      'r.name',
      'r.mac_id',
      'r.lock_id',
      'r.building',
      'r.floor',
      'r.battery',
      'r.bluetooth_name',
      'r.status',
      'r.category_id',
    ]);
  if (name) q = q.where('r.name', 'ilike', likePattern(name));
  return q.orderBy('r.name_key').orderBy('r.id').limit(max).execute();
}

// ---- Adding and removing rooms ----

/** True when another room of the hotel has this name. */
export async function roomNameTaken(
  db: Db,
  hotelId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db.selectFrom('rooms').select('id').where('hotel_id', '=', hotelId).where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Adds a room. */
export function insertRoom(db: Db, room: NewRoom): Promise<Room> {
  return db.insertInto('rooms').values(room).returningAll().executeTakeFirstOrThrow();
}

/** Assigns a room to an account (a secondary administrator's or staff member's room scope). */
export async function assignRoom(db: Db, userId: number, roomId: number, grantedBy: number, now: Date) {
  await db
    .insertInto('user_rooms')
    .values({ user_id: userId, room_id: roomId, granted_by: grantedBy, created_at: now })
    .execute();
}

/** True when a room ever held a stay or a credential, or has unlock records. */
export async function roomHasHistory(db: Db, roomId: number): Promise<boolean> {
  const used = await db
    .selectFrom('stays')
    .select('id')
    .where('room_id', '=', roomId)
    .union(db.selectFrom('cards').select('id').where('room_id', '=', roomId))
    .union(db.selectFrom('lock_passwords').select('id').where('room_id', '=', roomId))
    .union(db.selectFrom('faces').select('id').where('room_id', '=', roomId))
    .union(db.selectFrom('fingerprints').select('id').where('room_id', '=', roomId))
    .union(db.selectFrom('unlock_records').select('id').where('room_id', '=', roomId))
    .union(db.selectFrom('m1_cards').select('id').where('room_id', '=', roomId))
    .union(db.selectFrom('cpu_cards').select('id').where('room_id', '=', roomId))
    .limit(1)
    .executeTakeFirst();
  return used !== undefined;
}

/** Deletes a room. */
export async function deleteRoom(db: Db, roomId: number): Promise<void> {
  await db.deleteFrom('rooms').where('id', '=', roomId).execute();
}

// ---- The stays of a room ----

/** A room's open stays (active and reserved), by check-in. */
export function openStaysOfRoom(db: Db, roomId: number): Promise<Stay[]> {
  return db
    .selectFrom('stays')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('status', 'in', ['active', 'reserved'])
    .orderBy('check_in')
    .execute();
}

/** True when a stay in the room is open now: active, or reserved and begun. */
export async function roomHasStayOpenNow(db: Db, roomId: number, now: Date): Promise<boolean> {
  const open = await db
    .selectFrom('stays')
    .select('id')
    .where('room_id', '=', roomId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'active'),
        eb.and([eb('status', '=', 'reserved'), eb('check_in', '<=', now)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return open !== undefined;
}
