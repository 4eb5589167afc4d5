import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { MqttBridge } from './bridge/mqtt.js';
import { type EmbeddedBroker, type EmbeddedBrokerAddresses, startEmbeddedBroker } from './broker/embedded.js';
import {
  bridgeBrokerUrl,
  bridgeDeviceId,
  type GatewayConfig,
  type GatewayConfigInput,
  resolveConfig,
} from './config.js';
import { CardWatcher } from './encoder/card-watcher.js';
import { EncoderService } from './encoder/service.js';
import { createLogger, type Logger } from './log.js';
import type { FuncContext, ReaderState } from './reader/functions.js';
import { type ReaderTiming, SPEC_TIMING } from './reader/timing.js';
import { buildRawApp } from './services/raw-http.js';
import { buildReaderApp, type HealthReport } from './services/reader-http.js';
import { type ReaderPushes, startWebSocketService, type WebSocketService } from './services/websocket.js';
import { buildControlApp } from './simulator/control.js';
import { SimulatedEncoder } from './simulator/encoder.js';
import { VirtualLocks } from './simulator/locks.js';
import { HidTransport, type HidTransportOptions } from './transport/hid.js';
import { SimulatedTransport } from './transport/simulated.js';
import type { Transport } from './transport/types.js';
import { GATEWAY_VERSION } from './version.js';

/** Where the running daemon answers (ports as bound: tests ask for port 0). */
export interface GatewayAddresses {
  reader: string;
  readerPort: number;
  raw: string;
  rawPort: number;
  websocket: string;
  websocketPort: number;
  /** The simulated encoder's control service, when simulating. */
  simulator: string | null;
  simulatorPort: number | null;
  broker: EmbeddedBrokerAddresses | null;
  /** The broker the bridge uses and its device id, when the bridge runs. */
  bridge: { url: string; deviceId: string; topics: MqttBridge['topics'] } | null;
}

/** A running daemon. */
export interface RunningGateway {
  readonly config: GatewayConfig;
  readonly addresses: GatewayAddresses;
  readonly encoder: EncoderService;
  /** The simulated encoder (its card, faults, plug), when simulating. */
  readonly simulator: SimulatedEncoder | null;
  readonly simulatedTransport: SimulatedTransport | null;
  /** The virtual locks beside the simulated encoder (SIMULATED), when simulating. */
  readonly locks: VirtualLocks | null;
  readonly bridge: MqttBridge | null;
  readonly broker: EmbeddedBroker | null;
  readonly logger: Logger;
  health(): HealthReport;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Shorter card-read waits (tests, benchmark); the spec's by default. */
  timing?: Partial<ReaderTiming>;
  /** A transport to use instead of the configured one (tests hand in a HID transport over a fake node-hid). */
  transport?: Transport;
  /** Options for the HID transport (tests: a fake node-hid loader, short reopen delays). */
  hid?: Partial<HidTransportOptions>;
  /** Device answer timeouts (tests shorten them). */
  responseTimeoutMs?: number;
  writeResponseTimeoutMs?: number;
  /** Bridge timings (tests shorten the reconnect period). */
  bridge?: { reconnectMs?: number; heartbeatMs?: number };
  /** The virtual locks' fetch (tests hand in a fake device API). */
  lockFetch?: typeof fetch;
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

async function listen(app: FastifyInstance, port: number, host: string): Promise<number> {
  await app.listen({ port, host });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/**
 * Starts the daemon: the encoder (USB or simulated), the reader, raw and WebSocket services, the simulator's
 * control service, the embedded broker and the remote reader bridge, as configured. Anything that fails to start
 * stops what was started and throws.
 */
export async function startGateway(
  input: GatewayConfigInput | GatewayConfig = {},
  options: StartOptions = {},
): Promise<RunningGateway> {
  const config = resolveConfig({ file: input as Record<string, unknown> });
  const logger = options.logger ?? createLogger(config.log);
  const timing: ReaderTiming = { ...SPEC_TIMING, ...options.timing };
  const started = Date.now();
  const cleanup: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const step of cleanup.reverse()) {
      try {
        await step();
      } catch (error) {
        logger.warn({ err: error }, 'error while stopping');
      }
    }
    cleanup.length = 0;
  };

