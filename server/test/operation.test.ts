import { errorText } from '@lockdesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, DEMO_ACCOUNTS } from '../src/demo.js';
import { describeEachDatabase, TEST_SCRYPT_COST } from './helpers.js';
import { checkIn, roomScopeScenario } from './operation-helpers.js';

interface LogPage {
  list: {
    path: string;
    summary: string;
    errno: number;
    code: string | null;
    user_id: number;
    mobile: string;
    uuid: string | null;
    user_agent: string | null;
    ip: string;
    time: number;
  }[];
  total: number;
  page: number;
  limit: number;
}

describeEachDatabase('operation log', (t) => {
  beforeEach(() => t.reset());

  it('records mutating calls with who, when, client ip, uuid and user agent; reading calls are not recorded', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const headers = { 'user-agent': 'LockDeskTest/1.0' };
    await t.call('room/hotelInfo', {}, { token, headers });
    await t.call(
      'room/setHotelInfo',
      { name: 'Renamed', address: 'Road 2', telephone: '12345678' },
      { token, uuid: 'uuid-42', headers },
    );
    const res = await t.call<LogPage>('operation/list', {}, { token });
    expect(res.errno).toBe(0);
    expect(res.data.total).toBe(2);
    const [set, login] = res.data.list;
    expect(set).toMatchObject({
      path: 'room/setHotelInfo',
      errno: 0,
      user_id: t.ids.users.super,
      mobile: DEMO_ACCOUNTS.super,
      uuid: 'uuid-42',
      user_agent: 'LockDeskTest/1.0',
      ip: '127.0.0.1',
    });
    expect(set?.summary).toContain('Renamed');
    expect(set?.time).toBe(Math.floor(t.clock.ms / 1000));
    expect(login).toMatchObject({ path: 'login', summary: 'Signed in' });
  });

  it('records refused mutating calls with their errno and code', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    await t.call('room/setHotelInfo', { name: '', address: 'x', telephone: '12345678' }, { token });
    const res = await t.call<LogPage>('operation/list', { path: 'room/setHotelInfo' }, { token });
    expect(res.data.list).toMatchObject([{ errno: 1, code: 'FIELD_REQUIRED' }]);
  });

  it('pages newest first and filters by user and time', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      await t.call('room/hotelBreakFast', { enabled: i % 2 === 0 }, { token });
    }
    const page = await t.call<LogPage>(
      'operation/list',
      { page: 2, limit: 2, path: 'room/hotelBreakFast' },
      { token },
    );
    expect(page.data).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(page.data.list.map((l) => l.summary)).toEqual(['Breakfast on', 'Breakfast off']);
    const since = Math.floor(t.clock.ms / 1000) - 1;
    const recent = await t.call<LogPage>('operation/list', { start_time: since }, { token });
    expect(recent.data.total).toBe(2);
    const staffOnly = await t.call<LogPage>('operation/list', { user_id: t.ids.users.staff }, { token });
    expect(staffOnly.data.total).toBe(0);
    expect((await t.call('operation/list', { limit: 101 }, { token })).errmsg).toBe(
      errorText('FIELD_INVALID', { field: 'limit' }),
    );
    expect((await t.call('operation/list', { start_time: 'yesterday' }, { token })).errmsg).toBe(
      errorText('FIELD_INVALID', { field: 'start_time' }),
    );
  });

  it('shows only the caller hotel, and not to staff without log.view', async () => {
    await createAdmin(t.db, { mobile: '13600000001', password: 'adminpass', scryptCost: TEST_SCRYPT_COST });
    await t.login('13600000001', 'adminpass');
    const secondary = await t.login(DEMO_ACCOUNTS.secondary);
    const res = await t.call<LogPage>('operation/list', {}, { token: secondary });
    expect(res.errno).toBe(0);
    expect(res.data.list.map((l) => l.mobile)).toEqual([DEMO_ACCOUNTS.secondary]);
    const staff = await t.login(DEMO_ACCOUNTS.staff);
    expect((await t.call('operation/list', {}, { token: staff })).errmsg).toBe(
      errorText('PERMISSION_DENIED'),
    );
  });

  describe('room scope (spec §6)', () => {
    const summaries = async (token: string) => {
      const res = await t.call<LogPage>('operation/list', { limit: 100 }, { token });
      expect(res.errno).toBe(0);
      expect(res.data.total).toBe(res.data.list.length);
      return res.data.list.map((l) => `${l.mobile} ${l.path}: ${l.summary}`);
    };

    const scenario = () => roomScopeScenario(t);

    it('records the rooms a call resolved', async () => {
      await scenario();
      const rows = await t.db
        .selectFrom('operation_log')
        .select(['path', 'room_ids', 'errno'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { path: 'login', room_ids: [], errno: 0 },
        { path: 'login', room_ids: [], errno: 0 },
        { path: 'room/tenant/update/checkIn', room_ids: [t.ids.rooms['1106']], errno: 0 },
        { path: 'room/tenant/update/checkIn', room_ids: [t.ids.rooms['2106']], errno: 0 },
        { path: 'room/setHotelInfo', room_ids: [], errno: 0 },
        { path: 'room/setRoomStatus', room_ids: [t.ids.rooms['1206']], errno: 0 },
        { path: 'room/setRoomStatus', room_ids: [], errno: 1 },
      ]);
    });

    it('a secondary administrator sees their own entries and those of their rooms, nothing else', async () => {
      const { secondary } = await scenario();
      const seen = await summaries(secondary);
      expect(seen).toEqual([
        expect.stringMatching(/^13800138001 room\/setRoomStatus/),
        expect.stringMatching(/^13800138001 room\/setRoomStatus: .*1206/),
        `${DEMO_ACCOUNTS.super} room/tenant/update/checkIn: Check-in: room 1106, Assigned Guest`,
        `${DEMO_ACCOUNTS.secondary} login: Signed in`,
      ]);
      expect(seen.join('\n')).not.toMatch(/Unassigned Guest|2106|Renamed/);
      // Filters narrow the scoped view; they never widen it.
      const bySuper = await t.call<LogPage>(
        'operation/list',
        { user_id: t.ids.users.super },
        { token: secondary },
      );
      expect(bySuper.data.total).toBe(1);
      expect(bySuper.data.list[0]?.summary).toContain('Assigned Guest');
    });

    it('the super administrator sees the whole hotel', async () => {
      const { superToken } = await scenario();
      const seen = await summaries(superToken);
      expect(seen).toHaveLength(7);
      expect(seen.join('\n')).toMatch(/Unassigned Guest/);
      expect(seen.join('\n')).toMatch(/Assigned Guest/);
      expect(seen.join('\n')).toMatch(/Renamed/);
      expect(seen.filter((s) => s.startsWith(DEMO_ACCOUNTS.secondary))).toHaveLength(3);
    });

    it('rooms named in bulk count: a price template applied to an assigned and an unassigned room', async () => {
      const superToken = await t.login(DEMO_ACCOUNTS.super);
      const template = await t.db
        .selectFrom('price_templates')
        .select('id')
        .where('hotel_id', '=', t.ids.hotelId)
        .executeTakeFirstOrThrow();
      const apply = (roomNames: string[]) =>
        t.call(
          'priceTemplate/setPriceTemplate',
          { id: template.id, room_ids: roomNames.map((n) => t.ids.rooms[n]) },
          { token: superToken },
        );
      expect((await apply(['2106', '1106'])).errno).toBe(0);
      expect((await apply(['2107', '2108'])).errno).toBe(0);
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      const res = await t.call<LogPage>(
        'operation/list',
        { path: 'priceTemplate/setPriceTemplate' },
        { token: secondary },
      );
      expect(res.data.total).toBe(1);
      const [row] = await t.db
        .selectFrom('operation_log')
        .select('room_ids')
        .where('path', '=', 'priceTemplate/setPriceTemplate')
        .orderBy('id')
        .execute();
      expect(row?.room_ids).toEqual([t.ids.rooms['1106'], t.ids.rooms['2106']].sort((a, b) => a! - b!));
    });

    it('rooms assigned to another secondary administrator count as that call reaching them', async () => {
      const superToken = await t.login(DEMO_ACCOUNTS.super);
      const setManager = (mobile: string, room: string) =>
        t.call('user/setManager', { mobile, room_ids: [t.ids.rooms[room]] }, { token: superToken });
      expect((await setManager('13700000001', '1106')).errno).toBe(0);
      expect((await setManager('13700000002', '2106')).errno).toBe(0);
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      const res = await t.call<LogPage>('operation/list', { path: 'user/setManager' }, { token: secondary });
      expect(res.data.list.map((l) => l.summary)).toEqual(['Added secondary administrator 13700000001']);
    });

    it('staff granted log.view see the entries of their granted rooms only', async () => {
      await t.db
        .updateTable('users')
        .set({ authorities: JSON.stringify(['log.view']) })
        .where('id', '=', t.ids.users.staff)
        .execute();
      const { superToken } = await scenario();
      expect((await checkIn(t, superToken, '1107', 'Floor Guest')).errno).toBe(0);
      const staff = await t.login(DEMO_ACCOUNTS.staff);
      const seen = await summaries(staff);
      // Floor 1 of building 1: rooms 1106 and 1107, not 1206 (the secondary administrator's) nor 2106.
      expect(seen).toEqual([
        `${DEMO_ACCOUNTS.staff} login: Signed in`,
        `${DEMO_ACCOUNTS.super} room/tenant/update/checkIn: Check-in: room 1107, Floor Guest`,
        `${DEMO_ACCOUNTS.super} room/tenant/update/checkIn: Check-in: room 1106, Assigned Guest`,
      ]);
    });
  });
});
