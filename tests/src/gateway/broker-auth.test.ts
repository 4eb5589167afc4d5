// Issue 19 §2 against the EMBEDDED broker: the built gateway (`--simulate --embedded-broker`, Aedes) asking the
// real LockDesk server's POST /broker/auth, with real MQTT clients holding credentials from the server's
// broker/credential. Two hotels: the demo hotel (its reader is the simulated encoder 041780200001) and a second
// one created with the server's own `create-admin`. The real-Mosquitto equivalents live beside the server's side.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeCommandHex } from '@lockdesk/protocol';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageCall } from '../web/cards-harness.js';
import {
  EMBEDDED_BROKER,
  SIMULATED_DEVICE_ID,
  type StartedGateway,
  startGateway,
} from '../web/gateway-harness.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, SERVER_CLI, startServer, stopProcess } from '../web/harness.js';

const HOTEL2_ADMIN = '13700137000';

interface Credential {
  username: string;
  password?: string;
  expires_at: number;
  ttl: number;
  devices: string[];
}

const getVersion = (() => {
  const hex = encodeCommandHex({ name: 'getVersion' });
  if (!hex.ok) throw new Error(hex.detail);
  return hex.value;
})();

/** Connects; the client, or the CONNACK return code of a refusal. */
function tryConnect(url: string, options: IClientOptions = {}): Promise<MqttClient | number> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 10_000, ...options });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number') resolve(code);
      else reject(error);
    });
  });
}

async function connectWith(url: string, credential: Credential): Promise<MqttClient> {
  const client = await tryConnect(url, { username: credential.username, password: credential.password });
  if (typeof client === 'number')
    throw new Error(`the broker refused ${credential.username}: CONNACK ${client}`);
  return client;
}

async function granted(client: MqttClient, topic: string): Promise<number[]> {
  try {
    return (await client.subscribeAsync(topic, { qos: 1 })).map((g) => g.qos);
  } catch (error) {
    const packet = (error as { packet?: { granted?: number[] } }).packet;
    if (!packet?.granted) throw error;
    return packet.granted;
  }
}

function upgradeStatus(url: string, origin?: string): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-protocol': 'mqtt',
        ...(origin ? { origin } : {}),
      },
    });
    req.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

let dataDir: string;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let gateway: StartedGateway | undefined;
let base: string;

const signIn = (mobile: string) =>
  manageCall<{ token: string; uid: number }>(base, 'login', { mobile, password: DEMO_PASSWORD });
const credentialOf = (session: { token: string; uid: number }) =>
  manageCall<Credential>(base, 'broker/credential', {}, session);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-broker-auth-'));
  // The demo first (it seeds only an empty install), then a second hotel with the server's own command.
  const first = await startServer(dataDir);
  await stopProcess(first.child);
  const created = spawnSync(
    process.execPath,
    [
      SERVER_CLI,
      'create-admin',
      '--mobile',
      HOTEL2_ADMIN,
      '--password',
      DEMO_PASSWORD,
      '--hotel',
      'Hotel 2',
      '--data-dir',
      dataDir,
    ],
    { env: { ...process.env, DATABASE_URL: '' }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`create-admin failed: ${created.stdout}${created.stderr}`);
  server = await startServer(dataDir);
  base = server.url;
  gateway = await startGateway({
    consoleOrigin: base,
    broker: 'embedded',
    serverUrl: base,
    // A logout reaches live connections at the next check: every 2 s here (30 s by default).
    env: { LOCKDESK_GW_BROKER_RECHECK_SECONDS: '2' },
  });
}, 180_000);

