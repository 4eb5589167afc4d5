/**
 * Fingerprints (server/API.md §7.3, contract E): a template from the encoder with a finger id and a note, for a
 * room's stay or in the hotel's library, and its deliveries to locks. The template is sent once, never answered.
 */
import type { ErrorCode } from '../errors.js';
import { call } from './contract.js';
import { credentialListFields, roomAndStay } from './credential-fields.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** Template size limits (decoded bytes): any real sensor template lies well inside. */
export const TEMPLATE_MIN_BYTES = 16;
export const TEMPLATE_MAX_BYTES = 16 * 1024;

/** A template's text without its whitespace, and what it is written in: hex, base64, or neither. */
export function templateText(value: string): { text: string; encoding: 'hex' | 'base64' | undefined } {
  const text = value.replace(/\s+/g, '');
  if (/^(?:[0-9a-fA-F]{2})+$/.test(text)) return { text, encoding: 'hex' };
  if (text.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(text)) return { text, encoding: 'base64' };
  return { text, encoding: undefined };
}

/** A template as the encoder hands it (hex, or base64): FINGERPRINT_DATA_INVALID when neither or of no sane size. */
export function checkFingerprintTemplate(value: string): ErrorCode | undefined {
  const { text, encoding } = templateText(value);
  if (encoding === undefined) return 'FINGERPRINT_DATA_INVALID';
  const bytes =
    encoding === 'hex'
      ? text.length / 2
      : (text.length / 4) * 3 - (text.length - text.replace(/=+$/, '').length);
  return bytes < TEMPLATE_MIN_BYTES || bytes > TEMPLATE_MAX_BYTES ? 'FINGERPRINT_DATA_INVALID' : undefined;
}

/** Delivery states of a fingerprint on a lock: pending until the lock syncs, deleting until it confirms. */
export const FINGERPRINT_DELIVERY_STATUSES = ['pending', 'delivered', 'deleting', 'deleted'] as const;
export type FingerprintDeliveryStatus = (typeof FINGERPRINT_DELIVERY_STATUSES)[number];

/** A fingerprint as answered (contract E): never its template. */
export interface Fingerprint {
  id: number;
  finger_id: string;
  note: string;
  room_id: number | null;
  room_name: string;
  stay_id: number | null;
  status: string;
  created_at: number;
}

/** A fingerprint sent to a room's lock (contract E), with the fingerprint's finger id and note for the list. */
export interface FingerprintDelivery {
  id: number;
  fingerprint_id: number;
  finger_id: string;
  note: string;
  room_id: number;
  room_name: string;
  status: FingerprintDeliveryStatus;
  created_at: number;
  updated_at: number;
}

export const fingerprintCalls = {
  /** Saves an enrolled fingerprint: to a room's stay or, without a room, to the library. */
  addFingerprint: call({
    path: 'fingerprint/addData',
    summary: 'Fingerprint/addData',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: {
      finger_id: f.string({ max: 64, pattern: /^[\p{L}\p{N}_.:-]+$/u, optional: true }),
      note: f.string({ max: 100 }),
      data: f.string({
        max: 64 * 1024,
        invalid: 'FINGERPRINT_DATA_INVALID',
        check: (v: string) => checkFingerprintTemplate(v),
      }),
      ...roomAndStay,
    },
  }).answers<Fingerprint>(),

  fingerprintList: call({
    path: 'fingerprint/dataLists',
    summary: 'Fingerprint/dataLists',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: credentialListFields,
  }).answers<Page<Fingerprint>>(),

  /** Deletes a fingerprint (its template is emptied) and withdraws its deliveries. */
  deleteFingerprint: call({
    path: 'fingerprint/delData',
    summary: 'Fingerprint/delData',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id() },
  }).answers<{ id: number }>(),

  /** Puts a fingerprint on a room's lock; sending again what is there (or on its way) answers that delivery. */
  sendFingerprint: call({
    path: 'fingerprint/send',
    summary: 'Put a fingerprint on a lock',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id(), room_id: f.id() },
  }).answers<FingerprintDelivery>(),

  deliveryList: call({
    path: 'fingerprint/sendDataList',
    summary: 'Fingerprint/sendDataList',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: {
      room_id: f.id({ optional: true }),
      fingerprint_id: f.id({ optional: true }),
      status: f.enum(FINGERPRINT_DELIVERY_STATUSES, { optional: true }),
      ...pageFields,
    },
  }).answers<Page<FingerprintDelivery>>(),

  /** Withdraws a delivery from its lock. */
  withdrawDelivery: call({
    path: 'fingerprint/delSendData',
    summary: 'Withdraw a fingerprint from a lock',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id() },
  }).answers<FingerprintDelivery>(),
};
