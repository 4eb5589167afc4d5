import { type Kysely, sql } from 'kysely';

/**
 * The rooms each logged call touched (the rooms its room helpers resolved), so that operation/list can show an
 * account limited to some rooms only the entries of those rooms (spec §6). Entries written before this migration
 * touched no room as far as the log knows: a room-limited account sees only its own among them.
 */
const UP: string[] = [
  `ALTER TABLE operation_log ADD COLUMN room_ids integer[] NOT NULL DEFAULT '{}'`,
  // operation/list of a room-limited account asks `room_ids && <the account's rooms>`.
  `CREATE INDEX operation_log_room_ids ON operation_log USING gin (room_ids)`,
  `CREATE INDEX operation_log_user ON operation_log(user_id, created_at DESC)`,
];

const DOWN: string[] = [
  `DROP INDEX IF EXISTS operation_log_user`,
  `DROP INDEX IF EXISTS operation_log_room_ids`,
  `ALTER TABLE operation_log DROP COLUMN IF EXISTS room_ids`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
