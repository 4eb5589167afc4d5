import { type Kysely, sql } from 'kysely';

/**
 * Card dispensers, M1 and CPU cards (API.md §9):
 * - `card_dispensers` (001) gets its rules: a type '1'…'4', a 12-character address, at most one reader bound to an
 *   account (what `cardDispenser/getUserBind` answers); the account's chosen dispenser type is `users.dispenser_type`
 *   (001);
 * - `m1_cards`: a MIFARE card registered by its UID on a room's lock, delivered by Bluetooth: 'pending' until the
 *   lock (or the app that syncs it) reports 'delivered' or 'failed'; deleting a delivered card is 'deleting' until
 *   the lock confirms, then 'deleted'. One live registration per lock and UID;
 * - `cpu_cards`: a CPU card by serial, for a stay, a room or the hotel; 'pending' until it is sent to a CPU
 *   dispenser ('sending'), then 'delivered' or 'failed' as the console reports; one live card per serial in a hotel.
 * Every new row belongs to a hotel (ON DELETE CASCADE), so emptying the hotels empties these tables too.
 */
const UP: string[] = [
  `ALTER TABLE card_dispensers ADD CONSTRAINT card_dispensers_type CHECK (type IN ('1', '2', '3', '4'))`,
  `ALTER TABLE card_dispensers ADD CONSTRAINT card_dispensers_mac CHECK (mac_id ~ '^[0-9A-F]{12}$')`,
  `CREATE UNIQUE INDEX card_dispensers_bound_user ON card_dispensers(bound_user_id) WHERE bound_user_id IS NOT NULL`,
  `CREATE INDEX card_dispensers_hotel ON card_dispensers(hotel_id)`,

  `CREATE TABLE m1_cards (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    room_id integer NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    uid text NOT NULL CHECK (uid ~ '^[0-9A-F]{8}([0-9A-F]{6})?$'),
    note text NOT NULL DEFAULT '',
    end_time timestamptz NOT NULL,
    status text NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'delivered', 'failed', 'deleting', 'deleted')),
    delivered_at timestamptz,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX m1_cards_live ON m1_cards(room_id, uid) WHERE status <> 'deleted'`,
  `CREATE INDEX m1_cards_hotel_uid ON m1_cards(hotel_id, uid)`,

  `CREATE TABLE cpu_cards (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    room_id integer REFERENCES rooms(id) ON DELETE CASCADE,
    stay_id integer REFERENCES stays(id) ON DELETE SET NULL,
    serial text NOT NULL CHECK (serial ~ '^[0-9A-F]{8,20}$'),
    note text NOT NULL DEFAULT '',
    end_time timestamptz NOT NULL,
    status text NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'sending', 'delivered', 'failed', 'deleted')),
    dispenser_id integer REFERENCES card_dispensers(id) ON DELETE SET NULL,
    sent_at timestamptz,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX cpu_cards_live ON cpu_cards(hotel_id, serial) WHERE status <> 'deleted'`,
  `CREATE INDEX cpu_cards_room ON cpu_cards(hotel_id, room_id)`,
];

const DOWN: string[] = [
  `DROP TABLE IF EXISTS cpu_cards`,
  `DROP TABLE IF EXISTS m1_cards`,
  `DROP INDEX IF EXISTS card_dispensers_hotel`,
  `DROP INDEX IF EXISTS card_dispensers_bound_user`,
  `ALTER TABLE card_dispensers DROP CONSTRAINT IF EXISTS card_dispensers_mac`,
  `ALTER TABLE card_dispensers DROP CONSTRAINT IF EXISTS card_dispensers_type`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
