/**
 * Card dispensers (API.md §9.1): adding readers, the list, the heartbeat status, binding a reader to an account and
 * reading the caller's own binding, the account's dispenser type; the role matrix and bad input of each call.
 */
import type { ErrorCode } from '@lockdesk/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManageAnswer } from '../src/client.js';
import { DEMO_ACCOUNTS, DEMO_DISPENSER } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { OTHER_BAD_INPUT } from './bad-input-cases.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import { addOtherHotel, expectRefused, OTHER_ADMIN, ok } from './room-helpers.js';

interface Dispenser {
  id: number;
  mac_id: string;
  name: string;
  type: string;
  status: 'online' | 'offline' | 'unknown';
  last_seen_at: number | null;
  bound_user: { uid: number; name: string; mobile: string } | null;
}
interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
  pageSize: number;
}

export const DISPENSER_CALLS = [
  'cardDispenser/add',
  'cardDispenser/lists',
  'cardDispenser/checkStatus',
  'cardDispenser/userBind',
  'cardDispenser/getUserBind',
  'User/setUserDispenserType',
  'User/getUserDispenserType',
  'app/getAesEight',
];

let macSeq = 0;
/** A fresh 12-digit reader address. */
const newMac = () => `9900${String(++macSeq).padStart(8, '0')}`;

