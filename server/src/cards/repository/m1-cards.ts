/** The SQL of the M1 cards (API.md §9.2): MIFARE cards registered by UID on a room's lock. */
import type { M1CardStatus } from '@lockdesk/protocol';
import type { Db } from '../../db/index.js';
import type { RoomScope } from '../../domain/permissions.js';
import { listPage } from '../../fields.js';
import { hexId } from '../../shared/card-common.js';
import { inScope, likePattern } from '../../shared/room-views.js';

const m1Columns = [
  'm.id',
  'm.uid',
  'm.note',
  'm.room_id',
  'r.name as room_name',
  'r.mac_id',
  'm.end_time',
  'm.status',
  'm.delivered_at',
  'm.created_at',
  'm.updated_at',
] as const;

/** An M1 card with its room's name and lock. */
export type M1Row = {
  id: number;
  uid: string;
  note: string;
  room_id: number;
  room_name: string;
  mac_id: string | null;
  end_time: Date;
  status: M1CardStatus;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** M1 cards of the hotel in a room scope, with their rooms (aliased m and r). */
function m1CardsInScope(db: Db, hotelId: number, scope: RoomScope) {
  return db
    .selectFrom('m1_cards as m')
    .innerJoin('rooms as r', 'r.id', 'm.room_id')
    .where('m.hotel_id', '=', hotelId)
    .where(inScope(scope, hotelId));
}

/** An M1 card by id (known to exist). */
export function readM1Card(db: Db, id: number): Promise<M1Row> {
  return db
    .selectFrom('m1_cards as m')
    .innerJoin('rooms as r', 'r.id', 'm.room_id')
    .select(m1Columns)
    .where('m.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A live (not deleted) M1 card of the hotel: its id and room. */
export function findLiveM1Card(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('m1_cards')
    .select(['id', 'room_id'])
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .where('status', '<>', 'deleted')
    .executeTakeFirst();
}

/** The live card of a UID on a room's lock, if any. */
export async function findLiveM1CardOnRoom(db: Db, roomId: number, uid: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('m1_cards')
    .select('id')
    .where('room_id', '=', roomId)
    .where('uid', '=', uid)
    .where('status', '<>', 'deleted')
    .executeTakeFirst();
  return row?.id;
}

/** A card registered again: its new expiry (and note) for the lock to learn, pending again. */
export async function renewM1Card(
  db: Db,
  id: number,
  terms: { end_time: Date; note?: string | undefined },
  now: Date,
): Promise<void> {
  await db
    .updateTable('m1_cards')
    .set({
      end_time: terms.end_time,
      status: 'pending',
      delivered_at: null,
      updated_at: now,
      ...(terms.note === undefined ? {} : { note: terms.note }),
    })
    .where('id', '=', id)
    .execute();
}

/** Registers an M1 card on a room's lock (a unique violation when the room has a live card of that UID). */
export async function insertM1Card(
  db: Db,
  card: { hotel_id: number; room_id: number; uid: string; note: string; end_time: Date; created_by: number },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('m1_cards')
    .values({ ...card, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The M1 card list's filters. */
export interface M1CardFilters {
  room_id?: number | undefined;
  status?: M1CardStatus | undefined;
  keyword?: string | undefined;
}

/** A page of the M1 cards in the scope (without a status: every live card), newest first. */
export function listM1Cards<View>(
  db: Db,
  hotelId: number,
  scope: RoomScope,
  filters: M1CardFilters,
  page: { page: number; limit: number },
  view: (row: M1Row) => View,
) {
  let q = m1CardsInScope(db, hotelId, scope);
  if (filters.room_id !== undefined) q = q.where('m.room_id', '=', filters.room_id);
  q =
    filters.status === undefined
      ? q.where('m.status', '<>', 'deleted')
      : q.where('m.status', '=', filters.status);
  if (filters.keyword) {
    const like = likePattern(filters.keyword);
    const uidLike = likePattern(hexId(filters.keyword));
    q = q.where((eb) =>
      eb.or([eb('m.uid', 'like', uidLike), eb('m.note', 'ilike', like), eb('r.name', 'ilike', like)]),
    );
  }
  return listPage(
    q,
    page,
    (rows) => rows.select(m1Columns).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc'),
    view,
  );
}

/** The live cards of a UID on the locks of the scope, by room name. */
export function liveM1CardsOfUid(db: Db, hotelId: number, scope: RoomScope, uid: string): Promise<M1Row[]> {
  return m1CardsInScope(db, hotelId, scope)
    .select(m1Columns)
    .where('m.uid', '=', uid)
    .where('m.status', '<>', 'deleted')
    .orderBy('r.name_key')
    .orderBy('m.id')
    .execute() as Promise<M1Row[]>;
}

/** An M1 card's state, when it is still `from`. */
export async function setM1CardStatus(
  db: Db,
  id: number,
  from: M1CardStatus,
  to: M1CardStatus,
  now: Date,
): Promise<void> {
  await db
    .updateTable('m1_cards')
    .set({
      status: to,
      updated_at: now,
      ...(to === 'delivered' && from !== 'delivered' ? { delivered_at: now } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .execute();
}

/** Marks an M1 card deleted ('deleted'), or to be dropped by its lock ('deleting'). */
export async function markM1CardDeleted(
  db: Db,
  id: number,
  status: 'deleting' | 'deleted',
  now: Date,
): Promise<void> {
  await db.updateTable('m1_cards').set({ status, updated_at: now }).where('id', '=', id).execute();
}
