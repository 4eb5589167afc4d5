/** Starting and stopping the server process. */
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from './app.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';
import { installDemoLocks, locksSheetPath } from './demo-locks.js';

export interface StartOptions extends BuildOptions {
  port?: number;
  host?: string;
}

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Builds the app, seeds the demo when asked and the install is empty (and installs the demo rooms' locks), and
 * listens (127.0.0.1:8080 by default).
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const app = await buildApp(options);
  if (app.config.demo) {
    const seeded = await seedDemoIfEmpty(app.db, {
      now: app.config.now(),
      scryptCost: app.config.scryptCost,
    });
    if (seeded) app.log.info('demo data written');
    // The demo rooms' locks get their secrets, and the gateway's virtual locks the installer's sheet — in the data
    // folder of the database it describes: an app handed an open database (tests) writes no sheet.
    const issued = options.db
      ? 0
      : await installDemoLocks(app.db, app.config.dataDir, new Date(app.config.now()));
    if (issued > 0)
      app.log.info({ sheet: locksSheetPath(app.config.dataDir), issued }, 'demo lock secrets written');
  }
  const port = options.port ?? Number(process.env['PORT'] ?? 8080);
  const host = options.host ?? process.env['HOST'] ?? '127.0.0.1';
  const address = await app.listen({ port, host });
  const url = address.replace('0.0.0.0', '127.0.0.1');
  return { url, app, close: () => app.close() };
}

/** The lines printed at start: the console URL and, in demo mode, the demo login. */
export function startBanner(url: string, demo: boolean, consoleBuilt: boolean): string {
  const lines = [
    `LockDesk console: ${url}/${consoleBuilt ? '' : '  (console not built: the API still answers)'}`,
  ];
  if (demo) {
    lines.push(
      `Demo login: ${DEMO_ACCOUNTS.super} / ${DEMO_PASSWORD} (super administrator)`,
      `            ${DEMO_ACCOUNTS.secondary} (secondary administrator), ${DEMO_ACCOUNTS.staff} (staff), same password`,
    );
  }
  return lines.join('\n');
}
