/**
 * One server key per database (issue 12, contract C1): on PostgreSQL the database keeps a fingerprint of the key it
 * was first started with (never the key), and a server started on it with another key refuses to start, writing
 * nothing. The PostgreSQL part needs TEST_DATABASE_URL; without it this file says so and runs the rest.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { runCli } from '../src/cli.js';
import { type Db, openDatabase } from '../src/db/index.js';
import { OTHER_SERVER_KEY, serverKeyFingerprint } from '../src/services/card-keys.js';
import { ownPostgresDatabase } from './helpers.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lockdesk-key-'));
  dirs.push(dir);
  return dir;
}

const newKey = () => randomBytes(32).toString('hex');

describe('the server key fingerprint', () => {
  it('is an HMAC of a fixed label: the same for one key, different for another, never the key', () => {
    const key = newKey();
    expect(serverKeyFingerprint(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(serverKeyFingerprint(key)).toBe(serverKeyFingerprint(key));
    expect(serverKeyFingerprint(key)).not.toBe(serverKeyFingerprint(newKey()));
    expect(serverKeyFingerprint(key)).not.toContain(key.slice(0, 16));
  });
});

if (!process.env['TEST_DATABASE_URL']) {
  console.warn(
    '\nserver-key.test.ts: TEST_DATABASE_URL is not set — the shared key check on PostgreSQL is NOT tested.\n',
  );
} else {
  describe('servers sharing one PostgreSQL must share the server key', () => {
    const open = (url: string, dir: string, secretKey: string | null) =>
      buildApp({
        database: { kind: 'postgres', url },
        dataDir: dir,
        secretKey,
        logger: false,
        webDist: null,
      });

    async function settings(db: Db) {
      return db.selectFrom('server_settings').select(['name', 'value']).execute();
    }

    async function withDatabase(test: (url: string, check: Db) => Promise<void>) {
      const own = await ownPostgresDatabase();
      const check = await openDatabase({ kind: 'postgres', url: own.url });
      try {
        await test(own.url, check);
      } finally {
        await check.destroy();
        await own.drop();
      }
    }

    it('LOCKDESK_SECRET_KEY: the first start records its fingerprint; another key refuses, the same one starts', async () => {
      await withDatabase(async (url, check) => {
        const key = newKey();
        const first = await open(url, dataDir(), key);
        await first.close();
        const recorded = await settings(check);
        expect(recorded).toEqual([{ name: 'secret_key_fingerprint', value: serverKeyFingerprint(key) }]);
        expect(JSON.stringify(recorded)).not.toContain(key);

        await expect(open(url, dataDir(), newKey())).rejects.toThrow(OTHER_SERVER_KEY);
        expect(await settings(check)).toEqual(recorded);

        const again: FastifyInstance = await open(url, dataDir(), key);
        await again.close();
      });
    });

    it('no LOCKDESK_SECRET_KEY: <dataDir>/secret.key on one server; a second one with another folder refuses and writes no key', async () => {
      await withDatabase(async (url, check) => {
        const first = dataDir();
        await (await open(url, first, null)).close();
        const key = readFileSync(join(first, 'secret.key'), 'utf8').trim();
        expect((await settings(check))[0]?.value).toBe(serverKeyFingerprint(key));

        const second = dataDir();
        await expect(open(url, second, null)).rejects.toThrow(OTHER_SERVER_KEY);
        expect(existsSync(join(second, 'secret.key'))).toBe(false);

        // The same key in another folder (copied, or given as LOCKDESK_SECRET_KEY) is the same server key.
        const copy = dataDir();
        writeFileSync(join(copy, 'secret.key'), `${key}\n`);
        await (await open(url, copy, null)).close();
        await (await open(url, dataDir(), key)).close();
        await (await open(url, first, null)).close();
      });
    });

    it('`start` with another key exits 1 saying so; two different keys started together: one starts', async () => {
      await withDatabase(async (url, check) => {
        const keys = [newKey(), newKey()];
        const raced = await Promise.allSettled(keys.map((key) => open(url, dataDir(), key)));
        const started = raced.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        const refused = raced.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
        for (const app of started) await app.close();
        expect(started).toHaveLength(1);
        expect(refused).toEqual([`Error: ${OTHER_SERVER_KEY}`]);
        const winner = (await settings(check))[0]?.value;
        expect(keys.map(serverKeyFingerprint)).toContain(winner);

        const lines: string[] = [];
        const code = await runCli(['start', '--port', '0'], {
          env: {
            DATABASE_URL: url,
            LOCKDESK_SECRET_KEY: newKey(),
            LOCKDESK_DATA_DIR: dataDir(),
            LOCKDESK_WEB_DIST: '/nonexistent',
            LOG_LEVEL: 'silent',
          },
          out: (line) => lines.push(line),
          onStarted: (stop) => void stop(),
        });
        expect(code).toBe(1);
        expect(lines.join('\n')).toContain(
          'LOCKDESK_SECRET_KEY differs from the key this database was first started with',
        );
      });
    });
  });
}
