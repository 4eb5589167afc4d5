// The production shape on this machine without Docker (issue 12, contract C4): a PostgreSQL database of its own,
// a Mosquitto of its own, N replicas of the built server started together on the empty database, and HAProxy from
// deploy/haproxy/haproxy.cfg in front (TLS with a self-signed certificate made for the run). Every process listens
// on 127.0.0.1 only; stop() ends them all and drops the database, also when the start failed half way.
// Replica indexes are 0-based (replicaUrls[i]); HAProxy names replica i `s<i+1>`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { connect, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_ENVELOPE_KEYS, encryptEnvelope, languageHeader } from '@lockdesk/protocol';
import { type ManageAnswer, openAnswer } from '@lockdesk/server';
import pg from 'pg';
import {
  dynsecMissing,
  dynsecPlugin,
  mosquittoConfigFor,
  mosquittoCtrl,
} from '../broker/dynsec-mosquitto.js';
import { freePort, mosquittoBinary } from '../web/gateway-harness.js';
import { ROOT, SERVER_CLI, stopProcess, WEB_DIST } from '../web/harness.js';

/** Where this machine's PostgreSQL is (common brief); TEST_DATABASE_URL overrides. */
export const TOPOLOGY_DATABASE_URL =
  process.env['TEST_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
/** The built server the replicas run; LOCKDESK_TEST_SERVER_CLI points the harness at another build. */
export const TOPOLOGY_SERVER_CLI = process.env['LOCKDESK_TEST_SERVER_CLI'] || SERVER_CLI;
export const HAPROXY_CONFIG = join(ROOT, 'deploy', 'haproxy', 'haproxy.cfg');
const HAPROXY_BINARIES = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];

/** Where the haproxy binary is, or null. */
export function haproxyBinary(): string | null {
  return HAPROXY_BINARIES.find((path) => existsSync(path)) ?? null;
}

/** True when PostgreSQL answers a query at `url`. */
async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * What the topology needs and this machine lacks, by name: [] when PostgreSQL accepts connections (a TCP probe:
 * the check is synchronous) and the haproxy, mosquitto and openssl binaries and the built server exist.
 */
export function topologyMissing(): string[] {
  const missing: string[] = [];
  const url = new URL(TOPOLOGY_DATABASE_URL);
  const probe = execFileSync(
    process.execPath,
    [
      '-e',
      `const s=require('node:net').connect(${Number(url.port || 5432)},${JSON.stringify(url.hostname)});` +
        `s.setTimeout(1500,()=>{console.log('no');process.exit(0)});` +
        `s.on('connect',()=>{console.log('yes');s.destroy()});s.on('error',()=>console.log('no'))`,
    ],
    { encoding: 'utf8' },
  ).trim();
  if (probe !== 'yes') missing.push(`PostgreSQL (${url.hostname}:${url.port || 5432})`);
  if (!haproxyBinary()) missing.push('haproxy');
  if (!mosquittoBinary()) missing.push('mosquitto');
  // The broker runs the deploy config: no anonymous client, the dynamic-security plugin managed by the replicas.
  for (const part of dynsecMissing()) if (part !== 'mosquitto') missing.push(part);
  if (!existsSync('/usr/bin/openssl')) missing.push('openssl');
  if (!existsSync(TOPOLOGY_SERVER_CLI))
    missing.push(`the built server (${TOPOLOGY_SERVER_CLI}: run pnpm -r build)`);
  return missing;
}

/** topologyMissing, plus whether PostgreSQL answers a query (not only TCP). */
export async function topologyMissingAsync(): Promise<string[]> {
  const missing = topologyMissing();
  if (!missing.some((m) => m.startsWith('PostgreSQL')) && !(await postgresAnswers(TOPOLOGY_DATABASE_URL)))
    missing.unshift(`PostgreSQL (no answer to a query at ${new URL(TOPOLOGY_DATABASE_URL).host})`);
  return missing;
}

export interface TopologyOptions {
  /** Started together on an empty database of its own. */
  replicas: number;
  /** Start replicas with --demo (seeded once, contract C1). */
  demo?: boolean;
  demoRooms?: number;
  /** Extra env for every replica (e.g. LOCKDESK_CALLS_PER_MINUTE). */
  env?: Record<string, string>;
}

export interface CallOptions {
  token?: string;
  /** 'proxy' (default) or a replica index: straight to that replica. */
  via?: 'proxy' | number;
  language?: string;
  /** The `uuid` header (the console's client id: login's graphic code is bound to it). */
  uuid?: string;
  headers?: Record<string, string>;
}

