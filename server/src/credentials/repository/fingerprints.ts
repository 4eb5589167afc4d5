/**
 * The SQL of the fingerprints (API.md §7.3): a hotel's live fingerprints with their room's name (never their
 * template), added and deleted, and their deliveries to locks, made, listed and withdrawn.
 */
import type { Db } from '../../db/index.js';
import type { DeliveryStatus } from '../../db/schema.js';
import type { RoomScope } from '../../domain/permissions.js';
import { listPage } from '../../fields.js';
import type { credentialsListed } from '../../shared/credential-common.js';
import { inScope } from '../../shared/room-views.js';

/** The where-clause of a credential list (the caller's scope, room, stay and keyword). */
type CredentialsListed = Awaited<ReturnType<typeof credentialsListed>>;

const fingerprintColumns = [
  'fp.id',
  'fp.finger_id',
  'fp.note',
  'fp.room_id',
  'r.name as room_name',
  'fp.stay_id',
  'fp.status',
  'fp.created_at',
] as const;

/** A fingerprint with its room's name (null in the library), without its template. */
export type FingerprintRow = {
  id: number;
  finger_id: string;
  note: string;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  status: string;
  created_at: Date;
};

/** The hotel's fingerprints not deleted, with their room. */
function liveFingerprints(db: Db, hotelId: number) {
  return db
    .selectFrom('fingerprints as fp')
    .leftJoin('rooms as r', 'r.id', 'fp.room_id')
    .where('fp.hotel_id', '=', hotelId)
    .where('fp.status', '<>', 'deleted');
}

/** A fingerprint of the hotel, not deleted. */
export function findFingerprint(db: Db, hotelId: number, id: number): Promise<FingerprintRow | undefined> {
  return liveFingerprints(db, hotelId).select(fingerprintColumns).where('fp.id', '=', id).executeTakeFirst();
}

/** One page of the hotel's fingerprints a list keeps (credentialsListed), newest first. */
export function fingerprintListPage(
  db: Db,
  hotelId: number,
  listed: CredentialsListed,
  page: { page?: number; limit?: number },
) {
  return listPage(
    liveFingerprints(db, hotelId).where(listed),
    page,
    (q) => q.select(fingerprintColumns).orderBy('fp.created_at', 'desc').orderBy('fp.id', 'desc'),
    (row): FingerprintRow => row,
  );
}

