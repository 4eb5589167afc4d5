import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorText } from '@lockdesk/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { runCli } from '../src/cli.js';
import { manageCall } from '../src/client.js';
import { MIGRATION_NAMES, migrateToLatest, truncateAll } from '../src/db/index.js';
import { createAdmin, DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from '../src/demo.js';
import { startBanner, startServer } from '../src/server.js';
import { describeEachDatabase, TEST_SCRYPT_COST } from './helpers.js';

describeEachDatabase('server, console and CLI', (t) => {
  let webDist: string;
  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'lockdesk-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>LockDesk</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app")');
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  describe('the built console', () => {
    it('is served with a single-page fallback; missing files are 404; the API keeps its envelope', async () => {
      const app = await buildApp({ db: t.db, logger: false, webDist, scryptCost: TEST_SCRYPT_COST });
      try {
        const index = await app.inject({ method: 'GET', url: '/' });
        expect(index.statusCode).toBe(200);
        expect(index.body).toContain('<div id="root">');
        const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
        expect(asset.body).toBe('console.log("app")');
        const route = await app.inject({ method: 'GET', url: '/room/roomList?x=1' });
        expect(route.statusCode).toBe(200);
        expect(route.headers['content-type']).toContain('text/html');
        expect(route.body).toContain('<div id="root">');
        expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
        // A console rebuilt while the server runs: its new files are served without a restart.
        writeFileSync(join(webDist, 'assets', 'app-new.js'), 'console.log("new")');
        expect((await app.inject({ method: 'GET', url: '/assets/app-new.js' })).body).toBe(
          'console.log("new")',
        );
        expect((await app.inject({ method: 'GET', url: '/manage/room/hotelInfo' })).statusCode).toBe(200);
        const api = await manageCall(app, 'room/hotelInfo', {});
        expect(api.errno).toBe(100003);
      } finally {
        await app.close();
      }
    });

    it('says plainly when the console is not built', async () => {
      const app = await buildApp({ db: t.db, logger: false, webDist: join(webDist, 'nowhere') });
      try {
        const res = await app.inject({ method: 'GET', url: '/' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('console is not built');
      } finally {
        await app.close();
      }
    });
  });

  describe('startServer', () => {
    it('listens on 127.0.0.1, seeds the demo once, and answers over HTTP', async () => {
      await truncateAll(t.db);
      const server = await startServer({
        db: t.db,
        port: 0,
        demo: true,
        logger: false,
        webDist: null,
        scryptCost: TEST_SCRYPT_COST,
      });
      try {
        expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const login = await manageCall<{ token: string }>(server.url, 'login', {
          mobile: DEMO_ACCOUNTS.super,
          password: DEMO_PASSWORD,
        });
        expect(login.errno).toBe(0);
        const rooms = await t.db
          .selectFrom('rooms')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(rooms.n)).toBe(100);
        // A second start on the same data does not seed again.
        expect(await seedDemoIfEmpty(t.db, { now: Date.now(), scryptCost: TEST_SCRYPT_COST })).toBe(false);
        // Demo mode exposes the SMS outbox.
        await manageCall(server.url, 'getBack/sendMsg', { mobile: DEMO_ACCOUNTS.super });
        const outbox = await manageCall<{ list: { text: string }[] }>(server.url, 'dev/smsOutbox', {
          mobile: DEMO_ACCOUNTS.super,
        });
        expect(outbox.data.list[0]?.text).toMatch(/\d{6}/);
      } finally {
        await server.close();
        await t.reset();
      }
    });

    it('without demo mode there is no SMS outbox call', async () => {
      const app = await buildApp({ db: t.db, logger: false, webDist: null });
      try {
        expect(app.calls.has('dev/smsOutbox')).toBe(false);
        expect((await manageCall(app, 'dev/smsOutbox', {})).errmsg).toBe(
          errorText('UNKNOWN_CALL', { path: 'dev/smsOutbox' }),
        );
      } finally {
        await app.close();
      }
    });

    it('prints the console URL and the demo login', () => {
      const banner = startBanner('http://127.0.0.1:8080', true, true);
      expect(banner).toContain('http://127.0.0.1:8080/');
      expect(banner).toContain(`${DEMO_ACCOUNTS.super} / ${DEMO_PASSWORD}`);
      expect(startBanner('http://127.0.0.1:8080', false, false)).not.toContain(DEMO_PASSWORD);
    });
  });

  describe('create-admin', () => {
    it('makes the first super administrator of an empty install, and refuses bad input', async () => {
      await truncateAll(t.db);
      try {
        const { uid, hotelId } = await createAdmin(t.db, {
          mobile: '13600000001',
          password: 'adminpass',
          hotelName: 'Seaside',
          scryptCost: TEST_SCRYPT_COST,
        });
        const user = await t.db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', uid)
          .executeTakeFirstOrThrow();
        expect(user).toMatchObject({ role: 'super', hotel_id: hotelId, mobile: '13600000001' });
        const hotels = await t.db.selectFrom('hotels').selectAll().execute();
        expect(hotels).toMatchObject([{ id: hotelId, name: 'Seaside' }]);
        expect(await t.db.selectFrom('rooms').selectAll().execute()).toEqual([]);
        await expect(createAdmin(t.db, { mobile: '13600000001', password: 'adminpass' })).rejects.toThrow(
          /exists/,
        );
        await expect(createAdmin(t.db, { mobile: '1360000000', password: 'adminpass' })).rejects.toThrow(
          /mobile/,
        );
        await expect(createAdmin(t.db, { mobile: '13600000002', password: 'short' })).rejects.toThrow(/6/);
      } finally {
        await t.reset();
      }
    });
  });

  describe('migrations', () => {
    it('are versioned and idempotent', async () => {
      expect(await migrateToLatest(t.db)).toEqual([]);
      const rows = await sql<{ name: string }>`select name from lockdesk_migration order by name`.execute(
        t.db,
      );
      expect(rows.rows.map((r) => r.name)).toEqual([...MIGRATION_NAMES]);
      expect(MIGRATION_NAMES[0]).toBe('001_initial');
    });

    it('a failed transaction leaves nothing behind', async () => {
      await expect(
        t.db.transaction().execute(async (trx) => {
          await trx.updateTable('hotels').set({ name: 'Changed' }).execute();
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const hotel = await t.db.selectFrom('hotels').select('name').executeTakeFirstOrThrow();
      expect(hotel.name).toBe('LockDesk Demo Hotel');
    });

    it('the database refuses overlapping stays of one room', async () => {
      const room = t.ids.rooms['1106'] as number;
      const base = { hotel_id: t.ids.hotelId, room_id: room, status: 'reserved' as const };
      const day = 86_400_000;
      await t.db
        .insertInto('stays')
        .values({ ...base, check_in: new Date(t.clock.ms + day), check_out: new Date(t.clock.ms + 3 * day) })
        .execute();
      await expect(
        t.db
          .insertInto('stays')
          .values({
            ...base,
            check_in: new Date(t.clock.ms + 2 * day),
            check_out: new Date(t.clock.ms + 4 * day),
          })
          .execute(),
      ).rejects.toMatchObject({ code: '23P01' });
      // Back to back is fine: periods are [check_in, check_out).
      await t.db
        .insertInto('stays')
        .values({
          ...base,
          check_in: new Date(t.clock.ms + 3 * day),
          check_out: new Date(t.clock.ms + 4 * day),
        })
        .execute();
    });
  });
});

describe('CLI', () => {
  it('prints usage and refuses unknown commands and options', async () => {
    const lines: string[] = [];
    const io = { env: {}, out: (l: string) => lines.push(l) };
    expect(await runCli(['--help'], io)).toBe(0);
    expect(lines.join('\n')).toContain('create-admin --mobile');
    expect(await runCli(['start', '--bogus'], io)).toBe(1);
    expect(await runCli(['start', '--port', 'eighty'], io)).toBe(1);
    expect(lines.at(-1)).toContain('--port must be');
    expect(await runCli(['destroy'], io)).toBe(1);
    expect(lines.at(-1)).toContain('Unknown command destroy');
  });

  it('create-admin, then start, on a data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lockdesk-cli-'));
    const lines: string[] = [];
    let stop: (() => Promise<void>) | undefined;
    const io = {
      env: { LOCKDESK_DATA_DIR: dir, LOCKDESK_WEB_DIST: join(dir, 'no-web'), LOG_LEVEL: 'silent' },
      out: (l: string) => lines.push(l),
      onStarted: (s: () => Promise<void>) => {
        stop = s;
      },
    };
    try {
      expect(await runCli(['create-admin', '--mobile', '13600000001'], io)).toBe(1);
      expect(lines.at(-1)).toContain('--mobile and --password');
      expect(
        await runCli(
          ['create-admin', '--mobile', '13600000001', '--password', 'adminpass', '--hotel', 'Inn'],
          io,
        ),
      ).toBe(0);
      expect(lines.at(-1)).toContain('Created super administrator 13600000001');
      // A production start: no demo data, the admin made above can log in (the data persisted in the folder).
      expect(await runCli(['start', '--port', '0'], io)).toBe(0);
      const banner = lines.at(-1) ?? '';
      expect(banner).toMatch(/LockDesk console: http:\/\/127\.0\.0\.1:\d+\//);
      expect(banner).toContain('console not built');
      expect(banner).not.toContain('Demo login');
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0] ?? '';
      const login = await manageCall<{ hotel_name: string; hotelInfo: boolean }>(url, 'login', {
        mobile: '13600000001',
        password: 'adminpass',
      });
      expect(login).toMatchObject({ errno: 0, data: { hotel_name: 'Inn', hotelInfo: false } });
      const demo = await manageCall(url, 'login', { mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD });
      expect(demo.errmsg).toBe(errorText('PASSWORD_INCORRECT'));
    } finally {
      await stop?.();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