/** A /manage answer; `msg` is the errmsg (contract C4's name). */
export type TopologyAnswer<T> = ManageAnswer<T> & { msg: string };

/** An answer that was not a /manage envelope (HAProxy's 502/503 page, a 429 …). */
export class NotAnEnvelope extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status} without a /manage envelope: ${body.slice(0, 200)}`);
  }
}

export interface Topology {
  /** https://127.0.0.1:P (self-signed; use call/fetch helpers, or `ca`). */
  proxyUrl: string;
  /** http://127.0.0.1:Pi, direct to each replica. */
  replicaUrls: string[];
  /** mqtt://127.0.0.1:P, the harness's own Mosquitto (deploy/mosquitto/mosquitto.conf: no anonymous client). */
  brokerUrl: string;
  /** wss://127.0.0.1:P/mqtt through the proxy (refuses an Origin other than `consoleOrigin`). */
  brokerWssUrl: string;
  /** The broker's dynamic-security admin (the replicas manage broker credentials as it). */
  brokerAdmin: { username: string; password: string };
  /** The console's origin the proxy admits on the broker's wss (LOCKDESK_CONSOLE_ORIGIN): the proxy's own. */
  consoleOrigin: string;
  /** Its own database, dropped by stop(). */
  databaseUrl: string;
  /** The self-signed certificate (PEM) clients trust. */
  ca: string;
  /** Replicas (running ones), haproxy, mosquitto (for memory figures). */
  processes(): { name: string; pid: number }[];
  call<T = unknown>(path: string, body?: object, opts?: CallOptions): Promise<TopologyAnswer<T>>;
  /** Logs in and returns the token; throws with the refusal otherwise. */
  login(mobile: string, password: string, via?: 'proxy' | number): Promise<string>;
  /** GET (or another method) through the proxy or to a replica; status and body text. */
  fetch(
    path: string,
    init?: { via?: 'proxy' | number; method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>;
  /** A query on the topology's database (what the replicas wrote). */
  sql<R extends object = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** Default SIGKILL; waits for the exit and resolves with its code (null when a signal ended the process). */
  killReplica(i: number, signal?: NodeJS.Signals): Promise<number | null>;
  /** The same port again; waits for /health 200 (and for HAProxy to see it up when it is in rotation). */
  startReplica(i: number): Promise<void>;
  /** HAProxy runtime API: maint/ready, waits until effective. */
  setInRotation(i: number, on: boolean): Promise<void>;
  /** HAProxy's view of replica i: UP, DOWN, MAINT, … */
  proxyState(i: number): Promise<string>;
  /** Stop + start Mosquitto on the same port; resolves the performance.now() at which it listens again. */
  restartBroker(): Promise<number>;
  /** Output of a process so far (replica index, 'haproxy' or 'mosquitto'), for failure messages. */
  output(which: number | 'haproxy' | 'mosquitto'): string;
  /** Everything stopped, database dropped (also after failures). */
  stop(): Promise<void>;
}

interface Running {
  child: ChildProcess;
  output: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const running: Running = { child, output: '' };
  const keep = (chunk: Buffer) => {
    // Keep the tail only: a long burst logs a lot.
    running.output = (running.output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return running;
}

const alive = (child: ChildProcess | undefined): boolean =>
  !!child && child.exitCode === null && child.signalCode === null;

async function until<T>(
  what: string,
  deadlineMs: number,
  probe: () => Promise<T | null | undefined | false>,
  failFast?: () => string | null,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const reason = failFast?.();
    if (reason) throw new Error(`${what}: ${reason}`);
    const got = await probe().catch(() => null);
    if (got) return got;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function tcpAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1', () => done(true));
  });
}

/** One request; the body text and status, or a transport error. */
function request(
  url: string,
  agent: http.Agent,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const target = new URL(url);
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target,
      {
        method: init.method ?? 'GET',
        agent,
        headers: {
          ...(init.body !== undefined ? { 'content-length': Buffer.byteLength(init.body) } : {}),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer from ${url} in 30 s`)));
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** Sends one command to HAProxy's runtime API (unix socket) and resolves its whole answer. */
function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.setTimeout(5000, () => socket.destroy(new Error(`haproxy did not answer '${command}'`)));
    socket.on('connect', () => socket.write(`${command}\n`));
    socket.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** A self-signed certificate for 127.0.0.1 made in `dir`: the certificate, and certificate + key, in PEM. */
