/**
 * The server application, built in tiers (fastify/demo shape):
 *   1. external plugins — body parsing, @fastify/static for the built console;
 *   2. services as decorators — `app.config`, `app.db` (Kysely over PGlite or PostgreSQL), `app.sms`,
 *      `app.calls` (the /manage call registry);
 *   3. routes by area — routes/index.ts lists them; each area declares its calls with defineCall (call.ts).
 * How to add a call: routes/README.md.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERRNO } from '@lockdesk/protocol';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { sql } from 'kysely';
import { CallRateLimit } from './auth/rate-limit.js';
import { type AnyCall, answer, callerLanguage, registerDispatcher, UNPARSEABLE } from './call.js';
import { fastifyTrustProxy, resolveConfig, type ServerConfig } from './config.js';
import { consolePage } from './console-page.js';
import { secureDataFolder } from './data-folder.js';
import { type Db, migrateToLatest, openDatabase } from './db/index.js';
import { registerOpenApi } from './openapi/index.js';
import { ROUTE_AREAS } from './routes/index.js';
import type { BrokerMirror } from './services/broker-credentials.js';
import { DynsecMirror, startBrokerSweeper } from './services/broker-mirror.js';
import { CardKeys, recordServerKey, resolveServerKey, sharedServerKey } from './services/card-keys.js';
import { outboxSmsProvider, type SmsProvider } from './services/sms.js';
import { databaseStorage, diskStorage, type Storage } from './services/storage.js';

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

export interface BuildOptions extends Partial<ServerConfig> {
  /** Data folder (PGlite lives in `<dataDir>/pglite`); ignored when `database` or `db` is given. */
  dataDir?: string;
  /** An open database to use (tests share one per file); the app then neither migrates nor closes it. */
  db?: Db;
  /** Replaces the outbox SMS provider. */
  sms?: SmsProvider;
  /** The managed broker to tell of broker credentials (tests give their own); default: none. */
  brokerMirror?: BrokerMirror | null;
  /** Where uploaded files live; default: config `files` (the database on PostgreSQL, `<dataDir>/files` on PGlite). */
  storage?: Storage;
}

/** Bodies up to 10 MiB: face images travel as base64 inside the envelope. */
const BODY_LIMIT = 10 * 1024 * 1024;

