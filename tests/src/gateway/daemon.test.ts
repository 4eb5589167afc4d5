// The gateway daemon as a process: started with `node gateway/dist/cli.js`, driven from outside over HTTP,
// WebSocket and MQTT, controlled with its own `sim` CLI, and stopped with a signal.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blankCard, bytesToHex, encodeCommand, exportDump } from '@lockdesk/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = join(root, 'gateway', 'dist', 'cli.js');

/** Ports 0 everywhere: the daemon prints the ports it bound. */
const EPHEMERAL = {
  LOCKDESK_GW_READER_PORT: '0',
  LOCKDESK_GW_RAW_PORT: '0',
  LOCKDESK_GW_WEBSOCKET_PORT: '0',
  LOCKDESK_GW_SIMULATOR_PORT: '0',
  LOCKDESK_GW_BROKER_TCP_PORT: '0',
  LOCKDESK_GW_BROKER_WS_PORT: '0',
  LOCKDESK_GW_LOG_LEVEL: 'warn',
};

interface Daemon {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  endpoints: {
    reader: string;
    raw: string;
    websocket: string;
    simulator?: string;
    mqtt?: string;
    mqttWs?: string;
  };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function frameHex(command: Parameters<typeof encodeCommand>[0]): string {
  const frame = encodeCommand(command);
  if (!frame.ok) throw new Error(frame.detail);
  return bytesToHex(frame.value);
}

/** Starts the daemon and waits until it has printed its endpoints. */
async function startDaemon(args: string[], env: Record<string, string> = {}): Promise<Daemon> {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: root,
    env: { ...process.env, ...EPHEMERAL, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/websocket\s+ws:\/\//.test(out) && (!args.includes('--simulate') || /simulator\s+http/.test(out))) {
        const mqttLine = /MQTT broker\s+(mqtt:\/\/\S+), (ws:\/\/\S+)/.exec(out);
        if (!args.includes('--embedded-broker') || mqttLine) return resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then(({ code }) =>
      reject(new Error(`daemon exited (${code}) before it was ready:\n${out}\n${err}`)),
    );
  });
  await ready;
  const pick = (pattern: RegExp) => pattern.exec(out)?.[1];
  const mqttLine = /MQTT broker\s+(mqtt:\/\/[^,\s]+), (ws:\/\/\S+)/.exec(out);
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    endpoints: {
      reader: pick(/reader service\s+(http:\/\/\S+)\/reader/)!,
      raw: pick(/raw service\s+(http:\/\/[^/\s]+)\/open/)!,
      websocket: pick(/websocket\s+(ws:\/\/\S+)/)!,
      ...(pick(/simulator\s+(http:\/\/\S+)/) ? { simulator: pick(/simulator\s+(http:\/\/\S+)/)! } : {}),
      ...(mqttLine ? { mqtt: mqttLine[1]!, mqttWs: mqttLine[2]! } : {}),
    },
  };
}

/** Runs the CLI once (the sim commands, the service commands) and returns its outcome. */
function runCli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function reader(daemon: Daemon, func: string, parameters?: unknown) {
  const response = await fetch(`${daemon.endpoints.reader}/reader`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:8080' },
    body: JSON.stringify({ func, cbdata: func, parameters }),
  });
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Sends one POST with a body of `size` bytes the way a simple client does (the whole request written before it
 * reads anything), then reads the answer until the daemon closes the connection. A reset is returned as `error`.
 */
function postWholeBody(
  origin: string,
  path: string,
  size: number,
): Promise<{ head: string; body: string; error?: string }> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    let answered = false;
    const finish = (error?: string) => {
      if (answered) return;
      answered = true;
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({
        head: split < 0 ? text : text.slice(0, split),
        body: split < 0 ? '' : text.slice(split + 4),
        ...(error ? { error } : {}),
      });
    };
    socket.pause();
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('error', (error) => finish(String(error)));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    socket.end(Buffer.alloc(size, 0x20), () => socket.resume());
  });
}

