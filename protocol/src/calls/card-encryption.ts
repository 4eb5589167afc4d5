/**
 * The hotel's card encryption and the card check (API.md §8.5; issue 9 §4): which sectors its cards carry
 * diversified keys in, turned on and off by the super administrator; the plan that (de)encrypts one card on the
 * encoder and its confirmation; the keys that read a card, and the server's verdict on a card read at the desk.
 */
import { ENCRYPTABLE_SECTORS, type VerifyStep, type WriteStep } from '../card-security.js';
import { cardPageFields } from './card-fields.js';
import { cardUidField, type KeyCard } from './cards.js';
import { call } from './contract.js';
import type { CardReadKeys } from './dispensers.js';
import { f } from './schema.js';

/** A card of the hotel as the encrypted-cards list shows it. */
export interface EncryptionCard {
  id: number;
  card_id: string;
  uid: string;
  type_name: string;
  encrypted: boolean;
}

/** The hotel's encryption and its issued cards (room/cardEncryptionList). */
export interface EncryptionState {
  enabled: boolean;
  sectors: number[];
  encrypted_cards: number;
  cards: EncryptionCard[];
  total: number;
  page: number;
  limit: number;
  pageSize: number;
}

/** Encryption turned on or off: the sectors now encrypted. */
export interface EncryptionSetting {
  enabled: boolean;
  sectors: number[];
}

/**
 * Step one of an encryption or decryption (room/sendCardEncryption): no card number and no expiry, unlike a card
 * write plan; `id` is the card record when the UID is a known card, else 0.
 */
export interface EncryptionPlan {
  id: number;
  uid: string;
  decrypt: boolean;
  /** The sectors that carry the card's diversified keys afterwards ([] when decrypting). */
  sectors: number[];
  writes: WriteStep[];
  verify: VerifyStep[];
  card: KeyCard | null;
}

/**
 * A (de)encryption confirmed: the keys the card `uid` now carries, not a card. `id` is its newest record, 0 for a
 * card the hotel does not know.
 */
export interface KeyChange {
  id: number;
  uid: string;
  encrypted: boolean;
  sectors: number[];
}

/** The verdicts of room/sendCardCheck, in the order the checks run. */
export const CARD_CHECK_REASONS = [
  'ok',
  'tampered',
  'copied',
  'unsigned',
  'external',
  'unknown',
  'withdrawn',
  'deleted',
  'expired',
] as const;
export type CardCheckReason = (typeof CARD_CHECK_REASONS)[number];

/** The server's verdict on a card read at the desk, with the record it concerns. */
export interface CardVerdict {
  valid: boolean;
  reason: CardCheckReason;
  card: KeyCard | null;
}

export const cardEncryptionCalls = {
  enableCardEncryption: call({
    path: 'room/cardEncryption',
    summary: 'Turn encryption on',
    auth: 'user',
    mutates: true,
    roles: ['super'],
    permission: 'credential.manage',
    schema: {
      sectors: f.array({
        of: f.int({ min: ENCRYPTABLE_SECTORS.min, max: ENCRYPTABLE_SECTORS.max }),
        max: ENCRYPTABLE_SECTORS.max,
      }),
    },
  }).answers<EncryptionSetting>(),

  disableCardEncryption: call({
    path: 'room/deleteCardEncryption',
    summary: 'Turn it off',
    auth: 'user',
    mutates: true,
    roles: ['super'],
    permission: 'credential.manage',
    schema: {},
  }).answers<EncryptionSetting>(),

  cardEncryptionList: call({
    path: 'room/cardEncryptionList',
    summary: 'Room/cardEncryptionList',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: cardPageFields,
  }).answers<EncryptionState>(),

  /** The plan that encrypts (or, with decrypt, gives transport keys back to) the card on the encoder. */
  planKeyChange: call({
    path: 'room/sendCardEncryption',
    summary: '(de)encrypt the card on the encoder',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { card_uid: cardUidField(), decrypt: f.bool({ optional: true }) },
  }).answers<EncryptionPlan>(),

  confirmEncryption: call({
    path: 'room/sendCardEncryptionSyntony',
    summary: 'Confirm',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { card_uid: cardUidField(), blocks: f.object() },
  }).answers<KeyChange>(),

  confirmDecryption: call({
    path: 'room/sendCardDecodeSyntony',
    summary: 'Confirm',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { card_uid: cardUidField(), blocks: f.object() },
  }).answers<KeyChange>(),

  checkData: call({
    path: 'room/getCheckData',
    summary: 'The keys to read a card',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { card_uid: cardUidField() },
  }).answers<CardReadKeys>(),

  checkCard: call({
    path: 'room/sendCardCheck',
    summary: "The server's verdict on a card read",
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { card_uid: cardUidField(), blocks: f.object() },
  }).answers<CardVerdict>(),
};
