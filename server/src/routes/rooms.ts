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
import { ROOM_STATUS_NAMES } from '../domain/stays.js';
import { addDays, shanghaiDate, shanghaiMidnight } from '../domain/time.js';
import { failure } from '../errors.js';
import { f } from '../fields.js';
import { requireHotelInfo } from '../services/hotel.js';
import { callerScope, inScope, likePattern, normaliseMac, roomView, stayView } from '../shared/room-views.js';
import { checkPictureUrl, lockPicture } from '../shared/uploads.js';
import { moveStay } from '../stays/service.js';
import { touchWithdrawn, withdrawnText } from '../stays/stay-credentials.js';
import { roomLockMarks } from './lock-marks.js';

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

  defineCall(app, {
    path: 'room/setLockData',
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
    handler: async (ctx, body) => {
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
      const result = await moveStay(ctx, from, to, body.stay_id, now);
      touchWithdrawn(ctx, [result.withdrawn]);
      ctx.audit(
        `Stay ${result.moved.moved_from_stay_id} moved from room ${from.name} to room ${to.name}${withdrawnText(result.withdrawn, 'moved')}`,
      );
      return stayView(result.moved, now.getTime());
    },
  });
}
