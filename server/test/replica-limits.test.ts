/**
 * The limits of API.md hold across server replicas (issue 12, contract C2): two apps on ONE database, as two
 * replicas behind a balancer are, share every budget. On PGlite the two apps share the one database handle; on
 * PostgreSQL they run once on one handle and once on two handles opened separately on the same database (two
 * processes' pools). Calls are spread over both apps, one after another and at once.
 */
import { randomBytes } from 'node:crypto';
import { ERRNO, type ErrorCode } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/password.js';
import { type ManageAnswer, type ManageCallOptions, manageCall } from '../src/client.js';
import { type Db, migrateToLatest, openDatabase, truncateAll } from '../src/db/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoIds, seedDemo } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { REFRESH_INTERVAL_MS } from '../src/services/messages.js';
import {
  migratedEmbedded,
  ownPostgresDatabase,
  TEST_SCRYPT_COST,
  TestClock,
  testAppOptions,
} from './helpers.js';

interface Setup {
  name: string;
  kind: 'pglite' | 'postgres';
  /** The second app opens its own handle (pool) on the database. */
  ownHandle: boolean;
}

const SETUPS: Setup[] = [
  { name: 'PGlite, one handle', kind: 'pglite', ownHandle: false },
  ...(process.env['TEST_DATABASE_URL']
    ? [
        { name: 'PostgreSQL, one handle', kind: 'postgres' as const, ownHandle: false },
        { name: 'PostgreSQL, a handle per replica', kind: 'postgres' as const, ownHandle: true },
      ]
    : []),
];

const msg = (code: ErrorCode) => messageFor('en', code);

