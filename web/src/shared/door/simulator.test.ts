import { describe, expect, it, vi } from 'vitest';
import { normalMac, SimulatorError, simulatorClient } from './simulator.ts';

const BASE = 'http://127.0.0.1:13572';

/** A fake fetch answering each `METHOD path` with a JSON body (and a status), recording what it was sent. */
function fakeFetch(answers: Record<string, { status?: number; body: unknown } | Error>) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url.replace(BASE, '')}`];
    if (!answer) return new Response('not found', { status: 404 });
    if (answer instanceof Error) throw answer;
    return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
    });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, sent };
}

const LOCK = {
  mac_id: 'a0:b0:c0:01:01:06',
  room_id: 17,
  room_name: '1106',
  building: 1,
  floor: 1,
  installed_at: 1_764_000_000,
  last_sync_at: null,
  buffered: 2,
  server: 'http://127.0.0.1:8080',
};

async function failure(promise: Promise<unknown>): Promise<SimulatorError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof SimulatorError) return e;
    throw e;
  }
  throw new Error('the call did not fail');
}

describe('normalMac', () => {
  it('writes a mac as 12 upper-case hex digits without separators', () => {
    expect(normalMac('a0:b0:c0:01:01:06')).toBe('A0B0C0010106');
    expect(normalMac('A0-B0-C0-01-01-06')).toBe('A0B0C0010106');
    expect(normalMac(null)).toBe('');
  });
});

describe('the simulator client (contract F control routes)', () => {
  it('lists the virtual locks with their macs normalised', async () => {
    const { fetchImpl, sent } = fakeFetch({ 'GET /locks': { body: { ok: true, locks: [LOCK] } } });
    const locks = await simulatorClient({ fetchImpl }).locks();
    expect(locks).toEqual([{ ...LOCK, mac_id: 'A0B0C0010106' }]);
    expect(sent[0]).toMatchObject({ method: 'GET', url: `${BASE}/locks` });
  });

  it('says the simulator is unreachable when nothing answers (no gateway, or this origin refused)', async () => {
    const { fetchImpl } = fakeFetch({ 'GET /locks': new TypeError('Failed to fetch') });
    const error = await failure(simulatorClient({ fetchImpl }).locks());
    expect(error.kind).toBe('unreachable');
  });

  it('says a gateway without virtual locks has none when it does not know the route', async () => {
    const { fetchImpl } = fakeFetch({});
    expect((await failure(simulatorClient({ fetchImpl }).locks())).kind).toBe('noLocks');
    const refusal = fakeFetch({
      'GET /locks': { status: 404, body: { ok: false, msg: 'unknown path', error: 'NOT_FOUND' } },
    });
    expect((await failure(simulatorClient({ fetchImpl: refusal.fetchImpl }).locks())).kind).toBe('noLocks');
  });

  it('syncs a lock by its mac in any spelling, with the operator, and counts what it learned', async () => {
    const { fetchImpl, sent } = fakeFetch({
      'POST /locks/A0B0C0010106/sync': {
        body: {
          ok: true,
          sync_id: 'sync-1',
          learned: { deleted_cards: [12, 13], universal_cards: [], passwords: 1, faces: 0, fingerprints: [] },
          uploaded: 3,
          duplicates: 1,
        },
      },
    });
    const sync = await simulatorClient({ fetchImpl }).sync('a0:b0:c0:01:01:06', 'Wang Fang');
    expect(sync).toEqual({
      sync_id: 'sync-1',
      learned: { deleted_cards: 2, universal_cards: 0, passwords: 1, faces: 0, fingerprints: 0 },
      uploaded: 3,
      duplicates: 1,
    });
    expect(sent[0]).toMatchObject({ method: 'POST', body: { operator: 'Wang Fang' } });
  });

  it('turns LOCK_NOT_INSTALLED into notInstalled and any other refusal into refused with its words', async () => {
    const { fetchImpl } = fakeFetch({
      'POST /locks/A0B0C0010106/sync': {
        body: { ok: false, msg: 'lock A0B0C0010106 is not installed', error: 'LOCK_NOT_INSTALLED' },
      },
      'POST /locks/install': {
        body: { ok: false, msg: 'the server refused the secret', error: 'LOCK_AUTH_FAILED' },
      },
    });
    const client = simulatorClient({ fetchImpl });
    const missing = await failure(client.sync('A0B0C0010106'));
    expect([missing.kind, missing.code]).toEqual(['notInstalled', 'LOCK_NOT_INSTALLED']);
    const refused = await failure(client.install({ mac_id: 'a0b0c0010106', secret: 'lds_17_x' }));
    expect([refused.kind, refused.detail, refused.code]).toEqual([
      'refused',
      'the server refused the secret',
      'LOCK_AUTH_FAILED',
    ]);
  });

  it('installs a lock with its secret and server, and presents a password at the door', async () => {
    const { fetchImpl, sent } = fakeFetch({
      'POST /locks/install': { body: { ok: true, lock: LOCK } },
      'POST /locks/A0B0C0010106/tap': {
        body: { ok: true, decision: 'deny', reason: 'passwordUnknown', record_uid: 'r-1' },
      },
    });
    const client = simulatorClient({ fetchImpl, baseUrl: `${BASE}/` });
    const lock = await client.install({
      mac_id: 'a0:b0:c0:01:01:06',
      secret: 'lds_17_abc',
      server: 'http://127.0.0.1:8080',
    });
    expect(lock.room_id).toBe(17);
    expect(sent[0]?.body).toEqual({
      mac_id: 'A0B0C0010106',
      secret: 'lds_17_abc',
      server: 'http://127.0.0.1:8080',
    });
    expect(await client.tap('A0B0C0010106', { password: '123456' })).toEqual({
      decision: 'deny',
      reason: 'passwordUnknown',
      record_uid: 'r-1',
    });
    expect(sent[1]).toMatchObject({ url: `${BASE}/locks/A0B0C0010106/tap`, body: { password: '123456' } });
  });

  it('treats an answer that is not JSON as no simulator', async () => {
    const { fetchImpl } = fakeFetch({ 'GET /locks': { status: 200, body: '<html>a web server</html>' } });
    expect((await failure(simulatorClient({ fetchImpl }).locks())).kind).toBe('unreachable');
  });
});
