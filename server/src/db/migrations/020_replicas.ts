import { type Kysely, sql } from 'kysely';

/**
 * Several replicas on one PostgreSQL (issue 12). `server_settings` keeps what every replica must agree on and
 * checks at start: the fingerprint of the server's secret key (services/card-keys.ts; never the key). `stored_files`
 * holds the uploaded files (services/storage.ts `databaseStorage`) when the server runs on PostgreSQL, so a file put
 * through one replica is served by the others without a shared folder.
 */
const UP: string[] = [
  `CREATE TABLE server_settings (
    name text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE stored_files (
    key text PRIMARY KEY,
    content_type text NOT NULL,
    size integer NOT NULL CHECK (size >= 0),
    body bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

const DOWN: string[] = [`DROP TABLE IF EXISTS stored_files`, `DROP TABLE IF EXISTS server_settings`];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
