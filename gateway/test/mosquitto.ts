// Finds a real Mosquitto for the bridge suites: the one named by TEST_MQTT_URL, else this machine's
// 127.0.0.1:1883, and starts a private one (TCP and a loopback WebSocket listener) when the binary is installed.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';

export const MOSQUITTO_BIN = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto', '/usr/local/sbin/mosquitto'].find(
  (path) => existsSync(path),
);

/** True when something accepts TCP connections at host:port. */
export function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** True when an MQTT broker accepts an anonymous connection at `url`. */
async function speaksMqtt(url: string): Promise<boolean> {
  try {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 2_000 });
    await client.endAsync();
    return true;
  } catch {
    return false;
  }
}

/** The shared Mosquitto of this machine: TEST_MQTT_URL, else 127.0.0.1:1883 when an MQTT broker answers there. */
export async function sharedMosquittoUrl(): Promise<{ url: string; source: string } | null> {
  const configured = process.env['TEST_MQTT_URL'];
  // A configured broker is used as given: if it does not answer, the suites fail rather than quietly skip it.
  if (configured) return { url: configured, source: 'TEST_MQTT_URL' };
  if ((await answers('127.0.0.1', 1883)) && (await speaksMqtt('mqtt://127.0.0.1:1883'))) {
    return { url: 'mqtt://127.0.0.1:1883', source: 'this machine (127.0.0.1:1883)' };
  }
  return null;
}

/** A Mosquitto process this test started, on loopback, with MQTT over TCP and over WebSocket. */
export interface PrivateMosquitto {
  readonly url: string;
  readonly wsUrl: string;
  /** Stops the process (SIGTERM) and waits for it. */
  stop(): Promise<void>;
  /** Starts it again on the same ports (after `stop`). */
  restart(): Promise<void>;
}

/** Starts a private Mosquitto, or returns null when the binary is not installed. */
export async function startPrivateMosquitto(): Promise<PrivateMosquitto | null> {
  const bin = MOSQUITTO_BIN;
  if (!bin) return null;
  const tcpPort = await freePort();
  const wsPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'gw-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${tcpPort} 127.0.0.1`,
      `listener ${wsPort} 127.0.0.1`,
      'protocol websockets',
      'allow_anonymous true',
      'persistence false',
      'log_dest none',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  const launch = async () => {
    const started = spawn(bin, ['-c', conf], { stdio: 'ignore' });
    child = started;
    for (let attempt = 0; attempt < 100; attempt++) {
      if (started.exitCode !== null) break;
      if ((await answers('127.0.0.1', tcpPort)) && (await answers('127.0.0.1', wsPort))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    started.kill('SIGKILL');
    throw new Error(`${bin} did not start on 127.0.0.1:${tcpPort} and :${wsPort}`);
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  await launch();
  return {
    url: `mqtt://127.0.0.1:${tcpPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}/mqtt`,
    stop,
    restart: launch,
  };
}
