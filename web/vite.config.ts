import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * Writes `.vite/modules.json` beside the manifest: the source modules of every chunk. The bundle report uses it
 * to prove that the `/login` route loads no module of the other pages (the manifest alone names chunks, not code).
 */
function chunkModules(): Plugin {
  return {
    name: 'lockdesk-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const root = process.cwd();
      const chunks: Record<string, string[]> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks[item.fileName] = item.moduleIds.map((id) => id.replace(root, '').replace(/^\//, ''));
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

/** The LockDesk server the dev server passes the server's paths to. */
const SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), chunkModules()],
  // 'source': @lockdesk/protocol is bundled from its TypeScript source, so the console needs no protocol build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    host: '127.0.0.1',
    // Every path the server answers outside the console's own pages, so `vite dev` works like the built console
    // served by the server: the management calls, export downloads (/export/<token>), the locks' device API,
    // uploads and the files they serve, the OpenAPI reference (/openapi.json, /api-docs/). Prefixes end with '/'
    // where the server's paths do, so no console page (none starts with these words anyway) is taken for one.
    proxy: Object.fromEntries(
      [
        '/manage',
        '/export/',
        '/device/',
        '/files/',
        '/upload',
        '/openapi.json',
        '/api-docs',
        '/auth/login',
        '/linQuan/',
      ].map((path) => [path, { target: SERVER, changeOrigin: true }]),
    ),
  },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
