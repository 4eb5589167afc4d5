#!/usr/bin/env node
/**
 * lockdesk-server start [--port 8080] [--host 127.0.0.1] [--demo [--demo-rooms N]] [--data-dir DIR]
 * lockdesk-server create-admin --mobile M --password P [--hotel NAME] [--data-dir DIR]
 * lockdesk-server migrate [--data-dir DIR]
 *
 * Env: listed in USAGE below (README 'Running for a hotel group' explains those a deployment sets).
 */
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/index.js';
import { createAdmin, hasAccounts } from './demo.js';
import { DEFAULT_PORT, startBanner, startServer } from './server.js';

const USAGE = `Usage:
  lockdesk-server start [--port 8080] [--host 127.0.0.1] [--demo [--demo-rooms N]] [--data-dir DIR]
    --demo-rooms N grows the demo hotel to N rooms (up to 100,000) before the console address is printed
  lockdesk-server create-admin --mobile MOBILE --password PASSWORD [--hotel NAME] [--data-dir DIR]
  lockdesk-server migrate [--data-dir DIR]
Env:
  DATABASE_URL                      PostgreSQL instead of the embedded PGlite (needed for several replicas)
  PORT, HOST                        where start listens (8080, 127.0.0.1)
  LOCKDESK_DATA_DIR                 data folder: PGlite, files on disk, secret.key (.data/server)
  LOCKDESK_WEB_DIST                 the built console to serve (../web/dist)
  LOCKDESK_SECRET_KEY               64 hex: encrypts the hotels' card secrets; the same on every replica
  LOCKDESK_FILES                    disk | database: where uploads live (database on PostgreSQL, else disk)
  LOCKDESK_DES_KEY, LOCKDESK_DES_IV the /manage envelope's DES key and IV
  LOCKDESK_CALLS_PER_MINUTE         calls per minute per session or address (600)
  LOCKDESK_PUBLIC_CALLS_PER_MINUTE  calls per minute per address to each public call (30)
  LOCKDESK_TRUST_PROXY              false | true | hop count | addresses/CIDRs, e.g. 127.0.0.1,10.0.0.0/8 (false)
  LOCKDESK_SHUTDOWN_GRACE_MS        on SIGTERM: /health 503, calls still answered this long, then close (2000)
  LOG_LEVEL                         fatal | error | warn | info | debug | trace (info)`;

/** A refusal of the command line: printed, exit code 1. */
class CliError extends Error {}

function fail(message: string): never {
  throw new CliError(message);
}

/** Where the CLI writes and what it reads from the environment (tests pass their own). */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  /** Called once the server is listening (start), with a way to stop it gracefully (RunningServer.shutdown). */
  onStarted?: (stop: () => Promise<void>) => void;
}

/** Runs one CLI command; resolves to the exit code (start resolves once listening). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    await main(argv, io);
    return 0;
  } catch (e) {
    io.out(e instanceof Error ? e.message : String(e));
    return 1;
  }
}

async function main(argv: string[], io: CliIo): Promise<void> {
  const [command = 'start', ...rest] = argv;
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        demo: { type: 'boolean' },
        'demo-rooms': { type: 'string' },
        'data-dir': { type: 'string' },
        mobile: { type: 'string' },
        password: { type: 'string' },
        hotel: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (e) {
    fail(`${(e as Error).message}\n${USAGE}`);
  }
  if (values['help'] || command === 'help' || command === '--help') {
    io.out(USAGE);
    return;
  }
  const dataDir = values['data-dir'] as string | undefined;

  if (command === 'start') {
    const portText = (values['port'] as string | undefined) ?? io.env['PORT'];
    const port = portText === undefined ? DEFAULT_PORT : Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0–65535, not ${portText}`);
    const host = (values['host'] as string | undefined) ?? io.env['HOST'] ?? '127.0.0.1';
    const roomsText = values['demo-rooms'] as string | undefined;
    const demoRooms = roomsText === undefined ? undefined : Number(roomsText);
    if (demoRooms !== undefined) {
      if (values['demo'] !== true) fail(`--demo-rooms needs --demo\n${USAGE}`);
      if (!Number.isInteger(demoRooms) || demoRooms < 1 || demoRooms > 100_000)
        fail(`--demo-rooms must be 1–100000, not ${roomsText}`);
    }
    const server = await startServer({
      ...resolveConfig(dataDir ? { dataDir } : {}, io.env),
      demo: values['demo'] === true,
      ...(demoRooms === undefined ? {} : { demoRooms }),
      port,
      host,
    }).catch((e: Error) => fail(e.message));
    // Before the address is printed: whoever waits for it may stop the server gracefully from then on.
    io.onStarted?.(() => server.shutdown());
    // Printed before the address: whoever waits for it finds the hotel at its size.
    if (server.demoRoomsAdded > 0)
      io.out(`Demo hotel grown to ${demoRooms} rooms (${server.demoRoomsAdded} added).`);
    const webDist = server.app.config.webDist;
    const built = webDist !== null && existsSync(join(webDist, 'index.html'));
    io.out(startBanner(server.url, server.app.config.demo, built));
    if (!(await hasAccounts(server.app.db)))
      io.out(
        'No account yet: create the first one with `lockdesk-server create-admin --mobile … --password …`.',
      );
    return;
  }

  if (command !== 'migrate' && command !== 'create-admin') fail(`Unknown command ${command}\n${USAGE}`);
  if (
    command === 'create-admin' &&
    (typeof values['mobile'] !== 'string' || typeof values['password'] !== 'string')
  )
    fail(`create-admin needs --mobile and --password\n${USAGE}`);
  const config = resolveConfig(dataDir ? { dataDir } : {}, io.env);
  const db = await openDatabase(config.database);
  try {
    const applied = await migrateToLatest(db);
    if (command === 'migrate') {
      io.out(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
      return;
    }
    if (command === 'create-admin') {
      const mobile = values['mobile'];
      const password = values['password'];
      if (typeof mobile !== 'string' || typeof password !== 'string')
        fail(`create-admin needs --mobile and --password\n${USAGE}`);
      const { uid, hotelId } = await createAdmin(db, {
        mobile,
        password,
        ...(typeof values['hotel'] === 'string' ? { hotelName: values['hotel'] } : {}),
        scryptCost: config.scryptCost,
      }).catch((e: Error) => fail(e.message));
      io.out(`Created super administrator ${mobile} (uid ${uid}, hotel ${hotelId}).`);
      return;
    }
    fail(`Unknown command ${command}\n${USAGE}`);
  } finally {
    await db.destroy();
  }
}

// Run only when executed as the program, not when imported (tests).
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  runCli(process.argv.slice(2), {
    env: process.env,
    out: (line) => console.log(line),
    onStarted: (stop) => {
      // The first signal drains (server.ts shutdown, LOCKDESK_SHUTDOWN_GRACE_MS); a second one exits at once.
      let stopping = false;
      const onSignal = (signal: NodeJS.Signals) => {
        if (stopping) {
          console.log(`${signal} again: exiting without waiting for calls in flight.`);
          process.exit(1);
        }
        stopping = true;
        stop().then(
          () => process.exit(0),
          (e: unknown) => {
            console.error('shutdown failed:', e);
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    },
  }).then((code) => {
    if (code !== 0) process.exit(code);
  });
}
