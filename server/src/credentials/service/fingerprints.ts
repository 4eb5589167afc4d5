/**
 * The fingerprint rules (API.md §7.3) spanning several statements: which fingerprint the caller may manage, adding
 * one (its template kept as lower-case hex, a finger id made when none is given), deleting one with its deliveries,
 * and putting one on a room's lock or taking it off.
 */
import { randomBytes } from 'node:crypto';
import { type BodyOf, type fingerprintCalls, templateText } from '@lockdesk/protocol';
import type { UserContext } from '../../call.js';
import { isConstraintViolation } from '../../db/index.js';
import { shanghaiDate } from '../../domain/time.js';
import { failure } from '../../errors.js';
import { credentialTarget, requireCredentialScope } from '../../shared/credential-common.js';
import {
  type DeliveryRow,
  deleteFingerprint,
  type FingerprintRow,
  findDelivery,
  findFingerprint,
  insertDelivery,
  insertFingerprint,
  liveDelivery,
  readDelivery,
  withdrawDelivery,
} from '../repository/fingerprints.js';

/** A template as the encoder hands it (hex, or base64) as lower-case hex; the body's check has refused any other. */
function templateHex(value: string): string {
  const { text, encoding } = templateText(value);
  return Buffer.from(text, encoding === 'hex' ? 'hex' : 'base64').toString('hex');
}

/** A finger id the server makes: F-<hotel date>-<6 random hex>. */
const newFingerId = (nowMs: number): string =>
  `F-${shanghaiDate(nowMs).replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;

/** A live fingerprint of the caller's hotel the caller may manage: NOT_FOUND / PERMISSION_DENIED. */
export async function requireFingerprint(ctx: UserContext, id: number): Promise<FingerprintRow> {
  const row = await findFingerprint(ctx.db, ctx.requireHotelId(), id);
  if (!row) throw failure('NOT_FOUND');
  await requireCredentialScope(ctx, row.room_id);
  return row;
}

/** Adds a fingerprint for the room and stay named (credentialTarget), or to the library: FINGERPRINT_ID_EXISTS. */
export async function addFingerprint(
  ctx: UserContext,
  body: BodyOf<typeof fingerprintCalls.addFingerprint>,
): Promise<FingerprintRow> {
  const hotelId = ctx.requireHotelId();
  const { room, stayId } = await credentialTarget(ctx, body);
  const now = ctx.now();
  const fingerId = body.finger_id ?? newFingerId(now.getTime());
  let id: number;
  try {
    id = await insertFingerprint(ctx.db, {
      hotelId,
      roomId: room?.id ?? null,
      stayId,
      fingerId,
      note: body.note,
      template: templateHex(body.data),
      now,
    });
  } catch (e) {
    if (isConstraintViolation(e, 'unique')) throw failure('FINGERPRINT_ID_EXISTS');
    throw e;
  }
  ctx.audit(`Fingerprint ${fingerId} added${room ? ` to room ${room.name}` : ' to the library'}`);
  return (await findFingerprint(ctx.db, hotelId, id)) as FingerprintRow;
}

/** Deletes a fingerprint the caller may manage: the template goes, the locks that hold it drop it at next sync. */
export async function removeFingerprint(ctx: UserContext, id: number): Promise<{ id: number }> {
  const fp = await requireFingerprint(ctx, id);
  await deleteFingerprint(ctx.db, fp.id, ctx.now());
  ctx.audit(`Fingerprint ${fp.finger_id} deleted${fp.room_name ? ` from room ${fp.room_name}` : ''}`);
  return { id: fp.id };
}

/**
 * Puts a fingerprint on a room's lock (pending until the lock syncs). Sending again what is already on the lock,
 * or on its way, answers that delivery; a fingerprint withdrawn with its stay goes on no lock again.
 */
export async function sendFingerprint(
  ctx: UserContext,
  body: BodyOf<typeof fingerprintCalls.sendFingerprint>,
): Promise<DeliveryRow> {
  const fp = await requireFingerprint(ctx, body.id);
  if (fp.status !== 'active') throw failure('FIELD_INVALID', { field: 'id' });
  const room = await ctx.requireRoom(body.room_id, 'credential.manage');
  const hotelId = ctx.requireHotelId();
  const existing = await liveDelivery(ctx.db, fp.id, room.id);
  if (existing) return readDelivery(ctx.db, hotelId, existing.id);
  let id: number;
  try {
    id = await insertDelivery(ctx.db, {
      hotelId: room.hotel_id,
      fingerprintId: fp.id,
      roomId: room.id,
      createdBy: ctx.user.id,
      now: ctx.now(),
    });
  } catch (e) {
    // Two sends at once: the other one made the delivery.
    const raced = isConstraintViolation(e, 'unique') ? await liveDelivery(ctx.db, fp.id, room.id) : undefined;
    if (!raced) throw e;
    id = raced.id;
  }
  ctx.audit(`Fingerprint ${fp.finger_id} sent to room ${room.name}`);
  return readDelivery(ctx.db, hotelId, id);
}

/** Withdraws a delivery from its lock (pending: at once; delivered: at the lock's next sync). */
export async function takeOffLock(ctx: UserContext, id: number): Promise<DeliveryRow> {
  const hotelId = ctx.requireHotelId();
  const delivery = await findDelivery(ctx.db, hotelId, id);
  if (!delivery) throw failure('NOT_FOUND');
  const room = await ctx.requireRoom(delivery.room_id, 'credential.manage');
  await withdrawDelivery(ctx.db, delivery.id, ctx.now());
  const row = await readDelivery(ctx.db, hotelId, delivery.id);
  ctx.audit(`Fingerprint ${row.finger_id} withdrawn from room ${room.name}`);
  return row;
}
