import { type Kysely, sql } from 'kysely';

/**
 * API keys and the card-service API (API.md §17, §18). `api_keys` (001) gains when it was last used. A key is
 * exchanged at `POST /auth/login` for a short-lived bearer token: only the token's SHA-256 is stored, bound to its
 * key, so revoking the key (`revoked_at`) ends every token of it at its next request. The cards a key wrote
 * (`POST /linQuan/writeRoomCard`) are the `cards` rows themselves; `card_service_cards` names which key planned
 * each one and the guest it was for, so the authorisation records list only the cards written through the API.
 */
const UP: string[] = [
  `ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz`,
  `CREATE INDEX api_keys_hotel ON api_keys(hotel_id, created_at DESC)`,
  `CREATE TABLE card_service_tokens (
    id serial PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    api_key_id integer NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    ip text,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX card_service_tokens_key ON card_service_tokens(api_key_id, expires_at)`,
  `CREATE TABLE card_service_cards (
    card_id integer PRIMARY KEY REFERENCES cards(id) ON DELETE CASCADE,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    api_key_id integer REFERENCES api_keys(id) ON DELETE SET NULL,
    key_prefix text NOT NULL,
    guest_name text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX card_service_cards_hotel ON card_service_cards(hotel_id, created_at DESC)`,
];

const DOWN: string[] = [
  `DROP TABLE IF EXISTS card_service_cards`,
  `DROP TABLE IF EXISTS card_service_tokens`,
  `DROP INDEX IF EXISTS api_keys_hotel`,
  `ALTER TABLE api_keys DROP COLUMN IF EXISTS last_used_at`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