describeEachDatabase('card dispensers', (t) => {
  let superToken: string;
  let secondaryToken: string;
  let staffToken: string;
  beforeAll(async () => {
    await t.reset();
    superToken = await t.login(DEMO_ACCOUNTS.super);
    secondaryToken = await t.login(DEMO_ACCOUNTS.secondary);
    staffToken = await t.login(DEMO_ACCOUNTS.staff);
  });

  it('the demo binds the simulated encoder to the owner, so the remote reader works out of the box', async () => {
    const bind = ok(await t.call('cardDispenser/getUserBind', {}, { token: superToken }));
    expect(bind).toEqual({ mac_id: DEMO_DISPENSER, type: '1', name: 'Reception encoder' });
    expect(ok(await t.call('User/getUserDispenserType', {}, { token: superToken }))).toEqual({ type: '1' });
    // Nobody else has a reader yet.
    expect(ok(await t.call('cardDispenser/getUserBind', {}, { token: staffToken }))).toEqual({
      mac_id: '',
      type: '',
      name: '',
    });
    expect(ok(await t.call('User/getUserDispenserType', {}, { token: staffToken }))).toEqual({ type: '' });
  });

  it('adds readers by 12 digits or 12 hex, renames on a second add, and refuses another hotel’s', async () => {
    const mac = newMac();
    const added = ok(
      await t.call<Dispenser>(
        'cardDispenser/add',
        { mac_id: mac, name: 'Lobby', type: '4' },
        { token: superToken },
      ),
    );
    expect(added).toMatchObject({
      mac_id: mac,
      name: 'Lobby',
      type: '4',
      status: 'unknown',
      bound_user: null,
    });
    const again = ok(
      await t.call<Dispenser>('cardDispenser/add', { mac_id: mac, type: '2' }, { token: secondaryToken }),
    );
    expect(again).toMatchObject({ id: added.id, name: 'Lobby', type: '2' });
    const hex = ok(
      await t.call<Dispenser>(
        'cardDispenser/add',
        { mac_id: 'a1b2c3d4e5f6', type: '1' },
        { token: superToken },
      ),
    );
    expect(hex.mac_id).toBe('A1B2C3D4E5F6');

    await addOtherHotel(t.db, t.clock.ms);
    const other = await t.login(OTHER_ADMIN);
    expectRefused(
      await t.call('cardDispenser/add', { mac_id: mac, type: '1' }, { token: other }),
      'FIELD_INVALID',
      { field: 'mac_id' },
    );
    // The other hotel sees none of ours.
    expect(ok(await t.call<Page<Dispenser>>('cardDispenser/lists', {}, { token: other })).total).toBe(0);
    expectRefused(await t.call('cardDispenser/checkStatus', { mac_id: mac }, { token: other }), 'NOT_FOUND');
    // Staff use readers but do not install them.
    expectRefused(
      await t.call('cardDispenser/add', { mac_id: newMac(), type: '1' }, { token: staffToken }),
      'PERMISSION_DENIED',
    );
  });

  it('lists with paging, a keyword and the bound account', async () => {
    const page = ok(
      await t.call<Page<Dispenser>>('cardDispenser/lists', { pageSize: 1, page: 1 }, { token: superToken }),
    );
    expect(page.list).toHaveLength(1);
    expect(page.pageSize).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const found = ok(
      await t.call<Page<Dispenser>>('cardDispenser/lists', { keyword: 'Demo owner' }, { token: staffToken }),
    );
    expect(found.list.map((d) => d.mac_id)).toEqual([DEMO_DISPENSER]);
    expect(found.list[0]!.bound_user).toEqual({
      uid: t.ids.users.super,
      name: 'Demo owner',
      mobile: '13800138000',
    });
    const byType = ok(
      await t.call<Page<Dispenser>>('cardDispenser/lists', { type: '1' }, { token: superToken }),
    );
    expect(byType.list.every((d) => d.type === '1')).toBe(true);
  });

  it('is online within three heartbeat periods of the last heartbeat a console saw', async () => {
    const mac = newMac();
    ok(await t.call('cardDispenser/add', { mac_id: mac, type: '1' }, { token: superToken }));
    expect(ok(await t.call('cardDispenser/checkStatus', { mac_id: mac }, { token: staffToken }))).toEqual({
      mac_id: mac,
      status: 'unknown',
      last_seen_at: null,
    });
    const seenAt = Math.floor(t.clock.ms / 1000);
    expect(
      ok(await t.call('cardDispenser/checkStatus', { mac_id: mac, seen: 1 }, { token: staffToken })),
    ).toEqual({ mac_id: mac, status: 'online', last_seen_at: seenAt });
    t.clock.advance(180_000);
    expect(
      ok(
        await t.call<{ status: string }>('cardDispenser/checkStatus', { mac_id: mac }, { token: staffToken }),
      ).status,
    ).toBe('online');
    t.clock.advance(1_000);
    expect(ok(await t.call('cardDispenser/checkStatus', { mac_id: mac }, { token: superToken }))).toEqual({
      mac_id: mac,
      status: 'offline',
      last_seen_at: seenAt,
    });
    const listed = ok(
      await t.call<Page<Dispenser>>('cardDispenser/lists', { keyword: mac }, { token: superToken }),
    );
    expect(listed.list[0]).toMatchObject({ status: 'offline', last_seen_at: seenAt });
    // A later heartbeat brings it back.
    ok(await t.call('cardDispenser/checkStatus', { mac_id: mac, seen: '1' }, { token: superToken }));
    expect(
      ok(
        await t.call<{ status: string }>('cardDispenser/checkStatus', { mac_id: mac }, { token: superToken }),
      ).status,
    ).toBe('online');
    // Heartbeats are not operations: nothing in the log.
    const logged = await t.db
      .selectFrom('operation_log')
      .select('id')
      .where('path', '=', 'cardDispenser/checkStatus')
      .execute();
    expect(logged).toHaveLength(0);
  });

  it('binds one reader per account, unbinds with user_id 0, and each caller reads only its own', async () => {
    const mac = newMac();
    ok(await t.call('cardDispenser/add', { mac_id: mac, type: '3' }, { token: superToken }));
    const bound = ok(
      await t.call<Dispenser>(
        'cardDispenser/userBind',
        { mac_id: mac, user_id: t.ids.users.staff },
        { token: superToken },
      ),
    );
    expect(bound.bound_user).toMatchObject({ uid: t.ids.users.staff, name: 'Front desk' });
    expect(ok(await t.call('cardDispenser/getUserBind', {}, { token: staffToken }))).toMatchObject({
      mac_id: mac,
      type: '3',
    });
    // A second reader for the same account replaces the first.
    const second = newMac();
    ok(await t.call('cardDispenser/add', { mac_id: second, type: '4' }, { token: superToken }));
    ok(
      await t.call(
        'cardDispenser/userBind',
        { mac_id: second, user_id: t.ids.users.staff },
        { token: superToken },
      ),
    );
    expect(ok(await t.call('cardDispenser/getUserBind', {}, { token: staffToken }))).toMatchObject({
      mac_id: second,
      type: '4',
    });
    const first = ok(
      await t.call<Page<Dispenser>>('cardDispenser/lists', { keyword: mac }, { token: superToken }),
    );
    expect(first.list[0]!.bound_user).toBeNull();
    // Unbind.
    const unbound = ok(
      await t.call<Dispenser>(
        'cardDispenser/userBind',
        { mac_id: second, user_id: 0 },
        { token: superToken },
      ),
    );
    expect(unbound.bound_user).toBeNull();
    expect(ok(await t.call('cardDispenser/getUserBind', {}, { token: staffToken }))).toMatchObject({
      mac_id: '',
    });
    // The owner's binding is untouched throughout.
    expect(ok(await t.call('cardDispenser/getUserBind', {}, { token: superToken }))).toMatchObject({
      mac_id: DEMO_DISPENSER,
    });
  });

  it('a secondary administrator binds readers to itself and its own staff only', async () => {
    const mac = newMac();
    ok(await t.call('cardDispenser/add', { mac_id: mac, type: '1' }, { token: secondaryToken }));
    ok(
      await t.call(
        'cardDispenser/userBind',
        { mac_id: mac, user_id: t.ids.users.secondary },
        { token: secondaryToken },
      ),
    );
    expect(ok(await t.call('cardDispenser/getUserBind', {}, { token: secondaryToken }))).toMatchObject({
      mac_id: mac,
    });
    // The front desk was added by the owner, not by the secondary administrator.
    expectRefused(
      await t.call(
        'cardDispenser/userBind',
        { mac_id: mac, user_id: t.ids.users.staff },
        { token: secondaryToken },
      ),
      'PERMISSION_DENIED',
    );
    // Nor may it take the owner's reader away.
    expectRefused(
      await t.call(
        'cardDispenser/userBind',
        { mac_id: DEMO_DISPENSER, user_id: 0 },
        { token: secondaryToken },
      ),
      'PERMISSION_DENIED',
    );
    // An account of another hotel or a customer manager is no one to bind to.
    expectRefused(
      await t.call(
        'cardDispenser/userBind',
        { mac_id: mac, user_id: t.ids.users.customerManager },
        { token: superToken },
      ),
      'NOT_FOUND',
    );
    expectRefused(
      await t.call('cardDispenser/userBind', { mac_id: mac, user_id: 999_999 }, { token: superToken }),
      'NOT_FOUND',
    );
  });

  it('keeps each account’s dispenser type', async () => {
    expect(ok(await t.call('User/setUserDispenserType', { type: '4' }, { token: staffToken }))).toEqual({
      type: '4',
    });
    expect(ok(await t.call('User/getUserDispenserType', {}, { token: staffToken }))).toEqual({ type: '4' });
    expect(ok(await t.call('User/getUserDispenserType', {}, { token: superToken }))).toEqual({ type: '1' });
    ok(await t.call('User/setUserDispenserType', { type: 2 }, { token: staffToken }));
    expect(ok(await t.call('User/getUserDispenserType', {}, { token: staffToken }))).toEqual({ type: '2' });
  });

  it('app/getAesEight answers what room/getCheckData answers, before and after the hotel encrypts', async () => {
    const uid = '04A1B2C3D4E5F6';
    const plain = ok(await t.call('app/getAesEight', { card_uid: uid.toLowerCase() }, { token: staffToken }));
    expect(plain).toEqual(ok(await t.call('room/getCheckData', { card_uid: uid }, { token: staffToken })));
    ok(await t.call('room/cardEncryption', { sectors: [1, 2, 13] }, { token: superToken }));
    const keyed = ok(
      await t.call<{ uid: string; keys: Record<string, string>; encrypted_sectors: number[] }>(
        'app/getAesEight',
        { card_uid: uid },
        { token: staffToken },
      ),
    );
    expect(keyed).toEqual(ok(await t.call('room/getCheckData', { card_uid: uid }, { token: staffToken })));
    expect(keyed.uid).toBe(uid);
    expect(keyed.encrypted_sectors).toEqual([1, 2, 13]);
    expect(keyed.keys['2']).toMatch(/^[0-9A-F]{12}$/);
    expect(keyed.keys['2']).not.toBe('FFFFFFFFFFFF');
    expect(keyed).not.toEqual(plain);
  });

  describe('by role', () => {
    const COLUMNS = [
      { name: 'super administrator', mobile: DEMO_ACCOUNTS.super },
      { name: 'secondary administrator', mobile: DEMO_ACCOUNTS.secondary },
      { name: 'staff', mobile: DEMO_ACCOUNTS.staff },
      { name: "another hotel's administrator", mobile: OTHER_ADMIN },
      { name: 'customer manager', mobile: DEMO_ACCOUNTS.customerManager },
    ] as const;
    type Allowed = [boolean, boolean, boolean, boolean, boolean];
    interface Row {
      path: string;
      allowed: Allowed;
      body(t: TestApp, mobile: string): Promise<Record<string, unknown>> | Record<string, unknown>;
      reached?(t: TestApp, res: ManageAnswer<Record<string, unknown>>): boolean;
    }
    const ofThisHotel = (res: ManageAnswer<Record<string, unknown>>) =>
      res.errno === 0 && (res.data['list'] as { mac_id: string }[]).some((d) => d.mac_id === DEMO_DISPENSER);
    const ROWS: Row[] = [
      {
        path: 'cardDispenser/add',
        allowed: [true, true, false, true, false],
        body: () => ({ mac_id: newMac(), type: '1' }),
      },
      {
        path: 'cardDispenser/lists',
        allowed: [true, true, true, false, false],
        body: () => ({}),
        reached: (_t, r) => ofThisHotel(r),
      },
      {
        path: 'cardDispenser/checkStatus',
        allowed: [true, true, true, false, false],
        body: () => ({ mac_id: DEMO_DISPENSER, seen: 1 }),
      },
      {
        // Binding the demo reader to the caller's own account.
        path: 'cardDispenser/userBind',
        allowed: [true, false, false, false, false],
        body: async (t, mobile) => {
          const me = await t.db
            .selectFrom('users')
            .select('id')
            .where('mobile', '=', mobile)
            .executeTakeFirstOrThrow();
          return { mac_id: DEMO_DISPENSER, user_id: me.id };
        },
      },
      {
        // Everyone reads their own binding; only the owner has the demo reader.
        path: 'cardDispenser/getUserBind',
        allowed: [true, false, false, false, false],
        body: () => ({}),
        reached: (_t, r) => r.errno === 0 && r.data['mac_id'] === DEMO_DISPENSER,
      },
      {
        path: 'User/setUserDispenserType',
        allowed: [true, true, true, true, true],
        body: () => ({ type: '2' }),
      },
      { path: 'User/getUserDispenserType', allowed: [true, true, true, true, true], body: () => ({}) },
      {
        // Each hotel's own keys: another hotel's administrator gets its hotel's, never this one's.
        path: 'app/getAesEight',
        allowed: [true, true, true, true, false],
        body: () => ({ card_uid: 'A1B2C3D4' }),
      },
    ];
    const refusals = new Set(
      (['PERMISSION_DENIED', 'NOT_FOUND'] as ErrorCode[]).map((c) => messageFor('en', c)),
    );
    const tokens = new Map<string, string>();
    beforeAll(async () => {
      await t.reset();
      await addOtherHotel(t.db, t.clock.ms);
      for (const col of COLUMNS) tokens.set(col.mobile, await t.login(col.mobile));
    });

    it('covers every call of this area', () => {
      expect(ROWS.map((r) => r.path).sort()).toEqual([...DISPENSER_CALLS].sort());
    });

    for (const row of ROWS) {
      it(`${row.path}: ${row.allowed.map((a, i) => `${COLUMNS[i]!.name} ${a ? 'yes' : 'no'}`).join('; ')}`, async () => {
        // Refused roles first, so the data they see is the demo's.
        const order = COLUMNS.map((col, i) => ({ col, allowed: row.allowed[i]! })).sort(
          (a, b) => Number(a.allowed) - Number(b.allowed),
        );
        for (const { col, allowed } of order) {
          const res = await t.call<Record<string, unknown>>(row.path, await row.body(t, col.mobile), {
            token: tokens.get(col.mobile)!,
          });
          const reached = row.reached ? row.reached(t, res) : res.errno === 0;
          expect({ column: col.name, reached }).toEqual({ column: col.name, reached: allowed });
          if (!allowed && res.errno !== 0)
            expect({ column: col.name, refused: refusals.has(res.errmsg) }).toEqual({
              column: col.name,
              refused: true,
            });
        }
      });
    }
  });

  describe('bad input', () => {
    let token: string;
    beforeAll(async () => {
      await t.reset();
      token = await t.login(DEMO_ACCOUNTS.super);
    });
    for (const path of DISPENSER_CALLS) {
      it(path, async () => {
        const cases = OTHER_BAD_INPUT[path];
        expect(cases).toBeDefined();
        if (cases!.length === 0) expect((await t.call(path, { unknown: 'x' }, { token })).errno).toBe(0);
        for (const [body, code, params] of cases!)
          expectRefused(await t.call(path, body, { token }), code, params);
      });
    }
  });
});
