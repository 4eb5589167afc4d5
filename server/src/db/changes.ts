/**
 * Which tables changed, so that in-process caches (sessions, room list pages) know when what they hold is stale.
 *
 * Every database opened by openDatabase has a ChangeFeed. Two sources feed it:
 * - this process's own writes: the drivers (db/index.ts) note every statement that is not a read on a connection
 *   and report the tables it wrote when the connection is released, that is after the commit (or rollback). A
 *   revocation, a room change, a direct insert by a test: the next call on this process already sees it.
 * - other processes' writes (PostgreSQL only; PGlite lives in one process): statement triggers (migration 007)
 *   send `NOTIFY lockdesk_changes, '<table>'`; a dedicated connection LISTENs. PostgreSQL delivers notifications in
 *   commit order, so the listener also notifies ITSELF every second (a heartbeat): once a heartbeat sent at T is back,
 *   every change committed before T has been seen. The feed is `live` only while the last heartbeat that came back was
 *   sent less than LIVE_MS ago; caches answer from memory only while the feed is live. So another replica's write,
 *   a revocation included, is seen within the notification delay (milliseconds), and never later than LIVE_MS: if
 *   the listener stalls or its connection drops, every cache falls back to the database.
 *
 * A cache entry records the feed's version of the tables it read BEFORE reading them; it is used only while that
 * version is unchanged. Versions only grow, so a change that lands while an entry is being computed leaves it stale.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** The channel the triggers of migration 007 notify, with the table name as payload. */
export const CHANGES_CHANNEL = 'lockdesk_changes';
/** The listening connection's application_name (pg_stat_activity shows it). */
export const LISTENER_NAME = 'lockdesk-changes';
/** How often the listener notifies itself, and how old its last heartbeat may be for the feed to count as live. */
const BEAT_MS = 1_000;
const LIVE_MS = 3_000;

const READ_STATEMENT =
  /^\s*(?:select|begin|start\s+transaction|commit|rollback|savepoint|release|show|explain|listen|unlisten)\b/i;
