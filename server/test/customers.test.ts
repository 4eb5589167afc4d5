/**
 * Customers (API.md §16): a super administrator's customer manager (room/clientList, room/clientSet,
 * room/clientDelete) and a customer manager's clients, with the permission matrix of both roles.
 */
import { errorText } from '@lockdesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, DEMO_ACCOUNTS } from '../src/demo.js';
import { describeEachDatabase, TEST_SCRYPT_COST } from './helpers.js';

const DAY = 86_400_000;

interface ManagerView {
  view: 'manager';
  manager: { id: number; mobile: string; nickname: string } | null;
  service_expires_at: number | null;
  days_left: number | null;
  expired: boolean;
  expiring: boolean;
}
interface Client {
  id: number;
  mobile: string;
  hotel_name: string;
  service_expires_at: number | null;
  days_left: number | null;
  expired: boolean;
  expiring: boolean;
}
interface ClientsView {
  view: 'clients';
  list: Client[];
  total: number;
  page: number;
  limit: number;
}

describeEachDatabase('customers', (t) => {
  beforeEach(() => t.reset());

  /** Two more hotels under the demo customer manager: one expired, one expiring in 10 days; a third with none. */
  const clients = async () => {
    const add = async (mobile: string, hotelName: string, expiresInDays: number | null, parent = true) => {
      const { uid } = await createAdmin(t.db, {
        mobile,
        password: 'adminpass',
        hotelName,
        scryptCost: TEST_SCRYPT_COST,
      });
      await t.db
        .updateTable('users')
        .set({
          parent_id: parent ? t.ids.users.customerManager : null,
          service_expires_at: expiresInDays === null ? null : new Date(t.clock.ms + expiresInDays * DAY),
        })
        .where('id', '=', uid)
        .execute();
      return uid;
    };
    return {
      expired: await add('13600000001', 'Harbour Inn', -2),
      expiring: await add('13600000002', 'Lakeside Lodge', 10),
      orphan: await add('13600000003', 'Orphan Hotel', null, false),
    };
  };

  describe('a super administrator', () => {
    it('sees its customer manager and its service period', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const res = await t.call<ManagerView>('room/clientList', {}, { token });
      expect(res.errno, res.errmsg).toBe(0);
      expect(res.data).toMatchObject({
        view: 'manager',
        manager: { id: t.ids.users.customerManager, mobile: DEMO_ACCOUNTS.customerManager },
        days_left: 365,
        expired: false,
        expiring: false,
      });
    });

    it('removes the manager, then sets it again by mobile; both are logged', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const removed = await t.call<ManagerView>('room/clientDelete', {}, { token });
      expect(removed.data.manager).toBeNull();
      const parent = () =>
        t.db
          .selectFrom('users')
          .select('parent_id')
          .where('id', '=', t.ids.users.super)
          .executeTakeFirstOrThrow();
      expect((await parent()).parent_id).toBeNull();
      // Nothing left to remove.
      expect((await t.call('room/clientDelete', {}, { token })).code).toBe('NOT_FOUND');
      const set = await t.call<ManagerView>(
        'room/clientSet',
        { mobile: DEMO_ACCOUNTS.customerManager },
        { token },
      );
      expect(set.errno, set.errmsg).toBe(0);
      expect(set.data.manager?.mobile).toBe(DEMO_ACCOUNTS.customerManager);
      expect((await parent()).parent_id).toBe(t.ids.users.customerManager);
      const log = await t.call<{ list: { path: string; summary: string }[] }>(
        'operation/list',
        { area: 'customers', result: 'ok' },
        { token },
      );
      expect(log.data.list.map((l) => l.summary)).toEqual([
        `Customer manager set to ${DEMO_ACCOUNTS.customerManager}`,
        'Customer manager removed',
      ]);
    });

    it('the manager set is the contact of the service-expired message', async () => {
      const other = await t.db
        .insertInto('users')
        .values({ mobile: '13900000009', password_hash: 'x', role: 'customer_manager', hotel_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await t.login(DEMO_ACCOUNTS.super);
      expect((await t.call('room/clientSet', { mobile: '13900000009' }, { token })).errno).toBe(0);
      await t.db
        .updateTable('users')
        .set({ service_expires_at: new Date(t.clock.ms - 1000) })
        .where('id', '=', t.ids.users.super)
        .execute();
      const refused = await t.call('room/clientList', {}, { token });
      expect(refused.errmsg).toBe(errorText('SERVICE_EXPIRED', { parentMobile: '13900000009' }));
      expect(other.id).toBeGreaterThan(0);
    });

    it('refuses an empty, malformed or unknown mobile, and a mobile that is not a customer manager', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const set = (mobile?: string) =>
        t.call('room/clientSet', mobile === undefined ? {} : { mobile }, { token });
      expect((await set()).errmsg).toBe(errorText('CUSTOMER_MANAGER_MOBILE_EMPTY'));
      expect((await set('')).errmsg).toBe(errorText('CUSTOMER_MANAGER_MOBILE_EMPTY'));
      expect((await set('12345')).errmsg).toBe(errorText('MOBILE_INVALID'));
      expect((await set('13911110000')).errmsg).toBe(errorText('ACCOUNT_NOT_FOUND'));
      expect((await set(DEMO_ACCOUNTS.secondary)).errmsg).toBe(errorText('ACCOUNT_NOT_FOUND'));
      // A mismatched id removes nothing.
      expect((await t.call('room/clientDelete', { id: t.ids.users.staff }, { token })).code).toBe(
        'NOT_FOUND',
      );
    });
  });

  describe('a customer manager', () => {
    it('lists its clients, most urgent first, with days left; searchable, filtered by state and paged', async () => {
      const ids = await clients();
      const token = await t.login(DEMO_ACCOUNTS.customerManager);
      const res = await t.call<ClientsView>('room/clientList', {}, { token });
      expect(res.errno, res.errmsg).toBe(0);
      expect(res.data).toMatchObject({ view: 'clients', total: 3, page: 1 });
      expect(res.data.list.map((c) => [c.hotel_name, c.days_left, c.expired, c.expiring])).toEqual([
        ['Harbour Inn', 0, true, false],
        ['Lakeside Lodge', 10, false, true],
        ['LockDesk Demo Hotel', 365, false, false],
      ]);
      expect(res.data.list.map((c) => c.id)).not.toContain(ids.orphan);
      const search = await t.call<ClientsView>('room/clientList', { keyword: 'lake' }, { token });
      expect(search.data.list.map((c) => c.mobile)).toEqual(['13600000002']);
      const byMobile = await t.call<ClientsView>('room/clientList', { keyword: '13800138000' }, { token });
      expect(byMobile.data.list.map((c) => c.hotel_name)).toEqual(['LockDesk Demo Hotel']);
      for (const [state, hotel] of [
        ['expired', 'Harbour Inn'],
        ['expiring', 'Lakeside Lodge'],
        ['active', 'LockDesk Demo Hotel'],
      ] as const) {
        const only = await t.call<ClientsView>('room/clientList', { state }, { token });
        expect(
          only.data.list.map((c) => c.hotel_name),
          state,
        ).toEqual([hotel]);
      }
      const page2 = await t.call<ClientsView>('room/clientList', { limit: 2, page: 2 }, { token });
      expect(page2.data).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(page2.data.list.map((c) => c.hotel_name)).toEqual(['LockDesk Demo Hotel']);
    });

    it('drops a client of its own only', async () => {
      const ids = await clients();
      const token = await t.login(DEMO_ACCOUNTS.customerManager);
      expect((await t.call('room/clientDelete', {}, { token })).errmsg).toBe(
        errorText('FIELD_REQUIRED', { field: 'id' }),
      );
      expect((await t.call('room/clientDelete', { id: ids.orphan }, { token })).code).toBe('NOT_FOUND');
      expect((await t.call('room/clientDelete', { id: t.ids.users.secondary }, { token })).code).toBe(
        'NOT_FOUND',
      );
      const dropped = await t.call('room/clientDelete', { id: ids.expired }, { token });
      expect(dropped).toMatchObject({ errno: 0, data: { id: ids.expired } });
      const res = await t.call<ClientsView>('room/clientList', {}, { token });
      expect(res.data.total).toBe(2);
      // It may not set a manager (that is the hotel's choice).
      expect(
        (await t.call('room/clientSet', { mobile: DEMO_ACCOUNTS.customerManager }, { token })).code,
      ).toBe('PERMISSION_DENIED');
    });
  });

  it('permission matrix: secondary administrators and staff are refused; another hotel sees its own manager', async () => {
    for (const mobile of [DEMO_ACCOUNTS.secondary, DEMO_ACCOUNTS.staff]) {
      const token = await t.login(mobile);
      for (const [path, body] of [
        ['room/clientList', {}],
        ['room/clientSet', { mobile: DEMO_ACCOUNTS.customerManager }],
        ['room/clientDelete', { id: t.ids.users.super }],
      ] as const) {
        expect((await t.call(path, body, { token })).code, `${mobile} ${path}`).toBe('PERMISSION_DENIED');
      }
    }
    await createAdmin(t.db, { mobile: '13600000009', password: 'adminpass', scryptCost: TEST_SCRYPT_COST });
    const other = await t.login('13600000009', 'adminpass');
    const theirs = await t.call<ManagerView>('room/clientList', {}, { token: other });
    expect(theirs.data).toMatchObject({ view: 'manager', manager: null, service_expires_at: null });
    // Removing "its" manager cannot touch the demo hotel's.
    expect(
      (await t.call('room/clientDelete', { id: t.ids.users.customerManager }, { token: other })).code,
    ).toBe('NOT_FOUND');
    const demo = await t.db
      .selectFrom('users')
      .select('parent_id')
      .where('id', '=', t.ids.users.super)
      .executeTakeFirstOrThrow();
    expect(demo.parent_id).toBe(t.ids.users.customerManager);
  });
});
