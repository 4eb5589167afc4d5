/**
 * Lock secrets from the console (API.md §10 'Lock secrets'): `lock/issueSecret` hands a room's lock a new secret,
 * shown once, for the installer to put into the lock; the old one stops working at once. The operation log names
 * the room and its lock, never the secret.
 */
import { lockDeviceCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { issueLockSecret } from '../services/lock-secrets.js';

export function lockDeviceRoutes(app: FastifyInstance): void {
  defineCall(app, lockDeviceCalls.issueSecret, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.manage');
      if (!room.mac_id) throw failure('ROOM_HAS_NO_LOCK');
      const { secret, issuedAt } = await issueLockSecret(ctx.db, room, ctx.now());
      ctx.audit(`Room ${room.name}: lock ${room.mac_id} got a new secret (the old one is withdrawn)`);
      return {
        room_id: room.id,
        mac_id: room.mac_id,
        lock_secret: secret,
        issued_at: epochSeconds(issuedAt),
      };
    },
  });
}
