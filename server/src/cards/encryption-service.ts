/**
 * Card encryption and the card check (API.md §8.5; issue 9 §4). A hotel chooses which sectors are encrypted (always
 * 1 and 13: the guest record, its signature and the check block); an encrypted card carries, in those sectors, keys
 * diversified from the hotel card secret for its own UID (services/card-keys.ts), so one card's keys open no other
 * card. Every card the server plans is signed (block 53) for its UID whether or not the hotel encrypts;
 * room/sendCardCheck gives the server's verdict on a card read at the desk.
 */
import {
  ALWAYS_ENCRYPTED_SECTORS,
  CARD_READ,
  type CardCheckReason,
  type CardReadKeys,
  type CardVerdict,
  decodeGuestCard,
  type EncryptionPlan,
  type EncryptionSetting,
  type EncryptionState,
  type KeyChange,
  verifyCardBlocks,
} from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import { failure } from '../errors.js';
import { pageOfCards } from '../shared/card-common.js';
import { listEncryptionCards, setCardKeySectors, setEncryptedSectors } from './repository/encryption.js';
import {
  type CardRow,
  knownUidKeySectors,
  newestCardOfNumber,
  newestCardOfUid,
  setUidKeySectors,
  uidKeySectors,
} from './repository/key-cards.js';
import {
  cardViewer,
  keyChangeSteps,
  keysBySector,
  readBlocks,
  requireCardScope,
  requireReadBack,
} from './service.js';
import { cardView } from './views.js';

/** The blocks a card check reads: the guest record, the signature and the check block. */
const CHECK_BLOCKS = [4, 5, 6, 53, 54] as const;

/** Turns encryption on with these sectors (1 and 13 among them); the hotel's card secret is made if need be. */
export async function enableEncryption(ctx: UserContext, asked: number[]): Promise<EncryptionSetting> {
  const hotelId = ctx.requireHotelId();
  const sectors = [...new Set(asked)].sort((a, b) => a - b);
  if (!ALWAYS_ENCRYPTED_SECTORS.every((s) => sectors.includes(s)))
    throw failure('FIELD_INVALID', { field: 'sectors' });
  await ctx.app.cardKeys.hotelCardSecret(ctx.db, hotelId);
  await setEncryptedSectors(ctx.db, hotelId, sectors, ctx.now());
  ctx.audit(`Card encryption on, sectors ${sectors.join(', ')}`);
  return { enabled: true, sectors };
}

/** Turns encryption off: new cards keep transport keys. */
export async function disableEncryption(ctx: UserContext): Promise<EncryptionSetting> {
  await setEncryptedSectors(ctx.db, ctx.requireHotelId(), [], ctx.now());
  ctx.audit('Card encryption off');
  return { enabled: false, sectors: [] };
}

/** The hotel's encryption and a page of its issued cards with their encryption. */
export async function encryptionState(
  ctx: UserContext,
  asked: { page?: number; limit?: number; pageSize?: number },
): Promise<EncryptionState> {
  const hotelId = ctx.requireHotelId();
  const settings = await ctx.app.cardKeys.settings(ctx.db, hotelId);
  const { cards: page, encrypted } = await listEncryptionCards(
    ctx.db,
    cardViewer(ctx),
    pageOfCards(asked),
    (row) => ({
      id: row.id,
      card_id: row.card_number,
      // Only cards with a UID are listed.
      uid: row.uid as string,
      type_name: cardView(row).type_name,
      encrypted: row.encrypted,
    }),
  );
  return {
    enabled: settings.enabled,
    sectors: settings.encrypted_sectors,
    encrypted_cards: encrypted,
    cards: page.list,
    total: page.total,
    page: page.page,
    limit: page.limit,
    pageSize: page.limit,
  };
}

/** The plan that encrypts the card `uid` with the hotel's sectors, or (decrypt) gives it transport keys back. */
export async function planKeyChange(
  ctx: UserContext,
  uid: string,
  decrypt: boolean,
): Promise<EncryptionPlan> {
  const hotelId = ctx.requireHotelId();
  const settings = await ctx.app.cardKeys.settings(ctx.db, hotelId);
  const carried = await uidKeySectors(ctx.db, hotelId, uid);
  const known = await newestCardOfUid(ctx.db, hotelId, uid);
  // A card of the hotel is changed only by whoever may act on it.
  if (known) await requireCardScope(ctx, known);
  const target = decrypt ? [] : settings.encrypted_sectors;
  if (!decrypt && !settings.enabled) throw failure('ENCRYPTION_NOT_ENABLED');
  if (decrypt && carried.length === 0) throw failure('CARD_NOT_ENCRYPTED');
  const { writes, verify } = await keyChangeSteps(ctx, hotelId, uid, {}, carried, target);
  ctx.audit(`Card UID ${uid}: ${decrypt ? 'decryption' : 'encryption'} planned`);
  return {
    id: known?.id ?? 0,
    uid,
    decrypt,
    sectors: target,
    writes,
    verify,
    card: known ? cardView(known) : null,
  };
}

/**
 * Confirms a card's key change (encrypt: `to` = the hotel's sectors; decrypt: `to` = []): the blocks read back
 * must prove every changed sector's new key (planCardVerify of the same change).
 */
