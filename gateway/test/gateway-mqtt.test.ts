import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToHex, decodeResponseFrame, encodeCommand } from '@lockdesk/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../src/broker/embedded.js';
import { type RunningGateway, startGateway } from '../src/gateway.js';
import { silentLogger } from '../src/log.js';
import { SimulatedEncoder } from '../src/simulator/encoder.js';
import { SimulatedTransport } from '../src/transport/simulated.js';
import { startFakeBrokerAuth } from './fake-broker-auth.js';
import { freePort, MOSQUITTO_BIN, sharedMosquittoUrl, startPrivateMosquitto } from './mosquitto.js';

// The real Mosquitto brokers of this run: the machine's (TEST_MQTT_URL, else 127.0.0.1:1883), and a private one
// this file starts with a loopback WebSocket listener when the mosquitto binary is installed.
const sharedMosquitto = await sharedMosquittoUrl();
const privateMosquitto = await startPrivateMosquitto();
// The embedded broker admits a test client only as the LockDesk server says: this stand-in answers for it.
const auth = await startFakeBrokerAuth();
afterAll(async () => {
  await privateMosquitto?.stop();
  await auth.close();
});
/** A test client's login on the embedded broker: a console credential for the device. */
const consoleLogin = (deviceId: string): mqtt.IClientOptions => {
  const credential = auth.console([deviceId]);
  return { username: credential.username, password: credential.password };
};
if (!sharedMosquitto && !privateMosquitto) {
  console.warn(
    'NO MOSQUITTO: TEST_MQTT_URL is not set, no broker answers at 127.0.0.1:1883 and no mosquitto binary is ' +
      'installed. The MQTT bridge was tested against the embedded Aedes broker ONLY.',
  );
}

const newDeviceId = () => randomBytes(6).toString('hex').toUpperCase();

function frameHex(command: Parameters<typeof encodeCommand>[0]): string {
  const frame = encodeCommand(command);
  if (!frame.ok) throw new Error(frame.detail);
  return bytesToHex(frame.value);
}

async function connectClient(url: string, options: mqtt.IClientOptions = {}): Promise<MqttClient> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...options });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

/** Publishes a command and waits for the next message on the receive topic. */
async function command(client: MqttClient, deviceId: string, payload: string): Promise<string> {
  const receive = `lockdesk/receive/${deviceId}`;
  await client.subscribeAsync(receive, { qos: 1 });
  const reply = new Promise<string>((resolve) => {
    const onMessage = (topic: string, message: Buffer) => {
      if (topic !== receive) return;
      client.off('message', onMessage);
      resolve(message.toString());
    };
    client.on('message', onMessage);
  });
  await client.publishAsync(`lockdesk/send/${deviceId}`, payload, { qos: 1 });
  return reply;
}

/** Waits for the bridge to reach a state (no fixed sleep: it listens to the bridge's status events). */
function bridgeState(gateway: RunningGateway, state: string): Promise<void> {
  const bridge = gateway.bridge!;
  if (bridge.status.state === state) return Promise.resolve();
  return new Promise((resolve) => {
    const onStatus = (status: { state: string }) => {
      if (status.state !== state) return;
      bridge.off('status', onStatus);
      resolve();
    };
    bridge.on('status', onStatus);
  });
}

async function startSimulatedGateway(
  brokerUrl: string,
  deviceId: string,
  extra: Record<string, unknown> = {},
  login: mqtt.IClientOptions = {},
) {
  return startGateway(
    {
      transport: 'simulated',
      readerPort: 0,
      rawPort: 0,
      websocketPort: 0,
      simulatorPort: 0,
      deviceId,
      broker: {
        url: brokerUrl,
        username: login.username ?? null,
        password: (login.password as string) ?? null,
      },
      ...extra,
    },
    { logger: silentLogger(), bridge: { reconnectMs: 200, heartbeatMs: 300 } },
  );
}

interface Target {
  name: string;
  start: () => Promise<{ url: string; stop: () => Promise<void> }>;
  /** The login of a client of the kind for the device (none on an anonymous Mosquitto). */
  login: (kind: 'console' | 'gateway', deviceId: string) => mqtt.IClientOptions;
}
const anonymous = () => ({});
const embeddedOptions = {
  host: '127.0.0.1',
  tcpPort: 0,
  wsPort: 0,
  tlsPort: 0,
  certFile: null,
  keyFile: null,
  logger: silentLogger(),
  serverUrl: auth.url,
  recheckSeconds: 30,
  allowedOrigins: [],
};

