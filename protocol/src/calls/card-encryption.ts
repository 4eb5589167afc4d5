/**
 * The hotel's card encryption (API.md §8; issue 9 §4): which sectors its cards carry diversified keys in, turned on
 * and off by the super administrator. (The per-card plan, its confirmation and the card check still declare
 * themselves in server/src/routes/card-encryption.ts: their answers carry the card, which moves with the card calls.)
 */
import { ENCRYPTABLE_SECTORS } from '../card-security.js';
import { cardPageFields } from './card-fields.js';
import { call } from './contract.js';
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
};
