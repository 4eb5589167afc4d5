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
import { type GrantMode, type StaffMember, type StaffRole, staffCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hashPassword } from '../auth/password.js';
import { defineCall, type UserContext } from '../call.js';
import type { User } from '../db/schema.js';
import { failure } from '../errors.js';
import { epochSeconds, pageOf } from '../fields.js';
import { brokerCredentialsOfUser, removeCredentials } from '../services/broker-credentials.js';
import { callerScope, inScope, likePattern, requireRooms } from '../shared/room-views.js';

/** An account the caller may manage: its staff (and, for a super administrator, secondary administrators). */
async function requireTarget(
  ctx: UserContext,
  id: number,
  roles: readonly ('staff' | 'secondary')[],
): Promise<User> {
  const hotelId = ctx.requireHotelId();
  const target = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
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

export function staffRoutes(app: FastifyInstance): void {
  defineCall(app, staffCalls.list, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const role = body.role ?? 'staff';
      if (role === 'secondary') ctx.require('manager.manage');
      const { page, limit, offset } = pageOf(body);
      let q = ctx.db.selectFrom('users as u').where('u.hotel_id', '=', hotelId).where('u.role', '=', role);
      if (ctx.user.role !== 'super') q = q.where('u.created_by', '=', ctx.user.id);
      if (body.name) {
        const like = likePattern(body.name);
        q = q.where((eb) =>
          eb.or([eb('u.nickname', 'ilike', like), eb('u.name', 'ilike', like), eb('u.mobile', 'like', like)]),
        );
      }
      const [count, rows] = await Promise.all([
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
        q
          .selectAll('u')
          .select((eb) =>
            eb
              .selectFrom('user_rooms')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('user_rooms.user_id', '=', 'u.id')
              .as('room_count'),
          )
          .orderBy('u.id')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return {
        list: rows.map((u) => staffView(u, Number(u.room_count ?? 0))),
        total: Number(count.n),
        page,
        limit,
      };
    },
  });

  defineCall(app, staffCalls.add, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const taken = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', body.mobile)
        .executeTakeFirst();
      if (taken) throw failure('ACCOUNT_EXISTS');
      const roomIds = [...new Set(body.room_ids ?? [])];
      if (roomIds.length > 0) await requireRooms(ctx, roomIds, 'staff.manage');
      const hash = await hashPassword(
        body.password ?? randomBytes(18).toString('base64url'),
        ctx.config.scryptCost,
      );
      const now = ctx.now();
      const staff = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({
            mobile: body.mobile,
            password_hash: hash,
            role: 'staff',
            hotel_id: hotelId,
            created_by: ctx.user.id,
            nickname: body.nickname ?? '',
            name: body.name ?? body.nickname ?? '',
            password_changed_at: now,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (roomIds.length > 0) {
          await trx
            .insertInto('user_rooms')
            .values(
              roomIds.map((room_id) => ({
                user_id: row.id,
                room_id,
                granted_by: ctx.user.id,
                created_at: now,
              })),
            )
            .execute();
        }
        return row;
      });
      ctx.audit(`Staff added: ${staff.mobile} with ${roomIds.length} rooms`);
      return staffView(staff, roomIds.length);
    },
  });

  defineCall(app, staffCalls.remove, {
    handler: async (ctx, body) => {
      if (body.id === ctx.user.id) throw failure('DELETE_FAILED');
      const hotelId = ctx.requireHotelId();
      const exists = await ctx.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', body.id)
        .where('hotel_id', '=', hotelId)
        .executeTakeFirst();
      // Only staff accounts are deleted here; administrators are not staff.
      if (exists && exists.role !== 'staff') throw failure('DELETE_FAILED');
      const target = await requireTarget(ctx, body.id, ['staff']);
      // Its sessions and their broker credentials go with the account; a managed broker is told after.
      const brokerUsers = await brokerCredentialsOfUser(ctx.db, target.id);
      await ctx.db.deleteFrom('users').where('id', '=', target.id).execute();
      try {
        await removeCredentials(ctx.db, ctx.app.brokerMirror, brokerUsers);
      } catch (err) {
        ctx.log.warn({ err }, 'broker credentials of a removed account not removed yet; the sweeper retries');
      }
      ctx.audit(`Staff deleted: ${target.mobile}`);
      return { id: target.id };
    },
  });

  defineCall(app, staffCalls.grantRooms, {
    handler: async (ctx, body) => {
      // Bad input is told before anything is looked up, as the schema would.
      if (!body.all_matching && !body.room_ids) throw failure('FIELD_REQUIRED', { field: 'room_ids' });
      if (body.all_matching && body.mode === 'set') throw failure('FIELD_INVALID', { field: 'mode' });
      const target = await requireTarget(ctx, body.id, ['staff', 'secondary']);
      if (body.all_matching) return grantMatching(ctx, target, body);
      const roomIds = [...new Set(body.room_ids ?? [])];
      if (roomIds.length > 0) await requireRooms(ctx, roomIds, 'staff.manage');
      const mode = body.mode ?? 'set';
      const { hotelId, scope } = callerScope(ctx);
      const now = ctx.now();
      await ctx.db.transaction().execute(async (trx) => {
        if (mode === 'set' || mode === 'remove') {
          let del = trx.deleteFrom('user_rooms').where('user_id', '=', target.id);
          if (mode === 'remove') del = del.where('room_id', 'in', roomIds.length > 0 ? roomIds : [0]);
          else if (scope.kind !== 'all') {
            del = del.where('room_id', 'in', (eb) =>
              eb.selectFrom('rooms as r').select('r.id').where(inScope(scope, hotelId)),
            );
          }
          await del.execute();
        }
        if ((mode === 'set' || mode === 'add') && roomIds.length > 0) {
          await trx
            .insertInto('user_rooms')
            .values(
              roomIds.map((room_id) => ({
                user_id: target.id,
                room_id,
                granted_by: ctx.user.id,
                created_at: now,
              })),
            )
            .onConflict((oc) => oc.columns(['user_id', 'room_id']).doNothing())
            .execute();
        }
      });
      const count = await ctx.db
        .selectFrom('user_rooms')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', target.id)
        .executeTakeFirstOrThrow();
      ctx.audit(`Rooms of ${target.mobile} (${target.role}): ${mode} ${roomIds.length}`);
      return { id: target.id, room_count: Number(count.n) };
    },
  });

  defineCall(app, staffCalls.grantedRooms, {
    handler: async (ctx, body) => {
      const target = await requireTarget(ctx, body.id, ['staff', 'secondary']);
      return roomPage(ctx, target.id, body, true);
    },
  });

  defineCall(app, staffCalls.grantableRooms, {
    handler: async (ctx, body) => {
      const target = await requireTarget(ctx, body.id, ['staff', 'secondary']);
      return roomPage(ctx, target.id, body, false);
    },
  });
}

