/**
 * Lock secrets (API.md §10 'Authentication'): a lock proves which room's lock it is with a secret the server handed
 * out once, `lds_<room_id>_<43 base64url characters>` (32 random bytes). Only its SHA-256 hex is stored: the secret
 * is 256 random bits, so a slow hash would add nothing. The room id inside the secret finds the one row to compare
 * against (in constant time); a new secret replaces the old one, which stops working at once.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The form of a lock secret: the room id and 32 random bytes in base64url. */
export const LOCK_SECRET_PATTERN = /^lds_([1-9]\d{0,9})_([A-Za-z0-9_-]{43})$/;

/** A fresh secret for the lock of room `roomId`. */
export function newLockSecret(roomId: number): string {
  return `lds_${roomId}_${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a secret: SHA-256, hex. */
export function hashLockSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The room id a well-formed secret names; undefined for anything else. */
export function lockSecretRoom(secret: string): number | undefined {
  const m = LOCK_SECRET_PATTERN.exec(secret);
  if (!m) return undefined;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : undefined;
}

/** True when `secret` hashes to `storedHash` (compared in constant time). */
export function lockSecretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashLockSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Gives the lock of a room a new secret and answers it (the only time it is seen). The old secret stops working.
 * A new secret means a lock (re)installed: what an earlier lock confirmed is forgotten, so the console shows
 * everything as waiting until the new lock's first sync (the sync history and last_sync_at stay: they are the
 * room's).
 */
export async function issueLockSecret(
  db: Kysely<Database>,
  room: { id: number; hotel_id: number },
  now: Date,
): Promise<{ secret: string; issuedAt: Date }> {
  const secret = newLockSecret(room.id);
  const secret_hash = hashLockSecret(secret);
  await db
    .insertInto('lock_devices')
    .values({ room_id: room.id, hotel_id: room.hotel_id, secret_hash, secret_issued_at: now })
    .onConflict((oc) =>
      oc.column('room_id').doUpdateSet({
        hotel_id: room.hotel_id,
        secret_hash,
        secret_issued_at: now,
        confirmed_state: '{}',
        confirmed_sync_id: null,
        clock_drift_ms: null,
      }),
    )
    .execute();
  return { secret, issuedAt: now };
}
