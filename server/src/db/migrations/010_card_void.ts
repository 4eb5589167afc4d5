import { type Kysely, sql } from 'kysely';

/**
 * Card write plans that are never confirmed (issue 9, revocation gaps): a plan already holds the signed content, so
 * a card written but never confirmed opens the lock. Such a plan is no longer dropped but becomes 'void' (kept, so
 * the locks can be told to refuse its number: card_lock_sync 'delete'). Void records never count as issued.
 */
const UP: string[] = [
  `ALTER TABLE cards DROP CONSTRAINT IF EXISTS cards_status`,
  `ALTER TABLE cards ADD CONSTRAINT cards_status CHECK (status IN ('pending', 'issued', 'withdrawn', 'deleted', 'void'))`,
  // The lazy expiry looks for a hotel's pending plans.
  `CREATE INDEX cards_pending ON cards(hotel_id, pending_expires_at) WHERE status = 'pending'`,
];

const DOWN: string[] = [
  `DROP INDEX IF EXISTS cards_pending`,
  `UPDATE cards SET status = 'deleted', deleted_at = COALESCE(deleted_at, updated_at) WHERE status = 'void'`,
  `ALTER TABLE cards DROP CONSTRAINT IF EXISTS cards_status`,
  `ALTER TABLE cards ADD CONSTRAINT cards_status CHECK (status IN ('pending', 'issued', 'withdrawn', 'deleted'))`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
