/**
 * Broker credentials (issue 19 §2, API.md §20): the console's short-lived credential (`broker/credential`), the
 * gateway's per-reader credential (`dispenser/brokerCredential`) and the brokers' check (`POST /broker/auth`):
 * what each may use, renewal and expiry, death with the session on every revocation path, hotel isolation, the
 * failure limit per named credential (per address only for names of none).
 */
import { BROKER_CREDENTIAL } from '@lockdesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_DISPENSER } from '../src/demo.js';
import { describeEachDatabase, latestSmsCode, type TestApp } from './helpers.js';
import { addOtherHotel, expectRefused, OTHER_ADMIN, ok } from './room-helpers.js';

interface ConsoleCredential {
  username: string;
  password?: string;
  expires_at: number;
  ttl: number;
  devices: string[];
}
interface Verdict {
  result: 'allow' | 'deny';
  is_superuser?: boolean;
  kind?: 'console' | 'gateway';
  devices?: string[];
  expire_at?: number;
  acl?: { permission: string; action: string; topic: string }[];
}

const OTHER_READER = '0A0B0C0D0E0F';

async function brokerAuth(
  t: TestApp,
  body: unknown,
  remoteAddress = '127.0.0.1',
): Promise<{ status: number; verdict: Verdict }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/broker/auth',
    remoteAddress,
    ...(typeof body === 'string'
      ? { payload: body, headers: { 'content-type': 'application/json' } }
      : { payload: body as Record<string, unknown> }),
  });
  return { status: res.statusCode, verdict: res.json() as Verdict };
}

const allowed = async (t: TestApp, c: { username: string; password?: string }) =>
  (await brokerAuth(t, { username: c.username, password: c.password, clientid: 'c1' })).verdict;

