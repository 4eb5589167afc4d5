/**
 * One query layer (Kysely) over two engines: PGlite (embedded, the default; a data folder or `memory://`) and
 * PostgreSQL (`DATABASE_URL`, a `pg` Pool). Both return the same JS types: integers and numerics as numbers,
 * timestamptz as Date, jsonb parsed.
 *
 * PGlite has a single connection, so the driver below hands it out behind a mutex: a transaction holds it until
 * commit or rollback. Inside `db.transaction().execute(async (trx) => …)` use `trx` only — a query on `db` there
 * would wait for the connection the transaction holds, forever.
 */

import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  sql,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { ownerOnlyFolder, ownerOnlyNewFiles, tightenFolder } from '../data-folder.js';
import { attachFeed, ChangeFeed, PendingWrites } from './changes.js';
import * as m001 from './migrations/001_initial.js';
import { ALL_TABLES } from './migrations/001_initial.js';
import * as m002 from './migrations/002_rooms.js';
import * as m003 from './migrations/003_login_ip.js';
import * as m004 from './migrations/004_operation_rooms.js';
import * as m005 from './migrations/005_lock_passwords.js';
import * as m006 from './migrations/006_media.js';
import * as m007 from './migrations/007_change_notices.js';
import * as m008 from './migrations/008_cards.js';
import * as m009 from './migrations/009_dispensers.js';
import * as m010 from './migrations/010_card_void.js';
import * as m011 from './migrations/011_locks.js';
import * as m012 from './migrations/012_exports.js';
import * as m013 from './migrations/013_lock_change_notices.js';
import * as m014 from './migrations/014_money.js';
import * as m015 from './migrations/015_messages.js';
import * as m016 from './migrations/016_firmware_faces.js';
import * as m017 from './migrations/017_customers.js';
import * as m018 from './migrations/018_api_keys.js';
import * as m019 from './migrations/019_rate_limits.js';
import * as m020 from './migrations/020_replicas.js';
import * as m021 from './migrations/021_broker_credentials.js';
import type { Database } from './schema.js';

export type { Database } from './schema.js';
export type Db = Kysely<Database>;

/**
 * Where the data lives: an embedded PGlite (folder or 'memory://') or a PostgreSQL URL. `startFrom`, a data folder
 * saved by saveEmbedded, gives a new embedded database that content instead of an empty cluster (the tests start
 * every file's database from one migrated copy rather than creating and migrating it again).
 */
export type DbConfig =
  | { kind: 'pglite'; dataDir: string; startFrom?: Blob }
  | { kind: 'postgres'; url: string };

const OID_INT8 = 20;
const OID_NUMERIC = 1700;

/** Runs one task at a time, in arrival order. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;
  async lock(): Promise<void> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
  }
  unlock(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}

class PGliteConnection implements DatabaseConnection {
  /** The writes since the connection was handed out (reported to the change feed when it comes back). */
  readonly writes = new PendingWrites();
  constructor(private readonly pglite: PGlite) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.writes.note(compiled.sql);
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    return { rows: result.rows ?? [], numAffectedRows: BigInt(result.affectedRows ?? 0) };
  }
  // biome-ignore lint/correctness/useYield: streaming is not offered on PGlite; the throw is the answer
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported on PGlite');
  }
}

/** A Kysely driver for PGlite: one connection, handed out behind a mutex. */
class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  constructor(
    private readonly pglite: PGlite,
    private readonly feed: ChangeFeed,
  ) {
    this.#connection = new PGliteConnection(pglite);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name.replace(/"/g, '')}"`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint "${name.replace(/"/g, '')}"`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint "${name.replace(/"/g, '')}"`));
  }
  async releaseConnection(): Promise<void> {
    // After the commit (a transaction holds the connection until then), before the next task can read.
    this.#connection.writes.flush(this.feed);
    this.#mutex.unlock();
  }
  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly feed: ChangeFeed,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.pglite, this.feed);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes any database
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}

/**
 * Opens the embedded database (creating its folder) with the same type parsing as PostgreSQL below. On disk its
 * files are its owner's only (data-folder.ts): the folder is made 0700, and a new database's files, which PGlite
 * unpacks 0666 whatever the umask, are tightened once it is open.
 */
async function openPGlite(dataDir: string, startFrom?: Blob): Promise<PGlite> {
  const onDisk = !dataDir.startsWith('memory://');
  if (onDisk) {
    ownerOnlyFolder(dataDir);
    ownerOnlyNewFiles();
  }
  const pglite = await PGlite.create(dataDir, {
    ...(startFrom ? { loadDataDir: startFrom } : {}),
    extensions: { btree_gist },
    parsers: { [OID_INT8]: (x: string) => Number(x), [OID_NUMERIC]: (x: string) => Number(x) },
  });
  if (onDisk) tightenFolder(dataDir);
  return pglite;
}

function postgresPool(url: string): pg.Pool {
  const parsers: Record<number, (x: string) => unknown> = {
    [OID_INT8]: (x) => Number(x),
    [OID_NUMERIC]: (x) => Number(x),
  };
  return new pg.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
}

/**
 * The pool as Kysely sees it, each client reporting its writes to the change feed when released (after its
 * statement or transaction committed); ending it also stops the feed's listener.
 */
