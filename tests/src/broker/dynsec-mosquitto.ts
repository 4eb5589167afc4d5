// A Mosquitto of the suite's own on the production config (deploy/mosquitto/mosquitto.conf): its listeners moved to
// free loopback ports, its data folder and dynamic-security JSON in a temp folder initialised for this run
// (`mosquitto_ctrl dynsec init`, as the compose file's mosquitto-init service does), the plugin at this machine's
// path. Used by the broker suite (tests/src/broker/) and the topology harness.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { answersTcp, freePort, mosquittoBinary } from '../web/gateway-harness.js';
import { ROOT } from '../web/harness.js';

export const MOSQUITTO_CONFIG = join(ROOT, 'deploy', 'mosquitto', 'mosquitto.conf');

const PLUGIN_PATHS = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
];
const CTRL_PATHS = ['/usr/bin/mosquitto_ctrl', '/usr/local/bin/mosquitto_ctrl'];

export const dynsecPlugin = (): string | null => PLUGIN_PATHS.find((p) => existsSync(p)) ?? null;
export const mosquittoCtrl = (): string | null => CTRL_PATHS.find((p) => existsSync(p)) ?? null;

/** What a dynamic-security Mosquitto needs and this machine lacks ([] when it can run). */
export function dynsecMissing(): string[] {
  const missing: string[] = [];
  if (!mosquittoBinary()) missing.push('mosquitto');
  if (!mosquittoCtrl()) missing.push('mosquitto_ctrl');
  if (!dynsecPlugin()) missing.push('the dynamic-security plugin (mosquitto_dynamic_security.so)');
  return missing;
}

/**
 * deploy/mosquitto/mosquitto.conf for a run in `dir`: listeners on the given loopback ports, data and dynsec JSON in
 * `dir`, the plugin at `plugin`, run as this user. Throws when the file lacks a line it rewrites.
 */
export function mosquittoConfigFor(
  dir: string,
  ports: { mqtt: number; ws: number },
  plugin: string,
  source = readFileSync(MOSQUITTO_CONFIG, 'utf8'),
): string {
  const rewrites: [RegExp, string][] = [
    [/^listener 1883$/m, `listener ${ports.mqtt} 127.0.0.1`],
    [/^listener 9001$/m, `listener ${ports.ws} 127.0.0.1`],
    [/^persistence_location \/mosquitto\/data\/$/m, `persistence_location ${dir}/`],
    [/^plugin \S+$/m, `plugin ${plugin}`],
    [
      /^plugin_opt_config_file \/mosquitto\/data\/dynamic-security\.json$/m,
      `plugin_opt_config_file ${dir}/dynamic-security.json`,
    ],
  ];
  let text = source;
  for (const [pattern, line] of rewrites) {
    if (!pattern.test(text)) throw new Error(`${MOSQUITTO_CONFIG} lacks a line matching ${pattern}`);
    text = text.replace(pattern, line);
  }
  // As root Mosquitto would switch to its own user, who cannot read the temp folder.
  return `${text}\nuser ${userInfo().username}\n`;
}

export interface DynsecBroker {
  /** mqtt://127.0.0.1:P */
  url: string;
  /** ws://127.0.0.1:P/mqtt (the listener the proxy forwards wss to) */
  wsUrl: string;
  mqttPort: number;
  wsPort: number;
  admin: { username: string; password: string };
  /** Its output so far. */
  output(): string;
  /** Stops it; start() again on the same ports and data (a broker restart). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stopped and its folder removed. */
  close(): Promise<void>;
}

// Brokers left behind by a runner that dies without close(): killed at its exit.
const running = new Set<ChildProcess>();
let hooked = false;

/** Starts Mosquitto on the deploy config with dynsec initialised for this run; throws when it cannot. */
export async function startDynsecMosquitto(): Promise<DynsecBroker> {
  const missing = dynsecMissing();
  if (missing.length)
    throw new Error(`Mosquitto with dynamic security cannot run here, missing: ${missing.join(', ')}`);
  const dir = mkdtempSync(join(tmpdir(), 'lockdesk-dynsec-'));
  const admin = { username: 'lockdesk-admin', password: randomBytes(18).toString('base64url') };
  execFileSync(
    mosquittoCtrl() as string,
    ['dynsec', 'init', join(dir, 'dynamic-security.json'), admin.username, admin.password],
    { stdio: 'ignore' },
  );
  const mqttPort = await freePort();
  const wsPort = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, mosquittoConfigFor(dir, { mqtt: mqttPort, ws: wsPort }, dynsecPlugin() as string));
  let child: ChildProcess | undefined;
  let log = '';
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((done) => c.once('exit', done));
    c.kill('SIGTERM');
    await exited;
  };
  const start = async () => {
    const c = spawn(mosquittoBinary() as string, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    running.add(c);
    c.once('exit', () => running.delete(c));
    const keep = (b: Buffer) => {
      log = (log + b.toString()).slice(-20_000);
    };
    c.stdout?.on('data', keep);
    c.stderr?.on('data', keep);
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`mosquitto exited (${c.exitCode}):\n${log}`);
      if ((await answersTcp('127.0.0.1', mqttPort)) && (await answersTcp('127.0.0.1', wsPort))) return;
      if (Date.now() > deadline) throw new Error(`mosquitto not listening within 10 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    await start();
  } catch (e) {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    url: `mqtt://127.0.0.1:${mqttPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}/mqtt`,
    mqttPort,
    wsPort,
    admin,
    output: () => log,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
