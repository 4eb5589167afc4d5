import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveCardMacKey, signCardBlocks } from './card-security.js';
import { CARD_TYPE } from './constants.js';
import { LOCK_DECISIONS, lockDecisionPresented } from './fixtures/lock-decisions.js';
import { decodeGuestCard, encodeGuestCard, type GuestCard, type GuestCardContent } from './guest-card.js';
import { bytesToHex } from './hex.js';
import {
  applyBluetoothSync,
  decideUnlock,
  type LockConfig,
  learnFromCard,
  newLockConfig,
  presentCard,
} from './lock-rule.js';
import { fail } from './result.js';

const HOTEL = 1001;
const START = 1_700_000_000; // 2023-11-15 06:13:20 Shanghai
const END = START + 86_400;
const MID = START + 3_600;

const LOCK: LockConfig = newLockConfig({
  hotelId: HOTEL,
  building: 2,
  floor: 3,
  mac_id: 'A1:B2:C3:D4:E5:F6',
});
const lock = (changes: Partial<LockConfig> = {}): LockConfig => ({ ...LOCK, ...changes });

/** A card as a lock reads it: issued content written to bytes and decoded back. */
function card(content: Partial<GuestCardContent> & Pick<GuestCardContent, 'type'>): GuestCard {
  const encoded = encodeGuestCard({
    hotelId: HOTEL,
    cardNumber: 5001,
    start_time: START,
    end_time: END,
    building: 2,
    floor: 3,
    ...(content.type === CARD_TYPE.normal ? { mac_id: 'A1B2C3D4E5F6' } : {}),
    ...content,
  });
  if (!encoded.ok) throw new Error(encoded.detail);
  const decoded = decodeGuestCard(encoded.value.blocks);
  if (!decoded.ok) throw new Error(decoded.detail);
  return decoded.value;
}
const guest = (changes: Partial<GuestCardContent> = {}) =>
  card({ type: CARD_TYPE.normal, sequence: 7, ...changes });
const master = (changes: Partial<GuestCardContent> = {}) => card({ type: CARD_TYPE.master, ...changes });
const building = (changes: Partial<GuestCardContent> = {}) => card({ type: CARD_TYPE.building, ...changes });
const universal = (changes: Partial<GuestCardContent> = {}) =>
  card({ type: CARD_TYPE.universal, cardNumber: 7001, ...changes });

// The table lives in fixtures/lock-decisions.ts so the tests package can replay it through the virtual lock.
const DECISIONS = LOCK_DECISIONS.map(
  (row) => [row.name, row.lock, lockDecisionPresented(row.card), row.now, row.open, row.reason] as const,
);

