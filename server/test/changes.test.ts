/**
 * The change feed (db/changes.ts): which statements count as writes, and on PostgreSQL that a write made through
 * another connection pool (another server replica) reaches this process's feed, and that a lost listener makes
 * the feed stop vouching for caches until it listens again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ChangeFeed, changeFeed, LISTENER_NAME, VersionedCache, writtenTables } from '../src/db/changes.js';
import { type Db, migrateToLatest, openDatabase } from '../src/db/index.js';
import { databaseKinds } from './helpers.js';

describe('writtenTables', () => {
  it('tells reads from writes and names the written table', () => {
    expect(writtenTables('select * from "rooms" where "id" = $1')).toEqual([]);
    expect(writtenTables('  SELECT 1')).toEqual([]);
    expect(writtenTables('begin')).toEqual([]);
    expect(writtenTables('commit')).toEqual([]);
    expect(writtenTables('insert into "rooms" ("name") values ($1)')).toEqual(['rooms']);
    expect(writtenTables('update "sessions" set "revoked_at" = $1')).toEqual(['sessions']);
    expect(writtenTables('DELETE FROM user_rooms')).toEqual(['user_rooms']);
    expect(writtenTables('delete from "public"."stays" where id = 1')).toEqual(['stays']);
    // Anything else may write anything: every cache is dropped.
    expect(writtenTables('with x as (update rooms set status = 0) select 1')).toBeNull();
    expect(writtenTables('ALTER TABLE rooms ADD COLUMN x int')).toBeNull();
    expect(writtenTables('truncate rooms')).toBeNull();
  });
});

describe('VersionedCache', () => {
  it('keeps a value while its tables are unchanged and its clock window holds', () => {
    const feed = new ChangeFeed();
    const cache = new VersionedCache<string>(feed, ['rooms'], 2);
    cache.set('a', cache.version(), 'A', 100, 200);
    expect(cache.get('a', 150)).toBe('A');
    expect(cache.get('a', 99)).toBeUndefined();
    cache.set('a', cache.version(), 'A', 100, 200);
    expect(cache.get('a', 200)).toBeUndefined();
    cache.set('b', cache.version(), 'B', 0);
    feed.changed('sessions');
    expect(cache.get('b', 1)).toBe('B');
    feed.changed('rooms');
    expect(cache.get('b', 1)).toBeUndefined();
    // A value read before a change is not kept.
    const before = cache.version();
    feed.changed(null);
    cache.set('c', before, 'C', 0);
    expect(cache.get('c', 1)).toBeUndefined();
  });

  it('shares one read among concurrent loads, and reads again after a change', async () => {
    const feed = new ChangeFeed();
    const cache = new VersionedCache<number>(feed, ['rooms'], 10);
    let reads = 0;
    const read = async () => {
      reads++;
      await Promise.resolve();
      return reads;
    };
    const [a, b] = await Promise.all([cache.load('k', 0, 10, read), cache.load('k', 1, 10, read)]);
    expect([a, b, reads]).toEqual([1, 1, 1]);
    expect(await cache.load('k', 2, 10, read)).toBe(1);
    feed.changed('rooms');
    expect(await cache.load('k', 2, 10, read)).toBe(2);
  });
});

const base = process.env['TEST_DATABASE_URL'];

// PostgreSQL only: PGlite lives in one process, so every write it sees is this process's own (room-list.test.ts).
for (const kind of databaseKinds().filter((k) => k === 'postgres'))
  describe(`the change feed across processes [${kind}]`, () => {
    const name = `${inject('testDatabasePrefix')}changes_${process.pid}`;
    let here: Db;
    let replica: Db;
    const admin = () => new pg.Client({ connectionString: base });

    beforeAll(async () => {
      const c = admin();
      await c.connect();
      await c.query(`CREATE DATABASE ${name}`);
      await c.end();
      const url = new URL(base as string);
      url.pathname = `/${name}`;
      here = await openDatabase({ kind: 'postgres', url: url.toString() });
      replica = await openDatabase({ kind: 'postgres', url: url.toString() });
      await migrateToLatest(here);
    });

    afterAll(async () => {
      await here?.destroy();
      await replica?.destroy();
      const c = admin();
      await c.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (e) {
          if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await c.end();
    });

    it('sees another replica’s write, and stops vouching for caches while it cannot listen', async () => {
      const feed = changeFeed(here);
      if (!feed) throw new Error('no change feed');
      await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 10_000 });
      const cache = new VersionedCache<string>(feed, ['hotels'], 10);
      cache.set('k', cache.version(), 'kept', 0);
      expect(cache.get('k', 1)).toBe('kept');

      // A write through the other pool: this process never ran it, the NOTIFY of migration 007 tells it.
      await replica
        .insertInto('hotels')
        .values({
          name: 'Elsewhere',
          address: '',
          telephone: '',
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
      await vi.waitFor(() => expect(cache.get('k', 1)).toBeUndefined(), { timeout: 10_000 });

      // The listening connection dies: nothing kept is trusted until it listens again.
      cache.set('k', cache.version(), 'kept again', 0);
      expect(cache.get('k', 1)).toBe('kept again');
      const c = admin();
      await c.connect();
      await c.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = $2',
        [LISTENER_NAME, name],
      );
      await c.end();
      await vi.waitFor(() => expect(feed.live).toBe(false), { timeout: 10_000 });
      expect(cache.get('k', 1)).toBeUndefined();
      await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 10_000 });
    });
  });
