/**
 * The bill centre (API.md §15): orders, refunds, recharges, withdrawals and the merchant account, with money as
 * integer fen. The ledger must always add up: balance == Σ income orders − Σ outgoing orders, also after concurrent
 * refunds and withdrawals.
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { maskAccount } from '../src/bills/service.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { seedDemoMoney } from '../src/demo-money.js';
import { fenText } from '../src/services/orders.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import { addOtherHotel, checkInBody, DAY, expectRefused, HOUR, OTHER_ADMIN, ok } from './room-helpers.js';

interface Order {
  id: number;
  kind: string;
  amount_fen: number;
  refunded_fen: number;
  refundable_fen: number;
  refund_of: number | null;
  room_id: number | null;
  room_name: string;
  status: string;
  amount: string;
  bank: { account: string } | null;
}
interface Account {
  balance_fen: number;
  balance: string;
  customer_manager_mobile: string;
  service_expires_at: number | null;
  cash: { holder: string; bank: string; account: string } | null;
}
interface OrderList {
  list: Order[];
  total: number;
  totals: { in_fen: number; out_fen: number };
}

describe('fenText and maskAccount', () => {
  it('write fen as exact yuan text and hide all but the last four digits', () => {
    expect(fenText(0)).toBe('0.00');
    expect(fenText(30)).toBe('0.30');
    expect(fenText(123456)).toBe('1234.56');
    expect(fenText(-5)).toBe('-0.05');
    expect(fenText(900_719_925_474_099)).toBe('9007199254740.99');
    expect(maskAccount('6222020200112233445')).toBe('**** **** 3445');
  });
});

/** The ledger's own sum and the stored balance of a hotel. */
async function ledger(t: TestApp, hotelId: number): Promise<{ balance: number; sum: number }> {
  const row = await sql<{ sum: string }>`
    SELECT coalesce(sum(CASE WHEN kind IN ('room', 'deposit', 'recharge') THEN amount_fen ELSE -amount_fen END), 0) AS sum
    FROM orders WHERE hotel_id = ${hotelId}`.execute(t.db);
  const hotel = await t.db
    .selectFrom('hotels')
    .select('balance_fen')
    .where('id', '=', hotelId)
    .executeTakeFirstOrThrow();
  return { balance: Number(hotel.balance_fen), sum: Number(row.rows[0]?.sum ?? 0) };
}

