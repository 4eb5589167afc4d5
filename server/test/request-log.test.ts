import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRNO } from '@lockdesk/protocol';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';

// The app's pino stream, captured: every line the server logs, parsed.
const lines: Record<string, unknown>[] = [];
const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
const webDist = mkdtempSync(join(tmpdir(), 'lockdesk-log-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>LockDesk</title>');
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app")');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const INFO = 30;
const DEBUG = 20;
/** The request-log lines (not the start-up or other messages). */
const requestLines = () => lines.filter((line) => line['msg'] === 'call' || line['msg'] === 'request');

describeEachDatabase(
  'request log',
  (t) => {
    beforeEach(async () => {
      await t.reset();
      lines.length = 0;
    });

    it('writes one info line per call: method, path, errno, duration and caller id, never token or body', async () => {
      const login = await t.call('login', { mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD });
      const token = (login.data as { token: string }).token;
      await t.call('room/hotelInfo', {}, { token });
      const calls = requestLines();
      expect(calls).toHaveLength(2);
      const [first, second] = calls;
      expect(first).toMatchObject({ level: INFO, msg: 'call', method: 'POST', call: 'login', errno: 0 });
      expect(second).toMatchObject({
        level: INFO,
        method: 'POST',
        call: 'room/hotelInfo',
        errno: 0,
        code: null,
        user: t.ids.users.super,
        status: 200,
      });
      expect(typeof second?.['ms']).toBe('number');
      // Neither the token, the password, the mobile nor the (encrypted) bodies appear in any line.
      const everything = JSON.stringify(lines);
      for (const secret of [token, DEMO_PASSWORD, DEMO_ACCOUNTS.super])
        expect(everything).not.toContain(secret);
      expect(everything).not.toMatch(/authorization|"data"|"body"|"headers"/i);
    });

    it('logs a refused call with its errno and code, and an unknown path', async () => {
      await t.call('room/hotelInfo', {});
      await t.call('room/nope', {});
      await t.app.inject({ method: 'GET', url: '/manage/login' });
      expect(requestLines()).toEqual([
        expect.objectContaining({
          level: INFO,
          call: 'room/hotelInfo',
          errno: ERRNO.loginExpired,
          code: 'LOGIN_EXPIRED',
          user: null,
        }),
        expect.objectContaining({ level: INFO, call: 'room/nope', errno: 1, code: 'UNKNOWN_CALL' }),
        expect.objectContaining({
          level: INFO,
          method: 'GET',
          call: '/manage/login',
          errno: 1,
          code: 'UNKNOWN_CALL',
        }),
      ]);
    });

    it('logs console files, console routes and the health check only at debug', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/room/roomList?token=abc' })).statusCode).toBe(200);
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.json()).toEqual({ status: 'ok' });
      const logged = requestLines();
      expect(logged.map((line) => [line['level'], line['url']])).toEqual([
        [DEBUG, '/assets/app.js'],
        [DEBUG, '/room/roomList'],
        [DEBUG, '/health'],
      ]);
      // The query string (which may carry anything) is not logged.
      expect(JSON.stringify(lines)).not.toContain('abc');
    });

    it('logs a call at the info level, so an info logger keeps calls and drops file requests', async () => {
      await t.call('room/nope', {});
      await t.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(requestLines().filter((line) => (line['level'] as number) >= INFO)).toHaveLength(1);
    });
  },
  // A logger at debug writing to the captured stream (pino options; `stream` is read by Fastify).
  { logger: { level: 'debug', stream } as unknown as { level: string }, webDist },
);
