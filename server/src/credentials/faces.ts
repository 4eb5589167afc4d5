/**
 * Faces (API.md §7.2): a face is an image uploaded with purpose `face` by the hotel, with a face id and a note.
 * With a room it is granted to that room's lock for a stay (the one named, else the room's current guest); without
 * one it sits in the hotel's face library.
 *
 * Who may do what (all calls need `credential.manage`):
 * - a face of a room: whoever may manage credentials of that room (ctx.requireRoom: the super administrator, a
 *   secondary administrator or staff member assigned the room);
 * - a library face (no room): administrators only — the caller must also hold `room.manage` (super and secondary
 *   administrators by role, staff only when granted it), since the library serves every room of the hotel.
 * Lists show exactly what the caller may manage. A deleted face leaves the lists and its image file is removed.
 */
import { faceCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { credentialsListed } from '../shared/credential-common.js';
import { type FaceRow, faceListPage, findFace, setFaceNote, setLockFaceNote } from './repository/faces.js';
import { addFace, removeFace, requireFace } from './service/faces.js';
import { faceView } from './views.js';

export function faceRoutes(app: FastifyInstance): void {
  defineCall(app, faceCalls.addFace, {
    handler: async (ctx, body) => faceView(await addFace(ctx, body)),
  });

  defineCall(app, faceCalls.faceList, {
    handler: async (ctx, body) => {
      const listed = await credentialsListed(ctx, 'fc', body, [
        'fc.face_id',
        'fc.note',
        'fc.lock_note',
        'r.name',
      ]);
      const page = await faceListPage(ctx.db, ctx.requireHotelId(), listed, body);
      return { ...page, list: page.list.map(faceView) };
    },
  });

  defineCall(app, faceCalls.updateFaceNote, {
    handler: async (ctx, body) => {
      const face = await requireFace(ctx, body.id);
      await setFaceNote(ctx.db, face.id, body.note, ctx.now());
      ctx.audit(`Face ${face.face_id}: note changed`);
      return faceView((await findFace(ctx.db, ctx.requireHotelId(), face.id)) as FaceRow);
    },
  });

  defineCall(app, faceCalls.updateLockFaceNote, {
    handler: async (ctx, body) => {
      const face = await requireFace(ctx, body.id);
      // Empty or missing clears the note shown on the lock.
      await setLockFaceNote(ctx.db, face.id, body.lock_note ?? '', ctx.now());
      ctx.audit(`Face ${face.face_id}: lock note changed`);
      return faceView((await findFace(ctx.db, ctx.requireHotelId(), face.id)) as FaceRow);
    },
  });

  defineCall(app, faceCalls.deleteFace, {
    handler: (ctx, body) => removeFace(ctx, body.id),
  });
}
