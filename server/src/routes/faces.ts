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
import { checkFaceId, checkFaceImage, checkFaceNote } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import { roleAllows } from '../auth/permissions.js';
import { defineCall, type UserContext } from '../call.js';
import { isConstraintViolation, violatedConstraint } from '../db/index.js';
import type { Database, Room } from '../db/schema.js';
import { failure } from '../errors.js';
import { epochSeconds, f, pageFields, pageOf } from '../fields.js';
import { fileUrl } from '../services/storage.js';
import { callerScope, likePattern } from './room-views.js';
import { findUpload } from './uploads.js';

/** True when the caller may manage credentials without a room (the hotel's library). */
export function canUseLibrary(ctx: UserContext): boolean {
  const { role, authorities } = ctx.user;
  return (
    ctx.hotelId !== null &&
    roleAllows(role, authorities, 'credential.manage') &&
    roleAllows(role, authorities, 'room.manage')
  );
}

export function requireLibrary(ctx: UserContext): void {
  if (!canUseLibrary(ctx)) throw failure('PERMISSION_DENIED');
}

/** Checks the scope of a credential's room (or of the library when it has none). */
export async function requireCredentialScope(ctx: UserContext, roomId: number | null): Promise<void> {
  if (roomId === null) requireLibrary(ctx);
  else await ctx.requireRoom(roomId, 'credential.manage');
}

/**
 * The room and stay a new credential is for: with a stay, that stay (reserved or active) of its room; with a room
 * only, the room's current guest (NO_TENANT_IN_ROOM without one); with neither, the library.
 */
export async function credentialTarget(
  ctx: UserContext,
  body: { room_id?: number | undefined; stay_id?: number | undefined },
): Promise<{ room: Room | null; stayId: number | null }> {
  const hotelId = ctx.requireHotelId();
  const named = body.room_id === undefined ? null : await ctx.requireRoom(body.room_id, 'credential.manage');
  if (body.stay_id !== undefined) {
    const stay = await ctx.db
      .selectFrom('stays')
      .select(['id', 'room_id', 'status'])
      .where('id', '=', body.stay_id)
      .where('hotel_id', '=', hotelId)
      .executeTakeFirst();
    if (!stay) throw failure('NOT_FOUND');
    const room = named ?? (await ctx.requireRoom(stay.room_id, 'credential.manage'));
    if (stay.room_id !== room.id || (stay.status !== 'active' && stay.status !== 'reserved'))
      throw failure('FIELD_INVALID', { field: 'stay_id' });
    return { room, stayId: stay.id };
  }
  if (named) {
    const current = await ctx.db
      .selectFrom('stays')
      .select('id')
      .where('room_id', '=', named.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!current) throw failure('NO_TENANT_IN_ROOM');
    return { room: named, stayId: current.id };
  }
  requireLibrary(ctx);
  return { room: null, stayId: null };
}

type CredentialAlias = 'fc' | 'fp';

/**
 * A where-clause keeping the credentials (faces `fc` or fingerprints `fp`) the caller may manage: those of rooms in
 * the caller's scope, and the library's when the caller may use it.
 */
export function credentialsInScope<A extends CredentialAlias>(ctx: UserContext, alias: A) {
  const { scope } = callerScope(ctx);
  const library = canUseLibrary(ctx);
  // biome-ignore lint/suspicious/noExplicitAny: the same clause serves faces and fingerprints
  return (eb: ExpressionBuilder<any, any>) => {
    const roomId = `${alias}.room_id`;
    const parts = [];
    if (library) parts.push(eb(roomId, 'is', null));
    if (scope.kind === 'all') parts.push(eb(roomId, 'is not', null));
    else if (scope.kind === 'assigned')
      parts.push(
        eb(roomId, 'in', eb.selectFrom('user_rooms').select('room_id').where('user_id', '=', scope.userId)),
      );
    return parts.length === 0 ? eb.lit(false) : eb.or(parts);
  };
}

/** Narrows a list to a room or a stay (each checked against the caller's scope). */
export async function listTarget(
  ctx: UserContext,
  body: { room_id?: number | undefined; stay_id?: number | undefined },
): Promise<{ roomId?: number; stayId?: number }> {
  const hotelId = ctx.requireHotelId();
  const out: { roomId?: number; stayId?: number } = {};
  if (body.room_id !== undefined) out.roomId = (await ctx.requireRoom(body.room_id, 'credential.manage')).id;
  if (body.stay_id !== undefined) {
    const stay = await ctx.db
      .selectFrom('stays')
      .select(['id', 'room_id'])
      .where('id', '=', body.stay_id)
      .where('hotel_id', '=', hotelId)
      .executeTakeFirst();
    if (!stay) throw failure('NOT_FOUND');
    await ctx.requireRoom(stay.room_id, 'credential.manage');
    out.stayId = stay.id;
  }
  return out;
}

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
    room_id: row.room_id,
    room_name: row.room_name ?? '',
    stay_id: row.stay_id,
    status: row.status,
    created_at: epochSeconds(row.created_at),
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

const noteField = () =>
  f.string({ max: 100, required: 'FACE_NOTE_REQUIRED', check: (v: string) => checkFaceNote(v) });

const roomAndStay = {
  room_id: f.id({ optional: true }),
  stay_id: f.id({ optional: true }),
} as const;

type Eb = ExpressionBuilder<Database & { fc: Database['faces']; r: Database['rooms'] }, 'fc' | 'r'>;

export function faceRoutes(app: FastifyInstance): void {
  defineCall(app, {
    path: 'user/uploadTFaceImg',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: {
      face_id: f.string({ max: 64, required: 'FACE_ID_REQUIRED', check: (v: string) => checkFaceId(v) }),
      note: noteField(),
      image: f.string({
        max: 300,
        required: 'FACE_IMAGE_REQUIRED',
        invalid: 'UPLOAD_FILE_INVALID',
        check: (v: string) => checkFaceImage(v),
      }),
      ...roomAndStay,
    },
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

  defineCall(app, {
    path: 'user/faceImgList',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: { ...roomAndStay, keyword: f.string({ max: 50, optional: true }), ...pageFields },
    handler: async (ctx, body) => {
      const { page, limit, offset } = pageOf(body);
      const target = await listTarget(ctx, body);
      let q = facesWithRooms(ctx).where(credentialsInScope(ctx, 'fc'));
      if (target.roomId !== undefined) q = q.where('fc.room_id', '=', target.roomId);
      if (target.stayId !== undefined) q = q.where('fc.stay_id', '=', target.stayId);
      if (body.keyword) {
        const like = likePattern(body.keyword);
        q = q.where((eb: Eb) =>
          eb.or([
            eb('fc.face_id', 'ilike', like),
            eb('fc.note', 'ilike', like),
            eb('fc.lock_note', 'ilike', like),
            eb('r.name', 'ilike', like),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        q
          .select(faceColumns)
          .orderBy('fc.created_at', 'desc')
          .orderBy('fc.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(faceView), total: Number(count.n), page, limit };
    },
  });

  defineCall(app, {
    path: 'user/updateFaceNote',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id(), note: noteField() },
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

  defineCall(app, {
    path: 'user/updateLockFaceNote',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    // Empty or missing clears the note shown on the lock.
    schema: { id: f.id(), lock_note: f.string({ max: 32, optional: true }) },
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

  defineCall(app, {
    path: 'user/deleteTFaceImg',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id() },
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