describeEachDatabase('broker credentials', (t) => {
  let superToken: string;
  beforeEach(async () => {
    await t.reset();
    superToken = await t.login(DEMO_ACCOUNTS.super);
  });

  const issue = async (token: string, username?: string) =>
    ok(await t.call<ConsoleCredential>('broker/credential', username ? { username } : {}, { token }));

  describe('the console credential', () => {
    it('is new, shown once, for the readers of the caller’s hotel, and stored only as a hash', async () => {
      const c = await issue(superToken);
      expect(c.username).toMatch(/^console-[0-9a-f]{24}$/);
      expect(c.password).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(c.ttl).toBe(BROKER_CREDENTIAL.ttlSeconds);
      expect(c.expires_at).toBe(Math.floor(t.clock.ms / 1000) + 600);
      expect(c.devices).toEqual([DEMO_DISPENSER]);
      const rows = await t.db.selectFrom('broker_credentials').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(c.password);
    });

    it('lets a broker admit it with exactly the console topics of the hotel’s readers', async () => {
      const c = await issue(superToken);
      const v = await allowed(t, c);
      expect(v).toEqual({
        result: 'allow',
        is_superuser: false,
        kind: 'console',
        devices: [DEMO_DISPENSER],
        expire_at: c.expires_at,
        acl: [
          { permission: 'allow', action: 'publish', topic: `lockdesk/send/${DEMO_DISPENSER}` },
          { permission: 'allow', action: 'subscribe', topic: `lockdesk/receive/${DEMO_DISPENSER}` },
          { permission: 'allow', action: 'subscribe', topic: `lockdesk/heartbeat/${DEMO_DISPENSER}` },
          { permission: 'allow', action: 'subscribe', topic: `lockdesk/state/${DEMO_DISPENSER}` },
        ],
      });
    });

    it('names the hotel’s readers at each check, a reader added later included', async () => {
      const c = await issue(superToken);
      ok(await t.call('cardDispenser/add', { mac_id: '112233445566', type: '1' }, { token: superToken }));
      expect((await allowed(t, c)).devices).toEqual([DEMO_DISPENSER, '112233445566']);
    });

    it('refuses a wrong password, an unknown user and a malformed body', async () => {
      const c = await issue(superToken);
      expect(await allowed(t, { username: c.username, password: `${c.password}x` })).toEqual({
        result: 'deny',
      });
      expect(
        await allowed(t, { username: 'console-000000000000000000000000', password: c.password }),
      ).toEqual({
        result: 'deny',
      });
      expect((await brokerAuth(t, { username: c.username })).verdict).toEqual({ result: 'deny' });
      expect((await brokerAuth(t, '{not json')).verdict).toEqual({ result: 'deny' });
      expect((await brokerAuth(t, { username: 7, password: [] })).verdict).toEqual({ result: 'deny' });
      expect((await brokerAuth(t, '{not json')).status).toBe(200);
    });

    it('is renewed by name without a new password, and a name that is not this session’s gets a new one', async () => {
      const c = await issue(superToken);
      t.clock.advance(300_000);
      const renewed = await issue(superToken, c.username);
      expect(renewed.username).toBe(c.username);
      expect(renewed.password).toBeUndefined();
      expect(renewed.expires_at).toBe(Math.floor(t.clock.ms / 1000) + 600);
      t.clock.advance(500_000);
      expect((await allowed(t, c)).result).toBe('allow');

      const otherSession = await t.login(DEMO_ACCOUNTS.super);
      const fresh = await issue(otherSession, c.username);
      expect(fresh.username).not.toBe(c.username);
      expect(fresh.password).toBeDefined();
      expect((await allowed(t, c)).result).toBe('allow');
    });

    it('is refused once expired, and naming it then gives a new one', async () => {
      const c = await issue(superToken);
      t.clock.advance(600_000);
      expect(await allowed(t, c)).toEqual({ result: 'deny' });
      const next = await issue(superToken, c.username);
      expect(next.username).not.toBe(c.username);
      expect((await allowed(t, next)).result).toBe('allow');
    });

    it('never outlives its session', async () => {
      const session = await t.db
        .selectFrom('sessions')
        .select(['id', 'expires_at'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const end = t.clock.ms + 120_000;
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(end) })
        .where('id', '=', session.id)
        .execute();
      const c = await issue(superToken);
      expect(c.expires_at).toBe(Math.floor(end / 1000));
      t.clock.advance(120_000);
      expect(await allowed(t, c)).toEqual({ result: 'deny' });
    });

    it('dies at logout, and its row is gone', async () => {
      const c = await issue(superToken);
      ok(await t.call('logout', {}, { token: superToken }));
      expect(await allowed(t, c)).toEqual({ result: 'deny' });
      expect(await t.db.selectFrom('broker_credentials').selectAll().execute()).toEqual([]);
    });

    it('dies with the other sessions at a password change, and at a password reset', async () => {
      const other = await t.login(DEMO_ACCOUNTS.super);
      const mine = await issue(superToken);
      const theirs = await issue(other);
      ok(
        await t.call(
          'setting/updatePassword',
          { oldPassword: 'demo1234', newPassword: 'demo5678' },
          { token: superToken },
        ),
      );
      expect(await allowed(t, theirs)).toEqual({ result: 'deny' });
      expect((await allowed(t, mine)).result).toBe('allow');

      ok(await t.call('getBack/sendMsg', { mobile: DEMO_ACCOUNTS.super }));
      const code = await latestSmsCode(t.db);
      ok(await t.call('getBack/reset', { mobile: DEMO_ACCOUNTS.super, code, password: 'demo9999' }));
      expect(await allowed(t, mine)).toEqual({ result: 'deny' });
      expect(await t.db.selectFrom('broker_credentials').selectAll().execute()).toEqual([]);
    });

    it('dies when the account is frozen or removed', async () => {
      const staffToken = await t.login(DEMO_ACCOUNTS.staff);
      const staffCredential = await issue(staffToken);
      const c = await issue(superToken);
      await t.db
        .updateTable('users')
        .set({ frozen: true })
        .where('mobile', '=', DEMO_ACCOUNTS.super)
        .execute();
      expect(await allowed(t, c)).toEqual({ result: 'deny' });
      await t.db
        .updateTable('users')
        .set({ frozen: false })
        .where('mobile', '=', DEMO_ACCOUNTS.super)
        .execute();
      expect((await allowed(t, staffCredential)).result).toBe('allow');
      ok(await t.call('room/deleteStaff', { id: t.ids.users.staff }, { token: superToken }));
      expect(await allowed(t, staffCredential)).toEqual({ result: 'deny' });
    });

    it('of another hotel names only that hotel’s readers, never this one’s', async () => {
      await addOtherHotel(t.db, t.clock.ms);
      const otherToken = await t.login(OTHER_ADMIN);
      ok(await t.call('cardDispenser/add', { mac_id: OTHER_READER, type: '1' }, { token: otherToken }));
      const c = await issue(otherToken);
      expect(c.devices).toEqual([OTHER_READER]);
      const v = await allowed(t, c);
      expect(v.devices).toEqual([OTHER_READER]);
      expect(JSON.stringify(v.acl)).not.toContain(DEMO_DISPENSER);
    });

    it('is refused to an account without a hotel', async () => {
      const token = await t.login(DEMO_ACCOUNTS.customerManager);
      expectRefused(await t.call('broker/credential', {}, { token }), 'PERMISSION_DENIED');
    });
  });

  describe('the gateway credential', () => {
    it('is issued to an administrator for a reader of the hotel, with the gateway’s topics of that device only', async () => {
      const g = ok(
        await t.call<{ username: string; password: string }>(
          'dispenser/brokerCredential',
          { mac_id: DEMO_DISPENSER },
          { token: superToken },
        ),
      );
      expect(g.username).toBe(`gateway-${DEMO_DISPENSER}`);
      expect(g.password).toMatch(/^[A-Za-z0-9_-]{43}$/);
      ok(await t.call('cardDispenser/add', { mac_id: '112233445566', type: '1' }, { token: superToken }));
      expect(await allowed(t, g)).toEqual({
        result: 'allow',
        is_superuser: false,
        kind: 'gateway',
        devices: [DEMO_DISPENSER],
        acl: [
          { permission: 'allow', action: 'subscribe', topic: `lockdesk/send/${DEMO_DISPENSER}` },
          { permission: 'allow', action: 'publish', topic: `lockdesk/receive/${DEMO_DISPENSER}` },
          { permission: 'allow', action: 'publish', topic: `lockdesk/heartbeat/${DEMO_DISPENSER}` },
          { permission: 'allow', action: 'publish', topic: `lockdesk/state/${DEMO_DISPENSER}` },
        ],
      });
      const row = await t.db
        .selectFrom('operation_log')
        .select('summary')
        .where('path', '=', 'dispenser/brokerCredential')
        .executeTakeFirstOrThrow();
      expect(row.summary).not.toContain(g.password);
    });

    it('rotates: issuing it again kills the old password', async () => {
      const call = () =>
        t.call<{ username: string; password: string }>(
          'dispenser/brokerCredential',
          { mac_id: DEMO_DISPENSER },
          { token: superToken },
        );
      const first = ok(await call());
      const second = ok(await call());
      expect(second.username).toBe(first.username);
      expect(second.password).not.toBe(first.password);
      expect(await allowed(t, first)).toEqual({ result: 'deny' });
      expect((await allowed(t, second)).result).toBe('allow');
    });

    it('dies with its reader', async () => {
      const g = ok(
        await t.call<{ username: string; password: string }>(
          'dispenser/brokerCredential',
          { mac_id: DEMO_DISPENSER },
          { token: superToken },
        ),
      );
      await t.db.deleteFrom('card_dispensers').where('mac_id', '=', DEMO_DISPENSER).execute();
      expect(await allowed(t, g)).toEqual({ result: 'deny' });
    });

    it('is refused to staff, and for a reader of another hotel (NOT_FOUND)', async () => {
      const staffToken = await t.login(DEMO_ACCOUNTS.staff);
      expectRefused(
        await t.call('dispenser/brokerCredential', { mac_id: DEMO_DISPENSER }, { token: staffToken }),
        'PERMISSION_DENIED',
      );
      await addOtherHotel(t.db, t.clock.ms);
      const otherToken = await t.login(OTHER_ADMIN);
      expectRefused(
        await t.call('dispenser/brokerCredential', { mac_id: DEMO_DISPENSER }, { token: otherToken }),
        'NOT_FOUND',
      );
      expect(await t.db.selectFrom('broker_credentials').selectAll().execute()).toEqual([]);
    });
  });
});

