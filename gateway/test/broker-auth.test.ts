// The embedded broker's authentication and access control (issue 19 §2, BROKER-CONTRACT 'Aedes'): a real Aedes in
// a real gateway with the simulated encoder, real MQTT clients, and a stand-in for the server's POST /broker/auth.
// The same points against the real server run in tests/src/gateway/broker-auth.test.ts.
import { request } from 'node:http';
import { Writable } from 'node:stream';
import { bytesToHex, encodeCommand } from '@lockdesk/protocol';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aclAllows, bridgeAcl, topicMatches } from '../src/broker/auth.js';
import { type RunningGateway, startGateway } from '../src/gateway.js';
import { silentLogger } from '../src/log.js';
import { type FakeBrokerAuth, type FakeCredential, startFakeBrokerAuth } from './fake-broker-auth.js';

const HOTEL1_DEVICE = '041780200001';
const HOTEL2_DEVICE = 'A1B2C3D4E5F6';
const CONSOLE_ORIGIN = 'http://127.0.0.1:8080';

const getVersion = (() => {
  const frame = encodeCommand({ name: 'getVersion' });
  if (!frame.ok) throw new Error(frame.detail);
  return bytesToHex(frame.value);
})();

/** Connects; resolves with the client, or with the CONNACK return code of a refusal. */
function tryConnect(url: string, options: IClientOptions = {}): Promise<MqttClient | number> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...options });
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

async function connect(url: string, credential: FakeCredential): Promise<MqttClient> {
  const client = await tryConnect(url, { username: credential.username, password: credential.password });
  if (typeof client === 'number') throw new Error(`refused with CONNACK ${client}`);
  return client;
}

/** The QoS the broker granted a subscription (0x80: refused); mqtt.js reports a refusal as an error with the SUBACK. */
async function granted(client: MqttClient, topic: string): Promise<number[]> {
  try {
    return (await client.subscribeAsync(topic, { qos: 1 })).map((g) => g.qos);
  } catch (error) {
    const packet = (error as { packet?: { granted?: number[] } }).packet;
    if (!packet?.granted) throw error;
    return packet.granted;
  }
}

const login = (credential: FakeCredential) => ({
  username: credential.username,
  password: credential.password,
});

/** The HTTP status a WebSocket upgrade at `url` gets with these headers (101 when it upgrades). */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
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
        ...headers,
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

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

function startEmbedded(serverUrl: string | null, extra: Record<string, unknown> = {}) {
  return startGateway(
    {
      transport: 'simulated',
      readerPort: 0,
      rawPort: 0,
      websocketPort: 0,
      simulatorPort: 0,
      deviceId: HOTEL1_DEVICE,
      allowedOrigins: [CONSOLE_ORIGIN],
      embeddedBroker: { enabled: true, tcpPort: 0, wsPort: 0, recheckSeconds: 1 },
      serverUrl,
      ...extra,
    },
    { logger: silentLogger(), bridge: { reconnectMs: 200, heartbeatMs: 60_000 } },
  );
}

/** Waits until the bridge holds its send topic's subscription (commands reach it from then on). */
async function bridgeReady(gateway: RunningGateway): Promise<void> {
  await vi.waitFor(() => expect(gateway.bridge?.status.subscribed).toBe(true), { timeout: 60_000 });
}

describe('the ACL checks', () => {
  it('match topic filters as MQTT does and never grant a wildcard subscription that no rule names', () => {
    expect(topicMatches('lockdesk/send/+', 'lockdesk/send/041780200001')).toBe(true);
    expect(topicMatches('lockdesk/#', 'lockdesk/send/041780200001')).toBe(true);
    expect(topicMatches('lockdesk/send/041780200001', 'lockdesk/send/041780200002')).toBe(false);
    const acl = bridgeAcl(HOTEL1_DEVICE);
    expect(aclAllows(acl, 'subscribe', `lockdesk/send/${HOTEL1_DEVICE}`)).toBe(true);
    expect(aclAllows(acl, 'subscribe', 'lockdesk/send/+')).toBe(false);
    expect(aclAllows(acl, 'subscribe', '#')).toBe(false);
    expect(aclAllows(acl, 'publish', `lockdesk/send/${HOTEL1_DEVICE}`)).toBe(false);
    expect(aclAllows(acl, 'publish', `lockdesk/receive/${HOTEL1_DEVICE}`)).toBe(true);
    expect(aclAllows(acl, 'publish', `lockdesk/receive/${HOTEL2_DEVICE}`)).toBe(false);
  });
});

