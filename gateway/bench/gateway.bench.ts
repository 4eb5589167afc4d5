// `pnpm bench`: the reader gateway's round trips against the simulated encoder with zero device latency, and the
// daemon's memory after 10,000 calls. The daemon runs as its own process, as on the reception PC.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bytesToHex, decodeResponseFrame, encodeCommand } from '@lockdesk/protocol';
import mqtt from 'mqtt';
import { MqttBridge } from '../src/bridge/mqtt.js';
import { EncoderService } from '../src/encoder/service.js';
import { silentLogger } from '../src/log.js';
import { SimulatedEncoder } from '../src/simulator/encoder.js';
import { SimulatedTransport } from '../src/transport/simulated.js';
import { startPrivateMosquitto } from '../test/mosquitto.js';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));
const HTTP_SAMPLES = 2_000;
const MQTT_SAMPLES = 1_000;
const MEMORY_CALLS = 10_000;
const CONCURRENCY = 8;
const BROKER_RESTARTS = 3;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(3)} ms`;
  return `${label.padEnd(54)} p50 ${f(percentile(sorted, 50))}  p99 ${f(percentile(sorted, 99))}  (n=${samples.length})`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function startDaemon() {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/cli.ts', '--simulate', '--embedded-broker'],
    {
      cwd: gatewayDir,
      env: {
        ...process.env,
        LOCKDESK_GW_READER_PORT: '0',
        LOCKDESK_GW_RAW_PORT: '0',
        LOCKDESK_GW_WEBSOCKET_PORT: '0',
        LOCKDESK_GW_SIMULATOR_PORT: '0',
        LOCKDESK_GW_BROKER_TCP_PORT: '0',
        LOCKDESK_GW_BROKER_WS_PORT: '0',
        LOCKDESK_GW_DEVICE_ID: 'BE0C4B000001',
        LOCKDESK_GW_SIM_LATENCY_MS: '0',
        LOCKDESK_GW_CARD_WATCH_MS: '0',
        LOCKDESK_GW_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (/remote reader/.test(out)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the daemon stopped (${code}):\n${out}`)));
  });
  const reader = /reader service\s+(http:\/\/\S+)\/reader/.exec(out)?.[1] ?? '';
  const simulator = /simulator\s+(http:\/\/\S+)/.exec(out)?.[1] ?? '';
  const broker = /MQTT broker\s+(mqtt:\/\/[^,\s]+)/.exec(out)?.[1] ?? '';
  return { child, reader, simulator, broker };
}

/**
 * How long the bridge takes to be connected again after its broker restarts, timed from the moment the restarted
 * Mosquitto listens (the bridge retries every 5000 ms, spec §9). Null when the mosquitto binary is not installed.
 */
async function brokerRestartReconnects(): Promise<number[] | null> {
  const broker = await startPrivateMosquitto();
  if (!broker) return null;
  const transport = new SimulatedTransport(new SimulatedEncoder(), { latencyMs: 0 });
  const encoder = new EncoderService({ transport, logger: silentLogger() });
  await encoder.start();
  const bridge = new MqttBridge({
    url: broker.url,
    deviceId: 'BE0C4B000002',
    encoder,
    logger: silentLogger(),
  });
  const reaches = (state: string) =>
    new Promise<void>((resolve) => {
      if (bridge.status.state === state) return resolve();
      const onStatus = (status: { state: string }) => {
        if (status.state !== state) return;
        bridge.off('status', onStatus);
        resolve();
      };
      bridge.on('status', onStatus);
    });
  const samples: number[] = [];
  try {
    bridge.start();
    await reaches('connected');
    for (let i = 0; i < BROKER_RESTARTS; i++) {
      await broker.stop();
      await reaches('closed');
      const connected = reaches('connected');
      await broker.restart();
      const listening = performance.now();
      await connected;
      samples.push(performance.now() - listening);
    }
  } finally {
    await bridge.stop();
    await encoder.stop();
    await broker.stop();
  }
  return samples;
}