export function selfSignedCertificate(dir: string): { cert: string; pem: string } {
  const key = join(dir, 'tls.key');
  const cert = join(dir, 'tls.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const certText = readFileSync(cert, 'utf8');
  return { cert: certText, pem: certText + readFileSync(key, 'utf8') };
}

/** deploy/haproxy/haproxy.cfg with the lines between the server markers replaced by the replicas. */
export function haproxyConfigFor(ports: number[], source = readFileSync(HAPROXY_CONFIG, 'utf8')): string {
  const lines = source.split('\n');
  const start = lines.findIndex((l) => l.trim() === '# >>> servers');
  const end = lines.findIndex((l) => l.trim() === '# <<< servers');
  if (start < 0 || end < start)
    throw new Error(`${HAPROXY_CONFIG} lacks the '# >>> servers' / '# <<< servers' lines`);
  const indent = /^\s*/.exec(lines[start] ?? '')?.[0] ?? '    ';
  const servers = ports.map((port, i) => `${indent}server s${i + 1} 127.0.0.1:${port} check`);
  return [...lines.slice(0, start + 1), ...servers, ...lines.slice(end)].join('\n');
}

// Children left behind by a test runner that dies without stop(): killed at its exit.
const everyChild = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  everyChild.add(child);
  child.once('exit', () => everyChild.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of everyChild) if (alive(c)) c.kill('SIGKILL');
    });
  }
}

