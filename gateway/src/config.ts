import { readFileSync } from 'node:fs';
import { BROKER, ENCODER_USB, LOCAL_SERVICES } from '@lockdesk/protocol';

/** The daemon's whole configuration, after defaults, the config file, the environment and the flags. */
export interface GatewayConfig {
  /** `hid` drives the USB encoder; `simulated` runs the simulated encoder. */
  transport: 'hid' | 'simulated';
  /** Every service listens here; only loopback addresses are accepted. */
  host: string;
  readerPort: number;
  rawPort: number;
  websocketPort: number;
  /** The simulated encoder's control service (only with the simulated transport). */
  simulatorPort: number;
  hid: { vendorId: number; productId: number; path: string | null };
  /** Devices the raw service may open (`/open {vid, pid}`). */
  allowedDevices: Array<{ vendorId: number; productId: number }>;
  /** Browser origins allowed to call the local services (CORS and Private Network Access). */
  allowedOrigins: string[];
  bodyLimitBytes: number;
  /** The remote reader's id on the broker (12 hex); the bridge runs when it and a broker URL are known. */
  deviceId: string | null;
  /**
   * The LockDesk server's origin: the embedded broker asks its `POST /broker/auth` about every client but the
   * gateway's own bridge (none is admitted when null), and the virtual locks sync with it (contract F).
   */
  serverUrl: string | null;
  broker: { url: string | null; username: string | null; password: string | null };
  embeddedBroker: {
    enabled: boolean;
    tcpPort: number;
    wsPort: number;
    tlsPort: number;
    certFile: string | null;
    keyFile: string | null;
    /** How often the credential of a connected client is checked again with the server (seconds). */
    recheckSeconds: number;
  };
  simulator: {
    latencyMs: number;
    deviceMac: string;
    /** The installer's sheet of virtual locks (contract D), re-read when it changes. */
    locksSheet: string | null;
    /** Where virtual locks keep what they learned and their buffered records; memory only when null. */
    lockStateFile: string | null;
  };
  /** How often the card watcher asks the encoder for a card while WebSocket clients listen; 0 turns it off. */
  cardWatchIntervalMs: number;
  log: {
    level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
    file: string | null;
    rotateFrequency: 'daily' | 'hourly';
    rotateSize: string;
    keepFiles: number;
  };
}

/** A configuration given in part (a config file, or `startGateway` in tests); the rest comes from the defaults. */
export type GatewayConfigInput = {
  [K in keyof GatewayConfig]?: GatewayConfig[K] extends Array<unknown> | string | number | boolean | null
    ? GatewayConfig[K]
    : Partial<GatewayConfig[K]>;
};

/** The simulated encoder's device address; also its broker device id when none is configured. */
export const SIMULATED_DEVICE_MAC = '041780200001';

/** The defaults of spec §7 and §9 and of the workspace's fixed ports. */
export function defaultConfig(): GatewayConfig {
  return {
    transport: 'hid',
    host: LOCAL_SERVICES.host,
    readerPort: LOCAL_SERVICES.readerPort,
    rawPort: LOCAL_SERVICES.rawPort,
    websocketPort: LOCAL_SERVICES.websocketPort,
    simulatorPort: 13572,
    hid: { vendorId: ENCODER_USB.vendorId, productId: ENCODER_USB.productId, path: null },
    allowedDevices: [{ vendorId: ENCODER_USB.vendorId, productId: ENCODER_USB.productId }],
    allowedOrigins: [
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://127.0.0.1:5173',
      'http://localhost:5173',
    ],
    bodyLimitBytes: 64 * 1024,
    deviceId: null,
    serverUrl: 'http://127.0.0.1:8080',
    broker: { url: null, username: null, password: null },
    embeddedBroker: {
      enabled: false,
      tcpPort: 11883,
      wsPort: 8083,
      tlsPort: BROKER.tlsPort,
      certFile: null,
      keyFile: null,
      recheckSeconds: 30,
    },
    simulator: {
      latencyMs: 0,
      deviceMac: SIMULATED_DEVICE_MAC,
      locksSheet: null,
      lockStateFile: null,
    },
    cardWatchIntervalMs: 500,
    log: { level: 'info', file: null, rotateFrequency: 'daily', rotateSize: '10m', keepFiles: 14 },
  };
}

