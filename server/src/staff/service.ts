/**
 * Staff and their room permissions (spec §6). Choices where the spec is silent:
 * - a super administrator manages every staff member of the hotel and grants rooms to secondary administrators
 *   too (that takes 'manager.manage'); a secondary administrator manages the staff it added, and grants only rooms
 *   assigned to itself;
 * - room/addStaffManageLock replaces the target's rooms within the caller's own scope (mode 'set', default), or
 *   adds ('add') or removes ('remove') the listed rooms; grants made by others outside that scope stay;
 * - room/staffManageRoomList lists the rooms granted to the target; room/staffManageRoomList1 lists every room
 *   the caller may grant, each with a `granted` flag (what the permission editor ticks), a page at a time, by
 *   name, group and granted or not, so the editor works at 10,000 rooms;
 * - room/addStaffManageLock with `all_matching` adds or removes every room of the caller's scope matching the
 *   editor's filters (name, group) in one statement, instead of the console sending thousands of ids;
 * - a staff account without a password sets one through password recovery (SMS), as secondary administrators do.
 */
import { randomBytes } from 'node:crypto';
import type {
  BodyOf,
  GrantableRoom,
  GrantMode,
  Page,
  StaffMember,
  StaffRole,
  staffCalls,
} from '@lockdesk/protocol';
import { hashPassword } from '../auth/password.js';
import type { UserContext } from '../call.js';
import type { User } from '../db/schema.js';
import { failure } from '../errors.js';
import { epochSeconds, pageOf } from '../fields.js';
import { brokerCredentialsOfUser, removeCredentials } from '../services/broker-credentials.js';
import { callerScope, requireRooms } from '../shared/room-views.js';
import * as repo from './repository.js';

/** An account the caller may manage: its staff (and, for a super administrator, secondary administrators). */
async function requireTarget(ctx: UserContext, id: number, roles: readonly StaffRole[]): Promise<User> {
  const target = await repo.hotelAccount(ctx.db, ctx.requireHotelId(), id);
  if (!target || !(roles as readonly string[]).includes(target.role)) throw failure('NOT_FOUND');
  if (target.role === 'secondary') ctx.require('manager.manage');
  if (ctx.user.role !== 'super' && target.created_by !== ctx.user.id) throw failure('PERMISSION_DENIED');
  return target;
}

function staffView(u: User, roomCount: number): StaffMember {
  return {
    id: u.id,
    uid: u.id,
    // Staff and secondary administrators are added by mobile: never null for these roles.
    mobile: u.mobile as string,
    nickname: u.nickname,
    name: u.name,
    // Only staff and secondary administrators are listed or added here.
    role: u.role as StaffRole,
    authorities: u.authorities,
    frozen: u.frozen,
    valid_until: epochSeconds(u.valid_until),
    room_count: roomCount,
    created_at: epochSeconds(u.created_at),
  };
}

/** A page of the staff members (or secondary administrators) the caller manages. */
export async function listStaff(
  ctx: UserContext,
  body: BodyOf<typeof staffCalls.list>,
): Promise<Page<StaffMember>> {
  const hotelId = ctx.requireHotelId();
  const role = body.role ?? 'staff';
  if (role === 'secondary') ctx.require('manager.manage');
  const { page, limit, offset } = pageOf(body);
  const { total, rows } = await repo.staffPage(
    ctx.db,
    {
      hotelId,
      role,
      ...(ctx.user.role === 'super' ? {} : { addedBy: ctx.user.id }),
      ...(body.name ? { name: body.name } : {}),
    },
    { limit, offset },
  );
  return { list: rows.map((u) => staffView(u, Number(u.room_count ?? 0))), total, page, limit };
}

/** Adds a staff member of the caller's hotel with the rooms granted at once (of the caller's scope). */
export async function addStaff(ctx: UserContext, body: BodyOf<typeof staffCalls.add>): Promise<StaffMember> {
  const hotelId = ctx.requireHotelId();
  if (await repo.mobileTaken(ctx.db, body.mobile)) throw failure('ACCOUNT_EXISTS');
  const roomIds = [...new Set(body.room_ids ?? [])];
  if (roomIds.length > 0) await requireRooms(ctx, roomIds, 'staff.manage');
  const hash = await hashPassword(
    body.password ?? randomBytes(18).toString('base64url'),
    ctx.config.scryptCost,
  );
  const now = ctx.now();
  const staff = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.insertStaff(trx, {
      mobile: body.mobile,
      passwordHash: hash,
      hotelId,
      addedBy: ctx.user.id,
      nickname: body.nickname ?? '',
      name: body.name ?? body.nickname ?? '',
      now,
    });
    await repo.grantRooms(trx, row.id, roomIds, ctx.user.id, now);
    return row;
  });
  ctx.audit(`Staff added: ${staff.mobile} with ${roomIds.length} rooms`);
  return staffView(staff, roomIds.length);
}

