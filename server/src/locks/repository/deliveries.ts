/**
 * The delivery lists' statements (lock/inLockList, lock/cardDelivery): a lock's device row and its syncs, the rows
 * its state's items are labelled from, and one card's queued changes per lock. Each takes the executor first.
 */
import { CARD_TYPE } from '@lockdesk/protocol';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { RoomScope } from '../../domain/permissions.js';
import { inScope } from '../../shared/room-views.js';

/** A room's lock device: the state it confirmed, its last sync, and when the confirmed sync finished. */
export function lockDeviceOfRoom(db: Db, roomId: number) {
  return db
    .selectFrom('lock_devices as ld')
    .leftJoin('lock_syncs as ls', 'ls.id', 'ld.confirmed_sync_id')
    .select(['ld.confirmed_state', 'ld.last_sync_at', 'ls.finished_at as confirmed_sync_finished_at'])
    .where('ld.room_id', '=', roomId)
    .executeTakeFirst();
}

/** A room lock's latest syncs, newest first. */
export function latestSyncsOfRoom(db: Db, roomId: number, limit: number) {
  return db
    .selectFrom('lock_syncs')
    .select(['id', 'started_at', 'finished_at', 'operator', 'records_stored', 'records_duplicate'])
    .where('room_id', '=', roomId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The hotel's cards of these numbers (a stored number may carry leading zeros), newest first, each with its queued
 * change for the room's lock and its stay's guest.
 */
export async function cardsByNumber(db: Db, hotelId: number, roomId: number, numbers: string[]) {
  if (numbers.length === 0) return [];
  return db
    .selectFrom('cards as c')
    .leftJoin('card_lock_sync as l', (join) =>
      join.onRef('l.card_id', '=', 'c.id').on('l.room_id', '=', roomId),
    )
    .leftJoin('stays as s', 's.id', 'c.stay_id')
    .select([
      'c.id',
      'c.card_number',
      'c.type',
      'c.issued_at',
      'c.created_at',
      'c.withdrawn_at',
      'c.deleted_at',
      'c.updated_at',
      'l.action',
      'l.created_at as sync_created_at',
      's.nickname',
      's.mobile',
    ])
    .where('c.hotel_id', '=', hotelId)
    .where(sql<string>`ltrim(c.card_number, '0')`, 'in', numbers)
    .orderBy('c.id', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
}

/** The issued cards that raised an unsubscribe sequence (of these types and sequences), newest first. */
export async function cardsOfSequences(db: Db, hotelId: number, types: number[], sequences: number[]) {
  if (types.length === 0) return [];
  return db
    .selectFrom('cards as c')
    .leftJoin('stays as s', 's.id', 'c.stay_id')
    .select(['c.id', 'c.type', 'c.sequence', 'c.card_number', 'c.issued_at', 's.nickname', 's.mobile'])
    .where('c.hotel_id', '=', hotelId)
    .where('c.unsubscribe_old', '=', true)
    .where('c.issued_at', 'is not', null)
    .where('c.type', 'in', types)
    .where('c.sequence', 'in', sequences)
    .orderBy('c.id', 'desc')
    .execute();
}

/** A room's valid guest cards now (issued, not replaced, not ended, of no stay or an open one), oldest first. */
export function validGuestCardsOfRoom(db: Db, hotelId: number, roomId: number, now: Date) {
  return db
    .selectFrom('cards as c')
    .leftJoin('stays as s', 's.id', 'c.stay_id')
    .select(['c.id', 'c.card_number', 'c.issued_at', 'c.created_at', 's.nickname', 's.mobile'])
    .where('c.hotel_id', '=', hotelId)
    .where('c.type', '=', CARD_TYPE.normal)
    .where('c.room_id', '=', roomId)
    .where('c.status', '=', 'issued')
    .where('c.superseded_by', 'is', null)
    .where('c.end_time', '>', now)
    .where((eb) => eb.or([eb('c.stay_id', 'is', null), eb('s.status', 'in', ['active', 'reserved'])]))
    .orderBy('c.id')
    .execute();
}

/** The hotel's PIN passwords of these ids, with their stay's check-out and guest. */
export async function passwordsById(db: Db, hotelId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('lock_passwords as p')
    .leftJoin('stays as s', 's.id', 'p.stay_id')
    .select([
      'p.id',
      'p.created_at',
      'p.revoked_at',
      'p.deleted_at',
      'p.end_time',
      's.checked_out_at',
      's.nickname',
      's.mobile',
    ])
    .where('p.id', 'in', ids)
    .where('p.hotel_id', '=', hotelId)
    .execute();
}

/** The hotel's faces of these ids, with their stay's guest. */
export async function facesById(db: Db, hotelId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('faces as fc')
    .leftJoin('stays as s', 's.id', 'fc.stay_id')
    .select(['fc.id', 'fc.face_id', 'fc.note', 'fc.lock_note', 'fc.updated_at', 's.nickname', 's.mobile'])
    .where('fc.id', 'in', ids)
    .where('fc.hotel_id', '=', hotelId)
    .execute();
}

/** The hotel's fingerprints of these ids, with when each was last sent to the room's lock and their stay's guest. */
export async function fingerprintsById(db: Db, hotelId: number, roomId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('fingerprints as fp')
    .leftJoin('fingerprint_deliveries as d', (join) =>
      join.onRef('d.fingerprint_id', '=', 'fp.id').on('d.room_id', '=', roomId),
    )
    .leftJoin('stays as s', 's.id', 'fp.stay_id')
    .select([
      'fp.id',
      'fp.finger_id',
      'fp.note',
      'fp.updated_at',
      'd.updated_at as sent_at',
      's.nickname',
      's.mobile',
    ])
    .where('fp.id', 'in', ids)
    .where('fp.hotel_id', '=', hotelId)
    .orderBy('d.id', 'desc')
    .execute();
}

/** A card of the hotel: its number and room. */
export function findCardOfHotel(db: Db, hotelId: number, cardId: number) {
  return db
    .selectFrom('cards')
    .select(['id', 'card_number', 'room_id'])
    .where('id', '=', cardId)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/** A card's queued changes per lock, within the caller's rooms, newest first, with each lock's last sync. */
export function cardChangesPerLock(db: Db, cardId: number, hotelId: number, scope: RoomScope) {
  return db
    .selectFrom('card_lock_sync as l')
    .innerJoin('rooms as r', 'r.id', 'l.room_id')
    .leftJoin('lock_devices as ld', 'ld.room_id', 'l.room_id')
    .select([
      'l.room_id',
      'r.name as room_name',
      'l.action',
      'l.created_at',
      'l.synced_at',
      'ld.last_sync_at',
    ])
    .where('l.card_id', '=', cardId)
    .where('l.hotel_id', '=', hotelId)
    .where(inScope(scope, hotelId))
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
}

/** Whether any lock, in scope or not, has a change of the card queued. */
export async function cardHasChanges(db: Db, cardId: number): Promise<boolean> {
  const any = await db
    .selectFrom('card_lock_sync')
    .select('id')
    .where('card_id', '=', cardId)
    .limit(1)
    .executeTakeFirst();
  return any !== undefined;
}
