import { verifyCardBlocks } from './card-security.js';
import { CARD_TYPE, type CardTypeName } from './constants.js';
import type { ErrorCode } from './errors.js';
import { decodeGuestCard, encodeGuestCard, type GuestCard, type GuestCardContent } from './guest-card.js';
import type { Failure } from './result.js';

/**
 * The lock's decision when a card is held to it: a pure function of the lock's state, the card and the time.
 * The virtual lock, the server's "would this card open room X" answers and the tests all use this one rule.
 *
 * Checks, in order (the first that fails names the reason):
 *   1. the card decodes (else corruptedCard, or externalCard for another system's card); it is not empty (emptyCard);
 *      a lock given the hotel's card MAC key then verifies the card's signature (card-security.ts): a raw read
 *      whose block 53 is missing or blank, and any card presented without its raw blocks, is unsignedCard; a MAC
 *      that does not match the content is tamperedCard (also when the change broke the record's CRC); a good MAC
 *      made for another UID is copiedCard. Without a MAC key the lock behaves as before (unsigned cards open);
 *   2. its hotel is the lock's (wrongHotel);
 *   3. its scope reaches the lock: master and super every lock of the hotel; building the lock's building
 *      (wrongBuilding); floor the lock's building and floor (wrongBuilding, wrongFloor); normal the lock's mac
 *      (wrongRoom); universal only once the lock learned it by a Bluetooth unlock (universalNotLearned, spec §4);
 *   4. a master or super card issued by a secondary administrator or staff is not valid (issuerNotAllowed, spec §6);
 *   5. the lock has not learned the card number as deleted (deleted: learned by a Bluetooth unlock, spec §4);
 *   6. its issue sequence is not below the newest the lock saw for its card type on a card with 'unsubscribe old
 *      card' (superseded); cards issued together share a sequence and all keep working;
 *   7. now is inside [start, end): start opens, end does not (notYetValid, expired);
 *   8. the deadbolt (privacy) is not thrown, which only a super card overrides (deadbolt).
 * Super card (this project's design): a master card that also opens a thrown deadbolt (emergency card).
 */

/** What a lock knows about itself and has learned from cards and Bluetooth unlocks. */
export interface LockConfig {
  hotelId: number;
  building: number;
  floor: number;
  /** The lock's mac_id, 12 hex characters (colons allowed). */
  mac_id: string;
  /** Per card type, the newest issue sequence seen on a card carrying 'unsubscribe old card'. */
  newestSequence: Partial<Record<CardTypeName, number>>;
  /** Card numbers the lock learned as deleted (by a Bluetooth unlock). */
  deletedCards: readonly number[];
  /** Universal card numbers the lock learned (by a Bluetooth unlock). */
  universalCards: readonly number[];
  /** The deadbolt or privacy mode is thrown from inside the room. */
  deadbolt?: boolean;
  /**
   * The hotel's card MAC key (32 hex, deriveCardMacKey): when set, only cards signed for their own UID open.
   * The lock never holds the hotel secret, so a lock taken apart cannot derive sector keys.
   */
  cardMacKey?: string;
}

/** Why a lock opened. */
export type UnlockGrant =
  | 'masterCard'
  | 'buildingCard'
  | 'floorCard'
  | 'guestCard'
  | 'universalCard'
  | 'superCard';
/** Why a lock stayed shut. */
export type UnlockDenial =
  | 'corruptedCard'
  | 'externalCard'
  | 'emptyCard'
  | 'unsignedCard'
  | 'tamperedCard'
  | 'copiedCard'
  | 'wrongHotel'
  | 'wrongBuilding'
  | 'wrongFloor'
  | 'wrongRoom'
  | 'universalNotLearned'
  | 'issuerNotAllowed'
  | 'deleted'
  | 'superseded'
  | 'notYetValid'
  | 'expired'
  | 'deadbolt';
export type UnlockReason = UnlockGrant | UnlockDenial;

export interface UnlockDecision {
  open: boolean;
  reason: UnlockReason;
}

/** A card as the lock's reader reads it: the UID and the blocks (4, 5, 6, 53, 54), 16 bytes or 32 hex each. */
export interface RawCardRead {
  uid: string;
  blocks: Record<number, Uint8Array | string>;
}

/** What may be held to a lock: a raw read, a decoded card, card content as issued, or a failed decode. */
export type PresentedCard = RawCardRead | GuestCard | GuestCardContent | Failure;

/** What a Bluetooth unlock brings to the lock from the server (spec §4: deleted and universal cards). */
export interface BluetoothSync {
  deletedCards?: readonly number[];
  universalCards?: readonly number[];
}

const GRANT_BY_TYPE: Record<CardTypeName, UnlockGrant> = {
  master: 'masterCard',
  building: 'buildingCard',
  floor: 'floorCard',
  normal: 'guestCard',
  universal: 'universalCard',
  super: 'superCard',
};

const macKey = (mac: string) => mac.replace(/[:-]/g, '').toUpperCase();
const deny = (reason: UnlockDenial): UnlockDecision => ({ open: false, reason });

/** True when a raw read (UID and blocks) was presented. */
function isRawRead(card: PresentedCard): card is RawCardRead {
  return (
    card !== null &&
    typeof card === 'object' &&
    !('ok' in card) &&
    'uid' in card &&
    'blocks' in card &&
    typeof card.blocks === 'object' &&
    card.blocks !== null
  );
}

const SIGNATURE_DENIALS: Partial<Record<ErrorCode, UnlockDenial>> = {
  CARD_UNSIGNED: 'unsignedCard',
  CARD_TAMPERED: 'tamperedCard',
  CARD_COPIED: 'copiedCard',
};

