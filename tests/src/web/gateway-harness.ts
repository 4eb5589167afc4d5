// The gateway for the card suites (contract E): the built daemon (`gateway/dist/cli.js --simulate`) on the spec's
// fixed ports, admitting exactly the console's origin, with a broker for the remote reader (the embedded Aedes
// broker, this machine's Mosquitto, or any broker URL), and the simulated encoder's control API on 13572 as plain
// functions: place a guest card, a blank or a dump, take it away, inject a fault, read the card back as a dump.
// Suites run one file at a time (tests/vitest.config.ts), so the fixed ports are free between files.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROKER, encodeCommandHex, type GuestCardContent } from '@lockdesk/protocol';
import mqtt from 'mqtt';
import { ROOT, stopProcess } from './harness.js';

export const GATEWAY_CLI = join(ROOT, 'gateway', 'dist', 'cli.js');

/** The gateway's fixed addresses (spec §7 'Local card readers', gateway/README.md). */
export const GATEWAY_URLS = {
  reader: 'http://127.0.0.1:13570',
  raw: 'http://127.0.0.1:13571',
  websocket: 'ws://127.0.0.1:39002',
  simulator: 'http://127.0.0.1:13572',
  health: 'http://127.0.0.1:13570/health',
} as const;
const FIXED_PORTS = [13570, 13571, 39002, 13572];
/** The embedded broker's fixed ports (MQTT over TCP, over WebSocket at /mqtt). */
const EMBEDDED_BROKER_PORTS = [11883, 8083];
export const EMBEDDED_BROKER = { url: 'mqtt://127.0.0.1:11883', wsUrl: 'ws://127.0.0.1:8083/mqtt' } as const;
/** This machine's Mosquitto (common brief: 127.0.0.1:1883). */
export const MACHINE_MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';
/** The simulated encoder's own address, its broker device id unless one is given. */
export const SIMULATED_DEVICE_ID = '041780200001';

/** Where the remote-reader bridge connects. `url` is what the gateway uses, `wsUrl` what a browser would. */
export type BrokerChoice = 'embedded' | 'mosquitto' | 'none' | { url: string; wsUrl?: string };

export interface GatewayOptions {
  /** The console's origin (e.g. the test server's http://127.0.0.1:40123): the only origin admitted. */
  consoleOrigin: string;
  /**
   * The broker of the remote-reader bridge: 'embedded' (default: Aedes on 11883 and ws 8083), 'mosquitto' (this
   * machine's on 1883; fails plainly when none answers), 'none', or a broker URL.
   */
  broker?: BrokerChoice;
  /** The bridge's device id (12 hex); default the simulated encoder's 041780200001. */
  deviceId?: string;
  /** Simulated device answer delay. */
  latencyMs?: number;
  /**
   * The virtual locks' server (issue 10, contract F): the LockDesk server's origin they sync with
   * (LOCKDESK_GW_SERVER_URL), e.g. the test server's http://127.0.0.1:40123.
   */
  serverUrl?: string;
  /**
   * The installer's sheet the virtual locks install themselves from (LOCKDESK_GW_SIM_LOCKS): the server writes it
   * as `<dataDir>/virtual-locks.json` on a demo start (`locksSheetOf(dataDir)`).
   */
  locksSheet?: string;
  /** Where the virtual locks keep what they learned and their buffered records (LOCKDESK_GW_SIM_LOCK_STATE). */
  lockState?: string;
  /** More LOCKDESK_GW_* settings. */
  env?: Record<string, string>;
  /**
   * The credential the readiness probe logs in to the broker with (a console credential of the device's hotel)
   * when the broker admits no anonymous client (issue 19 §2).
   */
  brokerProbe?: { username: string; password: string };
}

/** The installer's sheet of virtual locks a demo server writes into its data dir (contract D). */
export const locksSheetOf = (dataDir: string): string => join(dataDir, 'virtual-locks.json');

/** What the control API answers (gateway/src/simulator/control.ts). */
export interface SimulatorReply {
  ok: boolean;
  msg: string;
  error?: string;
  warnings?: string[];
  state?: SimulatorState;
}

export interface SimulatorState {
  simulated: true;
  plugged: boolean;
  mac: string;
  led: unknown;
  beeps: number;
  commands: number;
  card: { uid: string; size: string } | null;
  faults: unknown[];
  latencyMs: number;
  [more: string]: unknown;
}