describe('the embedded broker asks the server about every client', () => {
  let auth: FakeBrokerAuth;
  let gateway: RunningGateway;
  beforeAll(async () => {
    auth = await startFakeBrokerAuth();
    gateway = await startEmbedded(auth.url);
    await bridgeReady(gateway);
  });
  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
  });

  it('refuses an anonymous client (CONNACK 5 not authorised) without asking the server', async () => {
    const asked = auth.asked.length;
    expect(await tryConnect(gateway.addresses.broker!.tcpUrl)).toBe(5);
    expect(await tryConnect(gateway.addresses.broker!.wsUrl, { wsOptions: { origin: CONSOLE_ORIGIN } })).toBe(
      5,
    );
    expect(auth.asked.length).toBe(asked);
  });

  it('refuses a wrong password and an unknown user (CONNACK 4)', async () => {
    const credential = auth.console([HOTEL1_DEVICE]);
    expect(
      await tryConnect(gateway.addresses.broker!.tcpUrl, { ...login(credential), password: 'wrong' }),
    ).toBe(4);
    expect(await tryConnect(gateway.addresses.broker!.tcpUrl, { username: 'nobody', password: 'x' })).toBe(4);
  });

  it('refuses an expired credential', async () => {
    const credential = auth.console([HOTEL1_DEVICE], -1);
    expect(await tryConnect(gateway.addresses.broker!.tcpUrl, login(credential))).toBe(4);
  });

  it('lets a console credential drive its own device through the bridge, with its credential checked by the server', async () => {
    const credential = auth.console([HOTEL1_DEVICE]);
    const client = await connect(gateway.addresses.broker!.wsUrl, credential);
    try {
      expect(auth.asked.at(-1)).toMatchObject({
        username: credential.username,
        password: credential.password,
      });
      const reply = new Promise<string>((resolve) =>
        client.once('message', (_t, m) => resolve(m.toString())),
      );
      expect(await granted(client, `lockdesk/receive/${HOTEL1_DEVICE}`)).toEqual([1]);
      await client.publishAsync(`lockdesk/send/${HOTEL1_DEVICE}`, getVersion, { qos: 1 });
      expect((await reply).startsWith('5A0E01')).toBe(true);
    } finally {
      await client.endAsync();
    }
  });

  it("does not let hotel 2's credential subscribe on or publish to hotel 1's device", async () => {
    const credential = auth.console([HOTEL2_DEVICE]);
    const client = await connect(gateway.addresses.broker!.tcpUrl, credential);
    try {
      for (const topic of [
        `lockdesk/receive/${HOTEL1_DEVICE}`,
        `lockdesk/state/${HOTEL1_DEVICE}`,
        'lockdesk/receive/+',
        '#',
      ]) {
        expect(await granted(client, topic), topic).toEqual([0x80]);
      }
      const commandsBefore = gateway.bridge!.status.commands;
      const encoderBefore = gateway.simulator!.state().commands;
      // Aedes answers a refused publish by closing the connection: the command never reaches the bridge.
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(`lockdesk/send/${HOTEL1_DEVICE}`, getVersion, { qos: 1 });
      await closed;
      // Hotel 1's own console still gets its answers: the bridge saw nothing from hotel 2.
      const own = await connect(gateway.addresses.broker!.tcpUrl, auth.console([HOTEL1_DEVICE]));
      const reply = new Promise<string>((resolve) => own.once('message', (_t, m) => resolve(m.toString())));
      await own.subscribeAsync(`lockdesk/receive/${HOTEL1_DEVICE}`, { qos: 1 });
      await own.publishAsync(`lockdesk/send/${HOTEL1_DEVICE}`, getVersion, { qos: 1 });
      await reply;
      await own.endAsync();
      expect(gateway.bridge!.status.commands).toBe(commandsBefore + 1);
      expect(gateway.simulator!.state().commands).toBe(encoderBefore + 1);
    } finally {
      client.end(true);
    }
  });

  it('does not let a console credential publish as the bridge (state, receive) or read the send topic', async () => {
    const client = await connect(gateway.addresses.broker!.tcpUrl, auth.console([HOTEL1_DEVICE]));
    try {
      expect(await granted(client, `lockdesk/send/${HOTEL1_DEVICE}`)).toEqual([0x80]);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(`lockdesk/state/${HOTEL1_DEVICE}`, '{"state":"offline"}', { qos: 1, retain: true });
      await closed;
    } finally {
      client.end(true);
    }
  });

  it('drops a live connection once the server denies its credential (logout), at the next recheck', async () => {
    const credential = auth.console([HOTEL1_DEVICE]);
    const client = await connect(gateway.addresses.broker!.tcpUrl, credential);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    auth.revoke(credential.username);
    await closed;
    client.end(true);
    expect(await tryConnect(gateway.addresses.broker!.tcpUrl, login(credential))).toBe(4);
  });

  it('drops a live connection at its credential expiry when it was not renewed', async () => {
    const credential = auth.console([HOTEL1_DEVICE], 1);
    const client = await connect(gateway.addresses.broker!.tcpUrl, credential);
    await new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.end(true);
    expect(Date.now()).toBeGreaterThanOrEqual(credential.expireAt! * 1000);
  });

  it('refuses with CONNACK 3 (server unavailable) when the server cannot be asked', async () => {
    auth.down(true);
    try {
      expect(await tryConnect(gateway.addresses.broker!.tcpUrl, login(auth.console([HOTEL1_DEVICE])))).toBe(
        3,
      );
    } finally {
      auth.down(false);
    }
  });

  it("refuses a WebSocket upgrade from another site's page (403) and upgrades the console's", async () => {
    const url = gateway.addresses.broker!.wsUrl;
    expect(await upgradeStatus(url, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(url, { origin: CONSOLE_ORIGIN })).toBe(101);
    // Without an Origin (a gateway, a Node client) the upgrade goes on to MQTT authentication.
    expect(await upgradeStatus(url, {})).toBe(101);
  });
});