const targets: Target[] = [
  {
    name: 'the embedded Aedes broker',
    start: async () => {
      const broker = await startEmbeddedBroker(embeddedOptions);
      return { url: broker.addresses.tcpUrl, stop: () => broker.close() };
    },
    login: (kind, deviceId) => {
      const credential = kind === 'console' ? auth.console([deviceId]) : auth.gateway(deviceId);
      return { username: credential.username, password: credential.password };
    },
  },
];
if (sharedMosquitto) {
  const { url, source } = sharedMosquitto;
  targets.push({
    name: `Mosquitto at ${url} (${source})`,
    start: async () => ({ url, stop: async () => {} }),
    login: anonymous,
  });
}
if (privateMosquitto) {
  const { wsUrl } = privateMosquitto;
  targets.push({
    name: `a Mosquitto started by the test, over WebSocket at ${wsUrl}`,
    start: async () => ({ url: wsUrl, stop: async () => {} }),
    login: anonymous,
  });
}
console.info(`MQTT bridge suites run against: ${targets.map((t) => t.name).join('; ')}`);

describe.each(targets)('remote reader bridge against $name', (target) => {
  let broker: { url: string; stop: () => Promise<void> };
  let gateway: RunningGateway;
  let client: MqttClient;
  const deviceId = newDeviceId();

  beforeAll(async () => {
    broker = await target.start();
    gateway = await startSimulatedGateway(broker.url, deviceId, {}, target.login('gateway', deviceId));
    await bridgeState(gateway, 'connected');
    client = await connectClient(broker.url, target.login('console', deviceId));
  });
  afterAll(async () => {
    await gateway?.close();
    await client?.endAsync();
    // Leave no retained state and no persistent session of the bridge behind on a shared broker.
    if (broker) {
      const session = await connectClient(broker.url, {
        clientId: `lockdesk-gateway-${deviceId}`,
        clean: true,
        ...target.login('gateway', deviceId),
      });
      await session.publishAsync(`lockdesk/state/${deviceId}`, '', { qos: 1, retain: true });
      await session.endAsync();
    }
    await broker?.stop();
  });

  it('runs a hex command frame and publishes the reply frame in hex', async () => {
    gateway.simulator!.placeBlankCard({ uid: 'FACE0FF0' });
    const reply = await command(client, deviceId, frameHex({ name: 'findCard' }));
    expect(reply).toMatch(/^5A0B0210000[0-9A-F]FACE0FF0[0-9A-F]{2}$/);
  });

  it('answers an invalid hex command with an error reply', async () => {
    const reply = JSON.parse(await command(client, deviceId, 'not-hex!'));
    expect(reply).toMatchObject({
      error: 'BROKER_INVALID_HEX',
      msg: 'invalid hex format',
      command: 'not-hex!',
    });
  });

  it('keeps the order of many commands published at once', async () => {
    const receive = `lockdesk/receive/${deviceId}`;
    await client.subscribeAsync(receive, { qos: 1 });
    const replies: string[] = [];
    const done = new Promise<void>((resolve) => {
      const onMessage = (topic: string, message: Buffer) => {
        if (topic !== receive) return;
        replies.push(message.toString());
        if (replies.length === 20) {
          client.off('message', onMessage);
          resolve();
        }
      };
      client.on('message', onMessage);
    });
    for (let i = 0; i < 20; i++) {
      const cmd =
        i % 2 === 0 ? frameHex({ name: 'getVersion' }) : frameHex({ name: 'beep', musicId: i, count: 1 });
      await client.publishAsync(`lockdesk/send/${deviceId}`, cmd, { qos: 1 });
    }
    await done;
    replies.forEach((reply, i) => {
      expect(reply.slice(4, 6), `reply ${i}`).toBe(i % 2 === 0 ? '01' : '05');
    });
  });

  it('holds a retained online state and publishes heartbeats', async () => {
    const watcher = await connectClient(broker.url, target.login('console', deviceId));
    const state = new Promise<string>((resolve) => watcher.once('message', (_t, m) => resolve(m.toString())));
    await watcher.subscribeAsync(`lockdesk/state/${deviceId}`, { qos: 1 });
    expect(JSON.parse(await state)).toEqual({
      state: 'online',
      transport: 'simulated',
      simulated: true,
      commandIds: true,
    });
    const beat = new Promise<string>((resolve) =>
      watcher.on('message', (topic, m) => {
        if (topic === `lockdesk/heartbeat/${deviceId}`) resolve(m.toString());
      }),
    );
    await watcher.subscribeAsync(`lockdesk/heartbeat/${deviceId}`, { qos: 1 });
    expect(JSON.parse(await beat)).toMatchObject({ deviceId, encoder: 'online' });
    await watcher.endAsync();
  });

  it('passes a bad checksum from the device through as the device sent it, and goes on', async () => {
    gateway.simulator!.injectFault('bad-checksum');
    const damaged = await command(client, deviceId, frameHex({ name: 'getVersion' }));
    expect(damaged.startsWith('5A0E01')).toBe(true);
    expect(decodeResponseFrame(Buffer.from(damaged, 'hex'))).toMatchObject({
      ok: false,
      code: 'BAD_CHECKSUM',
    });
    const next = await command(client, deviceId, frameHex({ name: 'getVersion' }));
    expect(decodeResponseFrame(Buffer.from(next, 'hex'))).toMatchObject({ ok: true });
  });

  it('an encoder unplugged in the middle of a write: an error reply, offline state, the card state read back', async () => {
    const simulator = gateway.simulator!;
    simulator.placeBlankCard({ uid: 'B10C0008' });
    const key = 'FFFFFFFFFFFF';
    const data = 'C0DE'.repeat(8);
    const run = async (step: Parameters<typeof encodeCommand>[0]) =>
      decodeResponseFrame(Buffer.from(await command(client, deviceId, frameHex(step)), 'hex'));
    expect(await run({ name: 'findCard' })).toMatchObject({ ok: true, value: { status: 0 } });
    expect(await run({ name: 'authenticate', block: 8, keyType: 'A', key })).toMatchObject({
      ok: true,
      value: { status: 0 },
    });

    const watcher = await connectClient(broker.url, target.login('console', deviceId));
    const offline = new Promise<string>((resolve) =>
      watcher.on('message', (_topic, message) => {
        if (message.toString().includes('offline')) resolve(message.toString());
      }),
    );
    await watcher.subscribeAsync(`lockdesk/state/${deviceId}`, { qos: 1 });
    simulator.injectFault('unplug-mid-write');
    const reply = JSON.parse(
      await command(client, deviceId, frameHex({ name: 'writeBlock', block: 8, data })),
    );
    expect(reply).toMatchObject({ error: 'BROKER_DEVICE_NOT_CONNECTED', msg: 'device not connected' });
    expect(JSON.parse(await offline)).toEqual({ state: 'offline', reason: 'encoder disconnected' });
    expect(gateway.health().device.state).toBe('offline');
    expect(JSON.parse(await command(client, deviceId, frameHex({ name: 'findCard' })))).toMatchObject({
      error: 'BROKER_DEVICE_NOT_CONNECTED',
    });
    await watcher.endAsync();

    // Plugged in again, the card state is known: a MIFARE write is atomic, and the block is read back.
    simulator.replug();
    expect(await run({ name: 'findCard' })).toMatchObject({ ok: true, value: { status: 0 } });
    expect(await run({ name: 'authenticate', block: 8, keyType: 'A', key })).toMatchObject({
      ok: true,
      value: { status: 0 },
    });
    const read = await run({ name: 'readBlock', block: 8 });
    expect(read).toMatchObject({ ok: true, value: { status: 0 } });
    if (read.ok && read.value.layout === 'blockData') {
      expect(read.value.dataHigh8 + read.value.dataLow8).toBe(data);
    } else {
      expect.fail(`expected a block read answer, got ${JSON.stringify(read)}`);
    }
  });

  it('has the broker publish its last will (retained offline) when the connection dies, then online again', async () => {
    const watcher = await connectClient(broker.url, target.login('console', deviceId));
    const states: string[] = [];
    watcher.on('message', (_topic, message) => states.push(message.toString()));
    await watcher.subscribeAsync(`lockdesk/state/${deviceId}`, { qos: 1 });
    await vi.waitFor(
      () =>
        expect(states).toEqual([
          JSON.stringify({ state: 'online', transport: 'simulated', simulated: true, commandIds: true }),
        ]),
      { timeout: 60_000 },
    );
    // No DISCONNECT: the link just breaks, as when the reception PC loses power or network.
    (gateway.bridge as unknown as { client: MqttClient }).client.stream.destroy();
    await vi.waitFor(
      () =>
        expect(states.slice(1)).toEqual([
          JSON.stringify({ state: 'offline', reason: 'gateway gone' }),
          JSON.stringify({ state: 'online', transport: 'simulated', simulated: true, commandIds: true }),
        ]),
      { timeout: 60_000 },
    );
    await watcher.endAsync();
    // The will was published retained: a client that subscribes now gets the current (online) state.
    const late = await connectClient(broker.url, target.login('console', deviceId));
    const retained = new Promise<string>((resolve) => late.once('message', (_t, m) => resolve(m.toString())));
    await late.subscribeAsync(`lockdesk/state/${deviceId}`, { qos: 1 });
    expect(JSON.parse(await retained)).toEqual({
      state: 'online',
      transport: 'simulated',
      simulated: true,
      commandIds: true,
    });
    await late.endAsync();
  });

  it('runs a command the broker delivers again after a lost connection only once', async () => {
    const simulator = gateway.simulator!;
    const bridge = gateway.bridge!;
    const receive = `lockdesk/receive/${deviceId}`;
    await client.subscribeAsync(receive, { qos: 1 });
    const replies: string[] = [];
    const onMessage = (topic: string, message: Buffer) => {
      if (topic === receive) replies.push(message.toString());
    };
    client.on('message', onMessage);
    try {
      // The device holds its answer back for a second, so the command is still running when the link drops.
      simulator.injectFault('late-answer', { delayMs: 1_000, command: 'getVersion' });
      const commandsBefore = simulator.state().commands;
      const duplicatesBefore = bridge.status.duplicates;
      await client.publishAsync(`lockdesk/send/${deviceId}`, frameHex({ name: 'getVersion' }), { qos: 1 });
      await vi.waitFor(() => expect(simulator.state().faults).toEqual([]), { timeout: 60_000 });
      // The bridge loses its connection before it acknowledged the command: the broker delivers it again (dup).
      (bridge as unknown as { client: MqttClient }).client.stream.destroy();
      await vi.waitFor(() => expect(bridge.status.duplicates).toBe(duplicatesBefore + 1), {
        timeout: 60_000,
      });
      await vi.waitFor(() => expect(replies).toHaveLength(1), { timeout: 60_000 });
      // A later command is answered after it: nothing else was queued for the first one.
      await client.publishAsync(
        `lockdesk/send/${deviceId}`,
        frameHex({ name: 'beep', musicId: 1, count: 1 }),
        {
          qos: 1,
        },
      );
      await vi.waitFor(() => expect(replies.length).toBeGreaterThanOrEqual(2), { timeout: 60_000 });
      expect(replies).toHaveLength(2);
      expect(replies[0]!.startsWith('5A0E01')).toBe(true);
      expect(replies[1]!.slice(4, 6)).toBe('05');
      // The encoder saw the getVersion once and the beep once.
      expect(simulator.state().commands).toBe(commandsBefore + 2);
    } finally {
      client.off('message', onMessage);
    }
  });
});

