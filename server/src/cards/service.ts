/**
 * The rules of issuing a key card (API.md §8, §8.1): who may act on which card, the checks of the three plan calls
 * (spec §6), and the two steps of every card write.
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
 *
 * Choices where the spec is silent:
 * - master and super cards are issued by the super administrator only (a secondary administrator's master card is
 *   not valid, and the lock rule refuses it anyway); building and floor cards of a secondary administrator or staff
 *   member only for a building (and floor) where they have a room;
 * - a universal card with no rooms named opens every lock of the hotel: only the super administrator issues that;
 * - `replace_id` issues a new validity for an issued card under a NEW number (the replaced card may be another
 *   physical card); the old record is withdrawn and its locks learn to refuse its number when the new write is
 *   verified (/card/setTime).
 */
import {
  type BodyOf,
  bytesToHex,
  CARD_TYPE,
  type CardCounts,
  type CardTypeCode,
  type cardCalls,
  checkAccessControls,
  checkCardExpiry,
  checkCardReadBack,
  type DeletedCard,
  encodeEmptyGuestCard,
  encodeGuestCard,
  type IssuerRole,
  type KeyCard,
  planCardVerify,
  planCardWrite,
  signCardBlocks,
  type VerifyStep,
  type WithdrawnCard,
  type WritePlan,
  type WriteStep,
} from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import type { Db } from '../db/index.js';
import type { Room } from '../db/schema.js';
import { AppError, failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { TRANSPORT_KEY } from '../services/card-keys.js';
import { postMessage } from '../services/messages.js';
import { findStay } from '../shared/credential-common.js';
import { callerScope } from '../shared/room-views.js';
import {
  assignedRoomPlaces,
  type CardRow,
  type CardViewer,
  countCards,
  findCard,
  findIssuedCardByNumber,
  findOwnPlan,
  insertPendingCard,
  loadCard,
  lockCardStatus,
  lockHotelCards,
  markIssued,
  markUidRecordsEncrypted,
  nextCardNumbers,
  queueLockSync,
  roomsOpenedBy,
  setCardNote,
  setRetired,
  setUidKeySectors,
  stayCardTerms,
  supersedeOlderCards,
  uidKeySectors,
  voidStalePlans,
  withdrawReplaced,
} from './repository/key-cards.js';
import { cardTypeName, cardView } from './views.js';

/** A pending card must be written and verified within this time (contract B: 120 s). */
export const PENDING_SECONDS = 120;

/** The data blocks of a card: guest sector (4, 5, 6), signature (53) and check block (54). */
export const CARD_DATA_BLOCKS = [4, 5, 6, 53, 54] as const;

/** Whose cards the caller's lists show (PERMISSION_DENIED for an account with no room scope). */
export function cardViewer(ctx: UserContext): CardViewer {
  const { hotelId, scope } = callerScope(ctx);
  return { hotelId, scope, userId: ctx.user.id };
}

/** The role written into the card: a secondary administrator's or staff member's master card is not valid. */
export function issuerRoleOf(ctx: UserContext): IssuerRole {
  return ctx.user.role === 'super' ? 'main' : ctx.user.role === 'secondary' ? 'secondary' : 'staff';
}

/**
 * A card of the caller's hotel the caller may act on (NOT_FOUND / PERMISSION_DENIED): a room-bound card by the
 * room's scope (credential.manage), a hotel-wide one by a super administrator or its issuer.
 */
export async function requireCard(ctx: UserContext, id: number): Promise<CardRow> {
  const row = await findCard(ctx.db, ctx.requireHotelId(), id);
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

// ---- step one: the plan calls' rules -------------------------------------------------------------------------

/** The validity of a special card: start (default now) and expiry by the rules of spec §5. */
function validity(ctx: UserContext, start: Date | undefined, end: Date): { start: Date; end: Date } {
  const now = ctx.now();
  const from = start ?? now;
  const refused = checkCardExpiry(end.getTime(), now.getTime());
  if (refused) throw failure(refused, { field: 'end_time' });
  if (end.getTime() <= from.getTime()) throw failure('END_BEFORE_START', { field: 'end_time' });
  return { start: from, end };
}

/** The rooms with access control named for a card: at most 3, each of the hotel, in scope and an access control. */
async function accessControlRooms(ctx: UserContext, ids: number[] | undefined): Promise<number[]> {
  const unique = [...new Set(ids ?? [])];
  if (checkAccessControls(unique)) throw failure('TOO_MANY_ACCESS_CONTROLS', { field: 'access_controls' });
  for (const id of unique) {
    const room = await ctx.requireRoom(id, 'credential.manage');
    if (!room.access_control) throw failure('FIELD_INVALID', { field: 'access_controls' });
  }
  return unique;
}

/** The issued card `replace_id` names, of the same type and in the caller's reach. */
async function replaced(ctx: UserContext, id: number | undefined, type: number): Promise<CardRow | null> {
  if (id === undefined) return null;
  const card = await requireCard(ctx, id);
  if (card.status !== 'issued' || card.type !== type) throw failure('FIELD_INVALID', { field: 'replace_id' });
  return card;
}

/** Buildings (and building-floor pairs) of the rooms assigned to a secondary administrator or staff member. */
async function assignedPlaces(ctx: UserContext): Promise<{ buildings: Set<number>; floors: Set<string> }> {
  const rows = await assignedRoomPlaces(ctx.db, ctx.user.id, ctx.requireHotelId());
  const buildings = new Set<number>();
  const floors = new Set<string>();
  for (const r of rows) {
    if (r.building !== null) buildings.add(r.building);
    if (r.building !== null && r.floor !== null) floors.add(`${r.building}/${r.floor}`);
  }
  return { buildings, floors };
}

/** Spec §6 for master, building and floor cards. */
async function checkFeatureCardRights(
  ctx: UserContext,
  type: number,
  building: number | undefined,
  floor: number | undefined,
): Promise<void> {
  ctx.require('credential.manage');
  if (ctx.user.role === 'super') return;
  // A secondary administrator's (or staff member's) master card is not valid: it is not issued.
  if (type === CARD_TYPE.master || type === CARD_TYPE.super) throw failure('MASTER_CARD_NOT_VALID');
  const places = await assignedPlaces(ctx);
  if (building === undefined || !places.buildings.has(building)) throw failure('PERMISSION_DENIED');
  if (type === CARD_TYPE.floor && !places.floors.has(`${building}/${floor}`))
    throw failure('PERMISSION_DENIED');
}

/** room/sendCard: a guest card of an active or reserved stay, valid from check-in to estimated check-out. */
export async function planGuestCard(
  ctx: UserContext,
  body: BodyOf<typeof cardCalls.planGuestCard>,
): Promise<WritePlan> {
  const stay = await findStay(ctx, body.stay_id);
  const room = await ctx.requireRoom(stay.room_id, 'credential.manage');
  if (stay.status !== 'active' && stay.status !== 'reserved') throw failure('STAY_CLOSED');
  const terms = await stayCardTerms(ctx.db, stay.id);
  if (terms.frozen) throw failure('TENANT_FROZEN');
  if (!room.mac_id) throw failure('FIELD_REQUIRED', { field: 'mac_id' });
  const refused = checkCardExpiry(terms.check_out.getTime(), ctx.now().getTime());
  if (refused) throw failure(refused, { field: 'end_time' });
  return planCard(ctx, {
    type: CARD_TYPE.normal,
    uid: body.card_uid.toUpperCase(),
    start: terms.check_in,
    end: terms.check_out,
    stayId: stay.id,
    room,
    building: room.building,
    floor: room.floor,
    unsubscribeOld: body.unsubscribe_old ?? terms.disable_old_cards,
  });
}

/** room/cardAdd: a master, building or floor card (spec §6). */
export async function planFunctionCard(
  ctx: UserContext,
  body: BodyOf<typeof cardCalls.planFunctionCard>,
): Promise<WritePlan> {
  const type = body.type as CardTypeCode;
  const building = body.building === 0 ? undefined : body.building;
  const floor = body.floor === 0 ? undefined : body.floor;
  if (type !== CARD_TYPE.master && building === undefined)
    throw failure('BUILDING_REQUIRED', { field: 'building' });
  if (type === CARD_TYPE.floor && floor === undefined) throw failure('FLOOR_REQUIRED', { field: 'floor' });
  await checkFeatureCardRights(ctx, type, building, floor);
  const { start, end } = validity(ctx, body.start_time, body.end_time);
  const accessControls = await accessControlRooms(ctx, body.access_controls);
  const old = await replaced(ctx, body.replace_id, type);
  return planCard(ctx, {
    type,
    uid: body.card_uid.toUpperCase(),
    start,
    end,
    note: body.note,
    building: type === CARD_TYPE.master ? null : (building ?? null),
    floor: type === CARD_TYPE.floor ? (floor ?? null) : null,
    unsubscribeOld: body.unsubscribe_old ?? false,
    accessControls,
    replaces: old,
  });
}

/** lock/managerAddNew: a universal card (for the rooms named, or every lock) or a super card. */
export async function planManagerCard(
  ctx: UserContext,
  body: BodyOf<typeof cardCalls.planManagerCard>,
): Promise<WritePlan> {
  const type = body.type as CardTypeCode;
  const roomIds = [...new Set(body.room_ids ?? [])];
  if (type === CARD_TYPE.super) {
    if (ctx.user.role !== 'super') throw failure('MASTER_CARD_NOT_VALID');
  } else if (roomIds.length === 0 && ctx.user.role !== 'super') {
    // Every lock of the hotel: only the main administrator holds them all.
    throw failure('PERMISSION_DENIED');
  }
  for (const id of roomIds) await ctx.requireRoom(id, 'credential.manage');
  const { start, end } = validity(ctx, body.start_time, body.end_time);
  const old = await replaced(ctx, body.replace_id, type);
  return planCard(ctx, {
    type,
    uid: body.card_uid.toUpperCase(),
    start,
    end,
    note: body.note,
    unsubscribeOld: body.unsubscribe_old ?? false,
    roomIds: type === CARD_TYPE.universal ? roomIds : [],
    replaces: old,
  });
}

// ---- the two steps of a card write ----------------------------------------------------------------------------

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
    const counters = await nextCardNumbers(trx, hotelId, now);
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
    return insertPendingCard(
      trx,
      {
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
        uid: spec.uid,
        encrypted: keySectors.length > 0,
        blocks,
        issued_by: ctx.user.id,
        unsubscribe_old: spec.unsubscribeOld,
        access_controls: spec.accessControls ?? [],
        room_ids: spec.roomIds ?? [],
        pending_expires_at: new Date(now.getTime() + PENDING_SECONDS * 1000),
        key_sectors: keySectors,
        issuer_role: issuerRole,
        replaces_id: spec.replaces?.id ?? null,
      },
      now,
    );
  });

  const card = await loadCard(ctx.db, id);
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
  db: Db,
  hotelId: number,
  now: Date,
  superseded?: { stayId: number | null; uid: string },
): Promise<number> {
  const run = async (trx: Db) => {
    const voided = await voidStalePlans(trx, hotelId, now, superseded);
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

/** The sector a MIFARE Classic 1K block belongs to. */
const sectorOf = (block: number): number => Math.floor(block / 4);

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
): Promise<KeyCard> {
  const hotelId = ctx.requireHotelId();
  const uid = body.card_uid.toUpperCase();
  const read = readBlocks(body.blocks);
  await voidPlans(ctx.db, hotelId, ctx.now());
  const card = await findOwnPlan(ctx.db, hotelId, ctx.user.id, body.id);
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
    if (card.replaces_id !== null) await lockHotelCards(trx, hotelId);
    const status = await lockCardStatus(trx, card.id);
    if (status === 'void') throw failure('CARD_ISSUE_EXPIRED');
    if (status !== 'pending') throw failure('NOT_FOUND');
    // The replaced card keeps its number on whatever physical card carries it: it is withdrawn and its locks learn
    // to refuse that number (as passenger/deleteCardByCardId does). So is another rewrite of it verified in the
    // meantime (two /card/setTime pages): the last verified replacement is the one issued card.
    if (card.replaces_id !== null) {
      const retired = await withdrawReplaced(trx, hotelId, card.replaces_id, card.id, now);
      for (const old of retired) await queueLockSync(trx, old, await roomsOpenedBy(trx, old), 'delete', now);
    }
    await markIssued(trx, card.id, now);
    if (card.unsubscribe_old) await supersedeOlderCards(trx, card, now);
    const learn: number[] = [...card.access_controls];
    if (card.type === CARD_TYPE.universal)
      learn.push(...(await roomsOpenedBy(trx, { ...card, access_controls: [] })));
    await queueLockSync(trx, card, [...new Set(learn)], 'learn', now);
    await setUidKeySectors(trx, hotelId, uid, card.key_sectors, now);
    await markUidRecordsEncrypted(trx, hotelId, uid, card.key_sectors.length > 0, now);
  });
  ctx.audit(
    `Card ${card.card_number} (${cardTypeName(card.type)}${card.room_name ? `, room ${card.room_name}` : ''}) issued on UID ${uid}`,
  );
  return cardView(await loadCard(ctx.db, card.id));
}

