#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, readConfigFile, resolveConfig } from './config.js';
import type { RunningGateway } from './gateway.js';
import { FAULT_KINDS } from './simulator/encoder.js';
import { GATEWAY_VERSION } from './version.js';

// The daemon's modules (Fastify, MQTT, pino) load only when the daemon or the service command runs: a `sim`
// command is a short client, and the decision-table replay spawns it once per row.

const USAGE = `LockDesk reader gateway ${GATEWAY_VERSION}

Usage:
  lockdesk-gateway [options]                 run the daemon
  lockdesk-gateway install-service [options] install the Windows service (WinSW)
  lockdesk-gateway uninstall-service         remove the Windows service
  lockdesk-gateway sim <command> [options]   control a running simulated encoder

Daemon options:
  --simulate               use the simulated encoder instead of the USB one
  --config <file>          JSON config file (also LOCKDESK_GW_CONFIG)
  --embedded-broker        run the embedded MQTT broker (127.0.0.1:11883, ws://127.0.0.1:8083/mqtt)
  --device-id <12 hex>     remote reader id on the broker
  --broker-url <url>       MQTT broker of the remote reader bridge
  --reader-port, --raw-port, --websocket-port, --simulator-port <port>
  --log-level <level>      fatal, error, warn, info, debug, trace, silent
  --log-file <file>        also log to this rotating file
  Every setting also reads LOCKDESK_GW_* environment variables (see README.md).

Service options:
  --service-dir <dir>      where lockdesk-gateway.exe/.xml go (default: <gateway>/service)
  --log-dir <dir>          service logs (default: <gateway>/logs)
  --winsw <exe>            WinSW-x64.exe to use as the service wrapper
  --dry-run                print what would be done

Simulator commands (talk to the control service, default http://127.0.0.1:13572):
  sim state
  sim place-card --blank [--uid <hex>] [--size 1K|4K]
  sim place-card --dump <file> [--format bin|eml|json|mct]
  sim place-card --guest '<json card content>' [--uid <hex>]
  sim remove-card
  sim finger [--quality 0-100]                 press a finger on the sensor (one enrolment step)
  sim fault <${FAULT_KINDS.join('|')}> [--count n] [--delay ms] [--command name]
  sim clear-faults | sim unplug | sim replug | sim latency <ms>
  sim dump [--format mct|eml|json|bin]
  --control-url <url>      another control service address

Virtual lock commands (SIMULATED locks beside the simulated encoder):
  sim locks                                      list the installed virtual locks
  sim install-lock --mac <mac> --secret <lds_…> [--server <url>]
  sim install-lock --mac <mac> --config '<LockConfig JSON>'   offline bench lock (no server, never syncs)
  sim tap-lock --mac <mac> [--password <6 digits> | --face <face_id> | --finger <finger_id>] [--at <seconds>]
                                                 hold the encoder's card (or a PIN, face, finger) to the lock;
                                                 prints {"decision":"open"|"deny","reason":"…"}
  sim lock-sync --mac <mac> [--operator <name>]  a Bluetooth unlock: sync, then upload the records
  sim lock-fault --mac <mac> <drop-upload-reply|stop-before-finish> [--count n]
  sim lock-battery --mac <mac> --percent <n>     the lock's battery (0-100 %), reported at its next sync
  sim lock-firmware --mac <mac> --version <v>    the firmware it runs (2.4.0), reported at its next sync
  sim uninstall-lock --mac <mac>
`;

const gatewayRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string, exitCode = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(exitCode);
}

async function main(argv: string[]): Promise<void> {
  const [first] = argv;
  if (first === 'sim') return simCommand(argv.slice(1));
  if (first === 'install-service' || first === 'uninstall-service')
    return serviceCommand(first, argv.slice(1));
  if (first === 'run') return runDaemon(argv.slice(1));
  return runDaemon(argv);
}