describe('broker restarted: the bridge reconnects and goes on', () => {
  it('with the embedded broker', async () => {
    const port = await freePort();
    const options = { ...embeddedOptions, tcpPort: port };
    let broker: EmbeddedBroker = await startEmbeddedBroker(options);
    const deviceId = newDeviceId();
    const bridgeLogin = auth.gateway(deviceId);
    const gateway = await startSimulatedGateway(broker.addresses.tcpUrl, deviceId, {}, bridgeLogin);
    try {
      await bridgeState(gateway, 'connected');
      const closed = bridgeState(gateway, 'closed');
      await broker.close();
      await closed;
      expect(gateway.bridge!.status.notice).toBe('Trying to reconnect...');
      expect(gateway.health().broker).toMatchObject({ state: expect.stringMatching(/closed|connecting/) });
      broker = await startEmbeddedBroker(options);
      await bridgeState(gateway, 'connected');
      const client = await connectClient(broker.addresses.tcpUrl, consoleLogin(deviceId));
      const reply = await command(client, deviceId, frameHex({ name: 'getVersion' }));
      expect(reply.startsWith('5A0E01')).toBe(true);
      await client.endAsync();
    } finally {
      await gateway.close();
      await broker.close();
    }
  });

  if (MOSQUITTO_BIN) {
    it('with a Mosquitto the test starts and restarts', async () => {
      const mosquitto = await startPrivateMosquitto();
      if (!mosquitto) throw new Error(`${MOSQUITTO_BIN} could not be started`);
      const deviceId = newDeviceId();
      const gateway = await startSimulatedGateway(mosquitto.url, deviceId);
      try {
        await bridgeState(gateway, 'connected');
        const closed = bridgeState(gateway, 'closed');
        await mosquitto.stop();
        await closed;
        expect(gateway.bridge!.status.notice).toBe('Trying to reconnect...');
        expect(gateway.health().broker).toMatchObject({ state: expect.stringMatching(/closed|connecting/) });
        await mosquitto.restart();
        await bridgeState(gateway, 'connected');
        const client = await connectClient(mosquitto.url);
        const reply = await command(client, deviceId, frameHex({ name: 'getVersion' }));
        expect(reply.startsWith('5A0E01')).toBe(true);
        await client.endAsync();
      } finally {
        await gateway.close();
        await mosquitto.stop();
      }
    });
  } else {
    console.warn(
      'NO MOSQUITTO BINARY: the broker-restart test ran against the embedded Aedes broker ONLY ' +
        '(install mosquitto to run it against Mosquitto too).',
    );
  }
});

