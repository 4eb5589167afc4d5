/** Server configuration: defaults, then environment, then explicit options (tests and the CLI pass these). */
import { fileURLToPath } from 'node:url';
import { DEFAULT_ENVELOPE_KEYS, type EnvelopeKeys } from '@lockdesk/protocol';
import { type DbConfig, databaseConfigFromEnv } from './db/index.js';

export interface ServerConfig {
  /** Where the data lives; PGlite in `dataDir/pglite` unless DATABASE_URL names PostgreSQL. */
  database: DbConfig;
  /** The data folder (LOCKDESK_DATA_DIR): PGlite, uploaded files and the generated secret key live here. */
  dataDir: string;
  /**
   * The server's secret key, 64 hex (LOCKDESK_SECRET_KEY): it encrypts the hotels' card secrets at rest
   * (services/card-keys.ts). Null: `<dataDir>/secret.key` is used, generated on first start; an app built on an
   * in-memory database, or on a database handed to it (tests), gets a random key for its lifetime instead.
   * Replicas sharing one PostgreSQL must be given the same key.
   */
  secretKey: string | null;
  /**
   * Where uploaded files live (LOCKDESK_FILES): 'database' (services/storage.ts databaseStorage, shared by every
   * replica on the database) or 'disk' (`<dataDir>/files`). Default: 'database' on PostgreSQL, 'disk' on PGlite.
   */
  files: 'disk' | 'database';
  /** DES key and IV of the /manage envelope (LOCKDESK_DES_KEY / LOCKDESK_DES_IV). */
  envelopeKeys: EnvelopeKeys;
  /** The built console to serve; null serves a plain 'console not built' page. */
  webDist: string | null;
  /** Demo mode: seeds demo data on first start and enables dev/smsOutbox. */
  demo: boolean;
  /** Session lifetime. */
  sessionTtlMs: number;
  /** Calls per minute a session (or, before login, an IP) may make before answers turn to errno 9000020. */
  callsPerMinute: number;
  /**
   * Calls per minute one IP address may make to each public call (login, captcha, getBack/sendMsg,
   * getBack/reset, logout) before answers turn to errno 9000020: login attempts are rate-limited per address.
   */
  publicCallsPerMinute: number;
  /** Login: graphic code required after this many failures within `loginWindowMs` (account or client). */
  captchaAfterFailures: number;
  /** Login: refused with TOO_MANY_ATTEMPTS after this many failures within `loginWindowMs`. */
  lockoutAfterFailures: number;
  loginWindowMs: number;
  /** Days before service expiry at which login answers carry a warning. */
  serviceWarningDays: number;
  /** scrypt cost (N); tests lower it to keep runs fast. */
  scryptCost: number;
  /** The clock (tests fake it). */
  now: () => number;
  /** pino logger options or false. */
  logger: boolean | { level: string };
  /**
   * Fastify's trustProxy (LOCKDESK_TRUST_PROXY): false, true, a hop count, or the proxies' addresses/CIDRs. Only a
   * trusted proxy's X-Forwarded-For gives request.ip, and so the per-address limits and the operation log's address.
   */
  trustProxy: TrustProxy;
  /**
   * On SIGTERM/SIGINT, `start` answers /health 503 at once and keeps answering calls this long (so the proxy's
   * checks take the replica out) before it closes (LOCKDESK_SHUTDOWN_GRACE_MS).
   */
  shutdownGraceMs: number;
  /**
   * The broker the server manages (Mosquitto's dynamic-security plugin, services/broker-mirror.ts):
   * LOCKDESK_BROKER_ADMIN_URL (mqtt://, mqtts://, ws://, wss://), LOCKDESK_BROKER_ADMIN_USERNAME and
   * LOCKDESK_BROKER_ADMIN_PASSWORD (the account `mosquitto_ctrl dynsec init` made), all three or none. Null: no
   * broker is managed (brokers then ask POST /broker/auth).
   */
  brokerAdmin: BrokerAdmin | null;
  /** How often (ms) one replica sweeps dead broker credentials out of the managed broker (default 15 s). */
  brokerSweepMs: number;
}

/** The managed broker's admin connection. */
export interface BrokerAdmin {
  url: string;
  username: string;
  password: string;
}

/** What Fastify's trustProxy option accepts, as LOCKDESK_TRUST_PROXY can say it. */
export type TrustProxy = boolean | number | string[];

/**
 * The trustProxy option Fastify is given. A hop count becomes a trust function (trust the N nearest hops, as
 * Express does): Fastify 5 itself fails closed on a number, which would silently turn the hop count off. A hop
 * count trusts whatever stands that near, so use it only when the replicas are reachable through the proxy alone.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** A configuration value the server cannot start with; the message names the variable. */
export class ConfigError extends Error {}

/**
 * A whole number from the environment, at least `min`, else the default; a bad value is a ConfigError naming the
 * variable and what it must be.
 */
function integerEnv(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  what: string,
): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min)
    throw new ConfigError(`${name} must be ${what}, not '${env[name]}'`);
  return value;
}

/**
 * The envelope's key or IV from the environment, else the built-in one: 8 UTF-8 bytes (DES), or the start stops
 * here; a bad pair would otherwise seal nothing and every console call would fail.
 */
function envelopeKeyEnv(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (Buffer.byteLength(text, 'utf8') !== 8)
    throw new ConfigError(
      `${name} must be 8 bytes (e.g. 8 ASCII characters: openssl rand -hex 4), not ${Buffer.byteLength(text)}`,
    );
  return text;
}

