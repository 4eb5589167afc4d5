/**
 * Broker credentials (issue 19 §2): what authentication costs. A real Mosquitto on the deploy config with dynamic
 * security and the server (in this process, embedded PGlite) as its admin; prints the median and p95 of
 *   - `broker/credential` issuing a new console credential (the server waits for the broker to confirm it),
 *   - `broker/credential` renewing one (no broker round trip),
 *   - `POST /broker/auth` checking a good password (what the gateway's broker and EMQX ask),
 *   - an MQTT connect with a credential to CONNACK.
 * A benchmark, not a test: no time is asserted. Without Mosquitto and its plugin it says so and measures nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_ENVELOPE_KEYS, encryptEnvelope } from '@lockdesk/protocol';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, openAnswer, type RunningServer, startServer } from '@lockdesk/server';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DynsecBroker, dynsecMissing, startDynsecMosquitto } from '../src/broker/dynsec-mosquitto.js';

const RUNS = 50;
const missing = dynsecMissing();
let broker: DynsecBroker | undefined;
let server: RunningServer | undefined;
let dataDir: string | undefined;

const call = async <T>(path: string, body: object, token?: string): Promise<T> => {
  const sealed = encryptEnvelope({ action: 'manage', ...body }, DEFAULT_ENVELOPE_KEYS);
  if (!sealed.ok) throw new Error(sealed.detail);
  const res = await fetch(`${server?.url}/manage/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data: sealed.value }),
  });
  const answer = openAnswer<T>(await res.text(), res.status, DEFAULT_ENVELOPE_KEYS);
  if (answer.errno !== 0) throw new Error(`${path}: ${answer.errmsg}`);
  return answer.data;
};

const figures = (name: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number).toFixed(1);
  console.log(`${name}: median ${at(0.5)} ms, p95 ${at(0.95)} ms (${ms.length} runs)`);
};

beforeAll(async () => {
  if (missing.length) return;
  broker = await startDynsecMosquitto();
  dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-broker-bench-'));
  server = await startServer({
    port: 0,
    demo: true,
    logger: false,
    webDist: null,
    dataDir,
    database: { kind: 'pglite', dataDir: 'memory://' },
    brokerAdmin: { url: broker.url, ...broker.admin },
  });
});

afterAll(async () => {
  await server?.close();
  await broker?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('prints what issuing, renewing, checking and using a broker credential takes', async () => {
  if (missing.length) {
    console.log(`broker credential bench NOT RUN: ${missing.join(', ')} missing`);
    expect(missing.length).toBeGreaterThan(0);
    return;
  }
  const token = (
    await call<{ token: string }>('login', { mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD })
  ).token;
  const issue: number[] = [];
  const renew: number[] = [];
  const check: number[] = [];
  const connect: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const c = await call<{ username: string; password: string }>('broker/credential', {}, token);
    issue.push(performance.now() - t);
    t = performance.now();
    await call('broker/credential', { username: c.username }, token);
    renew.push(performance.now() - t);
    t = performance.now();
    const res = await fetch(`${server?.url}/broker/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: c.username, password: c.password }),
    });
    expect(((await res.json()) as { result: string }).result).toBe('allow');
    check.push(performance.now() - t);
    t = performance.now();
    const client = await mqtt.connectAsync(broker?.url as string, { reconnectPeriod: 0, ...c });
    connect.push(performance.now() - t);
    await client.endAsync(true);
  }
  figures('broker/credential, new (broker confirms first)', issue);
  figures('broker/credential, renewal', renew);
  figures('POST /broker/auth, allow', check);
  figures('MQTT connect with a credential (to CONNACK)', connect);
});
