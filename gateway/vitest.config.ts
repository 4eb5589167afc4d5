import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Only a safety net against a hung test: tests wait for events (an answer, a printed line), and a busy machine
    // makes them slower, not wrong ("sim tap-lock" runs the command line 13 times and passed 30 s under load).
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