async function main(): Promise<void> {
  const daemon = await startDaemon();
  const post = async (url: string, body: unknown) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code?: number; retval?: number };
  };
  try {
    await post(`${daemon.simulator}/card`, { blank: true, uid: 'BEBEBEBE' });
    await post(`${daemon.reader}/reader`, { func: 'open' });
    const readBlock = { func: 'readBlock', cbdata: 1, parameters: { block: 4, key: 'FFFFFFFFFFFF' } };
    const call = async () => {
      const reply = await post(`${daemon.reader}/reader`, readBlock);
      if (reply.code !== 1 || reply.retval !== 0)
        throw new Error(`readBlock failed: ${JSON.stringify(reply)}`);
    };

    // /reader readBlock round trip (find card, authenticate, read: three device frames per call).
    for (let i = 0; i < 200; i++) await call();
    const http: number[] = [];
    for (let i = 0; i < HTTP_SAMPLES; i++) {
      const started = performance.now();
      await call();
      http.push(performance.now() - started);
    }

    // The same read through MQTT, each command published on the send topic and timed until its reply arrives on
    // the receive topic: the three frames of /reader readBlock (find card, authenticate, read block 4) one after
    // the other, and the encoder's one-frame sector read (authenticate and read block 4 in one command).
    const hexOf = (command: Parameters<typeof encodeCommand>[0]) => {
      const frame = encodeCommand(command);
      if (!frame.ok) throw new Error(frame.detail);
      return bytesToHex(frame.value);
    };
    const hex = hexOf({ name: 'readSector', sector: 1, blockIndex: 0, keyType: 'A', key: 'FFFFFFFFFFFF' });
    const readBlockSteps = [
      hexOf({ name: 'findCard' }),
      hexOf({ name: 'authenticate', block: 4, keyType: 'A', key: 'FFFFFFFFFFFF' }),
      hexOf({ name: 'readBlock', block: 4 }),
    ];
    const client = await mqtt.connectAsync(daemon.broker, { reconnectPeriod: 0 });
    (client.stream as { setNoDelay?: (noDelay: boolean) => void }).setNoDelay?.(true);
    await client.subscribeAsync('lockdesk/receive/BE0C4B000001', { qos: 1 });
    let pending: ((payload: string) => void) | undefined;
    client.on('message', (_topic, payload) => pending?.(payload.toString()));
    const roundTrip = (command = hex) =>
      new Promise<string>((resolve) => {
        pending = resolve;
        void client.publishAsync('lockdesk/send/BE0C4B000001', command, { qos: 1 });
      });
    for (let i = 0; i < 1_000; i++) await roundTrip();
    const viaMqtt: number[] = [];
    for (let i = 0; i < MQTT_SAMPLES; i++) {
      const started = performance.now();
      const reply = await roundTrip();
      viaMqtt.push(performance.now() - started);
      if (!reply.startsWith('5A150C')) throw new Error(`unexpected MQTT reply ${reply}`);
    }
    const readBlockViaMqtt: number[] = [];
    for (let i = 0; i < MQTT_SAMPLES; i++) {
      const started = performance.now();
      let reply = '';
      for (const step of readBlockSteps) reply = await roundTrip(step);
      readBlockViaMqtt.push(performance.now() - started);
      const answer = decodeResponseFrame(Buffer.from(reply, 'hex'));
      if (!answer.ok || answer.value.layout !== 'blockData' || answer.value.status !== 0)
        throw new Error(`unexpected MQTT reply ${reply}`);
    }
    await client.endAsync();

    // Memory after 10,000 more calls.
    const health = async () =>
      (await (await fetch(`${daemon.reader}/health`)).json()) as {
        memory: { rss: number; heapUsed: number };
      };
    const before = (await health()).memory;
    let done = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (done < MEMORY_CALLS) {
          done++;
          await call();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const after = (await health()).memory;

    console.log('LockDesk gateway benchmark (simulated encoder, zero device latency)');
    console.log(summary('/reader readBlock round trip (HTTP, sequential)', http));
    console.log(summary('MQTT readBlock: 3 commands published → 3 replies', readBlockViaMqtt));
    console.log(summary('MQTT sector read: 1 command published → reply', viaMqtt));
    console.log(
      `${'daemon memory after 10,000 /reader calls'.padEnd(54)} rss ${mb(after.rss)} (before ${mb(before.rss)}), heap ${mb(after.heapUsed)} (before ${mb(before.heapUsed)})`,
    );
    console.log(
      `${'10,000 calls with 8 concurrent clients'.padEnd(54)} ${(MEMORY_CALLS / seconds).toFixed(0)} calls/s`,
    );
    const reconnects = await brokerRestartReconnects();
    if (reconnects === null)
      console.log('bridge reconnect after a Mosquitto restart: not measured (no mosquitto binary)');
    else {
      const sorted = [...reconnects].sort((a, b) => a - b);
      console.log(
        `${'bridge reconnect after a Mosquitto restart'.padEnd(54)} p50 ${percentile(sorted, 50).toFixed(0)} ms  max ${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms  (n=${reconnects.length}, retry every 5000 ms)`,
      );
    }
  } finally {
    daemon.child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
