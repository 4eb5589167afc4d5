import { type Kysely, sql } from 'kysely';

/**
 * Rooms, prices and stays at hotel scale (10,000 rooms): a numeric-aware sort key for room names, the indexes the
 * room list filters on, and the per-stay switches of the tenant calls (freeze, password limit).
 */
const UP: string[] = [
  // Room names sort the way a hotel reads them: '102' before '1010', 'A-2' before 'a-10'. Digit runs are padded to
  // 12 places and letters lower-cased; the key is stored (generated) so the list pages through an index.
  `CREATE FUNCTION natural_sort_key(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(string_agg(CASE WHEN m[1] IS NOT NULL THEN lpad(m[1], greatest(12, length(m[1])), '0')
                                    ELSE lower(m[2]) END, '' ORDER BY n), '')
    FROM regexp_matches(t, '(\\d+)|(\\D+)', 'g') WITH ORDINALITY AS r(m, n)
  $$`,
  `ALTER TABLE rooms ADD COLUMN name_key text COLLATE "C" GENERATED ALWAYS AS (natural_sort_key(name)) STORED`,
  `CREATE INDEX rooms_hotel_name_key ON rooms(hotel_id, name_key, id)`,
  `CREATE INDEX rooms_hotel_status ON rooms(hotel_id, status, name_key, id)`,
  `CREATE INDEX rooms_hotel_category ON rooms(hotel_id, category_id, name_key, id)`,
  `CREATE INDEX rooms_hotel_updated ON rooms(hotel_id, updated_at)`,
  // A frozen tenant keeps the stay but may not unlock; a limited tenant may not use PIN passwords.
  `ALTER TABLE stays ADD COLUMN frozen boolean NOT NULL DEFAULT false`,
  `ALTER TABLE stays ADD COLUMN password_limited boolean NOT NULL DEFAULT false`,
  `CREATE INDEX stays_room ON stays(room_id, check_in DESC)`,
  `CREATE INDEX user_rooms_user ON user_rooms(user_id)`,
];

const DOWN: string[] = [
  `DROP INDEX IF EXISTS user_rooms_user`,
  `DROP INDEX IF EXISTS stays_room`,
  `ALTER TABLE stays DROP COLUMN IF EXISTS password_limited`,
  `ALTER TABLE stays DROP COLUMN IF EXISTS frozen`,
  `ALTER TABLE rooms DROP COLUMN IF EXISTS name_key`,
  `DROP FUNCTION IF EXISTS natural_sort_key(text)`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