describeEachDatabase('bills', (t) => {
  let token = '';
  beforeEach(async () => {
    t.clock.ms = Date.parse('2030-03-04T10:00:00+08:00');
    await t.reset();
    token = await t.login(DEMO_ACCOUNTS.super);
  });
  const call = <T = Record<string, unknown>>(path: string, body: Record<string, unknown> = {}, as = token) =>
    t.call<T>(path, body, { token: as });
  const room = (name: string) => t.ids.rooms[name] as number;

  /** Checks a guest into a room at a given price and deposit; returns the stay's orders. */
  async function checkIn(name: string, price: string, deposit: string) {
    const body = checkInBody(room(name), t.clock.ms, 24, { price, deposit });
    const stay = ok(await call<{ stay_id: number }>('room/tenant/update/checkIn', body));
    const list = ok(await call<OrderList>('order/orderList', { room_id: room(name) }));
    return { stayId: stay.stay_id, orders: list.list };
  }

  it('writes a room charge and a deposit order at check-in, and the balance takes them in', async () => {
    const before = ok(await call<Account>('order/macMember'));
    expect(before.balance_fen).toBe(0);
    const { orders } = await checkIn('1301', '199.90', '100');
    expect(orders.map((o) => [o.kind, o.amount_fen, o.refundable_fen, o.status]).sort()).toEqual([
      ['deposit', 10_000, 10_000, 'paid'],
      ['room', 19_990, 19_990, 'paid'],
    ]);
    const after = ok(await call<Account>('order/macMember'));
    expect(after.balance_fen).toBe(29_990);
    expect(after.balance).toBe('299.90');
    expect(after.customer_manager_mobile).toBe(DEMO_ACCOUNTS.customerManager);
    expect(after.service_expires_at).toBeGreaterThan(t.clock.ms / 1000);
    expect(await ledger(t, t.ids.hotelId)).toEqual({ balance: 29_990, sum: 29_990 });
  });

  it('adjusts the stay orders when the stay is edited, never below what was refunded', async () => {
    const { stayId, orders } = await checkIn('1302', '300', '0');
    const roomOrder = orders.find((o) => o.kind === 'room') as Order;
    ok(await call('order/refund', { order_id: roomOrder.id, amount_fen: 5_000 }));
    ok(
      await call(
        'room/tenant/update/checkIn',
        checkInBody(room('1302'), t.clock.ms, 24, { stay_id: stayId, price: '20', deposit: '50' }),
      ),
    );
    const list = ok(await call<OrderList>('order/orderList', { room_id: room('1302') }));
    const byKind = Object.fromEntries(list.list.map((o) => [o.kind, o]));
    expect(byKind['room']?.amount_fen).toBe(5_000); // 20 yuan asked, but 50 were already refunded
    expect(byKind['room']?.status).toBe('refunded');
    expect(byKind['deposit']?.amount_fen).toBe(5_000);
    const { balance, sum } = await ledger(t, t.ids.hotelId);
    expect(balance).toBe(sum);
    expect(balance).toBe(5_000 + 5_000 - 5_000);
  });

  it('keeps a moved stay charged once: editing its continuation in the new room adds no orders', async () => {
    const { orders } = await checkIn('1207', '120', '30');
    const moved = ok(
      await call<{ stay_id: number }>('room/exchangeHouses', {
        room_id: room('1207'),
        new_room_id: room('1208'),
      }),
    );
    ok(
      await call(
        'room/tenant/update/checkIn',
        checkInBody(room('1208'), t.clock.ms, 24, { stay_id: moved.stay_id, price: '120', deposit: '30' }),
      ),
    );
    const all = ok(await call<OrderList>('order/orderList', {}));
    expect(all.list.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());
    expect(await ledger(t, t.ids.hotelId)).toEqual({ balance: 15_000, sum: 15_000 });
  });

  it('refunds in parts that add up exactly: 3 × ¥0.10 is 30 fen', async () => {
    const { orders } = await checkIn('1303', '1', '0');
    const order = orders.find((o) => o.kind === 'room') as Order;
    for (let i = 0; i < 3; i++) ok(await call('order/refund', { order_id: order.id, amount_fen: 10 }));
    const list = ok(await call<OrderList>('order/orderList', { kind: 'refund' }));
    expect(list.list.map((o) => o.amount_fen)).toEqual([10, 10, 10]);
    expect(list.list.every((o) => o.refund_of === order.id)).toBe(true);
    expect(list.totals.out_fen).toBe(30);
    const after = ok(await call<OrderList>('order/orderList', { kind: 'room', room_id: room('1303') }));
    expect(after.list[0]).toMatchObject({ refunded_fen: 30, refundable_fen: 70, status: 'partly_refunded' });
    expectRefused(await call('order/refund', { order_id: order.id, amount_fen: 71 }), 'REFUND_TOO_LARGE', {
      max: '0.70',
    });
    ok(await call('order/refund', { order_id: order.id, amount_fen: 70 }));
    const done = ok(await call<OrderList>('order/orderList', { kind: 'room', room_id: room('1303') }));
    expect(done.list[0]).toMatchObject({ refunded_fen: 100, refundable_fen: 0, status: 'refunded' });
    expect(await ledger(t, t.ids.hotelId)).toEqual({ balance: 0, sum: 0 });
  });

  it('refuses a refund above what is refundable, of a kind that is not a charge, or of an unknown order', async () => {
    const { orders } = await checkIn('1304', '100', '0');
    const order = orders.find((o) => o.kind === 'room') as Order;
    ok(await call('order/refund', { order_id: order.id, amount_fen: 4_000 }));
    expectRefused(await call('order/refund', { order_id: order.id, amount_fen: 6_001 }), 'REFUND_TOO_LARGE', {
      max: '60.00',
    });
    const recharge = ok(await call<{ order: Order }>('Order/recharge', { amount_fen: 100 })).order;
    expectRefused(
      await call('order/refund', { order_id: recharge.id, amount_fen: 1 }),
      'ORDER_NOT_REFUNDABLE',
    );
    expectRefused(await call('order/refund', { order_id: 999_999, amount_fen: 1 }), 'NOT_FOUND');
    expectRefused(await call('order/refund', { order_id: order.id, amount_fen: 0 }), 'FIELD_INVALID', {
      field: 'amount_fen',
    });
    expectRefused(await call('order/refund', { order_id: order.id, amount_fen: '1.5' }), 'FIELD_INVALID', {
      field: 'amount_fen',
    });
    // Nothing moved by the refusals.
    expect(await ledger(t, t.ids.hotelId)).toEqual({ balance: 10_000 - 4_000 + 100, sum: 6_100 });
  });

  it('refuses a refund the balance cannot pay', async () => {
    const { orders } = await checkIn('1305', '100', '0');
    ok(
      await call('order/setCashData', {
        holder: 'Li Wei',
        bank: 'Bank of China',
        account: '6217 0000 1111 2222',
      }),
    );
    ok(await call('order/cash', { amount_fen: 9_950 }));
    const order = orders.find((o) => o.kind === 'room') as Order;
    expectRefused(
      await call('order/refund', { order_id: order.id, amount_fen: 51 }),
      'BALANCE_INSUFFICIENT',
      {
        balance: '0.50',
      },
    );
    ok(await call('order/refund', { order_id: order.id, amount_fen: 50 }));
    expect(await ledger(t, t.ids.hotelId)).toEqual({ balance: 0, sum: 0 });
  });

  it('does not over-refund under concurrent refunds of one order', async () => {
    const { orders } = await checkIn('1306', '1', '0');
    const order = orders.find((o) => o.kind === 'room') as Order;
    ok(await call('Order/recharge', { amount_fen: 100_000 }));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('order/refund', { order_id: order.id, amount_fen: 30 })),
    );
    const okCount = answers.filter((a) => a.errno === 0).length;
    expect(okCount).toBe(3); // 3 × 30 fen fit in 100 fen, a fourth would not
    for (const a of answers.filter((x) => x.errno !== 0)) expect(a.code).toBe('REFUND_TOO_LARGE');
    const after = ok(await call<OrderList>('order/orderList', { kind: 'room', room_id: room('1306') }));
    expect(after.list[0]?.refunded_fen).toBe(90);
    const { balance, sum } = await ledger(t, t.ids.hotelId);
    expect(balance).toBe(sum);
    expect(balance).toBe(100 + 100_000 - 90);
  });

  it('keeps the ledger adding up under concurrent recharges, withdrawals and refunds', async () => {
    const { orders } = await checkIn('1307', '50', '50');
    ok(await call('order/setCashData', { holder: '王芳', bank: '招商银行', account: '6225880112345678' }));
    const work = [
      ...Array.from({ length: 6 }, () => call('Order/recharge', { amount_fen: 1_001 })),
      ...Array.from({ length: 6 }, () => call('order/cash', { amount_fen: 2_999 })),
      ...orders.map((o) => call('order/refund', { order_id: o.id, amount_fen: 2_500 })),
      ...orders.map((o) => call('order/refund', { order_id: o.id, amount_fen: 2_500 })),
      ...orders.map((o) => call('order/refund', { order_id: o.id, amount_fen: 2_500 })),
    ];
    const answers = await Promise.all(work);
    for (const a of answers)
      if (a.errno !== 0) expect(['BALANCE_INSUFFICIENT', 'REFUND_TOO_LARGE']).toContain(a.code);
    const { balance, sum } = await ledger(t, t.ids.hotelId);
    expect(balance).toBe(sum);
    expect(balance).toBeGreaterThanOrEqual(0);
    const account = ok(await call<Account>('order/macMember'));
    expect(account.balance_fen).toBe(balance);
    const charges = ok(await call<OrderList>('order/orderList', { room_id: room('1307') }));
    for (const o of charges.list.filter((x) => x.kind !== 'refund')) {
      expect(o.refunded_fen).toBeLessThanOrEqual(o.amount_fen);
    }
  });

  it('withdraws only to a set bank account and never more than the balance', async () => {
    ok(await call('Order/recharge', { amount_fen: 10_000 }));
    expectRefused(await call('order/cash', { amount_fen: 100 }), 'CASH_DATA_REQUIRED');
    expectRefused(
      await call('order/setCashData', { holder: 'Li Wei', bank: 'Bank of China', account: '12345' }),
      'FIELD_INVALID',
      { field: 'account' },
    );
    expectRefused(
      await call('order/setCashData', { holder: '1234', bank: 'Bank of China', account: '6217000011112222' }),
      'FIELD_INVALID',
      { field: 'holder' },
    );
    expectRefused(
      await call('order/setCashData', { holder: 'Li Wei', account: '6217000011112222' }),
      'FIELD_REQUIRED',
      { field: 'bank' },
    );
    const account = ok(
      await call<Account>('order/setCashData', {
        holder: 'Li Wei',
        bank: 'Bank of China',
        account: '6217 0000 1111 2222',
      }),
    );
    expect(account.cash).toMatchObject({
      holder: 'Li Wei',
      bank: 'Bank of China',
      account: '**** **** 2222',
    });
    expectRefused(await call('order/cash', { amount_fen: 10_001 }), 'BALANCE_INSUFFICIENT', {
      balance: '100.00',
    });
    const done = ok(await call<{ order: Order; account: Account }>('order/cash', { amount_fen: 10_000 }));
    expect(done.account.balance_fen).toBe(0);
    expect(done.order.bank?.account).toBe('**** **** 2222');
    // The full account number is never answered.
    const list = ok(await call<OrderList>('order/orderList', { kind: 'withdrawal' }));
    expect(JSON.stringify(list)).not.toContain('6217000011112222');
    expect(JSON.stringify(ok(await call<Account>('order/macMember')))).not.toContain('6217000011112222');
  });

  it('lists orders paged on the server with filters by kind, date, room and keyword, and sorts', async () => {
    await checkIn('1308', '88', '10');
    ok(await call('Order/recharge', { amount_fen: 5, note: 'petty cash' }));
    t.clock.advance(3 * DAY);
    await checkIn('1309', '99', '0');
    const all = ok(await call<OrderList>('order/orderList', { limit: 2, page: 1 }));
    expect(all.total).toBe(4);
    expect(all.list).toHaveLength(2);
    expect(all.list[0]?.room_name).toBe('1309');
    expect(all.totals).toEqual({ in_fen: 8_800 + 1_000 + 5 + 9_900, out_fen: 0 });
    const page2 = ok(await call<OrderList>('order/orderList', { limit: 2, page: 2 }));
    expect(page2.list).toHaveLength(2);
    const earlier = ok(
      await call<OrderList>('order/orderList', { end_time: Math.floor((t.clock.ms - DAY) / 1000) }),
    );
    expect(earlier.total).toBe(3);
    const later = ok(
      await call<OrderList>('order/orderList', { start_time: Math.floor((t.clock.ms - HOUR) / 1000) }),
    );
    expect(later.list.map((o) => o.room_name)).toEqual(['1309']);
    expect(
      ok(await call<OrderList>('order/orderList', { keyword: 'petty' })).list.map((o) => o.kind),
    ).toEqual(['recharge']);
    expect(ok(await call<OrderList>('order/orderList', { keyword: '1308' })).total).toBe(2);
    const byAmount = ok(await call<OrderList>('order/orderList', { sort: 'amount', order: 'asc' }));
    expect(byAmount.list.map((o) => o.amount_fen)).toEqual([5, 1_000, 8_800, 9_900]);
    expectRefused(await call('order/orderList', { kind: 'gift' }), 'FIELD_INVALID', { field: 'kind' });
    expectRefused(
      await call('order/orderList', { start_time: '2030-03-05', end_time: '2030-03-01' }),
      'FIELD_INVALID',
      { field: 'end_time' },
    );
  });

  it('answers revenue and occupancy per hotel day', async () => {
    // 10:00 hotel time, 2030-03-04: a one-night stay of 100 yuan and 20 of deposit; the deposit and 0.30 yuan of
    // the room charge refunded the same day. Deposits are held money: neither in income nor in refunds.
    const { orders } = await checkIn('1310', '100', '20');
    const deposit = orders.find((o) => o.kind === 'deposit') as Order;
    const charge = orders.find((o) => o.kind === 'room') as Order;
    ok(await call('order/refund', { order_id: deposit.id, amount_fen: 2_000 }));
    ok(await call('order/refund', { order_id: charge.id, amount_fen: 30 }));
    const stats = ok(
      await call<{
        days: {
          day: string;
          income_fen: number;
          refund_fen: number;
          revenue_fen: number;
          occupied_rooms: number;
          rooms: number;
          occupancy_permille: number;
        }[];
        totals: { revenue_fen: number };
      }>('order/statistics', { start_date: '2030-03-03', end_date: '2030-03-05' }),
    );
    expect(stats.days.map((d) => d.day)).toEqual(['2030-03-03', '2030-03-04', '2030-03-05']);
    const today = stats.days[1];
    expect(today).toMatchObject({ income_fen: 10_000, refund_fen: 30, revenue_fen: 9_970 });
    expect(stats.days[0]?.income_fen).toBe(0);
    expect(stats.totals.revenue_fen).toBe(9_970);
    // The demo's six guests in plus this one are in over the night of the 4th.
    const rooms = today?.rooms ?? 0;
    expect(rooms).toBe(100);
    expect(today?.occupied_rooms).toBeGreaterThanOrEqual(1);
    expect(today?.occupancy_permille).toBe(Math.round(((today?.occupied_rooms ?? 0) * 1000) / rooms));
    expectRefused(
      await call('order/statistics', { start_date: '2030-03-05', end_date: '2030-03-01' }),
      'FIELD_INVALID',
      { field: 'end_date' },
    );
    expectRefused(
      await call('order/statistics', { start_date: '2030-02-30', end_date: '2030-03-01' }),
      'FIELD_INVALID',
      { field: 'start_date' },
    );
    expectRefused(
      await call('order/statistics', { start_date: '2028-01-01', end_date: '2030-03-01' }),
      'FIELD_INVALID',
      { field: 'end_date' },
    );
  });

  describe('permissions', () => {
    const reads: [string, Record<string, unknown>][] = [
      ['order/orderList', {}],
      ['order/macMember', {}],
      ['order/statistics', { start_date: '2030-03-01', end_date: '2030-03-04' }],
    ];
    const moves: [string, Record<string, unknown>][] = [
      ['Order/recharge', { amount_fen: 100 }],
      ['order/cash', { amount_fen: 100 }],
      ['order/setCashData', { holder: 'Li Wei', bank: 'Bank of China', account: '6217000011112222' }],
      ['order/refund', { order_id: 1, amount_fen: 1 }],
    ];

    it('lets the super administrator read and move money; refuses secondary, staff and the customer manager', async () => {
      for (const [path, body] of reads) ok(await call(path, body));
      for (const mobile of [DEMO_ACCOUNTS.secondary, DEMO_ACCOUNTS.staff, DEMO_ACCOUNTS.customerManager]) {
        const other = await t.login(mobile);
        for (const [path, body] of [...reads, ...moves]) {
          expectRefused(await call(path, body, other), 'PERMISSION_DENIED');
        }
      }
    });

    it('lets a secondary administrator granted bill.view read but not move money', async () => {
      await t.db
        .updateTable('users')
        .set({ authorities: JSON.stringify(['bill.view']) })
        .where('id', '=', t.ids.users.secondary)
        .execute();
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      for (const [path, body] of reads) ok(await call(path, body, secondary));
      for (const [path, body] of moves) expectRefused(await call(path, body, secondary), 'PERMISSION_DENIED');
    });

    it("keeps each hotel's money to itself: another hotel's admin sees none of it and cannot refund it", async () => {
      const { orders } = await checkIn('1401', '100', '0');
      await addOtherHotel(t.db, t.clock.ms);
      const other = await t.login(OTHER_ADMIN);
      const list = ok(await call<OrderList>('order/orderList', {}, other));
      expect(list.total).toBe(0);
      expect(ok(await call<Account>('order/macMember', {}, other)).balance_fen).toBe(0);
      ok(await call('Order/recharge', { amount_fen: 500 }, other));
      expectRefused(
        await call('order/refund', { order_id: (orders[0] as Order).id, amount_fen: 1 }, other),
        'NOT_FOUND',
      );
      expect((await ledger(t, t.ids.hotelId)).balance).toBe(10_000);
    });
  });

  it('seeds demo money whose balance is the ledger sum', async () => {
    await seedDemoMoney(t.db, t.ids, t.clock.ms);
    const { balance, sum } = await ledger(t, t.ids.hotelId);
    expect(balance).toBe(sum);
    expect(balance).toBeGreaterThan(0);
    const stats = ok(
      await call<{ days: { occupied_rooms: number }[] }>('order/statistics', {
        start_date: '2030-02-03',
        end_date: '2030-03-03',
      }),
    );
    expect(stats.days.filter((d) => d.occupied_rooms > 0).length).toBeGreaterThan(20);
    const account = ok(await call<Account>('order/macMember'));
    expect(account.cash?.account).toBe('**** **** 3445');
  });
});
