import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToHex, encodeCommand } from '@lockdesk/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../src/broker/embedded.js';
import { type RunningGateway, startGateway } from '../src/gateway.js';
import { silentLogger } from '../src/log.js';
import { SimulatedEncoder } from '../src/simulator/encoder.js';
import { SimulatedTransport } from '../src/transport/simulated.js';

const MOSQUITTO_URL = process.env['TEST_MQTT_URL'];
const MOSQUITTO_BIN = '/usr/sbin/mosquitto';
if (!MOSQUITTO_URL) {
  console.warn(
    'TEST_MQTT_URL is not set: the MQTT bridge was tested against the embedded Aedes broker only.',
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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startSimulatedGateway(
  brokerUrl: string,
  deviceId: string,
  extra: Record<string, unknown> = {},
) {
  return startGateway(
    {
      transport: 'simulated',
      readerPort: 0,
      rawPort: 0,
      websocketPort: 0,
      simulatorPort: 0,
      deviceId,
      broker: { url: brokerUrl },
      ...extra,
    },
    { logger: silentLogger(), bridge: { reconnectMs: 200, heartbeatMs: 300 } },
  );
}

interface Target {
  name: string;
  start: () => Promise<{ url: string; stop: () => Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'the embedded Aedes broker',
    start: async () => {
      const broker = await startEmbeddedBroker({
        host: '127.0.0.1',
        tcpPort: 0,
        wsPort: 0,
        tlsPort: 0,
        certFile: null,
        keyFile: null,
        logger: silentLogger(),
      });
      return { url: broker.addresses.tcpUrl, stop: () => broker.close() };
    },
  },
];
if (MOSQUITTO_URL) {
  targets.push({
    name: `Mosquitto at ${MOSQUITTO_URL}`,
    start: async () => ({ url: MOSQUITTO_URL, stop: async () => {} }),
  });
}

describe.each(targets)('remote reader bridge against $name', (target) => {
  let broker: { url: string; stop: () => Promise<void> };
  let gateway: RunningGateway;
  let client: MqttClient;
  const deviceId = newDeviceId();

  beforeAll(async () => {
    broker = await target.start();
    gateway = await startSimulatedGateway(broker.url, deviceId);
    await bridgeState(gateway, 'connected');
    client = await connectClient(broker.url);
  });
  afterAll(async () => {
    await gateway?.close();
    // Leave no retained state behind on a shared broker.
    await client?.publishAsync(`lockdesk/state/${deviceId}`, '', { qos: 1, retain: true });
    await client?.endAsync();
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
    const watcher = await connectClient(broker.url);
    const state = new Promise<string>((resolve) => watcher.once('message', (_t, m) => resolve(m.toString())));
    await watcher.subscribeAsync(`lockdesk/state/${deviceId}`, { qos: 1 });
    expect(JSON.parse(await state)).toEqual({ state: 'online' });
    const beat = new Promise<string>((resolve) =>
      watcher.on('message', (topic, m) => {
        if (topic === `lockdesk/heartbeat/${deviceId}`) resolve(m.toString());
      }),
    );
    await watcher.subscribeAsync(`lockdesk/heartbeat/${deviceId}`, { qos: 1 });
    expect(JSON.parse(await beat)).toMatchObject({ deviceId, encoder: 'online' });
    await watcher.endAsync();
  });
});

describe('broker restarted: the bridge reconnects and goes on', () => {
  it('with the embedded broker', async () => {
    const port = await freePort();
    const options = {
      host: '127.0.0.1',
      tcpPort: port,
      wsPort: 0,
      tlsPort: 0,
      certFile: null,
      keyFile: null,
      logger: silentLogger(),
    };
    let broker: EmbeddedBroker = await startEmbeddedBroker(options);
    const deviceId = newDeviceId();
    const gateway = await startSimulatedGateway(broker.addresses.tcpUrl, deviceId);
    try {
      await bridgeState(gateway, 'connected');
      const closed = bridgeState(gateway, 'closed');
      await broker.close();
      await closed;
      expect(gateway.bridge!.status.notice).toBe('Trying to reconnect...');
      expect(gateway.health().broker).toMatchObject({ state: expect.stringMatching(/closed|connecting/) });
      broker = await startEmbeddedBroker(options);
      await bridgeState(gateway, 'connected');
      const client = await connectClient(broker.addresses.tcpUrl);
      const reply = await command(client, deviceId, frameHex({ name: 'getVersion' }));
      expect(reply.startsWith('5A0E01')).toBe(true);
      await client.endAsync();
    } finally {
      await gateway.close();
      await broker.close();
    }
  });

  it('with a Mosquitto the test starts and restarts', async () => {
    if (!existsSync(MOSQUITTO_BIN)) {
      console.warn(
        `${MOSQUITTO_BIN} is not installed: the broker restart was tested with the embedded broker only.`,
      );
      return;
    }
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'gw-mosquitto-'));
    const conf = join(dir, 'mosquitto.conf');
    writeFileSync(
      conf,
      `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n`,
    );
    const startMosquitto = async (): Promise<ChildProcess> => {
      const child = spawn(MOSQUITTO_BIN, ['-c', conf], { stdio: 'ignore' });
      for (let attempt = 0; attempt < 100; attempt++) {
        const open = await new Promise<boolean>((resolve) => {
          const socket = new Socket();
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
          socket.connect(port, '127.0.0.1');
        });
        if (open) return child;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      child.kill('SIGKILL');
      throw new Error('mosquitto did not start');
    };
    const stopMosquitto = (child: ChildProcess) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    let mosquitto = await startMosquitto();
    const url = `mqtt://127.0.0.1:${port}`;
    const deviceId = newDeviceId();
    const gateway = await startSimulatedGateway(url, deviceId);
    try {
      await bridgeState(gateway, 'connected');
      const closed = bridgeState(gateway, 'closed');
      await stopMosquitto(mosquitto);
      await closed;
      expect(gateway.bridge!.status.notice).toBe('Trying to reconnect...');
      mosquitto = await startMosquitto();
      await bridgeState(gateway, 'connected');
      const client = await connectClient(url);
      const reply = await command(client, deviceId, frameHex({ name: 'getVersion' }));
      expect(reply.startsWith('5A0E01')).toBe(true);
      await client.endAsync();
    } finally {
      await gateway.close();
      await stopMosquitto(mosquitto);
    }
  });
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

  it('carries MQTT over WebSocket at /mqtt', async () => {
    const client = await connectClient(gateway.addresses.broker!.wsUrl);
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
    const client = await connectClient(url, { rejectUnauthorized: false });
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
      },
      { logger: silentLogger(), transport: new SimulatedTransport(encoder) },
    );
    try {
      await bridgeState(gateway, 'connected');
      expect(gateway.addresses.bridge).toMatchObject({ deviceId: 'ABCDEF012345' });
      const client = await connectClient(gateway.addresses.broker!.tcpUrl);
      const reply = await command(client, 'ABCDEF012345', frameHex({ name: 'getVersion' }));
      expect(reply).toContain('ABCDEF012345');
      await client.endAsync();
    } finally {
      await gateway.close();
    }
  });
});
