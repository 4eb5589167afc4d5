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
 * The rules spanning statements are service.ts's, the SQL repository/'s; the room list is room-list.ts's.
 */
import { roomCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { ROOM_STATUS_NAMES } from '../domain/stays.js';
import { failure } from '../errors.js';
import { requireHotelInfo } from '../services/hotel.js';
import { callerScope, normaliseMac, roomView, stayView } from '../shared/room-views.js';
import { checkPictureUrl, lockPicture } from '../shared/uploads.js';
import { moveStay } from '../stays/service.js';
import { touchWithdrawn, withdrawnText } from '../stays/stay-credentials.js';
import { hotelHasCategory } from './repository/categories.js';
import { locksInScope, roomIdByMac, updateRoom } from './repository/rooms.js';
import { roomWithTenant, setStatusByHand } from './service.js';

const MAX_LOCKS = 10_000;

/** Registers the calls on one room: its status, its lock settings, the lock pickers' source, moving a stay. */
export function roomRoutes(app: FastifyInstance): void {
  defineCall(app, roomCalls.setStatus, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.status');
      const status = Number(body.status);
      const updated = await setStatusByHand(ctx, room, status);
      ctx.audit(`Room ${room.name}: status ${ROOM_STATUS_NAMES[room.status]} → ${ROOM_STATUS_NAMES[status]}`);
      return { room_id: room.id, status: updated.status, status_name: ROOM_STATUS_NAMES[updated.status] };
    },
  });

  defineCall(app, roomCalls.locks, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const list = await locksInScope(ctx.db, hotelId, scope, body.name, MAX_LOCKS);
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
      const found = await roomIdByMac(ctx.db, hotelId, mac);
      if (found === undefined) throw failure('NOT_FOUND');
      const room = await ctx.requireRoom(found, 'room.view');
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
      if (body.category_id && !(await hotelHasCategory(ctx.db, room.hotel_id, body.category_id)))
        throw failure('FIELD_INVALID', { field: 'category_id' });
      const { room_id: _, category_id, ...fields } = body;
      if (fields.picture !== undefined)
        fields.picture = await lockPicture(ctx.db, room.hotel_id, fields.picture);
      const changes = {
        ...fields,
        ...(category_id === undefined ? {} : { category_id: category_id === 0 ? null : category_id }),
      };
      const updated = await updateRoom(ctx.db, room.id, changes, ctx.now());
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
