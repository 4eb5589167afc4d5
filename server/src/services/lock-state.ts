/**
 * What a room's lock must hold (API.md §10 'STATE'): the FULL desired state handed to the lock at a Bluetooth
 * unlock (sync/start), not a diff — the lock replaces what it holds. One function computes it, so the device API,
 * the console's delivery lists (lock/inLockList) and the tests agree.
 *
 * - deleted_cards: numbers of cards the lock must refuse — every card_lock_sync 'delete' of this room (withdrawn,
 *   deleted or void cards) whose card has not expired (an expired card is refused anyway);
 * - universal_cards: issued universal cards for this lock (its `room_ids` name the room, or are empty: every lock)
 *   that have not expired and are not refused;
 * - sequences: per card type name, the newest issue sequence of a card with 'unsubscribe old card' that opens this
 *   lock and was ever issued (issued, withdrawn or deleted: its issue already retired the older cards on the
 *   server, so the lock retires them too, even if the new card is never held to it);
 * - passwords: the room's passwords API.md §6 calls `active` (not expired, stay still open) whose guest is not
 *   frozen, with their lock-verifiable pin_hash;
 * - faces: the room's active faces (neither deleted nor withdrawn with their stay) of an open stay whose guest is
 *   not frozen, valid over the stay (check-in to estimated check-out); a face without a stay is valid from its
 *   creation on; plus the active faces granted to this room (face_grants, lock/empowerFace) over the grant's
 *   period, until it ends or is revoked (a face the room holds in its own right is listed once, as its own);
 * - fingerprints: the room's fingerprint deliveries pending or delivered (not being withdrawn), under the same
 *   stay rule as faces; `id` is the fingerprint's id.
 * Lists are ordered (numbers ascending, rows by id) so that two states compare equal when they mean the same.
 */
import { CARD_TYPE, type CardTypeName } from '@lockdesk/protocol';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database, LockStateJson } from '../db/schema.js';
import { epochSeconds } from '../fields.js';

/** The full state a lock must hold (API.md §10 'STATE'); times in epoch seconds. */
export type LockState = LockStateJson;

/** The end time of a credential that has none (9999-12-31T23:59:59Z). */
export const NO_END_SECONDS = 253_402_300_799;

/** Stays whose credentials still hold. */
const OPEN_STAY = ['active', 'reserved'] as const;

const TYPE_NAMES = new Map<number, CardTypeName>(
  Object.entries(CARD_TYPE).map(([name, code]) => [code, name as CardTypeName]),
);

/** An empty state (a lock that must hold nothing). */
export function emptyLockState(): LockState {
  return {
    deleted_cards: [],
    universal_cards: [],
    sequences: {},
    passwords: [],
    faces: [],
    fingerprints: [],
  };
}

type Tables = Database & { s: Database['stays'] };

/** A credential's stay, when it has one, is open, its guest not frozen and its check-out still ahead. */
function stayHolds(now: Date, column: 'fc.stay_id' | 'fp.stay_id') {
  // biome-ignore lint/suspicious/noExplicitAny: the same clause serves faces (fc) and fingerprints (fp)
  return (eb: ExpressionBuilder<any, any>) =>
    eb.or([
      eb(column, 'is', null),
      eb.and([eb('s.status', 'in', OPEN_STAY), eb('s.frozen', '=', false), eb('s.check_out', '>', now)]),
    ]) as ReturnType<ExpressionBuilder<Tables, 's'>['or']>;
}

const seconds = (d: Date | null | undefined): number => epochSeconds(d) ?? 0;
const byNumber = (a: number, b: number) => a - b;

/**
 * The full state the lock of room `roomId` (of hotel `hotelId`) must hold at `now`. A room of another hotel, or
 * none, has an empty state.
 */
