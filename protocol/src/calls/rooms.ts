/**
 * The room calls (server/API.md §5; spec §3 field names): the room list, one room, its status and lock settings,
 * the lock pickers' source, and moving a stay to another room.
 */
import { ROOM_STATUS } from '../constants.js';
import type { ErrorCode } from '../errors.js';
import { call } from './contract.js';
import type { Page } from './page.js';
import { f } from './schema.js';
import type { Stay } from './stays.js';

/** A stay as the room list and room/info answer it (the room's guest now, else its next reservation). */
export interface RoomTenant {
  stay_id: number;
  room_id: number;
  mobile: string;
  nickname: string;
  start_time: number;
  end_time: number;
  status: string;
  state: 'upcoming' | 'active' | 'expired' | 'checkedOut' | 'ended';
  remaining: number;
}

/** A room (and its lock) in answers. */
export interface Room {
  id: number;
  room_id: number;
  name: string;
  category_id: number | null;
  category_name: string | null;
  status: number;
  status_name?: string | null;
  mac_id: string | null;
  lock_id: string | null;
  building: number | null;
  floor: number | null;
  remark: string;
  notice: string;
  picture: string;
  description: string;
  bluetooth_name: string;
  battery: number | null;
  deposit: number | null;
  price: number | null;
  weekend_price: number | null;
  /** Renewal at the set price, and the room's price template (answers built from the whole room row). */
  renew?: boolean;
  price_template_id?: number | null;
  updated_at: number | null;
  tenant?: RoomTenant | null;
  /** room/listNew (contract D): changes waiting for the lock's next sync, and its last sync (seconds, 0: never). */
  lock_waiting?: number;
  lock_synced_at?: number;
}

/** A room with a lock in the caller's scope, as `room/allLock` answers it (the room pickers' source). */
export interface LockRoom {
  id: number;
  room_id: number;
  name: string;
  mac_id: string;
  building: number | null;
  floor: number | null;
  status: number;
  category_id: number | null;
}

/** Rooms per status (contract F2): 'all' and each status code, every filter applied but status. */
export type StatusCounts = Partial<Record<'all' | '0' | '1' | '2' | '3' | '4', number>>;

/** A page of the room list, with the rooms per status. */
export interface RoomPage extends Page<Room> {
  counts?: StatusCounts;
}

/** The statuses an operator sets by hand (checked in and out follow the stays). */
export const MANUAL_ROOM_STATUSES = [
  ROOM_STATUS.vacant,
  ROOM_STATUS.reserved,
  ROOM_STATUS.maintenance,
  ROOM_STATUS.dirty,
] as const;

/** The room list's quick picks of the modified date, its sorts and its status filter (-1: every status). */
export const ROOM_DATE_PICKS = ['today', 'yesterday', 'week'] as const;
export const ROOM_SORTS = ['asc', 'desc', 'A-Z', 'Z-A'] as const;
export const ROOM_STATUS_FILTER = [-1, 0, 1, 2, 3, 4] as const;

/** A `/files/<key>` URL (absolute URLs of a server too): the address of a file the server stored. */
const FILE_URL = /^(?:https?:\/\/[^/?#]+)?\/files\/[^/?#]+$/;

/**
 * The shape of a lock picture's address: a `/files/…` URL, or an address whose scheme is https (read as a URL
 * parser reads it: tabs and line breaks dropped, leading controls and spaces skipped); PICTURE_URL_INVALID
 * otherwise. The server checks the rest (the URL parses, carries no credentials, a `/files/` URL names a lock
 * picture the hotel uploaded), answering the same code: it needs a URL parser and the hotel's uploads.
 */
export function checkPictureUrl(value: string): ErrorCode | undefined {
  if (FILE_URL.test(value.trim())) return undefined;
  const address = value.replace(/[\t\n\r]/g, '');
  let i = 0;
  while (i < address.length && address.charCodeAt(i) <= 0x20) i++;
  return address.slice(i, i + 6).toLowerCase() === 'https:' ? undefined : 'PICTURE_URL_INVALID';
}

export const roomCalls = {
  /** The room list: a page of rooms in scope with their guest and lock marks, and the rooms per status. */
  list: call({
    path: 'room/listNew',
    summary: 'The room list',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: {
      page: f.int({ min: 1, max: 1_000_000, optional: true }),
      limit: f.int({ min: 1, max: 100, optional: true }),
      pageSize: f.int({ min: 1, max: 100, optional: true }),
      category_id: f.int({ min: 0, optional: true }),
      status: f.enum(ROOM_STATUS_FILTER, { optional: true }),
      sort: f.enum(ROOM_SORTS, { optional: true }),
      name: f.string({ max: 50, optional: true }),
      date: f.enum(ROOM_DATE_PICKS, { optional: true }),
    },
  }).answers<RoomPage>(),

  /** One room by id, with its guest now (else its next reservation) and its lock marks. */
  info: call({
    path: 'room/info',
    summary: 'One room by id',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { room_id: f.id() },
  }).answers<Room>(),

  /** The room of a lock, by the lock's MAC. */
  lockInfo: call({
    path: 'room/lockInfo',
    summary: 'The room of a lock',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { mac_id: f.string({ max: 20 }) },
  }).answers<Room>(),

  /** Every room with a lock in scope, at most 10,000 (the pickers search them in the browser). */
  locks: call({
    path: 'room/allLock',
    summary: 'Every lock in scope (for pickers)',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { name: f.string({ max: 50, optional: true }) },
  }).answers<{ list: LockRoom[]; total: number }>(),

  /** Sets a room's status by hand (vacant only once no stay is open). */
  setStatus: call({
    path: 'room/setRoomStatus',
    summary: 'Set a room status',
    auth: 'user',
    mutates: true,
    permission: 'room.status',
    schema: { room_id: f.id(), status: f.enum(MANUAL_ROOM_STATUSES) },
  }).answers<{ room_id: number; status: number; status_name?: string }>(),

  /** Sets a room's lock settings (only the fields given change; category_id 0 removes the group). */
  setLockData: call({
    path: 'room/setLockData',
    summary: 'Lock settings',
    auth: 'user',
    mutates: true,
    permission: 'room.manage',
    schema: {
      room_id: f.id(),
      name: f.string({ max: 50, optional: true }),
      remark: f.string({ max: 100, optional: true }),
      notice: f.string({ max: 500, optional: true }),
      // An image uploaded for the lock (the `/files/…` URL /upload answered) or an https address (API.md §7.1).
      picture: f.string({ max: 1000, optional: true, check: (v: string) => checkPictureUrl(v) }),
      description: f.string({ max: 2000, optional: true }),
      building: f.int({ min: 0, max: 9999, optional: true }),
      floor: f.int({ min: -99, max: 999, optional: true }),
      bluetooth_name: f.string({ max: 64, optional: true }),
      category_id: f.int({ min: 0, optional: true }),
    },
  }).answers<Room>(),

  /** Moves a stay (the guest now, else the earliest reservation) to another room. */
  moveStay: call({
    path: 'room/exchangeHouses',
    summary: 'Move a stay to another room',
    auth: 'user',
    mutates: true,
    permission: 'stay.manage',
    schema: { room_id: f.id(), new_room_id: f.id(), stay_id: f.id({ optional: true }) },
  }).answers<Stay>(),
};