async function mqttRoundTrip(url: string, deviceId: string, payload: string): Promise<string> {
  const client: MqttClient = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000 });
  try {
    await client.subscribeAsync(`lockdesk/receive/${deviceId}`, { qos: 1 });
    const reply = new Promise<string>((resolve) => client.once('message', (_t, m) => resolve(m.toString())));
    await client.publishAsync(`lockdesk/send/${deviceId}`, payload, { qos: 1 });
    return await reply;
  } finally {
    await client.endAsync();
  }
}

beforeAll(() => {
  // The suite may run before a root build (e.g. `cd tests && pnpm test`): build what the daemon needs.
  if (!existsSync(join(root, 'protocol', 'dist', 'index.js'))) {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
      {
        cwd: join(root, 'protocol'),
      },
    );
  }
  if (!existsSync(cli)) {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
      {
        cwd: join(root, 'gateway'),
      },
    );
  }
});

describe('gateway daemon: --simulate --embedded-broker (what `pnpm start` runs)', () => {
  let daemon: Daemon;

  beforeAll(async () => {
    daemon = await startDaemon(['--simulate', '--embedded-broker']);
  });
  afterAll(async () => {
    if (daemon && daemon.child.exitCode === null) {
      daemon.child.kill('SIGKILL');
      await daemon.exited;
    }
  });

  it('prints its endpoints and answers /health as a simulated encoder', async () => {
    expect(daemon.stdout()).toContain('SIMULATED encoder');
    expect(daemon.endpoints.reader).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(daemon.endpoints.mqtt).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
    const health = await (await fetch(`${daemon.endpoints.reader}/health`)).json();
    expect(health).toMatchObject({
      status: 'ok',
      device: { state: 'online', transport: 'simulated', simulated: true },
      broker: { state: 'connected', deviceId: '041780200001' },
    });
  });

  it('takes cards from its sim CLI: a blank card, then a card from a dump file', async () => {
    const control = ['--control-url', daemon.endpoints.simulator!];
    const placed = runCli(['sim', 'place-card', '--blank', '--uid', '0C0FFEE0', ...control]);
    expect(placed.status, placed.stderr).toBe(0);
    expect(await reader(daemon, 'open')).toMatchObject({ code: 1, retval: 0 });
    expect(await reader(daemon, 'findCard')).toMatchObject({ code: 1, data: { uid: '0C0FFEE0' } });

    const card = blankCard('1K', 'D00DFEED');
    if (!card.ok) throw new Error(card.detail);
    card.value.blocks[13] = Uint8Array.from(Buffer.from('0123456789ABCDEF0123456789ABCDEF', 'hex'));
    const dump = exportDump(card.value, 'bin');
    if (!dump.ok) throw new Error(dump.detail);
    const file = join(mkdtempSync(join(tmpdir(), 'gw-dump-')), 'card.mfd');
    writeFileSync(file, dump.value);
    const loaded = runCli(['sim', 'place-card', '--dump', file, ...control]);
    expect(loaded.status, loaded.stderr).toBe(0);
    expect(await reader(daemon, 'readBlock', { block: 13, key: 'FFFFFFFFFFFF' })).toMatchObject({
      code: 1,
      data: { uid: 'D00DFEED', data: '0123456789ABCDEF0123456789ABCDEF' },
    });

    const removed = runCli(['sim', 'remove-card', ...control]);
    expect(removed.status).toBe(0);
    expect(await reader(daemon, 'findCard')).toMatchObject({ code: 1, error: 'NO_CARD' });
    const unknown = runCli(['sim', 'fault', 'meteor-strike', ...control]);
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toContain('unknown fault meteor-strike');
  });

  it('sim dump gives back a placed .eml and .bin file byte for byte', () => {
    const control = ['--control-url', daemon.endpoints.simulator!];
    const card = blankCard('1K', 'B0B0CAFE');
    if (!card.ok) throw new Error(card.detail);
    card.value.blocks[12] = Uint8Array.from(Buffer.from('CAFEBABE'.repeat(4), 'hex'));
    const blocks = card.value.blocks.map((block) => Buffer.from(block).toString('hex').toUpperCase());
    const bin = exportDump(card.value, 'bin');
    if (!bin.ok) throw new Error(bin.detail);
    const dir = mkdtempSync(join(tmpdir(), 'gw-dump-'));
    const files: Array<[string, Buffer]> = [
      // As the Proxmark3 client writes it: upper case, no newline after the last block.
      ['eml', Buffer.from(blocks.join('\n'))],
      ['eml', Buffer.from(`${blocks.join('\r\n')}\r\n`)],
      ['bin', Buffer.from(bin.value)],
    ];
    for (const [format, bytes] of files) {
      const file = join(dir, `card.${format}`);
      writeFileSync(file, bytes);
      const placed = runCli(['sim', 'place-card', '--dump', file, ...control]);
      expect(placed.status, placed.stderr).toBe(0);
      const dumped = spawnSync(process.execPath, [cli, 'sim', 'dump', '--format', format, ...control], {
        cwd: root,
        timeout: 30_000,
      });
      expect(dumped.status, String(dumped.stderr)).toBe(0);
      expect(dumped.stdout.toString('hex'), format).toBe(bytes.toString('hex'));
    }
  });

  it('takes a prepared guest card and a text dump from its sim CLI, and injects faults', async () => {
    const control = ['--control-url', daemon.endpoints.simulator!];
    const guest = JSON.stringify({
      hotelId: 3,
      cardNumber: 4242,
      type: 4,
      mac_id: 'A1B2C3D4E5F6',
      start_time: 1_700_000_000,
      end_time: 1_700_086_400,
    });
    const prepared = runCli(['sim', 'place-card', '--guest', guest, '--uid', '0A0B0C0D', ...control]);
    expect(prepared.status, prepared.stderr).toBe(0);
    expect(await reader(daemon, 'open')).toMatchObject({ code: 1 });
    expect(await reader(daemon, 'readGuestCard')).toMatchObject({
      code: 1,
      retval: 0,
      data: {
        uid: '0A0B0C0D',
        card_id: '4242',
        formattedStartTime: '2023-11-15 06:13:20',
        formattedEndTime: '2023-11-16 06:13:20',
      },
    });

    const card = blankCard('1K', 'E1E2E3E4');
    if (!card.ok) throw new Error(card.detail);
    card.value.blocks[20] = Uint8Array.from(Buffer.from('FEDCBA9876543210FEDCBA9876543210', 'hex'));
    const dump = exportDump(card.value, 'mct');
    if (!dump.ok) throw new Error(dump.detail);
    const file = join(mkdtempSync(join(tmpdir(), 'gw-dump-')), 'card.mct');
    writeFileSync(file, dump.value);
    expect(runCli(['sim', 'place-card', '--dump', file, ...control]).status).toBe(0);
    expect(await reader(daemon, 'readBlock', { block: 20, key: 'FFFFFFFFFFFF' })).toMatchObject({
      code: 1,
      data: { uid: 'E1E2E3E4', data: 'FEDCBA9876543210FEDCBA9876543210' },
    });

    expect(runCli(['sim', 'fault', 'bad-checksum', ...control]).status).toBe(0);
    expect(await reader(daemon, 'findCard')).toMatchObject({ code: 0, error: 'BAD_CHECKSUM' });
    expect(runCli(['sim', 'fault', 'no-answer', ...control]).status).toBe(0);
    expect(await reader(daemon, 'findCard')).toMatchObject({ code: 0, error: 'DEVICE_NOT_RESPONDING' });
    expect(runCli(['sim', 'fault', 'late-answer', '--delay', '2500', ...control]).status).toBe(0);
    expect(await reader(daemon, 'findCard')).toMatchObject({ code: 0, error: 'DEVICE_NOT_RESPONDING' });
    // The late answer that comes after its call gave up is dropped; the next call is answered cleanly.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await reader(daemon, 'findCard')).toMatchObject({ code: 1, retval: 0, data: { uid: 'E1E2E3E4' } });
  });

  it('reports the encoder offline when unplugged, and serves again when it comes back', async () => {
    const control = ['--control-url', daemon.endpoints.simulator!];
    expect(runCli(['sim', 'fault', 'unplugged', ...control]).status).toBe(0);
    expect(await (await fetch(`${daemon.endpoints.reader}/health`)).json()).toMatchObject({
      device: { state: 'offline' },
    });
    expect(await reader(daemon, 'findCard')).toMatchObject({
      code: 0,
      msg: 'Operation failed! Device not found',
    });
    expect(runCli(['sim', 'replug', ...control]).status).toBe(0);
    expect(await reader(daemon, 'status')).toMatchObject({ code: 1, data: { online: true } });
  });

  it('bridges the simulated encoder on its embedded broker, which admits no anonymous client (TCP or WebSocket)', async () => {
    // The bridge is in: it holds the send topic (its in-process credential). The round trip with a console
    // credential from the server is tests/src/gateway/broker-auth.test.ts.
    const health = (await (await fetch(`${daemon.endpoints.reader}/health`)).json()) as {
      broker: { subscribed?: boolean };
    };
    expect(health.broker.subscribed).toBe(true);
    for (const url of [daemon.endpoints.mqtt!, daemon.endpoints.mqttWs!]) {
      const refused = await mqtt
        .connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000 })
        .then(async (client) => {
          await client.endAsync();
          return 0;
        })
        .catch((error: { code?: number }) => error.code);
      expect(refused, url).toBe(5);
    }
  });

  it('greets WebSocket clients of the console', async () => {
    const socket = new WebSocket(daemon.endpoints.websocket, { origin: 'http://localhost:5173' });
    const hello = await new Promise<Record<string, unknown>>((resolve, reject) => {
      socket.once('message', (raw) => resolve(JSON.parse(raw.toString())));
      socket.once('error', reject);
    });
    expect(hello).toMatchObject({ event: 'hello', data: { simulated: true } });
    socket.close();
  });

  it('answers a 5 MB body with the documented 413 JSON on the reader, raw and simulator services', async () => {
    const services: Array<[string, string]> = [
      [daemon.endpoints.reader, '/reader'],
      [daemon.endpoints.raw, '/write'],
      [daemon.endpoints.simulator!, '/card'],
    ];
    for (const [origin, path] of services) {
      const answer = await postWholeBody(origin, path, 5 * 1024 * 1024);
      expect(answer.error, `${origin}${path}`).toBeUndefined();
      expect(answer.head, `${origin}${path}`).toMatch(/^HTTP\/1\.1 413 /);
      expect(JSON.parse(answer.body), `${origin}${path}`).toEqual({
        code: 0,
        msg: 'request body too large',
        error: 'FIELD_INVALID',
      });
    }
    // The daemon is still there for the next caller.
    expect(await reader(daemon, 'status')).toMatchObject({ code: 1 });
  });

  it('stops cleanly on SIGTERM', async () => {
    daemon.child.kill('SIGTERM');
    expect(await daemon.exited).toEqual({ code: 0, signal: null });
    await expect(fetch(`${daemon.endpoints.reader}/health`)).rejects.toThrow();
  });
});