for (const setup of SETUPS) {
  describe(`limits across replicas [${setup.name}]`, () => {
    const clock = new TestClock();
    let db: Db;
    let otherDb: Db;
    let drop: () => Promise<void>;
    let ids: DemoIds;
    let passwordHash: string;
    const opened: FastifyInstance[] = [];

    beforeAll(async () => {
      passwordHash = await hashPassword(DEMO_PASSWORD, TEST_SCRYPT_COST);
      if (setup.kind === 'pglite') {
        db = await openDatabase({ kind: 'pglite', dataDir: 'memory://', startFrom: migratedEmbedded() });
        otherDb = db;
        drop = () => db.destroy();
      } else {
        const own = await ownPostgresDatabase();
        db = await openDatabase({ kind: 'postgres', url: own.url });
        otherDb = setup.ownHandle ? await openDatabase({ kind: 'postgres', url: own.url }) : db;
        drop = async () => {
          if (otherDb !== db) await otherDb.destroy();
          await db.destroy();
          await own.drop();
        };
      }
      await migrateToLatest(db);
    });
    afterAll(async () => {
      await drop?.();
    });
    beforeEach(async () => {
      await truncateAll(db);
      ids = await seedDemo(db, { passwordHash, now: clock.ms });
    });
    afterEach(async () => {
      for (const app of opened.splice(0)) await app.close();
    });

    /** Two replicas on the database, with the limits given (the others out of the way). */
    async function replicas(options: BuildOptions = {}): Promise<[FastifyInstance, FastifyInstance]> {
      const build = async (handle: Db) => {
        const app = await buildApp(testAppOptions(handle, clock, options));
        await app.ready();
        opened.push(app);
        return app;
      };
      return [await build(db), await build(otherDb)];
    }

    /** n calls at once, the i-th on replica i mod 2. */
    function spread<T>(
      apps: [FastifyInstance, FastifyInstance],
      n: number,
      call: (app: FastifyInstance, i: number) => Promise<T>,
    ): Promise<T[]> {
      return Promise.all(Array.from({ length: n }, (_, i) => call(apps[i % 2] as FastifyInstance, i)));
    }

    const manage = <T = unknown>(
      app: FastifyInstance,
      path: string,
      body: Record<string, unknown> = {},
      options: ManageCallOptions = {},
    ): Promise<ManageAnswer<T>> => manageCall<T>(app, path, body, options);

    async function login(app: FastifyInstance, mobile: string = DEMO_ACCOUNTS.super): Promise<string> {
      const res = await manage<{ token: string }>(app, 'login', { mobile, password: DEMO_PASSWORD });
      expect(res.errno).toBe(0);
      return res.data.token;
    }

    it('a session has one budget of calls, wherever its calls land', async () => {
      const apps = await replicas({ callsPerMinute: 6 });
      const token = await login(apps[0]);
      const answers = await spread(apps, 16, (app) => manage(app, 'room/hotelInfo', {}, { token }));
      expect(answers.filter((a) => a.errno === 0)).toHaveLength(6);
      expect(answers.filter((a) => a.errno === ERRNO.noMessage)).toHaveLength(10);
      // One after another too: the next call on either replica is refused, until the window slides on.
      for (const app of apps)
        expect((await manage(app, 'room/hotelInfo', {}, { token })).errno).toBe(ERRNO.noMessage);
      clock.advance(120_000);
      expect((await manage(apps[1], 'room/hotelInfo', {}, { token })).errno).toBe(0);
    });

    it('an address has one budget of calls (5 × a session’s), made-up tokens or not', async () => {
      const apps = await replicas({ callsPerMinute: 2 });
      const answers = await spread(apps, 16, (app, i) =>
        manage(app, 'room/hotelInfo', {}, { token: `made-up-${i}-${randomBytes(8).toString('hex')}` }),
      );
      expect(answers.filter((a) => a.errno === ERRNO.noMessage)).toHaveLength(6);
    });

    it('the public calls have one budget per address and call', async () => {
      const apps = await replicas({ publicCallsPerMinute: 3 });
      const answers = await spread(apps, 8, (app, i) =>
        manage(app, 'login', { mobile: `1311111111${i}`, password: 'wrong-pass' }, { uuid: `tab-${i}` }),
      );
      expect(answers.filter((a) => a.errno === ERRNO.noMessage)).toHaveLength(5);
      expect(answers.filter((a) => a.errmsg === msg('PASSWORD_INCORRECT'))).toHaveLength(3);
      // Another public call has its own budget.
      expect((await manage(apps[1], 'captcha')).errno).toBe(0);
    });

    it('parallel wrong guesses spread over the replicas check no more passwords than the lockout allows', async () => {
      const apps = await replicas({ lockoutAfterFailures: 5, captchaAfterFailures: 100 });
      const answers = await spread(apps, 24, (app, i) =>
        manage(app, 'login', { mobile: DEMO_ACCOUNTS.super, password: `wrong-${i}-x` }, { uuid: `tab-${i}` }),
      );
      const checked = answers.filter((a) => a.errmsg === msg('PASSWORD_INCORRECT'));
      const locked = answers.filter((a) => a.errmsg === msg('TOO_MANY_ATTEMPTS'));
      expect(checked).toHaveLength(5);
      expect(locked).toHaveLength(19);
      // The refused logins withdrew their records: the failures kept are the passwords checked.
      const failures = await db
        .selectFrom('login_attempts')
        .select('id')
        .where('account', '=', DEMO_ACCOUNTS.super)
        .where('success', '=', false)
        .execute();
      expect(failures).toHaveLength(5);
      // The right password is locked out too, on either replica.
      for (const app of apps)
        expect(
          (await manage(app, 'login', { mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD })).errmsg,
        ).toBe(msg('TOO_MANY_ATTEMPTS'));
    });

    it('one client (uuid) needs the graphic code after its failures, on whichever replica it lands', async () => {
      const apps = await replicas({ captchaAfterFailures: 3 });
      const answers = await spread(apps, 10, (app, i) =>
        manage(app, 'login', { mobile: `1391111111${i}`, password: 'wrong-pass' }, { uuid: 'one-tab' }),
      );
      expect(answers.filter((a) => a.errmsg === msg('PASSWORD_INCORRECT'))).toHaveLength(3);
      expect(answers.filter((a) => a.errmsg === msg('GRAPHIC_CODE_REQUIRED'))).toHaveLength(7);
    });

    it('one running export per account: a download being written refuses export/create on every replica', async () => {
      const apps = await replicas();
      const token = await login(apps[0], DEMO_ACCOUNTS.secondary);
      const create = (app: FastifyInstance) =>
        manage<{ url: string }>(app, 'export/create', { kind: 'guests', format: 'csv' }, { token });
      // Two creates racing on the two replicas: both answer (a link is not an export until its download starts).
      const links = await Promise.all(apps.map(create));
      expect(links.map((l) => l.errno)).toEqual([0, 0]);
      expect(new Set(links.map((l) => l.data.url)).size).toBe(2);
      // A download of the account's is being written.
      await db
        .updateTable('export_links')
        .set({ used_at: new Date(clock.ms) })
        .where('user_id', '=', ids.users.secondary)
        .where('used_at', 'is', null)
        .execute();
      const refused = await spread(apps, 6, create);
      expect(refused.every((r) => r.errmsg === msg('EXPORT_TOO_MANY'))).toBe(true);
      const rows = await db
        .selectFrom('export_links')
        .select('id')
        .where('user_id', '=', ids.users.secondary)
        .execute();
      expect(rows).toHaveLength(2);
    });

    it('the messages are refreshed once a minute per hotel, whichever replica lists them', async () => {
      const apps = await replicas();
      const token = await login(apps[0]);
      const list = (app: FastifyInstance) =>
        manage<{ list: { room_id: number | null; kind: string }[] }>(app, 'lock/messageList', {}, { token });
      clock.advance(REFRESH_INTERVAL_MS);
      const first = await spread(apps, 6, list);
      expect(first.every((a) => a.errno === 0)).toBe(true);
      const room = ids.rooms['1203'] as number;
      await db.updateTable('rooms').set({ battery: 3 }).where('id', '=', room).execute();
      // Within the minute neither replica looks at the conditions again.
      for (const app of apps) expect((await list(app)).data.list.some((m) => m.room_id === room)).toBe(false);
      clock.advance(REFRESH_INTERVAL_MS);
      const later = await list(apps[1]);
      expect(later.data.list.filter((m) => m.room_id === room && m.kind === 'low_battery')).toHaveLength(1);
      const claims = await db.selectFrom('throttles').selectAll().execute();
      expect(claims).toEqual([
        { key: `messages:${ids.hotelId}`, claimed_at: clock.ms, until: clock.ms + REFRESH_INTERVAL_MS },
      ]);
    });

    it("the device API refuses the failures past a lock's budget on every replica, never its good secret", async () => {
      // Replicas share the server key (the lock's answer carries the hotel's card MAC key, kept under it).
      const apps = await replicas({ publicCallsPerMinute: 3, secretKey: randomBytes(32).toString('hex') });
      const token = await login(apps[0]);
      const issued = await manage<{ lock_secret: string }>(
        apps[0],
        'lock/issueSecret',
        { room_id: ids.rooms['1106'] },
        { token },
      );
      expect(issued.errno).toBe(0);
      const lock = (app: FastifyInstance, secret: string) =>
        app.inject({ method: 'GET', url: '/device/v1/lock', headers: { authorization: `Lock ${secret}` } });
      const wrong = `lds_${ids.rooms['1106']}_${randomBytes(32).toString('base64url')}`;
      for (let i = 0; i < 3; i++)
        expect((await lock(apps[i % 2] as FastifyInstance, wrong)).statusCode).toBe(401);
      for (const app of apps) {
        const refused = await lock(app, wrong);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
        const good = await lock(app, issued.data.lock_secret);
        expect(good.statusCode, good.body).toBe(200);
      }
      clock.advance(60_000);
      expect((await lock(apps[1], wrong)).statusCode).toBe(401);
    });

    it('the card-service API has one budget of logins per address', async () => {
      const apps = await replicas({ publicCallsPerMinute: 3 });
      const answers = await spread(apps, 8, (app) =>
        app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ api_key: 'nope' }),
        }),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    });
  });
}
