/**
 * Staff and their room permissions (server/API.md §5 'room/staffList' … 'room/staffManageRoomList1', spec §6): the
 * hotel's staff members and secondary administrators, and the rooms granted to each.
 */
import { checkNickname, checkPassword } from '../rules.js';
import { call } from './contract.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** The accounts the staff pages manage: staff members, and (for a super administrator) secondary administrators. */
export const STAFF_ROLES = ['staff', 'secondary'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How room/addStaffManageLock changes the rooms: replace those in the caller's scope, add, or remove. */
export const GRANT_MODES = ['set', 'add', 'remove'] as const;
export type GrantMode = (typeof GRANT_MODES)[number];

/** A staff member or secondary administrator (room/staffList, room/addStaff). */
export interface StaffMember {
  id: number;
  uid: number;
  /** Staff and secondary administrators are added by mobile (room/addStaff, user/setManager): always set. */
  mobile: string;
  nickname: string;
  name: string;
  role: StaffRole;
  authorities: string[];
  frozen: boolean;
  valid_until: number | null;
  room_count: number;
  created_at: number;
}

/** A room of the caller's scope with whether it is granted to the member (the permission editor's rows). */
export interface GrantableRoom {
  id: number;
  room_id: number;
  name: string;
  mac_id: string | null;
  category_id: number | null;
  building: number | null;
  floor: number | null;
  status: number;
  granted: boolean;
}

/** The filters of the two room lists of a member. */
const grantedRoomsSchema = {
  id: f.id(),
  name: f.string({ optional: true, max: 50 }),
  category_id: f.id({ optional: true }),
  granted: f.bool({ optional: true }),
  ...pageFields,
};

export const staffCalls = {
  /** A page of the staff members (or secondary administrators) the caller manages. */
  list: call({
    path: 'room/staffList',
    summary: 'Staff members',
    auth: 'user',
    mutates: false,
    permission: 'staff.manage',
    schema: {
      name: f.string({ optional: true, max: 50 }),
      role: f.enum(STAFF_ROLES, { optional: true }),
      ...pageFields,
    },
  }).answers<Page<StaffMember>>(),

  /** Adds a staff member, with the rooms granted at once. */
  add: call({
    path: 'room/addStaff',
    summary: 'Add a staff member',
    auth: 'user',
    mutates: true,
    permission: 'staff.manage',
    schema: {
      mobile: f.mobile(),
      nickname: f.string({ optional: true, check: (v: string) => checkNickname(v) }),
      name: f.string({ optional: true, max: 50 }),
      password: f.string({
        optional: true,
        raw: true,
        max: 64,
        invalid: 'PASSWORD_TOO_SHORT',
        check: (v: string) => checkPassword(v),
      }),
      room_ids: f.array({ optional: true, max: 10_000, of: f.id() }),
    },
  }).answers<StaffMember>(),

  /** Deletes a staff member's account. */
  remove: call({
    path: 'room/deleteStaff',
    summary: 'Delete a staff member',
    auth: 'user',
    mutates: true,
    permission: 'staff.manage',
    schema: { id: f.id() },
  }).answers<{ id: number }>(),

  /** Grants or revokes rooms: the listed ones, or every room of the caller's scope matching the editor's filters. */
  grantRooms: call({
    path: 'room/addStaffManageLock',
    summary: 'Grant rooms',
    auth: 'user',
    mutates: true,
    permission: 'staff.manage',
    schema: {
      id: f.id(),
      room_ids: f.array({ optional: true, max: 10_000, of: f.id() }),
      mode: f.enum(GRANT_MODES, { optional: true }),
      all_matching: f.bool({ optional: true }),
      name: f.string({ optional: true, max: 50 }),
      category_id: f.id({ optional: true }),
    },
  }).answers<{ id: number; room_count: number; changed?: number }>(),

  /** The rooms granted to a member. */
  grantedRooms: call({
    path: 'room/staffManageRoomList',
    summary: 'Rooms granted to a member',
    auth: 'user',
    mutates: false,
    permission: 'staff.manage',
    schema: grantedRoomsSchema,
  }).answers<Page<GrantableRoom>>(),

  /** Every room the caller may grant, each flagged when granted to the member. */
  grantableRooms: call({
    path: 'room/staffManageRoomList1',
    summary: 'Rooms the caller may grant to a member',
    auth: 'user',
    mutates: false,
    permission: 'staff.manage',
    schema: grantedRoomsSchema,
  }).answers<Page<GrantableRoom>>(),
};
