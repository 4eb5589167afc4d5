/**
 * The merchant ledger (API.md §15): every change of a hotel's balance comes with its order row, in the caller's
 * transaction, so balance_fen == Σ income orders (room, deposit, recharge) − Σ outgoing orders (refund, withdrawal)
 * always holds. Amounts are integer fen. Outgoing money goes through a conditional update (`balance_fen >= x`),
 * so concurrent refunds and withdrawals can never take the balance below zero, on PGlite or PostgreSQL.
 */
import { sql, type Transaction } from 'kysely';
import type { Database, Stay } from '../db/schema.js';
import { parseYuan } from '../domain/money.js';
import { failure } from '../errors.js';

type Trx = Transaction<Database>;

/** Order kinds that bring money in; the others take it out. */
export const INCOME_KINDS = ['room', 'deposit', 'recharge'] as const;
// The kinds are the order contracts' (protocol/src/calls/orders.ts).
export { ORDER_KINDS, type OrderKind } from '@lockdesk/protocol';
/** The orders of a stay that can be refunded. */
export const REFUNDABLE_KINDS = ['room', 'deposit'] as const;

/** Fen as a yuan text with two decimals (1234 → '12.34'), exact for any safe integer. */
export function fenText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Adds money to the hotel's balance. */
export async function credit(trx: Trx, hotelId: number, fen: number): Promise<void> {
  await trx
    .updateTable('hotels')
    .set({ balance_fen: sql`balance_fen + ${fen}` })
    .where('id', '=', hotelId)
    .execute();
}

/** Takes money from the hotel's balance, or BALANCE_INSUFFICIENT when it holds less. */
export async function debit(trx: Trx, hotelId: number, fen: number): Promise<void> {
  const done = await trx
    .updateTable('hotels')
    .set({ balance_fen: sql`balance_fen - ${fen}` })
    .where('id', '=', hotelId)
    .where('balance_fen', '>=', fen)
    .returning('balance_fen')
    .executeTakeFirst();
  if (done) return;
  const hotel = await trx
    .selectFrom('hotels')
    .select('balance_fen')
    .where('id', '=', hotelId)
    .executeTakeFirst();
  throw failure('BALANCE_INSUFFICIENT', { balance: fenText(Number(hotel?.balance_fen ?? 0)) });
}

/**
 * Writes (or, when a stay is edited, adjusts) the stay's room charge and deposit orders, and moves the balance by
 * the difference. An adjusted order never drops below what was already refunded of it. Called by check-in inside
 * its transaction.
 */
export async function chargeStay(
  trx: Trx,
  o: { stay: Stay; roomFeeFen: number; depositFen: number; userId: number; now: Date },
): Promise<void> {
  const wanted: Record<'room' | 'deposit', number> = { room: o.roomFeeFen, deposit: o.depositFen };
  const existing = await trx
    .selectFrom('orders')
    .selectAll()
    .where('stay_id', '=', o.stay.id)
    .where('kind', 'in', REFUNDABLE_KINDS)
    .forUpdate()
    .execute();
  // A stay continued in another room (room/exchangeHouses) was charged as the stay it continues: its orders stay
  // there, and editing the continuation does not charge the guest a second time.
  if (existing.length === 0 && o.stay.moved_from_stay_id !== null) return;
  for (const kind of REFUNDABLE_KINDS) {
    const fen = Math.max(0, Math.round(wanted[kind]));
    const order = existing.find((e) => e.kind === kind);
    if (!order) {
      if (fen === 0) continue;
      await trx
        .insertInto('orders')
        .values({
          hotel_id: o.stay.hotel_id,
          user_id: o.userId,
          stay_id: o.stay.id,
          room_id: o.stay.room_id,
          kind,
          amount_fen: fen,
          created_at: o.now,
        })
        .execute();
      await credit(trx, o.stay.hotel_id, fen);
      continue;
    }
    const amount = Math.max(fen, Number(order.refunded_fen));
    const delta = amount - Number(order.amount_fen);
    if (delta === 0) continue;
    await trx
      .updateTable('orders')
      .set({ amount_fen: amount, status: orderStatus(kind, amount, Number(order.refunded_fen)) })
      .where('id', '=', order.id)
      .execute();
    if (delta > 0) await credit(trx, o.stay.hotel_id, delta);
    else await debit(trx, o.stay.hotel_id, -delta);
  }
}

/** The status of an order from its amounts: a stay's charge is 'paid', 'partly_refunded' or 'refunded'. */
export function orderStatus(kind: string, amountFen: number, refundedFen: number): string {
  if (kind === 'room' || kind === 'deposit') {
    if (refundedFen === 0) return 'paid';
    return refundedFen >= amountFen ? 'refunded' : 'partly_refunded';
  }
  return kind === 'recharge' ? 'paid' : 'done';
}

/** A stay's price or deposit (yuan numeric) in fen. */
export const stayFen = (yuan: number | string): number => parseYuan(yuan) ?? 0;