/** Builds the application (not listening). The database is opened and migrated unless `db` is given. */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  // Fastify's own two lines per request (with headers) are off: logRequest below writes one line per request.
  const app = Fastify({
    logger: config.logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    logController: new LogController({ disableRequestLogging: true }),
    // Route schemas are also the OpenAPI reference's (openapi/): let them carry OpenAPI's `example` keyword, and
    // OpenAPI 3.1's type lists (`['integer', 'null']`), which ajv's strict mode otherwise warns about at every start.
    ajv: { customOptions: { keywords: ['example'], allowUnionTypes: true } },
  });
  app.decorateRequest('callOutcome', null);
  app.addHook('onResponse', async (request, reply) => logRequest(request, reply));

  // Tier 1: external plugins and parsing. Any body is read as text and parsed here, so that a broken or
  // mistyped body reaches the dispatcher (which answers DATA_PARSE_FAILED) instead of a 400/415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, text === '' ? null : JSON.parse(text as string));
    } catch {
      done(null, UNPARSEABLE);
    }
  });

  // Tier 2: services.
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

  // The OpenAPI reference's route collector comes before the routes it documents (openapi/index.ts).
  await registerOpenApi(app);

  // Tier 3: routes by area, then the one /manage entry.
  for (const area of ROUTE_AREAS) area(app);
  // Counted in the database (auth/rate-limit.ts), so the budgets hold across the replicas sharing it.
  const limiter = new CallRateLimit(db, 'manage', config.callsPerMinute, config.now);
  const publicLimiter = new CallRateLimit(db, 'public', config.publicCallsPerMinute, config.now);
  registerDispatcher(app, {
    db,
    config,
    limiter,
    publicLimiter,
  });

  // Framework-level failures on /manage (body too large, aborted) still answer the envelope, never a 500.
  app.setErrorHandler((error, request, reply) => {
    if (request.url.startsWith('/manage')) {
      request.log.warn({ err: error }, 'request refused before the call ran');
      return answer(
        reply,
        config,
        callerLanguage(request),
        ERRNO.failure,
        'DATA_PARSE_FAILED',
        undefined,
        null,
      );
    }
    const status = (error as { statusCode?: number }).statusCode;
    const code = status && status >= 400 && status < 500 ? status : 500;
    if (code === 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(code)
      .send({ error: code === 500 ? 'Internal Server Error' : (error as Error).message });
  });

  // A liveness check for load balancers and supervisors: the database answers, and the process is not stopping
  // (it still answers calls for a grace period then). Logged at debug only.
  app.get('/health', async (_request, reply) => {
    if (app.shuttingDown) return reply.code(503).send({ status: 'shutting down' });
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (e) {
      app.log.error({ err: e }, 'health check: the database does not answer');
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  await registerConsole(app, config.webDist);
  return app;
}

/**
 * The request log: one line per API call at info — method, the call's path, errno (and catalogue code), duration,
 * caller's account id, HTTP status; never the token, the body or the answer. Other non-GET requests (uploads) are
 * API calls too and log at info without errno. Console files, health checks and every other GET/HEAD log at debug.
 */
function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  const ms = Math.round(reply.elapsedTime * 10) / 10;
  const url = (request.url.split('?')[0] ?? '').slice(0, 120);
  const outcome = request.callOutcome;
  if (outcome) {
    request.log.info(
      {
        method: request.method,
        call: outcome.path ?? url,
        errno: outcome.errno,
        code: outcome.code,
        ms,
        user: outcome.userId,
        status: reply.statusCode,
      },
      'call',
    );
  } else if (request.method === 'GET' || request.method === 'HEAD') {
    request.log.debug({ method: request.method, url, status: reply.statusCode, ms }, 'request');
  } else {
    request.log.info({ method: request.method, url, status: reply.statusCode, ms }, 'request');
  }
}

/** Serves the built console with SPA fallback; without a build, `/` says so plainly. */
async function registerConsole(app: FastifyInstance, webDist: string | null): Promise<void> {
  const built = webDist !== null && existsSync(join(webDist, 'index.html'));
  // wildcard: files are looked up per request, so a console rebuilt (or released) under a running server is served
  // at once; a file list made at start would answer 404 for the new hashed files until a restart.
  if (built) await app.register(fastifyStatic, { root: webDist, wildcard: true, index: 'index.html' });
  // index.html carries the deployment's envelope pair (console-page.ts) and is revalidated on every load, so a
  // changed pair or a rebuilt console reaches the browser at once; the hashed assets keep fastify-static's headers.
  const page = built ? consolePage(webDist, app.config.envelopeKeys) : null;
  const sendPage = async (reply: FastifyReply) => {
    const html = await page?.();
    if (!html) return reply.code(404).send({ error: 'Not Found' });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };
  if (built) {
    app.get('/', (_request, reply) => sendPage(reply));
    app.get('/index.html', (_request, reply) => sendPage(reply));
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/manage')) {
      // Only POST reaches a call; anything else under /manage is an unknown call (named with its method).
      const path = `${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 80)}`;
      return answer(
        reply,
        app.config,
        callerLanguage(request),
        ERRNO.failure,
        'UNKNOWN_CALL',
        { path },
        null,
      );
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.code(404).send({ error: 'Not Found' });
    // A missing file (…/app.js) is a 404; any other path is a console route and gets the single page.
    const pathname = request.url.split('?')[0] ?? '';
    if (/\.[A-Za-z0-9]{1,8}$/.test(pathname)) return reply.code(404).send({ error: 'Not Found' });
    if (built) return sendPage(reply);
    return reply
      .code(200)
      .type('text/plain; charset=utf-8')
      .send(
        `LockDesk server is running, but the console is not built (looked in ${webDist ?? '(none)'}).\n` +
          'Build it with `pnpm --filter @lockdesk/web build`, or set LOCKDESK_WEB_DIST.\n' +
          'The management API answers at POST /manage/<path>.\n',
      );
  });
}