export type FaultKind = 'no-answer' | 'late-answer' | 'bad-checksum' | 'unplugged' | 'unplug-mid-write';
export type DumpFormat = 'bin' | 'eml' | 'json' | 'mct';

/** The simulated encoder's control API as functions; each throws with the simulator's message when refused. */
export interface Simulator {
  readonly url: string;
  state(): Promise<SimulatorState>;
  /** A blank card with a guest card's content in blocks 4–6 and 54 (transport keys). */
  placeGuestCard(guest: GuestCardContent, uid?: string): Promise<SimulatorState>;
  /** A blank card in transport configuration (random UID unless given). */
  placeBlank(uid?: string, size?: '1K' | '4K'): Promise<SimulatorState>;
  /** A card from a dump: text (mct, eml, json) or bytes (bin). */
  placeDump(dump: string | Uint8Array, format?: DumpFormat): Promise<SimulatorState>;
  removeCard(): Promise<SimulatorState>;
  fault(
    kind: FaultKind,
    options?: { count?: number; delayMs?: number; command?: string },
  ): Promise<SimulatorState>;
  clearFaults(): Promise<SimulatorState>;
  unplug(): Promise<SimulatorState>;
  replug(): Promise<SimulatorState>;
  latency(ms: number): Promise<SimulatorState>;
  /** A finger pressed on the sensor (one enrolment step). */
  pressFinger(quality?: number): Promise<SimulatorState>;
  /** The card in the field as a dump (MCT text by default), or null when the field is empty. */
  dump(format?: 'mct' | 'eml' | 'json'): Promise<string | null>;
}

