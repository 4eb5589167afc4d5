/**
 * The operation log (server/API.md §4): the entries the caller may read, filtered, and the accounts the person
 * filter can find. A room-limited account reads its own entries and those that touched a room in its scope.
 */

import { OPERATION_AREAS, type OperationArea } from '../operation-areas.js';
import type { AccountRole } from '../permissions.js';
import { call } from './contract.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** 'ok': the call succeeded; 'refused': it was refused (any errno but 0). */
export const OPERATION_RESULTS = ['ok', 'refused'] as const;
export type OperationResult = (typeof OPERATION_RESULTS)[number];

/** The filters of operation/list (every one optional); the operation-log export takes the same. */
export const OPERATION_FILTERS = {
  path: f.string({ optional: true, max: 100 }),
  user_id: f.id({ optional: true }),
  /** The console area of the call (operation-areas.ts). */
  area: f.enum(OPERATION_AREAS, { optional: true }),
  /** Entries that reached this room. */
  room_id: f.id({ optional: true }),
  result: f.enum(OPERATION_RESULTS, { optional: true }),
  start_time: f.time({ optional: true }),
  end_time: f.time({ optional: true }),
};

/** An entry of the log. */
export interface OperationEntry {
  id: number;
  time: number;
  user_id: number | null;
  mobile: string | null;
  nickname: string | null;
  role: AccountRole | null;
  path: string;
  area: OperationArea;
  summary: string;
  errno: number;
  code: string | null;
  ip: string | null;
  uuid: string | null;
  user_agent: string | null;
  /** The rooms the entry reached that the caller may see, by name. */
  rooms: { id: number; name: string }[];
  /** How many rooms it reached in all. */
  room_count: number;
}

/** An account of the hotel with entries the caller may read. */
export interface LogAccount {
  id: number;
  mobile: string | null;
  nickname: string;
  name: string;
  role: AccountRole;
}

export const operationLogCalls = {
  /** A page of the log, newest first. */
  list: call({
    path: 'operation/list',
    summary: 'The operation log',
    auth: 'user',
    mutates: false,
    permission: 'log.view',
    schema: { ...pageFields, ...OPERATION_FILTERS },
  }).answers<Page<OperationEntry>>(),

  /** The accounts the person filter can find, by mobile, nickname or name. */
  accounts: call({
    path: 'operation/accounts',
    summary: 'The accounts of the operation log',
    auth: 'user',
    mutates: false,
    permission: 'log.view',
    schema: { ...pageFields, keyword: f.string({ optional: true, max: 50 }) },
  }).answers<Page<LogAccount>>(),
};
