/**
 * The stays' statements: stays, their fellow tenants (stay_guests), the hotel's guest records (passengers) and the
 * room rows a check-in, check-out or move locks and sets. Each takes the executor first: pass the transaction
 * inside one (PGlite has one connection, which the transaction holds).
 */
import type { FellowTenant } from '@lockdesk/protocol';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { NewStay, StayStatus, StaysTable } from '../../db/schema.js';

/** The open states: the guest is in, or the stay has not begun. */
const OPEN: StayStatus[] = ['active', 'reserved'];

/** A stay of the hotel by id. */
export function findStayOfHotel(db: Db, hotelId: number, stayId: number) {
  return db
    .selectFrom('stays')
    .selectAll()
    .where('id', '=', stayId)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/** One page of a room's stays (only the open ones with `open`), latest check-in first, and how many there are. */
export async function pageOfRoomStays(
  db: Db,
  roomId: number,
  o: { open: boolean; limit: number; offset: number },
) {
  let q = db.selectFrom('stays').where('room_id', '=', roomId);
  if (o.open) q = q.where('status', 'in', OPEN);
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('check_in', 'desc').orderBy('id', 'desc').limit(o.limit).offset(o.offset).execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** The open stays of a room. */
export function openStaysOfRoom(db: Db, roomId: number) {
  return db
    .selectFrom('stays')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('status', 'in', OPEN)
    .execute();
}

/** The open stays of a room other than `exceptStayId`: their status and period. */
export function otherOpenStays(db: Db, roomId: number, exceptStayId: number) {
  return db
    .selectFrom('stays')
    .select(['status', 'check_in', 'check_out'])
    .where('room_id', '=', roomId)
    .where('id', '!=', exceptStayId)
    .where('status', 'in', OPEN)
    .execute();
}

/**
 * The open stay of a room a check-out or move acts on: `stayId`'s, else the first by `order` (a check-out takes the
 * guest in the room now before the earliest reservation; a move the earliest check-in).
 */
export function openStayToClose(
  db: Db,
  roomId: number,
  stayId: number | undefined,
  order: 'in room first' | 'earliest check-in',
) {
  let q = db.selectFrom('stays').selectAll().where('room_id', '=', roomId).where('status', 'in', OPEN);
  if (stayId !== undefined) q = q.where('id', '=', stayId);
  else if (order === 'in room first') q = q.orderBy('status').orderBy('check_in').limit(1);
  else q = q.orderBy('check_in').limit(1);
  return q.executeTakeFirst();
}

/** Writes a new stay. */
export function insertStay(db: Db, values: NewStay) {
  return db.insertInto('stays').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes a stay and answers it as it is now. */
export function updateStay(db: Db, stayId: number, values: Updateable<StaysTable>) {
  return db
    .updateTable('stays')
    .set(values)
    .where('id', '=', stayId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes a stay that is still open; undefined when it closed meanwhile. */
export function updateOpenStay(db: Db, stayId: number, values: Updateable<StaysTable>) {
  return db
    .updateTable('stays')
    .set(values)
    .where('id', '=', stayId)
    .where('status', 'in', OPEN)
    .returningAll()
    .executeTakeFirst();
}

/** The fellow tenants of each stay, in their order. */
export async function fellowTenantsOf(db: Db, stayIds: number[]): Promise<Map<number, FellowTenant[]>> {
  const byStay = new Map<number, FellowTenant[]>();
  if (stayIds.length === 0) return byStay;
  const rows = await db
    .selectFrom('stay_guests')
    .selectAll()
    .where('stay_id', 'in', stayIds)
    .orderBy('position')
    .execute();
  for (const g of rows) {
    const list = byStay.get(g.stay_id) ?? [];
    list.push({
      id: g.id,
      position: g.position,
      mobile: g.mobile,
      nickname: g.nickname,
      id_number: g.id_number,
    });
    byStay.set(g.stay_id, list);
  }
  return byStay;
}

/** A fellow tenant's row by id. */
export function findFellowTenant(db: Db, id: number) {
  return db.selectFrom('stay_guests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The highest tenant position of a stay (the main guest is 1). */
export async function lastTenantPosition(db: Db, stayId: number): Promise<number> {
  const last = await db
    .selectFrom('stay_guests')
    .select(sql<number>`coalesce(max(position), 1)::int`.as('n'))
    .where('stay_id', '=', stayId)
    .executeTakeFirstOrThrow();
  return Number(last.n);
}

/** A fellow tenant as written. */
export interface NewFellowTenant {
  stay_id: number;
  passenger_id: number;
  position: number;
  mobile: string;
  nickname: string;
  id_number: string;
}

/** Adds a fellow tenant to a stay. */
export function insertFellowTenant(db: Db, values: NewFellowTenant) {
  return db.insertInto('stay_guests').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Removes a fellow tenant. */
export async function deleteFellowTenant(db: Db, id: number): Promise<void> {
  await db.deleteFrom('stay_guests').where('id', '=', id).execute();
}

/** Removes every fellow tenant of a stay (a check-in writes them anew). */
export async function deleteFellowTenantsOf(db: Db, stayId: number): Promise<void> {
  await db.deleteFrom('stay_guests').where('stay_id', '=', stayId).execute();
}

/** Copies a stay's fellow tenants to another stay (a move). */
export async function copyFellowTenants(db: Db, fromStayId: number, toStayId: number): Promise<void> {
  const guests = await db.selectFrom('stay_guests').selectAll().where('stay_id', '=', fromStayId).execute();
  if (guests.length === 0) return;
  await db
    .insertInto('stay_guests')
    .values(guests.map(({ id: _id, stay_id: _s, ...g }) => ({ ...g, stay_id: toStayId })))
    .execute();
}

/** The hotel's guest record of a mobile (the oldest if several), by id. */
export function findPassengerByMobile(db: Db, hotelId: number, mobile: string) {
  return db
    .selectFrom('passengers')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('mobile', '=', mobile)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** What a check-in learns of a guest: the name and ID number given. */
export interface PassengerFields {
  nickname?: string;
  name?: string;
  id_number?: string;
}

/** Refreshes a guest record with what a check-in learnt. */
export async function updatePassenger(db: Db, id: number, fields: PassengerFields, now: Date): Promise<void> {
  await db
    .updateTable('passengers')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Writes a new guest record of the hotel; answers its id. */
export async function insertPassenger(
  db: Db,
  hotelId: number,
  mobile: string,
  fields: PassengerFields,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('passengers')
    .values({ hotel_id: hotelId, mobile, ...fields, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A room row, locked until the transaction ends: one check-in, check-out or move per room at a time. */
export function lockRoom(db: Db, roomId: number) {
  return db.selectFrom('rooms').selectAll().where('id', '=', roomId).forUpdate().executeTakeFirstOrThrow();
}

/** Locks rooms in id order, so two opposite moves cannot deadlock. */
export async function lockRooms(db: Db, roomIds: number[]): Promise<void> {
  await db.selectFrom('rooms').select('id').where('id', 'in', roomIds).orderBy('id').forUpdate().execute();
}

/** A room row as it is now. */
export function findRoom(db: Db, roomId: number) {
  return db.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirstOrThrow();
}

/** Sets a room's status (vacant, reserved, checked in, dirty, …). */
export async function setRoomStatus(db: Db, roomId: number, status: number, now: Date): Promise<void> {
  await db.updateTable('rooms').set({ status, updated_at: now }).where('id', '=', roomId).execute();
}
