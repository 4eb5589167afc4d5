/**
 * Who is calling the device API: the lock whose secret the `Authorization: Lock <secret>` header carries. The
 * secret names its room; the room must still have a lock (a mac id) and the secret must be the one last issued.
 * Failed attempts are counted per claimed lock (the room a well-formed secret names, when it has a lock), and per
 * address only for secrets that claim no known lock: locks behind one bridge or NAT share an address, and a junk
 * sender there must not keep them from syncing. A good secret is always looked at and never refused by these counts.
 */
import type { Kysely } from 'kysely';
import { FailureLimit } from '../auth/rate-limit.js';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { type AppError, failure } from '../errors.js';
import { lockSecretMatches, lockSecretRoom } from '../services/lock-secrets.js';

/** The lock a device call comes from: its room, as the device API answers it. */
export interface CallingLock {
  roomId: number;
  hotelId: number;
  roomName: string;
  building: number | null;
  floor: number | null;
  /** 12 hex, upper case. */
  macId: string;
  confirmedSyncId: number | null;
}

/** HTTP 401, LOCK_AUTH_FAILED. */
export const lockAuthFailed = (): AppError => failure('LOCK_AUTH_FAILED');

/** The secret of an `Authorization: Lock <secret>` header; undefined for any other header. */
export function lockSecretOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^Lock[ \t]+(\S{1,200})[ \t]*$/i.exec(value ?? '');
  return m?.[1];
}

/**
 * Who a failed attempt claimed to be: the room whose lock a well-formed secret names, when that room has a lock;
 * null for anything else (no secret, a malformed one, a room without a lock or unknown).
 */
export type LockAuthentication = { ok: true; lock: CallingLock } | { ok: false; claimedRoom: number | null };

/** The lock the secret belongs to (and notes that it was seen), or who the failed attempt claimed to be. */
export async function authenticateLock(
  db: Kysely<Database>,
  secret: string | undefined,
  now: Date,
): Promise<LockAuthentication> {
  const roomId = secret === undefined ? undefined : lockSecretRoom(secret);
  if (secret === undefined || roomId === undefined) return { ok: false, claimedRoom: null };
  const row = await db
    .selectFrom('lock_devices as d')
    .innerJoin('rooms as r', 'r.id', 'd.room_id')
    .select([
      'd.secret_hash',
      'd.confirmed_sync_id',
      'r.id',
      'r.hotel_id',
      'r.name',
      'r.building',
      'r.floor',
      'r.mac_id',
    ])
    .where('d.room_id', '=', roomId)
    .whereRef('r.hotel_id', '=', 'd.hotel_id')
    .executeTakeFirst();
  if (!row?.mac_id) return { ok: false, claimedRoom: null };
  if (!lockSecretMatches(secret, row.secret_hash)) return { ok: false, claimedRoom: row.id };
  await db.updateTable('lock_devices').set({ last_seen_at: now }).where('room_id', '=', row.id).execute();
  return {
    ok: true,
    lock: {
      roomId: row.id,
      hotelId: row.hotel_id,
      roomName: row.name,
      building: row.building,
      floor: row.floor,
      macId: row.mac_id,
      confirmedSyncId: row.confirmed_sync_id,
    },
  };
}

/** The key a failed attempt is counted under: its claimed lock, or its address when it claimed no known lock. */
export function failureKey(claimedRoom: number | null, address: string): string {
  return claimedRoom === null ? `address:${address}` : `room:${claimedRoom}`;
}

/**
 * Failed device authentications per key (failureKey) and minute (fixed windows), counted as auth/rate-limit.ts counts
 * (the database on PostgreSQL), so that the budget holds across the replicas sharing it.
 */
export class FailedLockAuth extends FailureLimit {
  constructor(db: Db, perMinute: number, now: () => number) {
    super(db, 'lock-auth', perMinute, now);
  }
}
