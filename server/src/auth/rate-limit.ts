/**
 * Limits shared by every server replica on one database (migration 019): calls per minute per key, failures per
 * minute per key, and "at most once per period" claims. On PostgreSQL the counts live in the database, never in
 * process memory, so a budget holds however the calls are spread over the replicas. On PGlite (one process by
 * construction) the call and failure budgets are counted in that process's memory
 * (db/index.ts embeddedState): the same answers without a statement on the one connection every call waits for.
 *
 * Time is the server clock (config.now(), faked by tests), never the database's.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Db, embeddedState } from '../db/index.js';
import type { Database } from '../db/schema.js';

const MINUTE = 60_000;

/** Sweeps buckets older than the previous minute, at most once a minute per process and database. */
class Sweeper {
  #last = Number.NEGATIVE_INFINITY;
  async maybe(db: Db, minute: number): Promise<void> {
    if (minute - this.#last < MINUTE && minute >= this.#last) return;
    this.#last = minute;
    await db
      .deleteFrom('rate_windows')
      .where('minute', '<', minute - MINUTE)
      .execute();
  }
}

const sweepers = new WeakMap<Db, Sweeper>();
function sweep(db: Db, minute: number): Promise<void> {
  let s = sweepers.get(db);
  if (!s) {
    s = new Sweeper();
    sweepers.set(db, s);
  }
  return s.maybe(db, minute);
}

/** One budget to count a call against: the key (scope included) and its calls per sliding minute. */
export interface Budget {
  key: string;
  perMinute: number;
}

/**
 * Counts a call against several budgets in ONE statement (one round trip) and answers, per budget, whether it had
 * room (the call is counted only against those that had). A sliding minute is estimated from two fixed one-minute
 * buckets: the previous minute counts for the part of it still inside the last 60 s.
 *
 * Parallel calls on any replica never pass a limit together: the conflicting row is locked and the WHERE of DO UPDATE
 * sees its latest count. Rows are locked in the order of `budgets` (callers keep one order of kinds: address, then
 * session), so two calls never wait for each other in a ring. The statement begins with INSERT INTO rate_windows:
 * the change feed (db/changes.ts) then knows it wrote that table only.
 */
export async function takeBudgets(db: Db, budgets: readonly Budget[], nowMs: number): Promise<boolean[]> {
  if (budgets.length === 0) return [];
  const minute = Math.floor(nowMs / MINUTE) * MINUTE;
  const weight = 1 - (nowMs - minute) / MINUTE;
  const local = embeddedState(db);
  if (local) return takeInMemory(local, budgets, minute, weight);
  const previous = (key: RawBuilder<unknown>) => sql`coalesce((SELECT p.count FROM rate_windows p
      WHERE p.key = ${key} AND p.minute = ${minute - MINUTE}::bigint), 0)::float8 * ${weight}::float8`;
  const values = sql.join(
    budgets.map((b, i) => sql`(${b.key}::text, ${b.perMinute}::float8, ${i}::integer)`),
  );
  const limitOf = sql`CASE w.key ${sql.join(
    budgets.map((b) => sql`WHEN ${b.key}::text THEN ${b.perMinute}::float8`),
    sql` `,
  )} END`;
  const { rows } = await sql<{ key: string }>`INSERT INTO rate_windows AS w (key, minute, count)
    SELECT v.key, ${minute}::bigint, 1 FROM (VALUES ${values}) AS v(key, per_minute, ord)
      WHERE ${previous(sql.ref('v.key'))} < v.per_minute
      ORDER BY v.ord
    ON CONFLICT (key, minute) DO UPDATE SET count = w.count + 1
      WHERE ${previous(sql.ref('w.key'))} + w.count < ${limitOf}
    RETURNING w.key`.execute(db);
  await sweep(db, minute);
  const allowed = new Set(rows.map((r) => r.key));
  return budgets.map((b) => allowed.has(b.key));
}

/** A key's two buckets in memory (embedded database): the same sliding estimate as the statement of takeBudgets. */
interface MemoryWindow {
  minute: number;
  current: number;
  previous: number;
}

/** Keys kept in memory before buckets older than the previous minute are swept. */
const MEMORY_SWEEP_AT = 10_000;

/** The buckets of the embedded database's process; past MEMORY_SWEEP_AT keys, those older than the previous minute go. */
function memoryWindows(local: Map<string, unknown>, minute: number): Map<string, MemoryWindow> {
  let windows = local.get('rate_windows') as Map<string, MemoryWindow> | undefined;
  if (!windows) {
    windows = new Map();
    local.set('rate_windows', windows);
  }
  if (windows.size >= MEMORY_SWEEP_AT)
    for (const [key, w] of windows) if (w.minute < minute - MINUTE) windows.delete(key);
  return windows;
}

function takeInMemory(
  local: Map<string, unknown>,
  budgets: readonly Budget[],
  minute: number,
  weight: number,
): boolean[] {
  const windows = memoryWindows(local, minute);
  return budgets.map((b) => {
    let w = windows.get(b.key);
    if (!w) {
      w = { minute, current: 0, previous: 0 };
      windows.set(b.key, w);
    } else if (w.minute !== minute) {
      w.previous = w.minute === minute - MINUTE ? w.current : 0;
      w.current = 0;
      w.minute = minute;
    }
    if (w.previous * weight + w.current >= b.perMinute) return false;
    w.current++;
    return true;
  });
}

/** Calls per minute per key (a sliding minute, see takeBudgets). `scope` keeps the keys of different budgets apart. */
export class CallRateLimit {
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  /** The budget of the key: `share` × the limit. */
  budget(key: string, share = 1): Budget {
    return { key: `${this.scope}:${key}`, perMinute: this.perMinute * share };
  }

