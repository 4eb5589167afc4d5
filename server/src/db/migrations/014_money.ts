import { type Kysely, sql } from 'kysely';

/**
 * Money in fen (issue 11, API.md §15). Orders and the merchant balance become integer fen (bigint), so every sum
 * is exact; the console and the API speak fen and show yuan.
 * - The balance moves from `users.balance` to the hotel (`hotels.balance_fen`): it is the merchant's money, shared
 *   by the hotel's administrators, not one account's. What accounts held is carried over as an opening 'recharge'
 *   order of the hotel, so the ledger adds up from the first day: balance = Σ income orders − Σ outgoing orders.
 * - Orders gain what refunds and withdrawals need: `refunded_fen` (what was already paid back of a room charge or
 *   deposit; the CHECK keeps it within the amount), `refund_of` (the order a refund refers to), `room_id` (the
 *   room of a stay's order, kept for the bill centre's room filter) and the bank data a withdrawal was paid to.
 * - The bank account for withdrawals (order/setCashData) sits beside the balance on the hotel.
 * - One room charge and one deposit order per stay (the partial unique index): check-in writes them once and an
 *   edit of the stay adjusts them.
 */
const UP: string[] = [
  `ALTER TABLE hotels ADD COLUMN balance_fen bigint NOT NULL DEFAULT 0`,
  `ALTER TABLE hotels ADD CONSTRAINT hotels_balance_not_negative CHECK (balance_fen >= 0)`,
  `ALTER TABLE hotels ADD COLUMN cash_holder text`,
  `ALTER TABLE hotels ADD COLUMN cash_bank text`,
  `ALTER TABLE hotels ADD COLUMN cash_account text`,
  `ALTER TABLE hotels ADD COLUMN cash_set_at timestamptz`,
  `UPDATE hotels h SET balance_fen = GREATEST(0, COALESCE(
     (SELECT round(sum(u.balance) * 100)::bigint FROM users u WHERE u.hotel_id = h.id), 0))`,

  `ALTER TABLE orders ADD COLUMN amount_fen bigint NOT NULL DEFAULT 0`,
  `UPDATE orders SET amount_fen = round(abs(amount) * 100)::bigint`,
  `ALTER TABLE orders DROP COLUMN amount`,
  `ALTER TABLE orders ADD COLUMN refunded_fen bigint NOT NULL DEFAULT 0`,
  `ALTER TABLE orders ADD CONSTRAINT orders_amounts CHECK (amount_fen >= 0 AND refunded_fen >= 0 AND refunded_fen <= amount_fen)`,
  `ALTER TABLE orders ADD COLUMN refund_of integer REFERENCES orders(id) ON DELETE CASCADE`,
  `ALTER TABLE orders ADD COLUMN room_id integer REFERENCES rooms(id) ON DELETE SET NULL`,
  `ALTER TABLE orders ADD COLUMN bank_holder text`,
  `ALTER TABLE orders ADD COLUMN bank_name text`,
  `ALTER TABLE orders ADD COLUMN bank_account text`,
  `UPDATE orders o SET room_id = s.room_id FROM stays s WHERE s.id = o.stay_id`,
  `UPDATE orders SET kind = 'room' WHERE kind NOT IN ('room', 'deposit', 'recharge', 'refund', 'withdrawal')`,
  `ALTER TABLE orders ADD CONSTRAINT orders_kind CHECK (kind IN ('room', 'deposit', 'recharge', 'refund', 'withdrawal'))`,
  `CREATE INDEX orders_hotel_created ON orders(hotel_id, created_at DESC, id DESC)`,
  `CREATE INDEX orders_refund_of ON orders(refund_of) WHERE refund_of IS NOT NULL`,
  `CREATE UNIQUE INDEX orders_stay_charge ON orders(stay_id, kind) WHERE stay_id IS NOT NULL AND kind IN ('room', 'deposit')`,

  // The accounts' old balances, as the opening order of each hotel that had one.
  `INSERT INTO orders (hotel_id, kind, amount_fen, status, note)
     SELECT id, 'recharge', balance_fen, 'paid', 'Opening balance' FROM hotels WHERE balance_fen > 0`,
  `ALTER TABLE users DROP COLUMN balance`,
];

const DOWN: string[] = [
  `ALTER TABLE users ADD COLUMN balance numeric(12,2) NOT NULL DEFAULT 0`,
  `DROP INDEX IF EXISTS orders_stay_charge`,
  `DROP INDEX IF EXISTS orders_refund_of`,
  `DROP INDEX IF EXISTS orders_hotel_created`,
  `ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_kind`,
  `ALTER TABLE orders ADD COLUMN amount numeric(12,2) NOT NULL DEFAULT 0`,
  `UPDATE orders SET amount = amount_fen / 100.0`,
  `ALTER TABLE orders DROP COLUMN bank_account, DROP COLUMN bank_name, DROP COLUMN bank_holder,
     DROP COLUMN room_id, DROP COLUMN refund_of, DROP COLUMN refunded_fen, DROP COLUMN amount_fen`,
  `ALTER TABLE hotels DROP COLUMN cash_set_at, DROP COLUMN cash_account, DROP COLUMN cash_bank,
     DROP COLUMN cash_holder, DROP COLUMN balance_fen`,
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
