import { type Kysely, sql } from 'kysely';

/**
 * Key cards issued from the console (API.md §8, issue 9):
 * - `hotel_cards`: per hotel, the card secret (32 random bytes, AES-256-GCM under the server's secret key; a secret
 *   the server must use cannot be hashed), the sectors the hotel encrypts, the issue sequence ('unsubscribe old
 *   card') and the card-number counter. Its own table, not columns of `hotels`: `hotels` is watched by the change
 *   notices of 007, and these counters change with every card written.
 * - cards: a card is 'pending' from its write plan until its read-back is verified ('issued'), then may be
 *   'withdrawn' or 'deleted'; one issued card per card number in a hotel; the universal card's locks, the access
 *   controls, the issuer's role, what it replaces (/card/setTime) and which card superseded it.
 * - `card_lock_sync`: what a lock still has to learn by Bluetooth (a deleted card, a new universal card, an access
 *   control), marked synced by room/resetCardSyncData.
 * - `card_uid_keys`: which sectors of a physical card (by UID) carry the hotel's diversified keys, as last verified.
 * - rooms: `access_control` (a door that access-control cards open).
 */
const UP: string[] = [
  `CREATE TABLE hotel_cards (
    hotel_id integer PRIMARY KEY REFERENCES hotels(id) ON DELETE CASCADE,
    secret_enc text,
    encrypted_sectors integer[] NOT NULL DEFAULT '{}',
    card_sequence integer NOT NULL DEFAULT 0,
    card_number_seq bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  `UPDATE cards SET status = 'withdrawn' WHERE status NOT IN ('pending', 'issued', 'withdrawn', 'deleted')`,
  `ALTER TABLE cards ADD CONSTRAINT cards_status CHECK (status IN ('pending', 'issued', 'withdrawn', 'deleted'))`,
  `ALTER TABLE cards ALTER COLUMN status SET DEFAULT 'pending'`,
  `ALTER TABLE cards ADD COLUMN unsubscribe_old boolean NOT NULL DEFAULT false`,
  `ALTER TABLE cards ADD COLUMN access_controls integer[] NOT NULL DEFAULT '{}'`,
  // Universal cards: the locks they should open (empty: every lock of the hotel).
  `ALTER TABLE cards ADD COLUMN room_ids integer[] NOT NULL DEFAULT '{}'`,
  `ALTER TABLE cards ADD COLUMN pending_expires_at timestamptz`,
  // The sectors of the card carrying the hotel's diversified keys once this card's write is done.
  `ALTER TABLE cards ADD COLUMN key_sectors integer[] NOT NULL DEFAULT '{}'`,
  `ALTER TABLE cards ADD COLUMN issuer_role text NOT NULL DEFAULT 'main'
    CHECK (issuer_role IN ('main', 'secondary', 'staff'))`,
  `ALTER TABLE cards ADD COLUMN issued_at timestamptz`,
  `ALTER TABLE cards ADD COLUMN withdrawn_at timestamptz`,
  `ALTER TABLE cards ADD COLUMN deleted_at timestamptz`,
  `ALTER TABLE cards ADD COLUMN lock_synced boolean NOT NULL DEFAULT true`,
  `ALTER TABLE cards ADD COLUMN replaces_id integer REFERENCES cards(id) ON DELETE SET NULL`,
  `ALTER TABLE cards ADD COLUMN superseded_by integer REFERENCES cards(id) ON DELETE SET NULL`,
  // Block texts keyed by MIFARE block ({"4": "…", "53": "…"}): what was written and verified.
  `ALTER TABLE cards ALTER COLUMN blocks SET DEFAULT '{}'::jsonb`,
  `UPDATE cards SET issued_at = created_at WHERE status <> 'pending'`,
  `CREATE UNIQUE INDEX cards_issued_number ON cards(hotel_id, card_number) WHERE status = 'issued'`,
  `CREATE INDEX cards_hotel_type ON cards(hotel_id, type, status)`,
  `CREATE INDEX cards_room ON cards(room_id)`,
  `CREATE INDEX cards_uid ON cards(hotel_id, uid)`,

  `CREATE TABLE card_lock_sync (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    card_id integer NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    room_id integer NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    action text NOT NULL CHECK (action IN ('delete', 'learn')),
    created_at timestamptz NOT NULL DEFAULT now(),
    synced_at timestamptz,
    UNIQUE (card_id, room_id, action)
  )`,
  `CREATE INDEX card_lock_sync_room ON card_lock_sync(room_id) WHERE synced_at IS NULL`,

  `CREATE TABLE card_uid_keys (
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    uid text NOT NULL,
    sectors integer[] NOT NULL DEFAULT '{}',
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (hotel_id, uid)
  )`,

  `ALTER TABLE rooms ADD COLUMN access_control boolean NOT NULL DEFAULT false`,
];

const DOWN: string[] = [
  `ALTER TABLE rooms DROP COLUMN IF EXISTS access_control`,
  `DROP TABLE IF EXISTS card_uid_keys`,
  `DROP TABLE IF EXISTS card_lock_sync`,
  `DROP INDEX IF EXISTS cards_uid`,
  `DROP INDEX IF EXISTS cards_room`,
  `DROP INDEX IF EXISTS cards_hotel_type`,
  `DROP INDEX IF EXISTS cards_issued_number`,
  `ALTER TABLE cards ALTER COLUMN blocks SET DEFAULT '[]'::jsonb`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS superseded_by`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS replaces_id`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS lock_synced`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS deleted_at`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS withdrawn_at`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS issued_at`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS issuer_role`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS key_sectors`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS pending_expires_at`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS room_ids`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS access_controls`,
  `ALTER TABLE cards DROP COLUMN IF EXISTS unsubscribe_old`,
  `ALTER TABLE cards ALTER COLUMN status SET DEFAULT 'issued'`,
  `ALTER TABLE cards DROP CONSTRAINT IF EXISTS cards_status`,
  `DROP TABLE IF EXISTS hotel_cards`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