type Kind =
  | 'port'
  | 'int'
  | 'seconds'
  | 'bool'
  | 'string'
  | 'nullableString'
  | 'hex12'
  | 'origins'
  | 'devices'
  | 'transport'
  | 'level'
  | 'frequency'
  | 'host'
  | 'brokerUrl'
  | 'httpUrl'
  | 'size';

interface Field {
  /** Dotted path in GatewayConfig. */
  path: string;
  env: string;
  kind: Kind;
}

/** One row per setting: where it lives, its environment variable, and how it is checked. */
export const CONFIG_FIELDS: readonly Field[] = [
  { path: 'transport', env: 'LOCKDESK_GW_TRANSPORT', kind: 'transport' },
  { path: 'host', env: 'LOCKDESK_GW_HOST', kind: 'host' },
  { path: 'readerPort', env: 'LOCKDESK_GW_READER_PORT', kind: 'port' },
  { path: 'rawPort', env: 'LOCKDESK_GW_RAW_PORT', kind: 'port' },
  { path: 'websocketPort', env: 'LOCKDESK_GW_WEBSOCKET_PORT', kind: 'port' },
  { path: 'simulatorPort', env: 'LOCKDESK_GW_SIMULATOR_PORT', kind: 'port' },
  { path: 'hid.vendorId', env: 'LOCKDESK_GW_HID_VENDOR_ID', kind: 'int' },
  { path: 'hid.productId', env: 'LOCKDESK_GW_HID_PRODUCT_ID', kind: 'int' },
  { path: 'hid.path', env: 'LOCKDESK_GW_HID_PATH', kind: 'nullableString' },
  { path: 'allowedDevices', env: 'LOCKDESK_GW_ALLOWED_DEVICES', kind: 'devices' },
  { path: 'allowedOrigins', env: 'LOCKDESK_GW_ALLOWED_ORIGINS', kind: 'origins' },
  { path: 'bodyLimitBytes', env: 'LOCKDESK_GW_BODY_LIMIT', kind: 'size' },
  { path: 'deviceId', env: 'LOCKDESK_GW_DEVICE_ID', kind: 'hex12' },
  { path: 'serverUrl', env: 'LOCKDESK_GW_SERVER_URL', kind: 'httpUrl' },
  { path: 'broker.url', env: 'LOCKDESK_GW_BROKER_URL', kind: 'brokerUrl' },
  { path: 'broker.username', env: 'LOCKDESK_GW_BROKER_USERNAME', kind: 'nullableString' },
  { path: 'broker.password', env: 'LOCKDESK_GW_BROKER_PASSWORD', kind: 'nullableString' },
  { path: 'embeddedBroker.enabled', env: 'LOCKDESK_GW_EMBEDDED_BROKER', kind: 'bool' },
  { path: 'embeddedBroker.tcpPort', env: 'LOCKDESK_GW_BROKER_TCP_PORT', kind: 'port' },
  { path: 'embeddedBroker.wsPort', env: 'LOCKDESK_GW_BROKER_WS_PORT', kind: 'port' },
  { path: 'embeddedBroker.tlsPort', env: 'LOCKDESK_GW_BROKER_TLS_PORT', kind: 'port' },
  { path: 'embeddedBroker.certFile', env: 'LOCKDESK_GW_BROKER_TLS_CERT', kind: 'nullableString' },
  { path: 'embeddedBroker.keyFile', env: 'LOCKDESK_GW_BROKER_TLS_KEY', kind: 'nullableString' },
  { path: 'embeddedBroker.recheckSeconds', env: 'LOCKDESK_GW_BROKER_RECHECK_SECONDS', kind: 'seconds' },
  { path: 'simulator.latencyMs', env: 'LOCKDESK_GW_SIM_LATENCY_MS', kind: 'int' },
  { path: 'simulator.deviceMac', env: 'LOCKDESK_GW_SIM_DEVICE_MAC', kind: 'hex12' },
  { path: 'simulator.locksSheet', env: 'LOCKDESK_GW_SIM_LOCKS', kind: 'nullableString' },
  { path: 'simulator.lockStateFile', env: 'LOCKDESK_GW_SIM_LOCK_STATE', kind: 'nullableString' },
  { path: 'cardWatchIntervalMs', env: 'LOCKDESK_GW_CARD_WATCH_MS', kind: 'int' },
  { path: 'log.level', env: 'LOCKDESK_GW_LOG_LEVEL', kind: 'level' },
  { path: 'log.file', env: 'LOCKDESK_GW_LOG_FILE', kind: 'nullableString' },
  { path: 'log.rotateFrequency', env: 'LOCKDESK_GW_LOG_ROTATE', kind: 'frequency' },
  { path: 'log.rotateSize', env: 'LOCKDESK_GW_LOG_ROTATE_SIZE', kind: 'string' },
  { path: 'log.keepFiles', env: 'LOCKDESK_GW_LOG_KEEP', kind: 'int' },
];

