/**
 * The SQL of the key cards (API.md §8): the card records with what an answer shows, who sees which card, the
 * hotel's card counters, what locks learn by Bluetooth (card_lock_sync) and which sectors of a physical card carry
 * the hotel's keys (card_uid_keys). Every function takes the executor first: pass ctx.db, or the transaction.
 */
import { CARD_TYPE, type IssuerRole, type KeyCardStatus, type LockSync } from '@lockdesk/protocol';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, Room } from '../../db/schema.js';
import type { RoomScope } from '../../domain/permissions.js';
import { listPage } from '../../fields.js';
import { inScope, likePattern } from '../../shared/room-views.js';

/** The card rows with what an answer shows: room name, issuer, lock sync state. */
export function cardQuery(db: Db) {
  return db
    .selectFrom('cards as c')
    .leftJoin('rooms as r', 'r.id', 'c.room_id')
    .leftJoin('users as u', 'u.id', 'c.issued_by')
    .selectAll('c')
    .select([
      'r.name as room_name',
      'u.nickname as issuer_nickname',
      'u.name as issuer_name',
      'u.mobile as issuer_mobile',
      sql<number>`(SELECT count(*)::int FROM card_lock_sync s WHERE s.card_id = c.id)`.as('sync_total'),
      sql<number>`(SELECT count(*)::int FROM card_lock_sync s WHERE s.card_id = c.id AND s.synced_at IS NULL)`.as(
        'sync_pending',
      ),
    ]);
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['executeTakeFirstOrThrow']>>;

/** The lock sync state of a card: nothing to learn, waiting for a Bluetooth unlock, or learned everywhere. */
export const lockSyncOf = (row: { sync_total: number; sync_pending: number }): LockSync =>
  Number(row.sync_total) === 0 ? 'none' : Number(row.sync_pending) > 0 ? 'pending' : 'done';

/** Whose cards a list shows: the caller's hotel, room scope and account. */
export interface CardViewer {
  hotelId: number;
  scope: RoomScope;
  userId: number;
}

type CardTables = Database & { c: Database['cards'] };

/**
 * A where-clause keeping the cards (alias `c`) of the viewer's hotel the viewer may see: every card for a super
 * administrator; for others the cards of their rooms and the cards they issued.
 */
export function visibleCards({ hotelId, scope, userId }: CardViewer) {
  return (eb: ExpressionBuilder<CardTables, 'c'>) => {
    const ofHotel = eb('c.hotel_id', '=', hotelId);
    if (scope.kind === 'all') return ofHotel;
    if (scope.kind === 'none') return eb.and([ofHotel, sql<boolean>`false`]);
    return eb.and([
      ofHotel,
      eb.or([
        eb('c.issued_by', '=', userId),
        eb(
          'c.room_id',
          'in',
          eb.selectFrom('user_rooms').select('room_id').where('user_id', '=', scope.userId),
        ),
        // Universal cards naming only rooms of the caller.
        sql<boolean>`(c.type = ${CARD_TYPE.universal} AND cardinality(c.room_ids) > 0 AND c.room_ids <@ ARRAY(
          SELECT room_id FROM user_rooms WHERE user_id = ${scope.userId}))`,
      ]),
    ]);
  };
}

/** A card of the hotel by its record id. */
export function findCard(db: Db, hotelId: number, id: number): Promise<CardRow | undefined> {
  return cardQuery(db).where('c.id', '=', id).where('c.hotel_id', '=', hotelId).executeTakeFirst();
}

/** A card by its record id (known to exist). */
export function loadCard(db: Db, id: number): Promise<CardRow> {
  return cardQuery(db).where('c.id', '=', id).executeTakeFirstOrThrow();
}

/** A plan (or the card it became) of the hotel made by this account. */
export function findOwnPlan(
  db: Db,
  hotelId: number,
  userId: number,
  id: number,
): Promise<CardRow | undefined> {
  return cardQuery(db)
    .where('c.id', '=', id)
    .where('c.hotel_id', '=', hotelId)
    .where('c.issued_by', '=', userId)
    .executeTakeFirst();
}

/** The issued card of the hotel with this number. */
export function findIssuedCardByNumber(
  db: Db,
  hotelId: number,
  cardNumber: string,
): Promise<CardRow | undefined> {
  return cardQuery(db)
    .where('c.hotel_id', '=', hotelId)
    .where('c.card_number', '=', cardNumber)
    .where('c.status', '=', 'issued')
    .executeTakeFirst();
}

/** What the record of the card `uid` in the hotel says: its newest issued, withdrawn or deleted record. */
export function newestCardOfUid(db: Db, hotelId: number, uid: string): Promise<CardRow | undefined> {
  return cardQuery(db)
    .where('c.hotel_id', '=', hotelId)
    .where('c.uid', '=', uid)
    .where('c.status', 'in', ['issued', 'withdrawn', 'deleted'])
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest record of a card number the viewer sees, void plans included (the card check). */
export function newestCardOfNumber(
  db: Db,
  viewer: CardViewer,
  cardNumber: string,
): Promise<CardRow | undefined> {
  return cardQuery(db)
    .where(visibleCards(viewer))
    .where('c.card_number', '=', cardNumber)
    .where('c.status', 'in', ['issued', 'withdrawn', 'deleted', 'void'])
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** What a guest card of the stay is written with: its period, and whether it is frozen. */
export function stayCardTerms(db: Db, stayId: number) {
  return db
    .selectFrom('stays')
    .select(['check_in', 'check_out', 'frozen', 'disable_old_cards'])
    .where('id', '=', stayId)
    .executeTakeFirstOrThrow();
}

/** The buildings and floors of the rooms assigned to an account in the hotel. */
export function assignedRoomPlaces(db: Db, userId: number, hotelId: number) {
  return db
    .selectFrom('user_rooms as ur')
    .innerJoin('rooms as r', 'r.id', 'ur.room_id')
    .select(['r.building', 'r.floor'])
    .where('ur.user_id', '=', userId)
    .where('r.hotel_id', '=', hotelId)
    .execute();
}

/** The card list's filters. */
export interface CardFilters {
  type?: number | undefined;
  status?: KeyCardStatus | undefined;
  room_id?: number | undefined;
  stay_id?: number | undefined;
  keyword?: string | undefined;
}

/** A page of the cards the viewer sees: without a status, every card but pending and void ones; newest first. */
export function listCards<View>(
  db: Db,
  viewer: CardViewer,
  filters: CardFilters,
  now: Date,
  page: { page: number; limit: number },
  view: (row: CardRow) => View,
) {
  let q = cardQuery(db).where(visibleCards(viewer));
  q = filters.status
    ? q.where('c.status', '=', filters.status)
    : q.where('c.status', 'not in', ['pending', 'void']);
  if (filters.status === 'pending') q = q.where('c.pending_expires_at', '>', now);
  if (filters.type !== undefined) q = q.where('c.type', '=', filters.type);
  if (filters.room_id !== undefined) q = q.where('c.room_id', '=', filters.room_id);
  if (filters.stay_id !== undefined) q = q.where('c.stay_id', '=', filters.stay_id);
  if (filters.keyword) {
    const like = likePattern(filters.keyword);
    q = q.where((eb) =>
      eb.or([eb('c.card_number', 'ilike', like), eb('c.note', 'ilike', like), eb('r.name', 'ilike', like)]),
    );
  }
  return listPage(
    q.clearSelect(),
    page,
    () => q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc'),
    view,
  );
}

/** A page of the issued and withdrawn universal and super cards (or those of one type) the viewer sees. */
export function listManagerCards<View>(
  db: Db,
  viewer: CardViewer,
  types: readonly number[],
  page: { page: number; limit: number },
  view: (row: CardRow) => View,
) {
  const q = cardQuery(db)
    .where(visibleCards(viewer))
    .where('c.type', 'in', [...types])
    .where('c.status', 'in', ['issued', 'withdrawn']);
  return listPage(
    q.clearSelect(),
    page,
    () => q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc'),
    view,
  );
}

/** The viewer's cards (not pending or void plans) counted by type and status, with those a lock has to learn. */
export function countCards(db: Db, viewer: CardViewer) {
  return db
    .selectFrom('cards as c')
    .select([
      'c.type',
      'c.status',
      sql<number>`count(*)::int`.as('n'),
      sql<number>`count(*) FILTER (WHERE NOT c.lock_synced)::int`.as('unsynced'),
    ])
    .where(visibleCards(viewer))
    .where('c.status', 'not in', ['pending', 'void'])
    .groupBy(['c.type', 'c.status'])
    .execute();
}

/** A card's note. */
export async function setCardNote(db: Db, id: number, note: string, now: Date): Promise<void> {
  await db.updateTable('cards').set({ note, updated_at: now }).where('id', '=', id).execute();
}

/** The next issue sequence and card number of the hotel (locks the hotel's card row until the transaction ends). */
export function nextCardNumbers(db: Db, hotelId: number, now: Date) {
  return db
    .updateTable('hotel_cards')
    .set((eb) => ({
      card_sequence: eb('card_sequence', '+', 1),
      card_number_seq: eb('card_number_seq', '+', 1),
      updated_at: now,
    }))
    .where('hotel_id', '=', hotelId)
    .returning(['card_sequence', 'card_number_seq'])
    .executeTakeFirstOrThrow();
}

/** Locks the hotel's card row until the transaction ends (rewrites of one card confirmed at once take turns). */
export async function lockHotelCards(db: Db, hotelId: number): Promise<void> {
  await db.selectFrom('hotel_cards').select('hotel_id').where('hotel_id', '=', hotelId).forUpdate().execute();
}

/** What a pending card record holds. */
export interface PendingCard {
  hotel_id: number;
  stay_id: number | null;
  room_id: number | null;
  card_number: string;
  type: number;
  note: string;
  building: number | null;
  floor: number | null;
  mac_id: string | null;
  start_time: Date;
  end_time: Date;
  sequence: number;
  uid: string;
  encrypted: boolean;
  blocks: Record<string, string>;
  issued_by: number;
  unsubscribe_old: boolean;
  access_controls: number[];
  room_ids: number[];
  pending_expires_at: Date;
  key_sectors: number[];
  issuer_role: IssuerRole;
  replaces_id: number | null;
}

/** Records a write plan's card as 'pending'; answers its id. */
export async function insertPendingCard(db: Db, card: PendingCard, now: Date): Promise<number> {
  const row = await db
    .insertInto('cards')
    .values({
      ...card,
      status: 'pending',
      blocks: JSON.stringify(card.blocks),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What the locks of a card are told from: its kind, place, locks and access controls. */
const LOCKS_OF_CARD = [
  'id',
  'hotel_id',
  'type',
  'room_id',
  'building',
  'floor',
  'room_ids',
  'access_controls',
] as const;

/**
 * Makes the hotel's unconfirmed plans 'void': those expired and, with `superseded`, the pending ones for the same
 * stay or the same UID. Answers the plans voided, with what their locks are told from and their end.
 */
export function voidStalePlans(
  db: Db,
  hotelId: number,
  now: Date,
  superseded?: { stayId: number | null; uid: string },
) {
  return db
    .updateTable('cards')
    .set({ status: 'void', updated_at: now })
    .where('hotel_id', '=', hotelId)
    .where('status', '=', 'pending')
    .where((eb) => {
      const stale = [eb('pending_expires_at', 'is', null), eb('pending_expires_at', '<=', now)];
      if (superseded) {
        stale.push(eb('uid', '=', superseded.uid));
        if (superseded.stayId !== null) stale.push(eb('stay_id', '=', superseded.stayId));
      }
      return eb.or(stale);
    })
    .returning([...LOCKS_OF_CARD, 'end_time'])
    .execute();
}

/** A card's status, its row locked until the transaction ends. */
export async function lockCardStatus(db: Db, id: number): Promise<KeyCardStatus> {
  const row = await db
    .selectFrom('cards')
    .select('status')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.status;
}

/**
 * Withdraws the issued card `replacedId` replaces and any other issued replacement of it but `keepId`; answers the
 * cards withdrawn, with what their locks are told from.
 */
export function withdrawReplaced(db: Db, hotelId: number, replacedId: number, keepId: number, now: Date) {
  return db
    .updateTable('cards')
    .set({ status: 'withdrawn', withdrawn_at: now, updated_at: now })
    .where('hotel_id', '=', hotelId)
    .where('status', '=', 'issued')
    .where('id', '<>', keepId)
    .where((eb) => eb.or([eb('id', '=', replacedId), eb('replaces_id', '=', replacedId)]))
    .returning([...LOCKS_OF_CARD])
    .execute();
}

/** Marks a pending card issued. */
export async function markIssued(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('cards')
    .set({ status: 'issued', issued_at: now, pending_expires_at: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * 'Unsubscribe old card': the hotel's issued cards of the card's type with a lower sequence stop opening, only
 * those every lock of which the new card opens (a lock learns it from the new card held to it).
 */
export async function supersedeOlderCards(
  db: Db,
  card: {
    id: number;
    hotel_id: number;
    type: number;
    sequence: number;
    room_id: number | null;
    building: number | null;
    floor: number | null;
    room_ids: number[];
  },
  now: Date,
): Promise<void> {
  let older = db
    .updateTable('cards')
    .set({ superseded_by: card.id, updated_at: now })
    .where('hotel_id', '=', card.hotel_id)
    .where('type', '=', card.type)
    .where('status', '=', 'issued')
    .where('sequence', '<', card.sequence)
    .where('superseded_by', 'is', null)
    .where('id', '<>', card.id);
  // A building card of building 2 never stops one of building 1 (nor a card outside the issuer's reach).
  if (card.type === CARD_TYPE.normal) older = older.where('room_id', '=', card.room_id ?? -1);
  if (card.type === CARD_TYPE.building || card.type === CARD_TYPE.floor)
    older = older.where('building', '=', card.building ?? -1);
  if (card.type === CARD_TYPE.floor) older = older.where('floor', '=', card.floor ?? -1);
  if (card.type === CARD_TYPE.universal && card.room_ids.length > 0)
    older = older.where(
      sql<boolean>`cardinality(room_ids) > 0 AND room_ids <@ ARRAY[${sql.join(card.room_ids)}]::integer[]`,
    );
  await older.execute();
}

/** Marks the hotel's issued and withdrawn records of the card `uid` encrypted or not. */
export async function markUidRecordsEncrypted(
  db: Db,
  hotelId: number,
  uid: string,
  encrypted: boolean,
  now: Date,
): Promise<void> {
  await db
    .updateTable('cards')
    .set({ encrypted, updated_at: now })
    .where('hotel_id', '=', hotelId)
    .where('uid', '=', uid)
    .where('status', 'in', ['issued', 'withdrawn'])
    .execute();
}

/** Withdraws or deletes a card still in `from`; false when it changed meanwhile. */
export async function setRetired(
  db: Db,
  id: number,
  from: KeyCardStatus,
  status: 'withdrawn' | 'deleted',
  now: Date,
): Promise<boolean> {
  const changed = await db
    .updateTable('cards')
    .set(
      status === 'deleted'
        ? { status, deleted_at: now, updated_at: now }
        : { status, withdrawn_at: now, updated_at: now },
    )
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

/** The rooms of the hotel a card opens (spec §4 and the lock rule of GUEST-CARD.md). */
export async function roomsOpenedBy(
  db: Db,
  card: {
    hotel_id: number;
    type: number;
    room_id: number | null;
    building: number | null;
    floor: number | null;
    room_ids: number[];
    access_controls: number[];
  },
): Promise<number[]> {
  let q = db.selectFrom('rooms').select('id').where('hotel_id', '=', card.hotel_id);
  switch (card.type) {
    case CARD_TYPE.normal:
      if (card.room_id === null) return [...card.access_controls];
      q = q.where('id', '=', card.room_id);
      break;
    case CARD_TYPE.building:
      q = q.where('building', '=', card.building ?? -1);
      break;
    case CARD_TYPE.floor:
      q = q.where('building', '=', card.building ?? -1).where('floor', '=', card.floor ?? -1);
      break;
    case CARD_TYPE.universal:
      if (card.room_ids.length > 0) q = q.where('id', 'in', card.room_ids);
      break;
    default:
      // master and super: every lock of the hotel
      break;
  }
  const ids = (await q.execute()).map((r) => r.id);
  for (const extra of card.access_controls) if (!ids.includes(extra)) ids.push(extra);
  return ids;
}

/** Adds what locks have to learn about a card by Bluetooth ('delete' or 'learn'), once per lock. */
export async function queueLockSync(
  db: Db,
  card: { id: number; hotel_id: number },
  roomIds: readonly number[],
  action: 'delete' | 'learn',
  now: Date,
): Promise<void> {
  if (roomIds.length === 0) return;
  // Only locks that still exist: a room named as access control or by a universal card may have been removed
  // since (room/deleteRoom), and a removed lock has nothing to learn.
  const existing = (
    await db
      .selectFrom('rooms')
      .select('id')
      .where('hotel_id', '=', card.hotel_id)
      .where('id', 'in', [...new Set(roomIds)])
      .execute()
  ).map((r) => r.id);
  if (existing.length === 0) return;
  await db
    .insertInto('card_lock_sync')
    .values(
      existing.map((room_id) => ({
        hotel_id: card.hotel_id,
        card_id: card.id,
        room_id,
        action,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['card_id', 'room_id', 'action']).doNothing())
    .execute();
  await db.updateTable('cards').set({ lock_synced: false }).where('id', '=', card.id).execute();
}

/**
 * What a room's lock still has to learn, oldest first: each change's action and card. A 'delete' of a card past
 * its end_time is left out: the lock refuses that card anyway.
 */
export function pendingLockSync(db: Db, roomId: number, now: Date) {
  return db
    .selectFrom('card_lock_sync as s')
    .innerJoin('cards as c', 'c.id', 's.card_id')
    .select(['s.action', 'c.card_number', 'c.type'])
    .where('s.room_id', '=', roomId)
    .where('s.synced_at', 'is', null)
    .where((eb) =>
      eb.or([eb('s.action', '<>', 'delete'), eb('c.end_time', 'is', null), eb('c.end_time', '>', now)]),
    )
    .orderBy('s.id')
    .execute();
}

/**
 * Marks everything a room's lock had to learn as learned; a card every lock of which learned it turns
 * lock_synced. Answers how many changes were learned.
 */
export function markLockLearned(db: Db, roomId: number, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('card_lock_sync')
      .set({ synced_at: now })
      .where('room_id', '=', roomId)
      .where('synced_at', 'is', null)
      .returning('card_id')
      .execute();
    const cardIds = [...new Set(done.map((d) => d.card_id))];
    if (cardIds.length > 0) {
      await trx
        .updateTable('cards')
        .set({ lock_synced: true })
        .where('id', 'in', cardIds)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('card_lock_sync as s')
                .select('s.id')
                .whereRef('s.card_id', '=', 'cards.id')
                .where('s.synced_at', 'is', null),
            ),
          ),
        )
        .execute();
    }
    return done.length;
  });
}

/**
 * The issued, not superseded, not expired cards that open a room's lock, each with this lock's sync state
 * (`room_sync`: 'pending', 'done', or null when the lock has nothing to learn of it).
 */
export function cardsOpeningLock(
  db: Db,
  room: Pick<Room, 'id' | 'hotel_id' | 'building' | 'floor'>,
  now: Date,
) {
  return cardQuery(db)
    .select((eb) => [
      eb
        .selectFrom('card_lock_sync as s')
        .select(sql<string>`CASE WHEN bool_or(s.synced_at IS NULL) THEN 'pending' ELSE 'done' END`.as('x'))
        .whereRef('s.card_id', '=', 'c.id')
        .where('s.room_id', '=', room.id)
        .having(sql<boolean>`count(*) > 0`)
        .as('room_sync'),
    ])
    .where('c.hotel_id', '=', room.hotel_id)
    .where('c.status', '=', 'issued')
    .where('c.superseded_by', 'is', null)
    .where('c.end_time', '>', now)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('c.type', '=', CARD_TYPE.normal),
          eb('c.room_id', '=', room.id),
          eb.or([
            eb('c.stay_id', 'is', null),
            eb.exists(
              eb
                .selectFrom('stays as st')
                .select('st.id')
                .whereRef('st.id', '=', 'c.stay_id')
                .where('st.status', 'in', ['active', 'reserved']),
            ),
          ]),
        ]),
        eb('c.type', 'in', [CARD_TYPE.master, CARD_TYPE.super]),
        eb.and([eb('c.type', '=', CARD_TYPE.building), eb('c.building', '=', room.building ?? -1)]),
        eb.and([
          eb('c.type', '=', CARD_TYPE.floor),
          eb('c.building', '=', room.building ?? -1),
          eb('c.floor', '=', room.floor ?? -1),
        ]),
        eb.and([
          eb('c.type', '=', CARD_TYPE.universal),
          eb.or([sql<boolean>`cardinality(c.room_ids) = 0`, sql<boolean>`${room.id} = ANY(c.room_ids)`]),
        ]),
        sql<boolean>`${room.id} = ANY(c.access_controls)`,
      ]),
    )
    .orderBy('c.type')
    .orderBy('c.id')
    .execute();
}

/** The issued master, building or floor card of a number, with its issuer's mobile. */
export function functionCardIssuer(db: Db, hotelId: number, cardNumber: string) {
  return db
    .selectFrom('cards as c')
    .leftJoin('users as u', 'u.id', 'c.issued_by')
    .select(['c.type', 'u.mobile'])
    .where('c.hotel_id', '=', hotelId)
    .where('c.card_number', '=', cardNumber)
    .where('c.status', '=', 'issued')
    .where('c.type', 'in', [CARD_TYPE.master, CARD_TYPE.building, CARD_TYPE.floor])
    .executeTakeFirst();
}

/** The stays (of rooms in the scope) a card number was issued for, newest card first. */
export function staysOfCardNumber(db: Db, hotelId: number, scope: RoomScope, cardNumber: string) {
  return db
    .selectFrom('cards as c')
    .innerJoin('stays as s', 's.id', 'c.stay_id')
    .innerJoin('rooms as r', 'r.id', 's.room_id')
    .select([
      's.id as stay_id',
      'r.id as room_id',
      'r.name as room_name',
      'r.mac_id',
      'c.start_time',
      'c.end_time',
      's.other_information',
      'c.status',
    ])
    .where('c.hotel_id', '=', hotelId)
    .where('c.card_number', '=', cardNumber)
    .where('c.status', 'in', ['issued', 'withdrawn', 'deleted'])
    .where(inScope(scope, hotelId))
    .orderBy('c.id', 'desc')
    .execute();
}

/** The rooms of the scope marked as access control, by name. */
export function accessControlRoomsInScope(db: Db, hotelId: number, scope: RoomScope) {
  return db
    .selectFrom('rooms as r')
    .select(['r.id', 'r.name', 'r.mac_id'])
    .where(inScope(scope, hotelId))
    .where('r.access_control', '=', true)
    .orderBy('r.name_key')
    .execute();
}

/** Marks a room as access control, or not. */
export async function setRoomAccessControl(db: Db, roomId: number, on: boolean, now: Date): Promise<void> {
  await db
    .updateTable('rooms')
    .set({ access_control: on, updated_at: now })
    .where('id', '=', roomId)
    .execute();
}

/** Which sectors of the physical card `uid` carry the hotel's diversified keys (as last verified), in order. */
export async function uidKeySectors(db: Db, hotelId: number, uid: string): Promise<number[]> {
  return [...((await knownUidKeySectors(db, hotelId, uid)) ?? [])].sort((a, b) => a - b);
}

/** The sectors of the card `uid` as last verified, unsorted; null for a card never verified. */
export async function knownUidKeySectors(db: Db, hotelId: number, uid: string): Promise<number[] | null> {
  const row = await db
    .selectFrom('card_uid_keys')
    .select('sectors')
    .where('hotel_id', '=', hotelId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row ? [...row.sectors] : null;
}

/** Records which sectors of the card `uid` carry diversified keys. */
export async function setUidKeySectors(
  db: Db,
  hotelId: number,
  uid: string,
  sectors: readonly number[],
  now: Date,
): Promise<void> {
  const list = [...new Set(sectors)].sort((a, b) => a - b);
  await db
    .insertInto('card_uid_keys')
    .values({ hotel_id: hotelId, uid, sectors: list, updated_at: now })
    .onConflict((oc) => oc.columns(['hotel_id', 'uid']).doUpdateSet({ sectors: list, updated_at: now }))
    .execute();
}
