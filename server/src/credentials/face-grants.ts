/**
 * Faces granted to more locks (API.md §13.3): a face of the face library (or of one room) given to the locks of
 * other rooms for a period. A grant is delivered like the room's own credentials: the lock learns it at its next
 * Bluetooth sync (services/lock-state.ts puts it in the state the lock must hold; lock/inLockList shows it waiting
 * until the lock confirms it), and drops it when the grant is revoked or its period ends.
 *
 * Who may do what (all calls need `credential.manage`): the face must be one the caller may manage (a library face:
 * administrators, faces.ts), and every room of a grant must be one of the caller's (ctx.requireRoom / requireRooms).
 * Choices where the brief was silent:
 * - granting a face again to a room it is granted to changes that grant's period (one live grant per face and room);
 * - a face cannot be granted to its own room (it holds it already over its stay): FIELD_INVALID `room_ids`;
 * - a room without a lock (no mac id) cannot be granted a face: ROOM_HAS_NO_LOCK;
 * - the period must end after it starts (END_BEFORE_START) and in the future (EXPIRATION_NOT_FUTURE); the start
 *   defaults to now;
 * - revoking keeps the row with `revoked_at` (the record of who held what); revoked grants leave the list.
 */
import { faceGrantCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { failure } from '../errors.js';
import { callerScope } from '../shared/room-views.js';
import { findGrant, grantListPage, revokeGrant } from './repository/face-grants.js';
import { grantFace, requireActiveFace } from './service/face-grants.js';
import { grantView } from './views.js';

export function faceGrantRoutes(app: FastifyInstance): void {
  defineCall(app, faceGrantCalls.grantFace, {
    handler: async (ctx, body) => {
      const { face, rows, now } = await grantFace(ctx, body);
      return { face, list: rows.map((row) => grantView(row, now)) };
    },
  });

  defineCall(app, faceGrantCalls.grantList, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      if (body.face !== undefined) await requireActiveFace(ctx, body.face);
      if (body.room_id !== undefined) await ctx.requireRoom(body.room_id, 'credential.manage');
      const { rows, ...page } = await grantListPage(
        ctx.db,
        hotelId,
        scope,
        { face: body.face, roomId: body.room_id },
        body,
      );
      const now = ctx.now();
      return { list: rows.map((row) => grantView(row, now)), ...page };
    },
  });

  defineCall(app, faceGrantCalls.revokeGrant, {
    handler: async (ctx, body) => {
      const grant = await findGrant(ctx.db, ctx.requireHotelId(), body.id);
      if (!grant) throw failure('NOT_FOUND');
      await ctx.requireRoom(grant.room_id, 'credential.manage');
      await revokeGrant(ctx.db, grant.id, ctx.now());
      ctx.audit(`Face ${grant.face_code}: grant to ${grant.room_name} revoked`);
      return { id: grant.id };
    },
  });
}
