import { defineConfig } from 'vitest/config';

/** `pnpm bench`: the browser benchmarks under bench/ (they print figures; nothing in them asserts a time). */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['bench/**/*.bench.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
