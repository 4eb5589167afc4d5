import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    globalSetup: ['test/global-setup.ts'],
    // Vitest runs cores − 1 files at once: one on a 2-core machine. The server's files spend most of their time
    // waiting on PostgreSQL and PGlite, each on a database of its own, so three at once take 40 % less time there.
    maxWorkers: 3,
  },
});
