import type { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorText } from '@lockdesk/protocol';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { GatewayConfig } from '../config.js';
import type { CardWatcher } from '../encoder/card-watcher.js';
import type { EncoderService } from '../encoder/service.js';
import type { Logger } from '../log.js';
import {
  callReader,
  type FuncContext,
  type ReaderPush,
  type ReaderReply,
  type ReaderRequest,
  refusal,
} from '../reader/functions.js';
import { isLoopbackHost } from './browser-guard.js';

/**
 * A pushed event (not an answer to a call). `fingerStep` (a running enrolFinger's progress) also carries `step`
 * and the call's `cbdata` at the top level, as contract F names them.
 */
export interface ReaderEvent {
  event: 'hello' | 'deviceUp' | 'deviceDown' | 'cardPlaced' | 'cardRemoved' | 'fingerStep';
  data: unknown;
  time: string;
  step?: string;
  cbdata?: unknown;
}

/** Where the reader functions' pushes come from (gateway.ts emits every ReaderPush here). */
export type ReaderPushes = EventEmitter<{ push: [ReaderPush] }>;

export interface WebSocketServiceDeps {
  config: GatewayConfig;
  logger: Logger;
  encoder: EncoderService;
  watcher: CardWatcher;
  context: () => FuncContext;
  hello: () => Record<string, unknown>;
  /** Progress pushed by running functions (fingerStep), broadcast to every client. */
  pushes?: ReaderPushes;
}

/** Functions that run long and can be cancelled from the same connection. */
const LONG_FUNCS = new Set(['goReadCard', 'scanSectors', 'enrollFinger']);

interface Connection {
  socket: WebSocket;
  alive: boolean;
  /** The running long operation (card read or sector scan), cancelled by a newer one or by `cancelReadCard`. */
  operation: AbortController | null;
  lastReadStart: number | null;
}

/** The running WebSocket service. */
export interface WebSocketService {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The reader WebSocket (spec §7: `ws://127.0.0.1:39002`): the reader functions as JSON messages (answers carry
 * `func` and `cbdata` like `/reader`), `goReadCard` for the whole card read, `cancelReadCard`, and pushed events:
 * device up or down, card placed or removed. Only the console's origins may connect.
 */
export async function startWebSocketService(deps: WebSocketServiceDeps): Promise<WebSocketService> {
  const { config, logger, encoder, watcher } = deps;
  const allowed = new Set(config.allowedOrigins);
  const server: Server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket only\n');
  });
  const wss = new WebSocketServer({
    server,
    maxPayload: config.bodyLimitBytes,
    verifyClient: (info, done) => {
      if (!isLoopbackHost(info.req.headers.host)) return done(false, 403, 'loopback only');
      const origin = info.req.headers.origin;
      if (origin !== undefined && !allowed.has(origin)) return done(false, 403, 'origin not allowed');
      return done(true);
    },
  });
  // ws re-emits the HTTP server's errors (a port already taken) on itself: without a listener that is an uncaught
  // exception that kills the daemon instead of the listen error below.
  wss.on('error', (error) => logger.warn({ err: error.message }, 'reader websocket server error'));
  const connections = new Set<Connection>();

  const send = (connection: Connection, message: ReaderReply | ReaderEvent) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(message));
  };
  const broadcast = (event: ReaderEvent['event'], data: unknown) => {
    const message: ReaderEvent = { event, data, time: new Date().toISOString() };
    for (const connection of connections) send(connection, message);
  };
  const onUp = () => broadcast('deviceUp', { online: true });
  const onDown = (reason: string) => broadcast('deviceDown', { online: false, reason });
  const onPlaced = (card: unknown) => broadcast('cardPlaced', card);
  const onRemoved = (card: unknown) => broadcast('cardRemoved', card);
  const onPush = (push: ReaderPush) => {
    const message: ReaderEvent = {
      event: push.event,
      step: push.step,
      cbdata: push.cbdata,
      data: { step: push.step },
      time: new Date().toISOString(),
    };
    for (const connection of connections) send(connection, message);
  };
  deps.pushes?.on('push', onPush);
  encoder.on('up', onUp);
  encoder.on('down', onDown);
  watcher.on('placed', onPlaced);
  watcher.on('removed', onRemoved);

  const handle = async (connection: Connection, raw: RawData) => {
    let request: ReaderRequest;
    try {
      const parsed: unknown = JSON.parse(raw.toString());
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('not an object');
      request = parsed as ReaderRequest;
    } catch {
      send(connection, {
        func: '',
        cbdata: null,
        ...refusal('DATA_PARSE_FAILED'),
        msg: 'malformed JSON: send {func, cbdata, parameters}',
      });
      return;
    }
    const func = typeof request.func === 'string' ? request.func : '';
    if (func === 'cancelReadCard' || func === 'cancel') {
      const running = connection.operation;
      running?.abort(func === 'cancel' ? 'OPERATION_CANCELLED' : 'READ_CARD_CANCELLED');
      connection.operation = null;
      send(connection, {
        func,
        cbdata: request.cbdata ?? null,
        code: 1,
        msg: 'success',
        retval: 0,
        data: { cancelled: running !== null },
      });
      return;
    }
    const ctx = deps.context();
    if (LONG_FUNCS.has(func)) {
      const now = Date.now();
      if (
        func === 'goReadCard' &&
        connection.lastReadStart !== null &&
        now - connection.lastReadStart < ctx.timing.readLockoutMs
      ) {
        send(connection, { func, cbdata: request.cbdata ?? null, ...refusal('READ_TOO_FREQUENT') });
        return;
      }
      if (func === 'goReadCard') connection.lastReadStart = now;
      // A new read cancels the one in progress (spec §4 'Card reading').
      connection.operation?.abort('CARD_READ_CANCELLED');
      const operation = new AbortController();
      connection.operation = operation;
      ctx.signal = operation.signal;
      const reply = await callReader(request, ctx);
      if (connection.operation === operation) connection.operation = null;
      send(connection, reply);
      return;
    }
    send(connection, await callReader(request, ctx));
  };

  wss.on('connection', (socket) => {
    const connection: Connection = { socket, alive: true, operation: null, lastReadStart: null };
    connections.add(connection);
    if (connections.size === 1) watcher.start();
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (raw) => {
      handle(connection, raw).catch((error: unknown) => {
        logger.error({ err: error }, 'websocket call failed');
        send(connection, {
          func: '',
          cbdata: null,
          ...refusal('OPERATION_FAILED', { message: errorText('ERROR') }),
        });
      });
    });
    socket.on('error', (error) => logger.debug({ err: error.message }, 'websocket client error'));
    socket.on('close', () => {
      connection.operation?.abort('OPERATION_CANCELLED');
      connections.delete(connection);
      if (connections.size === 0) watcher.stop();
    });
    send(connection, { event: 'hello', data: deps.hello(), time: new Date().toISOString() });
    if (watcher.card)
      send(connection, { event: 'cardPlaced', data: watcher.card, time: new Date().toISOString() });
  });

  // Drop clients that vanished without closing (a laptop lid shut): months of uptime must not pile them up.
  const pinger = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, 30_000);
  pinger.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.websocketPort, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    port,
    url: `ws://${host}:${port}`,
    close: async () => {
      clearInterval(pinger);
      watcher.stop();
      encoder.off('up', onUp);
      encoder.off('down', onDown);
      watcher.off('placed', onPlaced);
      watcher.off('removed', onRemoved);
      deps.pushes?.off('push', onPush);
      for (const connection of connections) {
        connection.operation?.abort('OPERATION_CANCELLED');
        connection.socket.terminate();
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
