/**
 * Card encryption and the card check (API.md §8; issue 9 §4). A hotel chooses which sectors are encrypted (always
 * 1 and 13: the guest record, its signature and the check block); an encrypted card carries, in those sectors, keys
 * diversified from the hotel card secret for its own UID (services/card-keys.ts), so one card's keys open no other
 * card. Every card the server plans is signed (block 53) for its UID whether or not the hotel encrypts;
 * room/sendCardCheck gives the server's verdict on a card read at the desk.
 */
import {
  ALWAYS_ENCRYPTED_SECTORS,
  bytesToHex,
  CARD_READ,
  type CardCheckReason,
  cardEncryptionCalls,
  decodeGuestCard,
  encodeEmptyGuestCard,
  verifyCardBlocks,
  type WriteStep,
} from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import { failure } from '../errors.js';
import { listPage } from '../fields.js';
import {
  type CardRow,
  cardQuery,
  cardView,
  keyChangeSteps,
  keysBySector,
  readBlocks,
  requireCardScope,
  requireReadBack,
  setUidKeySectors,
  uidKeySectors,
  visibleCards,
} from './card-issue.js';

/** The blocks a card check reads: the guest record, the signature and the check block. */
const CHECK_BLOCKS = [4, 5, 6, 53, 54] as const;

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

/** What the server knows of the card `uid` in the hotel: its newest record. */
async function cardOfUid(ctx: UserContext, hotelId: number, uid: string): Promise<CardRow | undefined> {
  return cardQuery(ctx.db)
    .where('c.hotel_id', '=', hotelId)
    .where('c.uid', '=', uid)
    .where('c.status', 'in', ['issued', 'withdrawn', 'deleted'])
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
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
  const before = await cardOfUid(ctx, hotelId, uid);
  if (before) await requireCardScope(ctx, before);
  const carried = await uidKeySectors(ctx.db, hotelId, uid);
  const { verify } = await keyChangeSteps(ctx, hotelId, uid, {}, carried, to);
  requireReadBack(uid, uid, verify, read);
  const now = ctx.now();
  await setUidKeySectors(ctx.db, hotelId, uid, to, now);
  await ctx.db
    .updateTable('cards')
    .set({ encrypted: to.length > 0, key_sectors: [...to], updated_at: now })
    .where('hotel_id', '=', hotelId)
    .where('uid', '=', uid)
    .where('status', '<>', 'pending')
    .execute();
  return cardOfUid(ctx, hotelId, uid);
}