afterAll(async () => {
  await gateway?.stop();
  await stopProcess(server?.child);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded broker with the LockDesk server', () => {
  it('refuses an anonymous client over TCP and over WebSocket (CONNACK 5)', async () => {
    expect(await tryConnect(EMBEDDED_BROKER.url)).toBe(5);
    expect(await tryConnect(EMBEDDED_BROKER.wsUrl, { wsOptions: { origin: base } })).toBe(5);
  });

  it("refuses the WebSocket upgrade of another site's page (403) and upgrades the console's", async () => {
    expect(await upgradeStatus(EMBEDDED_BROKER.wsUrl, 'https://evil.example')).toBe(403);
    expect(await upgradeStatus(EMBEDDED_BROKER.wsUrl, base)).toBe(101);
  });

  it('lets the console credential of hotel 1 drive its encoder, over the console origin’s WebSocket', async () => {
    const credential = await credentialOf(await signIn(DEMO_ACCOUNTS.super));
    expect(credential.devices).toContain(SIMULATED_DEVICE_ID);
    const client = await tryConnect(EMBEDDED_BROKER.wsUrl, {
      username: credential.username,
      password: credential.password,
      wsOptions: { origin: base },
    });
    if (typeof client === 'number') throw new Error(`refused: CONNACK ${client}`);
    try {
      const reply = new Promise<string>((resolve) =>
        client.once('message', (_t, m) => resolve(m.toString())),
      );
      expect(await granted(client, `lockdesk/receive/${SIMULATED_DEVICE_ID}`)).toEqual([1]);
      await client.publishAsync(`lockdesk/send/${SIMULATED_DEVICE_ID}`, getVersion, { qos: 1 });
      expect((await reply).startsWith('5A0E01')).toBe(true);
    } finally {
      await client.endAsync();
    }
  });

  it("does not let hotel 2's credential read or drive hotel 1's encoder", async () => {
    const credential = await credentialOf(await signIn(HOTEL2_ADMIN));
    expect(credential.devices).not.toContain(SIMULATED_DEVICE_ID);
    const client = await connectWith(EMBEDDED_BROKER.url, credential);
    try {
      for (const topic of [
        `lockdesk/receive/${SIMULATED_DEVICE_ID}`,
        `lockdesk/heartbeat/${SIMULATED_DEVICE_ID}`,
        `lockdesk/state/${SIMULATED_DEVICE_ID}`,
        'lockdesk/#',
      ])
        expect(await granted(client, topic), topic).toEqual([0x80]);
      const before = (await gateway!.health())['broker'] as { commands: number };
      const encoderBefore = (await gateway!.sim.state()).commands;
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(`lockdesk/send/${SIMULATED_DEVICE_ID}`, getVersion, { qos: 1 });
      await closed;
      // Hotel 1's own command after it is the only one the bridge and the encoder saw.
      const own = await connectWith(
        EMBEDDED_BROKER.url,
        await credentialOf(await signIn(DEMO_ACCOUNTS.super)),
      );
      const reply = new Promise<string>((resolve) => own.once('message', (_t, m) => resolve(m.toString())));
      await own.subscribeAsync(`lockdesk/receive/${SIMULATED_DEVICE_ID}`, { qos: 1 });
      await own.publishAsync(`lockdesk/send/${SIMULATED_DEVICE_ID}`, getVersion, { qos: 1 });
      await reply;
      await own.endAsync();
      const after = (await gateway!.health())['broker'] as { commands: number };
      expect(after.commands).toBe(before.commands + 1);
      expect((await gateway!.sim.state()).commands).toBe(encoderBefore + 1);
    } finally {
      client.end(true);
    }
  });

  it('drops the live connection of a credential whose session logged out, and refuses it afterwards', async () => {
    const session = await signIn(DEMO_ACCOUNTS.secondary);
    const credential = await credentialOf(session);
    const client = await connectWith(EMBEDDED_BROKER.url, credential);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await manageCall(base, 'logout', {}, session);
    // The gateway checks the credential again every recheckSeconds: the logout reaches the live connection.
    await closed;
    client.end(true);
    expect(
      await tryConnect(EMBEDDED_BROKER.url, { username: credential.username, password: credential.password }),
    ).toBe(4);
  });
});
