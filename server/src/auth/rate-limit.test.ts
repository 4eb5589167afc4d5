import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../../test/helpers.js';
import { changeFeed } from '../db/changes.js';
import { type Db, embeddedState, migrateToLatest, truncateAll } from '../db/index.js';
import { CallRateLimit, claimOnce, FailureLimit, releaseClaim, takeBudgets } from './rate-limit.js';

for (const kind of databaseKinds()) {
  describe(`shared limits [${kind}]`, () => {
    let db: Db;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ db, drop } = await openTestDatabase(kind));
      await migrateToLatest(db);
    }, 60_000);
    afterAll(async () => {
      await drop?.();
    });

    const all = (limit: CallRateLimit, key: string, n: number, share?: number) =>
      Promise.all(Array.from({ length: n }, () => limit.take(key, share)));
    const sequence = async (limit: CallRateLimit, key: string, n: number, share?: number) => {
      const answers: boolean[] = [];
      for (let i = 0; i < n; i++) answers.push(await limit.take(key, share));
      return answers;
    };

    describe('CallRateLimit', () => {
      it('allows the limit per minute per key, then refuses until the window slides on', async () => {
        await truncateAll(db);
        let now = 10 * 60_000 + 30_000;
        const limit = new CallRateLimit(db, 'a', 5, () => now);
        expect(await sequence(limit, 'a', 5)).toEqual([true, true, true, true, true]);
        expect(await limit.take('a')).toBe(false);
        expect(await limit.take('b')).toBe(true);
        // At 11:00 the calls of 10:30 are still inside the last minute.
        now += 30_000;
        expect(await limit.take('a')).toBe(false);
        // At 11:30 the previous bucket weighs half: 5 × 0.5 = 2.5, so three more calls fit.
        now += 30_000;
        expect(await sequence(limit, 'a', 4)).toEqual([true, true, true, false]);
        // Two minutes on, nothing of the old calls is left.
        now += 120_000;
        expect((await sequence(limit, 'a', 5)).every(Boolean)).toBe(true);
      });

      it('scales the budget by a share', async () => {
        await truncateAll(db);
        const limit = new CallRateLimit(db, 'a', 2, () => 0);
        expect(await sequence(limit, 'ip', 7, 3)).toEqual([true, true, true, true, true, true, false]);
      });

      it('counts one budget for every instance on the database, also for calls at once', async () => {
        await truncateAll(db);
        const now = () => 5 * 60_000;
        const one = new CallRateLimit(db, 'a', 10, now);
        const other = new CallRateLimit(db, 'a', 10, now);
        const answers = [...(await all(one, 'k', 15)), ...(await all(other, 'k', 15))];
        expect(answers.filter(Boolean)).toHaveLength(10);
        // Another scope is another budget.
        expect(await new CallRateLimit(db, 'b', 10, now).take('k')).toBe(true);
      });

      it('parallel calls on a fresh key never pass the limit together', async () => {
        await truncateAll(db);
        const limit = new CallRateLimit(db, 'a', 7, () => 42 * 60_000 + 1);
        const answers = await all(limit, 'fresh', 40);
        expect(answers.filter(Boolean)).toHaveLength(7);
      });

      it('counts several budgets in one statement, each on its own', async () => {
        await truncateAll(db);
        const at = 9 * 60_000;
        const address = { key: 'x:ip', perMinute: 3 };
        const session = { key: 'x:session', perMinute: 2 };
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push(await takeBudgets(db, [address, session], at));
        expect(answers).toEqual([
          [true, true],
          [true, true],
          [true, false],
          [false, false],
        ]);
        // In parallel too: of 12 calls, the address's budget of 3 passes; the sessions' budgets are their own.
        const parallel = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            takeBudgets(
              db,
              [
                { key: 'y:ip', perMinute: 3 },
                { key: `y:session:${i % 2}`, perMinute: 1 },
              ],
              at,
            ),
          ),
        );
        expect(parallel.filter(([ip]) => ip)).toHaveLength(3);
        expect(parallel.filter(([, s]) => s)).toHaveLength(2);
        expect(await takeBudgets(db, [], at)).toEqual([]);
      });

      it('sweeps buckets older than the previous minute', async () => {
        await truncateAll(db);
        let now = 100 * 60_000;
        const limit = new CallRateLimit(db, 'sweep', 5, () => now);
        if (kind === 'postgres') {
          await limit.take('x');
          now += 3 * 60_000;
          await limit.take('y');
          const keys = await db.selectFrom('rate_windows').select('key').execute();
          expect(keys.map((k) => k.key)).toEqual(['sweep:y']);
          return;
        }
        // PGlite: the process's memory holds the counts (nothing is written), swept once it holds 10,000 keys.
        for (let i = 0; i < 10_000; i++) await limit.take(`k${i}`);
        now += 3 * 60_000;
        await limit.take('y');
        await limit.take('z');
        const windows = embeddedState(db)?.get('rate_windows') as Map<string, unknown>;
        expect([...windows.keys()]).toEqual(['sweep:y', 'sweep:z']);
        expect(await db.selectFrom('rate_windows').select('key').execute()).toEqual([]);
      });

      it('on PGlite counts in memory and forgets the counts with the data (truncateAll)', async () => {
        await truncateAll(db);
        const limit = new CallRateLimit(db, 'mem', 1, () => 5 * 60_000);
        expect(await limit.take('k')).toBe(true);
        expect(await limit.take('k')).toBe(false);
        await truncateAll(db);
        expect(await limit.take('k')).toBe(true);
        expect(embeddedState(db) === null).toBe(kind === 'postgres');
      });
    });

    it('counting marks only its own tables changed, and sends no change notice to other replicas', async () => {
      await truncateAll(db);
      const feed = changeFeed(db);
      const cached = ['sessions', 'users', 'rooms', 'stays'];
      const before = { cached: feed?.version(cached), own: feed?.version(['rate_windows', 'throttles']) };
      let now = 7 * 60_000;
      await new CallRateLimit(db, 'a', 5, () => now).take('k');
      await new FailureLimit(db, 'f', 5, () => now).fail('k');
      await claimOnce(db, 'c', 60_000, now);
      now += 5 * 60_000;
      await new CallRateLimit(db, 'a', 5, () => now).take('k');
      expect(feed?.version(cached)).toBe(before.cached);
      expect(feed?.version(['rate_windows', 'throttles'])).toBeGreaterThan(before.own ?? 0);
      // No statement trigger (migration 007's NOTIFY) on the tables written at every call.
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_trigger t
        JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relname IN ('rate_windows', 'throttles')`.execute(db);
      expect(rows[0]?.n).toBe(0);
    });

    describe('FailureLimit', () => {
      it('refuses a key past its budget of failures in a minute, and counts it afresh the next minute', async () => {
        await truncateAll(db);
        let now = 120_000;
        const failures = new FailureLimit(db, 'f', 3, () => now);
        const fail = async (key: string, n: number) => {
          const over: boolean[] = [];
          for (let i = 0; i < n; i++) over.push(await failures.fail(key));
          return over;
        };
        expect(await fail('room:1', 5)).toEqual([false, false, false, true, true]);
        // Another instance on the database sees the same count; another key has its own budget.
        expect(await new FailureLimit(db, 'f', 3, () => now).fail('room:1')).toBe(true);
        expect(await fail('room:2', 1)).toEqual([false]);
        // Parallel failures on a full-but-one window: exactly one more fits.
        const parallel = await Promise.all(Array.from({ length: 6 }, () => failures.fail('room:2')));
        expect(parallel.filter((over) => !over)).toHaveLength(2);
        now += 60_000;
        expect(await fail('room:1', 4)).toEqual([false, false, false, true]);
        // On PGlite the counts are the process's (embeddedState), as the call budgets are: no row is written.
        const rows = await db.selectFrom('rate_windows').select('key').execute();
        expect(rows.length > 0).toBe(kind === 'postgres');
      });
    });

    describe('claimOnce', () => {
      it('gives a key to one caller per period, again after it, and at once when the clock went back', async () => {
        await truncateAll(db);
        const at = 1_000_000;
        const claims = await Promise.all(Array.from({ length: 8 }, () => claimOnce(db, 'k', 60_000, at)));
        expect(claims.filter(Boolean)).toHaveLength(1);
        expect(await claimOnce(db, 'k', 60_000, at + 59_999)).toBe(false);
        expect(await claimOnce(db, 'other', 60_000, at + 59_999)).toBe(true);
        expect(await claimOnce(db, 'k', 60_000, at + 60_000)).toBe(true);
        expect(await claimOnce(db, 'k', 60_000, at + 1_000)).toBe(true);
        // A released claim (the work failed) may be taken again at once.
        await releaseClaim(db, 'k', at + 1_000);
        expect(await claimOnce(db, 'k', 60_000, at + 1_001)).toBe(true);
      });
    });
  });
}
