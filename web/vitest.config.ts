import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    conditions: ['source'],
    // antd's CommonJS build (its `main`) requires ESM-only packages; tests use its ES build, as the bundle does.
    alias: [{ find: /^antd$/, replacement: 'antd/es/index.js' }],
  },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    // Only a safety net against a hung test: findBy/waitFor wait for the page, and antd rendering in jsdom on a busy
    // 2-core machine ran past 30 s (CardSenderPage), slower, not wrong.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    css: false,
    server: { deps: { inline: [/antd/, /@ant-design/, /@rc-component/] } },
  },
});