const WRITE_TARGET =
  /^\s*(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

/**
 * The tables a statement may write: [] for a read, the target table of an INSERT, UPDATE or DELETE, null (anything)
 * for every other statement (DDL, CTEs, COPY, ANALYZE…).
 */
export function writtenTables(sqlText: string): string[] | null {
  if (READ_STATEMENT.test(sqlText)) return [];
  const m = WRITE_TARGET.exec(sqlText);
  return m?.[1] ? [m[1].toLowerCase()] : null;
}

/** The writes of one connection since it was acquired, reported when it is released. */
export class PendingWrites {
  #tables = new Set<string>();
  #all = false;
  note(sqlText: string): void {
    if (this.#all) return;
    const tables = writtenTables(sqlText);
    if (tables === null) this.#all = true;
    else for (const t of tables) this.#tables.add(t);
  }
  flush(feed: ChangeFeed): void {
    if (this.#all) feed.changed(null);
    else for (const t of this.#tables) feed.changed(t);
    this.#all = false;
    this.#tables.clear();
  }
}

export class ChangeFeed {
  #versions = new Map<string, number>();
  /** Bumped by writes of unknown tables: part of every version. */
  #any = 0;
  #listener: ChangeListener | undefined;

  /** @param listen the PostgreSQL URL to listen on; without it (PGlite) the feed is always live. */
  constructor(private readonly listenUrl?: string) {}

  /** A number that grows whenever one of the tables changes. */
  version(tables: readonly string[]): number {
    let v = this.#any;
    for (const t of tables) v += this.#versions.get(t) ?? 0;
    return v;
  }

  /** Marks a table (null: every table) as changed. */
  changed(table: string | null): void {
    if (table === null) this.#any++;
    else this.#versions.set(table, (this.#versions.get(table) ?? 0) + 1);
  }

  /** True when changes made by other processes are known to be seen (see above); starts the listener if needed. */
  get live(): boolean {
    if (this.listenUrl === undefined) return true;
    this.#listener ??= new ChangeListener(this.listenUrl, this);
    return this.#listener.live;
  }

  /** Stops the listener (when the database is closed). */
  async close(): Promise<void> {
    await this.#listener?.close();
    this.#listener = undefined;
  }
}

/** The LISTEN connection of a feed on PostgreSQL, with its heartbeat and reconnection. */
class ChangeListener {
  #client: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  /** performance.now() at which the newest heartbeat that came back was sent; -Infinity before the first. */
  #lastBeat = Number.NEGATIVE_INFINITY;
  readonly #id = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  constructor(
    private readonly url: string,
    private readonly feed: ChangeFeed,
  ) {
    void this.#connect();
  }

  get live(): boolean {
    return !this.#closed && performance.now() - this.#lastBeat < LIVE_MS;
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5_000,
      application_name: LISTENER_NAME,
    });
    this.#client = client;
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      this.#lastBeat = Number.NEGATIVE_INFINITY;
      // Whatever happened while nobody listened is unknown: everything cached is stale.
      this.feed.changed(null);
      if (this.#timer) clearInterval(this.#timer);
      this.#timer = undefined;
      client.end().catch(() => {});
      if (!this.#closed) setTimeout(() => void this.#connect(), BEAT_MS).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      const payload = n.payload ?? '';
      if (payload.startsWith('beat:')) {
        const [, id, sent] = payload.split(':');
        if (id === this.#id) this.#lastBeat = Math.max(this.#lastBeat, Number(sent));
      } else this.feed.changed(payload === '' ? null : payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      // Changes made before LISTEN took effect were never announced to this feed.
      this.feed.changed(null);
      const beat = () => {
        client
          .query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, `beat:${this.#id}:${performance.now()}`])
          .catch(lost);
      };
      beat();
      this.#timer = setInterval(beat, BEAT_MS);
      this.#timer.unref();
    } catch {
      lost();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}

/** A bounded cache whose entries hold while the feed is live, their tables unchanged and the clock in their window. */
export class VersionedCache<T> {
  readonly #entries = new Map<string, { version: number; from: number; until: number; value: T }>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly tables: readonly string[],
    private readonly maxEntries: number,
  ) {}

  /** The version to record with a value about to be computed (read it BEFORE reading the database). */
  version(): number {
    return this.feed.version(this.tables);
  }

  get(key: string, now: number): T | undefined {
    if (!this.feed.live) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.version() || now < entry.from || now >= entry.until) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a value computed from the database at `version`, valid for clock times in [from, until). */
  set(key: string, version: number, value: T, from: number, until = Number.POSITIVE_INFINITY): void {
    if (version !== this.version() || !this.feed.live || until <= from) return;
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.delete(key);
    this.#entries.set(key, { version, from, until, value });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  readonly #loading = new Map<string, { version: number; from: number; until: number; value: Promise<T> }>();

  /**
   * The kept value of `key`, else the one already being read for it at the same version, else `read()`'s (kept
   * for [now, until) once read): concurrent requests for a value not kept yet share one read.
   */
  async load(key: string, now: number, until: number, read: () => Promise<T>): Promise<T> {
    const kept = this.get(key, now);
    if (kept !== undefined) return kept;
    const version = this.version();
    const flight = this.#loading.get(key);
    if (flight && flight.version === version && flight.from <= now && now < flight.until) return flight.value;
    const entry = { version, from: now, until, value: read() };
    this.#loading.set(key, entry);
    try {
      const value = await entry.value;
      this.set(key, version, value, now, until);
      return value;
    } finally {
      if (this.#loading.get(key) === entry) this.#loading.delete(key);
    }
  }
}

const feeds = new WeakMap<object, ChangeFeed>();

/** Binds a feed to the database object it watches. */
export function attachFeed(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/** The feed of a database opened by openDatabase; undefined for a transaction or another Kysely. */
export function changeFeed(db: object): ChangeFeed | undefined {
  return feeds.get(db);
}