export async function lockState(
  db: Kysely<Database>,
  hotelId: number,
  roomId: number,
  now: Date,
): Promise<LockState> {
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'building', 'floor'])
    .where('id', '=', roomId)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
  if (!room) return emptyLockState();

  const notExpired = (eb: ExpressionBuilder<Database & { c: Database['cards'] }, 'c'>) =>
    eb.or([eb('c.end_time', 'is', null), eb('c.end_time', '>', now)]);

  const [deletedRows, universalRows, sequenceRows, passwordRows, faceRows, fingerRows, grantRows] =
    await Promise.all([
      db
        .selectFrom('card_lock_sync as l')
        .innerJoin('cards as c', 'c.id', 'l.card_id')
        .select('c.card_number')
        .distinct()
        .where('l.room_id', '=', room.id)
        .where('l.hotel_id', '=', hotelId)
        .where('l.action', '=', 'delete')
        .where('c.status', 'in', ['withdrawn', 'deleted', 'void'])
        .where(notExpired)
        .execute(),
      db
        .selectFrom('cards as c')
        .select('c.card_number')
        .where('c.hotel_id', '=', hotelId)
        .where('c.type', '=', CARD_TYPE.universal)
        .where('c.status', '=', 'issued')
        .where(notExpired)
        .where(sql<boolean>`(cardinality(c.room_ids) = 0 OR ${room.id} = ANY(c.room_ids))`)
        .execute(),
      db
        .selectFrom('cards as c')
        .select(['c.type', sql<number>`max(c.sequence)`.as('sequence')])
        .where('c.hotel_id', '=', hotelId)
        .where('c.unsubscribe_old', '=', true)
        .where('c.status', 'in', ['issued', 'withdrawn', 'deleted'])
        .where('c.issued_at', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('c.type', 'in', [CARD_TYPE.master, CARD_TYPE.super]),
            eb.and([eb('c.type', '=', CARD_TYPE.normal), eb('c.room_id', '=', room.id)]),
            eb.and([eb('c.type', '=', CARD_TYPE.building), eb('c.building', '=', room.building ?? -1)]),
            eb.and([
              eb('c.type', '=', CARD_TYPE.floor),
              eb('c.building', '=', room.building ?? -1),
              eb('c.floor', '=', room.floor ?? -1),
            ]),
            eb.and([
              eb('c.type', '=', CARD_TYPE.universal),
              sql<boolean>`(cardinality(c.room_ids) = 0 OR ${room.id} = ANY(c.room_ids))`,
            ]),
          ]),
        )
        .groupBy('c.type')
        .execute(),
      db
        .selectFrom('lock_passwords as p')
        .leftJoin('stays as s', 's.id', 'p.stay_id')
        .select(['p.id', 'p.pin_hash', 'p.start_time', 'p.end_time', 'p.single_use'])
        .where('p.room_id', '=', room.id)
        .where('p.hotel_id', '=', hotelId)
        .where('p.deleted_at', 'is', null)
        .where('p.status', '=', 'active')
        .where('p.end_time', '>', now)
        .where((eb) =>
          eb.or([
            eb('p.stay_id', 'is', null),
            eb.and([eb('s.status', 'in', OPEN_STAY), eb('s.frozen', '=', false)]),
          ]),
        )
        .orderBy('p.id')
        .execute(),
      db
        .selectFrom('faces as fc')
        .leftJoin('stays as s', 's.id', 'fc.stay_id')
        .select(['fc.id', 'fc.face_id', 'fc.created_at', 's.check_in', 's.check_out'])
        .where('fc.room_id', '=', room.id)
        .where('fc.hotel_id', '=', hotelId)
        .where('fc.status', '=', 'active')
        .where(stayHolds(now, 'fc.stay_id'))
        .orderBy('fc.id')
        .execute(),
      db
        .selectFrom('fingerprint_deliveries as d')
        .innerJoin('fingerprints as fp', 'fp.id', 'd.fingerprint_id')
        .leftJoin('stays as s', 's.id', 'fp.stay_id')
        .select(['fp.id', 'fp.finger_id', 'd.created_at', 's.check_in', 's.check_out'])
        .where('d.room_id', '=', room.id)
        .where('d.hotel_id', '=', hotelId)
        .where('d.status', 'in', ['pending', 'delivered'])
        .where('fp.status', '=', 'active')
        .where(stayHolds(now, 'fp.stay_id'))
        .orderBy('fp.id')
        .execute(),
      db
        .selectFrom('face_grants as g')
        .innerJoin('faces as fc', 'fc.id', 'g.face_id')
        .select(['fc.id', 'fc.face_id', 'g.start_time', 'g.end_time'])
        .where('g.room_id', '=', room.id)
        .where('g.hotel_id', '=', hotelId)
        .where('g.revoked_at', 'is', null)
        .where('g.end_time', '>', now)
        .where('fc.status', '=', 'active')
        .orderBy('fc.id')
        .execute(),
    ]);

  const deleted = [...new Set(deletedRows.map((r) => Number(r.card_number)))].sort(byNumber);
  const refused = new Set(deleted);
  const universal = [...new Set(universalRows.map((r) => Number(r.card_number)))]
    .filter((n) => !refused.has(n))
    .sort(byNumber);
  const sequences: Record<string, number> = {};
  for (const row of sequenceRows) {
    const name = TYPE_NAMES.get(row.type);
    if (name) sequences[name] = Number(row.sequence);
  }
  const ordered: Record<string, number> = {};
  for (const name of Object.keys(sequences).sort()) ordered[name] = sequences[name] as number;

  return {
    deleted_cards: deleted,
    universal_cards: universal,
    sequences: ordered,
    passwords: passwordRows.map((p) => ({
      id: p.id,
      pin_hash: p.pin_hash,
      start_time: seconds(p.start_time),
      end_time: seconds(p.end_time),
      single_use: p.single_use,
    })),
    faces: [
      ...faceRows.map((fc) => ({
        id: fc.id,
        face_id: fc.face_id,
        start_time: seconds(fc.check_in ?? fc.created_at),
        end_time: fc.check_out ? seconds(fc.check_out) : NO_END_SECONDS,
      })),
      ...grantRows
        .filter((g) => !faceRows.some((fc) => fc.id === g.id))
        .map((g) => ({
          id: g.id,
          face_id: g.face_id,
          start_time: seconds(g.start_time),
          end_time: seconds(g.end_time),
        })),
    ].sort((a, b) => a.id - b.id),
    fingerprints: fingerRows.map((fp) => ({
      id: fp.id,
      finger_id: fp.finger_id,
      start_time: seconds(fp.check_in ?? fp.created_at),
      end_time: fp.check_out ? seconds(fp.check_out) : NO_END_SECONDS,
    })),
  };
}
