/**
 * The stay and guest calls (server/API.md §5 'Tenant/stay', spec §3 'Tenant/stay', §4 'Room status'): check-in and
 * out, the tenant's access (freeze, PIN passwords, expiration), fellow tenants, and the hotel's guest list.
 */
import { checkNickname } from '../rules.js';
import { call } from './contract.js';
import { depositField, priceField } from './money-fields.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** How a stay was checked in (room detail tabs, spec §2). */
export const CHECK_IN_KINDS = ['card', 'password', 'face', 'fingerprint', 'id_card', 'remote'] as const;
export type CheckInKind = (typeof CHECK_IN_KINDS)[number];

/** Where a stay is at a moment: not begun, in the room, past its check-out, checked out, or cancelled. */
export type StayState = 'upcoming' | 'active' | 'expired' | 'checkedOut' | 'ended';

/** Fellow tenants a stay holds besides its guest. */
export const MAX_FELLOW_TENANTS = 10;

/** A fellow tenant of a stay (positions 2…). */
export interface FellowTenant {
  id: number;
  position: number;
  mobile: string;
  nickname: string;
  id_number: string;
}

/** A fellow tenant as check-in sends it in `tenants` (the handler checks each: spec §5 tenant rules). */
export interface TenantInput {
  mobile: string;
  nickname?: string;
  id_number?: string;
}

/** A stay as the server answers it (API.md §5 'A stay'); times in seconds, money in yuan. */
export interface Stay {
  stay_id: number;
  room_id: number;
  mobile: string;
  nickname: string;
  id_number: string;
  start_time: number;
  end_time: number;
  checked_out_at: number | null;
  other_information: string;
  breakfast: number;
  unlock_by_id_card: boolean;
  disable_old_cards: boolean;
  kind: string;
  /** The room fee and deposit in yuan (the console also reads them as text, as older servers sent them). */
  price: number | string;
  deposit: number | string;
  frozen: boolean;
  password_limited: boolean;
  status: string;
  state: StayState;
  remaining: number;
  moved_from_stay_id: number | null;
  /** The fellow tenants (room/tenant/list, check-in). */
  tenants?: FellowTenant[];
}

/** The current or latest stay of a guest in the caller's scope, as passenger/list answers it (contract D). */
export interface GuestStay {
  id: number;
  room_id: number;
  room_name: string;
  check_in_time: number;
  estimated_check_out: number;
  status: string;
}

/** A guest of the hotel (passenger/list). */
export interface Guest {
  id: number;
  mobile: string;
  nickname: string;
  name: string;
  id_number: string;
  /** 0 unknown, 1 male, 2 female (the console also reads text, or null, from older servers). */
  gender: number | string | null;
  nationality: string;
  created_at: number;
  updated_at: number;
  stay: GuestStay | null;
}

/** A stay of passenger/info as the guest page reads it: the stay (the server sends all of it) and its room's name. */
export type GuestInfoStay = Pick<
  Stay,
  | 'stay_id'
  | 'room_id'
  | 'mobile'
  | 'nickname'
  | 'start_time'
  | 'end_time'
  | 'checked_out_at'
  | 'status'
  | 'state'
  | 'remaining'
  | 'kind'
  | 'price'
  | 'deposit'
  | 'frozen'
> & { room_name: string };

/** A guest with their stays in the caller's rooms (passenger/info). */
export interface GuestInfo extends Omit<Guest, 'updated_at' | 'stay'> {
  stays: GuestInfoStay[];
}

/** The filters passenger/list adds to `name` (every one optional); the guests export filters the same way. */
export const GUEST_FILTERS = {
  in_house: f.enum([0, 1] as const, { optional: true }),
  room_id: f.id({ optional: true }),
  start_time: f.time({ optional: true }),
  end_time: f.time({ optional: true }),
};

const nickname = () => f.string({ optional: true, check: (v: string) => checkNickname(v) });

