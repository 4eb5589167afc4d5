/**
 * The hotel's messages (API.md §14; migration 015). Two sources:
 * - events (`postMessage`): a card write whose read-back did not verify. Posting the same (hotel, kind, subject)
 *   again while its message is neither read nor deleted changes nothing but its parameters; once it was read or
 *   deleted, the next event opens a new message;
 * - conditions (`refreshHotelMessages`): a lock's battery low, the service period ending, an installed lock not
 *   synced for long. One statement per kind opens a message for each condition that holds and has none open,
 *   brings the parameters of open ones up to date (battery, days) and closes those whose condition ended. A deleted
 *   message of a condition that still holds stays deleted (it is closed only when the condition ends), so deleting
 *   it is not undone by the next refresh.
 * The text is composed by the console from kind + params, in the reader's language.
 */
import { MESSAGE_KINDS, type MessageKind } from '@lockdesk/protocol';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { claimOnce, releaseClaim } from '../auth/rate-limit.js';
import type { Database } from '../db/schema.js';

/** The kinds of message (declared with the message calls); 'notice' are rows older than migration 015. */
export { MESSAGE_KINDS, type MessageKind };

/** A lock battery below this percentage is low. */
export const LOW_BATTERY_PERCENT = 20;
/** The service period ending within this many days is announced. */
export const SERVICE_EXPIRING_DAYS = 30;
/** An installed lock that has not synced for this many days is announced. */
export const LOCK_NOT_SYNCED_DAYS = 7;
/** refreshHotelMessages runs at most once per hotel within this time (across the replicas sharing the database). */
export const REFRESH_INTERVAL_MS = 60_000;

const DAY_MS = 86_400_000;

type Db = Kysely<Database>;

export interface PostedMessage {
  hotelId: number;
  kind: MessageKind;
  /** What it is about (e.g. 'card:42'); one unread, undeleted message per (hotel, kind, subject). */
  subject: string;
  params: Record<string, string | number | null>;
  /** The room it is about: only accounts whose scope holds the room see it. */
  roomId?: number | null;
  now?: Date;
}

/** Posts an event message; idempotent per (hotel, kind, subject) while its message is unread and undeleted. */
export async function postMessage(db: Db, m: PostedMessage): Promise<number> {
  const now = m.now ?? new Date();
  // A message already read or deleted is done with: the new event gets a message of its own.
  await db
    .updateTable('messages')
    .set({ closed_at: now })
    .where('hotel_id', '=', m.hotelId)
    .where('kind', '=', m.kind)
    .where('subject', '=', m.subject)
    .where('closed_at', 'is', null)
    .where((eb) => eb.or([eb('read_at', 'is not', null), eb('deleted_at', 'is not', null)]))
    .execute();
  const row = await sql<{ id: number }>`
    INSERT INTO messages (hotel_id, kind, subject, params, room_id, created_at, updated_at)
    VALUES (${m.hotelId}, ${m.kind}, ${m.subject}, ${JSON.stringify(m.params)}::jsonb, ${m.roomId ?? null},
      ${now}, ${now})
    ON CONFLICT (hotel_id, kind, subject) WHERE closed_at IS NULL
    DO UPDATE SET params = EXCLUDED.params, updated_at = EXCLUDED.updated_at
    RETURNING id`.execute(db);
  return (row.rows[0] as { id: number }).id;
}

/**
 * One kind's conditions: `current` selects (subject, room_id, params) of every condition that holds in the hotel;
 * the statement opens, updates and closes that kind's messages to match.
 */
async function syncCondition(
  db: Db,
  hotelId: number,
  kind: MessageKind,
  now: Date,
  current: RawBuilder<unknown>,
): Promise<void> {
  await sql`
    WITH cur AS (${current}),
    opened AS (
      INSERT INTO messages (hotel_id, kind, subject, params, room_id, created_at, updated_at)
      SELECT ${hotelId}, ${kind}, cur.subject, cur.params, cur.room_id, ${now}, ${now} FROM cur
      ON CONFLICT (hotel_id, kind, subject) WHERE closed_at IS NULL
      DO UPDATE SET params = EXCLUDED.params, updated_at = EXCLUDED.updated_at
        WHERE messages.params IS DISTINCT FROM EXCLUDED.params
      RETURNING 1
    )
    UPDATE messages SET closed_at = ${now}
    WHERE hotel_id = ${hotelId} AND kind = ${kind} AND closed_at IS NULL
      AND subject NOT IN (SELECT subject FROM cur)`.execute(db);
}