/** Deletes a staff member's account (not the caller's, not an administrator's), with its broker credentials. */
export async function deleteStaff(ctx: UserContext, id: number): Promise<{ id: number }> {
  if (id === ctx.user.id) throw failure('DELETE_FAILED');
  const exists = await repo.hotelAccount(ctx.db, ctx.requireHotelId(), id);
  // Only staff accounts are deleted here; administrators are not staff.
  if (exists && exists.role !== 'staff') throw failure('DELETE_FAILED');
  const target = await requireTarget(ctx, id, ['staff']);
  // Its sessions and their broker credentials go with the account; a managed broker is told after.
  const brokerUsers = await brokerCredentialsOfUser(ctx.db, target.id);
  await repo.deleteAccount(ctx.db, target.id);
  try {
    await removeCredentials(ctx.db, ctx.app.brokerMirror, brokerUsers);
  } catch (err) {
    ctx.log.warn({ err }, 'broker credentials of a removed account not removed yet; the sweeper retries');
  }
  ctx.audit(`Staff deleted: ${target.mobile}`);
  return { id: target.id };
}

/** Grants or revokes rooms of a member: the listed ones ('set', 'add', 'remove'), or every one matching. */
export async function changeGrantedRooms(
  ctx: UserContext,
  body: BodyOf<typeof staffCalls.grantRooms>,
): Promise<{ id: number; room_count: number; changed?: number }> {
  // Bad input is told before anything is looked up, as the schema would.
  if (!body.all_matching && !body.room_ids) throw failure('FIELD_REQUIRED', { field: 'room_ids' });
  if (body.all_matching && body.mode === 'set') throw failure('FIELD_INVALID', { field: 'mode' });
  const target = await requireTarget(ctx, body.id, ['staff', 'secondary']);
  if (body.all_matching) return changeMatchingRooms(ctx, target, body);
  const roomIds = [...new Set(body.room_ids ?? [])];
  if (roomIds.length > 0) await requireRooms(ctx, roomIds, 'staff.manage');
  const mode = body.mode ?? 'set';
  const { hotelId, scope } = callerScope(ctx);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (mode === 'remove') await repo.revokeRooms(trx, target.id, roomIds);
    if (mode === 'set') await repo.revokeRoomsInScope(trx, target.id, scope, hotelId);
    if (mode === 'set' || mode === 'add') await repo.grantRooms(trx, target.id, roomIds, ctx.user.id, now);
  });
  const count = await repo.grantedRoomCount(ctx.db, target.id);
  ctx.audit(`Rooms of ${target.mobile} (${target.role}): ${mode} ${roomIds.length}`);
  return { id: target.id, room_count: count };
}

/**
 * Every room of the caller's scope matching the editor's filters added to ('add') or removed from ('remove') the
 * target's rooms, in one statement each; 'set' is refused before (it would drop the rooms the filters hide).
 */
async function changeMatchingRooms(
  ctx: UserContext,
  target: User,
  body: { mode?: GrantMode; name?: string; category_id?: number },
) {
  const mode = body.mode === 'remove' ? 'remove' : 'add';
  const { hotelId, scope } = callerScope(ctx);
  if (body.category_id !== undefined && !(await repo.hotelGroupExists(ctx.db, hotelId, body.category_id)))
    throw failure('NOT_FOUND');
  const filter = { name: body.name, category_id: body.category_id };
  const now = ctx.now();
  const changed = await ctx.db
    .transaction()
    .execute((trx) =>
      mode === 'remove'
        ? repo.revokeMatchingRooms(trx, target.id, scope, hotelId, filter)
        : repo.grantMatchingRooms(trx, target.id, scope, hotelId, filter, ctx.user.id, now),
    );
  const count = await repo.grantedRoomCount(ctx.db, target.id);
  ctx.audit(`Rooms of ${target.mobile} (${target.role}): ${mode} ${changed} matching`);
  return { id: target.id, room_count: count, changed };
}

/**
 * A page of the caller's rooms with a `granted` flag for the member; only the granted ones when `grantedOnly`
 * (room/staffManageRoomList), else filtered by `granted` when given (room/staffManageRoomList1).
 */
export async function memberRooms(
  ctx: UserContext,
  body: BodyOf<typeof staffCalls.grantableRooms>,
  grantedOnly: boolean,
): Promise<Page<GrantableRoom>> {
  const target = await requireTarget(ctx, body.id, ['staff', 'secondary']);
  const { hotelId, scope } = callerScope(ctx);
  const { page, limit, offset } = pageOf(body);
  const { total, rows } = await repo.grantableRoomPage(
    ctx.db,
    target.id,
    scope,
    hotelId,
    { name: body.name, category_id: body.category_id, granted: grantedOnly ? true : body.granted },
    { limit, offset },
  );
  return {
    list: rows.map(({ granted_to, ...r }) => ({ ...r, room_id: r.id, granted: granted_to !== null })),
    total,
    page,
    limit,
  };
}
