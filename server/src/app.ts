/**
 * The server application, built in tiers (fastify/demo shape):
 *   1. external plugins and parsing — the body parser, the answer of a failure that reached no front door;
 *   2. the app's services as decorators (services/plugin.ts) — `app.config`, `app.db` (Kysely over PGlite or
 *      PostgreSQL), `app.sms`, `app.storage`, `app.calls` (the /manage call registry), …;
 *   3. the front doors and the routes by area — areas.ts lists the areas, each declaring its calls with
 *      defineCall (call.ts); the three front doors are encapsulated plugins that depend on the services by name:
 *      /manage (manage/door.ts), the card-service API (card-service/) and the device API (device/). Then /health
 *      and the built console (@fastify/static).
 * Every front door answers a failure through answers.ts. How to add a call: src/README.md.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE } from '@lockdesk/protocol';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { sql } from 'kysely';
import { answerFailure } from './answers.js';
import { ROUTE_AREAS } from './areas.js';
import { callerLanguage, UNPARSEABLE } from './call.js';
import { cardServiceDoorPlugin } from './card-service/index.js';
import { fastifyTrustProxy, resolveConfig, type ServerConfig } from './config.js';
import { consolePage } from './console-page.js';
import { deviceDoorPlugin } from './device/routes.js';
import { answerUnknownCall, isManageUrl, manageDoorPlugin } from './manage/door.js';
import { registerOpenApi } from './openapi/index.js';
import { type AppServiceOptions, appServicesPlugin } from './services/plugin.js';

export interface BuildOptions extends Partial<ServerConfig>, Omit<AppServiceOptions, 'config'> {
  /** Data folder (PGlite lives in `<dataDir>/pglite`); ignored when `database` or `db` is given. */
  dataDir?: string;
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
    // Opening and migrating the database (tier 2) takes as long as it takes on a busy machine: no plugin deadline.
    pluginTimeout: 0,
  });
  app.decorateRequest('callOutcome', null);
  app.addHook('onResponse', async (request, reply) => logRequest(request, reply));

  // Tier 1: external plugins and parsing. Any body is read as text and parsed here, so that a broken or
  // mistyped body reaches the front door (the dispatcher answers DATA_PARSE_FAILED) instead of a 400/415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, text === '' ? null : JSON.parse(text as string));
    } catch {
      done(null, UNPARSEABLE);
    }
  });
  // A failure that reached no front door's own handler (a body too large for a path that names no route) is
  // answered by the door its URL names; set before any route, which takes the handler in force when it is added.
  app.setErrorHandler((error, request, reply) =>
    isManageUrl(request.url)
      ? answerFailure(reply, 'manage', error, callerLanguage(request))
      : answerFailure(reply, 'plain', error, DEFAULT_LANGUAGE),
  );

  // Tier 2: the app's services, as decorators (services/plugin.ts).
  await app.register(appServicesPlugin, {
    config,
    db: options.db,
    sms: options.sms,
    brokerMirror: options.brokerMirror,
    storage: options.storage,
  });

  // Tier 3: the front doors and the routes by area. The OpenAPI reference's route collector comes before the routes
  // it documents (openapi/index.ts).
  await registerOpenApi(app);
  for (const area of ROUTE_AREAS) area(app);
  await app.register(manageDoorPlugin);
  await app.register(cardServiceDoorPlugin);
  await app.register(deviceDoorPlugin);

  // A liveness check for load balancers and supervisors: the database answers, and the process is not stopping
  // (it still answers calls for a grace period then). Logged at debug only.
  app.get('/health', async (_request, reply) => {
    if (app.shuttingDown) return reply.code(503).send({ status: 'shutting down' });
    try {
      await sql`select 1`.execute(app.db);
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
    if (isManageUrl(request.url)) return answerUnknownCall(request, reply);
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