export interface StartedGateway {
  sim: Simulator;
  /** The broker the bridge uses; `wsUrl` null when it has no WebSocket listener known to the harness. */
  broker: { url: string; wsUrl: string | null } | null;
  deviceId: string;
  urls: typeof GATEWAY_URLS;
  /** The daemon's output so far (for failure messages). */
  output(): string;
  /** The daemon's /health answer. */
  health(): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

async function checkPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} is in use: stop the gateway (or whatever holds it) before this suite`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** True when something accepts TCP connections at host:port within a second. */
export function answersTcp(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

/** True when this machine's Mosquitto answers on 127.0.0.1:1883. */
export const machineMosquittoAnswers = () => answersTcp('127.0.0.1', 1883);

/**
 * True once the bridge answers a command on the broker: 'connected' in /health comes before its subscription is
 * in place, and a command published meanwhile would be lost. Asks for the encoder's version once a second.
 */
async function bridgeAnswers(
  url: string,
  deviceId: string,
  deadline: number,
  auth?: { username: string; password: string },
): Promise<boolean> {
  const version = encodeCommandHex({ name: 'getVersion' });
  if (!version.ok) return false;
  const client = await mqtt
    .connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...auth })
    .catch(() => null);
  if (!client) return false;
  try {
    const answered = new Promise<boolean>((resolve) => client.once('message', () => resolve(true)));
    await client.subscribeAsync(`${BROKER.topics.receive}${deviceId}`, { qos: 1 });
    while (Date.now() < deadline) {
      await client.publishAsync(`${BROKER.topics.send}${deviceId}`, version.value, { qos: 1 });
      const got = await Promise.race([
        answered,
        new Promise<false>((r) => setTimeout(() => r(false), 1_000)),
      ]);
      if (got) return true;
    }
    return false;
  } finally {
    await client.endAsync(true).catch(() => undefined);
  }
}

/** True once /health says the bridge holds its send topic's subscription on the embedded broker. */
async function bridgeSubscribed(
  health: () => Promise<Record<string, unknown>>,
  deadline: number,
): Promise<boolean> {
  while (Date.now() < deadline) {
    const answer = await health().catch(() => null);
    if ((answer?.['broker'] as { subscribed?: boolean } | undefined)?.subscribed === true) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** The simulator control API at `url` as functions. */
export function simulatorAt(url: string = GATEWAY_URLS.simulator): Simulator {
  const call = async (method: string, path: string, body?: unknown): Promise<SimulatorState> => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const reply = (await response.json()) as SimulatorReply;
    if (!response.ok || !reply.ok)
      throw new Error(
        `the simulator refused ${method} ${path}: ${reply.msg} (${reply.error ?? response.status})`,
      );
    return reply.state as SimulatorState;
  };
  return {
    url,
    state: () => call('GET', '/state'),
    placeGuestCard: (guest, uid) => call('POST', '/card', { guest, ...(uid ? { uid } : {}) }),
    placeBlank: (uid, size) =>
      call('POST', '/card', { blank: true, ...(uid ? { uid } : {}), ...(size ? { size } : {}) }),
    placeDump: (dump, format) =>
      call('POST', '/card', {
        ...(typeof dump === 'string'
          ? { dump, encoding: 'text' }
          : { dump: Buffer.from(dump).toString('base64'), encoding: 'base64' }),
        ...(format ? { format } : {}),
      }),
    removeCard: () => call('DELETE', '/card'),
    fault: (kind, options = {}) => call('POST', '/fault', { kind, ...options }),
    clearFaults: () => call('DELETE', '/fault'),
    unplug: () => call('POST', '/unplug'),
    replug: () => call('POST', '/replug'),
    latency: (ms) => call('POST', '/latency', { ms }),
    pressFinger: (quality) => call('POST', '/sim/finger', quality === undefined ? {} : { quality }),
    async dump(format = 'mct') {
      const response = await fetch(`${url}/card/dump?format=${format}`);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`the simulator did not dump the card: ${await response.text()}`);
      return response.text();
    },
  };
}

function brokerSettings(
  choice: BrokerChoice,
): Promise<{ args: string[]; env: Record<string, string>; broker: StartedGateway['broker'] }> {
  return (async () => {
    if (choice === 'none') return { args: [], env: {}, broker: null };
    if (choice === 'embedded') {
      for (const port of EMBEDDED_BROKER_PORTS) await checkPortFree(port);
      return { args: ['--embedded-broker'], env: {}, broker: { ...EMBEDDED_BROKER } };
    }
    if (choice === 'mosquitto') {
      if (!(await machineMosquittoAnswers()))
        throw new Error(
          `no Mosquitto answers at ${MACHINE_MOSQUITTO_URL}: start it, or use broker 'embedded'`,
        );
      return {
        args: ['--broker-url', MACHINE_MOSQUITTO_URL],
        env: {},
        broker: { url: MACHINE_MOSQUITTO_URL, wsUrl: null },
      };
    }
    return {
      args: ['--broker-url', choice.url],
      env: {},
      broker: { url: choice.url, wsUrl: choice.wsUrl ?? null },
    };
  })();
}

/**
 * Starts the built gateway with the simulated encoder on the fixed ports, admitting only `consoleOrigin`, and
 * resolves once its reader service answers and (with a broker) its bridge is connected.
 */
export async function startGateway(options: GatewayOptions): Promise<StartedGateway> {
  if (!existsSync(GATEWAY_CLI))
    throw new Error(`the gateway is not built (${GATEWAY_CLI} missing): run \`pnpm -r build\` first`);
  const origin = new URL(options.consoleOrigin).origin;
  for (const port of FIXED_PORTS) await checkPortFree(port);
  const brokerChoice = options.broker ?? 'embedded';
  const settings = await brokerSettings(brokerChoice);
  const deviceId = options.deviceId ?? SIMULATED_DEVICE_ID;
  const child: ChildProcess = spawn(
    process.execPath,
    [GATEWAY_CLI, '--simulate', '--log-level', 'warn', '--device-id', deviceId, ...settings.args],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        LOCKDESK_GW_ALLOWED_ORIGINS: origin,
        ...(options.latencyMs !== undefined ? { LOCKDESK_GW_SIM_LATENCY_MS: String(options.latencyMs) } : {}),
        ...(options.serverUrl ? { LOCKDESK_GW_SERVER_URL: new URL(options.serverUrl).origin } : {}),
        ...(options.locksSheet ? { LOCKDESK_GW_SIM_LOCKS: options.locksSheet } : {}),
        ...(options.lockState ? { LOCKDESK_GW_SIM_LOCK_STATE: options.lockState } : {}),
        ...settings.env,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const health = async (): Promise<Record<string, unknown>> => {
    const response = await fetch(GATEWAY_URLS.health);
    return (await response.json()) as Record<string, unknown>;
  };
  // Only our own daemon counts: it prints its endpoints once it holds the ports. Another suite's gateway that took
  // the ports between our check and our daemon's start answers /health too, and driving it would arm faults on,
  // and place cards in, that suite's encoder while our daemon fails with EADDRINUSE.
  const ownEndpoints = `reader service   ${GATEWAY_URLS.reader}/reader`;
  const deadline = Date.now() + 30_000;
  let ready = false;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the gateway exited (${child.exitCode}):\n${output}`);
    if (!output.includes(ownEndpoints)) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const answer = await health().catch(() => null);
    const broker = answer?.['broker'] as { state?: string } | undefined;
    if (answer && (settings.broker === null || broker?.state === 'connected')) {
      ready = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // The embedded broker admits no anonymous client (issue 19 §2): the bridge's granted subscription says it is
  // ready there; another broker is asked for a round trip (with the probe credential the suite hands in).
  if (ready && brokerChoice === 'embedded') ready = await bridgeSubscribed(health, deadline);
  else if (ready && settings.broker)
    ready = await bridgeAnswers(settings.broker.url, deviceId, deadline, options.brokerProbe);
  if (!ready) {
    await stopProcess(child);
    throw new Error(`the gateway did not get ready in 30 s:\n${output}`);
  }
  return {
    sim: simulatorAt(GATEWAY_URLS.simulator),
    broker: settings.broker,
    deviceId,
    urls: GATEWAY_URLS,
    output: () => output,
    health,
    stop: () => stopProcess(child),
  };
}

/** A free TCP port on loopback (asked of the system, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Where the mosquitto binary is, or null. */
export function mosquittoBinary(): string | null {
  for (const path of [
    '/usr/sbin/mosquitto',
    '/usr/bin/mosquitto',
    '/usr/local/sbin/mosquitto',
    '/usr/local/bin/mosquitto',
  ])
    if (existsSync(path)) return path;
  return null;
}

export interface OwnMosquitto {
  url: string;
  wsUrl: string;
  stop(): Promise<void>;
}

/**
 * A Mosquitto of the suite's own, on loopback only: MQTT over TCP and over WebSocket (what a browser console
 * reaches), anonymous, in memory. For when this machine's Mosquitto has no WebSocket listener. Null when the
 * mosquitto binary is not installed.
 */
export async function startOwnMosquitto(): Promise<OwnMosquitto | null> {
  const binary = mosquittoBinary();
  if (!binary) return null;
  const dir = mkdtempSync(join(tmpdir(), 'lockdesk-mosquitto-'));
  const port = await freePort();
  const wsPort = await freePort();
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      'persistence false',
      'allow_anonymous true',
      `listener ${port} 127.0.0.1`,
      `listener ${wsPort} 127.0.0.1`,
      'protocol websockets',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited (${child.exitCode}):\n${output}`);
    if ((await answersTcp('127.0.0.1', port)) && (await answersTcp('127.0.0.1', wsPort)))
      return {
        url: `mqtt://127.0.0.1:${port}`,
        wsUrl: `ws://127.0.0.1:${wsPort}/mqtt`,
        async stop() {
          await stopProcess(child);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopProcess(child);
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`mosquitto did not listen in 10 s:\n${output}`);
}