describe('the embedded broker without a server URL', () => {
  it('admits only the gateway’s own bridge', async () => {
    const gateway = await startEmbedded(null);
    try {
      await bridgeReady(gateway);
      expect(gateway.bridge!.status.state).toBe('connected');
      expect(
        await tryConnect(gateway.addresses.broker!.tcpUrl, { username: 'console-x', password: 'secret' }),
      ).toBe(4);
    } finally {
      await gateway.close();
    }
  });
});

describe('the bridge refused by a remote broker', () => {
  it('logs one clear line naming the settings to fix, and tries again with backoff', async () => {
    const auth = await startFakeBrokerAuth();
    const broker = await startEmbedded(auth.url, { deviceId: HOTEL2_DEVICE });
    const { logger, lines } = capturingLogger();
    const bridged = await startGateway(
      {
        transport: 'simulated',
        readerPort: 0,
        rawPort: 0,
        websocketPort: 0,
        simulatorPort: 0,
        deviceId: HOTEL1_DEVICE,
        broker: { url: broker.addresses.broker!.tcpUrl, username: 'gateway-041780200001', password: 'wrong' },
      },
      { logger, bridge: { reconnectMs: 50 } },
    );
    try {
      // Each refusal doubles the wait before the next attempt (50 ms, 100 ms, 200 ms, ...). The broker has asked
      // three times before the bridge has read the third refusal: wait for the bridge, not only the broker (under
      // load the period was still 100 ms right after the third ask).
      const period = () =>
        (bridged.bridge as unknown as { client: MqttClient }).client.options.reconnectPeriod;
      await vi.waitFor(
        () => {
          expect(auth.asked.length).toBeGreaterThanOrEqual(3);
          expect(period()).toBeGreaterThanOrEqual(200);
        },
        { timeout: 60_000 },
      );
      const refusals = lines.filter((line) => line.includes("refused the bridge's credential"));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toContain('LOCKDESK_GW_BROKER_USERNAME and LOCKDESK_GW_BROKER_PASSWORD');
      expect(refusals[0]).toContain('CONNACK 4');
      expect(bridged.bridge!.status.lastError).toContain('CONNACK 4');
      // With the reader's gateway credential issued, the next attempt is admitted.
      const credential = auth.gateway(HOTEL1_DEVICE);
      await bridged.close();
      const fixed = await startGateway(
        {
          transport: 'simulated',
          readerPort: 0,
          rawPort: 0,
          websocketPort: 0,
          simulatorPort: 0,
          deviceId: HOTEL1_DEVICE,
          broker: { url: broker.addresses.broker!.tcpUrl, ...login(credential) },
        },
        { logger: silentLogger(), bridge: { reconnectMs: 50 } },
      );
      await bridgeReady(fixed);
      await fixed.close();
    } finally {
      await bridged.close();
      await broker.close();
      await auth.close();
    }
  });
});
