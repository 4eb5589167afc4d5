import { type Kysely, sql } from 'kysely';

/**
 * Broker credentials (issue 19 §2, services/broker-credentials.ts): who may connect to the MQTT broker and which
 * device topics each may use. The password is shown once and stored as its SHA-256 (32 random bytes: a fast hash is
 * enough for a secret that cannot be guessed).
 * - kind 'console': issued to a signed-in operator (`broker/credential`), tied to the session: it dies with it
 *   (ON DELETE CASCADE; a revoked or expired session is checked at every use) and at `expires_at` unless renewed.
 * - kind 'gateway': one per card reader (`dispenser/brokerCredential`), no expiry; rotating replaces the row's
 *   secret, removing the reader removes it.
 * `mirrored_at`: when the credential was created in the broker's dynamic-security plugin (services/broker-mirror.ts),
 * null when no broker is managed. Rows of dead credentials are deleted by the sweeper once the broker forgot them.
 */
const UP: string[] = [
  `CREATE TABLE broker_credentials (
    id serial PRIMARY KEY,
    username text NOT NULL UNIQUE,
    secret_hash text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('console', 'gateway')),
    hotel_id integer NOT NULL REFERENCES hotels(id) ON DELETE CASCADE,
    session_id integer REFERENCES sessions(id) ON DELETE CASCADE,
    dispenser_id integer REFERENCES card_dispensers(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    expires_at timestamptz,
    mirrored_at timestamptz,
    CHECK ((kind = 'console') = (session_id IS NOT NULL AND expires_at IS NOT NULL)),
    CHECK ((kind = 'gateway') = (dispenser_id IS NOT NULL))
  )`,
  `CREATE INDEX broker_credentials_session ON broker_credentials(session_id)`,
  `CREATE UNIQUE INDEX broker_credentials_dispenser ON broker_credentials(dispenser_id)`,
  `CREATE INDEX broker_credentials_expires ON broker_credentials(expires_at)`,
];

const DOWN: string[] = [`DROP TABLE IF EXISTS broker_credentials`];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
