/**
 * Card dispensers and card readers (server/API.md §9.1): the hotel's readers by address and type, which account each
 * is bound to, the account's dispenser type, a reader's status from the heartbeats consoles report, and a reader
 * gateway's broker credential (§20).
 */
import { cardPageFields, readerAddressField } from './card-fields.js';
import { call } from './contract.js';
import { m1UidField } from './m1-cards.js';
import type { Page } from './page.js';
import { f } from './schema.js';

/** The dispenser types an account or a reader may have ('4': CPU card dispenser). */
export const DISPENSER_TYPES = ['1', '2', '3', '4'] as const;
export type DispenserType = (typeof DISPENSER_TYPES)[number];

/** A reader's state from its last heartbeat ('unknown' before any). */
export type DispenserStatus = 'online' | 'offline' | 'unknown';

/** The staff member or administrator a reader is bound to. */
export interface BoundUser {
  uid: number;
  name: string;
  mobile: string;
}

/** A card reader or dispenser of the hotel. */
export interface Dispenser {
  id: number;
  mac_id: string;
  name: string;
  type: string;
  status: DispenserStatus;
  last_seen_at: number | null;
  bound_user: BoundUser | null;
}

/** The keys to read a card with (the answer of room/getCheckData under its dispenser name). */
export interface CardReadKeys {
  uid: string;
  /** Key per sector: the diversified key where the card carries one, the transport key elsewhere. */
  keys: Record<number, string>;
  encrypted_sectors: number[];
  hotel_encrypted_sectors: number[];
}

export const dispenserCalls = {
  add: call({
    path: 'cardDispenser/add',
    summary: 'Register a reader',
    auth: 'user',
    mutates: true,
    permission: 'room.manage',
    schema: {
      mac_id: readerAddressField(),
      name: f.string({ max: 32, optional: true }),
      type: f.enum(DISPENSER_TYPES),
    },
  }).answers<Dispenser>(),

  list: call({
    path: 'cardDispenser/lists',
    summary: 'CardDispenser/lists',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: {
      keyword: f.string({ max: 50, optional: true }),
      type: f.enum(DISPENSER_TYPES, { optional: true }),
      ...cardPageFields,
    },
  }).answers<Page<Dispenser> & { pageSize: number }>(),

  /** A heartbeat report (seen) writes when the reader was last seen; it is not an operation to log. */
  checkStatus: call({
    path: 'cardDispenser/checkStatus',
    summary: "A reader's status; a heartbeat seen",
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: { mac_id: readerAddressField(), seen: f.bool({ optional: true }) },
  }).answers<{ mac_id: string; status: DispenserStatus; last_seen_at: number | null }>(),

  userBind: call({
    path: 'cardDispenser/userBind',
    summary: 'Bind a reader to an account',
    auth: 'user',
    mutates: true,
    permission: 'room.manage',
    schema: { mac_id: readerAddressField(), user_id: f.int({ min: 0 }) },
  }).answers<Dispenser>(),

  /** The gateway's broker credential for this reader (API.md §20): shown once, rotating it kills the old one. */
  brokerCredential: call({
    path: 'dispenser/brokerCredential',
    summary: "Issue (or rotate) the broker credential of a card reader's gateway",
    auth: 'user',
    mutates: true,
    roles: ['super', 'secondary'],
    permission: 'room.manage',
    schema: { mac_id: readerAddressField() },
  }).answers<{ username: string; password: string }>(),

  getUserBind: call({
    path: 'cardDispenser/getUserBind',
    summary: "The caller's reader",
    auth: 'user',
    mutates: false,
    schema: {},
  }).answers<{ mac_id: string; type: string; name: string }>(),

  setUserDispenserType: call({
    path: 'User/setUserDispenserType',
    summary: "The account's dispenser type",
    auth: 'user',
    mutates: true,
    schema: { type: f.enum(DISPENSER_TYPES) },
  }).answers<{ type: DispenserType }>(),

  getUserDispenserType: call({
    path: 'User/getUserDispenserType',
    summary: "The account's dispenser type",
    auth: 'user',
    mutates: false,
    schema: {},
  }).answers<{ type: string }>(),

  /** The dispenser flows' name for room/getCheckData (API.md §8): the keys to read this card with. */
  getAesEight: call({
    path: 'app/getAesEight',
    summary: 'The keys to read a card',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { card_uid: m1UidField() },
  }).answers<CardReadKeys>(),
};
