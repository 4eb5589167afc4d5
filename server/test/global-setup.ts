/**
 * Once per `vitest run` of the server: says on which databases the route suites run, and, with PostgreSQL, names
 * this run's databases (helpers.ts creates one per test file as `lockdesk_test_<run>_…`) and checks at the end that
 * every one of them was dropped. A leftover is dropped here and fails the run.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prefix of this run's PostgreSQL test databases. */
    testDatabasePrefix: string;
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

export default function setup(project: TestProject) {
  const url = process.env['TEST_DATABASE_URL'];
  const prefix = `lockdesk_test_${process.pid}_${Date.now().toString(36)}_`;
  project.provide('testDatabasePrefix', prefix);
  const notice = url
    ? `Server suites: run on PGlite and on PostgreSQL ${shown(url)} (a fresh database per test file, ${prefix}*).`
    : 'Server suites: TEST_DATABASE_URL is not set, so they run on PGlite ONLY — not on PostgreSQL.';
  console.log(`\n${notice}\n`);

  return async () => {
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