/** A configuration that cannot be used; its message names the setting, its source and what is expected. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const LOOPBACK_HOSTS = ['127.0.0.1', '::1'];

type Checked = { ok: true; value: unknown } | { ok: false; expected: string };

/** Checks one value of a kind; strings (from the environment) are converted, other sources must have the type. */
function check(kind: Kind, raw: unknown): Checked {
  const bad = (expected: string): Checked => ({ ok: false, expected });
  const text = typeof raw === 'string' ? raw.trim() : undefined;
  switch (kind) {
    case 'port':
    case 'int':
    case 'seconds':
    case 'size': {
      const n = text !== undefined && /^\d+$/.test(text) ? Number(text) : raw;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return bad('a whole number');
      if (kind === 'port' && n > 65_535) return bad('a port number from 0 to 65535');
      if (kind === 'size' && n < 1024) return bad('a byte count of at least 1024');
      if (kind === 'seconds' && (n < 1 || n > 86_400)) return bad('a number of seconds from 1 to 86400');
      return { ok: true, value: n };
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (text !== undefined && /^(1|true|yes|on)$/i.test(text)) return { ok: true, value: true };
      if (text !== undefined && /^(0|false|no|off)$/i.test(text)) return { ok: true, value: false };
      return bad('true or false');
    }
    case 'string':
      return text ? { ok: true, value: text } : bad('a non-empty text');
    case 'nullableString':
      if (raw === null || text === '') return { ok: true, value: null };
      return text !== undefined ? { ok: true, value: text } : bad('a text or null');
    case 'hex12':
      if (raw === null || text === '') return { ok: true, value: null };
      return text !== undefined && /^[0-9a-fA-F]{12}$/.test(text)
        ? { ok: true, value: text.toUpperCase() }
        : bad('12 hex characters (invalid device ID format)');
    case 'host':
      return text !== undefined && LOOPBACK_HOSTS.includes(text)
        ? { ok: true, value: text }
        : bad(
            `a loopback address (${LOOPBACK_HOSTS.join(' or ')}); the local services never listen beyond this PC`,
          );
    case 'transport':
      return text === 'hid' || text === 'simulated' ? { ok: true, value: text } : bad('"hid" or "simulated"');
    case 'level':
      return text !== undefined && LOG_LEVELS.includes(text)
        ? { ok: true, value: text }
        : bad(`one of ${LOG_LEVELS.join(', ')}`);
    case 'frequency':
      return text === 'daily' || text === 'hourly' ? { ok: true, value: text } : bad('"daily" or "hourly"');
    case 'brokerUrl': {
      if (raw === null || text === '') return { ok: true, value: null };
      if (text === undefined) return bad('a broker URL');
      try {
        const url = new URL(text);
        if (!['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:', 'ssl:'].includes(url.protocol)) {
          return bad('a URL starting with mqtt://, mqtts://, ws:// or wss://');
        }
        return { ok: true, value: text };
      } catch {
        return bad('a URL such as mqtt://127.0.0.1:1883 or wss://broker.example.com:8084/mqtt');
      }
    }
    case 'httpUrl': {
      if (raw === null || text === '') return { ok: true, value: null };
      if (text === undefined) return bad('an http(s) URL');
      try {
        const url = new URL(text);
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
          return bad('a URL starting with http:// or https://');
        return { ok: true, value: url.origin };
      } catch {
        return bad('a URL such as http://127.0.0.1:8080');
      }
    }
    case 'origins': {
      const list = text !== undefined ? text.split(',').map((s) => s.trim()) : raw;
      if (!Array.isArray(list)) return bad('a list of origins');
      const origins: string[] = [];
      for (const item of list) {
        if (typeof item !== 'string') return bad('a list of origins');
        if (item === '') continue;
        try {
          const url = new URL(item);
          if (url.origin !== item.replace(/\/$/, ''))
            return bad(`origins like http://host:port (got "${item}")`);
          origins.push(url.origin);
        } catch {
          return bad(`origins like http://host:port (got "${item}")`);
        }
      }
      return { ok: true, value: origins };
    }
    case 'devices': {
      const list =
        text !== undefined
          ? text
              .split(',')
              .filter((s) => s.trim())
              .map((pair) => {
                const [v, p] = pair.split(':').map((s) => s.trim());
                return { vendorId: Number(v), productId: Number(p) };
              })
          : raw;
      if (!Array.isArray(list)) return bad('a list of {vendorId, productId}');
      for (const item of list) {
        const d = item as { vendorId?: unknown; productId?: unknown };
        if (!Number.isInteger(d?.vendorId) || !Number.isInteger(d?.productId)) {
          return bad('a list of vendorId:productId pairs such as 1047:32800');
        }
      }
      return { ok: true, value: list };
    }
  }
}

