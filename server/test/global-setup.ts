/**
 * Once per `vitest run` of the server: says on which databases the route suites run, and, with PostgreSQL, names
 * this run's databases (helpers.ts creates one per test file as `lockdesk_test_<run>_…`) and checks at the end that
 * every one of them was dropped. A leftover is dropped here and fails the run.
 *
 * It also makes the migrated, empty databases that every file's databases start from (helpers.ts): an embedded one
 * saved to a file, and on PostgreSQL a template database, dropped at the end. Creating a PGlite cluster and running
 * the migrations cost each file most of its start-up, and it is the same work every time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase, saveEmbedded } from '../src/db/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prefix of this run's PostgreSQL test databases. */
    testDatabasePrefix: string;
    /** A file holding a migrated, empty embedded database (saveEmbedded), to open copies of. */
    migratedEmbeddedDatabase: string;
    /** The migrated, empty PostgreSQL database to create each file's database from ('' without PostgreSQL). */
    migratedPostgresDatabase: string;
  }
}

/** The URL without its password, for printing. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable TEST_DATABASE_URL)';
  }
}

/** Saves a migrated, empty embedded database into `folder`; returns the file. */
async function migratedEmbeddedDatabase(folder: string): Promise<string> {
  const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  try {
    await migrateToLatest(db);
    const file = join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await (await saveEmbedded(db)).arrayBuffer()));
    return file;
  } finally {
    await db.destroy();
  }
}

/** Creates `name` on the PostgreSQL server at `url` and migrates it, to be the template of the files' databases. */
async function migratedPostgresDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: own.toString() });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  // CREATE DATABASE … TEMPLATE refuses while a session is still on the template: wait until the server has ended
  // the pool's sessions, which it does a moment after they are closed.
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    const sessions = async () =>
      (await check.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]))
        .rows[0].n;
    while ((await sessions()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    await check.end();
  }
}

export default async function setup(project: TestProject) {
  const templates = mkdtempSync(join(tmpdir(), 'lockdesk-test-template-'));
  project.provide('migratedEmbeddedDatabase', await migratedEmbeddedDatabase(templates));
  const url = process.env['TEST_DATABASE_URL'];
  const prefix = `lockdesk_test_${process.pid}_${Date.now().toString(36)}_`;
  project.provide('testDatabasePrefix', prefix);
  // Outside the prefix: the check below counts only the files' databases.
  const template = `lockdesk_template_${process.pid}_${Date.now().toString(36)}`;
  if (url) await migratedPostgresDatabase(url, template);
  project.provide('migratedPostgresDatabase', url ? template : '');
  const notice = url
    ? `Server suites: run on PGlite and on PostgreSQL ${shown(url)} (a fresh database per test file, ${prefix}*).`
    : 'Server suites: TEST_DATABASE_URL is not set, so they run on PGlite ONLY — not on PostgreSQL.';
  console.log(`\n${notice}\n`);

  return async () => {
    rmSync(templates, { recursive: true, force: true });
    if (!url) {
      console.log(`\n${notice}\n`);
      return;
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      const left = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of left.rows) {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
      if (left.rows.length > 0) {
        // Vitest does not fail a run on a teardown error: say it, and fail the run by its exit code.
        console.error(
          `\nFAILED: test databases left behind (now dropped): ${left.rows.map((r) => r.datname).join(', ')}\n`,
        );
        process.exitCode = 1;
        return;
      }
      console.log(`\n${notice} Every test database of the run was dropped.\n`);
    } finally {
      await client.end();
    }
  };
}
