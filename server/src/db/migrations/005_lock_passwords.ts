import { type Kysely, sql } from 'kysely';
import { generatePin, hashPin, isPin } from '../../domain/pin.js';

/**
 * PIN passwords kept only in a lock-verifiable form (domain/pin.ts), never as digits; their withdrawal and
 * removal from the history; and the indexes the unlock-record lists page through.
 *
 * Rows written before this migration have their digits turned into the verifiable form, then the plaintext column
 * is dropped. A row whose digits were not six digits cannot be verified by a lock: it is kept, revoked.
 */
const BEFORE: string[] = [
  `ALTER TABLE lock_passwords ADD COLUMN pin_hash text`,
  `ALTER TABLE lock_passwords ADD COLUMN revoked_at timestamptz`,
  // Removed from the history by room/deletePassword; the row stays so the lock sync still sees it withdrawn.
  `ALTER TABLE lock_passwords ADD COLUMN deleted_at timestamptz`,
  `ALTER TABLE lock_passwords ALTER COLUMN single_use SET DEFAULT true`,
];

const AFTER: string[] = [
  `ALTER TABLE lock_passwords ALTER COLUMN pin_hash SET NOT NULL`,
  `ALTER TABLE lock_passwords DROP COLUMN password`,
  `UPDATE lock_passwords SET single_use = true, kind = 'remote' WHERE kind = 'single'`,
  `UPDATE lock_passwords SET status = 'revoked' WHERE status NOT IN ('active', 'used', 'revoked')`,
  `ALTER TABLE lock_passwords ADD CONSTRAINT lock_passwords_kind CHECK (kind IN ('remote', 'custom'))`,
  `ALTER TABLE lock_passwords ADD CONSTRAINT lock_passwords_status CHECK (status IN ('active', 'used', 'revoked'))`,
  `UPDATE lock_passwords SET status = 'revoked', end_time = start_time + interval '1 second'
    WHERE end_time <= start_time`,
  `ALTER TABLE lock_passwords ADD CONSTRAINT lock_passwords_period CHECK (end_time > start_time)`,
  `CREATE INDEX lock_passwords_room ON lock_passwords(room_id, created_at DESC, id DESC)`,
  `CREATE INDEX lock_passwords_stay ON lock_passwords(stay_id)`,
  // room/openHistory of a whole hotel and of one stay; (room_id, happened_at DESC) exists since 001.
  `CREATE INDEX unlock_records_hotel ON unlock_records(hotel_id, happened_at DESC, id DESC)`,
  `CREATE INDEX unlock_records_stay ON unlock_records(stay_id, happened_at DESC)`,
];

const DOWN: string[] = [
  `DROP INDEX IF EXISTS unlock_records_stay`,
  `DROP INDEX IF EXISTS unlock_records_hotel`,
  `DROP INDEX IF EXISTS lock_passwords_stay`,
  `DROP INDEX IF EXISTS lock_passwords_room`,
  `ALTER TABLE lock_passwords DROP CONSTRAINT IF EXISTS lock_passwords_period`,
  `ALTER TABLE lock_passwords DROP CONSTRAINT IF EXISTS lock_passwords_status`,
  `ALTER TABLE lock_passwords DROP CONSTRAINT IF EXISTS lock_passwords_kind`,
  // The digits cannot come back: rows keep an empty password and are withdrawn.
  `ALTER TABLE lock_passwords ADD COLUMN password text NOT NULL DEFAULT ''`,
  `UPDATE lock_passwords SET status = 'revoked' WHERE status = 'active'`,
  `ALTER TABLE lock_passwords ALTER COLUMN single_use SET DEFAULT false`,
  `ALTER TABLE lock_passwords DROP COLUMN deleted_at`,
  `ALTER TABLE lock_passwords DROP COLUMN revoked_at`,
  `ALTER TABLE lock_passwords DROP COLUMN pin_hash`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of BEFORE) await sql.raw(statement).execute(db);
  const rows = await sql<{ id: number; password: string }>`SELECT id, password FROM lock_passwords`.execute(
    db,
  );
  for (const row of rows.rows) {
    const digits = row.password.trim();
    if (isPin(digits)) {
      await sql`UPDATE lock_passwords SET pin_hash = ${await hashPin(digits)} WHERE id = ${row.id}`.execute(
        db,
      );
    } else {
      // A random PIN nobody knows: the row stays verifiable in form, and withdrawn.
      await sql`UPDATE lock_passwords SET pin_hash = ${await hashPin(generatePin())}, status = 'revoked',
        revoked_at = now() WHERE id = ${row.id}`.execute(db);
    }
  }
  for (const statement of AFTER) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
