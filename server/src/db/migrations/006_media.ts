import { type Kysely, sql } from 'kysely';

/**
 * Uploads, faces and fingerprints (API.md §7):
 * - `upload_tokens`: single-use permissions to upload one file (oss/token), bound to a session and a purpose; only
 *   the SHA-256 of the token is kept;
 * - `uploads`: every stored file (the bytes live in the storage, services/storage.ts), with the type sniffed from its
 *   bytes; `key` is what `/files/<key>` serves;
 * - faces: the note shown on the lock (`lock_note`) and the upload the image is (`upload_key`); one live face per
 *   face id and per upload in a hotel;
 * - fingerprints: one live fingerprint per finger id in a hotel;
 * - `fingerprint_deliveries`: a fingerprint sent to a room's lock, pending until the lock syncs.
 * Every new row belongs to a hotel (ON DELETE CASCADE), so emptying the hotels empties these tables too.
 */
const UP: string[] = [
  `CREATE TABLE upload_tokens (
    id serial PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    session_id integer NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    purpose text NOT NULL CHECK (purpose IN ('lock_picture', 'face', 'firmware')),
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX upload_tokens_session ON upload_tokens(session_id)`,

  `CREATE TABLE uploads (
    id serial PRIMARY KEY,
    key text NOT NULL UNIQUE,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    purpose text NOT NULL CHECK (purpose IN ('lock_picture', 'face', 'firmware')),
    content_type text NOT NULL,
    size integer NOT NULL CHECK (size > 0),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX uploads_hotel ON uploads(hotel_id, purpose)`,

  `ALTER TABLE faces ADD COLUMN lock_note text NOT NULL DEFAULT ''`,
  `ALTER TABLE faces ADD COLUMN upload_key text`,
  `ALTER TABLE faces ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE UNIQUE INDEX faces_live_face_id ON faces(hotel_id, face_id) WHERE status <> 'deleted'`,
  `CREATE UNIQUE INDEX faces_live_upload ON faces(upload_key) WHERE status <> 'deleted'`,
  `CREATE INDEX faces_room ON faces(hotel_id, room_id)`,

  `ALTER TABLE fingerprints ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE UNIQUE INDEX fingerprints_live_finger_id ON fingerprints(hotel_id, finger_id) WHERE status <> 'deleted'`,
  `CREATE INDEX fingerprints_room ON fingerprints(hotel_id, room_id)`,

  `CREATE TABLE fingerprint_deliveries (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    fingerprint_id integer NOT NULL REFERENCES fingerprints(id) ON DELETE CASCADE,
    room_id integer NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'deleting', 'deleted')),
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // A fingerprint is on a lock (or on its way) at most once.
  `CREATE UNIQUE INDEX fingerprint_deliveries_live ON fingerprint_deliveries(fingerprint_id, room_id)
    WHERE status IN ('pending', 'delivered')`,
  `CREATE INDEX fingerprint_deliveries_room ON fingerprint_deliveries(room_id, status)`,
];

const DOWN: string[] = [
  `DROP TABLE IF EXISTS fingerprint_deliveries`,
  `DROP INDEX IF EXISTS fingerprints_room`,
  `DROP INDEX IF EXISTS fingerprints_live_finger_id`,
  `ALTER TABLE fingerprints DROP COLUMN IF EXISTS updated_at`,
  `DROP INDEX IF EXISTS faces_room`,
  `DROP INDEX IF EXISTS faces_live_upload`,
  `DROP INDEX IF EXISTS faces_live_face_id`,
  `ALTER TABLE faces DROP COLUMN IF EXISTS updated_at`,
  `ALTER TABLE faces DROP COLUMN IF EXISTS upload_key`,
  `ALTER TABLE faces DROP COLUMN IF EXISTS lock_note`,
  `DROP TABLE IF EXISTS uploads`,
  `DROP TABLE IF EXISTS upload_tokens`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
