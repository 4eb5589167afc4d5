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
}

/** The console built by web/ (../web/dist relative to this package), unless LOCKDESK_WEB_DIST says otherwise. */
export function defaultWebDist(env: NodeJS.ProcessEnv = process.env): string {
  return env['LOCKDESK_WEB_DIST'] ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** The data folder: LOCKDESK_DATA_DIR or `.data/server` in the working directory. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env['LOCKDESK_DATA_DIR'] ?? '.data/server';
}

/** The full config with defaults filled from the environment. */
export function resolveConfig(
  options: Partial<ServerConfig> & { dataDir?: string } = {},
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig {
  const dataDir = options.dataDir ?? defaultDataDir(env);
  return {
    database: options.database ?? databaseConfigFromEnv(`${dataDir}/pglite`, env),
    dataDir,
    secretKey: options.secretKey ?? env['LOCKDESK_SECRET_KEY'] ?? null,
    envelopeKeys: options.envelopeKeys ?? {
      key: env['LOCKDESK_DES_KEY'] ?? DEFAULT_ENVELOPE_KEYS.key,
      iv: env['LOCKDESK_DES_IV'] ?? DEFAULT_ENVELOPE_KEYS.iv,
    },
    webDist: options.webDist === undefined ? defaultWebDist(env) : options.webDist,
    demo: options.demo ?? false,
    sessionTtlMs: options.sessionTtlMs ?? 7 * 24 * 3600_000,
    callsPerMinute: options.callsPerMinute ?? 600,
    publicCallsPerMinute: options.publicCallsPerMinute ?? 30,
    captchaAfterFailures: options.captchaAfterFailures ?? 3,
    lockoutAfterFailures: options.lockoutAfterFailures ?? 10,
    loginWindowMs: options.loginWindowMs ?? 15 * 60_000,
    serviceWarningDays: options.serviceWarningDays ?? 30,
    scryptCost: options.scryptCost ?? 2 ** 15,
    now: options.now ?? Date.now,
    logger: options.logger ?? { level: env['LOG_LEVEL'] ?? 'info' },
  };
}
