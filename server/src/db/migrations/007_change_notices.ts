import { type Kysely, sql } from 'kysely';

/**
 * Change notices for the in-process caches of every server replica (db/changes.ts): after each statement that
 * writes one of the tables the caches read (sessions and accounts for the resolved caller; rooms, their groups, stays
 * and room assignments for the room list), `NOTIFY lockdesk_changes, '<table>'`. PostgreSQL sends it at commit, once
 * per table and transaction, to every replica that listens; nothing is sent for a rolled-back write.
 */
const TABLES = ['sessions', 'users', 'hotels', 'rooms', 'room_categories', 'stays', 'user_rooms'];

const UP: string[] = [
  `CREATE FUNCTION lockdesk_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('lockdesk_changes', TG_TABLE_NAME);
      RETURN NULL;
    END
  $$`,
  ...TABLES.map(
    (t) => `CREATE TRIGGER ${t}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t}
      FOR EACH STATEMENT EXECUTE FUNCTION lockdesk_notify_change()`,
  ),
];

const DOWN: string[] = [
  ...TABLES.map((t) => `DROP TRIGGER IF EXISTS ${t}_notify_change ON ${t}`),
  `DROP FUNCTION IF EXISTS lockdesk_notify_change()`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