/** Stores a new fingerprint (its template as lower-case hex); a taken finger id is a unique violation. Answers its id. */
export async function insertFingerprint(
  db: Db,
  fingerprint: {
    hotelId: number;
    roomId: number | null;
    stayId: number | null;
    fingerId: string;
    note: string;
    template: string;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('fingerprints')
    .values({
      hotel_id: fingerprint.hotelId,
      room_id: fingerprint.roomId,
      stay_id: fingerprint.stayId,
      finger_id: fingerprint.fingerId,
      note: fingerprint.note,
      data: fingerprint.template,
      created_at: fingerprint.now,
      updated_at: fingerprint.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks a fingerprint deleted, emptying its template, and withdraws its deliveries, in one transaction. */
export async function deleteFingerprint(db: Db, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('fingerprints')
      .set({ status: 'deleted', data: '', updated_at: now })
      .where('id', '=', id)
      .execute();
    await withdrawDeliveries(trx, { fingerprintId: id }, now);
  });
}

const deliveryColumns = [
  'd.id',
  'd.fingerprint_id',
  'fp.finger_id',
  'fp.note',
  'd.room_id',
  'r.name as room_name',
  'd.status',
  'd.created_at',
  'd.updated_at',
] as const;

/** A delivery with its fingerprint's finger id and note and its room's name. */
export type DeliveryRow = {
  id: number;
  fingerprint_id: number;
  finger_id: string;
  note: string;
  room_id: number;
  room_name: string;
  status: DeliveryStatus;
  created_at: Date;
  updated_at: Date;
};

/** The hotel's deliveries, with their fingerprint and room. */
function deliveries(db: Db, hotelId: number) {
  return db
    .selectFrom('fingerprint_deliveries as d')
    .innerJoin('fingerprints as fp', 'fp.id', 'd.fingerprint_id')
    .innerJoin('rooms as r', 'r.id', 'd.room_id')
    .where('d.hotel_id', '=', hotelId);
}

/** A delivery of the hotel, known to be there. */
export function readDelivery(db: Db, hotelId: number, id: number): Promise<DeliveryRow> {
  return deliveries(db, hotelId).select(deliveryColumns).where('d.id', '=', id).executeTakeFirstOrThrow();
}

/** One page of the deliveries to rooms in the scope, narrowed to a room, a fingerprint and a status; newest first. */
export function deliveryListPage(
  db: Db,
  hotelId: number,
  scope: RoomScope,
  filter: {
    roomId?: number | undefined;
    fingerprintId?: number | undefined;
    status?: DeliveryStatus | undefined;
  },
  page: { page?: number; limit?: number },
) {
  let q = deliveries(db, hotelId).where(inScope(scope, hotelId));
  if (filter.roomId !== undefined) q = q.where('d.room_id', '=', filter.roomId);
  if (filter.fingerprintId !== undefined) q = q.where('d.fingerprint_id', '=', filter.fingerprintId);
  if (filter.status !== undefined) q = q.where('d.status', '=', filter.status);
  return listPage(
    q,
    page,
    (rows) => rows.select(deliveryColumns).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc'),
    (row): DeliveryRow => row,
  );
}

/** A delivery of the hotel, whatever its status: its id and room. */
export function findDelivery(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('fingerprint_deliveries')
    .select(['id', 'room_id'])
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/** The delivery of a fingerprint to a room that is on the lock or on its way (pending or delivered). */
export function liveDelivery(db: Db, fingerprintId: number, roomId: number) {
  return db
    .selectFrom('fingerprint_deliveries')
    .select('id')
    .where('fingerprint_id', '=', fingerprintId)
    .where('room_id', '=', roomId)
    .where('status', 'in', ['pending', 'delivered'])
    .executeTakeFirst();
}

/** Makes a pending delivery; a live one of the same fingerprint and room is a unique violation. Answers its id. */
export async function insertDelivery(
  db: Db,
  delivery: { hotelId: number; fingerprintId: number; roomId: number; createdBy: number; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('fingerprint_deliveries')
    .values({
      hotel_id: delivery.hotelId,
      fingerprint_id: delivery.fingerprintId,
      room_id: delivery.roomId,
      created_by: delivery.createdBy,
      created_at: delivery.now,
      updated_at: delivery.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Withdraws deliveries from their locks: pending ones were never there (deleted), delivered ones go at next sync.
 * Answers the rooms of the deliveries withdrawn. Run it in a transaction (stay-credentials.ts does too).
 */
export async function withdrawDeliveries(
  trx: Db,
  where: { id?: number; fingerprintId?: number },
  now: Date,
): Promise<number[]> {
  const rooms: number[] = [];
  for (const [from, to] of [
    ['pending', 'deleted'],
    ['delivered', 'deleting'],
  ] as const) {
    let q = trx
      .updateTable('fingerprint_deliveries')
      .set({ status: to, updated_at: now })
      .where('status', '=', from);
    if (where.id !== undefined) q = q.where('id', '=', where.id);
    if (where.fingerprintId !== undefined) q = q.where('fingerprint_id', '=', where.fingerprintId);
    for (const row of await q.returning('room_id').execute()) rooms.push(row.room_id);
  }
  return rooms;
}

/** Withdraws one delivery (withdrawDeliveries) in a transaction of its own. */
export async function withdrawDelivery(db: Db, id: number, now: Date): Promise<void> {
  await db.transaction().execute((trx) => withdrawDeliveries(trx, { id }, now));
}