/** A broker login that a fake broker check admits. */
export interface FakeBrokerAuth {
  /** What the gateway takes as its server (LOCKDESK_GW_SERVER_URL): only `POST /broker/auth` answers. */
  url: string;
  credential: { username: string; password: string };
  close(): Promise<void>;
}

/**
 * A stand-in for the server's `POST /broker/auth` (server/API.md §20) for suites that run a gateway without a
 * server: it admits one console credential to one device's topics and denies everything else, as the server would.
 */
export async function fakeBrokerAuth(deviceId: string): Promise<FakeBrokerAuth> {
  const credential = {
    username: `console-${randomBytes(12).toString('hex')}`,
    password: randomBytes(32).toString('base64url'),
  };
  const allow = (action: 'publish' | 'subscribe', prefix: string) => ({
    permission: 'allow',
    action,
    topic: prefix + deviceId,
  });
  const server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      let login: { username?: unknown; password?: unknown } = {};
      try {
        login = JSON.parse(body) as typeof login;
      } catch {
        // A body that is not JSON is denied like a wrong password.
      }
      const admitted =
        request.method === 'POST' &&
        request.url === '/broker/auth' &&
        login.username === credential.username &&
        login.password === credential.password;
      const verdict = admitted
        ? {
            result: 'allow',
            is_superuser: false,
            kind: 'console',
            devices: [deviceId],
            acl: [
              allow('publish', BROKER.topics.send),
              allow('subscribe', BROKER.topics.receive),
              allow('subscribe', BROKER.topics.heartbeat),
              allow('subscribe', BROKER.topics.state),
            ],
          }
        : { result: 'deny' };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(verdict));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    credential,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
