/**
 * Adding and removing rooms from the console. The spec's vendor console gets its rooms from locks bound in a phone
 * app; LockDesk has no app, and a hotel must never need a database tool, so an administrator adds a room (with its
 * lock's MAC when the lock is fitted) here. Choices:
 * - names are unique within a hotel (compared as typed, trimmed), because the desk finds rooms by name;
 * - a lock's MAC is unique across the installation (the rooms_mac index): one lock, one door;
 * - a secondary administrator who adds a room is assigned it at once, or they could not see what they made;
 * - a room that ever held a stay or a credential is not deleted (its history belongs to the guests and the log):
 *   the answer says to set it to maintenance instead. Only a room added by mistake goes.
 */
import { normaliseMac, roomAdminCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { isConstraintViolation } from '../db/index.js';
import { failure } from '../errors.js';
import { roomView } from '../shared/room-views.js';
import { hotelHasCategory } from './repository/categories.js';
import { deleteRoom, roomHasHistory, roomNameTaken } from './repository/rooms.js';
import { addRoom } from './service.js';

/** Registers adding and removing rooms. */
export function roomAdminRoutes(app: FastifyInstance): void {
  defineCall(app, roomAdminCalls.addRoom, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const name = body.name.trim();
      if (await roomNameTaken(ctx.db, hotelId, name)) throw failure('ROOM_NAME_EXISTS');
      if (body.category_id && !(await hotelHasCategory(ctx.db, hotelId, body.category_id)))
        throw failure('FIELD_INVALID', { field: 'category_id' });
      const mac = body.mac_id === undefined ? null : (normaliseMac(body.mac_id) ?? null);
      try {
        const room = await addRoom(
          ctx,
          hotelId,
          {
            name,
            categoryId: body.category_id ? body.category_id : null,
            building: body.building ?? null,
            floor: body.floor ?? null,
            mac,
            bluetoothName: body.bluetooth_name ?? '',
            remark: body.remark ?? '',
          },
          ctx.now(),
        );
        ctx.touchRooms([room.id]);
        ctx.audit(`Room ${room.name} added${mac ? ` with lock ${mac}` : ''}`);
        const { lock_secret, ...added } = room;
        return lock_secret ? { ...roomView(added), lock_secret } : roomView(added);
      } catch (e) {
        if (isConstraintViolation(e, 'unique')) throw failure('LOCK_MAC_IN_USE');
        throw e;
      }
    },
  });

  defineCall(app, roomAdminCalls.deleteRoom, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.manage');
      if (await roomHasHistory(ctx.db, room.id)) throw failure('ROOM_HAS_HISTORY');
      await deleteRoom(ctx.db, room.id);
      ctx.audit(`Room ${room.name} deleted`);
      return { room_id: room.id };
    },
  });
}
