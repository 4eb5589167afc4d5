/**
 * Rooms and their locks (spec §2 room list, §3 'Room/lock', §4 'Room status'). Choices where the spec is silent:
 * - room/listNew sorts by a numeric-aware key ('102' before '1010', case-insensitive), A–Z by default;
 * - its date quick picks filter on the room's modified date (spec §3), which check-in, check-out, moves, status
 *   and lock-setting changes also touch: 'today' and 'yesterday' are those Asia/Shanghai calendar days, 'week' the
 *   last 7 days up to now;
 * - a room group filter includes rooms in the group's child categories; category_id 0 means 'no group';
 * - the checked-in status follows stays (a check-in sets it, a check-out leaves the room dirty): it cannot be set
 *   by hand, the other four can; a room cannot be made vacant while a stay in it is open (active, or reserved
 *   and begun): ROOM_STAY_OPEN (a later reservation does not hold the room);
 * - room/allLock lists every lock in the caller's scope, unpaged (it feeds pickers), at most 10,000 rows.
 */
import { type ROOM_DATE_PICKS, ROOM_STATUS, roomCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import type { Room, Stay } from '../db/schema.js';
import { parseYuan, toYuan } from '../domain/money.js';
import { splitMovedFee } from '../domain/pricing.js';
import { checkRoomCheckable, planMove, ROOM_STATUS_NAMES, statusAfterCheckIn } from '../domain/stays.js';
import { addDays, shanghaiDate, shanghaiMidnight } from '../domain/time.js';
import { failure } from '../errors.js';
import { requireHotelInfo } from '../services/hotel.js';
import {
  callerScope,
  guardOverlap,
  inScope,
  likePattern,
  normaliseMac,
  roomView,
  stayView,
  yuanText,
} from '../shared/room-views.js';
import { roomLockMarks } from './lock-marks.js';
import { touchWithdrawn, withdrawnText, withdrawStayCredentials } from './stay-credentials.js';
import { otherOpenStays, statusAfterClose } from './stays.js';
import { checkPictureUrl, lockPicture } from './uploads.js';

const MAX_LOCKS = 10_000;

/** The modified-date window of a quick pick, in epoch ms. */
export function datePickWindow(
  pick: (typeof ROOM_DATE_PICKS)[number],
  nowMs: number,
): { from: number; to: number } {
  const today = shanghaiDate(nowMs);
  if (pick === 'today') return { from: shanghaiMidnight(today), to: shanghaiMidnight(addDays(today, 1)) };
  if (pick === 'yesterday')
    return { from: shanghaiMidnight(addDays(today, -1)), to: shanghaiMidnight(today) };
  return { from: nowMs - 7 * 86_400_000, to: nowMs + 1 };
}

/** The stay shown on a room card: the guest checked in now, else the next reservation. */
function currentStays(stays: Stay[]): Map<number, Stay> {
  const byRoom = new Map<number, Stay>();
  for (const s of stays) {
    const held = byRoom.get(s.room_id);
    if (!held || (held.status !== 'active' && s.status === 'active')) byRoom.set(s.room_id, s);
  }
  return byRoom;
}

/**
 * A room as room/lockInfo and room/info answer it: the room with its group's name, its status name and the stay
 * shown on its card (the guest in it now, else the next reservation), as room/listNew's items.
 */
async function roomWithTenant(ctx: UserContext, room: Room) {
  const category = room.category_id
    ? await ctx.db
        .selectFrom('room_categories')
        .select('name')
        .where('id', '=', room.category_id)
        .executeTakeFirst()
    : undefined;
  const stays = await ctx.db
    .selectFrom('stays')
    .selectAll()
    .where('room_id', '=', room.id)
    .where('status', 'in', ['active', 'reserved'])
    .orderBy('check_in')
    .execute();
  const stay = currentStays(stays).get(room.id);
  return {
    ...roomView(room, category?.name ?? null),
    status_name: ROOM_STATUS_NAMES[room.status] ?? null,
    tenant: stay ? stayView(stay, ctx.now().getTime()) : null,
    ...(await roomLockMarks(ctx.db, room.hotel_id, room.id, ctx.now().getTime())),
  };
}

export function roomRoutes(app: FastifyInstance): void {
  defineCall(app, roomCalls.setStatus, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.status');
      const status = Number(body.status);
      const now = ctx.now();
      const updated = await ctx.db.transaction().execute(async (trx) => {
        // The room's row first, as a check-in takes it: no guest can arrive between the check and the write.
        await trx.selectFrom('rooms').select('id').where('id', '=', room.id).forUpdate().execute();
        if (status === ROOM_STATUS.vacant) {
          // A vacant room invites the next guest; one whose stay is still open (in the room now, or a
          // reservation whose time has begun) must be checked out first, which also ends the guest's key.
          const open = await trx
            .selectFrom('stays')
            .select('id')
            .where('room_id', '=', room.id)
            .where((eb) =>
              eb.or([
                eb('status', '=', 'active'),
                eb.and([eb('status', '=', 'reserved'), eb('check_in', '<=', now)]),
              ]),
            )
            .limit(1)
            .executeTakeFirst();
          if (open) throw failure('ROOM_STAY_OPEN');
        }
        return trx
          .updateTable('rooms')
          .set({ status, updated_at: now })
          .where('id', '=', room.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      ctx.audit(`Room ${room.name}: status ${ROOM_STATUS_NAMES[room.status]} → ${ROOM_STATUS_NAMES[status]}`);
      return { room_id: room.id, status: updated.status, status_name: ROOM_STATUS_NAMES[updated.status] };
    },
  });

  defineCall(app, roomCalls.locks, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      let q = ctx.db
        .selectFrom('rooms as r')
        .where(inScope(scope, hotelId))
        .where('r.mac_id', 'is not', null)
        .select([
          'r.id',
          'r.name',
          'r.mac_id',
          'r.lock_id',
          'r.building',
          'r.floor',
          'r.battery',
          'r.bluetooth_name',
          'r.status',
          'r.category_id',
        ]);
      if (body.name) q = q.where('r.name', 'ilike', likePattern(body.name));
      const list = await q.orderBy('r.name_key').orderBy('r.id').limit(MAX_LOCKS).execute();
      // mac_id is set on every row (the query keeps only rooms with a lock).
      return {
        list: list.map((r) => ({ ...r, mac_id: r.mac_id as string, room_id: r.id })),
        total: list.length,
      };
    },
  });

  defineCall(app, roomCalls.lockInfo, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const mac = normaliseMac(body.mac_id);
      if (!mac) throw failure('FIELD_INVALID', { field: 'mac_id' });
      const found = await ctx.db
        .selectFrom('rooms')
        .select('id')
        .where('mac_id', '=', mac)
        .where('hotel_id', '=', hotelId)
        .executeTakeFirst();
      if (!found) throw failure('NOT_FOUND');
      const room = await ctx.requireRoom(found.id, 'room.view');
      return roomWithTenant(ctx, room);
    },
  });

  defineCall(app, roomCalls.info, {
    handler: async (ctx, body) => roomWithTenant(ctx, await ctx.requireRoom(body.room_id, 'room.view')),
  });

  defineCall(app, roomCalls.setLockData, {
    handler: async (ctx, body) => {
      // The contract checks the address's shape; whether it parses as a URL is checked before anything else.
      if (body.picture !== undefined && checkPictureUrl(body.picture))
        throw failure('PICTURE_URL_INVALID', { field: 'picture' });
      const room = await ctx.requireRoom(body.room_id, 'room.manage');
      if (body.category_id) {
        const category = await ctx.db
          .selectFrom('room_categories')
          .select('id')
          .where('id', '=', body.category_id)
          .where('hotel_id', '=', room.hotel_id)
          .executeTakeFirst();
        if (!category) throw failure('FIELD_INVALID', { field: 'category_id' });
      }
      const { room_id: _, category_id, ...fields } = body;
      if (fields.picture !== undefined)
        fields.picture = await lockPicture(ctx.db, room.hotel_id, fields.picture);
      const changes = {
        ...fields,
        ...(category_id === undefined ? {} : { category_id: category_id === 0 ? null : category_id }),
      };
      const updated = await ctx.db
        .updateTable('rooms')
        .set({ ...changes, updated_at: ctx.now() })
        .where('id', '=', room.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      ctx.audit(`Room ${room.name}: lock settings (${Object.keys(changes).join(', ') || 'none'})`);
      return roomView(updated);
    },
  });

  defineCall(app, roomCalls.moveStay, {
    handler: async (ctx, body) => {
      if (body.room_id === body.new_room_id) throw failure('FIELD_INVALID', { field: 'new_room_id' });
      const from = await ctx.requireRoom(body.room_id, 'stay.manage');
      const to = await ctx.requireRoom(body.new_room_id, 'stay.manage');
      await requireHotelInfo(ctx);
      const now = ctx.now();
      const nowMs = now.getTime();
      const result = await guardOverlap(() =>
        ctx.db.transaction().execute(async (trx) => {
          // Lock both rooms in id order so two opposite moves cannot deadlock.
          await trx
            .selectFrom('rooms')
            .select('id')
            .where('id', 'in', [from.id, to.id])
            .orderBy('id')
            .forUpdate()
            .execute();
          let q = trx
            .selectFrom('stays')
            .selectAll()
            .where('room_id', '=', from.id)
            .where('status', 'in', ['active', 'reserved']);
          q = body.stay_id ? q.where('id', '=', body.stay_id) : q.orderBy('check_in').limit(1);
          const stay = await q.executeTakeFirst();
          if (!stay) throw failure('NO_TENANT_IN_ROOM');
          const target = await trx
            .selectFrom('rooms')
            .select('status')
            .where('id', '=', to.id)
            .executeTakeFirstOrThrow();
          const refused = checkRoomCheckable(target.status);
          if (refused) throw failure(refused);
          const plan = planMove(
            { startMs: stay.check_in.getTime(), endMs: stay.check_out.getTime(), status: stay.status },
            nowMs,
          );
          if (!plan.ok) throw failure(plan.code, plan.params);
          // The money is counted once: the old stay keeps the nights spent in the old room, the new stay carries
          // the rest of the fee and the deposit (refunded when the guest finally leaves).
          const fee = splitMovedFee(
            parseYuan(stay.price) ?? 0,
            stay.check_in.getTime(),
            stay.check_out.getTime(),
            plan.value.oldEndsMs,
          );
          await trx
            .updateTable('stays')
            .set({
              status: 'moved',
              checked_out_at: new Date(plan.value.oldEndsMs),
              price: yuanText(toYuan(fee.oldFen)),
              deposit: yuanText(0),
              updated_at: now,
            })
            .where('id', '=', stay.id)
            .execute();
          // The old room's lock must stop opening for the guest: the old stay's credentials end with it (issue 19).
          const withdrawn = await withdrawStayCredentials(trx, stay, now);
          const { id: _, created_at: __, updated_at: ___, ...rest } = stay;
          const moved = await trx
            .insertInto('stays')
            .values({
              ...rest,
              room_id: to.id,
              check_in: new Date(plan.value.newStartMs),
              check_out: new Date(plan.value.newEndMs),
              checked_out_at: null,
              status: plan.value.newStartMs <= nowMs ? 'active' : 'reserved',
              moved_from_stay_id: stay.id,
              price: yuanText(toYuan(fee.newFen)),
              created_by: ctx.user.id,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          const guests = await trx
            .selectFrom('stay_guests')
            .selectAll()
            .where('stay_id', '=', stay.id)
            .execute();
          if (guests.length > 0) {
            await trx
              .insertInto('stay_guests')
              .values(guests.map(({ id: _id, stay_id: _s, ...g }) => ({ ...g, stay_id: moved.id })))
              .execute();
          }
          // The old room follows the stays it still holds: a guest still in keeps it checked in.
          const fromRoom = await trx
            .selectFrom('rooms')
            .selectAll()
            .where('id', '=', from.id)
            .executeTakeFirstOrThrow();
          const fromStatus = await statusAfterClose(trx, fromRoom, stay, stay.status === 'active', nowMs);
          // A reservation moved next to a guest in the target room leaves that room checked in.
          const targetStays = await otherOpenStays(trx, to.id, moved.id);
          const someoneIn = targetStays.some(
            (s) => s.check_in.getTime() <= nowMs && s.check_out.getTime() > nowMs,
          );
          const toStatus = someoneIn
            ? ROOM_STATUS.checkedIn
            : statusAfterCheckIn(plan.value.newStartMs, nowMs);
          await trx
            .updateTable('rooms')
            .set({ status: fromStatus, updated_at: now })
            .where('id', '=', from.id)
            .execute();
          await trx
            .updateTable('rooms')
            .set({ status: toStatus, updated_at: now })
            .where('id', '=', to.id)
            .execute();
          return { moved, withdrawn };
        }),
      );
      touchWithdrawn(ctx, [result.withdrawn]);
      ctx.audit(
        `Stay ${result.moved.moved_from_stay_id} moved from room ${from.name} to room ${to.name}${withdrawnText(result.withdrawn, 'moved')}`,
      );
      return stayView(result.moved, nowMs);
    },
  });
}
