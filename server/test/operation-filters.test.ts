/**
 * The operation log's filters of issue 11 (API.md §4): by room, by area, by result, and the person picker's accounts
 * (operation/accounts) — each narrowing the caller's room-scoped view, never widening it; and the areas table.
 */
import { errorText } from '@lockdesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, DEMO_ACCOUNTS } from '../src/demo.js';
import { OPERATION_AREAS, operationArea } from '../src/domain/operation-areas.js';
import { apiDocText } from './api-doc.js';
import { describeEachDatabase, TEST_SCRYPT_COST } from './helpers.js';
import { checkIn, roomScopeScenario } from './operation-helpers.js';

interface LogRow {
  path: string;
  area: string;
  summary: string;
  errno: number;
  code: string | null;
  mobile: string;
  rooms: { id: number; name: string }[];
  room_count: number;
}
interface LogPage {
  list: LogRow[];
  total: number;
}
interface AccountPage {
  list: { id: number; mobile: string; nickname: string; role: string }[];
  total: number;
}

describe('operation areas', () => {
  it('names a call by the part of the console it belongs to, the most specific rule winning', () => {
    expect(operationArea('room/cardAdd')).toBe('cards');
    expect(operationArea('room/addStaff')).toBe('staff');
    expect(operationArea('room/tenant/update/checkIn')).toBe('stays');
    expect(operationArea('room/tenant/limitPassword')).toBe('passwords');
    expect(operationArea('lock/messageList')).toBe('messages');
    expect(operationArea('lock/managerAddNew')).toBe('cards');
    expect(operationArea('lock/addFirmwares')).toBe('equipment');
    expect(operationArea('Order/recharge')).toBe('orders');
    expect(operationArea('login')).toBe('account');
    expect(operationArea('room/clientSet')).toBe('customers');
    expect(operationArea('something/new')).toBe('other');
  });

  it('documents every area in API.md §4, as the console lists them', () => {
    const doc = apiDocText();
    const section = doc.slice(doc.indexOf('### `operation/list`'), doc.indexOf('### `operation/accounts`'));
    for (const area of OPERATION_AREAS) expect(section, area).toContain(`\`${area}\``);
  });

  it('has every area of its rules in the list the filter accepts', () => {
    expect(new Set(OPERATION_AREAS).size).toBe(OPERATION_AREAS.length);
    expect(OPERATION_AREAS).toContain('other');
  });
});

