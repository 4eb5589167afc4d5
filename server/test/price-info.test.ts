/**
 * room/priceInfo (a room's prices, read only) and the catalogue `code` every refusal carries beside `errmsg`.
 * The role matrix and bad input of room/priceInfo are rows of permissions.test.ts and bad-input-cases.ts.
 */
import { roleAllows } from '@lockdesk/protocol';
import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, expectRefused, ok } from './room-helpers.js';

interface PriceInfo {
  room_id: number;
  deposit: number;
  price: number;
  weekend_price: number;
  date_prices: { day: string; price: number }[];
  renew: boolean;
  price_template_id: number | null;
}

describeEachDatabase('room/priceInfo', (t) => {
  beforeEach(() => t.reset());

  it('answers what room/setPrice answered, every specific-date price included', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const room = t.ids.rooms['1106']!;
    const set = ok(
      await t.call<PriceInfo>(
        'room/setPrice',
        {
          room_id: room,
          price: 198.5,
          weekend_price: 238,
          deposit: 100,
          // Past and far-future days: outside any stay quote a console could ask for.
          date_prices: [
            { day: '2045-02-01', price: 500 },
            { day: '2020-10-01', price: 388 },
          ],
        },
        { token },
      ),
    );
    ok(await t.call('room/setRenew', { room_id: room, renew: true }, { token }));
    const info = ok(await t.call<PriceInfo>('room/priceInfo', { room_id: room }, { token }));
    expect(info).toEqual({ ...set, renew: true });
    expect(info).toEqual({
      room_id: room,
      deposit: 100,
      price: 198.5,
      weekend_price: 238,
      date_prices: [
        { day: '2020-10-01', price: 388 },
        { day: '2045-02-01', price: 500 },
      ],
      renew: true,
      price_template_id: null,
    });
  });

  it('answers a room without a lock, and the template a room follows', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const added = ok(await t.call<{ id: number }>('room/addRoom', { name: 'No lock 1' }, { token }));
    const lockless = await t.db
      .selectFrom('rooms')
      .select('mac_id')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    expect(lockless.mac_id).toBeNull();
    const info = ok(await t.call<PriceInfo>('room/priceInfo', { room_id: added.id }, { token }));
    expect(info).toMatchObject({ room_id: added.id, date_prices: [], price_template_id: null });

    const template = await t.db
      .selectFrom('price_templates')
      .selectAll()
      .where('hotel_id', '=', t.ids.hotelId)
      .where('name', '=', 'Holiday')
      .executeTakeFirstOrThrow();
    ok(await t.call('priceTemplate/setPriceTemplate', { id: template.id, room_ids: [added.id] }, { token }));
    const applied = ok(await t.call<PriceInfo>('room/priceInfo', { room_id: added.id }, { token }));
    expect(applied).toMatchObject({
      price: template.usual_price,
      deposit: template.deposit,
      weekend_price: template.weekend_price,
      price_template_id: template.id,
    });
    expect(applied.date_prices).toEqual(template.date_prices.map((d) => ({ day: d.day, price: d.price })));
  });

  it('changes nothing and writes no operation log', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const room = t.ids.rooms['1106']!;
    const before = await t.db
      .selectFrom('rooms')
      .selectAll()
      .where('id', '=', room)
      .executeTakeFirstOrThrow();
    ok(await t.call('room/priceInfo', { room_id: room }, { token }));
    const after = await t.db.selectFrom('rooms').selectAll().where('id', '=', room).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const log = await t.db
      .selectFrom('operation_log')
      .select('id')
      .where('path', '=', 'room/priceInfo')
      .execute();
    expect(log).toEqual([]);
  });

  it("refuses another hotel's room and a room that does not exist as NOT_FOUND", async () => {
    const other = await addOtherHotel(t.db, t.clock.ms);
    const token = await t.login(DEMO_ACCOUNTS.super);
    expectRefused(await t.call('room/priceInfo', { room_id: other.roomId }, { token }), 'NOT_FOUND');
    expectRefused(await t.call('room/priceInfo', { room_id: 999_999 }, { token }), 'NOT_FOUND');
  });

  it('checks room_id', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    expectRefused(await t.call('room/priceInfo', {}, { token }), 'FIELD_REQUIRED', { field: 'room_id' });
    expectRefused(await t.call('room/priceInfo', { room_id: 'x' }, { token }), 'FIELD_INVALID', {
      field: 'room_id',
    });
    expectRefused(await t.call('room/priceInfo', { room_id: -1 }, { token }), 'FIELD_INVALID', {
      field: 'room_id',
    });
  });
});

describeEachDatabase('error answers carry the catalogue code', (t) => {
  beforeEach(() => t.reset());

  it('a refusal answers {errno, errmsg, code, data}; the code is the same in every language', async () => {
    for (const language of ['en', 'chs', 'ar'] as const) {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const res = await t.call('room/priceInfo', { room_id: 999_999 }, { token, language });
      expect(res).toEqual({
        errno: 1,
        errmsg: messageFor(language, 'NOT_FOUND'),
        code: 'NOT_FOUND',
        data: null,
        status: 200,
      });
    }
  });

  it('HOTEL_INFO_REQUIRED travels as its code', async () => {
    await t.db.updateTable('hotels').set({ address: '' }).where('id', '=', t.ids.hotelId).execute();
    const token = await t.login(DEMO_ACCOUNTS.super);
    const res = await t.call('room/setPrice', { room_id: t.ids.rooms['1106'], price: 123 }, { token });
    expect(res).toMatchObject({ errno: 1, code: 'HOTEL_INFO_REQUIRED' });
  });

  it('a refusal before login and an unknown call carry their codes too', async () => {
    expect(await t.call('room/priceInfo', { room_id: 1 })).toMatchObject({ code: 'LOGIN_EXPIRED' });
    expect(await t.call('no/such/call', {})).toMatchObject({ errno: 1, code: 'UNKNOWN_CALL' });
  });

  it('a success has no code', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const res = await t.call('room/priceInfo', { room_id: t.ids.rooms['1106'] }, { token });
    expect(res.errno).toBe(0);
    expect('code' in res).toBe(false);
  });
});

describeEachDatabase('login names what the account may do', (t) => {
  beforeEach(() => t.reset());

  it('answers the role and the authorities granted on top of it, as the server enforces them', async () => {
    const login = async (mobile: string) =>
      (await t.call<{ role: string; authorities: string[] }>('login', { mobile, password: DEMO_PASSWORD }))
        .data;
    const staff = await login(DEMO_ACCOUNTS.staff);
    expect({ role: staff.role, authorities: staff.authorities }).toEqual({ role: 'staff', authorities: [] });
    expect(roleAllows('staff', staff.authorities, 'price.manage')).toBe(false);
    const token = await t.login(DEMO_ACCOUNTS.staff);
    const room = t.ids.rooms['1106']!;
    expectRefused(
      await t.call('room/setPrice', { room_id: room, price: 150 }, { token }),
      'PERMISSION_DENIED',
    );

    await t.db
      .updateTable('users')
      .set({ authorities: JSON.stringify(['price.manage']) })
      .where('id', '=', t.ids.users.staff)
      .execute();
    const granted = await login(DEMO_ACCOUNTS.staff);
    expect(granted.authorities).toEqual(['price.manage']);
    expect(roleAllows('staff', granted.authorities, 'price.manage')).toBe(true);
    const fresh = await t.login(DEMO_ACCOUNTS.staff);
    ok(await t.call('room/setPrice', { room_id: room, price: 150 }, { token: fresh }));
  });
});
