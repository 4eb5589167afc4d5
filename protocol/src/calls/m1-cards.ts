/**
 * M1 cards (API.md §9.2): a MIFARE Classic card registered by its UID on a room's lock, which the lock learns by
 * Bluetooth ('pending' → 'delivered' | 'failed'; a deletion is 'deleting' until the lock confirms). The card's UID
 * travels as `card_uid`: a body's `uid` is the caller's user id (the envelope).
 */
import { type CardPage, cardPageFields, expiryField, hexId } from './card-fields.js';
import { call } from './contract.js';
import { f } from './schema.js';

export const M1_CARD_STATUSES = ['pending', 'delivered', 'failed', 'deleting', 'deleted'] as const;
export type M1CardStatus = (typeof M1_CARD_STATUSES)[number];

/** A MIFARE UID: 4 or 7 bytes (8 or 14 hex; spaces and colons allowed as typed). */
export const M1_UID = /^(?:[0-9A-F]{8}|[0-9A-F]{14})$/;

/** The body field of a MIFARE UID. */
export const m1UidField = <O extends { optional?: boolean }>(o?: O) =>
  f.string({
    max: 32,
    check: (v: string) => (M1_UID.test(hexId(v)) ? undefined : 'FIELD_INVALID'),
    ...o,
  });

/** An M1 card as lockCardM1/* answer it (server/API.md §9.2). */
export interface M1Card {
  id: number;
  uid: string;
  note: string;
  room_id: number;
  room_name: string;
  mac_id: string | null;
  end_time: number;
  expired: boolean;
  status: M1CardStatus;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

export const m1CardCalls = {
  addM1Card: call({
    path: 'lockCardM1/add',
    summary: 'LockCardM1/add',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: {
      room_id: f.id(),
      card_uid: m1UidField(),
      note: f.string({ max: 64, optional: true }),
      end_time: expiryField(),
    },
  }).answers<M1Card>(),

  m1CardList: call({
    path: 'lockCardM1/lists',
    summary: 'LockCardM1/lists',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: {
      room_id: f.id({ optional: true }),
      status: f.enum(M1_CARD_STATUSES, { optional: true }),
      keyword: f.string({ max: 50, optional: true }),
      ...cardPageFields,
    },
  }).answers<CardPage<M1Card>>(),

  deleteM1Card: call({
    path: 'lockCardM1/delCard',
    summary: 'LockCardM1/delCard',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id() },
  }).answers<M1Card>(),

  /** The locks a card (by UID) is registered on. */
  readM1Card: call({
    path: 'lockCardM1/readCard',
    summary: 'The locks a card is registered on',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: { card_uid: m1UidField() },
  }).answers<{ uid: string; list: M1Card[]; total: number }>(),

  /** The lock's outcome of learning (or dropping) a card. */
  notifyM1Card: call({
    path: 'lockCardM1/notify',
    summary: "The lock's outcome",
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id(), status: f.enum(['delivered', 'failed'] as const) },
  }).answers<M1Card>(),
};