// ---- after a card is issued ------------------------------------------------------------------------------------

/** Withdraws or deletes a card: the locks it opened learn it by their next Bluetooth unlock. */
export async function retireCard(
  ctx: UserContext,
  card: CardRow,
  status: 'withdrawn' | 'deleted',
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await setRetired(trx, card.id, card.status, status, now))) throw failure('NOT_FOUND');
    // A pending plan may have been written already: its locks refuse it as well.
    if (card.status === 'issued' || card.status === 'pending')
      await queueLockSync(trx, card, await roomsOpenedBy(trx, card), 'delete', now);
  });
}

/** Deletes a card (pending, issued or withdrawn): the locks it opened learn it by their next Bluetooth unlock. */
export async function deleteCard(ctx: UserContext, id: number): Promise<DeletedCard> {
  const card = await requireCard(ctx, id);
  if (card.status === 'deleted') throw failure('NOT_FOUND');
  await retireCard(ctx, card, 'deleted');
  ctx.audit(`Card ${card.card_number}${card.room_name ? ` (room ${card.room_name})` : ''} deleted`);
  const after = await loadCard(ctx.db, card.id);
  return { id: card.id, status: 'deleted', lock_sync: cardView(after).lock_sync };
}

/** lock/managerDelete: deletes a universal or super card (NOT_FOUND for another type). */
export async function deleteManagerCard(ctx: UserContext, id: number): Promise<DeletedCard> {
  const card = await requireCard(ctx, id);
  if (card.type !== CARD_TYPE.universal && card.type !== CARD_TYPE.super) throw failure('NOT_FOUND');
  return deleteCard(ctx, id);
}