describe('gateway daemon: starting and stopping', () => {
  it('stops cleanly on SIGINT', async () => {
    const daemon = await startDaemon(['--simulate']);
    daemon.child.kill('SIGINT');
    expect(await daemon.exited).toEqual({ code: 0, signal: null });
  });

  it('refuses a bad configuration value with one clear message', () => {
    const result = runCli(['--simulate'], { ...EPHEMERAL, LOCKDESK_GW_READER_PORT: 'abc' });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      'Configuration error: Invalid environment variable LOCKDESK_GW_READER_PORT: expected a whole number, got "abc"',
    );
    const badId = runCli(['--simulate', '--device-id', 'XYZ'], EPHEMERAL);
    expect(badId.status).toBe(2);
    expect(badId.stderr).toContain('invalid device ID format');
    const missing = runCli(['--config', '/nonexistent/gateway.json'], EPHEMERAL);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Cannot read config file /nonexistent/gateway.json');
    const unknownFlag = runCli(['--simulte'], EPHEMERAL);
    expect(unknownFlag.status).toBe(2);
    expect(unknownFlag.stderr).toContain("Unknown option '--simulte'");
  });

  it('says clearly when a port is taken by another gateway', async () => {
    const first = await startDaemon(['--simulate']);
    try {
      const port = new URL(first.endpoints.reader).port;
      const second = runCli(['--simulate'], { ...EPHEMERAL, LOCKDESK_GW_READER_PORT: port });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/^Cannot start: .*EADDRINUSE.*Another gateway may be running/);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it('writes the Windows service definition (dry run here; Windows only for real)', () => {
    const dry = runCli(['install-service', '--dry-run', '--service-dir', join(tmpdir(), 'gw-svc')]);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('<id>lockdesk-gateway</id>');
    expect(dry.stdout).toContain('<onfailure action="restart"');
    expect(dry.stdout).toContain('LOCKDESK_GW_LOG_FILE');
    if (process.platform !== 'win32') {
      const real = runCli(['install-service']);
      expect(real.status).toBe(1);
      expect(real.stderr).toContain('install-service works on Windows only');
    }
  });
});

/** The machine's Mosquitto: TEST_MQTT_URL, else 127.0.0.1:1883 when an MQTT broker answers there. */
async function findMosquitto(): Promise<string | null> {
  const configured = process.env['TEST_MQTT_URL'];
  // A configured broker is used as given: if it does not answer, the test fails rather than quietly skip it.
  if (configured) return configured;
  try {
    const client = await mqtt.connectAsync('mqtt://127.0.0.1:1883', {
      reconnectPeriod: 0,
      connectTimeout: 2_000,
    });
    await client.endAsync();
    return 'mqtt://127.0.0.1:1883';
  } catch {
    return null;
  }
}

const mosquittoUrl = await findMosquitto();
if (mosquittoUrl) {
  describe(`gateway daemon: remote reader through a real Mosquitto (${mosquittoUrl})`, () => {
    const url = mosquittoUrl;
    it('bridges its encoder through the broker given by --broker-url', async () => {
      const deviceId = randomBytes(6).toString('hex').toUpperCase();
      const daemon = await startDaemon(['--simulate', '--broker-url', url, '--device-id', deviceId]);
      try {
        let health: Record<string, { state?: string }> = {};
        for (let i = 0; i < 50 && health['broker']?.state !== 'connected'; i++) {
          health = (await (await fetch(`${daemon.endpoints.reader}/health`)).json()) as typeof health;
          if (health['broker']?.state !== 'connected')
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(health['broker']).toMatchObject({ state: 'connected', deviceId });
        const reply = await mqttRoundTrip(url, deviceId, frameHex({ name: 'getVersion' }));
        expect(reply.startsWith('5A0E01')).toBe(true);
      } finally {
        daemon.child.kill('SIGTERM');
        await daemon.exited;
        // Leave no retained state and no persistent session of the bridge behind on the shared broker.
        const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
        await client.publishAsync(`lockdesk/state/${deviceId}`, '', { qos: 1, retain: true });
        await client.endAsync();
        const session = await mqtt.connectAsync(url, {
          reconnectPeriod: 0,
          clientId: `lockdesk-gateway-${deviceId}`,
          clean: true,
        });
        await session.endAsync();
      }
    });
  });
} else {
  console.warn(
    'NO MOSQUITTO: TEST_MQTT_URL is not set and no MQTT broker answers at 127.0.0.1:1883. The daemon was ' +
      'bridged through its embedded Aedes broker ONLY.',
  );
}
