/**
 * A Bluetooth unlock (sync) as the server sees it (API.md §10): `start` hands the lock the full state it must hold
 * and remembers it under a random sync id; the lock uploads its records; `finish` says the lock applied that state.
 * Only then do the deliveries the state covers count as confirmed: card changes (card_lock_sync rows that existed
 * when the state was taken) and fingerprint deliveries (pending → delivered, deleting → deleted). A finish is
 * idempotent: a second one answers what the first did. A sync older than the one the lock last confirmed finishes
 * without overwriting the newer confirmed state.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { voidPlans } from '../cards/service.js';
import type { Database } from '../db/schema.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { type LockState, lockState } from '../services/lock-state.js';
import type { CallingLock } from './auth.js';

/** What `GET /device/v1/lock` answers: the lock's room and what it needs to decide cards. */
export async function lockInfo(app: FastifyInstance, db: Kysely<Database>, lock: CallingLock, now: Date) {
  return {
    room_id: lock.roomId,
    room_name: lock.roomName,
    hotel_id: lock.hotelId,
    building: lock.building ?? 0,
    floor: lock.floor ?? 0,
    mac_id: lock.macId,
    card_mac_key: await app.cardKeys.cardMacKey(db, lock.hotelId),
    server_time: epochSeconds(now) as number,
  };
}

/** A fresh sync id: 24 random bytes, base64url. */
const newSyncUid = (): string => randomBytes(24).toString('base64url');

/** The integer range of lock_devices.clock_drift_ms. */
const DRIFT_LIMIT = 2_147_483_647;

/**
 * Keeps what the lock reported of itself on its room: the battery (the low-battery message reads it) and the
 * firmware it runs (the firmware list's "runs it" reads it). Written only when it changed, so a sync that reports
 * the same does not drop the room list's kept pages (every write to rooms does).
 */
async function storeLockReport(
  db: Kysely<Database>,
  lock: CallingLock,
  report: { battery?: number | undefined; firmware_version?: string | undefined },
  now: Date,
): Promise<void> {
  if (report.battery === undefined && report.firmware_version === undefined) return;
  const room = await db
    .selectFrom('rooms')
    .select(['battery', 'lock_version'])
    .where('id', '=', lock.roomId)
    .executeTakeFirst();
  if (!room) return;
  const change: { battery?: number; lock_version?: string } = {};
  if (report.battery !== undefined && report.battery !== room.battery) change.battery = report.battery;
  if (report.firmware_version !== undefined && report.firmware_version !== room.lock_version)
    change.lock_version = report.firmware_version;
  if (Object.keys(change).length === 0) return;
  await db
    .updateTable('rooms')
    .set({ ...change, updated_at: now })
    .where('id', '=', lock.roomId)
    .execute();
}

/** Starts a sync: the full state the lock must hold, kept under a new sync id. */
export async function startSync(
  app: FastifyInstance,
  db: Kysely<Database>,
  lock: CallingLock,
  body: {
    operator?: string | undefined;
    lock_time?: number | undefined;
    battery?: number | undefined;
    firmware_version?: string | undefined;
  },
  now: Date,
): Promise<{
  sync_id: string;
  server_time: number;
  lock: Awaited<ReturnType<typeof lockInfo>>;
  state: LockState;
}> {
  // A card plan that expired unconfirmed becomes void and gets its 'delete' first, so this lock learns it now.
  await voidPlans(db, lock.hotelId, now);
  // Taken before the state: a card change queued while the state is read is covered by the next sync, not this one.
  const upto = await db
    .selectFrom('card_lock_sync')
    .select(sql<number | null>`max(id)`.as('id'))
    .where('room_id', '=', lock.roomId)
    .executeTakeFirst();
  const state = await lockState(db, lock.hotelId, lock.roomId, now);
  const syncUid = newSyncUid();
  const lockTime = body.lock_time === undefined ? null : new Date(Math.floor(body.lock_time) * 1000);
  await db
    .insertInto('lock_syncs')
    .values({
      hotel_id: lock.hotelId,
      room_id: lock.roomId,
      sync_uid: syncUid,
      state: JSON.stringify(state),
      operator: body.operator ?? '',
      started_at: now,
      card_sync_upto: Number(upto?.id ?? 0),
      lock_time: lockTime,
    })
    .execute();
  if (lockTime) {
    const drift = Math.max(-DRIFT_LIMIT, Math.min(DRIFT_LIMIT, lockTime.getTime() - now.getTime()));
    await db
      .updateTable('lock_devices')
      .set({ clock_drift_ms: drift })
      .where('room_id', '=', lock.roomId)
      .execute();
  }
  await storeLockReport(db, lock, body, now);
  return {
    sync_id: syncUid,
    server_time: epochSeconds(now) as number,
    lock: await lockInfo(app, db, lock, now),
    state,
  };
}

