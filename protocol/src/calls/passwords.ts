/**
 * PIN passwords of a room's lock (server/API.md §5, contract A of issue 8): drawn by the server or entered by the
 * operator, answered with their digits once, listed, withdrawn and deleted.
 */
import { checkCheckInPassword } from '../rules.js';
import { call } from './contract.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** Statuses as answered; 'expired' is an active password past its end (or whose stay has closed). */
export const PASSWORD_STATUSES = ['active', 'used', 'expired', 'revoked'] as const;
export type PasswordStatus = (typeof PASSWORD_STATUSES)[number];

/** A PIN password of a room (contract A). The digits are never in it, except once in a creation's answer. */
export interface RoomPassword {
  id: number;
  room_id: number;
  room_name: string;
  stay_id: number | null;
  nickname: string;
  mobile: string;
  kind: 'remote' | 'custom';
  single_use: boolean;
  start_time: number;
  end_time: number;
  status: PasswordStatus;
  created_at: number;
  created_by: string;
}

/** A created password: the only answer that carries the digits. */
export type CreatedPassword = RoomPassword & { password: string };

/** The fields of a new password, drawn or entered. */
const newPasswordFields = {
  room_id: f.id(),
  stay_id: f.id({ optional: true }),
  single_use: f.bool({ optional: true }),
  start_time: f.time({ optional: true, invalid: 'START_TIME_REQUIRED' }),
  end_time: f.time({ optional: true }),
} as const;

export const passwordCalls = {
  /** A password the server draws (kind 'remote'). */
  drawPassword: call({
    path: 'room/password',
    summary: 'Draw a password (remote)',
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: newPasswordFields,
  }).answers<CreatedPassword>(),

  /** A password the operator enters (kind 'custom'): 6 digits. */
  addPassword: call({
    path: 'room/addPassword',
    summary: 'An entered password (custom)',
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: {
      ...newPasswordFields,
      password: f.string({
        required: 'CHECKIN_PASSWORD_INVALID',
        invalid: 'CHECKIN_PASSWORD_INVALID',
        check: (v: string) => checkCheckInPassword(v),
      }),
    },
  }).answers<CreatedPassword>(),

  passwordList: call({
    path: 'room/passwordList',
    summary: "The room's active passwords",
    auth: 'user',
    mutates: false,
    permission: 'stay.manage',
    schema: { room_id: f.id(), ...pageFields },
  }).answers<Page<RoomPassword>>(),

  passwordHistory: call({
    path: 'room/passwordHistory',
    summary: 'Every password of the room',
    auth: 'user',
    mutates: false,
    permission: 'stay.manage',
    schema: { room_id: f.id(), status: f.enum(PASSWORD_STATUSES, { optional: true }), ...pageFields },
  }).answers<Page<RoomPassword>>(),

  /** Withdraws an active password for the lock's next sync. */
  callbackPassword: call({
    path: 'room/callbackPassword',
    summary: 'Withdraw a password',
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: { id: f.id() },
  }).answers<RoomPassword>(),

  /** Removes a password from the history (an active one is withdrawn in the same step). */
  deletePassword: call({
    path: 'room/deletePassword',
    summary: 'Remove a password from the history',
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: { id: f.id() },
  }).answers<{ id: number }>(),
};