async function runDaemon(argv: string[]): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      options: {
        simulate: { type: 'boolean' },
        config: { type: 'string' },
        'embedded-broker': { type: 'boolean' },
        'device-id': { type: 'string' },
        'broker-url': { type: 'string' },
        'reader-port': { type: 'string' },
        'raw-port': { type: 'string' },
        'websocket-port': { type: 'string' },
        'simulator-port': { type: 'string' },
        'log-level': { type: 'string' },
        'log-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values['help']) {
    process.stdout.write(USAGE);
    return;
  }
  if (values['version']) {
    process.stdout.write(`${GATEWAY_VERSION}\n`);
    return;
  }
  const flags: Record<string, unknown> = {};
  const set = (flag: string, path: string) => {
    if (values[flag] !== undefined) flags[path] = values[flag];
  };
  if (values['simulate']) flags['transport'] = 'simulated';
  if (values['embedded-broker']) flags['embeddedBroker.enabled'] = true;
  set('device-id', 'deviceId');
  set('broker-url', 'broker.url');
  set('reader-port', 'readerPort');
  set('raw-port', 'rawPort');
  set('websocket-port', 'websocketPort');
  set('simulator-port', 'simulatorPort');
  set('log-level', 'log.level');
  set('log-file', 'log.file');
  if (process.env['LOCKDESK_GW_SIMULATE'] && /^(1|true|yes|on)$/i.test(process.env['LOCKDESK_GW_SIMULATE'])) {
    flags['transport'] ??= 'simulated';
  }

  let config: ReturnType<typeof resolveConfig>;
  try {
    const fileName = (values['config'] as string | undefined) ?? process.env['LOCKDESK_GW_CONFIG'];
    const file = fileName ? readConfigFile(fileName) : undefined;
    config = resolveConfig({ file, fileName, env: process.env, flags });
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }

  const { createLogger } = await import('./log.js');
  const { startGateway } = await import('./gateway.js');
  const logger = createLogger(config.log);
  // Signal handlers go in before anything starts: a stop asked for during start-up waits for it, then stops.
  let starting: Promise<RunningGateway | undefined> = Promise.resolve(undefined);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 8_000);
    force.unref();
    starting
      .then((running) => running?.close())
      .then(() => {
        // The file log goes through a worker thread: let it write the last lines before leaving.
        logger.flush(() => process.exit(0));
        setTimeout(() => process.exit(0), 1_000).unref();
      })
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  process.on('uncaughtException', (error) => {
    // State is unknown after an uncaught exception: stop, and let the service manager start a fresh daemon.
    logger.fatal({ err: error }, 'uncaught exception, exiting');
    process.exit(1);
  });

  let gateway: RunningGateway;
  try {
    const start = startGateway(config, { logger });
    starting = start.catch(() => undefined);
    gateway = await start;
  } catch (error) {
    const err = error as NodeJS.ErrnoException & { port?: number };
    if (err.code === 'EADDRINUSE') {
      fail(`Cannot start: ${err.message}. Another gateway may be running; stop it or choose other ports.`, 1);
    }
    fail(`Cannot start: ${err.message}`, 1);
  }
  if (!stopping) printEndpoints(gateway);
}