function getPath(target: Record<string, unknown>, path: string): unknown {
  let node: unknown = target;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1] as string] = value;
}

/** Lists the dotted keys of a partial configuration that no setting knows, so a typo stops the start. */
function unknownKeys(input: Record<string, unknown>, prefix = ''): string[] {
  const known = new Set(CONFIG_FIELDS.map((f) => f.path));
  const groups = new Set(CONFIG_FIELDS.filter((f) => f.path.includes('.')).map((f) => f.path.split('.')[0]));
  const found: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    const path = prefix + key;
    if (known.has(path)) continue;
    if (!prefix && groups.has(key) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      found.push(...unknownKeys(value as Record<string, unknown>, `${key}.`));
    } else {
      found.push(path);
    }
  }
  return found;
}

/** Where the values come from, lowest priority first. */
export interface ConfigSources {
  /** A partial configuration: the parsed config file, or a test's settings. */
  file?: Record<string, unknown> | undefined;
  fileName?: string | undefined;
  env?: Record<string, string | undefined>;
  /** Values from command-line flags, by dotted path. */
  flags?: Record<string, unknown>;
}

/** Builds and checks the configuration; throws a `ConfigError` with one clear message on the first bad value. */
export function resolveConfig(sources: ConfigSources = {}): GatewayConfig {
  const config = defaultConfig() as unknown as Record<string, unknown>;
  const fileLabel = sources.fileName ? `config file ${sources.fileName}` : 'configuration';
  if (sources.file) {
    const unknown = unknownKeys(sources.file);
    if (unknown.length > 0) {
      throw new ConfigError(`Unknown setting "${unknown[0]}" in the ${fileLabel}`);
    }
  }
  for (const field of CONFIG_FIELDS) {
    const layers: Array<[unknown, string]> = [
      [sources.file ? getPath(sources.file, field.path) : undefined, `"${field.path}" in the ${fileLabel}`],
      [sources.env?.[field.env], `environment variable ${field.env}`],
      [sources.flags?.[field.path], `command-line flag for ${field.path}`],
    ];
    for (const [raw, source] of layers) {
      if (raw === undefined) continue;
      const checked = check(field.kind, raw);
      if (!checked.ok) {
        throw new ConfigError(`Invalid ${source}: expected ${checked.expected}, got ${JSON.stringify(raw)}`);
      }
      setPath(config, field.path, checked.value);
    }
  }
  const result = config as unknown as GatewayConfig;
  const tls = result.embeddedBroker;
  if ((tls.certFile === null) !== (tls.keyFile === null)) {
    throw new ConfigError(
      'Invalid embedded broker TLS settings: certFile and keyFile must be given together',
    );
  }
  return result;
}

/** Reads a JSON config file; a missing or unreadable file is a `ConfigError`. */
export function readConfigFile(fileName: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(fileName, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read config file ${fileName}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Config file ${fileName} is not valid JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError(`Config file ${fileName} must hold one JSON object`);
  }
  return parsed as Record<string, unknown>;
}

/** The broker the bridge connects to: the configured URL, else the embedded broker when it runs. */
export function bridgeBrokerUrl(config: GatewayConfig, embeddedTcpPort?: number): string | null {
  if (config.broker.url) return config.broker.url;
  if (config.embeddedBroker.enabled && embeddedTcpPort !== undefined) {
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    return `mqtt://${host}:${embeddedTcpPort}`;
  }
  return null;
}

/** The bridge's device id: the configured one, else the simulated encoder's address when simulating. */
export function bridgeDeviceId(config: GatewayConfig): string | null {
  if (config.deviceId) return config.deviceId;
  return config.transport === 'simulated' ? config.simulator.deviceMac : null;
}