/** The sync `syncUid` of this lock (LOCK_SYNC_UNKNOWN for an unknown one or another lock's), row-locked when asked. */
export async function requireSync(
  db: Kysely<Database>,
  lock: CallingLock,
  syncUid: string,
  forUpdate = false,
) {
  let q = db
    .selectFrom('lock_syncs')
    .selectAll()
    .where('sync_uid', '=', syncUid)
    .where('room_id', '=', lock.roomId)
    .where('hotel_id', '=', lock.hotelId);
  if (forUpdate) q = q.forUpdate();
  const sync = await q.executeTakeFirst();
  if (!sync) throw failure('LOCK_SYNC_UNKNOWN');
  return sync;
}

/** Finishes a sync: the lock applied its state. Idempotent; one transaction, the lock's row locked first. */
export async function finishSync(
  db: Kysely<Database>,
  lock: CallingLock,
  syncUid: string,
  now: Date,
): Promise<{ sync_id: string; confirmed: number }> {
  return db.transaction().execute(async (trx) => {
    // The lock's row first, then the sync's: two finishes of one lock take turns in the same order.
    const device = await trx
      .selectFrom('lock_devices')
      .select(['confirmed_sync_id'])
      .where('room_id', '=', lock.roomId)
      .forUpdate()
      .executeTakeFirst();
    const sync = await requireSync(trx, lock, syncUid, true);
    if (sync.finished_at !== null) return { sync_id: sync.sync_uid, confirmed: sync.confirmed };
    let confirmed = 0;
    const newer = device?.confirmed_sync_id == null || sync.id > device.confirmed_sync_id;
    if (newer) {
      confirmed = await confirmDeliveries(trx, lock, sync, now);
      await trx
        .updateTable('lock_devices')
        .set({ confirmed_state: JSON.stringify(sync.state), confirmed_sync_id: sync.id })
        .where('room_id', '=', lock.roomId)
        .execute();
    }
    await trx
      .updateTable('lock_devices')
      .set({ last_sync_at: now, last_seen_at: now })
      .where('room_id', '=', lock.roomId)
      .execute();
    await trx
      .updateTable('lock_syncs')
      .set({ finished_at: now, confirmed })
      .where('id', '=', sync.id)
      .execute();
    return { sync_id: sync.sync_uid, confirmed };
  });
}

/**
 * Marks what the finished sync's state covers as learned by the lock: the room's card changes queued before the
 * state was taken (as room/resetCardSyncData does, a card all of whose locks learned it turns lock_synced), and
 * its fingerprint deliveries: pending ones the state holds become delivered, withdrawn ones it no longer holds (or
 * that a new delivery of the same fingerprint replaced) deleted. Answers how many rows changed.
 */
async function confirmDeliveries(
  trx: Kysely<Database>,
  lock: CallingLock,
  sync: { card_sync_upto: number; state: LockState },
  now: Date,
): Promise<number> {
  const cards = await trx
    .updateTable('card_lock_sync')
    .set({ synced_at: now })
    .where('room_id', '=', lock.roomId)
    .where('synced_at', 'is', null)
    .where('id', '<=', sync.card_sync_upto)
    .returning('card_id')
    .execute();
  const cardIds = [...new Set(cards.map((c) => c.card_id))];
  if (cardIds.length > 0) {
    await trx
      .updateTable('cards')
      .set({ lock_synced: true })
      .where('id', 'in', cardIds)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('card_lock_sync as s')
              .select('s.id')
              .whereRef('s.card_id', '=', 'cards.id')
              .where('s.synced_at', 'is', null),
          ),
        ),
      )
      .execute();
  }
  const held = (sync.state.fingerprints ?? []).map((f) => f.id);
  let delivered = 0;
  if (held.length > 0) {
    const rows = await trx
      .updateTable('fingerprint_deliveries')
      .set({ status: 'delivered', updated_at: now })
      .where('room_id', '=', lock.roomId)
      .where('status', '=', 'pending')
      .where('fingerprint_id', 'in', held)
      .returning('id')
      .execute();
    delivered = rows.length;
  }
  // A withdrawal is done when the lock no longer holds the fingerprint, or when the fingerprint was sent to this
  // lock again since (the new delivery is what the lock holds now).
  let removal = trx
    .updateTable('fingerprint_deliveries')
    .set({ status: 'deleted', updated_at: now })
    .where('room_id', '=', lock.roomId)
    .where('status', '=', 'deleting');
  if (held.length > 0)
    removal = removal.where((eb) =>
      eb.or([
        eb('fingerprint_id', 'not in', held),
        eb.exists(
          eb
            .selectFrom('fingerprint_deliveries as live')
            .select('live.id')
            .whereRef('live.fingerprint_id', '=', 'fingerprint_deliveries.fingerprint_id')
            .whereRef('live.room_id', '=', 'fingerprint_deliveries.room_id')
            .where('live.status', 'in', ['pending', 'delivered']),
        ),
      ]),
    );
  const removed = await removal.returning('id').execute();
  return cards.length + delivered + removed.length;
}
