import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    // Only a safety net against a hung suite: every start waits for its banner or port and every step for its page
    // or answer. With load 27 on 2 cores the topology suite's start (three replicas, HAProxy, Mosquitto) and the
    // browser suites' start ran past 120 s, slower, not wrong.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
