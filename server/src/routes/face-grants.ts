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
import { sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import type { FaceGrant, LockStateJson } from '../db/schema.js';
import { failure } from '../errors.js';
import { epochSeconds, pageOf } from '../fields.js';
import { requireCredentialScope } from '../shared/credential-common.js';
import { callerScope, inScope, requireRooms } from '../shared/room-views.js';

/** An active face of the caller's hotel the caller may manage: NOT_FOUND / PERMISSION_DENIED. */
async function requireFace(ctx: UserContext, id: number) {
  const face = await ctx.db
    .selectFrom('faces')
    .select(['id', 'face_id', 'note', 'room_id'])
    .where('id', '=', id)
    .where('hotel_id', '=', ctx.requireHotelId())
    // Neither deleted nor withdrawn with its stay (stay-credentials.ts).
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!face) throw failure('NOT_FOUND');
  await requireCredentialScope(ctx, face.room_id);
  return face;
}

type GrantRow = FaceGrant & {
  room_name: string;
  mac_id: string | null;
  face_code: string;
  face_note: string;
  confirmed_state: Partial<LockStateJson> | null;
};

/** A grant's delivery: confirmed once the lock's last confirmed state holds the face with this period. */
function delivery(row: GrantRow, now: Date): 'waiting' | 'confirmed' | 'ended' {
  if (row.end_time <= now) return 'ended';
  const held = row.confirmed_state?.faces?.find((x) => x.id === row.face_id);
  return held &&
    held.start_time === epochSeconds(row.start_time) &&
    held.end_time === epochSeconds(row.end_time)
    ? 'confirmed'
    : 'waiting';
}

function grantView(row: GrantRow, now: Date) {
  return {
    id: row.id,
    face: row.face_id,
    face_id: row.face_code,
    note: row.face_note,
    room_id: row.room_id,
    room_name: row.room_name,
    mac_id: row.mac_id,
    start_time: epochSeconds(row.start_time),
    end_time: epochSeconds(row.end_time),
    state: delivery(row, now),
    created_at: epochSeconds(row.created_at),
  };
}

const grantsWithRooms = (ctx: UserContext) =>
  ctx.db
    .selectFrom('face_grants as g')
    .innerJoin('rooms as r', 'r.id', 'g.room_id')
    .innerJoin('faces as fc', 'fc.id', 'g.face_id')
    .leftJoin('lock_devices as ld', 'ld.room_id', 'g.room_id')
    .where('g.hotel_id', '=', ctx.requireHotelId())
    .where('g.revoked_at', 'is', null)
    .where('fc.status', '<>', 'deleted');

const grantColumns = [
  'g.id',
  'g.hotel_id',
  'g.face_id',
  'g.room_id',
  'g.start_time',
  'g.end_time',
  'g.granted_by',
  'g.revoked_at',
  'g.created_at',
  'g.updated_at',
  'r.name as room_name',
  'r.mac_id',
  'fc.face_id as face_code',
  'fc.note as face_note',
  'ld.confirmed_state',
] as const;

export function faceGrantRoutes(app: FastifyInstance): void {
  defineCall(app, faceGrantCalls.grantFace, {
    handler: async (ctx, body) => {
      const face = await requireFace(ctx, body.face);
      const roomIds = [...new Set(body.room_ids as number[])].sort((a, b) => a - b);
      if (roomIds.length === 0) throw failure('FIELD_REQUIRED', { field: 'room_ids' });
      if (face.room_id !== null && roomIds.includes(face.room_id))
        throw failure('FIELD_INVALID', { field: 'room_ids' });
      const now = ctx.now();
      const start = body.start_time ?? now;
      if (body.end_time <= start) throw failure('END_BEFORE_START');
      if (body.end_time <= now) throw failure('EXPIRATION_NOT_FUTURE');
      await requireRooms(ctx, roomIds, 'credential.manage');
      const rooms = await ctx.db
        .selectFrom('rooms')
        .select(['id', 'name', 'mac_id'])
        .where('id', 'in', roomIds)
        .execute();
      if (rooms.some((r) => r.mac_id === null)) throw failure('ROOM_HAS_NO_LOCK');
      const hotelId = ctx.requireHotelId();
      await ctx.db
        .insertInto('face_grants')
        .values(
          roomIds.map((roomId) => ({
            hotel_id: hotelId,
            face_id: face.id,
            room_id: roomId,
            start_time: start,
            end_time: body.end_time,
            granted_by: ctx.user.id,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['face_id', 'room_id'])
            .where('revoked_at', 'is', null)
            .doUpdateSet({
              start_time: (eb) => eb.ref('excluded.start_time'),
              end_time: (eb) => eb.ref('excluded.end_time'),
              granted_by: (eb) => eb.ref('excluded.granted_by'),
              updated_at: (eb) => eb.ref('excluded.updated_at'),
            }),
        )
        .execute();
      ctx.audit(`Face ${face.face_id} granted to ${rooms.map((r) => r.name).join(', ')}`);
      const list = await grantsWithRooms(ctx)
        .select(grantColumns)
        .where('g.face_id', '=', face.id)
        .where('g.room_id', 'in', roomIds)
        .orderBy('r.name_key')
        .execute();
      return { face: face.id, list: list.map((row) => grantView(row as GrantRow, now)) };
    },
  });

  defineCall(app, faceGrantCalls.grantList, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      if (body.face !== undefined) await requireFace(ctx, body.face);
      if (body.room_id !== undefined) await ctx.requireRoom(body.room_id, 'credential.manage');
      let q = grantsWithRooms(ctx).where(inScope(scope, hotelId));
      if (body.face !== undefined) q = q.where('g.face_id', '=', body.face);
      if (body.room_id !== undefined) q = q.where('g.room_id', '=', body.room_id);
      const { page, limit, offset } = pageOf(body);
      const [rows, count] = await Promise.all([
        q
          .select(grantColumns)
          .orderBy('g.end_time', 'desc')
          .orderBy('g.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const now = ctx.now();
      return {
        list: rows.map((row) => grantView(row as GrantRow, now)),
        total: Number(count.n),
        page,
        limit,
      };
    },
  });

  defineCall(app, faceGrantCalls.revokeGrant, {
    handler: async (ctx, body) => {
      const grant = await grantsWithRooms(ctx)
        .select(['g.id', 'g.room_id', 'r.name as room_name', 'fc.face_id as face_code'])
        .where('g.id', '=', body.id)
        .executeTakeFirst();
      if (!grant) throw failure('NOT_FOUND');
      await ctx.requireRoom(grant.room_id, 'credential.manage');
      const now = ctx.now();
      await ctx.db
        .updateTable('face_grants')
        .set({ revoked_at: now, updated_at: now })
        .where('id', '=', grant.id)
        .execute();
      ctx.audit(`Face ${grant.face_code}: grant to ${grant.room_name} revoked`);
      return { id: grant.id };
    },
  });
}
