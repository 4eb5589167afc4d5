/**
 * Once per `vitest run` of the server: says on which databases the route suites run, and, with PostgreSQL, names
 * this run's databases (helpers.ts creates one per test file as `lockdesk_test_<run>_…`) and checks at the end that
 * every one of them was dropped. A leftover is dropped here and fails the run.
 *
 * It also makes the migrated embedded database that every file's PGlite starts from (helpers.ts): creating a PGlite
 * cluster and running the migrations cost each file most of its start-up, and it is the same work every time.
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

export default async function setup(project: TestProject) {
  const templates = mkdtempSync(join(tmpdir(), 'lockdesk-test-template-'));
  project.provide('migratedEmbeddedDatabase', await migratedEmbeddedDatabase(templates));
  const url = process.env['TEST_DATABASE_URL'];
  const prefix = `lockdesk_test_${process.pid}_${Date.now().toString(36)}_`;
  project.provide('testDatabasePrefix', prefix);
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