function printEndpoints(gateway: RunningGateway): void {
  const { addresses: a, config } = gateway;
  const lines = [
    `LockDesk gateway ${GATEWAY_VERSION} — ${config.transport === 'simulated' ? 'SIMULATED encoder' : `USB encoder ${config.hid.vendorId}/${config.hid.productId}`}`,
    `  reader service   ${a.reader}/reader   (GET ${a.reader}/health)`,
    `  raw service      ${a.raw}/open, ${a.raw}/write`,
    `  websocket        ${a.websocket}`,
  ];
  if (a.simulator)
    lines.push(`  simulator        ${a.simulator}   (control page; lockdesk-gateway sim --help)`);
  if (a.broker) {
    lines.push(
      `  MQTT broker      ${a.broker.tcpUrl}, ${a.broker.wsUrl}${a.broker.wssUrl ? `, ${a.broker.wssUrl}` : ''}`,
    );
  }
  if (a.bridge) {
    lines.push(
      `  remote reader    device ${a.bridge.deviceId} via ${a.bridge.url}: ${a.bridge.topics.send} → ${a.bridge.topics.receive}`,
    );
  } else {
    const reason = (gateway.health().broker as { reason?: string }).reason;
    if (reason) lines.push(`  remote reader    off: ${reason}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function serviceCommand(
  command: 'install-service' | 'uninstall-service',
  argv: string[],
): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      config: { type: 'string' },
      'service-dir': { type: 'string' },
      'log-dir': { type: 'string' },
      winsw: { type: 'string' },
      'dry-run': { type: 'boolean' },
      simulate: { type: 'boolean' },
      'embedded-broker': { type: 'boolean' },
    },
  });
  const serviceDir = values['service-dir'] ?? join(gatewayRoot, 'service');
  const { installService, uninstallService } = await import('./winsvc/winsw.js');
  try {
    if (command === 'uninstall-service') {
      uninstallService({ serviceDir, dryRun: values['dry-run'] ?? false });
      return;
    }
    const configFile = values.config ? resolve(values.config) : undefined;
    if (configFile) readConfigFile(configFile);
    installService({
      nodePath: process.execPath,
      cliPath: join(gatewayRoot, 'dist', 'cli.js'),
      configFile,
      logDir: values['log-dir'] ?? join(gatewayRoot, 'logs'),
      serviceDir,
      winswExe: values.winsw,
      dryRun: values['dry-run'] ?? false,
      extraArgs: [
        ...(values.simulate ? ['--simulate'] : []),
        ...(values['embedded-broker'] ? ['--embedded-broker'] : []),
      ],
    });
  } catch (error) {
    fail((error as Error).message, 1);
  }
}

async function simCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      'control-url': { type: 'string' },
      blank: { type: 'boolean' },
      uid: { type: 'string' },
      size: { type: 'string' },
      dump: { type: 'string' },
      format: { type: 'string' },
      guest: { type: 'string' },
      count: { type: 'string' },
      delay: { type: 'string' },
      command: { type: 'string' },
      quality: { type: 'string' },
      mac: { type: 'string' },
      secret: { type: 'string' },
      server: { type: 'string' },
      config: { type: 'string' },
      password: { type: 'string' },
      face: { type: 'string' },
      finger: { type: 'string' },
      at: { type: 'string' },
      operator: { type: 'string' },
      percent: { type: 'string' },
      version: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, argument] = positionals;
  if (values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  const base =
    values['control-url'] ??
    `http://127.0.0.1:${process.env['LOCKDESK_GW_SIMULATOR_PORT'] ?? resolveConfig().simulatorPort}`;
  const request = async (method: string, path: string, body?: unknown): Promise<void> => {
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
    } catch (error) {
      fail(
        `No simulated encoder answers at ${base} (${(error as Error).message}). Start the gateway with --simulate.`,
        1,
      );
    }
    const text = await response.text();
    process.stdout.write(`${text}\n`);
    let ok = response.ok;
    try {
      ok = ok && (JSON.parse(text) as { ok?: boolean }).ok !== false;
    } catch {
      // A dump is plain text.
    }
    if (!ok) process.exit(1);
  };
  // A dump is the file itself: its bytes go to stdout untouched (no newline added, a binary image not decoded as
  // text), so `sim dump --format eml > card.eml` gives back the file that was placed.
  const dump = async (format: string): Promise<void> => {
    let response: Response;
    try {
      response = await fetch(new URL(`/card/dump?format=${encodeURIComponent(format)}`, base));
    } catch (error) {
      fail(
        `No simulated encoder answers at ${base} (${(error as Error).message}). Start the gateway with --simulate.`,
        1,
      );
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!response.ok) {
      process.stdout.write(`${bytes.toString('utf8')}\n`);
      process.exit(1);
    }
    await new Promise<void>((resolve, reject) =>
      process.stdout.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  };
  const number = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) fail(`${name} must be a whole number`);
    return Number(value);
  };
  switch (command) {
    case 'state':
      return request('GET', '/state');
    case 'place-card': {
      if (values.dump) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(values.dump);
        } catch (error) {
          fail(`Cannot read ${values.dump}: ${(error as Error).message}`);
        }
        return request('POST', '/card', {
          dump: bytes.toString('base64'),
          encoding: 'base64',
          ...(values.format ? { format: values.format } : {}),
          ...(values.size ? { size: values.size } : {}),
        });
      }
      if (values.guest) {
        let guest: unknown;
        try {
          guest = JSON.parse(values.guest);
        } catch {
          fail('--guest takes the card content as JSON');
        }
        return request('POST', '/card', { guest, ...(values.uid ? { uid: values.uid } : {}) });
      }
      if (!values.blank) fail('place-card needs --blank, --dump <file> or --guest <json>');
      return request('POST', '/card', {
        blank: true,
        ...(values.uid ? { uid: values.uid } : {}),
        ...(values.size ? { size: values.size } : {}),
      });
    }
    case 'remove-card':
      return request('DELETE', '/card');
    case 'finger': {
      const quality = number(values.quality, '--quality');
      return request('POST', '/sim/finger', quality === undefined ? {} : { quality });
    }
    case 'fault': {
      if (!argument) fail(`fault needs a kind: ${FAULT_KINDS.join(', ')}`);
      const count = number(values.count, '--count');
      const delayMs = number(values.delay, '--delay');
      return request('POST', '/fault', {
        kind: argument,
        ...(count !== undefined ? { count } : {}),
        ...(delayMs !== undefined ? { delayMs } : {}),
        ...(values.command ? { command: values.command } : {}),
      });
    }
    case 'clear-faults':
      return request('DELETE', '/fault');
    case 'unplug':
      return request('POST', '/unplug');
    case 'replug':
      return request('POST', '/replug');
    case 'latency':
      return request('POST', '/latency', {
        ms: number(argument, 'latency') ?? fail('latency needs milliseconds'),
      });
    case 'dump':
      return dump(values.format ?? 'mct');
    case 'locks':
      return request('GET', '/locks');
    case 'install-lock': {
      const mac = values.mac ?? fail('install-lock needs --mac <mac_id>');
      if (values.config !== undefined) {
        let config: unknown;
        try {
          config = JSON.parse(values.config);
        } catch {
          fail('--config takes the LockConfig as JSON');
        }
        return request('POST', '/locks/install', { mac_id: mac, config });
      }
      if (!values.secret) fail('install-lock needs --secret <lds_…> (or --config for an offline bench lock)');
      return request('POST', '/locks/install', {
        mac_id: mac,
        secret: values.secret,
        ...(values.server ? { server: values.server } : {}),
      });
    }
    case 'uninstall-lock':
      return request(
        'DELETE',
        `/locks/${encodeURIComponent(values.mac ?? fail('uninstall-lock needs --mac'))}`,
      );
    case 'lock-fault': {
      const mac = values.mac ?? fail('lock-fault needs --mac <mac_id>');
      if (!argument) fail('lock-fault needs a kind: drop-upload-reply or stop-before-finish');
      const count = number(values.count, '--count');
      return request('POST', `/locks/${encodeURIComponent(mac)}/fault`, {
        kind: argument,
        ...(count !== undefined ? { count } : {}),
      });
    }
    case 'lock-battery': {
      const mac = values.mac ?? fail('lock-battery needs --mac <mac_id>');
      const percent = number(values.percent, '--percent') ?? fail('lock-battery needs --percent <0-100>');
      return request('POST', `/locks/${encodeURIComponent(mac)}/battery`, { percent });
    }
    case 'lock-firmware': {
      const mac = values.mac ?? fail('lock-firmware needs --mac <mac_id>');
      const version = values.version ?? fail('lock-firmware needs --version <version>');
      return request('POST', `/locks/${encodeURIComponent(mac)}/firmware`, { version });
    }
    case 'tap-lock': {
      const mac = values.mac ?? fail('tap-lock needs --mac <mac_id>', 1);
      const given = [values.password, values.face, values.finger].filter((v) => v !== undefined);
      if (given.length > 1) fail('tap-lock takes one of --password, --face or --finger', 1);
      if (values.password !== undefined && !/^\d{6}$/.test(values.password))
        fail('--password must be six digits', 1);
      const at = values.at === undefined ? undefined : number(values.at, '--at');
      const answer = await lockCall(base, 'POST', `/locks/${encodeURIComponent(mac)}/tap`, {
        ...(values.password !== undefined ? { password: values.password } : {}),
        ...(values.face !== undefined ? { face: values.face } : {}),
        ...(values.finger !== undefined ? { finger: values.finger } : {}),
        ...(at !== undefined ? { at } : {}),
      });
      process.stdout.write(`${JSON.stringify({ decision: answer['decision'], reason: answer['reason'] })}\n`);
      return;
    }
    case 'lock-sync': {
      const mac = values.mac ?? fail('lock-sync needs --mac <mac_id>', 1);
      const answer = await lockCall(base, 'POST', `/locks/${encodeURIComponent(mac)}/sync`, {
        ...(values.operator !== undefined ? { operator: values.operator } : {}),
      });
      process.stdout.write(`${JSON.stringify(answer)}\n`);
      return;
    }
    default:
      fail(`Unknown simulator command: ${command}\n\n${USAGE}`);
  }
}

/**
 * One call to a virtual lock: the answer when ok, else the refusal's message on stderr and exit 1 (so a script
 * tells a denied door, exit 0, from a call that failed).
 */
async function lockCall(
  base: string,
  method: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  let answer: Record<string, unknown>;
  try {
    const response = await fetch(new URL(path, base), {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    answer = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    fail(
      `No simulated encoder answers at ${base} (${(error as Error).message}). Start the gateway with --simulate.`,
      1,
    );
  }
  if (answer['ok'] !== true) {
    const code = typeof answer['error'] === 'string' ? `${answer['error']}: ` : '';
    fail(`${code}${String(answer['msg'] ?? answer['message'] ?? 'the virtual lock refused')}`, 1);
  }
  const { ok: _ok, ...rest } = answer;
  return rest;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