async function confirmKeyChange(
  ctx: UserContext,
  hotelId: number,
  uid: string,
  to: readonly number[],
  read: Record<number, string>,
): Promise<CardRow | undefined> {
  const before = await newestCardOfUid(ctx.db, hotelId, uid);
  if (before) await requireCardScope(ctx, before);
  const carried = await uidKeySectors(ctx.db, hotelId, uid);
  const { verify } = await keyChangeSteps(ctx, hotelId, uid, {}, carried, to);
  requireReadBack(uid, uid, verify, read);
  const now = ctx.now();
  await setUidKeySectors(ctx.db, hotelId, uid, to, now);
  await setCardKeySectors(ctx.db, hotelId, uid, to, now);
  return newestCardOfUid(ctx.db, hotelId, uid);
}

/** room/sendCardEncryptionSyntony: the card `uid` now carries the hotel's keys in its encrypted sectors. */
export async function confirmEncryption(
  ctx: UserContext,
  uid: string,
  blocks: Record<string, unknown>,
): Promise<KeyChange> {
  const hotelId = ctx.requireHotelId();
  const settings = await ctx.app.cardKeys.settings(ctx.db, hotelId);
  if (!settings.enabled) throw failure('ENCRYPTION_NOT_ENABLED');
  const known = await confirmKeyChange(ctx, hotelId, uid, settings.encrypted_sectors, readBlocks(blocks));
  ctx.audit(`Card UID ${uid} encrypted (sectors ${settings.encrypted_sectors.join(', ')})`);
  return { id: known?.id ?? 0, uid, encrypted: true, sectors: settings.encrypted_sectors };
}

/** room/sendCardDecodeSyntony: the card `uid` is back on transport keys. */
export async function confirmDecryption(
  ctx: UserContext,
  uid: string,
  blocks: Record<string, unknown>,
): Promise<KeyChange> {
  const hotelId = ctx.requireHotelId();
  if ((await uidKeySectors(ctx.db, hotelId, uid)).length === 0) throw failure('CARD_NOT_ENCRYPTED');
  const known = await confirmKeyChange(ctx, hotelId, uid, [], readBlocks(blocks));
  ctx.audit(`Card UID ${uid} decrypted`);
  return { id: known?.id ?? 0, uid, encrypted: false, sectors: [] };
}

/**
 * The keys to read the card `uid` with (sectors 1–15): the card's diversified key where it carries one (as last
 * verified; for a card never seen, the hotel's encrypted sectors), else the transport key.
 */
export async function checkData(ctx: UserContext, uid: string): Promise<CardReadKeys> {
  const hotelId = ctx.requireHotelId();
  const settings = await ctx.app.cardKeys.settings(ctx.db, hotelId);
  const carried = (await knownUidKeySectors(ctx.db, hotelId, uid)) ?? settings.encrypted_sectors;
  const all: number[] = [];
  for (let s = CARD_READ.sectorScanFirst; s <= CARD_READ.sectorScanLast; s++) all.push(s);
  const keys = await keysBySector(ctx, hotelId, uid, all, carried);
  return {
    uid,
    keys,
    encrypted_sectors: carried.sort((a, b) => a - b),
    hotel_encrypted_sectors: settings.encrypted_sectors,
  };
}

/** The server's verdict on a card read at the desk: its signature, then what the records say. */
export async function checkCard(
  ctx: UserContext,
  uid: string,
  read: Record<number, string>,
): Promise<CardVerdict> {
  const hotelId = ctx.requireHotelId();
  const verdict = (reason: CardCheckReason, card: CardRow | null = null): CardVerdict => ({
    valid: reason === 'ok',
    reason,
    card: card ? cardView(card) : null,
  });
  for (const block of CHECK_BLOCKS)
    if (read[block] === undefined) throw failure('FIELD_INVALID', { field: 'blocks' });
  const decoded = decodeGuestCard({ 4: read[4]!, 5: read[5]!, 6: read[6]! });
  if (!decoded.ok) {
    if (decoded.code === 'EXTERNAL_CARD') return verdict('external');
    // A LockDesk record whose CRC or fields no longer hold: its content was changed.
    return verdict('tampered');
  }
  if (!decoded.value.isLockDesk || decoded.value.isEmpty) return verdict('unknown');
  if (decoded.value.hotelId !== hotelId) return verdict('external');
  const macKey = await ctx.app.cardKeys.cardMacKey(ctx.db, hotelId);
  const signed = verifyCardBlocks({
    macKeyHex: macKey,
    uidHex: uid,
    blocks: { 4: read[4]!, 5: read[5]!, 6: read[6]!, 53: read[53]!, 54: read[54]! },
  });
  if (!signed.ok) {
    if (signed.code === 'CARD_COPIED') return verdict('copied');
    if (signed.code === 'CARD_UNSIGNED') return verdict('unsigned');
    return verdict('tampered');
  }
  const card = await newestCardOfNumber(ctx.db, cardViewer(ctx), decoded.value.card_id);
  if (!card) return verdict('unknown');
  if (card.uid !== null && card.uid !== uid) return verdict('copied', card);
  for (const [block, data] of Object.entries(card.blocks)) {
    if (read[Number(block)] !== undefined && read[Number(block)] !== data.toUpperCase()) {
      // Signed for this UID but not what this record wrote: an older write of the same number (a replaced card).
      return verdict(
        card.status === 'issued' || card.status === 'void' ? 'withdrawn' : (card.status as CardCheckReason),
        card,
      );
    }
  }
  if (card.status === 'withdrawn' || card.status === 'deleted') return verdict(card.status, card);
  // Written from a plan never confirmed: its locks were told to refuse it, as for a withdrawn card.
  if (card.status === 'void') return verdict('withdrawn', card);
  if (card.end_time && card.end_time.getTime() <= ctx.now().getTime()) return verdict('expired', card);
  return verdict('ok', card);
}