  /** Records a call for the key; false when the key is over `share` × its limit (the call is refused). */
  async take(key: string, share = 1): Promise<boolean> {
    const [allowed] = await takeBudgets(this.db, [this.budget(key, share)], this.now());
    return allowed === true;
  }
}

/**
 * Failures per key in fixed one-minute windows: past the budget a key's further failures are refused until the next
 * minute. Counted like the call budgets: in rate_windows on PostgreSQL (every replica sees one count), in the
 * process's memory on PGlite (embeddedState, one process by construction).
 */
export class FailureLimit {
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  /** Counts a failure of the key; true when the key had no budget left for it this minute (refuse it harder). */
  async fail(key: string): Promise<boolean> {
    const minute = Math.floor(this.now() / MINUTE) * MINUTE;
    const scoped = `${this.scope}:${key}`;
    const local = embeddedState(this.db);
    if (local) return !countInMemory(local, scoped, minute, this.perMinute);
    // Past the budget the row is left alone (no WHERE match, nothing returned): the count stops at the budget.
    const { rows } = await sql<{ count: number }>`INSERT INTO rate_windows AS w (key, minute, count)
      VALUES (${scoped}, ${minute}::bigint, 1)
      ON CONFLICT (key, minute) DO UPDATE SET count = w.count + 1 WHERE w.count < ${this.perMinute}::integer
      RETURNING w.count`.execute(this.db);
    await sweep(this.db, minute);
    return rows.length === 0;
  }
}

/** Counts one more in the key's fixed window in memory; false (and nothing counted) when the window is full. */
function countInMemory(local: Map<string, unknown>, key: string, minute: number, perMinute: number): boolean {
  const windows = memoryWindows(local, minute);
  let w = windows.get(key);
  if (!w || w.minute !== minute) {
    w = { minute, current: 0, previous: 0 };
    windows.set(key, w);
  }
  if (w.current >= perMinute) return false;
  w.current++;
  return true;
}

/**
 * Claims the key for `periodMs` from now; true for the one caller (on any replica) that gets it, false while an
 * earlier claim still holds. A claim dated after now (the clock was set back) no longer holds.
 */
export async function claimOnce(db: Db, key: string, periodMs: number, now: number): Promise<boolean> {
  const { rows } = await sql<{ key: string }>`INSERT INTO throttles AS t (key, claimed_at, until)
    VALUES (${key}, ${now}::bigint, ${now + periodMs}::bigint)
    ON CONFLICT (key) DO UPDATE SET claimed_at = excluded.claimed_at, until = excluded.until
      WHERE t.until <= excluded.claimed_at OR t.claimed_at > excluded.claimed_at
    RETURNING t.key`.execute(db);
  return rows.length > 0;
}

/** Gives up a claim (the work it was for failed), so that the next caller may try again. */
export async function releaseClaim(db: Db, key: string, claimedAt: number): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).where('claimed_at', '=', claimedAt).execute();
}

/** The classes of advisory lock (first key of the two-key form), one per kind of thing serialised. */
const LOCK_CLASSES = { loginAccount: 1, loginClient: 2, exportAccount: 3 } as const;

/**
 * Takes the transaction's advisory lock on a key of a class (released at commit or rollback): transactions on any
 * replica that take the same one run their checks one after another. On PGlite the one connection does already.
 */
export async function lockInTransaction(
  trx: Kysely<Database>,
  kind: keyof typeof LOCK_CLASSES,
  key: string,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${LOCK_CLASSES[kind]}::integer, hashtext(${key}))`.execute(trx);
}
