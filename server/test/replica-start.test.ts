/**
 * Replicas started together (issue 12, contract C1): on one empty PostgreSQL database, N servers migrate it once and
 * seed the demo once under the startup advisory lock, and none fails. The PostgreSQL part needs TEST_DATABASE_URL;
 * without it this file says so and runs the PGlite part only.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, MIGRATION_NAMES, migrateToLatest, openDatabase, withStartupLock } from '../src/db/index.js';
import { DEMO_HOTEL } from '../src/demo.js';
import { type RunningServer, startServer } from '../src/server.js';
import { ownPostgresDatabase, TEST_SCRYPT_COST } from './helpers.js';

const REPLICAS = 3;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lockdesk-replica-'));
  dirs.push(dir);
  return dir;
}

async function recordedMigrations(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from lockdesk_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

async function demoHotels(db: Db): Promise<number> {
  const row = await db
    .selectFrom('hotels')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('name', '=', DEMO_HOTEL.name)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

if (!process.env['TEST_DATABASE_URL']) {
  console.warn(
    '\nreplica-start.test.ts: TEST_DATABASE_URL is not set — replicas on one PostgreSQL NOT tested, PGlite part only.\n',
  );
} else {
  describe('replicas started together on one empty PostgreSQL database', () => {
    it('three migrateToLatest in parallel, each on its own pool: all succeed, every migration applied once', async () => {
      const own = await ownPostgresDatabase();
      const dbs = await Promise.all(
        Array.from({ length: REPLICAS }, () => openDatabase({ kind: 'postgres', url: own.url })),
      );
      try {
        const applied = await Promise.all(dbs.map((db) => migrateToLatest(db)));
        // One replica migrated everything; the others found it done.
        expect(applied.flat().sort()).toEqual([...MIGRATION_NAMES].sort());
        expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
        expect(await recordedMigrations(dbs[0] as Db)).toEqual([...MIGRATION_NAMES].sort());
      } finally {
        await Promise.all(dbs.map((db) => db.destroy()));
        await own.drop();
      }
    });

    it('three `start --demo` in parallel: all listen, one demo hotel, grown once to its size', async () => {
      const own = await ownPostgresDatabase();
      const secretKey = randomBytes(32).toString('hex');
      const started = await Promise.allSettled(
        Array.from({ length: REPLICAS }, () =>
          startServer({
            database: { kind: 'postgres', url: own.url },
            dataDir: dataDir(),
            secretKey,
            demo: true,
            demoRooms: 150,
            port: 0,
            logger: false,
            webDist: null,
            scryptCost: TEST_SCRYPT_COST,
          }),
        ),
      );
      const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const check = await openDatabase({ kind: 'postgres', url: own.url });
      try {
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(
          Array(REPLICAS).fill('started'),
        );
        expect(await recordedMigrations(check)).toEqual([...MIGRATION_NAMES].sort());
        expect(await demoHotels(check)).toBe(1);
        const rooms = await check
          .selectFrom('rooms')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(rooms.n)).toBe(150);
        expect(servers.map((s: RunningServer) => s.demoRoomsAdded).sort((a, b) => a - b)).toEqual([0, 0, 50]);
        for (const server of servers) expect((await fetch(`${server.url}/health`)).status).toBe(200);
      } finally {
        await Promise.all(servers.map((s) => s.close()));
        await check.destroy();
        await own.drop();
      }
    });
  });
}

describe('the startup lock on PGlite (one process)', () => {
  it('migrations and work under the lock run one after the other on the one connection', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      const order: string[] = [];
      const [applied, again] = await Promise.all([
        migrateToLatest(db),
        withStartupLock(db, async (connection) => {
          order.push('second holder');
          // Re-entrant: migrating inside the lock's own work finds it done rather than waiting for itself.
          return migrateToLatest(connection);
        }),
      ]);
      expect(applied).toEqual([...MIGRATION_NAMES]);
      expect(again).toEqual([]);
      expect(order).toEqual(['second holder']);
      expect(await recordedMigrations(db)).toEqual([...MIGRATION_NAMES].sort());
    } finally {
      await db.destroy();
    }
  });

  it('`start --demo` twice on one data folder seeds once', async () => {
    const dir = dataDir();
    const options = {
      dataDir: dir,
      database: { kind: 'pglite' as const, dataDir: join(dir, 'pglite') },
      demo: true,
      port: 0,
      logger: false as const,
      webDist: null,
      scryptCost: TEST_SCRYPT_COST,
    };
    const first = await startServer(options);
    await first.close();
    const second = await startServer(options);
    try {
      expect(await demoHotels(second.app.db)).toBe(1);
    } finally {
      await second.close();
    }
  });
});