/** Opens, updates and closes the hotel's condition messages (low battery, service expiring, lock not synced). */
export async function refreshHotelMessages(db: Db, hotelId: number, now: Date): Promise<void> {
  const nowMs = now.getTime();
  await syncCondition(
    db,
    hotelId,
    'low_battery',
    now,
    sql`SELECT 'room:' || r.id AS subject, r.id AS room_id,
          jsonb_build_object('room_name', r.name, 'battery', r.battery) AS params
        FROM rooms r
        WHERE r.hotel_id = ${hotelId} AND r.battery IS NOT NULL AND r.battery < ${LOW_BATTERY_PERCENT}`,
  );
  // The hotel's service period is its super administrator's; the customer manager (parent account) is the contact.
  await syncCondition(
    db,
    hotelId,
    'service_expiring',
    now,
    sql`SELECT 'service:' || (extract(epoch FROM u.service_expires_at)::bigint)::text AS subject,
          NULL::integer AS room_id,
          jsonb_build_object(
            'days', ceil(extract(epoch FROM (u.service_expires_at - ${now}::timestamptz)) / 86400)::integer,
            'expires_at', extract(epoch FROM u.service_expires_at)::bigint,
            'manager_mobile', coalesce(p.mobile, '')) AS params
        FROM users u LEFT JOIN users p ON p.id = u.parent_id
        WHERE u.hotel_id = ${hotelId} AND u.role = 'super' AND u.service_expires_at IS NOT NULL
          AND u.service_expires_at > ${now}
          AND u.service_expires_at <= ${new Date(nowMs + SERVICE_EXPIRING_DAYS * DAY_MS)}`,
  );
  // An installed lock (one holding a secret) that never synced counts from when its secret was issued.
  await syncCondition(
    db,
    hotelId,
    'lock_not_synced',
    now,
    sql`SELECT 'room:' || r.id AS subject, r.id AS room_id,
          jsonb_build_object(
            'room_name', r.name,
            'days', floor(extract(epoch FROM (${now}::timestamptz - coalesce(d.last_sync_at, d.secret_issued_at)))
              / 86400)::integer,
            'last_sync_at', extract(epoch FROM d.last_sync_at)::bigint) AS params
        FROM lock_devices d JOIN rooms r ON r.id = d.room_id
        WHERE d.hotel_id = ${hotelId} AND r.hotel_id = ${hotelId}
          AND coalesce(d.last_sync_at, d.secret_issued_at) < ${new Date(nowMs - LOCK_NOT_SYNCED_DAYS * DAY_MS)}`,
  );
}

/**
 * refreshHotelMessages unless it ran for the hotel within REFRESH_INTERVAL_MS (by the server clock), on any replica:
 * the replica whose claim of `messages:<hotel>` succeeds refreshes, the others read what is there.
 */
export async function refreshHotelMessagesThrottled(db: Db, hotelId: number, now: Date): Promise<void> {
  const key = `messages:${hotelId}`;
  const nowMs = now.getTime();
  if (!(await claimOnce(db, key, REFRESH_INTERVAL_MS, nowMs))) return;
  try {
    await refreshHotelMessages(db, hotelId, now);
  } catch (e) {
    await releaseClaim(db, key, nowMs).catch(() => {});
    throw e;
  }
}

/** Demo data (demo.ts): room 1105's lock battery low and room 2509's lock last synced ten days ago. */
export async function seedDemoMessages(
  db: Db,
  { hotelId, rooms, now }: { hotelId: number; rooms: Record<string, number>; now: number },
): Promise<void> {
  const lowBattery = rooms['1105'];
  const stale = rooms['2509'];
  if (lowBattery !== undefined)
    await db.updateTable('rooms').set({ battery: 12 }).where('id', '=', lowBattery).execute();
  if (stale !== undefined)
    await db
      .insertInto('lock_devices')
      .values({
        room_id: stale,
        hotel_id: hotelId,
        // Not a hash of any secret: the demo start issues the lock its secret (demo-locks.ts) and keeps last_sync_at.
        secret_hash: '0'.repeat(64),
        secret_issued_at: new Date(now - 40 * DAY_MS),
        last_sync_at: new Date(now - 10 * DAY_MS),
      })
      .execute();
}