/** Withdraws the issued card of a number the guest gave back, with the plan that empties it on the encoder. */
export async function withdrawCard(ctx: UserContext, cardNumber: string): Promise<WithdrawnCard> {
  const card = await findIssuedCardByNumber(ctx.db, ctx.requireHotelId(), cardNumber);
  if (!card) throw failure('CARD_NOT_ISSUED');
  await requireCardScope(ctx, card);
  await retireCard(ctx, card, 'withdrawn');
  ctx.audit(`Card ${card.card_number}${card.room_name ? ` (room ${card.room_name})` : ''} withdrawn`);
  return { id: card.id, status: 'withdrawn', lock_sync: 'pending', erase: await eraseCardPlan(ctx, card) };
}

/**
 * The plan that empties a withdrawn card and gives its sectors their transport keys back, for the console to run
 * if it finds that card (uid) on the encoder; null for a card with no UID on record.
 */
export async function eraseCardPlan(ctx: UserContext, card: CardRow): Promise<WriteStep[] | null> {
  if (!card.uid) return null;
  const empty = encodeEmptyGuestCard({ hotelId: card.hotel_id, cardNumber: card.card_number });
  if (!empty.ok) return null;
  const blocks: Record<number, string> = {};
  for (const [block, bytes] of Object.entries(empty.value.blocks))
    blocks[Number(block)] = bytesToHex(bytes).toUpperCase();
  blocks[53] = '0'.repeat(32);
  const carried = await uidKeySectors(ctx.db, card.hotel_id, card.uid);
  return (await keyChangeSteps(ctx, card.hotel_id, card.uid, blocks, carried, [])).writes;
}

/** room/addCardMark: a card's note (not a pending plan's). */
export async function noteCard(ctx: UserContext, id: number, note: string | undefined): Promise<KeyCard> {
  const card = await requireCard(ctx, id);
  if (card.status === 'pending') throw failure('NOT_FOUND');
  await setCardNote(ctx.db, card.id, note ?? '', ctx.now());
  ctx.audit(`Card ${card.card_number}: note changed`);
  return cardView({ ...card, note: note ?? '' });
}

/** room/getUserCardNum: the caller's cards counted, issued ones by type, and those a lock has to learn about. */
export async function cardCounts(ctx: UserContext): Promise<CardCounts> {
  await expirePlans(ctx);
  const rows = await countCards(ctx.db, cardViewer(ctx));
  const byType: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
  let total = 0;
  let issued = 0;
  let pendingSync = 0;
  for (const r of rows) {
    total += Number(r.n);
    pendingSync += Number(r.unsynced);
    if (r.status === 'issued') {
      issued += Number(r.n);
      byType[String(r.type)] = (byType[String(r.type)] ?? 0) + Number(r.n);
    }
  }
  return { total, issued, byType, pending_sync: pendingSync };
}