describeEachDatabase('operation log filters', (t) => {
  beforeEach(() => t.reset());
  const list = async (token: string, filters: Record<string, unknown>) => {
    const res = await t.call<LogPage>('operation/list', { limit: 100, ...filters }, { token });
    expect(res.errno, res.errmsg).toBe(0);
    expect(res.data.total).toBe(res.data.list.length);
    return res.data.list;
  };

  const scenario = () => roomScopeScenario(t);

  it('filters by room: the entries that reached it, with the rooms each entry names', async () => {
    const { superToken } = await scenario();
    const rows = await list(superToken, { room_id: t.ids.rooms['2106'] });
    expect(rows.map((r) => r.summary)).toEqual(['Check-in: room 2106, Unassigned Guest']);
    expect(rows[0]).toMatchObject({
      area: 'stays',
      rooms: [{ id: t.ids.rooms['2106'], name: '2106' }],
      room_count: 1,
    });
    expect(await list(superToken, { room_id: t.ids.rooms['1101'] })).toEqual([]);
  });

  it('filters by area and by result', async () => {
    const { superToken } = await scenario();
    expect((await list(superToken, { area: 'stays' })).map((r) => r.path)).toEqual([
      'room/tenant/update/checkIn',
      'room/tenant/update/checkIn',
    ]);
    expect((await list(superToken, { area: 'hotel' })).map((r) => r.summary)).toEqual([
      expect.stringContaining('Renamed'),
    ]);
    expect((await list(superToken, { area: 'account' })).map((r) => r.path)).toEqual(['login', 'login']);
    const refused = await list(superToken, { result: 'refused' });
    expect(refused).toMatchObject([{ path: 'room/setRoomStatus', code: 'PERMISSION_DENIED', area: 'rooms' }]);
    expect(await list(superToken, { result: 'ok' })).toHaveLength(6);
    expect(await list(superToken, { area: 'orders' })).toEqual([]);
    // Filters combine.
    expect(
      await list(superToken, { area: 'rooms', result: 'ok', user_id: t.ids.users.secondary }),
    ).toHaveLength(1);
  });

  it('keeps the scope rule: a room filter narrows a secondary administrator view and never widens it', async () => {
    const { secondary } = await scenario();
    const mine = await list(secondary, { room_id: t.ids.rooms['1106'] });
    expect(mine.map((r) => r.summary)).toEqual(['Check-in: room 1106, Assigned Guest']);
    // A room out of their scope is refused (as in lock/checkHistory), another hotel's room is not found.
    const other = await t.call('operation/list', { room_id: t.ids.rooms['2106'] }, { token: secondary });
    expect(other.code).toBe('PERMISSION_DENIED');
    const missing = await t.call('operation/list', { room_id: 999_999 }, { token: secondary });
    expect(missing.code).toBe('NOT_FOUND');
    // The area filter does not reach others' entries outside their rooms (the hotel rename).
    expect(await list(secondary, { area: 'hotel' })).toEqual([]);
  });

  it('shows a room-limited caller only the rooms of an entry in their scope, counting the others', async () => {
    const superToken = await t.login(DEMO_ACCOUNTS.super);
    const template = await t.db
      .selectFrom('price_templates')
      .select('id')
      .where('hotel_id', '=', t.ids.hotelId)
      .executeTakeFirstOrThrow();
    const ids = ['2106', '1106'].map((n) => t.ids.rooms[n]);
    const applied = await t.call(
      'priceTemplate/setPriceTemplate',
      { id: template.id, room_ids: ids },
      { token: superToken },
    );
    expect(applied.errno).toBe(0);
    const secondary = await t.login(DEMO_ACCOUNTS.secondary);
    const [row] = await list(secondary, { area: 'prices' });
    expect(row).toMatchObject({ rooms: [{ name: '1106' }], room_count: 2 });
    const [full] = await list(superToken, { area: 'prices' });
    expect(full?.rooms.map((r) => r.name)).toEqual(['1106', '2106']);
  });

  it('refuses a reversed period and unknown filter values', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const reversed = await t.call(
      'operation/list',
      { start_time: 2_000_000_000, end_time: 1_900_000_000 },
      { token },
    );
    expect(reversed.errmsg).toBe(errorText('END_BEFORE_START', { field: 'end_time' }));
    expect((await t.call('operation/list', { area: 'kitchen' }, { token })).errmsg).toBe(
      errorText('FIELD_INVALID', { field: 'area' }),
    );
    expect((await t.call('operation/list', { result: 'maybe' }, { token })).errmsg).toBe(
      errorText('FIELD_INVALID', { field: 'result' }),
    );
  });

  it('exports with the same filters (room, area, result)', async () => {
    const { superToken, secondary } = await scenario();
    const created = await t.call<{ url: string }>(
      'export/create',
      {
        kind: 'operation_log',
        format: 'csv',
        filters: { room_id: t.ids.rooms['2106'], area: 'stays', result: 'ok' },
      },
      { token: superToken },
    );
    expect(created.errno, created.errmsg).toBe(0);
    const file = await t.app.inject({ method: 'GET', url: created.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Unassigned Guest');
    expect(file.body).not.toContain('Assigned Guest,');
    expect(file.body).not.toContain('Renamed');
    const refused = await t.call(
      'export/create',
      { kind: 'operation_log', format: 'csv', filters: { room_id: t.ids.rooms['2106'] } },
      { token: secondary },
    );
    expect(refused.code).toBe('PERMISSION_DENIED');
  });

  describe('operation/accounts (the person filter)', () => {
    it('lists the accounts with entries the caller may read, searchable and paged', async () => {
      const { superToken, secondary } = await scenario();
      const all = await t.call<AccountPage>('operation/accounts', {}, { token: superToken });
      expect(all.errno).toBe(0);
      expect(all.data.list.map((a) => a.mobile).sort()).toEqual([
        DEMO_ACCOUNTS.super,
        DEMO_ACCOUNTS.secondary,
      ]);
      const found = await t.call<AccountPage>(
        'operation/accounts',
        { keyword: 'building 1' },
        { token: superToken },
      );
      expect(found.data.list).toMatchObject([{ mobile: DEMO_ACCOUNTS.secondary, role: 'secondary' }]);
      const paged = await t.call<AccountPage>(
        'operation/accounts',
        { limit: 1, page: 2 },
        { token: superToken },
      );
      expect(paged.data).toMatchObject({ total: 2 });
      expect(paged.data.list).toHaveLength(1);
      // The secondary administrator sees the super administrator through the check-in in room 1106.
      const theirs = await t.call<AccountPage>('operation/accounts', {}, { token: secondary });
      expect(theirs.data.list.map((a) => a.mobile).sort()).toEqual([
        DEMO_ACCOUNTS.super,
        DEMO_ACCOUNTS.secondary,
      ]);
    });

    it('does not show a room-limited caller accounts whose entries reached none of their rooms', async () => {
      const superToken = await t.login(DEMO_ACCOUNTS.super);
      expect((await checkIn(t, superToken, '2106', 'Unassigned Guest')).errno).toBe(0);
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      const theirs = await t.call<AccountPage>('operation/accounts', {}, { token: secondary });
      expect(theirs.data.list.map((a) => a.mobile)).toEqual([DEMO_ACCOUNTS.secondary]);
    });
  });

  it('permission matrix: super, secondary, granted staff read; plain staff, customer manager refused; hotels apart', async () => {
    await scenario();
    const other = await createAdmin(t.db, {
      mobile: '13600000001',
      password: 'adminpass',
      scryptCost: TEST_SCRYPT_COST,
    });
    const otherToken = await t.login('13600000001', 'adminpass');
    const staff = await t.login(DEMO_ACCOUNTS.staff);
    const manager = await t.login(DEMO_ACCOUNTS.customerManager);
    for (const path of ['operation/list', 'operation/accounts']) {
      expect((await t.call(path, {}, { token: staff })).code, path).toBe('PERMISSION_DENIED');
      expect((await t.call(path, {}, { token: manager })).code, path).toBe('PERMISSION_DENIED');
      const theirs = await t.call<LogPage>(path, {}, { token: otherToken });
      expect(theirs.errno, path).toBe(0);
      // Another hotel's administrator sees its own sign-in only.
      expect(theirs.data.total, path).toBe(1);
    }
    // A room of the demo hotel is not found for the other hotel.
    const foreign = await t.call('operation/list', { room_id: t.ids.rooms['1106'] }, { token: otherToken });
    expect(foreign.code).toBe('NOT_FOUND');
    expect(other.hotelId).not.toBe(t.ids.hotelId);
    await t.db
      .updateTable('users')
      .set({ authorities: JSON.stringify(['log.view']) })
      .where('id', '=', t.ids.users.staff)
      .execute();
    const granted = await t.login(DEMO_ACCOUNTS.staff);
    expect((await t.call('operation/list', { area: 'stays' }, { token: granted })).errno).toBe(0);
  });
});
