/**
 * Key cards (API.md §8; spec §4 'Cards', §6, §7 'Cards' and 'Universal cards'): the two-step write of guest,
 * master, building, floor, universal and super cards (a write plan, then the read-back that issues the card), the
 * hotel's cards, withdrawal and deletion, what locks learn by Bluetooth, access controls, and the lookups of the card
 * read flow. A card's UID travels as `card_uid`: a body's `uid` is the caller's user id (the envelope).
 */
import type { VerifyStep, WriteStep } from '../card-security.js';
import type { CardTypeCode, CardTypeName } from '../constants.js';
import type { IssuerRole } from '../guest-card.js';
import { type CardPage, cardPageFields, expiryField } from './card-fields.js';
import { call } from './contract.js';
import { f } from './schema.js';

/** A card UID as the encoder reads it: 4 or 7 bytes (8 or 14 hex). */
export const CARD_UID_PATTERN = /^(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{14})$/;

/** The body field of a card UID (`card_uid`). */
export const cardUidField = () => f.string({ pattern: CARD_UID_PATTERN });

/** A card's states: a write plan not yet verified, issued, given back, deleted, or a plan never confirmed. */
export const KEY_CARD_STATUSES = ['pending', 'issued', 'withdrawn', 'deleted', 'void'] as const;
export type KeyCardStatus = (typeof KEY_CARD_STATUSES)[number];

/** What the locks a card concerns still have to learn by Bluetooth. */
export type LockSync = 'none' | 'pending' | 'done';

/** A card as every card call answers it (API.md §8 'A card'); times in seconds. */
export interface KeyCard {
  id: number;
  /** The card number. */
  card_id: string;
  type: CardTypeCode;
  type_name: CardTypeName | '';
  note: string;
  status: KeyCardStatus;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  building: number | null;
  floor: number | null;
  mac_id: string | null;
  start_time: number;
  end_time: number;
  uid: string | null;
  encrypted: boolean;
  unsubscribe_old: boolean;
  access_controls: number[];
  /** Universal cards: the locks it opens (empty: all). */
  room_ids: number[];
  /** Written into the card: who issued it. */
  issuer_role: IssuerRole;
  issued_by_name: string;
  issued_at: number | null;
  /** A newer card with 'unsubscribe old card' made this one stop opening. */
  superseded: boolean;
  /** The card whose locks learn to refuse it once this one is issued (/card/setTime). */
  replaces_id: number | null;
  lock_sync: LockSync;
}

/** Step one of every card write (API.md §8.1 'The write plan'): the card record is 'pending' until confirmed. */
export interface WritePlan {
  id: number;
  card_id: string;
  uid: string;
  writes: WriteStep[];
  verify: VerifyStep[];
  /** Seconds; the plan must be confirmed before. */
  expires_at: number;
  card: KeyCard;
}

/** A card deleted: the locks it opened learn it at their next Bluetooth unlock. */
export interface DeletedCard {
  id: number;
  status: 'deleted';
  lock_sync: LockSync;
}

/** A card the guest gave back, withdrawn. */
export interface WithdrawnCard {
  id: number;
  status: 'withdrawn';
  /** The locks it opened learn the withdrawal at their next Bluetooth unlock. */
  lock_sync: LockSync;
  /** The plan that empties the card, for when it is on the encoder; null when there is nothing to erase. */
  erase: WriteStep[] | null;
}

/** How many cards the caller sees, by type, and how many some lock still has to learn about. */
export interface CardCounts {
  total: number;
  issued: number;
  byType: Partial<Record<'1' | '2' | '3' | '4' | '5' | '6', number>>;
  pending_sync: number;
}

/** What a room's lock still has to learn by Bluetooth: card numbers. */
export interface CardSyncData {
  room_id: number;
  deleted: string[];
  universal: string[];
  access: string[];
  pending: number;
}

/** A function card's issuing administrator: type 0 when the number is no function card of the hotel. */
export interface CardFunction {
  type: 0 | 1 | 2 | 3;
  mobile: string;
}

/** A stay a card number was issued for (the read flow matches the card's start and end against it). */
export interface CardRoomRecord {
  manage_id: number;
  room_id: number;
  room_name: string;
  mac_id: string | null;
  start_time: number;
  end_time: number;
  other_information: string;
  card_status: Exclude<KeyCardStatus, 'pending' | 'void'>;
}

/** A room marked as access control. */
export interface AccessControlRoom {
  room_id: number;
  name: string;
  mac_id: string | null;
}

// Declared outside the contracts: an enum field made inside call()'s argument takes its options' type from the
// context (EnumField<string | number>), which would widen the card types the console may send.
/** The types room/cardAdd issues: master, building, floor. */
const functionCardType = f.enum([1, 2, 3] as const);
/** The types lock/managerAddNew issues: universal, super. */
const managerCardType = f.enum([5, 6] as const);

