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
import { randomBytes } from 'node:crypto';
import { fingerprintCalls, templateText } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import { isConstraintViolation } from '../db/index.js';
import type { Database, DeliveryStatus } from '../db/schema.js';
import { shanghaiDate } from '../domain/time.js';
import { failure } from '../errors.js';
import { epochSeconds, listPage } from '../fields.js';
import {
  credentialPlace,
  credentialsListed,
  credentialTarget,
  requireCredentialScope,
} from '../shared/credential-common.js';
import { callerScope, inScope } from '../shared/room-views.js';

/** A template as the encoder hands it (hex, or base64) as lower-case hex; the body's check has refused any other. */
function templateHex(value: string): string {
  const { text, encoding } = templateText(value);
  return Buffer.from(text, encoding === 'hex' ? 'hex' : 'base64').toString('hex');
}

/** A finger id the server makes: F-<hotel date>-<6 random hex>. */
const newFingerId = (nowMs: number): string =>
  `F-${shanghaiDate(nowMs).replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;

const fingerprintColumns = [
  'fp.id',
  'fp.finger_id',
  'fp.note',
  'fp.room_id',
  'r.name as room_name',
  'fp.stay_id',
  'fp.status',
  'fp.created_at',
] as const;

type FingerprintRow = {
  id: number;
  finger_id: string;
  note: string;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  status: string;
  created_at: Date;
};

/** A fingerprint as answered (contract E): never its template. */
export function fingerprintView(row: FingerprintRow) {
  return {
    id: row.id,
    finger_id: row.finger_id,
    note: row.note,
    ...credentialPlace(row),
  };
}

const fingerprintsWithRooms = (ctx: UserContext) =>
  ctx.db
    .selectFrom('fingerprints as fp')
    .leftJoin('rooms as r', 'r.id', 'fp.room_id')
    .where('fp.hotel_id', '=', ctx.requireHotelId())
    .where('fp.status', '<>', 'deleted');

/** A live fingerprint of the caller's hotel the caller may manage: NOT_FOUND / PERMISSION_DENIED. */
async function requireFingerprint(ctx: UserContext, id: number): Promise<FingerprintRow> {
  const row = await fingerprintsWithRooms(ctx)
    .select(fingerprintColumns)
    .where('fp.id', '=', id)
    .executeTakeFirst();
  if (!row) throw failure('NOT_FOUND');
  await requireCredentialScope(ctx, row.room_id);
  return row;
}

const deliveryColumns = [
  'd.id',
  'd.fingerprint_id',
  'fp.finger_id',
  'fp.note',
  'd.room_id',
  'r.name as room_name',
  'd.status',
  'd.created_at',
  'd.updated_at',
] as const;

type DeliveryRow = {
  id: number;
  fingerprint_id: number;
  finger_id: string;
  note: string;
  room_id: number;
  room_name: string;
  status: DeliveryStatus;
  created_at: Date;
  updated_at: Date;
};

/** A delivery as answered (contract E), with the fingerprint's id and note for the list. */
export function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    fingerprint_id: row.fingerprint_id,
    finger_id: row.finger_id,
    note: row.note,
    room_id: row.room_id,
    room_name: row.room_name,
    status: row.status,
    created_at: epochSeconds(row.created_at),
    updated_at: epochSeconds(row.updated_at),
  };
}

const deliveries = (db: UserContext['db'], hotelId: number) =>
  db
    .selectFrom('fingerprint_deliveries as d')
    .innerJoin('fingerprints as fp', 'fp.id', 'd.fingerprint_id')
    .innerJoin('rooms as r', 'r.id', 'd.room_id')
    .where('d.hotel_id', '=', hotelId);

async function readDelivery(ctx: UserContext, id: number): Promise<DeliveryRow> {
  return deliveries(ctx.db, ctx.requireHotelId())
    .select(deliveryColumns)
    .where('d.id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * Withdraws deliveries from their locks: pending ones were never there (deleted), delivered ones go at next sync.
 * Answers the rooms of the deliveries withdrawn.
 */
export async function withdrawDeliveries(
  trx: Kysely<Database>,
  where: { id?: number; fingerprintId?: number },
  now: Date,
): Promise<number[]> {
  const rooms: number[] = [];
  for (const [from, to] of [
    ['pending', 'deleted'],
    ['delivered', 'deleting'],
  ] as const) {
    let q = trx
      .updateTable('fingerprint_deliveries')
      .set({ status: to, updated_at: now })
      .where('status', '=', from);
    if (where.id !== undefined) q = q.where('id', '=', where.id);
    if (where.fingerprintId !== undefined) q = q.where('fingerprint_id', '=', where.fingerprintId);
    for (const row of await q.returning('room_id').execute()) rooms.push(row.room_id);
  }
  return rooms;
}

export function fingerprintRoutes(app: FastifyInstance): void {
  defineCall(app, fingerprintCalls.addFingerprint, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const { room, stayId } = await credentialTarget(ctx, body);
      const now = ctx.now();
      const fingerId = body.finger_id ?? newFingerId(now.getTime());
      let id: number;
      try {
        const row = await ctx.db
          .insertInto('fingerprints')
          .values({
            hotel_id: hotelId,
            room_id: room?.id ?? null,
            stay_id: stayId,
            finger_id: fingerId,
            note: body.note,
            data: templateHex(body.data),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      } catch (e) {
        if (isConstraintViolation(e, 'unique')) throw failure('FINGERPRINT_ID_EXISTS');
        throw e;
      }
      ctx.audit(`Fingerprint ${fingerId} added${room ? ` to room ${room.name}` : ' to the library'}`);
      const row = await fingerprintsWithRooms(ctx)
        .select(fingerprintColumns)
        .where('fp.id', '=', id)
        .executeTakeFirstOrThrow();
      return fingerprintView(row);
    },
  });

  defineCall(app, fingerprintCalls.fingerprintList, {
    handler: async (ctx, body) => {
      const listed = await credentialsListed(ctx, 'fp', body, ['fp.finger_id', 'fp.note', 'r.name']);
      return listPage(
        fingerprintsWithRooms(ctx).where(listed),
        body,
        (q) => q.select(fingerprintColumns).orderBy('fp.created_at', 'desc').orderBy('fp.id', 'desc'),
        fingerprintView,
      );
    },
  });

  defineCall(app, fingerprintCalls.deleteFingerprint, {
    handler: async (ctx, body) => {
      const fp = await requireFingerprint(ctx, body.id);
      const now = ctx.now();
      await ctx.db.transaction().execute(async (trx) => {
        // The template goes with the fingerprint; the locks that hold it drop it at their next sync.
        await trx
          .updateTable('fingerprints')
          .set({ status: 'deleted', data: '', updated_at: now })
          .where('id', '=', fp.id)
          .execute();
        await withdrawDeliveries(trx, { fingerprintId: fp.id }, now);
      });
      ctx.audit(`Fingerprint ${fp.finger_id} deleted${fp.room_name ? ` from room ${fp.room_name}` : ''}`);
      return { id: fp.id };
    },
  });

  defineCall(app, fingerprintCalls.sendFingerprint, {
    handler: async (ctx, body) => {
      const fp = await requireFingerprint(ctx, body.id);
      // A fingerprint withdrawn with its stay (stay-credentials.ts) goes on no lock again.
      if (fp.status !== 'active') throw failure('FIELD_INVALID', { field: 'id' });
      const room = await ctx.requireRoom(body.room_id, 'credential.manage');
      const live = () =>
        ctx.db
          .selectFrom('fingerprint_deliveries')
          .select('id')
          .where('fingerprint_id', '=', fp.id)
          .where('room_id', '=', room.id)
          .where('status', 'in', ['pending', 'delivered'])
          .executeTakeFirst();
      // Sending again what is already on the lock (or on its way) answers that delivery.
      const existing = await live();
      if (existing) return deliveryView(await readDelivery(ctx, existing.id));
      const now = ctx.now();
      let id: number;
      try {
        const row = await ctx.db
          .insertInto('fingerprint_deliveries')
          .values({
            hotel_id: room.hotel_id,
            fingerprint_id: fp.id,
            room_id: room.id,
            created_by: ctx.user.id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      } catch (e) {
        // Two sends at once: the other one made the delivery.
        const raced = isConstraintViolation(e, 'unique') ? await live() : undefined;
        if (!raced) throw e;
        id = raced.id;
      }
      ctx.audit(`Fingerprint ${fp.finger_id} sent to room ${room.name}`);
      return deliveryView(await readDelivery(ctx, id));
    },
  });

  defineCall(app, fingerprintCalls.deliveryList, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      if (body.room_id !== undefined) await ctx.requireRoom(body.room_id, 'credential.manage');
      let q = deliveries(ctx.db, hotelId).where(inScope(scope, hotelId));
      if (body.room_id !== undefined) q = q.where('d.room_id', '=', body.room_id);
      if (body.fingerprint_id !== undefined) q = q.where('d.fingerprint_id', '=', body.fingerprint_id);
      if (body.status !== undefined) q = q.where('d.status', '=', body.status);
      return listPage(
        q,
        body,
        (page) => page.select(deliveryColumns).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc'),
        deliveryView,
      );
    },
  });

  defineCall(app, fingerprintCalls.withdrawDelivery, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const delivery = await ctx.db
        .selectFrom('fingerprint_deliveries')
        .select(['id', 'room_id'])
        .where('id', '=', body.id)
        .where('hotel_id', '=', hotelId)
        .executeTakeFirst();
      if (!delivery) throw failure('NOT_FOUND');
      const room = await ctx.requireRoom(delivery.room_id, 'credential.manage');
      await ctx.db.transaction().execute((trx) => withdrawDeliveries(trx, { id: delivery.id }, ctx.now()));
      const row = await readDelivery(ctx, delivery.id);
      ctx.audit(`Fingerprint ${row.finger_id} withdrawn from room ${room.name}`);
      return deliveryView(row);
    },
  });
}
