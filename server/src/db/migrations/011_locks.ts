import { type Kysely, sql } from 'kysely';

/**
 * Locks that talk to the server (issue 10 "The door"):
 * - `lock_devices`: one row per room whose lock holds a secret (stored as SHA-256 hex: the secret is 256 random
 *   bits, so a fast hash is right) and what the lock confirmed at its last finished sync.
 * - `lock_syncs`: one row per Bluetooth unlock (sync): the full state handed to the lock, and when it finished;
 *   `card_sync_upto` is the newest card_lock_sync row of the room when the state was taken (rows up to it are what
 *   the state covers, so a card change made during the sync stays waiting), `confirmed` what its finish confirmed
 *   (a second finish answers the same), `lock_time` the lock's clock at the start, as reported.
 * - `unlock_records` gain the lock's own record id (`record_uid`): a repeated upload stores each record once.
 */
const UP: string[] = [
  `CREATE TABLE lock_devices (
    room_id integer PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    secret_hash text NOT NULL,
    secret_issued_at timestamptz NOT NULL,
    confirmed_state jsonb NOT NULL DEFAULT '{}'::jsonb,
    confirmed_sync_id integer,
    last_sync_at timestamptz,
    last_seen_at timestamptz,
    clock_drift_ms integer
  )`,
  `CREATE INDEX lock_devices_hotel ON lock_devices(hotel_id)`,
  `CREATE TABLE lock_syncs (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    room_id integer NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    sync_uid text NOT NULL UNIQUE,
    state jsonb NOT NULL,
    operator text NOT NULL DEFAULT '',
    started_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    records_stored integer NOT NULL DEFAULT 0,
    records_duplicate integer NOT NULL DEFAULT 0,
    card_sync_upto integer NOT NULL DEFAULT 0,
    confirmed integer NOT NULL DEFAULT 0,
    lock_time timestamptz
  )`,
  `CREATE INDEX lock_syncs_room ON lock_syncs(room_id, started_at DESC)`,
  `ALTER TABLE unlock_records ADD COLUMN record_uid text`,
  `ALTER TABLE unlock_records ADD COLUMN opened boolean NOT NULL DEFAULT true`,
  `ALTER TABLE unlock_records ADD COLUMN reason text NOT NULL DEFAULT ''`,
  `ALTER TABLE unlock_records ADD COLUMN credential text NOT NULL DEFAULT ''`,
  `ALTER TABLE unlock_records ADD COLUMN sync_id integer REFERENCES lock_syncs(id) ON DELETE SET NULL`,
  `CREATE UNIQUE INDEX unlock_records_lock_uid ON unlock_records(hotel_id, mac_id, record_uid)
    WHERE record_uid IS NOT NULL`,
];

const DOWN: string[] = [
  `DROP INDEX IF EXISTS unlock_records_lock_uid`,
  `ALTER TABLE unlock_records DROP COLUMN IF EXISTS sync_id`,
  `ALTER TABLE unlock_records DROP COLUMN IF EXISTS credential`,
  `ALTER TABLE unlock_records DROP COLUMN IF EXISTS reason`,
  `ALTER TABLE unlock_records DROP COLUMN IF EXISTS opened`,
  `ALTER TABLE unlock_records DROP COLUMN IF EXISTS record_uid`,
  `DROP TABLE IF EXISTS lock_syncs`,
  `DROP TABLE IF EXISTS lock_devices`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
