import { type Kysely, sql } from 'kysely';

/**
 * Messages (API.md §14): what the product tells a hotel — a lock's low battery, the service period ending, a lock
 * that has not synced for long, a card write whose read-back did not verify. A message is a kind, a subject (what
 * it is about, e.g. `room:17`) and its parameters; the console composes the text in the reader's language, so no
 * English is stored. One condition gives one open message: `closed_at` is null while the condition holds (or, for
 * an event, until the message is read or deleted), and the partial unique index keeps one open message per
 * (hotel, kind, subject). Read and deleted state are the hotel's (one administrator clears a message for all).
 */
const UP: string[] = [
  `ALTER TABLE messages ALTER COLUMN title SET DEFAULT ''`,
  `ALTER TABLE messages
    ADD COLUMN kind text NOT NULL DEFAULT 'notice'
      CHECK (kind IN ('notice', 'low_battery', 'service_expiring', 'lock_not_synced', 'card_write_failed')),
    ADD COLUMN subject text NOT NULL DEFAULT '',
    ADD COLUMN params jsonb NOT NULL DEFAULT '{}'::jsonb,
    ADD COLUMN room_id integer REFERENCES rooms(id) ON DELETE CASCADE,
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN closed_at timestamptz,
    ADD COLUMN deleted_at timestamptz`,
  // Older rows (none are written before this version) are closed: only the new kinds are ever kept open.
  `UPDATE messages SET closed_at = created_at, subject = 'legacy:' || id WHERE kind = 'notice'`,
  `CREATE UNIQUE INDEX messages_open ON messages(hotel_id, kind, subject) WHERE closed_at IS NULL`,
  `CREATE INDEX messages_hotel_list ON messages(hotel_id, created_at DESC) WHERE deleted_at IS NULL`,
];

const DOWN: string[] = [
  `DROP INDEX IF EXISTS messages_hotel_list`,
  `DROP INDEX IF EXISTS messages_open`,
  `ALTER TABLE messages DROP COLUMN IF EXISTS deleted_at, DROP COLUMN IF EXISTS closed_at,
    DROP COLUMN IF EXISTS updated_at, DROP COLUMN IF EXISTS room_id, DROP COLUMN IF EXISTS params,
    DROP COLUMN IF EXISTS subject, DROP COLUMN IF EXISTS kind`,
  `ALTER TABLE messages ALTER COLUMN title DROP DEFAULT`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
