import { type Kysely, sql } from 'kysely';

/**
 * Firmware images and faces granted to more locks (API.md §13).
 *
 * - `firmwares` (created bare by 001 and never written by any call before this issue, so it is empty): now a
 *   hotel's own, pointing at the stored upload (purpose 'firmware') with its size and SHA-256, the lock model it is
 *   for and the rooms it applies to (`room_ids`; empty = every room of the hotel with a lock). One firmware per
 *   (hotel, model, version).
 * - `face_grants`: a face of the face library given to one more room's lock for a period; the lock learns it at its
 *   next Bluetooth sync (services/lock-state.ts). Revoking keeps the row (`revoked_at`) for the record; one live
 *   grant per face and room (granting again changes its period).
 */
const UP: string[] = [
  `ALTER TABLE firmwares ADD COLUMN hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE`,
  `ALTER TABLE firmwares ADD COLUMN upload_key text NOT NULL`,
  `ALTER TABLE firmwares ADD COLUMN file_name text NOT NULL DEFAULT ''`,
  `ALTER TABLE firmwares ADD COLUMN size integer NOT NULL DEFAULT 0`,
  `ALTER TABLE firmwares ADD COLUMN sha256 text NOT NULL DEFAULT ''`,
  `ALTER TABLE firmwares ADD COLUMN model text NOT NULL DEFAULT ''`,
  `ALTER TABLE firmwares ADD COLUMN room_ids integer[] NOT NULL DEFAULT '{}'`,
  `ALTER TABLE firmwares ADD COLUMN created_by integer REFERENCES users(id) ON DELETE SET NULL`,
  `CREATE UNIQUE INDEX firmwares_hotel_model_version ON firmwares(hotel_id, model, version)`,
  `CREATE UNIQUE INDEX firmwares_upload ON firmwares(upload_key)`,

  `CREATE TABLE face_grants (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    face_id integer NOT NULL REFERENCES faces(id) ON DELETE CASCADE,
    room_id integer NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL,
    granted_by integer REFERENCES users(id) ON DELETE SET NULL,
    revoked_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (end_time > start_time)
  )`,
  `CREATE UNIQUE INDEX face_grants_live ON face_grants(face_id, room_id) WHERE revoked_at IS NULL`,
  `CREATE INDEX face_grants_room ON face_grants(room_id) WHERE revoked_at IS NULL`,
  // The room list's lock marks count grants waiting for a sync (lock-marks.ts): other replicas' kept pages drop too.
  `CREATE TRIGGER face_grants_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON face_grants
    FOR EACH STATEMENT EXECUTE FUNCTION lockdesk_notify_change()`,
];

const DOWN: string[] = [
  `DROP TABLE IF EXISTS face_grants`,
  `DROP INDEX IF EXISTS firmwares_upload`,
  `DROP INDEX IF EXISTS firmwares_hotel_model_version`,
  ...['created_by', 'room_ids', 'model', 'sha256', 'size', 'file_name', 'upload_key', 'hotel_id'].map(
    (c) => `ALTER TABLE firmwares DROP COLUMN IF EXISTS ${c}`,
  ),
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
