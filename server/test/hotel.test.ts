import { errorText } from '@lockdesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_HOTEL } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';

const msg = errorText;
const INFO = {
  name: 'Harbour Inn',
  address: '1 Quay Road',
  telephone: '+86 21 5555 0101',
  latitude: 22.3,
  longitude: 114.2,
};

describeEachDatabase('hotel', (t) => {
  beforeEach(() => t.reset());

  describe('room/hotelInfo and room/getHotelInfo', () => {
    it('answer the caller hotel, to every role of the hotel', async () => {
      for (const mobile of [DEMO_ACCOUNTS.super, DEMO_ACCOUNTS.staff]) {
        const token = await t.login(mobile);
        for (const path of ['room/hotelInfo', 'room/getHotelInfo']) {
          const res = await t.call(path, {}, { token });
          expect(res).toMatchObject({ errno: 0, data: { ...DEMO_HOTEL, id: t.ids.hotelId, complete: true } });
        }
      }
    });

    it('refuse an account without a hotel (customer manager)', async () => {
      const token = await t.login(DEMO_ACCOUNTS.customerManager);
      expect((await t.call('room/hotelInfo', {}, { token })).errmsg).toBe(msg('PERMISSION_DENIED'));
    });
  });

  describe('room/setHotelInfo and room/setHotelData', () => {
    it('store name, address, telephone, latitude and longitude', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      for (const path of ['room/setHotelInfo', 'room/setHotelData']) {
        const res = await t.call(path, { ...INFO, name: `${INFO.name} ${path}` }, { token });
        expect(res).toMatchObject({
          errno: 0,
          data: { ...INFO, name: `${INFO.name} ${path}`, complete: true },
        });
      }
      const row = await t.db
        .selectFrom('hotels')
        .selectAll()
        .where('id', '=', t.ids.hotelId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ ...INFO, name: `${INFO.name} room/setHotelData` });
      const log = await t.db
        .selectFrom('operation_log')
        .select(['path', 'summary'])
        .where('path', 'like', 'room/set%')
        .execute();
      expect(log.map((l) => l.path).sort()).toEqual(['room/setHotelData', 'room/setHotelInfo']);
    });

    it('check every field', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const call = (body: Record<string, unknown>) =>
        t.call('room/setHotelInfo', { ...INFO, ...body }, { token });
      expect((await call({ name: '' })).errmsg).toBe(msg('FIELD_REQUIRED', { field: 'name' }));
      expect((await call({ address: undefined })).errmsg).toBe(msg('FIELD_REQUIRED', { field: 'address' }));
      expect((await call({ telephone: 'call me' })).errmsg).toBe(
        msg('FIELD_INVALID', { field: 'telephone' }),
      );
      expect((await call({ latitude: 91 })).errmsg).toBe(msg('FIELD_INVALID', { field: 'latitude' }));
      expect((await call({ longitude: 'east' })).errmsg).toBe(msg('FIELD_INVALID', { field: 'longitude' }));
      expect((await call({ name: 'x'.repeat(101) })).errmsg).toBe(msg('FIELD_INVALID', { field: 'name' }));
    });

    it('need the hotel.manage permission', async () => {
      for (const mobile of [DEMO_ACCOUNTS.secondary, DEMO_ACCOUNTS.staff]) {
        const token = await t.login(mobile);
        expect((await t.call('room/setHotelInfo', INFO, { token })).errmsg).toBe(msg('PERMISSION_DENIED'));
      }
      // A granted authority opens it for a secondary administrator.
      await t.db
        .updateTable('users')
        .set({ authorities: JSON.stringify(['hotel.manage']) })
        .where('id', '=', t.ids.users.secondary)
        .execute();
      const token = await t.login(DEMO_ACCOUNTS.secondary);
      expect((await t.call('room/setHotelInfo', INFO, { token })).errno).toBe(0);
    });
  });

  describe('merchant information first (spec §5, HOTEL_INFO_REQUIRED)', () => {
    it('refuses check-in, moves and prices until name, address and telephone are set, and writes nothing', async () => {
      await t.db.updateTable('hotels').set({ telephone: '' }).where('id', '=', t.ids.hotelId).execute();
      const login = await t.call<{ token: string; hotelInfo: boolean }>('login', {
        mobile: DEMO_ACCOUNTS.super,
        password: 'demo1234',
      });
      expect(login.data.hotelInfo).toBe(false);
      const token = login.data.token;
      const template = await t.db
        .selectFrom('price_templates')
        .select('id')
        .where('hotel_id', '=', t.ids.hotelId)
        .executeTakeFirstOrThrow();
      const room = t.ids.rooms['1106'] as number;
      const start = Math.floor(t.clock.ms / 1000);
      const calls: [string, Record<string, unknown>][] = [
        [
          'room/tenant/update/checkIn',
          { room_id: room, mobile: '13912345678', start_time: start, end_time: start + 86_400 },
        ],
        ['room/exchangeHouses', { room_id: t.ids.rooms['1101'], new_room_id: t.ids.rooms['1107'] }],
        ['room/setPrice', { room_id: room, price: 123 }],
        ['room/setRenew', { room_id: room, renew: true }],
        ['priceTemplate/add', { name: 'Blocked', price: 100 }],
        ['priceTemplate/setPriceTemplate', { id: template.id, room_ids: [room] }],
      ];
      for (const [path, body] of calls) {
        const res = await t.call(path, body, { token });
        expect({ path, errmsg: res.errmsg }).toEqual({ path, errmsg: msg('HOTEL_INFO_REQUIRED') });
      }
      const stays = await t.db.selectFrom('stays').select('id').where('room_id', '=', room).execute();
      expect(stays).toEqual([]);
      const row = await t.db
        .selectFrom('rooms')
        .select(['usual_price', 'renew', 'price_template_id'])
        .where('id', '=', room)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ usual_price: 198, renew: false, price_template_id: null });
      // Reading is not held up, and completing the information opens the calls.
      expect((await t.call('room/listNew', {}, { token })).errno).toBe(0);
      expect((await t.call('room/setHotelInfo', INFO, { token })).errno).toBe(0);
      for (const [path, body] of calls) {
        const res = await t.call(path, body, { token });
        expect({ path, errno: res.errno, errmsg: res.errmsg }).toEqual({ path, errno: 0, errmsg: '' });
      }
    });
  });

  describe('breakfast', () => {
    it('lists the demo breakfast settings', async () => {
      const token = await t.login(DEMO_ACCOUNTS.staff);
      const res = await t.call('room/hotelBreakFastList', {}, { token });
      expect(res).toMatchObject({
        errno: 0,
        data: {
          enabled: true,
          start_time: '07:00',
          end_time: '10:00',
          price: 28,
          list: [
            { name: 'No breakfast', count: 0, price: 0 },
            { name: 'Single breakfast', count: 1, price: 28 },
            { name: 'Double breakfast', count: 2, price: 56 },
          ],
        },
      });
    });

    it('sets hours, price and options', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const res = await t.call(
        'room/hotelBreakFast',
        {
          enabled: '1',
          start_time: '06:30',
          end_time: '09:30',
          price: 30,
          list: [{ name: 'Buffet', count: 1, price: 30 }],
        },
        { token },
      );
      expect(res).toMatchObject({
        errno: 0,
        data: {
          enabled: true,
          start_time: '06:30',
          end_time: '09:30',
          price: 30,
          list: [{ name: 'Buffet', count: 1 }],
        },
      });
      const off = await t.call('room/hotelBreakFast', { enabled: false }, { token });
      expect(off).toMatchObject({
        errno: 0,
        data: { enabled: false, start_time: '06:30', list: [{ name: 'Buffet' }] },
      });
    });

    it('checks the fields and the permission', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const call = (body: Record<string, unknown>) => t.call('room/hotelBreakFast', body, { token });
      expect((await call({})).errmsg).toBe(msg('FIELD_REQUIRED', { field: 'enabled' }));
      expect((await call({ enabled: 'maybe' })).errmsg).toBe(msg('FIELD_INVALID', { field: 'enabled' }));
      expect((await call({ enabled: true, start_time: '25:00' })).errmsg).toBe(
        msg('FIELD_INVALID', { field: 'start_time' }),
      );
      expect((await call({ enabled: true, list: [{ name: '', count: 1 }] })).errmsg).toBe(
        msg('FIELD_INVALID', { field: 'list' }),
      );
      expect((await call({ enabled: true, list: [{ name: 'Big', count: 99 }] })).errmsg).toBe(
        msg('FIELD_INVALID', { field: 'list' }),
      );
      // The failed write left the options as they were (the call runs in one transaction).
      const list = await t.db.selectFrom('hotel_breakfasts').select('name').execute();
      expect(list).toHaveLength(3);
      const staff = await t.login(DEMO_ACCOUNTS.staff);
      expect((await t.call('room/hotelBreakFast', { enabled: true }, { token: staff })).errmsg).toBe(
        msg('PERMISSION_DENIED'),
      );
    });
  });
});