describeEachDatabase(
  'broker check failure limit',
  (t) => {
    it('keeps every console of one address in while junk is sent from it: a good password is never refused', async () => {
      await t.reset();
      const token = await t.login(DEMO_ACCOUNTS.super);
      const desk = ok(await t.call<ConsoleCredential>('broker/credential', {}, { token }));
      const other = ok(await t.call<ConsoleCredential>('broker/credential', {}, { token }));
      // One gateway's address: junk for names no credential has, and wrong passwords for another credential.
      const gateway = '10.0.0.9';
      const junk = [
        ...Array.from({ length: 6 }, (_, i) => ({ username: `console-${i}`, password: 'x' })),
        ...Array.from({ length: 6 }, () => ({ username: other.username, password: 'guess' })),
      ];
      const statuses = [];
      for (const body of junk) {
        statuses.push((await brokerAuth(t, body, gateway)).status);
        const good = await brokerAuth(t, { username: desk.username, password: desk.password }, gateway);
        expect(good).toMatchObject({ status: 200, verdict: { result: 'allow' } });
      }
      // The junk itself was limited: 3 failures a minute per unknown-name address and per named credential.
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 200, 200, 200, 429, 429, 429]);
      expect(
        (await brokerAuth(t, { username: other.username, password: other.password }, gateway)).verdict.result,
      ).toBe('allow');
    });

    it('answers 429 to failures past the budget of the credential they named, from any address, until the minute passes', async () => {
      await t.reset();
      const token = await t.login(DEMO_ACCOUNTS.super);
      const c = ok(await t.call<ConsoleCredential>('broker/credential', {}, { token }));
      const guesses = ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'];
      const statuses = [];
      for (const address of guesses)
        statuses.push((await brokerAuth(t, { username: c.username, password: 'guess' }, address)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await brokerAuth(t, { username: c.username, password: 'guess' }, '10.0.0.5')).verdict).toEqual({
        result: 'deny',
      });
      // Successes are not failures: a broker re-checking its clients never reaches the limit.
      for (let i = 0; i < 5; i++)
        expect(await brokerAuth(t, { username: c.username, password: c.password }, '10.0.0.6')).toMatchObject(
          {
            status: 200,
            verdict: { result: 'allow' },
          },
        );
      t.clock.advance(60_000);
      expect((await brokerAuth(t, { username: c.username, password: 'guess' }, '10.0.0.1')).status).toBe(200);
    });

    it('counts failures naming no credential against their address only', async () => {
      await t.reset();
      for (let i = 0; i < 3; i++)
        expect((await brokerAuth(t, { username: `nobody-${i}`, password: 'x' }, '10.0.1.1')).status).toBe(
          200,
        );
      expect((await brokerAuth(t, { username: 'nobody-9', password: 'x' }, '10.0.1.1')).status).toBe(429);
      expect((await brokerAuth(t, 'not json', '10.0.1.1')).status).toBe(429);
      expect((await brokerAuth(t, { username: 'nobody-9', password: 'x' }, '10.0.1.2')).status).toBe(200);
    });
  },
  { publicCallsPerMinute: 3 },
);
