/**
 * Granting faces to more locks (API.md §13.3): the face must be one the caller may manage and every room one of
 * the caller's, with a lock; the period ends after it starts and in the future (the start defaults to now); a face
 * is never granted to its own room (it holds it already over its stay).
 */
import type { BodyOf, faceGrantCalls } from '@lockdesk/protocol';
import type { UserContext } from '../../call.js';
import { failure } from '../../errors.js';
import { requireCredentialScope } from '../../shared/credential-common.js';
import { requireRooms } from '../../shared/room-views.js';
import { faceGrantsTo, findActiveFace, roomLocks, upsertGrants } from '../repository/face-grants.js';

/** An active face of the caller's hotel the caller may manage: NOT_FOUND / PERMISSION_DENIED. */
export async function requireActiveFace(ctx: UserContext, id: number) {
  const face = await findActiveFace(ctx.db, ctx.requireHotelId(), id);
  if (!face) throw failure('NOT_FOUND');
  await requireCredentialScope(ctx, face.room_id);
  return face;
}

/** Grants the face to the rooms' locks (again: changes those grants' period); answers the grants made, by room name. */
export async function grantFace(ctx: UserContext, body: BodyOf<typeof faceGrantCalls.grantFace>) {
  const face = await requireActiveFace(ctx, body.face);
  const roomIds = [...new Set(body.room_ids as number[])].sort((a, b) => a - b);
  if (roomIds.length === 0) throw failure('FIELD_REQUIRED', { field: 'room_ids' });
  if (face.room_id !== null && roomIds.includes(face.room_id))
    throw failure('FIELD_INVALID', { field: 'room_ids' });
  const now = ctx.now();
  const start = body.start_time ?? now;
  if (body.end_time <= start) throw failure('END_BEFORE_START');
  if (body.end_time <= now) throw failure('EXPIRATION_NOT_FUTURE');
  await requireRooms(ctx, roomIds, 'credential.manage');
  const rooms = await roomLocks(ctx.db, roomIds);
  if (rooms.some((r) => r.mac_id === null)) throw failure('ROOM_HAS_NO_LOCK');
  const hotelId = ctx.requireHotelId();
  await upsertGrants(ctx.db, {
    hotelId,
    faceId: face.id,
    roomIds,
    start,
    end: body.end_time,
    grantedBy: ctx.user.id,
    now,
  });
  ctx.audit(`Face ${face.face_id} granted to ${rooms.map((r) => r.name).join(', ')}`);
  return { face: face.id, rows: await faceGrantsTo(ctx.db, hotelId, face.id, roomIds), now };
}
