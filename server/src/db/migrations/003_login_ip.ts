import { type Kysely, sql } from 'kysely';

/** Login failures of a caller without a `uuid` header are counted by address (routes/account.ts). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX login_attempts_ip ON login_attempts(ip, created_at)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS login_attempts_ip`.execute(db);
}