function watchedPool(pool: pg.Pool, feed: ChangeFeed) {
  const watched = new WeakMap<pg.PoolClient, object>();
  const watch = (client: pg.PoolClient) => {
    const writes = new PendingWrites();
    return {
      // biome-ignore lint/suspicious/noExplicitAny: forwards Kysely's two query forms (text + values, cursor)
      query: (text: any, values?: any) => {
        writes.note(typeof text === 'string' ? text : String(text?.text ?? ''));
        return client.query(text, values);
      },
      release: () => {
        writes.flush(feed);
        client.release();
      },
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = watched.get(client);
      if (!wrapper) {
        wrapper = watch(client);
        watched.set(client, wrapper);
      }
      return wrapper;
    },
    async end() {
      await feed.close();
      await pool.end();
    },
  };
}

/** The engine under each embedded database (saveEmbedded). */
const embeddedEngines = new WeakMap<Db, PGlite>();

/** The data folder of an embedded database as one archive, to open copies of it with `startFrom`. */
export function saveEmbedded(db: Db): Promise<Blob> {
  const pglite = embeddedEngines.get(db);
  if (!pglite) throw new Error('saveEmbedded: not an embedded database');
  return pglite.dumpDataDir('none');
}

/** The process-local state of each embedded database (embeddedState). */
const embeddedStates = new WeakMap<Db, Map<string, unknown>>();

/**
 * State that everything using an embedded database shares in this process, or null on PostgreSQL. PGlite lives in
 * one process, so counting there in memory is counting for every user of the database; on PostgreSQL replicas
 * share only the database, and such state must live in its tables. truncateAll empties it with the tables.
 */
export function embeddedState(db: Db): Map<string, unknown> | null {
  return embeddedStates.get(db) ?? null;
}

/** Opens the database the config names (without migrating), with its change feed (db/changes.ts). */
export async function openDatabase(config: DbConfig): Promise<Db> {
  let db: Db;
  let feed: ChangeFeed;
  if (config.kind === 'postgres') {
    feed = new ChangeFeed(config.url);
    db = new Kysely<Database>({
      // biome-ignore lint/suspicious/noExplicitAny: the wrapper implements the part of pg.Pool Kysely uses
      dialect: new PostgresDialect({ pool: watchedPool(postgresPool(config.url), feed) as any }),
    });
  } else {
    feed = new ChangeFeed();
    const pglite = await openPGlite(config.dataDir, config.startFrom);
    db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, feed) });
    embeddedStates.set(db, new Map());
    embeddedEngines.set(db, pglite);
  }
  attachFeed(db, feed);
  return db;
}

/** The versioned migrations, in order. Add a file `00N_name.ts` and a line here; never edit a shipped one. */
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': m001,
  '002_rooms': m002,
  '003_login_ip': m003,
  '004_operation_rooms': m004,
  '005_lock_passwords': m005,
  '006_media': m006,
  '007_change_notices': m007,
  '008_cards': m008,
  '009_dispensers': m009,
  '010_card_void': m010,
  '011_locks': m011,
  '012_exports': m012,
  '013_lock_change_notices': m013,
  '014_money': m014,
  '015_messages': m015,
  '016_firmware_faces': m016,
  '017_customers': m017,
  '018_api_keys': m018,
  '019_rate_limits': m019,
  '020_replicas': m020,
  '021_broker_credentials': m021,
};

/** The migration names, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** The session advisory lock under which replicas migrate and seed, one at a time ('LkDk' in ASCII). */
const STARTUP_LOCK = 0x4c6b446b;

/**
 * Runs `work` on one dedicated connection holding the startup advisory lock (pg_advisory_lock, released after, or
 * by PostgreSQL when the process dies): replicas started together on one database migrate and seed one after the
 * other, and each finds the previous one's work done. `work` must use the connection it is given: on PGlite that
 * connection is the only one. The lock is re-entrant, so work may call migrateToLatest on its connection.
 */
export async function withStartupLock<T>(db: Db, work: (connection: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}

/**
 * Brings the schema to the latest version under the startup lock (N replicas starting on an empty database
 * migrate it once, none fails); throws with the failing migration's error.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return withStartupLock(db, async (connection) => {
    const migrator = new Migrator({ db: connection, provider, migrationTableName: 'lockdesk_migration' });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}

/**
 * Empties every table (tests reset data this way instead of opening a new database). DELETE, not TRUNCATE: on
 * small tables it is ten times faster on PostgreSQL. Ids keep counting; tests use the ids the seed returns.
 */
export async function truncateAll(db: Db): Promise<void> {
  embeddedState(db)?.clear();
  await db.transaction().execute(async (trx) => {
    for (const table of ALL_TABLES) await sql.raw(`DELETE FROM ${table}`).execute(trx);
    // The shared limits (019) hold no foreign key to be emptied with the tables above.
    for (const table of ['rate_windows', 'throttles']) await sql.raw(`DELETE FROM ${table}`).execute(trx);
  });
}

/** Reads the database config from the environment: DATABASE_URL means PostgreSQL, else PGlite in dataDir. */
export function databaseConfigFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): DbConfig {
  const url = env['DATABASE_URL'];
  return url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir };
}

/** True when a database error is a constraint violation (unique, exclusion, check or foreign key). */
export function isConstraintViolation(
  error: unknown,
  kind?: 'unique' | 'exclusion' | 'check' | 'foreign',
): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  const codes = { unique: '23505', exclusion: '23P01', check: '23514', foreign: '23503' } as const;
  return kind ? code === codes[kind] : Object.values(codes).includes(code as never);
}

/** The name of the violated constraint, when the engine reports one. */
export function violatedConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: unknown } | null;
  return typeof e?.constraint === 'string' ? e.constraint : undefined;
}
