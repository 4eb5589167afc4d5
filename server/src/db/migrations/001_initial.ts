import { type Kysely, sql } from 'kysely';

/**
 * The whole data model (see schema.ts for what each column means). Statements run one by one because PGlite's
 * extended-protocol query takes a single statement.
 */
const UP: string[] = [
  // Needed for the stays exclusion constraint (room = room AND period && period). Trusted on PostgreSQL ≥ 13;
  // PGlite loads it as an extension bundle (db/index.ts).
  `CREATE EXTENSION IF NOT EXISTS btree_gist`,

  `CREATE TABLE hotels (
    id serial PRIMARY KEY,
    name text NOT NULL DEFAULT '',
    address text NOT NULL DEFAULT '',
    telephone text NOT NULL DEFAULT '',
    latitude numeric(10,6),
    longitude numeric(10,6),
    breakfast_enabled boolean NOT NULL DEFAULT false,
    breakfast_start text,
    breakfast_end text,
    breakfast_price numeric(12,2) NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE hotel_breakfasts (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    name text NOT NULL,
    count integer NOT NULL DEFAULT 0 CHECK (count >= 0),
    price numeric(12,2) NOT NULL DEFAULT 0,
    sort integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX hotel_breakfasts_hotel ON hotel_breakfasts(hotel_id)`,

  `CREATE TABLE users (
    id serial PRIMARY KEY,
    mobile text,
    email text,
    password_hash text NOT NULL,
    role text NOT NULL CHECK (role IN ('super','secondary','staff','customer_manager')),
    hotel_id integer REFERENCES hotels(id) ON DELETE SET NULL,
    parent_id integer REFERENCES users(id) ON DELETE SET NULL,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    service_expires_at timestamptz,
    frozen boolean NOT NULL DEFAULT false,
    valid_until timestamptz,
    nickname text NOT NULL DEFAULT '',
    name text NOT NULL DEFAULT '',
    avatar text NOT NULL DEFAULT '',
    gender integer NOT NULL DEFAULT 0,
    nationality text NOT NULL DEFAULT '',
    birth_date text,
    id_number text NOT NULL DEFAULT '',
    balance numeric(12,2) NOT NULL DEFAULT 0,
    authorities jsonb NOT NULL DEFAULT '[]'::jsonb,
    dispenser_type text,
    password_changed_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX users_mobile ON users(mobile) WHERE mobile IS NOT NULL`,
  `CREATE UNIQUE INDEX users_email ON users(email) WHERE email IS NOT NULL`,
  `CREATE INDEX users_hotel ON users(hotel_id)`,

  `CREATE TABLE sessions (
    id serial PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_uuid text,
    user_agent text,
    ip text,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    revoke_reason text
  )`,
  `CREATE INDEX sessions_user ON sessions(user_id)`,

  `CREATE TABLE login_attempts (
    id serial PRIMARY KEY,
    account text NOT NULL,
    client_uuid text,
    ip text,
    success boolean NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX login_attempts_account ON login_attempts(account, created_at)`,
  `CREATE INDEX login_attempts_client ON login_attempts(client_uuid, created_at)`,

  `CREATE TABLE captchas (
    id text PRIMARY KEY,
    client_uuid text,
    code text NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX captchas_client ON captchas(client_uuid, created_at)`,

  `CREATE TABLE sms_codes (
    id serial PRIMARY KEY,
    mobile text NOT NULL,
    purpose text NOT NULL,
    code text NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX sms_codes_mobile ON sms_codes(mobile, created_at)`,

  `CREATE TABLE sms_outbox (
    id serial PRIMARY KEY,
    mobile text NOT NULL,
    text text NOT NULL,
    provider text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE room_categories (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    parent_id integer REFERENCES room_categories(id) ON DELETE CASCADE,
    kind text NOT NULL DEFAULT 'group' CHECK (kind IN ('group','hotel')),
    name text NOT NULL,
    sort integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX room_categories_hotel ON room_categories(hotel_id, kind)`,

  `CREATE TABLE price_templates (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    name text NOT NULL,
    deposit numeric(12,2) NOT NULL DEFAULT 0,
    usual_price numeric(12,2) NOT NULL DEFAULT 0,
    weekend_price numeric(12,2) NOT NULL DEFAULT 0,
    date_prices jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE rooms (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    category_id integer REFERENCES room_categories(id) ON DELETE SET NULL,
    name text NOT NULL,
    status integer NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 4),
    mac_id text CHECK (mac_id ~ '^[0-9A-F]{12}$'),
    lock_id text,
    building integer,
    floor integer,
    remark text NOT NULL DEFAULT '',
    notice text NOT NULL DEFAULT '',
    picture text NOT NULL DEFAULT '',
    description text NOT NULL DEFAULT '',
    bluetooth_name text NOT NULL DEFAULT '',
    battery integer,
    lock_version text,
    deposit numeric(12,2) NOT NULL DEFAULT 0,
    usual_price numeric(12,2) NOT NULL DEFAULT 0,
    weekend_price numeric(12,2) NOT NULL DEFAULT 0,
    renew boolean NOT NULL DEFAULT false,
    price_template_id integer REFERENCES price_templates(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX rooms_mac ON rooms(mac_id) WHERE mac_id IS NOT NULL`,
  `CREATE INDEX rooms_hotel ON rooms(hotel_id, name)`,
  `CREATE INDEX rooms_category ON rooms(category_id)`,

  `CREATE TABLE room_date_prices (
    id serial PRIMARY KEY,
    room_id integer NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    day text NOT NULL CHECK (day ~ '^\\d{4}-\\d{2}-\\d{2}$'),
    price numeric(12,2) NOT NULL,
    UNIQUE (room_id, day)
  )`,

  `CREATE TABLE passengers (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    mobile text NOT NULL DEFAULT '',
    nickname text NOT NULL DEFAULT '',
    name text NOT NULL DEFAULT '',
    id_number text NOT NULL DEFAULT '',
    gender integer NOT NULL DEFAULT 0,
    nationality text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX passengers_hotel_mobile ON passengers(hotel_id, mobile)`,

  `CREATE TABLE stays (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    room_id integer NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    passenger_id integer REFERENCES passengers(id) ON DELETE SET NULL,
    mobile text NOT NULL DEFAULT '',
    nickname text NOT NULL DEFAULT '',
    id_number text NOT NULL DEFAULT '',
    check_in timestamptz NOT NULL,
    check_out timestamptz NOT NULL,
    checked_out_at timestamptz,
    other_information text NOT NULL DEFAULT '',
    breakfast integer NOT NULL DEFAULT 0,
    unlock_by_id_card boolean NOT NULL DEFAULT false,
    disable_old_cards boolean NOT NULL DEFAULT false,
    status text NOT NULL DEFAULT 'active'
      CHECK (status IN ('reserved','active','checked_out','moved','cancelled')),
    kind text NOT NULL DEFAULT 'card',
    price numeric(12,2) NOT NULL DEFAULT 0,
    deposit numeric(12,2) NOT NULL DEFAULT 0,
    moved_from_stay_id integer REFERENCES stays(id) ON DELETE SET NULL,
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (check_out > check_in),
    -- Two stays that hold the room may not overlap: the database, not the route, is the last word, so
    -- parallel check-ins cannot both win.
    CONSTRAINT stays_no_overlap EXCLUDE USING gist (
      room_id WITH =,
      tstzrange(check_in, check_out, '[)') WITH &&
    ) WHERE (status IN ('reserved','active'))
  )`,
  // Whatever the periods, a room has at most one guest checked in at a time.
  `CREATE UNIQUE INDEX stays_one_active_per_room ON stays(room_id) WHERE status = 'active'`,
  `CREATE INDEX stays_hotel_status ON stays(hotel_id, status)`,
  `CREATE INDEX stays_mobile ON stays(hotel_id, mobile)`,

  `CREATE TABLE stay_guests (
    id serial PRIMARY KEY,
    stay_id integer NOT NULL REFERENCES stays(id) ON DELETE CASCADE,
    passenger_id integer REFERENCES passengers(id) ON DELETE SET NULL,
    position integer NOT NULL,
    mobile text NOT NULL DEFAULT '',
    nickname text NOT NULL DEFAULT '',
    id_number text NOT NULL DEFAULT '',
    UNIQUE (stay_id, position)
  )`,

  `CREATE TABLE user_rooms (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    room_id integer NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    granted_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, room_id)
  )`,
  `CREATE INDEX user_rooms_room ON user_rooms(room_id)`,

  `CREATE TABLE operation_log (
    id serial PRIMARY KEY,
    hotel_id integer REFERENCES hotels(id) ON DELETE CASCADE,
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    path text NOT NULL,
    summary text NOT NULL,
    errno integer NOT NULL DEFAULT 0,
    code text,
    ip text,
    client_uuid text,
    user_agent text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX operation_log_hotel ON operation_log(hotel_id, created_at DESC)`,

  // ---- wave 2 ----
  `CREATE TABLE cards (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    stay_id integer REFERENCES stays(id) ON DELETE SET NULL,
    room_id integer REFERENCES rooms(id) ON DELETE SET NULL,
    card_number text NOT NULL,
    type integer NOT NULL CHECK (type BETWEEN 1 AND 6),
    note text NOT NULL DEFAULT '',
    building integer,
    floor integer,
    mac_id text,
    start_time timestamptz,
    end_time timestamptz,
    sequence integer NOT NULL DEFAULT 0,
    status text NOT NULL DEFAULT 'issued',
    uid text,
    key text,
    encrypted boolean NOT NULL DEFAULT false,
    blocks jsonb NOT NULL DEFAULT '[]'::jsonb,
    issued_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX cards_hotel_number ON cards(hotel_id, card_number)`,
  `CREATE INDEX cards_stay ON cards(stay_id)`,

  `CREATE TABLE lock_passwords (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    room_id integer NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    stay_id integer REFERENCES stays(id) ON DELETE SET NULL,
    kind text NOT NULL,
    password text NOT NULL,
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL,
    single_use boolean NOT NULL DEFAULT false,
    status text NOT NULL DEFAULT 'active',
    created_by integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE faces (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    stay_id integer REFERENCES stays(id) ON DELETE SET NULL,
    room_id integer REFERENCES rooms(id) ON DELETE SET NULL,
    face_id text NOT NULL,
    note text NOT NULL DEFAULT '',
    image text NOT NULL,
    status text NOT NULL DEFAULT 'active',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE fingerprints (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    stay_id integer REFERENCES stays(id) ON DELETE SET NULL,
    room_id integer REFERENCES rooms(id) ON DELETE SET NULL,
    finger_id text NOT NULL,
    note text NOT NULL DEFAULT '',
    data text NOT NULL,
    status text NOT NULL DEFAULT 'active',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE unlock_records (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    room_id integer REFERENCES rooms(id) ON DELETE SET NULL,
    mac_id text,
    type text NOT NULL,
    content text NOT NULL DEFAULT '',
    source text NOT NULL DEFAULT '',
    operator text NOT NULL DEFAULT '',
    stay_id integer REFERENCES stays(id) ON DELETE SET NULL,
    happened_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX unlock_records_room ON unlock_records(room_id, happened_at DESC)`,

  `CREATE TABLE firmwares (
    id serial PRIMARY KEY,
    name text NOT NULL,
    version text NOT NULL,
    url text NOT NULL,
    note text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE card_dispensers (
    id serial PRIMARY KEY,
    hotel_id integer REFERENCES hotels(id) ON DELETE CASCADE,
    mac_id text NOT NULL UNIQUE,
    name text NOT NULL DEFAULT '',
    type text NOT NULL DEFAULT '1',
    bound_user_id integer REFERENCES users(id) ON DELETE SET NULL,
    status text NOT NULL DEFAULT 'offline',
    last_seen_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE orders (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    stay_id integer REFERENCES stays(id) ON DELETE SET NULL,
    kind text NOT NULL,
    amount numeric(12,2) NOT NULL DEFAULT 0,
    status text NOT NULL DEFAULT 'paid',
    note text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE messages (
    id serial PRIMARY KEY,
    hotel_id integer REFERENCES hotels(id) ON DELETE CASCADE,
    user_id integer REFERENCES users(id) ON DELETE CASCADE,
    title text NOT NULL,
    content text NOT NULL DEFAULT '',
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE api_keys (
    id serial PRIMARY KEY,
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name text NOT NULL DEFAULT '',
    key_prefix text NOT NULL,
    key_hash text NOT NULL UNIQUE,
    revoked_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

/** Tables in drop order (children first). */
export const ALL_TABLES = [
  'api_keys',
  'messages',
  'orders',
  'card_dispensers',
  'firmwares',
  'unlock_records',
  'fingerprints',
  'faces',
  'lock_passwords',
  'cards',
  'operation_log',
  'user_rooms',
  'stay_guests',
  'stays',
  'passengers',
  'room_date_prices',
  'rooms',
  'price_templates',
  'room_categories',
  'sms_outbox',
  'sms_codes',
  'captchas',
  'login_attempts',
  'sessions',
  'users',
  'hotel_breakfasts',
  'hotels',
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ALL_TABLES) await sql.raw(`DROP TABLE IF EXISTS ${table} CASCADE`).execute(db);
}
