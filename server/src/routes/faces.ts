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
import { defineCall, type UserContext } from '../call.js';
import { isConstraintViolation, violatedConstraint } from '../db/index.js';
import { failure } from '../errors.js';
import { listPage } from '../fields.js';
import { fileUrl } from '../services/storage.js';
import {
  credentialPlace,
  credentialsListed,
  credentialTarget,
  requireCredentialScope,
} from '../shared/credential-common.js';
import { findUpload } from './uploads.js';

const faceColumns = [
  'fc.id',
  'fc.face_id',
  'fc.note',
  'fc.lock_note',
  'fc.image',
  'fc.room_id',
  'r.name as room_name',
  'fc.stay_id',
  'fc.status',
  'fc.created_at',
] as const;

type FaceRow = {
  id: number;
  face_id: string;
  note: string;
  lock_note: string;
  image: string;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  status: string;
  created_at: Date;
};

/** A face as answered (contract D). */
export function faceView(row: FaceRow) {
  return {
    id: row.id,
    face_id: row.face_id,
    note: row.note,
    lock_note: row.lock_note,
    image: row.image,
    ...credentialPlace(row),
  };
}

const facesWithRooms = (ctx: UserContext) =>
  ctx.db
    .selectFrom('faces as fc')
    .leftJoin('rooms as r', 'r.id', 'fc.room_id')
    .where('fc.hotel_id', '=', ctx.requireHotelId())
    .where('fc.status', '<>', 'deleted');

async function readFace(ctx: UserContext, id: number): Promise<FaceRow | undefined> {
  return facesWithRooms(ctx).select(faceColumns).where('fc.id', '=', id).executeTakeFirst();
}

/** A live face of the caller's hotel the caller may manage: NOT_FOUND / PERMISSION_DENIED. */
async function requireFace(ctx: UserContext, id: number): Promise<FaceRow & { upload_key: string | null }> {
  const face = await facesWithRooms(ctx)
    .select([...faceColumns, 'fc.upload_key'])
    .where('fc.id', '=', id)
    .executeTakeFirst();
  if (!face) throw failure('NOT_FOUND');
  await requireCredentialScope(ctx, face.room_id);
  return face;
}

export function faceRoutes(app: FastifyInstance): void {
  defineCall(app, faceCalls.addFace, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const { room, stayId } = await credentialTarget(ctx, body);
      const upload = await findUpload(ctx.db, hotelId, body.image, 'face');
      if (!upload) throw failure('UPLOAD_FILE_INVALID', { field: 'image' });
      const now = ctx.now();
      let id: number;
      try {
        const row = await ctx.db
          .insertInto('faces')
          .values({
            hotel_id: hotelId,
            room_id: room?.id ?? null,
            stay_id: stayId,
            face_id: body.face_id,
            note: body.note,
            image: fileUrl(upload.key),
            upload_key: upload.key,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      } catch (e) {
        if (isConstraintViolation(e, 'unique')) {
          if (violatedConstraint(e) === 'faces_live_upload')
            throw failure('UPLOAD_FILE_INVALID', { field: 'image' });
          throw failure('FACE_ID_EXISTS');
        }
        throw e;
      }
      ctx.audit(`Face ${body.face_id} added${room ? ` to room ${room.name}` : ' to the library'}`);
      const face = await readFace(ctx, id);
      return faceView(face as FaceRow);
    },
  });

  defineCall(app, faceCalls.faceList, {
    handler: async (ctx, body) => {
      const listed = await credentialsListed(ctx, 'fc', body, [
        'fc.face_id',
        'fc.note',
        'fc.lock_note',
        'r.name',
      ]);
      return listPage(
        facesWithRooms(ctx).where(listed),
        body,
        (q) => q.select(faceColumns).orderBy('fc.created_at', 'desc').orderBy('fc.id', 'desc'),
        faceView,
      );
    },
  });

  defineCall(app, faceCalls.updateFaceNote, {
    handler: async (ctx, body) => {
      const face = await requireFace(ctx, body.id);
      await ctx.db
        .updateTable('faces')
        .set({ note: body.note, updated_at: ctx.now() })
        .where('id', '=', face.id)
        .execute();
      ctx.audit(`Face ${face.face_id}: note changed`);
      return faceView((await readFace(ctx, face.id)) as FaceRow);
    },
  });

  defineCall(app, faceCalls.updateLockFaceNote, {
    handler: async (ctx, body) => {
      const face = await requireFace(ctx, body.id);
      await ctx.db
        .updateTable('faces')
        .set({ lock_note: body.lock_note ?? '', updated_at: ctx.now() })
        .where('id', '=', face.id)
        .execute();
      ctx.audit(`Face ${face.face_id}: lock note changed`);
      return faceView((await readFace(ctx, face.id)) as FaceRow);
    },
  });

  defineCall(app, faceCalls.deleteFace, {
    handler: async (ctx, body) => {
      const face = await requireFace(ctx, body.id);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('faces')
          .set({ status: 'deleted', upload_key: null, updated_at: ctx.now() })
          .where('id', '=', face.id)
          .execute();
        if (face.upload_key) await trx.deleteFrom('uploads').where('key', '=', face.upload_key).execute();
      });
      // The image goes with the face (a guest's photo is kept no longer than needed); a failure is only logged.
      if (face.upload_key) {
        await ctx.app.storage
          .delete(face.upload_key)
          .catch((e: unknown) => ctx.log.warn({ err: e }, 'face image file not removed'));
      }
      ctx.audit(`Face ${face.face_id} deleted${face.room_name ? ` from room ${face.room_name}` : ''}`);
      return { id: face.id };
    },
  });
}
