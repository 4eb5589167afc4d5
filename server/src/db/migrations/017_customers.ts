import { type Kysely, sql } from 'kysely';

/**
 * Account pictures (API.md §16 'Personal centre'): an upload may be an `avatar`, which `user/setAvatar` puts on the
 * signed-in account. Only the purpose checks of 006 widen; nothing else changes.
 */
const PURPOSES = `'lock_picture', 'face', 'firmware', 'avatar'`;
const OLD_PURPOSES = `'lock_picture', 'face', 'firmware'`;

const widen = (purposes: string): string[] =>
  ['upload_tokens', 'uploads'].flatMap((table) => [
    `ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_purpose_check`,
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_purpose_check CHECK (purpose IN (${purposes}))`,
  ]);

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of widen(PURPOSES)) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DELETE FROM upload_tokens WHERE purpose = 'avatar'`).execute(db);
  await sql.raw(`DELETE FROM uploads WHERE purpose = 'avatar'`).execute(db);
  for (const statement of widen(OLD_PURPOSES)) await sql.raw(statement).execute(db);
}
