import type { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from 'node:net';
import { BROKER } from '@lockdesk/protocol';
import { Aedes } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { Logger } from '../log.js';
import { BrokerAuthority, type InProcessCredential } from './auth.js';

export interface EmbeddedBrokerOptions {
  host: string;
  tcpPort: number;
  wsPort: number;
  tlsPort: number;
  certFile: string | null;
  keyFile: string | null;
  logger: Logger;
  /** The LockDesk server that admits every client but this process's bridge (`POST /broker/auth`); null: none. */
  serverUrl: string | null;
  /** How often an admitted client's credential is checked again (seconds). */
  recheckSeconds: number;
  /** Browser origins whose pages may open the WebSocket (the console's); any other Origin is refused with 403. */
  allowedOrigins: readonly string[];
  /** The HTTP client that asks the server (tests hand in their own). */
  fetch?: typeof fetch;
}

/** Where the embedded broker answers, with the ports actually bound (tests ask for port 0). */
export interface EmbeddedBrokerAddresses {
  tcpUrl: string;
  wsUrl: string;
  wssUrl: string | null;
  tcpPort: number;
  wsPort: number;
  tlsPort: number | null;
}

/** A running embedded broker. */
export interface EmbeddedBroker {
  readonly addresses: EmbeddedBrokerAddresses;
  readonly aedes: Aedes;
  /** A credential admitting this process's bridge of `deviceId` to that device's topics; it never leaves the process. */
  bridgeCredential(deviceId: string): InProcessCredential;
  close(): Promise<void>;
}

function listen(server: NetServer | HttpServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: NetServer | HttpServer): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => resolve());
  });
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * A single-site broker (Aedes) for hotels without one: MQTT over TCP, and MQTT over WebSocket at `/mqtt` so the
 * console in a browser can reach a remote reader; over TLS on 8084 when a certificate is configured (spec §7
 * 'Message broker'). Loopback only, like every service of the daemon.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { host, logger } = options;
  const authority = new BrokerAuthority({
    serverUrl: options.serverUrl,
    recheckSeconds: options.recheckSeconds,
    logger,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const aedes = await Aedes.createBroker({
    authenticate: authority.authenticate,
    authorizePublish: authority.authorizePublish,
    authorizeSubscribe: authority.authorizeSubscribe,
  });
  aedes.on('clientDisconnect', (client) => authority.forget(client));
  aedes.on('clientError', (client, error) => {
    if (client) authority.forget(client);
    logger.debug({ client: client?.id, err: error.message }, 'mqtt client error');
  });
  // Broker-level failures (persistence, the will sweep) come as 'error' events: unheard, they would end the daemon.
  // (Aedes emits it though its typings leave it out.)
  (aedes as unknown as EventEmitter).on('error', (error: Error) =>
    logger.warn({ err: error.message }, 'mqtt broker error'),
  );
  aedes.on('connectionError', (client, error) =>
    logger.debug({ client: client?.id, err: error.message }, 'mqtt connection error'),
  );

  const servers: Array<NetServer | HttpServer> = [];
  const socketServers: WebSocketServer[] = [];
  const mountWebSocket = (server: HttpServer) => {
    const allowed = new Set(options.allowedOrigins);
    const wss = new WebSocketServer({
      server,
      path: BROKER.path,
      // A page of another site open on this PC must not reach the readers through the broker: only the console's
      // origins may open it. Clients without an Origin (the gateway's bridge, Node clients) go on to authenticate.
      verifyClient: ({ origin, req }, done) => {
        const header = req.headers.origin;
        if (header === undefined || allowed.has(origin)) return done(true);
        logger.info({ origin: header }, 'mqtt websocket refused: origin not allowed');
        done(false, 403, 'Forbidden: origin not allowed');
      },
    });
    wss.on('connection', (socket, request) => {
      const stream = createWebSocketStream(socket);
      stream.on('error', () => socket.terminate());
      aedes.handle(stream, request);
    });
    wss.on('error', (error) => logger.warn({ err: error.message }, 'mqtt websocket server error'));
    socketServers.push(wss);
  };

  try {
    // No Nagle delay: a command frame and its reply are tiny packets a reader waits on.
    const tcp = createNetServer({ noDelay: true }, aedes.handle);
    servers.push(tcp);
    const tcpPort = await listen(tcp, options.tcpPort, host);

    const http = createHttpServer((_, res) => {
      res.writeHead(426, { 'content-type': 'text/plain' }).end('MQTT over WebSocket only, at /mqtt\n');
    });
    servers.push(http);
    mountWebSocket(http);
    const wsPort = await listen(http, options.wsPort, host);

    let tlsPort: number | null = null;
    if (options.certFile && options.keyFile) {
      const https = createHttpsServer({
        cert: readFileSync(options.certFile),
        key: readFileSync(options.keyFile),
      });
      servers.push(https);
      mountWebSocket(https);
      tlsPort = await listen(https, options.tlsPort, host);
    }

    const h = urlHost(host);
    const addresses: EmbeddedBrokerAddresses = {
      tcpUrl: `mqtt://${h}:${tcpPort}`,
      wsUrl: `ws://${h}:${wsPort}${BROKER.path}`,
      wssUrl: tlsPort === null ? null : `wss://${h}:${tlsPort}${BROKER.path}`,
      tcpPort,
      wsPort,
      tlsPort,
    };
    return {
      addresses,
      aedes,
      bridgeCredential: (deviceId) => authority.bridgeCredential(deviceId),
      close: async () => {
        authority.close();
        for (const wss of socketServers) {
          for (const client of wss.clients) client.terminate();
          wss.close();
        }
        await new Promise<void>((resolve) => aedes.close(() => resolve()));
        await Promise.all(servers.map(closeServer));
      },
    };
  } catch (error) {
    authority.close();
    for (const wss of socketServers) wss.close();
    await Promise.all(servers.map(closeServer));
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    throw error;
  }
}
