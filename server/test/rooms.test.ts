import { ROOM_STATUS } from '@lockdesk/protocol';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, demoMac } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';
import { checkInBody, DAY, expectRefused, HOUR, ok } from './room-helpers.js';

interface RoomPage {
  list: {
    id: number;
    name: string;
    status: number;
    category_id: number | null;
    tenant: { nickname: string; state: string } | null;
  }[];
  total: number;
  page: number;
  limit: number;
}

describeEachDatabase('rooms, groups and prices', (t) => {
  let superToken: string;
  let secondaryToken: string;
  let staffToken: string;
  beforeAll(async () => {
    superToken = await t.login(DEMO_ACCOUNTS.super);
    secondaryToken = await t.login(DEMO_ACCOUNTS.secondary);
    staffToken = await t.login(DEMO_ACCOUNTS.staff);
  });

  describe('room/listNew', () => {
    beforeAll(() =>
      t.reset().then(async () => {
        superToken = await t.login(DEMO_ACCOUNTS.super);
        secondaryToken = await t.login(DEMO_ACCOUNTS.secondary);
        staffToken = await t.login(DEMO_ACCOUNTS.staff);
      }),
    );
    const list = (body: Record<string, unknown>, token = superToken) =>
      t.call<RoomPage>('room/listNew', body, { token });

    it('pages the hotel rooms sorted A–Z, 20 by default', async () => {
      const page = ok(await list({}));
      expect(page.total).toBe(100);
      expect(page.list).toHaveLength(20);
      expect(page.list.slice(0, 3).map((r) => r.name)).toEqual(['1101', '1102', '1103']);
      expect(page).toMatchObject({ page: 1, limit: 20 });
      const last = ok(await list({ page: 2, pageSize: 50 }));
      expect(last.list.at(-1)?.name).toBe('2510');
    });

    it('sorts Z–A and shows the guest of a checked-in room', async () => {
      const page = ok(await list({ sort: 'desc', limit: 100 }));
      expect(page.list[0]?.name).toBe('2510');
      const room = ok(await list({ name: '1101' })).list[0];
      expect(room?.tenant).toMatchObject({ nickname: 'Li Wei', state: 'active' });
    });

    it('filters by group, status and name', async () => {
      const suites = ok(await list({ category_id: t.ids.groups.Suite, limit: 100 }));
      expect(suites.total).toBe(10);
      expect(suites.list.every((r) => r.category_id === t.ids.groups.Suite)).toBe(true);
      expect(ok(await list({ status: ROOM_STATUS.checkedIn })).total).toBe(6);
      expect(ok(await list({ status: ROOM_STATUS.maintenance })).list.map((r) => r.name)).toEqual(['1108']);
      expect(ok(await list({ status: -1 })).total).toBe(100);
      const found = ok(await list({ name: '110' })).list.map((r) => r.name);
      expect(found).toEqual([
        '1101',
        '1102',
        '1103',
        '1104',
        '1105',
        '1106',
        '1107',
        '1108',
        '1109',
        '1110',
        '2110',
      ]);
      expect(ok(await list({ name: '%' })).total).toBe(0);
      expect(ok(await list({ category_id: 0 })).total).toBe(0);
    });

    it('shows secondary administrators and staff only their rooms', async () => {
      expect(ok(await list({}, secondaryToken)).total).toBe(50);
      const staff = ok(await list({ limit: 100 }, staffToken));
      expect(staff.total).toBe(10);
      expect(staff.list.every((r) => r.name.startsWith('11'))).toBe(true);
    });

    it('sorts room names numerically, case-insensitively', async () => {
      const extra = ['1010', '102', 'a-10', 'A-2'];
      await t.db
        .insertInto('rooms')
        .values(extra.map((name) => ({ hotel_id: t.ids.hotelId, name })))
        .execute();
      try {
        const first = ok(await list({ limit: 100 })).list.map((r) => r.name);
        const second = ok(await list({ limit: 100, page: 2 })).list.map((r) => r.name);
        expect(first.slice(0, 3)).toEqual(['102', '1010', '1101']);
        expect(second).toEqual(['2509', '2510', 'A-2', 'a-10']);
        const reversed = ok(await list({ limit: 3, sort: 'Z-A' })).list.map((r) => r.name);
        expect(reversed).toEqual(['a-10', 'A-2', '2510']);
      } finally {
        await t.db.deleteFrom('rooms').where('name', 'in', extra).execute();
      }
    });

    it('picks rooms modified today, yesterday or in the last week', async () => {
      expect(ok(await list({ date: 'today' })).total).toBe(100);
      expect(ok(await list({ date: 'yesterday' })).total).toBe(0);
      await t.db
        .updateTable('rooms')
        .set({ updated_at: new Date(t.clock.ms - DAY) })
        .where('name', '=', '2510')
        .execute();
      expect(ok(await list({ date: 'yesterday' })).list.map((r) => r.name)).toEqual(['2510']);
      expect(ok(await list({ date: 'week' })).total).toBe(100);
    });

    it('refuses a page size over 100 and unknown filters', async () => {
      expectRefused(await list({ limit: 101 }), 'FIELD_INVALID', { field: 'limit' });
      expectRefused(await list({ pageSize: 0 }), 'FIELD_INVALID', { field: 'pageSize' });
      expectRefused(await list({ status: 9 }), 'FIELD_INVALID', { field: 'status' });
      expectRefused(await list({ date: 'tomorrow' }), 'FIELD_INVALID', { field: 'date' });
      expectRefused(await list({ sort: 'up' }), 'FIELD_INVALID', { field: 'sort' });
    });
  });

  describe('room settings', () => {
    beforeEach(async () => {
      await t.reset();
      superToken = await t.login(DEMO_ACCOUNTS.super);
      staffToken = await t.login(DEMO_ACCOUNTS.staff);
    });

    it('changes a room status by hand, but not to checked in', async () => {
      const room = t.ids.rooms['1106']!;
      expect(
        ok(await t.call('room/setRoomStatus', { room_id: room, status: 4 }, { token: staffToken })),
      ).toMatchObject({
        status: 4,
        status_name: 'dirty',
      });
      expectRefused(
        await t.call('room/setRoomStatus', { room_id: room, status: 1 }, { token: superToken }),
        'FIELD_INVALID',
        {
          field: 'status',
        },
      );
    });

    it('finds a lock by its MAC in any notation', async () => {
      const mac = demoMac(1, 1, 1);
      const colons = mac.match(/../g)!.join(':').toLowerCase();
      const info = ok(
        await t.call<{ name: string; tenant: unknown }>(
          'room/lockInfo',
          { mac_id: colons },
          { token: superToken },
        ),
      );
      expect(info).toMatchObject({ name: '1101', mac_id: mac, tenant: { nickname: 'Li Wei' } });
      expectRefused(
        await t.call('room/lockInfo', { mac_id: 'A0B0C0FFFFFF' }, { token: superToken }),
        'NOT_FOUND',
      );
      expectRefused(await t.call('room/lockInfo', { mac_id: 'zz' }, { token: superToken }), 'FIELD_INVALID', {
        field: 'mac_id',
      });
    });

    it('lists every lock in scope', async () => {
      expect(ok(await t.call<{ total: number }>('room/allLock', {}, { token: superToken })).total).toBe(100);
      expect(ok(await t.call<{ total: number }>('room/allLock', {}, { token: staffToken })).total).toBe(10);
    });

    it('saves lock data and moves a room between groups', async () => {
      const room = t.ids.rooms['1106']!;
      const saved = ok(
        await t.call(
          'room/setLockData',
          {
            room_id: room,
            name: '1106A',
            notice: 'Quiet floor',
            building: 1,
            floor: 1,
            bluetooth_name: 'LD-1106A',
            category_id: t.ids.groups.Suite,
          },
          { token: superToken },
        ),
      );
      expect(saved).toMatchObject({
        name: '1106A',
        notice: 'Quiet floor',
        bluetooth_name: 'LD-1106A',
        category_id: t.ids.groups.Suite,
      });
      expectRefused(
        await t.call('room/setLockData', { room_id: room, category_id: 999999 }, { token: superToken }),
        'FIELD_INVALID',
        {
          field: 'category_id',
        },
      );
      // Staff do not change lock settings.
      expectRefused(
        await t.call('room/setLockData', { room_id: room, name: 'x' }, { token: staffToken }),
        'PERMISSION_DENIED',
      );
    });
  });

  describe('room groups and hotel categories', () => {
    beforeEach(async () => {
      await t.reset();
      superToken = await t.login(DEMO_ACCOUNTS.super);
    });
    const call = (path: string, body: Record<string, unknown>) =>
      t.call<Record<string, unknown>>(path, body, { token: superToken });

    it('creates, renames and deletes a group; a group holding rooms stays', async () => {
      const added = ok(await call('room/addCategory', { name: 'Family', sort: 4 }));
      expect(added).toMatchObject({ name: 'Family', sort: 4, room_count: 0 });
      ok(await call('room/change/category', { id: added['id'], name: 'Family rooms', sort: 0 }));
      const groups = ok(await call('room/category/list', {})) as unknown as {
        list: { name: string; room_count: number }[];
      };
      expect(groups.list.map((g) => g.name)).toEqual(['Family rooms', 'Standard', 'Deluxe', 'Suite']);
      expect(groups.list.map((g) => g.room_count)).toEqual([0, 60, 30, 10]);
      expectRefused(await call('hotel/delCategory', { id: t.ids.groups.Suite }), 'GROUP_NOT_EMPTY');
      expect(ok(await call('hotel/delCategory', { id: added['id'] }))).toEqual({ id: added['id'] });
      expectRefused(await call('hotel/delCategory', { id: added['id'] }), 'NOT_FOUND');
    });

    it('needs a group name and a sort order', async () => {
      expectRefused(await call('room/addCategory', { sort: 1 }), 'GROUP_NAME_REQUIRED', { field: 'name' });
      expectRefused(await call('room/addCategory', { name: '  ', sort: 1 }), 'GROUP_NAME_REQUIRED', {
        field: 'name',
      });
      expectRefused(await call('room/addCategory', { name: 'A' }), 'SORT_ORDER_REQUIRED', { field: 'sort' });
      expectRefused(await call('room/addCategory', { name: 'A', sort: 'first' }), 'SORT_ORDER_REQUIRED', {
        field: 'sort',
      });
      expectRefused(
        await call('room/change/category', { id: t.ids.groups.Suite, sort: 1 }),
        'GROUP_NAME_REQUIRED',
        { field: 'name' },
      );
    });

    it('keeps the hotel category tree two levels deep', async () => {
      const parents = ok(await call('hotel/parentCategoryList', {})) as unknown as {
        list: { id: number; name: string }[];
      };
      expect(parents.list.map((c) => c.name)).toEqual(['Building 1', 'Building 2']);
      const b1 = parents.list[0]!.id;
      const floors = ok(await call('hotel/categoryList', { parent_id: b1 })) as unknown as {
        list: { id: number; name: string }[];
      };
      expect(floors.list).toHaveLength(5);
      const added = ok(await call('hotel/addRoomCategory', { name: 'Floor 6', sort: 6, parent_id: b1 }));
      expect(added).toMatchObject({ parent_id: b1, kind: 'hotel' });
      expectRefused(
        await call('hotel/addRoomCategory', { name: 'Deeper', sort: 1, parent_id: added['id'] }),
        'FIELD_INVALID',
        {
          field: 'parent_id',
        },
      );
      expectRefused(await call('hotel/delCategory', { id: b1 }), 'GROUP_NOT_EMPTY');
      ok(await call('hotel/delCategory', { id: added['id'] }));
    });
  });

  describe('prices and templates', () => {
    beforeEach(async () => {
      await t.reset();
      superToken = await t.login(DEMO_ACCOUNTS.super);
    });
    const call = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
      t.call<T>(path, body, { token: superToken });

    it('sets prices and quotes a stay with weekend and specific-date nights', async () => {
      const room = t.ids.rooms['1106']!;
      ok(
        await call('room/setPrice', {
          room_id: room,
          deposit: 50,
          price: 100.5,
          weekend_price: 150,
          date_prices: [{ day: '2030-01-01', price: 300 }],
        }),
      );
      // 2029-12-31 is a Monday: nights of Mon 31 (usual) and Tue 1 (specific); 2030-01-04 is a Friday.
      const quote = ok(
        await call<{ total: number; list: unknown[] }>('room/countRoomPriceNew', {
          room_id: room,
          start_time: '2029-12-31 14:00',
          end_time: '2030-01-02 12:00',
        }),
      );
      expect(quote).toMatchObject({ nights: 2, room_fee: 400.5, deposit: 50, total: 450.5 });
      expect(quote.list).toEqual([
        { date: '2029-12-31', price: 100.5, kind: 'usual' },
        { date: '2030-01-01', price: 300, kind: 'specific' },
      ]);
      const weekend = ok(
        await call('room/countRoomPriceNew', {
          room_id: room,
          start_time: '2030-01-04 14:00',
          end_time: '2030-01-05 09:00',
        }),
      );
      expect(weekend).toMatchObject({ nights: 1, room_fee: 150 });
    });

    it('refuses prices under 1 yuan and bad specific dates', async () => {
      const room = t.ids.rooms['1106']!;
      expectRefused(await call('room/setPrice', { room_id: room, price: 0.5 }), 'PRICE_TOO_LOW', {
        field: 'price',
      });
      expectRefused(await call('room/setPrice', { room_id: room }), 'PRICE_TOO_LOW', { field: 'price' });
      expectRefused(await call('room/setPrice', { room_id: room, price: 'cheap' }), 'PRICE_TOO_LOW', {
        field: 'price',
      });
      expectRefused(
        await call('room/setPrice', { room_id: room, price: 10, weekend_price: 0.5 }),
        'PRICE_TOO_LOW',
        {
          field: 'weekend_price',
        },
      );
      expectRefused(await call('room/setPrice', { room_id: room, price: 10.001 }), 'FIELD_INVALID', {
        field: 'price',
      });
      expectRefused(
        await call('room/setPrice', {
          room_id: room,
          price: 10,
          date_prices: [{ day: '2030-02-30', price: 5 }],
        }),
        'FIELD_INVALID',
        {
          field: 'date_prices',
        },
      );
      expectRefused(
        await call('room/setPrice', {
          room_id: room,
          price: 10,
          date_prices: [{ day: '2030-02-03', price: 0 }],
        }),
        'PRICE_TOO_LOW',
      );
      expectRefused(
        await call('room/countRoomPriceNew', { room_id: room, start_time: '2030-01-02 12:00' }),
        'CHECK_OUT_TIME_REQUIRED',
        {
          field: 'end_time',
        },
      );
      expectRefused(
        await call('room/countRoomPriceNew', { room_id: room, end_time: '2030-01-02 12:00' }),
        'CHECK_IN_TIME_REQUIRED',
      );
      expectRefused(
        await call('room/countRoomPriceNew', {
          room_id: room,
          start_time: '2030-01-02 12:00',
          end_time: '2030-01-02 11:00',
        }),
        'END_BEFORE_START',
      );
    });

    it('quotes a renewal at the set price or at the stay rate', async () => {
      const room = t.ids.rooms['1106']!;
      ok(await call('room/setPrice', { room_id: room, price: 200, weekend_price: 0, deposit: 0 }));
      const start = t.clock.ms;
      const stay = ok(
        await call<{ stay_id: number }>(
          'room/tenant/update/checkIn',
          checkInBody(room, start, 48, { price: 150 }),
        ),
      );
      const end = Math.floor((start + 72 * HOUR) / 1000);
      ok(await call('room/setRenew', { room_id: room, renew: false }));
      const atStayRate = ok(
        await call('room/countRoomPriceNew', { room_id: room, stay_id: stay.stay_id, end_time: end }),
      );
      expect(atStayRate).toMatchObject({ renewal: true, nights: 1, total: 150 });
      ok(await call('room/setRenew', { room_id: room, renew: true }));
      const atSetPrice = ok(
        await call('room/countRoomPriceNew', { room_id: room, stay_id: stay.stay_id, end_time: end }),
      );
      expect(atSetPrice).toMatchObject({ renewal: true, nights: 1, total: 200 });
      expectRefused(await call('room/setRenew', { room_id: room, renew: 'maybe' }), 'FIELD_INVALID', {
        field: 'renew',
      });
    });

    it('adds, edits, applies and deletes a price template', async () => {
      const added = ok(
        await call<{ id: number }>('priceTemplate/add', {
          name: 'Spring',
          price: 188,
          weekend_price: 228,
          deposit: 88,
          date_prices: [{ day: '2030-04-04', price: 388 }],
        }),
      );
      ok(
        await call('priceTemplate/add', {
          id: added.id,
          name: 'Spring fair',
          price: 198,
          date_prices: [{ day: '2030-04-04', price: 398 }],
        }),
      );
      expect(ok(await call('priceTemplate/info', { id: added.id }))).toMatchObject({
        name: 'Spring fair',
        price: 198,
        weekend_price: 0,
        date_prices: [{ day: '2030-04-04', price: 398 }],
      });
      const rooms = [t.ids.rooms['2101']!, t.ids.rooms['2102']!];
      expect(ok(await call('priceTemplate/setPriceTemplate', { id: added.id, room_ids: rooms }))).toEqual({
        id: added.id,
        count: 2,
      });
      const quote = ok(
        await call('room/countRoomPriceNew', {
          room_id: rooms[0],
          start_time: '2030-04-04 14:00',
          end_time: '2030-04-05 12:00',
        }),
      );
      expect(quote).toMatchObject({ room_fee: 398 });
      const templates = ok(
        await call<{ list: { id: number; room_count: number }[]; total: number }>('priceTemplate/lists', {}),
      );
      expect(templates.total).toBe(2);
      expect(templates.list.find((x) => x.id === added.id)?.room_count).toBe(2);
      ok(await call('priceTemplate/delete', { id: added.id }));
      expectRefused(await call('priceTemplate/info', { id: added.id }), 'NOT_FOUND');
      expectRefused(await call('priceTemplate/add', { name: 'Cheap', price: 0 }), 'PRICE_TOO_LOW', {
        field: 'price',
      });
      expectRefused(await call('priceTemplate/add', { price: 10 }), 'FIELD_REQUIRED', { field: 'name' });
      expectRefused(
        await call('priceTemplate/setPriceTemplate', { id: 999999, room_ids: rooms }),
        'NOT_FOUND',
      );
      expectRefused(
        await call('priceTemplate/setPriceTemplate', { id: 1, room_ids: ['x'] }),
        'FIELD_INVALID',
        { field: 'room_ids' },
      );
    });
  });

  describe('room/exchangeHouses', () => {
    beforeEach(async () => {
      await t.reset();
      superToken = await t.login(DEMO_ACCOUNTS.super);
    });
    const call = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
      t.call<T>(path, body, { token: superToken });

    it('moves the stay to a free room, leaving the old room dirty', async () => {
      const from = t.ids.rooms['1101']!;
      const to = t.ids.rooms['1106']!;
      const moved = ok(
        await call<{ room_id: number; state: string; moved_from_stay_id: number }>('room/exchangeHouses', {
          room_id: from,
          new_room_id: to,
        }),
      );
      expect(moved).toMatchObject({ room_id: to, state: 'active', nickname: 'Li Wei' });
      const old = ok(
        await call<{ list: { state: string; status: string }[] }>('room/tenant/list', { room_id: from }),
      );
      expect(old.list[0]).toMatchObject({ state: 'ended', status: 'moved' });
      const rooms = await t.db
        .selectFrom('rooms')
        .select(['id', 'status'])
        .where('id', 'in', [from, to])
        .orderBy('id')
        .execute();
      expect(rooms.map((r) => r.status)).toEqual([ROOM_STATUS.dirty, ROOM_STATUS.checkedIn]);
      expectRefused(
        await call('room/exchangeHouses', { room_id: from, new_room_id: to }),
        'NO_TENANT_IN_ROOM',
      );
    });

    it('keeps the agreed nightly rate for a renewal after the move', async () => {
      const from = t.ids.rooms['1106']!;
      const to = t.ids.rooms['1107']!;
      ok(await call('room/setRenew', { room_id: to, renew: false }));
      const start = t.clock.ms;
      const stay = ok(
        await call<{ stay_id: number; price: number; end_time: number }>('room/tenant/update/checkIn', {
          ...checkInBody(from, start, 72),
          price: 100,
        }),
      );
      expect(stay.price).toBe(300);
      t.clock.ms += DAY + HOUR;
      const moved = ok(
        await call<{ stay_id: number; end_time: number }>('room/exchangeHouses', {
          room_id: from,
          new_room_id: to,
        }),
      );
      const end = moved.end_time + 24 * 3600;
      const quote = ok(
        await call<{ total: number }>('room/countRoomPriceNew', {
          room_id: to,
          stay_id: moved.stay_id,
          end_time: end,
        }),
      );
      const renewed = ok(
        await call<{ renewal_fee: number }>('user/setUserExpiration', {
          stay_id: moved.stay_id,
          end_time: end,
        }),
      );
      // One more night at the 100 agreed at check-in, not the fee spread over the nights left after the move.
      expect(renewed.renewal_fee).toBe(100);
      expect(quote.total).toBe(100);
    });

    it('keeps both room statuses right when a reservation moves away from or next to a guest', async () => {
      const busy = t.ids.rooms['1106']!;
      const free = t.ids.rooms['1107']!;
      const status = async (id: number) =>
        (await t.db.selectFrom('rooms').select('status').where('id', '=', id).executeTakeFirstOrThrow())
          .status;
      ok(await call('room/tenant/update/checkIn', checkInBody(busy, t.clock.ms, 24)));
      const reservation = ok(
        await call<{ stay_id: number }>(
          'room/tenant/update/checkIn',
          checkInBody(busy, t.clock.ms + 2 * DAY, 24),
        ),
      );
      expect(await status(busy)).toBe(ROOM_STATUS.checkedIn);
      const away = ok(
        await call<{ stay_id: number }>('room/exchangeHouses', {
          room_id: busy,
          new_room_id: free,
          stay_id: reservation.stay_id,
        }),
      );
      // The guest is still in the room the reservation left.
      expect(await status(busy)).toBe(ROOM_STATUS.checkedIn);
      expect(await status(free)).toBe(ROOM_STATUS.reserved);
      ok(await call('room/exchangeHouses', { room_id: free, new_room_id: busy, stay_id: away.stay_id }));
      // A reservation moved next to a guest does not hide the guest.
      expect(await status(busy)).toBe(ROOM_STATUS.checkedIn);
      expect(await status(free)).toBe(ROOM_STATUS.vacant);
    });

    it('refuses an occupied, dirty or same target room', async () => {
      const from = t.ids.rooms['1101']!;
      expectRefused(
        await call('room/exchangeHouses', { room_id: from, new_room_id: t.ids.rooms['1102'] }),
        'ROOM_OCCUPIED',
      );
      expectRefused(
        await call('room/exchangeHouses', { room_id: from, new_room_id: t.ids.rooms['1109'] }),
        'ROOM_NOT_AVAILABLE',
      );
      expectRefused(
        await call('room/exchangeHouses', { room_id: from, new_room_id: from }),
        'FIELD_INVALID',
        { field: 'new_room_id' },
      );
      expectRefused(await call('room/exchangeHouses', { room_id: from }), 'FIELD_REQUIRED', {
        field: 'new_room_id',
      });
    });

    it('refuses to move an expired stay', async () => {
      // Li Wei's stay in 1101 ends at noon in two days.
      t.clock.advance(3 * DAY);
      try {
        expectRefused(
          await call('room/exchangeHouses', {
            room_id: t.ids.rooms['1101'],
            new_room_id: t.ids.rooms['1106'],
          }),
          'EXPIRATION_NOT_FUTURE',
        );
      } finally {
        t.clock.advance(-3 * DAY);
      }
    });
  });
});