/**
 * Every room of the caller's scope matching the editor's filters added to ('add') or removed from ('remove') the
 * target's rooms, in one statement each; 'set' is refused here (it would drop the rooms the filters hide).
 */
async function grantMatching(
  ctx: UserContext,
  target: User,
  body: { mode?: GrantMode; name?: string; category_id?: number },
) {
  const mode = body.mode === 'remove' ? 'remove' : 'add';
  const { hotelId, scope } = callerScope(ctx);
  if (body.category_id !== undefined) {
    const group = await ctx.db
      .selectFrom('room_categories')
      .select('id')
      .where('id', '=', body.category_id)
      .where('hotel_id', '=', hotelId)
      .executeTakeFirst();
    if (!group) throw failure('NOT_FOUND');
  }
  const matching = () => {
    let q = ctx.db.selectFrom('rooms as r').where(inScope(scope, hotelId));
    if (body.category_id !== undefined) q = q.where('r.category_id', '=', body.category_id);
    if (body.name) q = q.where('r.name', 'ilike', likePattern(body.name));
    return q;
  };
  const now = ctx.now();
  const changed = await ctx.db.transaction().execute(async (trx) => {
    if (mode === 'remove') {
      const gone = await trx
        .deleteFrom('user_rooms')
        .where('user_id', '=', target.id)
        .where('room_id', 'in', matching().select('r.id'))
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    }
    const added = await trx
      .insertInto('user_rooms')
      .columns(['user_id', 'room_id', 'granted_by', 'created_at'])
      .expression(
        matching().select([
          sql<number>`${target.id}::int`.as('user_id'),
          'r.id as room_id',
          sql<number>`${ctx.user.id}::int`.as('granted_by'),
          sql<Date>`${now}::timestamptz`.as('created_at'),
        ]),
      )
      .onConflict((oc) => oc.columns(['user_id', 'room_id']).doNothing())
      .executeTakeFirst();
    return Number(added.numInsertedOrUpdatedRows ?? 0);
  });
  const count = await ctx.db
    .selectFrom('user_rooms')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', target.id)
    .executeTakeFirstOrThrow();
  ctx.audit(`Rooms of ${target.mobile} (${target.role}): ${mode} ${changed} matching`);
  return { id: target.id, room_count: Number(count.n), changed };
}

/** A page of the caller's rooms with a `granted` flag for the target; only the granted ones when `grantedOnly`. */
async function roomPage(
  ctx: UserContext,
  targetId: number,
  body: { name?: string; category_id?: number; granted?: boolean; page?: number; limit?: number },
  grantedOnly: boolean,
) {
  const { hotelId, scope } = callerScope(ctx);
  const { page, limit, offset } = pageOf(body);
  let q = ctx.db
    .selectFrom('rooms as r')
    .leftJoin('user_rooms as g', (join) =>
      join.onRef('g.room_id', '=', 'r.id').on('g.user_id', '=', targetId),
    )
    .where(inScope(scope, hotelId));
  if (grantedOnly || body.granted === true) q = q.where('g.user_id', 'is not', null);
  else if (body.granted === false) q = q.where('g.user_id', 'is', null);
  if (body.category_id !== undefined) q = q.where('r.category_id', '=', body.category_id);
  if (body.name) q = q.where('r.name', 'ilike', likePattern(body.name));
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    q
      .select([
        'r.id',
        'r.name',
        'r.mac_id',
        'r.category_id',
        'r.building',
        'r.floor',
        'r.status',
        'g.user_id as granted_to',
      ])
      .orderBy('r.name_key')
      .orderBy('r.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return {
    list: rows.map(({ granted_to, ...r }) => ({ ...r, room_id: r.id, granted: granted_to !== null })),
    total: Number(count.n),
    page,
    limit,
  };
}
