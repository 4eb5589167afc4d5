/**
 * The demo hotel's money (API.md §15), for `start --demo`: thirty days of past stays in about a third of the rooms
 * (so the occupancy chart has a shape), the room charge and deposit of every stay as orders, the deposits of the
 * finished stays refunded at check-out, two recharges and one withdrawal to the demo bank account. The balance is
 * written as the ledger's sum, so it adds up like a real one.
 */
import type { Insertable } from 'kysely';
import type { Db } from './db/index.js';
import type { OrdersTable } from './db/schema.js';
import { fenText, INCOME_KINDS, stayFen } from './services/orders.js';

const DAY_MS = 24 * 3600 * 1000;

/** The demo bank account for withdrawals. */
export const DEMO_CASH = { holder: '演示酒店有限公司', bank: '中国工商银行', account: '6222020200112233445' };

/** Adds the money of the demo hotel (idempotent: does nothing once the hotel has orders). */
export async function seedDemoMoney(
  db: Db,
  demo: { hotelId: number; users: { super: number; staff: number } },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { hotelId } = demo;
    const existing = await trx
      .selectFrom('orders')
      .select('id')
      .where('hotel_id', '=', hotelId)
      .limit(1)
      .execute();
    if (existing.length > 0) return;
    const day = (offset: number, hour: number) => {
      const date = new Date(now + offset * DAY_MS + 8 * 3600 * 1000).toISOString().slice(0, 10);
      return new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+08:00`);
    };
    const rooms = await trx
      .selectFrom('rooms')
      .select(['id', 'name', 'usual_price', 'deposit', 'status'])
      .where('hotel_id', '=', hotelId)
      .orderBy('id')
      .execute();
    // A deterministic sequence, so every demo install looks the same.
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const past: Insertable<import('./db/schema.js').StaysTable>[] = [];
    for (const room of rooms.filter((_, i) => i % 3 === 0)) {
      let offset = -30 + next(3);
      while (true) {
        const nights = 1 + next(3);
        if (offset + nights > -1) break;
        past.push({
          hotel_id: hotelId,
          room_id: room.id,
          passenger_id: null,
          mobile: `139${String(10_000_000 + past.length * 7919).slice(-8)}`,
          nickname: `Guest ${past.length + 1}`,
          check_in: day(offset, 14),
          check_out: day(offset + nights, 12),
          checked_out_at: day(offset + nights, 11),
          status: 'checked_out',
          kind: 'card',
          price: (stayFen(room.usual_price) * nights) / 100,
          deposit: room.deposit,
          created_by: demo.users.staff,
          created_at: day(offset, 14),
          updated_at: day(offset + nights, 11),
        });
        offset += nights + next(4);
      }
    }
    if (past.length > 0) await trx.insertInto('stays').values(past).execute();

    const stays = await trx
      .selectFrom('stays')
      .select(['id', 'room_id', 'price', 'deposit', 'check_in', 'status', 'checked_out_at', 'created_at'])
      .where('hotel_id', '=', hotelId)
      .orderBy('check_in')
      .execute();
    const orders: Insertable<OrdersTable>[] = [
      {
        hotel_id: hotelId,
        user_id: demo.users.super,
        kind: 'recharge',
        amount_fen: 500_000,
        note: 'Opening float',
        created_at: day(-29, 9),
      },
      {
        hotel_id: hotelId,
        user_id: demo.users.super,
        kind: 'recharge',
        amount_fen: 200_000,
        created_at: day(-12, 10),
      },
    ];
    for (const s of stays) {
      const booked = s.status === 'reserved' ? s.created_at : s.check_in;
      const base = { hotel_id: hotelId, user_id: demo.users.staff, stay_id: s.id, room_id: s.room_id };
      const room = stayFen(s.price);
      const deposit = stayFen(s.deposit);
      if (room > 0) orders.push({ ...base, kind: 'room', amount_fen: room, created_at: booked });
      if (deposit > 0) {
        const back = s.status === 'checked_out' && s.checked_out_at;
        orders.push({
          ...base,
          kind: 'deposit',
          amount_fen: deposit,
          refunded_fen: back ? deposit : 0,
          status: back ? 'refunded' : 'paid',
          created_at: booked,
        });
        if (back) {
          orders.push({ ...base, kind: 'refund', amount_fen: deposit, status: 'done', created_at: back });
        }
      }
    }
    orders.push({
      hotel_id: hotelId,
      user_id: demo.users.super,
      kind: 'withdrawal',
      amount_fen: 300_000,
      bank_holder: DEMO_CASH.holder,
      bank_name: DEMO_CASH.bank,
      bank_account: DEMO_CASH.account,
      status: 'done',
      created_at: day(-5, 16),
    });
    const inserted = [];
    for (let i = 0; i < orders.length; i += 500) {
      inserted.push(
        ...(await trx
          .insertInto('orders')
          .values(orders.slice(i, i + 500))
          .returning(['id', 'kind', 'stay_id'])
          .execute()),
      );
    }
    // A refund names the deposit it pays back.
    const deposits = new Map(inserted.filter((o) => o.kind === 'deposit').map((o) => [o.stay_id, o.id]));
    for (const refund of inserted.filter((o) => o.kind === 'refund')) {
      await trx
        .updateTable('orders')
        .set({ refund_of: deposits.get(refund.stay_id) ?? null })
        .where('id', '=', refund.id)
        .execute();
    }
    const balance = orders.reduce(
      (sum, o) => sum + ((INCOME_KINDS as readonly string[]).includes(o.kind) ? o.amount_fen : -o.amount_fen),
      0,
    );
    await trx
      .updateTable('hotels')
      .set({
        balance_fen: balance,
        cash_holder: DEMO_CASH.holder,
        cash_bank: DEMO_CASH.bank,
        cash_account: DEMO_CASH.account,
        cash_set_at: day(-20, 10),
      })
      .where('id', '=', hotelId)
      .execute();
    if (balance < 0) throw new Error(`demo ledger below zero: ${fenText(balance)}`);
  });
}
