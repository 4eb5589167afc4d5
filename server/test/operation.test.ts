import { errorText } from '@lockdesk/protocol';
import { beforeEach, expect, it } from 'vitest';
import { createAdmin, DEMO_ACCOUNTS } from '../src/demo.js';
import { describeEachDatabase, TEST_SCRYPT_COST } from './helpers.js';

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

  it('shows only the caller hotel, and not to staff', async () => {
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
});
