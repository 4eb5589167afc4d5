import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { splitMovedFee } from '../src/domain/pricing.js';
import { describeEachDatabase } from './helpers.js';
import { checkInBody, DAY, expectRefused, HOUR, ok } from './room-helpers.js';

/** An instant in hotel time (Asia/Shanghai, +08:00). */
const at = (local: string) => Date.parse(`${local}+08:00`);

describe('splitMovedFee', () => {
  const start = at('2030-03-04T14:00:00');
  const end = at('2030-03-07T12:00:00'); // 3 nights
  it('gives the old stay the nights before the move date, the new stay the rest', () => {
    expect(splitMovedFee(30_000, start, end, at('2030-03-05T10:00:00'))).toEqual({
      oldFen: 10_000,
      newFen: 20_000,
    });
    expect(splitMovedFee(30_000, start, end, at('2030-03-06T23:59:00'))).toEqual({
      oldFen: 20_000,
      newFen: 10_000,
    });
  });
  it('leaves the old stay nothing for a move on the check-in date or before the stay begins', () => {
    expect(splitMovedFee(30_000, start, end, at('2030-03-04T20:00:00'))).toEqual({
      oldFen: 0,
      newFen: 30_000,
    });
    expect(splitMovedFee(30_000, start, end, start - DAY)).toEqual({ oldFen: 0, newFen: 30_000 });
    // A stay within one date (charged one night) moved the same day.
    expect(splitMovedFee(9_900, start, start + 3 * HOUR, start + HOUR)).toEqual({ oldFen: 0, newFen: 9_900 });
  });
  it('rounds to the fen and always adds up to the fee', () => {
    expect(splitMovedFee(10_000, start, end, at('2030-03-05T09:00:00'))).toEqual({
      oldFen: 3_333,
      newFen: 6_667,
    });
    for (let fee = 0; fee < 2_000; fee += 7)
      for (let day = 0; day < 5; day++) {
        const { oldFen, newFen } = splitMovedFee(fee, start, end, start + day * DAY);
        expect(oldFen + newFen).toBe(fee);
        expect(oldFen).toBeGreaterThanOrEqual(0);
        expect(newFen).toBeGreaterThanOrEqual(0);
      }
  });
});

