/**
 * Every SQL statement of the staff area: the hotel's staff members and secondary administrators, and the rooms
 * granted to them (`user_rooms`). Each takes the executor first, so a statement inside a transaction runs on it.
 */
import type { StaffRole } from '@lockdesk/protocol';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import type { RoomScope } from '../domain/permissions.js';
import { inScope, likePattern } from '../shared/room-views.js';

/** A page of the hotel's accounts of a role (those added by `addedBy` when given), by name or mobile, by id. */
export async function staffPage(
  db: Db,
  filter: { hotelId: number; role: StaffRole; addedBy?: number; name?: string },
  page: { limit: number; offset: number },
) {
  let q = db
    .selectFrom('users as u')
    .where('u.hotel_id', '=', filter.hotelId)
    .where('u.role', '=', filter.role);
  if (filter.addedBy !== undefined) q = q.where('u.created_by', '=', filter.addedBy);
  if (filter.name) {
    const like = likePattern(filter.name);
    q = q.where((eb) =>
      eb.or([eb('u.nickname', 'ilike', like), eb('u.name', 'ilike', like), eb('u.mobile', 'like', like)]),
    );
  }
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    q
      .selectAll('u')
      .select((eb) =>
        eb
          .selectFrom('user_rooms')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('user_rooms.user_id', '=', 'u.id')
          .as('room_count'),
      )
      .orderBy('u.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** True when an account of any hotel has this mobile. */
export async function mobileTaken(db: Db, mobile: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
  return row !== undefined;
}

/** An account of the hotel. */
export function hotelAccount(db: Db, hotelId: number, id: number): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/** Adds a staff member of a hotel. */
export function insertStaff(
  db: Db,
  s: {
    mobile: string;
    passwordHash: string;
    hotelId: number;
    addedBy: number;
    nickname: string;
    name: string;
    now: Date;
  },
): Promise<User> {
  return db
    .insertInto('users')
    .values({
      mobile: s.mobile,
      password_hash: s.passwordHash,
      role: 'staff',
      hotel_id: s.hotelId,
      created_by: s.addedBy,
      nickname: s.nickname,
      name: s.name,
      password_changed_at: s.now,
      created_at: s.now,
      updated_at: s.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes an account (its sessions and room grants go with it). */
export async function deleteAccount(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Grants rooms to an account; rooms it holds already stay as they are. */
export async function grantRooms(
  db: Db,
  userId: number,
  roomIds: readonly number[],
  grantedBy: number,
  now: Date,
): Promise<void> {
  if (roomIds.length === 0) return;
  await db
    .insertInto('user_rooms')
    .values(roomIds.map((room_id) => ({ user_id: userId, room_id, granted_by: grantedBy, created_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'room_id']).doNothing())
    .execute();
}

/** Revokes the listed rooms of an account. */
export async function revokeRooms(db: Db, userId: number, roomIds: readonly number[]): Promise<void> {
  await db
    .deleteFrom('user_rooms')
    .where('user_id', '=', userId)
    .where('room_id', 'in', roomIds.length > 0 ? roomIds : [0])
    .execute();
}

/** Revokes every room of an account that lies in a scope (all of them for a scope of the whole hotel). */
export async function revokeRoomsInScope(
  db: Db,
  userId: number,
  scope: RoomScope,
  hotelId: number,
): Promise<void> {
  let del = db.deleteFrom('user_rooms').where('user_id', '=', userId);
  if (scope.kind !== 'all')
    del = del.where('room_id', 'in', (eb) =>
      eb.selectFrom('rooms as r').select('r.id').where(inScope(scope, hotelId)),
    );
  await del.execute();
}

/** How many rooms are granted to an account. */
export async function grantedRoomCount(db: Db, userId: number): Promise<number> {
  const count = await db
    .selectFrom('user_rooms')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** True when the room group is the hotel's. */
export async function hotelGroupExists(db: Db, hotelId: number, categoryId: number): Promise<boolean> {
  const group = await db
    .selectFrom('room_categories')
    .select('id')
    .where('id', '=', categoryId)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
  return group !== undefined;
}

/** The room editor's filters: by name, by group. */
export interface RoomFilter {
  name?: string | undefined;
  category_id?: number | undefined;
}

/** The rooms (`r`) of a scope matching the editor's filters. */
function matchingRooms(db: Db, scope: RoomScope, hotelId: number, filter: RoomFilter) {
  let q = db.selectFrom('rooms as r').where(inScope(scope, hotelId));
  if (filter.category_id !== undefined) q = q.where('r.category_id', '=', filter.category_id);
  if (filter.name) q = q.where('r.name', 'ilike', likePattern(filter.name));
  return q;
}

/** Grants every room of the scope matching the filters, in one statement; how many were added. */
export async function grantMatchingRooms(
  db: Db,
  userId: number,
  scope: RoomScope,
  hotelId: number,
  filter: RoomFilter,
  grantedBy: number,
  now: Date,
): Promise<number> {
  const added = await db
    .insertInto('user_rooms')
    .columns(['user_id', 'room_id', 'granted_by', 'created_at'])
    .expression(
      matchingRooms(db, scope, hotelId, filter).select([
        sql<number>`${userId}::int`.as('user_id'),
        'r.id as room_id',
        sql<number>`${grantedBy}::int`.as('granted_by'),
        sql<Date>`${now}::timestamptz`.as('created_at'),
      ]),
    )
    .onConflict((oc) => oc.columns(['user_id', 'room_id']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0);
}

/** Revokes every room of the scope matching the filters, in one statement; how many were removed. */
export async function revokeMatchingRooms(
  db: Db,
  userId: number,
  scope: RoomScope,
  hotelId: number,
  filter: RoomFilter,
): Promise<number> {
  const gone = await db
    .deleteFrom('user_rooms')
    .where('user_id', '=', userId)
    .where('room_id', 'in', matchingRooms(db, scope, hotelId, filter).select('r.id'))
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/**
 * A page of the scope's rooms by name, each with whether it is granted to the account: only the granted ones when
 * `granted` is true, only the others when false.
 */
export async function grantableRoomPage(
  db: Db,
  userId: number,
  scope: RoomScope,
  hotelId: number,
  filter: RoomFilter & { granted?: boolean | undefined },
  page: { limit: number; offset: number },
) {
  let q = db
    .selectFrom('rooms as r')
    .leftJoin('user_rooms as g', (join) => join.onRef('g.room_id', '=', 'r.id').on('g.user_id', '=', userId))
    .where(inScope(scope, hotelId));
  if (filter.granted === true) q = q.where('g.user_id', 'is not', null);
  else if (filter.granted === false) q = q.where('g.user_id', 'is', null);
  if (filter.category_id !== undefined) q = q.where('r.category_id', '=', filter.category_id);
  if (filter.name) q = q.where('r.name', 'ilike', likePattern(filter.name));
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    q
      .select([
        'r.id',
        'r.name',
        'r.mac_id',
        'r.category_id',
        'r.building',
        'r.floor',
        'r.status',
        'g.user_id as granted_to',
      ])
      .orderBy('r.name_key')
      .orderBy('r.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}
