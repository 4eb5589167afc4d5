// The gateway harness must only ever hand a suite the gateway it started itself. Several people run the card
// suites on one machine; two suites starting at the same moment both find the fixed ports free and both spawn a
// gateway, and only one of them can bind. The loser's harness used to take the winner's /health for its own, so
// the loser suite drove the other suite's simulated encoder: its 'unplug-mid-write' fault then unplugged the
// encoder under the other suite's next card write (DEVICE_NOT_FOUND at a key write of card encryption, with the
// encoder back 'connected' once the loser replugged it).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROKER, encodeCommandHex } from '@lockdesk/protocol';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EMBEDDED_BROKER,
  fakeBrokerAuth,
  GATEWAY_URLS,
  SIMULATED_DEVICE_ID,
  type StartedGateway,
  startGateway,
} from './gateway-harness.js';

/** A daemon that takes a few seconds to start, as one does on a busy machine: it binds after the other one. */
const SLOW_START = join(tmpdir(), `lockdesk-slow-start-${process.pid}.cjs`);
writeFileSync(SLOW_START, 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 4000);\n');

const started: StartedGateway[] = [];
afterAll(async () => {
  for (const gateway of started) await gateway.stop();
});

async function reader(func: string, parameters: Record<string, unknown> = {}) {
  const response = await fetch(`${GATEWAY_URLS.reader}/reader`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ func, cbdata: func, parameters }),
  });
  return (await response.json()) as { code: number; retval: number; error?: string };
}

describe('the gateway harness', () => {
  it("refuses a gateway it did not start, so a suite never drives another suite's encoder", async () => {
    const origin = 'http://127.0.0.1:1';
    // Both find the ports free; the slow one's daemon comes second and cannot bind them.
    const late = startGateway({
      consoleOrigin: origin,
      broker: 'none',
      env: { NODE_OPTIONS: `--require ${SLOW_START}` },
    });
    // (A moment apart: the two port checks must not collide with each other.)
    await new Promise((r) => setTimeout(r, 500));
    const first = startGateway({ consoleOrigin: origin, broker: 'embedded' });
    const [lateResult, firstResult] = await Promise.allSettled([late, first]);
    for (const result of [lateResult, firstResult])
      if (result.status === 'fulfilled') started.push(result.value);

    expect(firstResult.status === 'rejected' ? String(firstResult.reason) : 'fulfilled').toBe('fulfilled');
    expect(lateResult.status).toBe('rejected');
    if (lateResult.status === 'rejected') expect(String(lateResult.reason)).toMatch(/EADDRINUSE|in use/);

    // The suite that owns the gateway writes its card undisturbed.
    const own = (firstResult as PromiseFulfilledResult<StartedGateway>).value;
    await own.sim.placeBlank('C0FFEE09');
    expect((await reader('open')).code).toBe(1);
    const key = 'FFFFFFFFFFFF';
    const written = await reader('writeBlock', { block: 4, key, data: '00112233445566778899AABBCCDDEEFF' });
    expect(written).toMatchObject({ code: 1, retval: 0 });
  });

  it('leaves the encoder as it was after a command through the broker: the next key write succeeds', async () => {
    // What the encryption page, then the broker test page, then the encryption page again do, over HTTP and MQTT.
    for (const gateway of started.splice(0)) await gateway.stop();
    // The embedded broker admits no anonymous client: the broker test page logs in with the operator's credential.
    const auth = await fakeBrokerAuth(SIMULATED_DEVICE_ID);
    const gateway = await startGateway({
      consoleOrigin: 'http://127.0.0.1:1',
      broker: 'embedded',
      serverUrl: auth.url,
    }).catch(async (error) => {
      await auth.close();
      throw error;
    });
    started.push(gateway);
    const factory = 'FFFFFFFFFFFF';
    const trailer = (key: string) => `${key}FF078069${key}`;
    await gateway.sim.placeBlank('C0FFEE01');
    expect((await reader('open')).code).toBe(1);
    expect(
      await reader('writeBlock', { block: 7, key: factory, data: trailer('A1B2C3D4E5F6') }),
    ).toMatchObject({
      code: 1,
      retval: 0,
    });

    // (The check is asked at the login and again every 30 s: it may close once the client is in.)
    const client = await mqtt
      .connectAsync(EMBEDDED_BROKER.url, { reconnectPeriod: 0, ...auth.credential })
      .finally(() => auth.close());
    try {
      const replies: string[] = [];
      client.on('message', (_topic, payload) => replies.push(payload.toString()));
      await client.subscribeAsync(`${BROKER.topics.receive}${SIMULATED_DEVICE_ID}`, { qos: 1 });
      const version = encodeCommandHex({ name: 'getVersion' });
      if (!version.ok) throw new Error(version.detail);
      for (const command of ['A5 0', version.value]) {
        const before = replies.length;
        await client.publishAsync(`${BROKER.topics.send}${SIMULATED_DEVICE_ID}`, command, { qos: 1 });
        await expect.poll(() => replies.length, { timeout: 10_000 }).toBeGreaterThan(before);
      }
      expect(replies.some((reply) => reply.includes('BROKER_INVALID_HEX'))).toBe(true);
      expect(replies.at(-1)).toMatch(/^5A[0-9A-F]+$/);
    } finally {
      await client.endAsync(true);
    }

    await gateway.sim.placeBlank('C0FFEE02');
    expect(
      await reader('writeBlock', { block: 7, key: factory, data: trailer('A1B2C3D4E5F6') }),
    ).toMatchObject({
      code: 1,
      retval: 0,
    });
    expect((await gateway.health())['device']).toMatchObject({ state: 'online' });
  });
});