export function cardEncryptionRoutes(app: FastifyInstance): void {
  defineCall(app, cardEncryptionCalls.enableCardEncryption, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const sectors = [...new Set(body.sectors)].sort((a, b) => a - b);
      if (!ALWAYS_ENCRYPTED_SECTORS.every((s) => sectors.includes(s)))
        throw failure('FIELD_INVALID', { field: 'sectors' });
      await ctx.app.cardKeys.hotelCardSecret(ctx.db, hotelId);
      await ctx.db
        .updateTable('hotel_cards')
        .set({ encrypted_sectors: sectors, updated_at: ctx.now() })
        .where('hotel_id', '=', hotelId)
        .execute();
      ctx.audit(`Card encryption on, sectors ${sectors.join(', ')}`);
      return { enabled: true, sectors };
    },
  });

  defineCall(app, cardEncryptionCalls.disableCardEncryption, {
    handler: async (ctx) => {
      const hotelId = ctx.requireHotelId();
      await ctx.db
        .updateTable('hotel_cards')
        .set({ encrypted_sectors: [], updated_at: ctx.now() })
        .where('hotel_id', '=', hotelId)
        .execute();
      ctx.audit('Card encryption off');
      return { enabled: false, sectors: [] as number[] };
    },
  });

  defineCall(app, cardEncryptionCalls.cardEncryptionList, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const settings = await ctx.app.cardKeys.settings(ctx.db, hotelId);
      const q = cardQuery(ctx.db)
        .where(visibleCards(ctx))
        .where('c.status', '=', 'issued')
        .where('c.uid', 'is not', null);
      const page = await listPage(
        q.clearSelect(),
        { page: body.page ?? 1, limit: body.limit ?? body.pageSize ?? 20 },
        () => q.orderBy('c.encrypted', 'desc').orderBy('c.id', 'desc'),
        (row) => ({
          id: row.id,
          card_id: row.card_number,
          // Only cards with a UID are listed.
          uid: row.uid as string,
          type_name: cardView(row).type_name,
          encrypted: row.encrypted,
        }),
      );
      const encrypted = await q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('c.encrypted', '=', true)
        .executeTakeFirstOrThrow();
      return {
        enabled: settings.enabled,
        sectors: settings.encrypted_sectors,
        encrypted_cards: Number(encrypted.n),
        cards: page.list,
        total: page.total,
        page: page.page,
        limit: page.limit,
        pageSize: page.limit,
      };
    },
  });

  defineCall(app, cardEncryptionCalls.planKeyChange, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const uid = body.card_uid.toUpperCase();
      const settings = await ctx.app.cardKeys.settings(ctx.db, hotelId);
      const carried = await uidKeySectors(ctx.db, hotelId, uid);
      const known = await cardOfUid(ctx, hotelId, uid);
      // A card of the hotel is changed only by whoever may act on it.
      if (known) await requireCardScope(ctx, known);
      const target = body.decrypt ? [] : settings.encrypted_sectors;
      if (!body.decrypt && !settings.enabled) throw failure('ENCRYPTION_NOT_ENABLED');
      if (body.decrypt && carried.length === 0) throw failure('CARD_NOT_ENCRYPTED');
      const { writes, verify } = await keyChangeSteps(ctx, hotelId, uid, {}, carried, target);
      ctx.audit(`Card UID ${uid}: ${body.decrypt ? 'decryption' : 'encryption'} planned`);
      return {
        id: known?.id ?? 0,
        uid,
        decrypt: body.decrypt ?? false,
        sectors: target,
        writes,
        verify,
        card: known ? cardView(known) : null,
      };
    },
  });

  defineCall(app, cardEncryptionCalls.confirmEncryption, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const uid = body.card_uid.toUpperCase();
      const settings = await ctx.app.cardKeys.settings(ctx.db, hotelId);
      if (!settings.enabled) throw failure('ENCRYPTION_NOT_ENABLED');
      const known = await confirmKeyChange(
        ctx,
        hotelId,
        uid,
        settings.encrypted_sectors,
        readBlocks(body.blocks),
      );
      ctx.audit(`Card UID ${uid} encrypted (sectors ${settings.encrypted_sectors.join(', ')})`);
      return { id: known?.id ?? 0, uid, encrypted: true, sectors: settings.encrypted_sectors };
    },
  });

  defineCall(app, cardEncryptionCalls.confirmDecryption, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const uid = body.card_uid.toUpperCase();
      if ((await uidKeySectors(ctx.db, hotelId, uid)).length === 0) throw failure('CARD_NOT_ENCRYPTED');
      const known = await confirmKeyChange(ctx, hotelId, uid, [], readBlocks(body.blocks));
      ctx.audit(`Card UID ${uid} decrypted`);
      return { id: known?.id ?? 0, uid, encrypted: false, sectors: [] as number[] };
    },
  });

  defineCall(app, cardEncryptionCalls.checkData, {
    handler: async (ctx, body) => checkData(ctx, body.card_uid.toUpperCase()),
  });

  defineCall(app, cardEncryptionCalls.checkCard, {
    handler: async (ctx, body) => checkCard(ctx, body.card_uid.toUpperCase(), readBlocks(body.blocks)),
  });
}

/**
 * The keys to read the card `uid` with (sectors 1–15): the card's diversified key where it carries one (as last
 * verified; for a card never seen, the hotel's encrypted sectors), else the transport key.
 */
export async function checkData(ctx: UserContext, uid: string) {
  const hotelId = ctx.requireHotelId();
  const settings = await ctx.app.cardKeys.settings(ctx.db, hotelId);
  const seen = await ctx.db
    .selectFrom('card_uid_keys')
    .select('sectors')
    .where('hotel_id', '=', hotelId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  const carried = seen ? [...seen.sectors] : settings.encrypted_sectors;
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
async function checkCard(ctx: UserContext, uid: string, read: Record<number, string>) {
  const hotelId = ctx.requireHotelId();
  const verdict = (reason: CardCheckReason, card: CardRow | null = null) => ({
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
  const card = await cardQuery(ctx.db)
    .where(visibleCards(ctx))
    .where('c.card_number', '=', decoded.value.card_id)
    .where('c.status', 'in', ['issued', 'withdrawn', 'deleted', 'void'])
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
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
