import { type Kysely, sql } from 'kysely';

/**
 * Change notices (007) for the tables the room list's lock marks read (routes/room-list.ts lockMarks): a kept page
 * of another replica must drop its marks when a lock syncs there or a card, password, face or fingerprint delivery
 * changes there, as it does for its own writes.
 */
const TABLES = [
  'lock_devices',
  'card_lock_sync',
  'cards',
  'lock_passwords',
  'faces',
  'fingerprint_deliveries',
];

const UP: string[] = TABLES.map(
  (t) => `CREATE TRIGGER ${t}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t}
    FOR EACH STATEMENT EXECUTE FUNCTION lockdesk_notify_change()`,
);

const DOWN: string[] = TABLES.map((t) => `DROP TRIGGER IF EXISTS ${t}_notify_change ON ${t}`);

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
