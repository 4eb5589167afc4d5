import { type Kysely, sql } from 'kysely';

/**
 * Limits that every server replica sharing the database must agree on (API.md: calls per minute per session and per
 * address, public calls, device authentication failures, the card-service API's budgets; the messages' refresh once
 * a minute per hotel), counted here instead of in each process's memory.
 * - `rate_windows`: calls per key and one-minute bucket (`minute`: its start, ms since epoch by the server clock).
 *   auth/rate-limit.ts estimates a sliding minute from the current and the previous bucket, and counts a call in the
 *   same statement as the check. UNLOGGED: the buckets are worth nothing after a crash, and every call writes them.
 * - `throttles`: "at most once per period" claims (`until`: ms since epoch when the key may be claimed again).
 * Neither table has the change notices of migration 007: every call writes them and no cache reads them.
 */
const UP: string[] = [
  `CREATE UNLOGGED TABLE rate_windows (
    key text NOT NULL,
    minute bigint NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (key, minute)
  )`,
  // The sweep deletes old buckets by minute.
  `CREATE INDEX rate_windows_minute ON rate_windows(minute)`,
  `CREATE UNLOGGED TABLE throttles (
    key text PRIMARY KEY,
    claimed_at bigint NOT NULL,
    until bigint NOT NULL
  )`,
];

const DOWN: string[] = [`DROP TABLE IF EXISTS throttles`, `DROP TABLE IF EXISTS rate_windows`];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
