import { type Kysely, sql } from 'kysely';

/**
 * Download links of exports (API.md §11): `export/create` stores one row per link, `GET /export/<token>` uses it
 * up once. Only the SHA-256 of the token is kept (256 random bits: a fast hash is right), so a database dump holds
 * no usable link. A link is bound to the session that made it (its hotel, account and so its room scope at download
 * time), and to what it exports: kind, format, language and filters. A table rather than process memory, so that
 * any replica behind a balancer can serve a link another one handed out.
 */
const UP: string[] = [
  `CREATE TABLE export_links (
    id serial PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    session_id integer NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('guests', 'unlock_records', 'operation_log')),
    format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
    language text NOT NULL,
    filters jsonb NOT NULL DEFAULT '{}'::jsonb,
    file_name text NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    finished_at timestamptz,
    rows_written integer,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // export/create looks for the account's running export and sweeps spent links.
  `CREATE INDEX export_links_user ON export_links(user_id, created_at DESC)`,
];

const DOWN: string[] = [`DROP TABLE IF EXISTS export_links`];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
