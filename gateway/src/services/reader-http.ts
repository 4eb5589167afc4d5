import { LOCAL_SERVICES } from '@lockdesk/protocol';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { GatewayConfig } from '../config.js';
import type { Logger } from '../log.js';
import { callReader, type FuncContext, type ReaderRequest } from '../reader/functions.js';
import { installBrowserGuard, installRefusals } from './browser-guard.js';

/** What `GET /health` answers. */
export interface HealthReport {
  status: 'ok';
  version: string;
  uptimeSeconds: number;
  device: {
    state: 'online' | 'offline';
    transport: 'hid' | 'simulated';
    simulated: boolean;
    description: string;
    opened: boolean;
    busy: boolean;
  };
  broker: Record<string, unknown>;
  embeddedBroker: Record<string, unknown> | null;
  /** The daemon's memory in bytes, to watch a daemon that runs for months. */
  memory: { rss: number; heapUsed: number };
}

export interface LocalServiceDeps {
  config: GatewayConfig;
  logger: Logger;
  /** A fresh function context per call (the reader functions' view of the daemon). */
  context: () => FuncContext;
  health: () => HealthReport;
}

const replySchema = {
  type: 'object',
  properties: {
    func: { type: 'string' },
    cbdata: {},
    code: { type: 'integer' },
    msg: { type: 'string' },
    retval: { type: 'integer' },
    data: {},
    error: { type: 'string' },
  },
} as const;

const refusalSchema = {
  type: 'object',
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, error: { type: 'string' } },
} as const;

/** Fastify options shared by the local services: loopback, bounded bodies, no per-request log lines. */
export function localFastify(config: GatewayConfig, logger: Logger): FastifyInstance {
  return Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    forceCloseConnections: true,
    return503OnClosing: true,
    // Browsers keep connections to the local service alive; a long idle timeout suits one client on one PC.
    keepAliveTimeout: 30_000,
  }) as unknown as FastifyInstance;
}

/**
 * The reader service (spec §7 'Local card readers'): `POST /reader` with `{func, cbdata, parameters}` answering
 * `{func, cbdata, code, msg, retval, data}`, and `GET /health`.
 */
export function buildReaderApp(deps: LocalServiceDeps): FastifyInstance {
  const app = localFastify(deps.config, deps.logger);
  installBrowserGuard(app, deps.config.allowedOrigins);
  installRefusals(app);
  app.post(
    LOCAL_SERVICES.readerPath,
    {
      schema: {
        body: { type: 'object' },
        response: { 200: replySchema, '4xx': refusalSchema },
      },
    },
    async (request, reply) => {
      // A caller that goes away (a closed console tab) cancels a long call such as enrollFinger, so the sensor
      // stops waiting for a finger nobody will read.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) gone.abort('OPERATION_CANCELLED');
      };
      reply.raw.once('close', onClose);
      try {
        return await callReader(request.body as ReaderRequest, { ...deps.context(), signal: gone.signal });
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
  app.get('/health', async () => deps.health());
  return app;
}