export const stayCalls = {
  /** A room's stays, latest check-in first. */
  list: call({
    path: 'room/tenant/list',
    summary: 'The stays of a room',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { room_id: f.id(), open: f.bool({ optional: true }), ...pageFields },
  }).answers<Page<Stay>>(),

  /** Checks a guest in (or, with `stay_id`, edits that open stay). */
  checkIn: call({
    path: 'room/tenant/update/checkIn',
    summary: 'Check-in (or edit an open stay)',
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: {
      room_id: f.id(),
      stay_id: f.id({ optional: true }),
      mobile: f.mobile(),
      nickname: nickname(),
      id_number: f.string({ optional: true, max: 32 }),
      start_time: f.time({ required: 'CHECK_IN_TIME_REQUIRED', invalid: 'CHECK_IN_TIME_REQUIRED' }),
      end_time: f.time({ required: 'CHECK_OUT_TIME_REQUIRED', invalid: 'CHECK_OUT_TIME_REQUIRED' }),
      other_information: f.string({ optional: true, max: 500 }),
      breakfast: f.int({ optional: true, min: 0, max: 20 }),
      unlock_by_id_card: f.bool({ optional: true }),
      disable_old_cards: f.bool({ optional: true }),
      tenants: f.array({ optional: true, max: MAX_FELLOW_TENANTS }),
      price: priceField({ optional: true }),
      deposit: depositField(),
      kind: f.enum(CHECK_IN_KINDS, { optional: true }),
    },
  }).answers<Stay>(),

  /** Checks the guest out, or cancels a reservation that has not begun. */
  checkOut: call({
    path: 'room/checkOut',
    summary: 'Check a guest out (or cancel a reservation)',
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: { room_id: f.id(), stay_id: f.id({ optional: true }) },
  }).answers<Stay & { room_status: number }>(),

  /** Switches the tenant's PIN passwords off (limit true) or back on. */
  limitPasswords: call({
    path: 'room/tenant/limitPassword',
    summary: "Limit a tenant's PIN passwords",
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: { stay_id: f.id(), limit: f.bool() },
  }).answers<Stay>(),

  /** Freezes (or unfreezes) a tenant's access: 'success' when frozen, 'cancelled' when unfrozen. */
  freezeTenant: call({
    path: 'user/freezeUser',
    summary: 'Freeze or unfreeze a tenant',
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: { stay_id: f.id(), frozen: f.bool() },
  }).answers<{ stay_id: number; frozen: boolean; result: 'success' | 'cancelled' }>(),

  /** Moves a stay's estimated check-out; a later one is a renewal charged with the renewal rules. */
  setExpiration: call({
    path: 'user/setUserExpiration',
    summary: "A tenant's validity (renewal)",
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: { stay_id: f.id(), end_time: f.time({ invalid: 'SET_EXPIRATION_FAILED' }) },
  }).answers<Stay & { renewal_fee: number }>(),

  /** The hotel's guests in the caller's scope, with their current or latest stay. */
  guests: call({
    path: 'passenger/list',
    summary: 'Guests',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { name: f.string({ optional: true, max: 50 }), ...GUEST_FILTERS, ...pageFields },
  }).answers<Page<Guest>>(),

  /** One guest with their stays. */
  guest: call({
    path: 'passenger/info',
    summary: 'Guests',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { id: f.id() },
  }).answers<GuestInfo>(),

  /** Adds a fellow tenant to an open stay. */
  addFellow: call({
    path: 'room/addPassenger',
    summary: 'Fellow tenants of a stay',
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: {
      stay_id: f.id(),
      mobile: f.mobile(),
      nickname: nickname(),
      id_number: f.string({ optional: true, max: 32 }),
    },
  }).answers<FellowTenant & { stay_id: number }>(),

  /** Removes a fellow tenant from an open stay. */
  removeFellow: call({
    path: 'room/deletePassenger',
    summary: 'Fellow tenants of a stay',
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: { id: f.id() },
  }).answers<{ id: number }>(),
};
