import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Only a safety net against a hung test: the property tests run thousands of cases, and under load two of them ran
    // past 30 s (slower, not wrong).
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
