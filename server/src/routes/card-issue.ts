/**
 * What every card call shares (API.md §8): the card as answered, who may see and act on a card, the locks a card
 * opens, and the two steps of every card write.
 *
 * Step one (room/sendCard, room/cardAdd, lock/managerAddNew) checks the rules of spec §6, allocates the card number
 * and the issue sequence, encodes the content (protocol encodeGuestCard), signs it for the card's UID
 * (signCardBlocks) and answers the write plan (planCardWrite / planCardVerify) for a 'pending' record that expires
 * after PENDING_SECONDS. Step two (room/addCardStepTwoNew) compares what the console read back, byte for byte, and
 * only then marks the card 'issued'. Nothing else ever makes a card issued.
 *
 * A plan already holds the signed content, so a card written but never confirmed would open the lock. A plan not
 * confirmed in time, or superseded by a new plan for the same stay or UID, becomes 'void' (voidPlans) and every lock
 * it would open gets a 'delete' to learn by Bluetooth. Expiry is lazy: the hotel's next card call does it.
 */
import {
  bytesToHex,
  CARD_TYPE,
  type CardTypeCode,
  type CardTypeName,
  checkCardReadBack,
  encodeGuestCard,
  type IssuerRole,
  type KeyCard,
  planCardVerify,
  planCardWrite,
  signCardBlocks,
  type VerifyStep,
  type WritePlan,
  type WriteStep,
} from '@lockdesk/protocol';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { UserContext } from '../call.js';
import type { Database, Room } from '../db/schema.js';
import { AppError, failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { TRANSPORT_KEY } from '../services/card-keys.js';
import { postMessage } from '../services/messages.js';
import { callerScope } from '../shared/room-views.js';

/** A pending card must be written and verified within this time (contract B: 120 s). */
export const PENDING_SECONDS = 120;

/** The data blocks of a card: guest sector (4, 5, 6), signature (53) and check block (54). */
export const CARD_DATA_BLOCKS = [4, 5, 6, 53, 54] as const;

/** A UID as read by the encoder: 4 or 7 bytes. */
export const UID_PATTERN = /^(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{14})$/;

const TYPE_NAMES = Object.fromEntries(
  Object.entries(CARD_TYPE).map(([name, code]) => [code, name]),
) as Record<number, CardTypeName>;

/** The card type's name (master, building, floor, normal, universal, super). */
export const cardTypeName = (type: number): CardTypeName | '' => TYPE_NAMES[type] ?? '';

type CardDb = Kysely<Database>;

/** The card rows with what an answer shows: room name, issuer, lock sync state. */
export function cardQuery(db: CardDb) {
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
export const lockSyncOf = (row: { sync_total: number; sync_pending: number }): 'none' | 'pending' | 'done' =>
  Number(row.sync_total) === 0 ? 'none' : Number(row.sync_pending) > 0 ? 'pending' : 'done';

/** A card as every card call answers it (contract B 'A card'). */
export function cardView(row: CardRow): KeyCard {
  return {
    id: row.id,
    card_id: row.card_number,
    type: row.type as CardTypeCode,
    type_name: cardTypeName(row.type),
    note: row.note,
    status: row.status,
    room_id: row.room_id,
    room_name: row.room_name,
    stay_id: row.stay_id,
    building: row.building,
    floor: row.floor,
    mac_id: row.mac_id,
    // Every card is planned with its validity (planCard): the columns are null only in the schema.
    start_time: epochSeconds(row.start_time) as number,
    end_time: epochSeconds(row.end_time) as number,
    uid: row.uid,
    encrypted: row.encrypted,
    unsubscribe_old: row.unsubscribe_old,
    access_controls: row.access_controls ?? [],
    room_ids: row.room_ids ?? [],
    issuer_role: row.issuer_role,
    issued_by_name: row.issuer_nickname || row.issuer_name || row.issuer_mobile || '',
    issued_at: epochSeconds(row.issued_at),
    superseded: row.superseded_by !== null,
    replaces_id: row.replaces_id,
    lock_sync: lockSyncOf(row),
  };
}

export type CardView = KeyCard;

/** The card as answered, read again by id. */
export async function loadCardView(db: CardDb, id: number): Promise<CardView> {
  return cardView(await cardQuery(db).where('c.id', '=', id).executeTakeFirstOrThrow());
}

/** The role written into the card: a secondary administrator's or staff member's master card is not valid. */
export function issuerRoleOf(ctx: UserContext): IssuerRole {
  return ctx.user.role === 'super' ? 'main' : ctx.user.role === 'secondary' ? 'secondary' : 'staff';
}

type CardTables = Database & { c: Database['cards'] };

/**
 * A where-clause keeping the cards (alias `c`) of the caller's hotel the caller may see: every card for a super
 * administrator; for others the cards of their rooms and the cards they issued.
 */
export function visibleCards(ctx: UserContext) {
  const { hotelId, scope } = callerScope(ctx);
  return (eb: ExpressionBuilder<CardTables, 'c'>) => {
    const ofHotel = eb('c.hotel_id', '=', hotelId);
    if (scope.kind === 'all') return ofHotel;
    if (scope.kind === 'none') return eb.and([ofHotel, sql<boolean>`false`]);
    return eb.and([
      ofHotel,
      eb.or([
        eb('c.issued_by', '=', ctx.user.id),
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

/**
 * A card of the caller's hotel the caller may act on (NOT_FOUND / PERMISSION_DENIED): a room-bound card by the
 * room's scope (credential.manage), a hotel-wide one by a super administrator or its issuer.
 */
export async function requireCard(ctx: UserContext, id: number): Promise<CardRow> {
  const hotelId = ctx.requireHotelId();
  const row = await cardQuery(ctx.db)
    .where('c.id', '=', id)
    .where('c.hotel_id', '=', hotelId)
    .executeTakeFirst();
  if (!row) throw failure('NOT_FOUND');
  await requireCardScope(ctx, row);
  return row;
}

/** Checks the caller may act on the card (see requireCard). */
export async function requireCardScope(
  ctx: UserContext,
  row: { room_id: number | null; issued_by: number | null; type: number; room_ids?: number[] },
): Promise<void> {
  ctx.require('credential.manage');
  if (row.room_id !== null) {
    await ctx.requireRoom(row.room_id, 'credential.manage');
    return;
  }
  if (ctx.user.role === 'super') return;
  // A universal card naming its locks belongs to whoever manages all of them.
  if (row.type === CARD_TYPE.universal && row.room_ids && row.room_ids.length > 0) {
    for (const id of row.room_ids) await ctx.requireRoom(id, 'credential.manage');
    return;
  }
  // Master and super cards belong to the main administrator; others act on the hotel-wide cards they issued.
  if (row.type === CARD_TYPE.master || row.type === CARD_TYPE.super || row.issued_by !== ctx.user.id)
    throw failure('PERMISSION_DENIED');
}

/** The rooms of the hotel a card opens (spec §4 and the lock rule of GUEST-CARD.md). */
export async function roomsOpenedBy(
  db: CardDb,
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
  db: CardDb,
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

/** Which sectors of the physical card `uid` carry the hotel's diversified keys (as last verified). */
export async function uidKeySectors(db: CardDb, hotelId: number, uid: string): Promise<number[]> {
  const row = await db
    .selectFrom('card_uid_keys')
    .select('sectors')
    .where('hotel_id', '=', hotelId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return [...(row?.sectors ?? [])].sort((a, b) => a - b);
}

/** Records which sectors of the card `uid` carry diversified keys. */
export async function setUidKeySectors(
  db: CardDb,
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

/** The sector a MIFARE Classic 1K block belongs to. */
export const sectorOf = (block: number): number => Math.floor(block / 4);

/** Keys per sector: the diversified key where the card carries one, the transport key elsewhere. */
export async function keysBySector(
  ctx: UserContext,
  hotelId: number,
  uid: string,
  sectors: readonly number[],
  diversified: readonly number[],
): Promise<Record<number, string>> {
  const derived = await ctx.app.cardKeys.keysOf(
    ctx.db,
    hotelId,
    uid,
    sectors.filter((s) => diversified.includes(s)),
  );
  const keys: Record<number, string> = {};
  for (const s of sectors) keys[s] = derived[s] ?? TRANSPORT_KEY;
  return keys;
}

/** What a card write is made of (step one). Times are Dates; the checks of the calls are done before. */
export interface CardSpec {
  type: CardTypeCode;
  uid: string;
  start: Date;
  end: Date;
  note?: string | undefined;
  stayId?: number | null;
  room?: Room | null;
  building?: number | null;
  floor?: number | null;
  unsubscribeOld: boolean;
  accessControls?: number[];
  roomIds?: number[];
  /** The issued card this one replaces (a new card number; the replaced one is withdrawn on confirmation). */
  replaces?: { id: number; card_number: string } | null;
}

export type { WritePlan } from '@lockdesk/protocol';

/** The failure of a protocol Result as the call's refusal. */
function refuse(result: {
  ok: false;
  code: Parameters<typeof failure>[0];
  params?: Record<string, string | number>;
}): never {
  throw failure(result.code, result.params);
}

/** Step one: a pending card record and the plan that writes it on the card `spec.uid`. */
export async function planCard(ctx: UserContext, spec: CardSpec): Promise<WritePlan> {
  const hotelId = ctx.requireHotelId();
  const now = ctx.now();
  const keys = ctx.app.cardKeys;
  const macKey = await keys.cardMacKey(ctx.db, hotelId);
  const settings = await keys.settings(ctx.db, hotelId);
  const current = await uidKeySectors(ctx.db, hotelId, spec.uid);
  const issuerRole = issuerRoleOf(ctx);

  const id = await ctx.db.transaction().execute(async (trx) => {
    const counters = await trx
      .updateTable('hotel_cards')
      .set((eb) => ({
        card_sequence: eb('card_sequence', '+', 1),
        card_number_seq: eb('card_number_seq', '+', 1),
        updated_at: now,
      }))
      .where('hotel_id', '=', hotelId)
      .returning(['card_sequence', 'card_number_seq'])
      .executeTakeFirstOrThrow();
    // Plans of the hotel nobody confirmed in time, and the earlier plan for this stay or this card, are void: the
    // card they may have written is refused by its locks (after the hotel's card row is locked, as confirmCard does).
    await voidPlans(trx, hotelId, now, { stayId: spec.stayId ?? null, uid: spec.uid });
    // Always a new number, a replacement too: the replaced card may be another physical card, and the locks are told
    // to refuse its number when the replacement is confirmed.
    const cardNumber = String(counters.card_number_seq);
    const encoded = encodeGuestCard({
      hotelId,
      cardNumber,
      type: spec.type,
      building: spec.building ?? undefined,
      floor: spec.floor ?? undefined,
      mac_id: spec.type === CARD_TYPE.normal ? (spec.room?.mac_id ?? undefined) : undefined,
      start_time: Math.floor(spec.start.getTime() / 1000),
      end_time: Math.floor(spec.end.getTime() / 1000),
      sequence: counters.card_sequence,
      unsubscribeOld: spec.unsubscribeOld,
      issuerRole,
    });
    if (!encoded.ok) refuse(encoded);
    const signed = signCardBlocks({ macKeyHex: macKey, uidHex: spec.uid, blocks: encoded.value.blocks });
    if (!signed.ok) refuse(signed);
    const blocks: Record<string, string> = {};
    for (const block of CARD_DATA_BLOCKS) {
      const bytes = signed.value[block];
      if (bytes) blocks[String(block)] = bytesToHex(bytes).toUpperCase();
    }
    const keySectors = settings.enabled ? [...new Set([...current, ...settings.encrypted_sectors])] : current;
    const row = await trx
      .insertInto('cards')
      .values({
        hotel_id: hotelId,
        stay_id: spec.stayId ?? null,
        room_id: spec.room?.id ?? null,
        card_number: cardNumber,
        type: spec.type,
        note: spec.note ?? '',
        building: spec.building ?? null,
        floor: spec.floor ?? null,
        mac_id: spec.type === CARD_TYPE.normal ? (spec.room?.mac_id ?? null) : null,
        start_time: spec.start,
        end_time: spec.end,
        sequence: counters.card_sequence,
        status: 'pending',
        uid: spec.uid,
        encrypted: keySectors.length > 0,
        blocks: JSON.stringify(blocks),
        issued_by: ctx.user.id,
        unsubscribe_old: spec.unsubscribeOld,
        access_controls: spec.accessControls ?? [],
        room_ids: spec.roomIds ?? [],
        pending_expires_at: new Date(now.getTime() + PENDING_SECONDS * 1000),
        key_sectors: keySectors,
        issuer_role: issuerRole,
        replaces_id: spec.replaces?.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });

  const card = await cardQuery(ctx.db).where('c.id', '=', id).executeTakeFirstOrThrow();
  const steps = await cardWriteSteps(ctx, card);
  const plan: WritePlan = {
    id: card.id,
    card_id: card.card_number,
    uid: spec.uid,
    ...steps,
    expires_at: epochSeconds(card.pending_expires_at) as number,
    card: cardView(card),
  };
  ctx.audit(
    `Card ${card.card_number} (${cardTypeName(card.type)}${card.room_name ? `, room ${card.room_name}` : ''}): write planned for UID ${spec.uid}`,
  );
  return plan;
}

/**
 * Makes the hotel's unconfirmed plans 'void': those expired (after PENDING_SECONDS) and, with `superseded`, the
 * pending ones for the same stay or the same UID. The record is kept; every lock the planned card would open gets a
 * 'delete' (a card written but never confirmed must not keep opening it) unless the card's validity has passed.
 * Runs in the caller's transaction or on its own; a plan confirmed meanwhile is left alone (status checked).
 */
export async function voidPlans(
  db: CardDb,
  hotelId: number,
  now: Date,
  superseded?: { stayId: number | null; uid: string },
): Promise<number> {
  const run = async (trx: CardDb) => {
    const voided = await trx
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
      .returning([
        'id',
        'hotel_id',
        'type',
        'room_id',
        'building',
        'floor',
        'room_ids',
        'access_controls',
        'end_time',
      ])
      .execute();
    for (const card of voided) {
      if (card.end_time && card.end_time.getTime() <= now.getTime()) continue;
      await queueLockSync(trx, card, await roomsOpenedBy(trx, card), 'delete', now);
    }
    return voided.length;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** voidPlans for the caller's hotel (lazy expiry at a card call). */
export async function expirePlans(ctx: UserContext): Promise<void> {
  await voidPlans(ctx.db, ctx.requireHotelId(), ctx.now());
}

/**
 * The writes and read-backs of a card record on its UID: data blocks with the keys the card carries now (as last
 * verified), then the trailers of the sectors whose key changes. The same at step two as at step one, as long as
 * the card's keys did not change in between.
 */
export async function cardWriteSteps(
  ctx: UserContext,
  card: { hotel_id: number; uid: string | null; blocks: Record<string, string>; key_sectors: number[] },
): Promise<{ writes: WriteStep[]; verify: VerifyStep[] }> {
  const uid = card.uid as string;
  const currentSectors = await uidKeySectors(ctx.db, card.hotel_id, uid);
  const blocks: Record<number, string> = {};
  for (const [block, data] of Object.entries(card.blocks)) blocks[Number(block)] = data;
  return keyChangeSteps(ctx, card.hotel_id, uid, blocks, currentSectors, card.key_sectors);
}

/** The steps that write `blocks` and take the card from diversified keys in `from` sectors to those in `to`. */
export async function keyChangeSteps(
  ctx: UserContext,
  hotelId: number,
  uid: string,
  blocks: Record<number, string>,
  from: readonly number[],
  to: readonly number[],
): Promise<{ writes: WriteStep[]; verify: VerifyStep[] }> {
  const involved = [
    ...new Set([...Object.keys(blocks).map((b) => sectorOf(Number(b))), ...from, ...to]),
  ].sort((a, b) => a - b);
  const currentKeys = await keysBySector(ctx, hotelId, uid, involved, from);
  const targetKeys = await keysBySector(ctx, hotelId, uid, involved, to);
  const newKeys: Record<number, string> = {};
  for (const s of involved) if (targetKeys[s] !== currentKeys[s]) newKeys[s] = targetKeys[s] as string;
  const writes = planCardWrite({ blocks, currentKeys, newKeys });
  if (!writes.ok) refuse(writes);
  const verify = planCardVerify({ blocks, currentKeys, newKeys });
  if (!verify.ok) refuse(verify);
  return { writes: writes.value, verify: verify.value };
}

/** Checks a read-back against the verify steps: WRONG_CARD, CARD_WRITE_UNVERIFIED. */
export function requireReadBack(
  expectedUid: string,
  uid: string,
  verify: readonly VerifyStep[],
  read: Record<number, string>,
): void {
  const checked = checkCardReadBack({ expectedUid, uid, verify, blocks: read });
  if (!checked.ok) refuse(checked);
}

/** Blocks read back by the console: "<block>": 32 hex, upper-cased; FIELD_INVALID for anything else. */
export function readBlocks(value: Record<string, unknown>, field = 'blocks'): Record<number, string> {
  const out: Record<number, string> = {};
  const entries = Object.entries(value);
  if (entries.length > 64) throw failure('FIELD_INVALID', { field });
  for (const [key, data] of entries) {
    const block = Number(key);
    if (!/^\d{1,3}$/.test(key) || block > 255 || typeof data !== 'string' || !/^[0-9A-Fa-f]{32}$/.test(data))
      throw failure('FIELD_INVALID', { field });
    out[block] = data.toUpperCase();
  }
  return out;
}

/**
 * Step two: the console's read-back of a pending card. Every block of the plan must read back exactly as written,
 * from the same card (uid), before the plan expires; only then is the card issued, the card it replaces withdrawn,
 * older cards superseded ('unsubscribe old card') and what the locks must learn queued.
 */
export async function confirmCard(
  ctx: UserContext,
  body: { id: number; card_uid: string; blocks: Record<string, unknown> },
): Promise<CardView> {
  const hotelId = ctx.requireHotelId();
  const uid = body.card_uid.toUpperCase();
  const read = readBlocks(body.blocks);
  await voidPlans(ctx.db, hotelId, ctx.now());
  const card = await cardQuery(ctx.db)
    .where('c.id', '=', body.id)
    .where('c.hotel_id', '=', hotelId)
    .where('c.issued_by', '=', ctx.user.id)
    .executeTakeFirst();
  if (!card) throw failure('NOT_FOUND');
  if (card.status === 'issued' && card.uid === uid) return cardView(card);
  // Expired or superseded by a newer plan: that write can no longer be confirmed; the console starts again.
  if (card.status === 'void') throw failure('CARD_ISSUE_EXPIRED');
  if (card.status !== 'pending') throw failure('NOT_FOUND');
  await requireCardScope(ctx, card);
  const now = ctx.now();
  if (!card.pending_expires_at || now.getTime() > card.pending_expires_at.getTime())
    throw failure('CARD_ISSUE_EXPIRED');
  if (card.uid !== uid) throw failure('WRONG_CARD');
  const { verify } = await cardWriteSteps(ctx, card);
  try {
    requireReadBack(card.uid, uid, verify, read);
  } catch (e) {
    // The hotel hears of a card that did not take its write (API.md §14), once per card until read or deleted.
    if (e instanceof AppError && e.code === 'CARD_WRITE_UNVERIFIED')
      await postMessage(ctx.db, {
        hotelId,
        kind: 'card_write_failed',
        subject: `card:${card.id}`,
        roomId: card.room_id,
        params: { card_id: card.card_number, type: card.type, room_name: card.room_name ?? '', uid },
        now,
      });
    throw e;
  }

  await ctx.db.transaction().execute(async (trx) => {
    // Rewrites of one card confirmed at the same time take turns (the hotel's card row, locked first as step one
    // locks it), so the later one sees the earlier one's issued card and withdraws it.
    if (card.replaces_id !== null)
      await trx
        .selectFrom('hotel_cards')
        .select('hotel_id')
        .where('hotel_id', '=', hotelId)
        .forUpdate()
        .execute();
    const locked = await trx
      .selectFrom('cards')
      .select('status')
      .where('id', '=', card.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.status === 'void') throw failure('CARD_ISSUE_EXPIRED');
    if (locked.status !== 'pending') throw failure('NOT_FOUND');
    // The replaced card keeps its number on whatever physical card carries it: it is withdrawn and its locks learn
    // to refuse that number (as passenger/deleteCardByCardId does). So is another rewrite of it verified in the
    // meantime (two /card/setTime pages): the last verified replacement is the one issued card.
    if (card.replaces_id !== null) {
      const retired = await trx
        .updateTable('cards')
        .set({ status: 'withdrawn', withdrawn_at: now, updated_at: now })
        .where('hotel_id', '=', hotelId)
        .where('status', '=', 'issued')
        .where('id', '<>', card.id)
        .where((eb) => eb.or([eb('id', '=', card.replaces_id), eb('replaces_id', '=', card.replaces_id)]))
        .returning(['id', 'hotel_id', 'type', 'room_id', 'building', 'floor', 'room_ids', 'access_controls'])
        .execute();
      for (const old of retired) await queueLockSync(trx, old, await roomsOpenedBy(trx, old), 'delete', now);
    }
    await trx
      .updateTable('cards')
      .set({ status: 'issued', issued_at: now, pending_expires_at: null, updated_at: now })
      .where('id', '=', card.id)
      .execute();
    if (card.unsubscribe_old) {
      let older = trx
        .updateTable('cards')
        .set({ superseded_by: card.id, updated_at: now })
        .where('hotel_id', '=', hotelId)
        .where('type', '=', card.type)
        .where('status', '=', 'issued')
        .where('sequence', '<', card.sequence)
        .where('superseded_by', 'is', null)
        .where('id', '<>', card.id);
      // Only cards every lock of which the new card opens: a lock learns 'unsubscribe old' from the new card held
      // to it, so a building card of building 2 never stops one of building 1 (nor a card outside the issuer's
      // reach).
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
    const learn: number[] = [...card.access_controls];
    if (card.type === CARD_TYPE.universal)
      learn.push(...(await roomsOpenedBy(trx, { ...card, access_controls: [] })));
    await queueLockSync(trx, card, [...new Set(learn)], 'learn', now);
    await setUidKeySectors(trx, hotelId, uid, card.key_sectors, now);
    await trx
      .updateTable('cards')
      .set({ encrypted: card.key_sectors.length > 0, updated_at: now })
      .where('hotel_id', '=', hotelId)
      .where('uid', '=', uid)
      .where('status', 'in', ['issued', 'withdrawn'])
      .execute();
  });
  ctx.audit(
    `Card ${card.card_number} (${cardTypeName(card.type)}${card.room_name ? `, room ${card.room_name}` : ''}) issued on UID ${uid}`,
  );
  return loadCardView(ctx.db, card.id);
}

/** Withdraws or deletes a card: the locks it opened learn it by their next Bluetooth unlock. */
export async function retireCard(
  ctx: UserContext,
  card: CardRow,
  status: 'withdrawn' | 'deleted',
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('cards')
      .set(
        status === 'deleted'
          ? { status, deleted_at: now, updated_at: now }
          : { status, withdrawn_at: now, updated_at: now },
      )
      .where('id', '=', card.id)
      .where('status', '=', card.status)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw failure('NOT_FOUND');
    // A pending plan may have been written already: its locks refuse it as well.
    if (card.status === 'issued' || card.status === 'pending')
      await queueLockSync(trx, card, await roomsOpenedBy(trx, card), 'delete', now);
  });
}
