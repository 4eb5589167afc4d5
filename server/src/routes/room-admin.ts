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
import { defineCall, type UserContext } from '../call.js';
import { isConstraintViolation } from '../db/index.js';
import { failure } from '../errors.js';
import { issueLockSecret } from '../services/lock-secrets.js';
import { roomView } from '../shared/room-views.js';

async function requireNameFree(ctx: UserContext, hotelId: number, name: string, exceptId?: number) {
  let q = ctx.db.selectFrom('rooms').select('id').where('hotel_id', '=', hotelId).where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw failure('ROOM_NAME_EXISTS');
}

export function roomAdminRoutes(app: FastifyInstance): void {
  defineCall(app, roomAdminCalls.addRoom, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const name = body.name.trim();
      await requireNameFree(ctx, hotelId, name);
      if (body.category_id) {
        const category = await ctx.db
          .selectFrom('room_categories')
          .select('id')
          .where('id', '=', body.category_id)
          .where('hotel_id', '=', hotelId)
          .executeTakeFirst();
        if (!category) throw failure('FIELD_INVALID', { field: 'category_id' });
      }
      const mac = body.mac_id === undefined ? null : (normaliseMac(body.mac_id) ?? null);
      const now = ctx.now();
      try {
        const room = await ctx.db.transaction().execute(async (trx) => {
          const added = await trx
            .insertInto('rooms')
            .values({
              hotel_id: hotelId,
              name,
              category_id: body.category_id ? body.category_id : null,
              building: body.building ?? null,
              floor: body.floor ?? null,
              mac_id: mac,
              bluetooth_name: body.bluetooth_name ?? '',
              remark: body.remark ?? '',
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          if (ctx.user.role !== 'super') {
            await trx
              .insertInto('user_rooms')
              .values({ user_id: ctx.user.id, room_id: added.id, granted_by: ctx.user.id, created_at: now })
              .execute();
          }
          // A room with a lock gets the lock's secret in the same step (answered once, API.md §10).
          const lock = added.mac_id ? await issueLockSecret(trx, added, now) : null;
          return { ...added, lock_secret: lock?.secret };
        });
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
      const used = await ctx.db
        .selectFrom('stays')
        .select('id')
        .where('room_id', '=', room.id)
        .union(ctx.db.selectFrom('cards').select('id').where('room_id', '=', room.id))
        .union(ctx.db.selectFrom('lock_passwords').select('id').where('room_id', '=', room.id))
        .union(ctx.db.selectFrom('faces').select('id').where('room_id', '=', room.id))
        .union(ctx.db.selectFrom('fingerprints').select('id').where('room_id', '=', room.id))
        .union(ctx.db.selectFrom('unlock_records').select('id').where('room_id', '=', room.id))
        .union(ctx.db.selectFrom('m1_cards').select('id').where('room_id', '=', room.id))
        .union(ctx.db.selectFrom('cpu_cards').select('id').where('room_id', '=', room.id))
        .limit(1)
        .executeTakeFirst();
      if (used) throw failure('ROOM_HAS_HISTORY');
      await ctx.db.deleteFrom('rooms').where('id', '=', room.id).execute();
      ctx.audit(`Room ${room.name} deleted`);
      return { room_id: room.id };
    },
  });
}
