/**
 * Unlock records (spec §3 'Unlock record'; server/API.md §6, contract D), as the locks report them: by room, by
 * person, and the filtered list every records table shows (its filters are also the unlock-record export's).
 */
import { normaliseMac } from '../fields.js';
import { call } from './contract.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** How a lock was opened. */
export const UNLOCK_RECORD_TYPES = [
  'card',
  'password',
  'face',
  'fingerprint',
  'bluetooth',
  'remote',
] as const;
export type UnlockType = (typeof UNLOCK_RECORD_TYPES)[number];

/** Whether the door opened. */
export const UNLOCK_RECORD_RESULTS = ['open', 'deny'] as const;
export type UnlockResult = (typeof UNLOCK_RECORD_RESULTS)[number];

/** An unlock record (API.md §6 'the record', with contract D's opened, reason, credential, mac_id). */
export interface UnlockRecord {
  id: number;
  room_id: number | null;
  room_name: string;
  /** The lock that reported it; records written before locks reported their mac carry their room's. */
  mac_id: string;
  time: number;
  type: UnlockType;
  opened: boolean;
  reason: string;
  credential: string;
  content: string;
  from: string;
  operator: string;
  stay_id: number | null;
  nickname: string;
  mobile: string;
}

const periodFields = {
  start_time: f.time({ optional: true }),
  end_time: f.time({ optional: true }),
};

/** The filters of lock/checkHistory (every one optional); the export of unlock records takes the same. */
export const CHECK_HISTORY_FILTERS = {
  room_id: f.id({ optional: true }),
  mac_id: f.string({
    optional: true,
    max: 17,
    check: (v: string) => (normaliseMac(v) ? undefined : 'FIELD_INVALID'),
  }),
  stay_id: f.id({ optional: true }),
  mobile: f.mobile({ optional: true }),
  type: f.enum(UNLOCK_RECORD_TYPES, { optional: true }),
  result: f.enum(UNLOCK_RECORD_RESULTS, { optional: true }),
  ...periodFields,
  keyword: f.string({ optional: true, max: 50 }),
};

export const unlockRecordCalls = {
  openHistory: call({
    path: 'room/openHistory',
    summary: 'Unlock records',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: {
      room_id: f.id({ optional: true }),
      type: f.enum(UNLOCK_RECORD_TYPES, { optional: true }),
      result: f.enum(UNLOCK_RECORD_RESULTS, { optional: true }),
      ...periodFields,
      keyword: f.string({ optional: true, max: 50 }),
      ...pageFields,
    },
  }).answers<Page<UnlockRecord>>(),

  /** A person's records: by a stay, or by a mobile (every stay whose guest or fellow guest has it). */
  openHistoryByPeople: call({
    path: 'room/openHistoryByPeople',
    summary: "A person's unlock records",
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: {
      stay_id: f.id({ optional: true }),
      mobile: f.mobile({ optional: true }),
      room_id: f.id({ optional: true }),
      result: f.enum(UNLOCK_RECORD_RESULTS, { optional: true }),
      ...pageFields,
    },
  }).answers<Page<UnlockRecord>>(),

  checkHistory: call({
    path: 'lock/checkHistory',
    summary: 'Unlock records by lock, person, type and result',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { ...CHECK_HISTORY_FILTERS, ...pageFields },
  }).answers<Page<UnlockRecord>>(),
};