describe('embedded broker for a single site', () => {
  let gateway: RunningGateway;
  let certDir: string | undefined;

  beforeAll(async () => {
    let tls = {};
    try {
      certDir = mkdtempSync(join(tmpdir(), 'gw-tls-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          join(certDir, 'key.pem'),
          '-out',
          join(certDir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      tls = { certFile: join(certDir, 'cert.pem'), keyFile: join(certDir, 'key.pem'), tlsPort: 0 };
    } catch {
      certDir = undefined;
      console.warn('openssl is not available: the TLS listener of the embedded broker was not tested.');
    }
    gateway = await startGateway(
      {
        transport: 'simulated',
        readerPort: 0,
        rawPort: 0,
        websocketPort: 0,
        simulatorPort: 0,
        embeddedBroker: { enabled: true, tcpPort: 0, wsPort: 0, ...tls },
        serverUrl: auth.url,
      },
      { logger: silentLogger() },
    );
    await bridgeState(gateway, 'connected');
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('runs the bridge on itself, with the simulated encoder address as device id, on loopback', () => {
    expect(gateway.addresses.bridge).toMatchObject({ deviceId: '041780200001' });
    expect(gateway.addresses.broker?.tcpUrl).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
    expect(gateway.addresses.broker?.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/mqtt$/);
  });

  it('survives an error the broker itself reports (persistence, will sweep) and goes on', async () => {
    // Aedes reports such failures as an 'error' event on the broker: with no listener that kills the daemon.
    expect(() => gateway.broker!.aedes.emit('error', new Error('persistence failed'))).not.toThrow();
    const client = await connectClient(gateway.addresses.broker!.tcpUrl, consoleLogin('041780200001'));
    const reply = await command(client, '041780200001', frameHex({ name: 'getVersion' }));
    expect(reply.startsWith('5A0E01')).toBe(true);
    await client.endAsync();
  });

  it('carries MQTT over WebSocket at /mqtt', async () => {
    const client = await connectClient(gateway.addresses.broker!.wsUrl, consoleLogin('041780200001'));
    const reply = await command(client, '041780200001', frameHex({ name: 'getVersion' }));
    expect(reply.startsWith('5A0E01')).toBe(true);
    await client.endAsync();
  });

  it('carries MQTT over secure WebSocket when a certificate is configured', async () => {
    if (!certDir) {
      expect(gateway.addresses.broker!.wssUrl).toBeNull();
      return;
    }
    const url = gateway.addresses.broker!.wssUrl!;
    expect(url).toMatch(/^wss:\/\/127\.0\.0\.1:\d+\/mqtt$/);
    const client = await connectClient(url, { rejectUnauthorized: false, ...consoleLogin('041780200001') });
    const reply = await command(client, '041780200001', frameHex({ name: 'getVersion' }));
    expect(reply.startsWith('5A0E01')).toBe(true);
    await client.endAsync();
  });
});

describe('device id of the remote reader', () => {
  it('is the encoder address (its deviceInfo mac) when none is configured', async () => {
    const encoder = new SimulatedEncoder({ mac: 'ABCDEF012345' });
    const gateway = await startGateway(
      {
        readerPort: 0,
        rawPort: 0,
        websocketPort: 0,
        embeddedBroker: { enabled: true, tcpPort: 0, wsPort: 0 },
        serverUrl: auth.url,
      },
      { logger: silentLogger(), transport: new SimulatedTransport(encoder) },
    );
    try {
      await bridgeState(gateway, 'connected');
      expect(gateway.addresses.bridge).toMatchObject({ deviceId: 'ABCDEF012345' });
      const client = await connectClient(gateway.addresses.broker!.tcpUrl, consoleLogin('ABCDEF012345'));
      const reply = await command(client, 'ABCDEF012345', frameHex({ name: 'getVersion' }));
      expect(reply).toContain('ABCDEF012345');
      await client.endAsync();
    } finally {
      await gateway.close();
    }
  });
});
