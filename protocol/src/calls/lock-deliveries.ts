/**
 * What a room's lock holds and what it still has to learn (server/API.md §10, contract D): the lock's deliveries
 * and syncs, and one card followed through the locks that must learn it.
 */
import type { CardTypeName } from '../constants.js';
import { call } from './contract.js';
import { f } from './schema.js';

/** The kinds of thing a lock learns, in the order lock/inLockList builds them. */
export const DELIVERY_KINDS = [
  'card_delete',
  'universal_card',
  'sequence',
  'card',
  'password',
  'face',
  'fingerprint',
] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export type DeliveryState = 'issued' | 'waiting' | 'confirmed';

/** One thing a lock must learn, or has learned, or that sits on the card itself (contract D DELIVERY). */
export interface Delivery {
  kind: DeliveryKind;
  action: 'add' | 'remove';
  ref_id: number | null;
  /** English text for API users (the console writes its own from the fields below). */
  label: string;
  /** The identifying text without words: a card number, a password id, a face or finger id and its note. */
  subject: string;
  /** The guest's name (or mobile), '' when none. */
  guest: string;
  /** Sequences only: the card type the sequence is of, and the sequence. */
  card_type?: CardTypeName;
  sequence?: number;
  state: DeliveryState;
  changed_at: number;
  confirmed_at: number;
}

/** One Bluetooth unlock of the lock as the server recorded it. */
export interface LockSyncRow {
  id: number;
  started_at: number;
  /** 0 while the lock has not confirmed it (an interrupted sync). */
  finished_at: number;
  operator: string;
  records_stored: number;
  records_duplicate: number;
}

/** A room's lock and its deliveries (lock/inLockList). */
export interface LockDeliveries {
  room_id: number;
  mac_id: string | null;
  /** The lock has a secret: it can sync with the server. */
  installed: boolean;
  last_sync_at: number;
  waiting: number;
  list: Delivery[];
  syncs: LockSyncRow[];
}

/** A card's state at one of its locks (lock/cardDelivery). */
export interface CardLockDelivery {
  room_id: number;
  room_name: string;
  /** The lock must refuse the card (deleted, withdrawn) or learn it (a universal card). */
  action: 'delete' | 'learn';
  state: 'waiting' | 'confirmed';
  changed_at: number;
  confirmed_at: number;
  last_sync_at: number;
}

/** A card followed through its locks (lock/cardDelivery). */
export interface CardDelivery {
  card_id: number;
  card_number: string;
  list: CardLockDelivery[];
}

export const lockDeliveryCalls = {
  inLockList: call({
    path: 'lock/inLockList',
    summary: 'What a lock holds and what it still has to learn',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { room_id: f.id() },
  }).answers<LockDeliveries>(),

  cardDelivery: call({
    path: 'lock/cardDelivery',
    summary: 'One card across the locks that must learn it',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { card_id: f.id() },
  }).answers<CardDelivery>(),
};
