/**
 * Fingerprints (API.md §7.3): a template from the encoder (hex or base64), a finger id and a note, for a room's stay
 * or in the hotel's library (the scope rules of faces.ts). The template is stored as lower-case hex and never
 * answered; deleting a fingerprint empties it.
 *
 * A delivery (`fingerprint/send`) puts a fingerprint on a room's lock: `pending` until the lock syncs (the virtual
 * lock flips it to `delivered`). `fingerprint/delSendData` withdraws it: a pending delivery never reached the lock
 * and becomes `deleted` at once; a delivered one becomes `deleting` until the lock confirms. Deleting the
 * fingerprint withdraws its deliveries the same way.
 */
import { fingerprintCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { credentialsListed } from '../shared/credential-common.js';
import { callerScope } from '../shared/room-views.js';
import { deliveryListPage, fingerprintListPage } from './repository/fingerprints.js';
import { addFingerprint, removeFingerprint, sendFingerprint, takeOffLock } from './service/fingerprints.js';
import { deliveryView, fingerprintView } from './views.js';

export function fingerprintRoutes(app: FastifyInstance): void {
  defineCall(app, fingerprintCalls.addFingerprint, {
    handler: async (ctx, body) => fingerprintView(await addFingerprint(ctx, body)),
  });

  defineCall(app, fingerprintCalls.fingerprintList, {
    handler: async (ctx, body) => {
      const listed = await credentialsListed(ctx, 'fp', body, ['fp.finger_id', 'fp.note', 'r.name']);
      const page = await fingerprintListPage(ctx.db, ctx.requireHotelId(), listed, body);
      return { ...page, list: page.list.map(fingerprintView) };
    },
  });

  defineCall(app, fingerprintCalls.deleteFingerprint, {
    handler: (ctx, body) => removeFingerprint(ctx, body.id),
  });

  defineCall(app, fingerprintCalls.sendFingerprint, {
    handler: async (ctx, body) => deliveryView(await sendFingerprint(ctx, body)),
  });

  defineCall(app, fingerprintCalls.deliveryList, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      if (body.room_id !== undefined) await ctx.requireRoom(body.room_id, 'credential.manage');
      const filter = { roomId: body.room_id, fingerprintId: body.fingerprint_id, status: body.status };
      const page = await deliveryListPage(ctx.db, hotelId, scope, filter, body);
      return { ...page, list: page.list.map(deliveryView) };
    },
  });

  defineCall(app, fingerprintCalls.withdrawDelivery, {
    handler: async (ctx, body) => deliveryView(await takeOffLock(ctx, body.id)),
  });
}
