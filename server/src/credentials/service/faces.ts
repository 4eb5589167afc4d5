/**
 * The face rules (API.md §7.2) spanning several statements: which face the caller may manage, adding one (its image
 * an upload of the hotel with purpose `face`, its face id the hotel's own) and deleting one with its image file.
 */
import type { BodyOf, faceCalls } from '@lockdesk/protocol';
import type { UserContext } from '../../call.js';
import { isConstraintViolation, violatedConstraint } from '../../db/index.js';
import { failure } from '../../errors.js';
import { fileUrl } from '../../services/storage.js';
import { credentialTarget, requireCredentialScope } from '../../shared/credential-common.js';
import { findUpload } from '../../shared/uploads.js';
import { deleteFace, type FaceRow, findFace, findFaceWithUpload, insertFace } from '../repository/faces.js';

/** A live face of the caller's hotel the caller may manage: NOT_FOUND / PERMISSION_DENIED. */
export async function requireFace(ctx: UserContext, id: number) {
  const face = await findFaceWithUpload(ctx.db, ctx.requireHotelId(), id);
  if (!face) throw failure('NOT_FOUND');
  await requireCredentialScope(ctx, face.room_id);
  return face;
}

/**
 * Adds a face for the room and stay named (credentialTarget: else the room's current guest, else the library):
 * UPLOAD_FILE_INVALID for an image that is no face upload of the hotel or is another face's, FACE_ID_EXISTS.
 */
export async function addFace(ctx: UserContext, body: BodyOf<typeof faceCalls.addFace>): Promise<FaceRow> {
  const hotelId = ctx.requireHotelId();
  const { room, stayId } = await credentialTarget(ctx, body);
  const upload = await findUpload(ctx.db, hotelId, body.image, 'face');
  if (!upload) throw failure('UPLOAD_FILE_INVALID', { field: 'image' });
  let id: number;
  try {
    id = await insertFace(ctx.db, {
      hotelId,
      roomId: room?.id ?? null,
      stayId,
      faceId: body.face_id,
      note: body.note,
      image: fileUrl(upload.key),
      uploadKey: upload.key,
      now: ctx.now(),
    });
  } catch (e) {
    if (isConstraintViolation(e, 'unique')) {
      if (violatedConstraint(e) === 'faces_live_upload')
        throw failure('UPLOAD_FILE_INVALID', { field: 'image' });
      throw failure('FACE_ID_EXISTS');
    }
    throw e;
  }
  ctx.audit(`Face ${body.face_id} added${room ? ` to room ${room.name}` : ' to the library'}`);
  return (await findFace(ctx.db, hotelId, id)) as FaceRow;
}

/** Deletes a face the caller may manage; its image goes with it (a guest's photo is kept no longer than needed). */
export async function removeFace(ctx: UserContext, id: number): Promise<{ id: number }> {
  const face = await requireFace(ctx, id);
  await deleteFace(ctx.db, face.id, face.upload_key, ctx.now());
  // The file's removal failing is only logged: the face is gone either way.
  if (face.upload_key) {
    await ctx.app.storage
      .delete(face.upload_key)
      .catch((e: unknown) => ctx.log.warn({ err: e }, 'face image file not removed'));
  }
  ctx.audit(`Face ${face.face_id} deleted${face.room_name ? ` from room ${face.room_name}` : ''}`);
  return { id: face.id };
}
