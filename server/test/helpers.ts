/**
 * Test harness: one database per test file (PGlite in memory; PostgreSQL too when TEST_DATABASE_URL is set, in a
 * fresh database dropped at the end), one app on it, data reset by truncation + the demo seed.
 *
 *   describeEachDatabase('rooms', (t) => {
 *     beforeEach(() => t.reset());
 *     it('lists rooms', async () => {
 *       const token = await t.login(DEMO_ACCOUNTS.super);
 *       const res = await t.call('room/listNew', {}, { token });
 *       expect(res.errno).toBe(0);
 *     });
 *   });
 */

import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/password.js';
import { type ManageAnswer, type ManageCallOptions, manageCall } from '../src/client.js';
import { type Db, migrateToLatest, openDatabase, truncateAll } from '../src/db/index.js';
import { DEMO_PASSWORD, type DemoIds, seedDemo } from '../src/demo.js';

export type DbKind = 'pglite' | 'postgres';

/** scrypt cost in tests: the algorithm is the same, only cheaper (production uses 2^15). */
export const TEST_SCRYPT_COST = 2 ** 10;

/**
 * The databases the suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. The run says which at
 * its start and end (global-setup.ts).
 */
export function databaseKinds(): DbKind[] {
  return process.env['TEST_DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];
}

let databaseSeq = 0;

/** A fake server clock: starts at the real time, moves only when told. */
/** The 6-digit code of the newest text message in the SMS outbox ('' when it holds none with a code). */
export async function latestSmsCode(db: Db): Promise<string> {
  const row = await db
    .selectFrom('sms_outbox')
    .select('text')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /(\d{6})/.exec(row.text)?.[1] ?? '';
}

export class TestClock {
  ms = Date.now();
  now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface TestApp {
  kind: DbKind;
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  /** The demo ids of the last reset. */
  ids: DemoIds;
  /** Empties every table and writes the demo data again. */
  reset(): Promise<void>;
  /** Logs in a demo account (password demo1234 unless given) and returns its token. */
  login(mobile: string, password?: string): Promise<string>;
  /** Calls /manage/<path> on the app. */
  call<T = unknown>(
    path: string,
    body?: Record<string, unknown>,
    options?: ManageCallOptions,
  ): Promise<ManageAnswer<T>>;
}

let demoHash: Promise<string> | undefined;
const demoPasswordHash = () => {
  demoHash ??= hashPassword(DEMO_PASSWORD, TEST_SCRYPT_COST);
  return demoHash;
};

/**
 * A PostgreSQL database of this test file's own under the run's prefix (global-setup.ts checks that every database
 * under it is dropped at the end), empty or, with `migrated`, a copy of the run's migrated one: its URL, and `drop`,
 * to call once every pool on it is closed.
 */
export async function ownPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env['TEST_DATABASE_URL'] as string;
  const name = `${inject('testDatabasePrefix')}${process.pid}_${++databaseSeq}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${name}${options.migrated ? ` TEMPLATE ${inject('migratedPostgresDatabase')}` : ''}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // The pool's connections may still be closing: wait for them rather than FORCE, which would terminate
        // them under the ending pool (an unhandled 57P01 in the test run). FORCE only as the last resort.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
            break;
          } catch (e) {
            // 55006: the database is still being accessed by other users.
            if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

let migrated: Blob | undefined;

/**
 * The run's migrated, empty embedded database (global-setup.ts), for `startFrom`: a PGlite opened from it needs no
 * cluster creation and no migrations.
 */
export function migratedEmbedded(): Blob {
  migrated ??= new Blob([readFileSync(inject('migratedEmbeddedDatabase'))]);
  return migrated;
}

/**
 * A fresh, migrated, empty database of the kind (PGlite in memory, or a PostgreSQL database of its own): a copy of the
 * run's migrated one (global-setup.ts), which is quicker than creating a cluster or a database and migrating it.
 */
export async function openTestDatabase(kind: DbKind): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://', startFrom: migratedEmbedded() });
    return { db, drop: () => db.destroy() };
  }
  const own = await ownPostgresDatabase({ migrated: true });
  const db = await openDatabase({ kind: 'postgres', url: own.url });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await own.drop();
    },
  };
}

/** The options a test app is built with on `db`: quiet, fast hashing, the limits out of the way, the test clock. */
export function testAppOptions(db: Db, clock: TestClock, options: BuildOptions = {}): BuildOptions {
  return {
    db,
    logger: false,
    webDist: null,
    scryptCost: TEST_SCRYPT_COST,
    callsPerMinute: 100_000,
    publicCallsPerMinute: 100_000,
    now: clock.now,
    ...options,
  };
}

/** Opens a database of the kind, migrates it and builds an app on it (seeded with the demo). */
export async function openTestApp(
  kind: DbKind,
  options: BuildOptions = {},
): Promise<TestApp & { close(): Promise<void> }> {
  const { db, drop } = await openTestDatabase(kind);
  await migrateToLatest(db);
  const clock = new TestClock();
  const app = await buildApp(testAppOptions(db, clock, options));
  await app.ready();
  const t: TestApp & { close(): Promise<void> } = {
    kind,
    app,
    db,
    clock,
    ids: undefined as unknown as DemoIds,
    async reset() {
      await truncateAll(db);
      t.ids = await seedDemo(db, { passwordHash: await demoPasswordHash(), now: clock.ms });
    },
    async login(mobile, password = DEMO_PASSWORD) {
      const res = await manageCall<{ token: string }>(app, 'login', { mobile, password });
      if (res.errno !== 0) throw new Error(`login ${mobile} failed: ${res.errno} ${res.errmsg}`);
      return res.data.token;
    },
    call: (path, body = {}, callOptions = {}) => manageCall(app, path, body, callOptions),
    async close() {
      await app.close();
      await drop();
    },
  };
  await t.reset();
  return t;
}

/**
 * Runs a suite once per database kind. The suite gets a TestApp whose fields are filled before its tests run
 * (read them inside hooks and tests, not at collection time).
 */
export function describeEachDatabase(
  name: string,
  suite: (t: TestApp) => void,
  options: BuildOptions = {},
): void {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      const t = {} as TestApp;
      let close: (() => Promise<void>) | undefined;
      // No timeout of its own: vitest.config.ts's hookTimeout is the safety net. On a busy machine this start took
      // past 60 s (slow, not wrong), and a fixed limit here turned that into a red file.
      beforeAll(async () => {
        const opened = await openTestApp(kind, options);
        close = opened.close;
        Object.assign(t, opened);
        // reset() and friends close over `opened`; keep `ids` in sync on the shared object.
        t.reset = async () => {
          await opened.reset();
          t.ids = opened.ids;
        };
      });
      afterAll(async () => {
        await close?.();
      });
      suite(t);
    });
  }
}