/** The denial of a lock that has a MAC key for a card whose signature does not hold; undefined when it does. */
function signatureDenial(lock: LockConfig, presented: PresentedCard): UnlockDenial | undefined {
  if (!lock.cardMacKey) return undefined;
  if (!isRawRead(presented)) return 'unsignedCard';
  const verdict = verifyCardBlocks({
    macKeyHex: lock.cardMacKey,
    uidHex: presented.uid,
    blocks: presented.blocks,
  });
  if (verdict.ok) return undefined;
  return SIGNATURE_DENIALS[verdict.code] ?? 'corruptedCard';
}

/** Turns whatever was presented into a decoded card, or the denial a lock gives for it. */
function toCard(card: PresentedCard): GuestCard | UnlockDenial {
  if (card === null || typeof card !== 'object') return 'corruptedCard';
  if ('ok' in card) return card.code === 'EXTERNAL_CARD' ? 'externalCard' : 'corruptedCard';
  if (isRawRead(card)) {
    const decoded = decodeGuestCard(card.blocks);
    if (decoded.ok) return decoded.value;
    return decoded.code === 'EXTERNAL_CARD' ? 'externalCard' : 'corruptedCard';
  }
  if ('isEmpty' in card) return card;
  // Content as issued: go through the real bytes so the lock sees exactly what a written card would hold.
  const encoded = encodeGuestCard(card);
  if (!encoded.ok) return 'corruptedCard';
  const decoded = decodeGuestCard(encoded.value.blocks);
  return decoded.ok ? decoded.value : 'corruptedCard';
}

function scopeDenial(lock: LockConfig, card: GuestCard, type: CardTypeName): UnlockDenial | undefined {
  switch (type) {
    case 'master':
    case 'super':
      return undefined;
    case 'building':
      return card.building === lock.building ? undefined : 'wrongBuilding';
    case 'floor':
      if (card.building !== lock.building) return 'wrongBuilding';
      return card.floor === lock.floor ? undefined : 'wrongFloor';
    case 'normal':
      return macKey(card.mac_id) === macKey(lock.mac_id) ? undefined : 'wrongRoom';
    case 'universal':
      return lock.universalCards.includes(card.cardNumber) ? undefined : 'universalNotLearned';
  }
}

/** Decides whether the lock opens for the card at nowSeconds, and why. */
export function decideUnlock(lock: LockConfig, presented: PresentedCard, nowSeconds: number): UnlockDecision {
  const card = toCard(presented);
  if (typeof card === 'string') {
    // A signed card changed so far that its record no longer decodes was tampered with, not worn out.
    if (card === 'corruptedCard' && signatureDenial(lock, presented) === 'tamperedCard')
      return deny('tamperedCard');
    return deny(card);
  }
  if (card.isEmpty || !card.isLockDesk) return deny('emptyCard');
  const forged = signatureDenial(lock, presented);
  if (forged) return deny(forged);
  const type = card.typeName;
  if (type === undefined) return deny('corruptedCard');
  if (card.hotelId !== lock.hotelId) return deny('wrongHotel');
  const outOfScope = scopeDenial(lock, card, type);
  if (outOfScope) return deny(outOfScope);
  if ((card.type === CARD_TYPE.master || card.type === CARD_TYPE.super) && card.issuerRole !== 'main')
    return deny('issuerNotAllowed');
  if (lock.deletedCards.includes(card.cardNumber)) return deny('deleted');
  if (card.sequence < (lock.newestSequence[type] ?? 0)) return deny('superseded');
  if (nowSeconds < card.start_time) return deny('notYetValid');
  if (nowSeconds >= card.end_time) return deny('expired');
  if (lock.deadbolt && card.type !== CARD_TYPE.super) return deny('deadbolt');
  return { open: true, reason: GRANT_BY_TYPE[type] };
}

/**
 * The lock's state after the card was held to it: a card that opened with 'unsubscribe old card' and a newer
 * sequence raises the newest sequence of its type, so older cards of that type stop opening. A card that did not
 * open teaches nothing (a card for another room must not retire this room's cards).
 */
export function learnFromCard(lock: LockConfig, presented: PresentedCard, nowSeconds: number): LockConfig {
  const card = toCard(presented);
  if (typeof card === 'string' || !card.unsubscribeOld || card.typeName === undefined) return lock;
  if (!decideUnlock(lock, presented, nowSeconds).open) return lock;
  const type = card.typeName;
  if (card.sequence <= (lock.newestSequence[type] ?? 0)) return lock;
  return { ...lock, newestSequence: { ...lock.newestSequence, [type]: card.sequence } };
}

/** Holds a card to the lock: the decision, and the lock's state afterwards. */
export function presentCard(
  lock: LockConfig,
  card: PresentedCard,
  nowSeconds: number,
): { decision: UnlockDecision; lock: LockConfig } {
  return { decision: decideUnlock(lock, card, nowSeconds), lock: learnFromCard(lock, card, nowSeconds) };
}

/** The lock's state after a Bluetooth unlock synced deleted and universal cards to it (spec §4). */
export function applyBluetoothSync(lock: LockConfig, sync: BluetoothSync): LockConfig {
  const deleted = [...new Set([...lock.deletedCards, ...(sync.deletedCards ?? [])])];
  const universal = [...new Set([...lock.universalCards, ...(sync.universalCards ?? [])])].filter(
    (number) => !deleted.includes(number),
  );
  return { ...lock, deletedCards: deleted, universalCards: universal };
}

/** A lock as installed: nothing learned yet. */
export function newLockConfig(
  lock: Pick<LockConfig, 'hotelId' | 'building' | 'floor' | 'mac_id'>,
): LockConfig {
  return { ...lock, newestSequence: {}, deletedCards: [], universalCards: [] };
}