/** Starts the whole topology; on any failure on the way, stops what it started and rethrows. */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const missing = await topologyMissingAsync();
  if (missing.length) throw new Error(`the topology cannot start here, missing: ${missing.join(', ')}`);
  if (!Number.isInteger(options.replicas) || options.replicas < 1)
    throw new Error(`replicas must be a positive integer, not ${options.replicas}`);

  const dir = mkdtempSync(join(tmpdir(), 'lockdesk-topology-'));
  const databaseName = `lockdesk_topo_${randomBytes(6).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(TOPOLOGY_DATABASE_URL);
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();
  const secretKey = randomBytes(32).toString('hex');
  const replicas: (Running | undefined)[] = [];
  const replicaPorts: number[] = [];
  let haproxy: Running | undefined;
  let mosquitto: Running | undefined;
  let databaseCreated = false;
  let pool: pg.Pool | undefined;
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let httpsAgent: https.Agent | undefined;
  let stopped = false;

  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    httpAgent.destroy();
    httpsAgent?.destroy();
    await Promise.all([
      ...replicas.map((r) => stopProcess(r?.child)),
      stopProcess(haproxy?.child),
      stopProcess(mosquitto?.child),
    ]);
    await pool?.end().catch(() => undefined);
    if (databaseCreated) {
      const admin = new pg.Client({ connectionString: TOPOLOGY_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The database.
    const admin = new pg.Client({ connectionString: TOPOLOGY_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${databaseName}`);
      databaseCreated = true;
    } finally {
      await admin.end();
    }
    pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // An idle connection ended by the drop in stop() (57P01) is expected, not a failure of the run.
    pool.on('error', () => undefined);

    // The broker: persistent, so a restart keeps the bridge's session and its queued QoS 1 messages.
    const mosquittoPath = mosquittoBinary() as string;
    const brokerPort = await freePort();
    const brokerWsPort = await freePort();
    const mosquittoDir = join(dir, 'mosquitto');
    mkdirSync(mosquittoDir);
    const mosquittoConf = join(mosquittoDir, 'mosquitto.conf');
    // deploy/mosquitto/mosquitto.conf itself (listeners on loopback, data here), with its dynamic-security file made
    // for this run as the compose file's mosquitto-init does; the replicas are its admin.
    const brokerAdmin = { username: 'lockdesk-admin', password: randomBytes(18).toString('base64url') };
    execFileSync(
      mosquittoCtrl() as string,
      [
        'dynsec',
        'init',
        join(mosquittoDir, 'dynamic-security.json'),
        brokerAdmin.username,
        brokerAdmin.password,
      ],
      { stdio: 'ignore' },
    );
    writeFileSync(
      mosquittoConf,
      mosquittoConfigFor(mosquittoDir, { mqtt: brokerPort, ws: brokerWsPort }, dynsecPlugin() as string),
    );
    const startMosquitto = async (): Promise<number> => {
      mosquitto = run(mosquittoPath, ['-c', mosquittoConf], process.env);
      track(mosquitto.child);
      const own = mosquitto;
      await until(
        'mosquitto listening',
        10_000,
        async () => (await tcpAnswers(brokerPort)) && (await tcpAnswers(brokerWsPort)),
        () => (alive(own.child) ? null : `exited:\n${own.output}`),
      );
      return performance.now();
    };
    await startMosquitto();

    // The replicas, all at once on the empty database.
    for (let i = 0; i < options.replicas; i++) replicaPorts.push(await freePort());
    const replicaUrls = replicaPorts.map((p) => `http://127.0.0.1:${p}`);
    const replicaArgs = [
      TOPOLOGY_SERVER_CLI,
      'start',
      ...(options.demo ? ['--demo'] : []),
      ...(options.demo && options.demoRooms !== undefined ? ['--demo-rooms', String(options.demoRooms)] : []),
    ];
    const health = async (i: number): Promise<boolean> => {
      const res = await request(`${replicaUrls[i]}/health`, httpAgent, {});
      return res.status === 200;
    };
    const launchReplica = async (i: number): Promise<void> => {
      const dataDir = join(dir, `replica-${i + 1}`);
      mkdirSync(dataDir, { recursive: true });
      const replica = run(process.execPath, replicaArgs, {
        ...process.env,
        DATABASE_URL: databaseUrl,
        LOCKDESK_SECRET_KEY: secretKey,
        LOCKDESK_TRUST_PROXY: '127.0.0.1',
        LOCKDESK_DATA_DIR: dataDir,
        LOCKDESK_WEB_DIST: WEB_DIST,
        LOCKDESK_SHUTDOWN_GRACE_MS: '2000',
        HOST: '127.0.0.1',
        PORT: String(replicaPorts[i]),
        LOG_LEVEL: 'warn',
        LOCKDESK_BROKER_ADMIN_URL: `mqtt://127.0.0.1:${brokerPort}`,
        LOCKDESK_BROKER_ADMIN_USERNAME: brokerAdmin.username,
        LOCKDESK_BROKER_ADMIN_PASSWORD: brokerAdmin.password,
        ...options.env,
      });
      track(replica.child);
      replicas[i] = replica;
      await until(
        `replica ${i} (${replicaUrls[i]}) answering /health 200`,
        90_000,
        () => health(i),
        () =>
          alive(replica.child)
            ? null
            : `it exited (${replica.child.exitCode ?? replica.child.signalCode}):\n${replica.output}`,
      );
    };
    await Promise.all(replicaPorts.map((_, i) => launchReplica(i)));

    // The proxy.
    const tls = selfSignedCertificate(dir);
    const pemPath = join(dir, 'tls.pem');
    writeFileSync(pemPath, tls.pem, { mode: 0o600 });
    const haproxyConf = join(dir, 'haproxy.cfg');
    writeFileSync(haproxyConf, haproxyConfigFor(replicaPorts));
    const proxyPort = await freePort();
    const wssPort = await freePort();
    const consoleOrigin = `https://127.0.0.1:${proxyPort}`;
    const statsSocket = join(dir, 'haproxy.sock');
    haproxy = run(haproxyBinary() as string, ['-db', '-f', haproxyConf], {
      ...process.env,
      LOCKDESK_HTTPS_BIND: `127.0.0.1:${proxyPort}`,
      LOCKDESK_WSS_BIND: `127.0.0.1:${wssPort}`,
      LOCKDESK_TLS_PEM: pemPath,
      LOCKDESK_BROKER_WS: `127.0.0.1:${brokerWsPort}`,
      LOCKDESK_STATS_SOCKET: statsSocket,
      LOCKDESK_CONSOLE_ORIGIN: consoleOrigin,
    });
    track(haproxy.child);
    const proxy = haproxy;
    const proxyFailed = () => (alive(proxy.child) ? null : `haproxy exited:\n${proxy.output}`);
    await until('haproxy listening', 10_000, () => tcpAnswers(proxyPort), proxyFailed);
    httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64, ca: tls.cert });
    const proxyHttps = httpsAgent;

    /** HAProxy's status of each server of backend lockdesk, by name (s1 …). */
    const serverStates = async (): Promise<Map<string, string>> => {
      const csv = await haproxyCommand(statsSocket, 'show stat');
      const states = new Map<string, string>();
      for (const line of csv.split('\n')) {
        const cells = line.split(',');
        if (cells[0] === 'lockdesk' && cells[1] && cells[1] !== 'BACKEND' && cells[1] !== 'FRONTEND')
          states.set(cells[1], cells[17] ?? '');
      }
      return states;
    };
    const proxyState = async (i: number): Promise<string> =>
      (await serverStates()).get(`s${i + 1}`) ?? 'unknown';
    await until(
      'haproxy seeing every replica up',
      15_000,
      async () => [...(await serverStates()).values()].every((s) => s.startsWith('UP')),
      proxyFailed,
    );

    const proxyUrl = `https://127.0.0.1:${proxyPort}`;
    const target = (via: 'proxy' | number | undefined): { base: string; agent: http.Agent } => {
      if (via === undefined || via === 'proxy') return { base: proxyUrl, agent: proxyHttps };
      const base = replicaUrls[via];
      if (!base) throw new Error(`no replica ${via} (there are ${replicaUrls.length})`);
      return { base, agent: httpAgent };
    };

    const call = async <T>(path: string, body: object = {}, opts: CallOptions = {}) => {
      const sealed = encryptEnvelope({ action: 'manage', ...body }, DEFAULT_ENVELOPE_KEYS);
      if (!sealed.ok) throw new Error(sealed.detail);
      const language = opts.language ?? 'en';
      const { base, agent } = target(opts.via);
      const res = await request(`${base}/manage/${path}`, agent, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          language: languageHeader(language),
          ...(opts.uuid ? { uuid: opts.uuid } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        body: JSON.stringify({ data: sealed.value, language }),
      });
      let answer: ManageAnswer<T>;
      try {
        answer = openAnswer<T>(res.text, res.status, DEFAULT_ENVELOPE_KEYS);
      } catch {
        throw new NotAnEnvelope(res.status, res.text);
      }
      return { ...answer, msg: answer.errmsg };
    };

    const topology: Topology = {
      proxyUrl,
      replicaUrls,
      brokerUrl: `mqtt://127.0.0.1:${brokerPort}`,
      brokerWssUrl: `wss://127.0.0.1:${wssPort}/mqtt`,
      brokerAdmin,
      consoleOrigin,
      databaseUrl,
      ca: tls.cert,
      processes() {
        const list: { name: string; pid: number }[] = [];
        const add = (name: string, child: ChildProcess | undefined) => {
          if (child?.pid && alive(child)) list.push({ name, pid: child.pid });
        };
        replicas.forEach((r, i) => {
          add(`replica-${i + 1}`, r?.child);
        });
        add('haproxy', haproxy?.child);
        add('mosquitto', mosquitto?.child);
        return list;
      },
      call,
      async login(mobile, password, via) {
        const answer = await call<{ token: string }>('login', { mobile, password }, { via: via ?? 'proxy' });
        if (answer.errno !== 0) throw new Error(`login ${mobile} refused: ${answer.errno} ${answer.errmsg}`);
        return answer.data.token;
      },
      fetch(path, init = {}) {
        const { base, agent } = target(init.via);
        return request(`${base}${path}`, agent, init);
      },
      async sql<R extends object>(text: string, params: unknown[] = []) {
        if (!pool) throw new Error('the topology is stopped');
        return (await pool.query(text, params)).rows as R[];
      },
      async killReplica(i, signal = 'SIGKILL') {
        const replica = replicas[i];
        if (!replica) throw new Error(`no replica ${i}`);
        if (!alive(replica.child)) return replica.child.exitCode;
        const exited = new Promise<number | null>((r) => replica.child.once('exit', (code) => r(code)));
        replica.child.kill(signal);
        return exited;
      },
      async startReplica(i) {
        if (alive(replicas[i]?.child)) throw new Error(`replica ${i} is running`);
        await launchReplica(i);
        if ((await proxyState(i)) !== 'MAINT')
          await until(`haproxy seeing replica ${i} up`, 15_000, async () => (await proxyState(i)) === 'UP');
      },
      async setInRotation(i, on) {
        const answer = await haproxyCommand(
          statsSocket,
          `set server lockdesk/s${i + 1} state ${on ? 'ready' : 'maint'}`,
        );
        if (answer.trim()) throw new Error(`haproxy refused: ${answer.trim()}`);
        await until(`replica ${i} ${on ? 'in' : 'out of'} rotation`, 15_000, async () => {
          const state = await proxyState(i);
          return on ? state === 'UP' : state === 'MAINT';
        });
      },
      proxyState,
      async restartBroker() {
        await stopProcess(mosquitto?.child);
        return startMosquitto();
      },
      output(which) {
        if (which === 'haproxy') return haproxy?.output ?? '';
        if (which === 'mosquitto') return mosquitto?.output ?? '';
        return replicas[which]?.output ?? '';
      },
      stop,
    };
    return topology;
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
}