describeEachDatabase('the money of a moved stay', (t) => {
  let token = '';
  beforeEach(async () => {
    // A fixed Monday morning, so the nights of each case are known.
    t.clock.ms = at('2030-03-04T10:00:00');
    await t.reset();
    token = await t.login(DEMO_ACCOUNTS.super);
  });
  const call = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
    t.call<T>(path, body, { token });
  interface StayAnswer {
    stay_id: number;
    price: number;
    deposit: number;
    end_time: number;
    status: string;
    moved_from_stay_id: number | null;
  }
  /** Every stay of the chain ending at `stayId`, oldest first, as stored. */
  async function chain(stayId: number) {
    const rows: { id: number; price: number; deposit: number; status: string }[] = [];
    let id: number | null = stayId;
    while (id !== null) {
      const row = await t.db
        .selectFrom('stays')
        .select(['id', 'price', 'deposit', 'status', 'moved_from_stay_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      rows.unshift({
        id: row.id,
        price: Number(row.price),
        deposit: Number(row.deposit),
        status: row.status,
      });
      id = row.moved_from_stay_id;
    }
    return rows;
  }
  const total = (rows: { price: number }[]) =>
    Math.round(rows.reduce((sum, r) => sum + r.price * 100, 0)) / 100;
  const move = (from: string, to: string, stayId?: number) =>
    call<StayAnswer>('room/exchangeHouses', {
      room_id: t.ids.rooms[from],
      new_room_id: t.ids.rooms[to],
      ...(stayId === undefined ? {} : { stay_id: stayId }),
    });

  it('splits the fee by the nights spent in each room; the chain adds up to what the guest pays', async () => {
    const room = t.ids.rooms['1106']!;
    ok(await call('room/setRenew', { room_id: t.ids.rooms['1107'], renew: false }));
    t.clock.ms = at('2030-03-04T14:00:00');
    const stay = ok(
      await call<StayAnswer>(
        'room/tenant/update/checkIn',
        checkInBody(room, t.clock.ms, 70, { price: 100, deposit: 50 }),
      ),
    );
    expect(stay).toMatchObject({ price: 300, deposit: 50 });
    // After the first night (Tuesday morning) to 1107.
    t.clock.ms = at('2030-03-05T09:00:00');
    const first = ok(await move('1106', '1107'));
    expect(first).toMatchObject({ price: 200, deposit: 50, moved_from_stay_id: stay.stay_id });
    const old = ok(await call<{ list: StayAnswer[] }>('room/tenant/list', { room_id: room }));
    expect(old.list[0]).toMatchObject({ stay_id: stay.stay_id, status: 'moved', price: 100, deposit: 0 });
    // After the second night (Wednesday evening) to 1110.
    t.clock.ms = at('2030-03-06T19:00:00');
    const second = ok(await move('1107', '1110'));
    expect(second).toMatchObject({ price: 100, deposit: 50 });
    const rows = await chain(second.stay_id);
    expect(rows.map((r) => [r.status, r.price, r.deposit])).toEqual([
      ['moved', 100, 0],
      ['moved', 100, 0],
      ['active', 100, 50],
    ]);
    expect(total(rows)).toBe(300);
    expect(rows.reduce((sum, r) => sum + r.deposit, 0)).toBe(50);
  });

  it('prices a renewal after moves at the agreed rate and keeps the chain summing to the fee', async () => {
    // Thursday to Sunday: 100 usual, 150 on Friday and Saturday nights = 400 over 3 nights (not a round rate).
    for (const name of ['1106', '1107', '1110']) {
      const id = t.ids.rooms[name]!;
      ok(await call('room/setPrice', { room_id: id, price: 100, weekend_price: 150, deposit: 0 }));
      ok(await call('room/setRenew', { room_id: id, renew: false }));
    }
    t.clock.ms = at('2030-03-07T15:00:00');
    const stay = ok(
      await call<StayAnswer>('room/tenant/update/checkIn', checkInBody(t.ids.rooms['1106']!, t.clock.ms, 69)),
    );
    expect(stay.price).toBe(400);
    t.clock.ms = at('2030-03-08T11:00:00');
    const moved = ok(await move('1106', '1107'));
    expect(moved.price).toBe(266.67);
    expect((await chain(moved.stay_id)).map((r) => r.price)).toEqual([133.33, 266.67]);
    const end = moved.end_time + 24 * 3600;
    const quote = ok(
      await call<{ total: number; nights: number }>('room/countRoomPriceNew', {
        room_id: t.ids.rooms['1107'],
        stay_id: moved.stay_id,
        end_time: end,
      }),
    );
    // The stay's own rate: 400 over its 3 nights, not 266.67 over 2 or 400 over 2.
    expect(quote).toMatchObject({ nights: 1, total: 133.33 });
    const renewed = ok(
      await call<StayAnswer & { renewal_fee: number }>('user/setUserExpiration', {
        stay_id: moved.stay_id,
        end_time: end,
      }),
    );
    expect(renewed.renewal_fee).toBe(133.33);
    expect(renewed.price).toBe(400);
    expect(total(await chain(moved.stay_id))).toBe(533.33);
    // Moved again after the renewal: still counted once.
    t.clock.ms = at('2030-03-09T10:00:00');
    const again = ok(await move('1107', '1110'));
    const rows = await chain(again.stay_id);
    expect(rows).toHaveLength(3);
    expect(total(rows)).toBe(533.33);
    const later = ok(
      await call<{ total: number }>('room/countRoomPriceNew', {
        room_id: t.ids.rooms['1110'],
        stay_id: again.stay_id,
        end_time: end + 24 * 3600,
      }),
    );
    expect(later.total).toBe(133.33);
  });

  it('leaves the old stay nothing when the move is on the check-in date or before the stay begins', async () => {
    t.clock.ms = at('2030-03-04T14:00:00');
    const now = ok(
      await call<StayAnswer>(
        'room/tenant/update/checkIn',
        checkInBody(t.ids.rooms['1106']!, t.clock.ms, 46, { price: 120 }),
      ),
    );
    const later = ok(
      await call<StayAnswer>(
        'room/tenant/update/checkIn',
        checkInBody(t.ids.rooms['1105']!, t.clock.ms + 3 * DAY, 22, { price: 90, deposit: 20 }),
      ),
    );
    t.clock.ms = at('2030-03-04T18:00:00');
    const moved = ok(await move('1106', '1107'));
    expect(moved).toMatchObject({ price: 240, moved_from_stay_id: now.stay_id });
    expect((await chain(moved.stay_id)).map((r) => r.price)).toEqual([0, 240]);
    const reservation = ok(await move('1105', '1110', later.stay_id));
    expect(reservation).toMatchObject({ price: 90, deposit: 20, status: 'reserved' });
    expect((await chain(reservation.stay_id)).map((r) => [r.price, r.deposit])).toEqual([
      [0, 0],
      [90, 20],
    ]);
  });

  it('refuses to quote a renewal of a stay that has ended', async () => {
    const room = t.ids.rooms['1106']!;
    t.clock.ms = at('2030-03-04T14:00:00');
    const stay = ok(await call<StayAnswer>('room/tenant/update/checkIn', checkInBody(room, t.clock.ms, 46)));
    t.clock.ms += HOUR;
    const moved = ok(await move('1106', '1107'));
    const endTime = moved.end_time + 24 * 3600;
    // The stay left behind by the move.
    expectRefused(
      await call('room/countRoomPriceNew', { room_id: room, stay_id: stay.stay_id, end_time: endTime }),
      'STAY_CLOSED',
    );
    // A stay checked out.
    ok(await call('room/checkOut', { room_id: t.ids.rooms['1107'] }));
    const refused = await call('room/countRoomPriceNew', {
      room_id: t.ids.rooms['1107'],
      stay_id: moved.stay_id,
      end_time: endTime,
    });
    expectRefused(refused, 'STAY_CLOSED');
    expect(refused.errmsg).toBe('This stay has ended and cannot be renewed');
    // The open stay of a room is still quoted.
    const free = t.ids.rooms['1110']!;
    const open = ok(await call<StayAnswer>('room/tenant/update/checkIn', checkInBody(free, t.clock.ms, 24)));
    ok(
      await call('room/countRoomPriceNew', { room_id: free, stay_id: open.stay_id, end_time: endTime + DAY }),
    );
  });
});
