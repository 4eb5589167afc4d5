// The gateway harness must only ever hand a suite the gateway it started itself. Several people run the card
// suites on one machine; two suites starting at the same moment both find the fixed ports free and both spawn a
// gateway, and only one of them can bind. The loser's harness used to take the winner's /health for its own, so
// the loser suite drove the other suite's simulated encoder: its 'unplug-mid-write' fault then unplugged the
// encoder under the other suite's next card write (DEVICE_NOT_FOUND at a key write of card encryption, with the
// encoder back 'connected' once the loser replugged it).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GATEWAY_URLS, type StartedGateway, startGateway } from './gateway-harness.js';

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
});