const cardNumberField = () => f.string({ max: 10, pattern: /^\d+$/, required: 'CARD_NUMBER_REQUIRED' });
const startField = () => f.time({ optional: true, invalid: 'START_TIME_REQUIRED' });
const noteField = () => f.string({ max: 64, optional: true });
const replaceField = () => f.id({ optional: true });

export const cardCalls = {
  planGuestCard: call({
    path: 'room/sendCard',
    summary: 'A guest card of a stay',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { stay_id: f.id(), card_uid: cardUidField(), unsubscribe_old: f.bool({ optional: true }) },
  }).answers<WritePlan>(),

  planFunctionCard: call({
    path: 'room/cardAdd',
    summary: 'Master, building and floor cards',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: {
      type: functionCardType,
      card_uid: cardUidField(),
      end_time: expiryField(),
      start_time: startField(),
      building: f.int({ min: 0, max: 65_535, optional: true }),
      floor: f.int({ min: 0, max: 65_535, optional: true }),
      note: noteField(),
      access_controls: f.array({ of: f.id(), max: 100, optional: true }),
      unsubscribe_old: f.bool({ optional: true }),
      replace_id: replaceField(),
    },
  }).answers<WritePlan>(),

  planManagerCard: call({
    path: 'lock/managerAddNew',
    summary: 'Universal and super cards',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: {
      type: managerCardType,
      card_uid: cardUidField(),
      end_time: expiryField(),
      start_time: startField(),
      note: noteField(),
      room_ids: f.array({ of: f.id(), max: 1000, optional: true }),
      unsubscribe_old: f.bool({ optional: true }),
      replace_id: replaceField(),
    },
  }).answers<WritePlan>(),

  /** Step two: the blocks read back; only now is the card issued. */
  confirmCard: call({
    path: 'room/addCardStepTwoNew',
    summary: 'Confirm a write',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id(), card_uid: cardUidField(), blocks: f.object() },
  }).answers<KeyCard>(),

  noteCard: call({
    path: 'room/addCardMark',
    summary: "A card's note",
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id(), note: f.string({ max: 64, optional: true }) },
  }).answers<KeyCard>(),

  list: call({
    path: 'room/cardList',
    summary: 'Room/cardList',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: {
      type: f.enum([1, 2, 3, 4, 5, 6] as const, { optional: true }),
      status: f.enum(KEY_CARD_STATUSES, { optional: true }),
      room_id: f.id({ optional: true }),
      stay_id: f.id({ optional: true }),
      keyword: f.string({ max: 50, optional: true }),
      ...cardPageFields,
    },
  }).answers<CardPage<KeyCard>>(),

  counts: call({
    path: 'room/getUserCardNum',
    summary: 'Room/getUserCardNum',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: {},
  }).answers<CardCounts>(),

  deleteCard: call({
    path: 'room/delcard',
    summary: 'Delete a card',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id() },
  }).answers<DeletedCard>(),

  deleteManagerCard: call({
    path: 'lock/managerDelete',
    summary: 'Universal and super cards',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id() },
  }).answers<DeletedCard>(),

  managerList: call({
    path: 'lock/managerList',
    summary: 'Universal and super cards',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: { type: f.enum([5, 6] as const, { optional: true }), ...cardPageFields },
  }).answers<CardPage<KeyCard>>(),

  /** Withdraws the issued card of a number (the guest gave it back). */
  withdrawCard: call({
    path: 'passenger/deleteCardByCardId',
    summary: 'Withdraw a card the guest gave back',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { card_id: cardNumberField() },
  }).answers<WithdrawnCard>(),

  lockSyncData: call({
    path: 'room/manageCardSyncDataList',
    summary: 'What a lock still has to learn',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: { room_id: f.id() },
  }).answers<CardSyncData>(),

  resetLockSync: call({
    path: 'room/resetCardSyncData',
    summary: 'The lock learned them',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { room_id: f.id() },
  }).answers<{ room_id: number; synced: number }>(),

  lockCards: call({
    path: 'lock/noteCardList',
    summary: 'The cards that open a lock',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { room_id: f.id() },
  }).answers<{ room_id: number; list: KeyCard[] }>(),

  cardFunction: call({
    path: 'passenger/getCardFunction',
    summary: 'Passenger/getCardFunction',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { card_num: cardNumberField() },
  }).answers<CardFunction>(),

  cardStays: call({
    path: 'passenger/getRoomInfo',
    summary: 'Passenger/getRoomInfo',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { card_num: cardNumberField() },
  }).answers<{ list: CardRoomRecord[] }>(),

  accessControlList: call({
    path: 'lock/accessControlList',
    summary: 'Lock/accessControlList, room/setAccessControl',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: {},
  }).answers<{ list: AccessControlRoom[] }>(),

  setAccessControl: call({
    path: 'room/setAccessControl',
    summary: 'Lock/accessControlList, room/setAccessControl',
    auth: 'user',
    mutates: true,
    permission: 'room.manage',
    schema: { room_id: f.id(), access_control: f.bool() },
  }).answers<{ room_id: number; access_control: boolean }>(),
};