  try {
    let broker: EmbeddedBroker | null = null;
    if (config.embeddedBroker.enabled) {
      broker = await startEmbeddedBroker({
        ...config.embeddedBroker,
        host: config.host,
        logger,
        serverUrl: config.serverUrl,
        allowedOrigins: config.allowedOrigins,
      });
      cleanup.push(() => broker!.close());
    }

    let simulator: SimulatedEncoder | null = null;
    let simulatedTransport: SimulatedTransport | null = null;
    let transport: Transport;
    if (options.transport) {
      transport = options.transport;
    } else if (config.transport === 'simulated') {
      simulator = new SimulatedEncoder({ mac: config.simulator.deviceMac });
      simulatedTransport = new SimulatedTransport(simulator, { latencyMs: config.simulator.latencyMs });
      transport = simulatedTransport;
    } else {
      transport = new HidTransport({
        vendorId: config.hid.vendorId,
        productId: config.hid.productId,
        path: config.hid.path ?? undefined,
        onLog: (level, message) => logger[level](message),
        ...options.hid,
      });
    }
    const encoder = new EncoderService({
      transport,
      logger,
      ...(options.responseTimeoutMs !== undefined ? { responseTimeoutMs: options.responseTimeoutMs } : {}),
      ...(options.writeResponseTimeoutMs !== undefined
        ? { writeResponseTimeoutMs: options.writeResponseTimeoutMs }
        : {}),
    });
    encoder.on('up', () => logger.info({ device: transport.description }, 'encoder online'));
    encoder.on('down', (reason) => logger.warn({ device: transport.description, reason }, 'encoder offline'));
    await encoder.start();
    cleanup.push(() => encoder.stop());

    const reader: ReaderState = { opened: false, device: null };
    const rawState = { opened: false };
    const simulated = transport.kind === 'simulated';
    const describe = () => ({ transport: transport.kind, simulated, description: transport.description });
    // Progress of running functions (fingerStep), whichever service called them, goes to the WebSocket clients.
    const pushes: ReaderPushes = new EventEmitter();
    const context = (): FuncContext => ({
      encoder,
      reader,
      timing,
      describe,
      push: (event) => pushes.emit('push', event),
    });

    let bridge: MqttBridge | null = null;
    let bridgeOff: string | null = null;
    const health = (): HealthReport => ({
      status: 'ok',
      version: GATEWAY_VERSION,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      device: {
        state: encoder.online ? 'online' : 'offline',
        transport: transport.kind,
        simulated,
        description: transport.description,
        opened: reader.opened,
        busy: encoder.isBusy,
      },
      broker: bridge
        ? { ...bridge.status }
        : { state: 'disabled', ...(bridgeOff ? { reason: bridgeOff } : {}) },
      embeddedBroker: broker ? { ...broker.addresses } : null,
      memory: { rss: process.memoryUsage.rss(), heapUsed: process.memoryUsage().heapUsed },
    });

    const deps = { config, logger, context, health };
    const readerApp = buildReaderApp(deps);
    cleanup.push(() => readerApp.close());
    const readerPort = await listen(readerApp, config.readerPort, config.host);
    const rawApp = buildRawApp({ ...deps, rawState });
    cleanup.push(() => rawApp.close());
    const rawPort = await listen(rawApp, config.rawPort, config.host);

    const watcher = new CardWatcher(encoder, config.cardWatchIntervalMs);
    const ws: WebSocketService = await startWebSocketService({
      config,
      logger,
      encoder,
      watcher,
      context,
      pushes,
      hello: () => ({ version: GATEWAY_VERSION, online: encoder.online, ...describe() }),
    });
    cleanup.push(() => ws.close());

    let simulatorPort: number | null = null;
    let locks: VirtualLocks | null = null;
    if (simulator && simulatedTransport) {
      const encoderOfLocks = simulator;
      locks = new VirtualLocks({
        currentCard: () => encoderOfLocks.currentCard,
        defaultServer: config.serverUrl,
        sheetPath: config.simulator.locksSheet,
        statePath: config.simulator.lockStateFile,
        ...(options.lockFetch ? { fetch: options.lockFetch } : {}),
        onLog: (level, message, details) => logger[level](details ?? {}, message),
      });
      if (config.simulator.locksSheet) {
        // The server may write the sheet after the gateway started: look for it now and then.
        const running = locks;
        void running.refreshSheet();
        const poll = setInterval(() => void running.refreshSheet(), 3_000);
        poll.unref();
        cleanup.push(async () => clearInterval(poll));
      }
      const controlApp = buildControlApp({
        config,
        logger,
        encoder: simulator,
        transport: simulatedTransport,
        locks,
      });
      cleanup.push(() => controlApp.close());
      simulatorPort = await listen(controlApp, config.simulatorPort, config.host);
    }

    const deviceId = bridgeDeviceId(config);
    const brokerUrl = bridgeBrokerUrl(config, broker?.addresses.tcpPort);
    const startBridge = (url: string, id: string) => {
      // On its own embedded broker the bridge is admitted with a credential that never leaves this process; a
      // remote broker takes the reader's gateway credential (LOCKDESK_GW_BROKER_USERNAME / _PASSWORD).
      const credential =
        broker && !config.broker.url
          ? broker.bridgeCredential(id)
          : { username: config.broker.username, password: config.broker.password };
      bridge = new MqttBridge({
        url,
        deviceId: id,
        username: credential.username,
        password: credential.password,
        remoteBroker: !(broker && !config.broker.url),
        encoder,
        logger,
        ...options.bridge,
      });
      bridge.start();
      bridgeOff = null;
    };
    let stopped = false;
    cleanup.push(async () => {
      stopped = true;
      await bridge?.stop();
    });
    if (deviceId && brokerUrl) {
      startBridge(brokerUrl, deviceId);
    } else if (brokerUrl) {
      // No device id configured: the encoder's own address is its broker device id (deviceInfo mac).
      bridgeOff = 'waiting for the encoder to tell its device id';
      const learn = async () => {
        if (bridge || stopped) return;
        const answer = await encoder.run({ name: 'getVersion' });
        if (bridge || stopped || !answer.ok || answer.value.layout !== 'deviceInfo') return;
        if (!/^[0-9A-F]{12}$/.test(answer.value.mac)) return;
        logger.info(
          { deviceId: answer.value.mac },
          'remote reader bridge uses the encoder address as device id',
        );
        startBridge(brokerUrl, answer.value.mac);
      };
      encoder.on('up', () => void learn());
      if (encoder.online) await learn();
    } else if (config.deviceId) {
      bridgeOff = 'a device id is set but no broker: set broker.url or run the embedded broker';
    }
    if (bridgeOff) logger.warn(`remote reader bridge off: ${bridgeOff}`);

    const host = hostForUrl(config.host);
    const addresses: GatewayAddresses = {
      reader: `http://${host}:${readerPort}`,
      readerPort,
      raw: `http://${host}:${rawPort}`,
      rawPort,
      websocket: ws.url,
      websocketPort: ws.port,
      simulator: simulatorPort === null ? null : `http://${host}:${simulatorPort}`,
      simulatorPort,
      broker: broker?.addresses ?? null,
      bridge: null,
    };
    let closing: Promise<void> | undefined;
    return {
      config,
      get addresses(): GatewayAddresses {
        const running = bridge as MqttBridge | null;
        const status = running?.status;
        return {
          ...addresses,
          bridge:
            running && status?.url && status.deviceId
              ? { url: status.url, deviceId: status.deviceId, topics: running.topics }
              : null,
        };
      },
      encoder,
      simulator,
      simulatedTransport,
      locks,
      get bridge() {
        return bridge as MqttBridge | null;
      },
      broker,
      logger,
      health,
      close: () => {
        closing ??= stopAll();
        return closing;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