describe('decideUnlock', () => {
  it('has a decision table of at least 40 cases', () => {
    expect(DECISIONS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(DECISIONS)('%s', (_description, lockConfig, presented, now, open, reason) => {
    expect(decideUnlock(lockConfig, presented, now)).toEqual({ open, reason });
  });

  it('never throws on arbitrary card bytes, and only opens for LockDesk records', () => {
    const block = fc.uint8Array({ minLength: 16, maxLength: 16 });
    fc.assert(
      fc.property(block, block, block, fc.integer({ min: 0, max: 0xffffffff }), (b4, b5, b6, now) => {
        const decoded = decodeGuestCard({ 4: b4, 5: b5, 6: b6 });
        const presented = decoded.ok ? decoded.value : decoded;
        const decision = decideUnlock(LOCK, presented, now);
        if (decision.open) expect(decoded.ok && decoded.value.isLockDesk).toBe(true);
      }),
    );
  });
});

describe('learning from cards (unsubscribe old card)', () => {
  it('a newer card with unsubscribe old raises the newest sequence and retires the older card', () => {
    const oldCard = guest({ sequence: 7 });
    const newCard = guest({ cardNumber: 5002, sequence: 8, unsubscribeOld: true });
    expect(decideUnlock(LOCK, oldCard, MID).open).toBe(true);
    const after = learnFromCard(LOCK, newCard, MID);
    expect(after.newestSequence).toEqual({ normal: 8 });
    expect(decideUnlock(after, oldCard, MID)).toEqual({ open: false, reason: 'superseded' });
    expect(decideUnlock(after, newCard, MID)).toEqual({ open: true, reason: 'guestCard' });
  });

  it('a card issued together with the newest (same sequence) keeps working', () => {
    const first = guest({ sequence: 8, unsubscribeOld: true });
    const second = guest({ cardNumber: 5002, sequence: 8, unsubscribeOld: true });
    const after = learnFromCard(LOCK, first, MID);
    expect(decideUnlock(after, second, MID).open).toBe(true);
  });

  it('a newer card without unsubscribe old teaches nothing', () => {
    expect(learnFromCard(LOCK, guest({ sequence: 9 }), MID)).toBe(LOCK);
  });

  it('a card that does not open teaches nothing', () => {
    const otherRoom = guest({ mac_id: '0A0B0C0D0E0F', sequence: 9, unsubscribeOld: true });
    expect(learnFromCard(LOCK, otherRoom, MID)).toBe(LOCK);
    expect(learnFromCard(LOCK, guest({ sequence: 9, unsubscribeOld: true }), START - 1)).toBe(LOCK);
    expect(learnFromCard(LOCK, fail('EXTERNAL_CARD', 'x'), MID)).toBe(LOCK);
  });

  it('an older card never lowers the newest sequence', () => {
    const raised = lock({ newestSequence: { normal: 8 } });
    expect(learnFromCard(raised, guest({ sequence: 8, unsubscribeOld: true }), MID)).toBe(raised);
  });

  it('each card type keeps its own newest sequence', () => {
    const after = learnFromCard(LOCK, master({ sequence: 50, unsubscribeOld: true }), MID);
    expect(after.newestSequence).toEqual({ master: 50 });
    expect(decideUnlock(after, master({ sequence: 49 }), MID).reason).toBe('superseded');
    expect(decideUnlock(after, building({ sequence: 1 }), MID).open).toBe(true);
  });

  it('presentCard gives the decision and the lock afterwards', () => {
    const { decision, lock: after } = presentCard(LOCK, guest({ sequence: 8, unsubscribeOld: true }), MID);
    expect(decision).toEqual({ open: true, reason: 'guestCard' });
    expect(after.newestSequence.normal).toBe(8);
  });
});

describe('Bluetooth unlock sync (spec §4)', () => {
  it('a deleted card keeps opening until a Bluetooth unlock brings the deletion', () => {
    expect(decideUnlock(LOCK, guest(), MID).open).toBe(true);
    const synced = applyBluetoothSync(LOCK, { deletedCards: [5001] });
    expect(decideUnlock(synced, guest(), MID)).toEqual({ open: false, reason: 'deleted' });
  });

  it('a universal card becomes effective only after a Bluetooth unlock', () => {
    expect(decideUnlock(LOCK, universal(), MID).reason).toBe('universalNotLearned');
    const synced = applyBluetoothSync(LOCK, { universalCards: [7001] });
    expect(decideUnlock(synced, universal(), MID)).toEqual({ open: true, reason: 'universalCard' });
  });

  it('merges without duplicates and drops universal cards that were deleted', () => {
    const once = applyBluetoothSync(LOCK, { deletedCards: [1, 2], universalCards: [7001, 7002] });
    const twice = applyBluetoothSync(once, { deletedCards: [2, 7002], universalCards: [7001] });
    expect(twice.deletedCards).toEqual([1, 2, 7002]);
    expect(twice.universalCards).toEqual([7001]);
    expect(LOCK.deletedCards).toEqual([]);
  });
});

describe('signed cards (a lock given the hotel card MAC key)', () => {
  const SECRET = '000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F';
  const UID = '04A1B2C3';
  const OTHER_UID = '04D5E6F7';
  const keyed = lock({ cardMacKey: deriveCardMacKey(SECRET) });

  /** The raw read of a card written with `content` and signed for `uid`. */
  function raw(
    content: Partial<GuestCardContent> = {},
    uid = UID,
  ): { uid: string; blocks: Record<number, Uint8Array> } {
    const encoded = encodeGuestCard({
      hotelId: HOTEL,
      cardNumber: 5001,
      type: CARD_TYPE.normal,
      mac_id: 'A1B2C3D4E5F6',
      sequence: 7,
      start_time: START,
      end_time: END,
      building: 2,
      floor: 3,
      ...content,
    });
    if (!encoded.ok) throw new Error(encoded.detail);
    const signed = signCardBlocks({
      macKeyHex: keyed.cardMacKey!,
      uidHex: uid,
      blocks: encoded.value.blocks,
    });
    if (!signed.ok) throw new Error(signed.detail);
    return { uid, blocks: signed.value };
  }

  it('opens for a card signed for its own UID, read raw (bytes or hex)', () => {
    expect(decideUnlock(keyed, raw(), MID)).toEqual({ open: true, reason: 'guestCard' });
    const card = raw({ type: CARD_TYPE.master });
    const hex = Object.fromEntries(Object.entries(card.blocks).map(([b, bytes]) => [b, bytesToHex(bytes)]));
    expect(decideUnlock(keyed, { uid: UID, blocks: hex }, MID)).toEqual({ open: true, reason: 'masterCard' });
  });

  it('tamperedCard: the end time rewritten (CRC fixed) under the old signature', () => {
    const genuine = raw();
    const longer = raw({ end_time: END + 365 * 86_400 });
    const forged = { uid: UID, blocks: { ...longer.blocks, 53: genuine.blocks[53]! } };
    expect(decideUnlock(keyed, forged, END + 10)).toEqual({ open: false, reason: 'tamperedCard' });
    // The same forgery on a lock without a key opens: that is what the key is for.
    expect(decideUnlock(LOCK, forged, END + 10)).toEqual({ open: true, reason: 'guestCard' });
  });

  it('tamperedCard: a changed byte that also breaks the record CRC', () => {
    const card = raw();
    const block5 = card.blocks[5]!.slice();
    block5[12] = block5[12]! ^ 0x01;
    expect(decideUnlock(keyed, { uid: UID, blocks: { ...card.blocks, 5: block5 } }, MID)).toEqual({
      open: false,
      reason: 'tamperedCard',
    });
    // Without a key it is only a corrupted card.
    expect(decideUnlock(LOCK, { uid: UID, blocks: { ...card.blocks, 5: block5 } }, MID).reason).toBe(
      'corruptedCard',
    );
  });

  it('tamperedCard: a guest card turned into a master card', () => {
    const guestCard = raw();
    const masterCard = raw({ type: CARD_TYPE.master, mac_id: undefined });
    const forged = { uid: UID, blocks: { ...masterCard.blocks, 53: guestCard.blocks[53]! } };
    expect(decideUnlock(keyed, forged, MID)).toEqual({ open: false, reason: 'tamperedCard' });
  });

  it('copiedCard: every block copied onto a card with another UID', () => {
    const copy = { uid: OTHER_UID, blocks: raw().blocks };
    expect(decideUnlock(keyed, copy, MID)).toEqual({ open: false, reason: 'copiedCard' });
    expect(decideUnlock(LOCK, copy, MID)).toEqual({ open: true, reason: 'guestCard' });
  });

  it('unsignedCard: no block 53, a blank block 53, or a card given without its raw read', () => {
    const { 53: _auth, ...unsigned } = raw().blocks;
    expect(decideUnlock(keyed, { uid: UID, blocks: unsigned }, MID)).toEqual({
      open: false,
      reason: 'unsignedCard',
    });
    expect(
      decideUnlock(keyed, { uid: UID, blocks: { ...unsigned, 53: new Uint8Array(16) } }, MID).reason,
    ).toBe('unsignedCard');
    expect(decideUnlock(keyed, guest(), MID)).toEqual({ open: false, reason: 'unsignedCard' });
    expect(
      decideUnlock(
        keyed,
        { hotelId: HOTEL, cardNumber: 5001, type: CARD_TYPE.master, start_time: START, end_time: END },
        MID,
      ).reason,
    ).toBe('unsignedCard');
    // Without a key the same unsigned cards open, as before signed cards existed.
    expect(decideUnlock(LOCK, { uid: UID, blocks: unsigned }, MID)).toEqual({
      open: true,
      reason: 'guestCard',
    });
  });

  it('checks the signature right after decoding: before hotel, scope, validity and the deadbolt', () => {
    const copy = (content: Partial<GuestCardContent>) => ({ uid: OTHER_UID, blocks: raw(content).blocks });
    expect(decideUnlock(keyed, copy({ hotelId: 2002 }), MID).reason).toBe('copiedCard');
    expect(decideUnlock(keyed, copy({ mac_id: '112233445566' }), MID).reason).toBe('copiedCard');
    expect(decideUnlock(keyed, copy({}), END + 1).reason).toBe('copiedCard');
    expect(decideUnlock({ ...keyed, deadbolt: true }, copy({}), MID).reason).toBe('copiedCard');
    // ...but after the decoding itself: an empty card and another system's card keep their reasons.
    const blank = {
      uid: UID,
      blocks: { 4: new Uint8Array(16), 5: new Uint8Array(16), 6: new Uint8Array(16) },
    };
    expect(decideUnlock(keyed, blank, MID).reason).toBe('emptyCard');
    const external = { uid: UID, blocks: { ...blank.blocks, 4: new Uint8Array(16).fill(0x11) } };
    expect(decideUnlock(keyed, external, MID).reason).toBe('externalCard');
    expect(decideUnlock(keyed, fail('READ_DATA_FAILED', 'x'), MID).reason).toBe('corruptedCard');
  });

  it('a signed card with a bad UID text or a lock with a malformed key is refused, never thrown', () => {
    expect(decideUnlock(keyed, { uid: 'nope', blocks: raw().blocks }, MID)).toEqual({
      open: false,
      reason: 'corruptedCard',
    });
    expect(decideUnlock(lock({ cardMacKey: 'ABC' }), raw(), MID)).toEqual({
      open: false,
      reason: 'corruptedCard',
    });
  });

  it('a forged card teaches the lock nothing; a signed one does', () => {
    const newer = raw({ sequence: 9, unsubscribeOld: true });
    expect(learnFromCard(keyed, { uid: OTHER_UID, blocks: newer.blocks }, MID)).toBe(keyed);
    expect(learnFromCard(keyed, newer, MID).newestSequence.normal).toBe(9);
  });

  it('any single-bit change of a signed card never opens the lock', () => {
    fc.assert(
      fc.property(fc.constantFrom(4, 5, 6, 53, 54), fc.integer({ min: 0, max: 127 }), (block, bit) => {
        const card = raw();
        const changed = card.blocks[block]!.slice();
        changed[bit >> 3] = changed[bit >> 3]! ^ (1 << (bit & 7));
        const decision = decideUnlock(keyed, { uid: UID, blocks: { ...card.blocks, [block]: changed } }, MID);
        expect(decision.open).toBe(false);
        expect(['tamperedCard', 'externalCard', 'emptyCard']).toContain(decision.reason);
      }),
      { numRuns: 200 },
    );
  });
});
