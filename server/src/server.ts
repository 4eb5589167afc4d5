/** Starting and stopping the server process. */
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from './app.js';
import { withStartupLock } from './db/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, growDemoRooms, seedDemoIfEmpty } from './demo.js';
import { installDemoLocks, locksSheetPath } from './demo-locks.js';

/** The port the server listens on unless told otherwise (`--port`, PORT). */
export const DEFAULT_PORT = 8080;

export interface StartOptions extends BuildOptions {
  port?: number;
  host?: string;
  /** With demo: grow the demo hotel to this many rooms before listening (growDemoRooms). */
  demoRooms?: number;
}

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  /**
   * Stops the way a replica behind a proxy should: /health answers 503 at once, calls are still answered for
   * `graceMs` (config shutdownGraceMs by default) so the proxy's checks take the replica out, then the app closes
   * (requests in flight finish, new connections are refused) and with it the database.
   */
  shutdown(graceMs?: number): Promise<void>;
  /** Rooms this start added to the demo hotel (`demoRooms`); 0 when it was at size or another replica grew it. */
  demoRoomsAdded: number;
  close(): Promise<void>;
}

/**
 * Builds the app, seeds the demo when asked and the install is empty (installs the demo rooms' locks and grows the
 * hotel to `demoRooms`), and listens (127.0.0.1:8080 by default). Migrations and the demo's writes run under the
 * database's startup lock, so replicas started together on one database migrate and seed it once.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const app = await buildApp(options);
  let demoRoomsAdded = 0;
  if (app.config.demo) {
    try {
      await withStartupLock(app.db, async (db) => {
        const seeded = await seedDemoIfEmpty(db, {
          now: app.config.now(),
          scryptCost: app.config.scryptCost,
        });
        if (seeded) app.log.info('demo data written');
        // The demo rooms' locks get their secrets, and the gateway's virtual locks the installer's sheet — in the
        // data folder of the database it describes: an app handed an open database (tests) writes no sheet.
        const issued = options.db
          ? 0
          : await installDemoLocks(db, app.config.dataDir, new Date(app.config.now()));
        if (issued > 0)
          app.log.info({ sheet: locksSheetPath(app.config.dataDir), issued }, 'demo lock secrets written');
        if (options.demoRooms !== undefined) {
          demoRoomsAdded = await growDemoRooms(db, options.demoRooms, app.config.now());
        }
      });
    } catch (e) {
      await app.close();
      throw e;
    }
  }
  const port = options.port ?? Number(process.env['PORT'] ?? DEFAULT_PORT);
  const host = options.host ?? process.env['HOST'] ?? '127.0.0.1';
  const address = await app.listen({ port, host });
  const url = address.replace('0.0.0.0', '127.0.0.1');
  const shutdown = async (graceMs = app.config.shutdownGraceMs) => {
    app.shuttingDown = true;
    app.log.info({ graceMs }, 'shutting down: /health answers 503, calls still answered during the grace');
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
    await app.close();
  };
  return { url, app, demoRoomsAdded, shutdown, close: () => app.close() };
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