/** LOCKDESK_FILES: disk or database; unset gives the engine's default. */
function filesFromEnv(env: NodeJS.ProcessEnv, fallback: 'disk' | 'database'): 'disk' | 'database' {
  const text = env['LOCKDESK_FILES']?.trim().toLowerCase();
  if (text === undefined || text === '') return fallback;
  if (text === 'disk' || text === 'database') return text;
  throw new ConfigError(`LOCKDESK_FILES must be disk or database, not '${env['LOCKDESK_FILES']}'`);
}

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;

/** One trusted address or CIDR: IPv4 or IPv6, with an optional /prefix. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address) && address.split('.').every((part) => Number(part) <= 255);
  const v6 = !v4 && address.includes(':') && /^[0-9a-fA-F:.]+$/.test(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

/** LOCKDESK_TRUST_PROXY: unset/false = off; true; a hop count; or a comma list of addresses/CIDRs. */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = text?.trim() ?? '';
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && Number.isSafeInteger(hops)) return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined)
    throw new ConfigError(
      `LOCKDESK_TRUST_PROXY must be false, true, a hop count (1 or more) or a comma list of addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8), not '${text}'`,
    );
  return entries;
}

/** LOCKDESK_BROKER_ADMIN_URL / _USERNAME / _PASSWORD: all three, or none. */
export function brokerAdminFromEnv(env: NodeJS.ProcessEnv): BrokerAdmin | null {
  const url = env['LOCKDESK_BROKER_ADMIN_URL']?.trim() ?? '';
  const username = env['LOCKDESK_BROKER_ADMIN_USERNAME']?.trim() ?? '';
  const password = env['LOCKDESK_BROKER_ADMIN_PASSWORD'] ?? '';
  if (url === '' && username === '' && password === '') return null;
  if (url === '' || username === '' || password === '')
    throw new ConfigError(
      'LOCKDESK_BROKER_ADMIN_URL, LOCKDESK_BROKER_ADMIN_USERNAME and LOCKDESK_BROKER_ADMIN_PASSWORD go together: set all three (the dynamic-security admin of the broker) or none',
    );
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    // reported below
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(protocol))
    throw new ConfigError(
      `LOCKDESK_BROKER_ADMIN_URL must be an mqtt://, mqtts://, ws:// or wss:// URL, not '${url}'`,
    );
  return { url, username, password };
}

/** The console built by web/ (../web/dist relative to this package), unless LOCKDESK_WEB_DIST says otherwise. */
export function defaultWebDist(env: NodeJS.ProcessEnv = process.env): string {
  return env['LOCKDESK_WEB_DIST'] ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** The data folder: LOCKDESK_DATA_DIR or `.data/server` in the working directory. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env['LOCKDESK_DATA_DIR'] ?? '.data/server';
}

/** The full config with defaults filled from the environment; throws ConfigError on a bad environment value. */
export function resolveConfig(
  options: Partial<ServerConfig> & { dataDir?: string } = {},
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig {
  const dataDir = options.dataDir ?? defaultDataDir(env);
  const database = options.database ?? databaseConfigFromEnv(`${dataDir}/pglite`, env);
  return {
    database,
    dataDir,
    files: options.files ?? filesFromEnv(env, database.kind === 'postgres' ? 'database' : 'disk'),
    secretKey: options.secretKey ?? env['LOCKDESK_SECRET_KEY'] ?? null,
    envelopeKeys: options.envelopeKeys ?? {
      key: envelopeKeyEnv(env, 'LOCKDESK_DES_KEY', DEFAULT_ENVELOPE_KEYS.key),
      iv: envelopeKeyEnv(env, 'LOCKDESK_DES_IV', DEFAULT_ENVELOPE_KEYS.iv),
    },
    webDist: options.webDist === undefined ? defaultWebDist(env) : options.webDist,
    demo: options.demo ?? false,
    sessionTtlMs: options.sessionTtlMs ?? 7 * 24 * 3600_000,
    callsPerMinute:
      options.callsPerMinute ?? integerEnv(env, 'LOCKDESK_CALLS_PER_MINUTE', 600, 1, 'a positive integer'),
    publicCallsPerMinute:
      options.publicCallsPerMinute ??
      integerEnv(env, 'LOCKDESK_PUBLIC_CALLS_PER_MINUTE', 30, 1, 'a positive integer'),
    captchaAfterFailures: options.captchaAfterFailures ?? 3,
    lockoutAfterFailures: options.lockoutAfterFailures ?? 10,
    loginWindowMs: options.loginWindowMs ?? 15 * 60_000,
    serviceWarningDays: options.serviceWarningDays ?? 30,
    scryptCost: options.scryptCost ?? 2 ** 15,
    now: options.now ?? Date.now,
    logger: options.logger ?? { level: env['LOG_LEVEL'] ?? 'info' },
    trustProxy: options.trustProxy ?? parseTrustProxy(env['LOCKDESK_TRUST_PROXY']),
    shutdownGraceMs:
      options.shutdownGraceMs ??
      integerEnv(env, 'LOCKDESK_SHUTDOWN_GRACE_MS', 2000, 0, 'a whole number of milliseconds (0 or more)'),
    brokerAdmin: options.brokerAdmin === undefined ? brokerAdminFromEnv(env) : options.brokerAdmin,
    brokerSweepMs:
      options.brokerSweepMs ??
      integerEnv(
        env,
        'LOCKDESK_BROKER_SWEEP_MS',
        15_000,
        1000,
        'a whole number of milliseconds (1000 or more)',
      ),
  };
}
