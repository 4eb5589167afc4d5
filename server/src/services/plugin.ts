/**
 * Tier 2 of the application (app.ts): the app's services, as decorators every front door and route area reads —
 * `app.config`, `app.db` (Kysely over PGlite or PostgreSQL, opened and migrated here unless one is given),
 * `app.sms`, `app.storage`, `app.calls` (the /manage call registry), `app.brokerMirror`, `app.cardKeys`,
 * `app.shuttingDown`. Wrapped in fastify-plugin: these decorations must reach the whole app.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AnyCall } from '../call.js';
import type { ServerConfig } from '../config.js';
import { secureDataFolder } from '../data-folder.js';
import { type Db, migrateToLatest, openDatabase } from '../db/index.js';
import type { BrokerMirror } from './broker-credentials.js';
import { DynsecMirror, startBrokerSweeper } from './broker-mirror.js';
import { CardKeys, recordServerKey, resolveServerKey, sharedServerKey } from './card-keys.js';
import { outboxSmsProvider, type SmsProvider } from './sms.js';
import { databaseStorage, diskStorage, type Storage } from './storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    db: Db;
    sms: SmsProvider;
    /** Set when the process is stopping (server.ts): /health answers 503 so the proxy takes the replica out. */
    shuttingDown: boolean;
    /** The managed broker told of each broker credential (services/broker-mirror.ts); null when none is managed. */
    brokerMirror: BrokerMirror | null;
  }
}

/** What the services are made of; all but `config` have defaults. */
export interface AppServiceOptions {
  config: ServerConfig;
  /** An open database to use (tests share one per file); the app then neither migrates nor closes it. */
  db?: Db;
  /** Replaces the outbox SMS provider. */
  sms?: SmsProvider;
  /** The managed broker to tell of broker credentials (tests give their own); default: none. */
  brokerMirror?: BrokerMirror | null;
  /** Where uploaded files live; default: config `files` (the database on PostgreSQL, `<dataDir>/files` on PGlite). */
  storage?: Storage;
}

/** The plugin's name, for the front doors' named dependencies. */
export const APP_SERVICES = 'app-services';

async function appServices(app: FastifyInstance, options: AppServiceOptions): Promise<void> {
  const { config } = options;
  const ownDb = options.db === undefined;
  // An app that opens its own database owns its data folder: new files are owner-only, an older one is tightened.
  if (ownDb) secureDataFolder(config.dataDir, app.log);
  const db = options.db ?? (await openDatabase(config.database));
  // On PostgreSQL other replicas may share the database: they must share the server key too (checked before
  // anything is written, recorded at the first start).
  const shared = ownDb && config.database.kind === 'postgres';
  let sharedKey: string | undefined;
  try {
    if (shared) sharedKey = await sharedServerKey(db, config);
    if (ownDb) await migrateToLatest(db);
    if (sharedKey !== undefined) await recordServerKey(db, sharedKey);
  } catch (e) {
    if (ownDb) await db.destroy();
    throw e;
  }
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('sms', options.sms ?? outboxSmsProvider(db, app.log));
  // In the database unless LOCKDESK_FILES says disk: replicas sharing a PostgreSQL then serve each other's files.
  app.decorate(
    'storage',
    options.storage ??
      (config.files === 'database' ? databaseStorage(db) : diskStorage(join(config.dataDir, 'files'))),
  );
  app.decorate('calls', new Map<string, AnyCall>());
  app.decorate('shuttingDown', false);
  // The managed broker (Mosquitto's dynamic security) when LOCKDESK_BROKER_ADMIN_* name it; its dead credentials are
  // swept by one replica per interval.
  const mirror =
    options.brokerMirror !== undefined
      ? options.brokerMirror
      : config.brokerAdmin
        ? new DynsecMirror(config.brokerAdmin, app.log)
        : null;
  app.decorate('brokerMirror', mirror);
  const stopSweeper = startBrokerSweeper(db, mirror, config.brokerSweepMs, config.now, app.log);
  app.addHook('onClose', async () => {
    stopSweeper();
    if (mirror instanceof DynsecMirror) await mirror.close();
  });
  const inMemory = config.database.kind === 'pglite' && config.database.dataDir.startsWith('memory://');
  app.decorate('cardKeys', new CardKeys(sharedKey ?? resolveServerKey(config, !ownDb || inMemory)));
  if (ownDb) app.addHook('onClose', async () => db.destroy());
}

/** Tier 2: the app's services as decorators of the whole app. */
export const appServicesPlugin = fp(appServices, { name: APP_SERVICES });
