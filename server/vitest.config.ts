import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Both limits are only a safety net against a hung test: every wait in the suites is for an event (an answer, a
    // printed line, a row). A busy machine makes a start or a test slower, not wrong: at 30 s and 60 s a loaded
    // machine turned 14 files red on time alone, so the hooks and tests keep no shorter limits of their own.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    globalSetup: ['test/global-setup.ts'],
    // Vitest runs cores − 1 files at once: one on a 2-core machine. The server's files spend most of their time
    // waiting on PostgreSQL and PGlite, each on a database of its own, so three at once take 40 % less time there.
    maxWorkers: 3,
  },
});
