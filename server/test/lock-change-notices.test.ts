/**
 * Migration 013: a write to a table the room list's lock marks read (lock syncs, card changes, passwords, faces,
 * fingerprint deliveries), made through another connection pool (another server replica), reaches this process's
 * change feed, so a kept room-list answer of this replica drops its stale marks. PostgreSQL only: PGlite lives in one
 * process, where every write is this process's own (lock-deliveries.test.ts checks the kept pages are dropped).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeFeed, VersionedCache } from '../src/db/changes.js';
import { type Db, migrateToLatest, openDatabase } from '../src/db/index.js';
import { databaseKinds, ownPostgresDatabase } from './helpers.js';

const LOCK_TABLES = [
  'lock_devices',
  'card_lock_sync',
  'cards',
  'lock_passwords',
  'faces',
  'fingerprint_deliveries',
] as const;

// On every database: migration 013 gives each table the marks read a statement trigger that sends the change
// notice (the cross-process check below needs PostgreSQL; this one holds on PGlite too).
describe('migration 013 on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it('puts a change-notice trigger on every table the lock marks read', async () => {
    const { rows } = await sql<{ table: string; fn: string }>`
      SELECT c.relname AS table, p.proname AS fn FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND t.tgname LIKE '%_notify_change'`.execute(db);
    for (const table of LOCK_TABLES)
      expect(
        rows.filter((r) => r.table === table).map((r) => r.fn),
        table,
      ).toEqual(['lockdesk_notify_change']);
  });
});

for (const kind of databaseKinds().filter((k) => k === 'postgres'))
  describe(`lock marks across processes [${kind}]`, () => {
    let here: Db;
    let replica: Db;
    let own: Awaited<ReturnType<typeof ownPostgresDatabase>>;

    beforeAll(async () => {
      own = await ownPostgresDatabase();
      here = await openDatabase({ kind: 'postgres', url: own.url });
      replica = await openDatabase({ kind: 'postgres', url: own.url });
      await migrateToLatest(here);
    });

    afterAll(async () => {
      await here?.destroy();
      await replica?.destroy();
      await own?.drop();
    });

    it('drops what is kept on a table of the marks when another replica writes it', async () => {
      const feed = changeFeed(here);
      if (!feed) throw new Error('no change feed');
      await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 10_000 });
      for (const table of LOCK_TABLES) {
        const cache = new VersionedCache<string>(feed, [table], 10);
        cache.set('k', cache.version(), 'kept', 0);
        expect(cache.get('k', 1), table).toBe('kept');
        // A statement trigger fires for a statement that changes no row too: enough to prove the notice is sent.
        await replica.deleteFrom(table).where('hotel_id', '=', -1).execute();
        await vi.waitFor(() => expect(cache.get('k', 1), table).toBeUndefined(), { timeout: 10_000 });
      }
    });
  });
