import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // A hook that starts PGlite and migrates it waits on the machine: on a busy CI machine Vitest's 10 s default ran
    // out before issue9-calls' app was built (a timeout, not a fault). Files that set their own keep theirs.
    hookTimeout: 180_000,
    globalSetup: ['test/global-setup.ts'],
    // Vitest runs cores − 1 files at once: one on a 2-core machine. The server's files spend most of their time
    // waiting on PostgreSQL and PGlite, each on a database of its own, so three at once take 40 % less time there.
    maxWorkers: 3,
  },
});
