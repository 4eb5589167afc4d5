// The card-service API (server/API.md §18) driven from outside with plain HTTP against the built server process, as
// a PMS would: a key made by the super administrator (through the console's /manage client), then login, rooms, a
// room card planned, written on a simulated MIFARE card, verified with its read-back, listed and deleted; a wrong
// read-back issues nothing.

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { manageCall } from '@lockdesk/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPrerequisites, DEMO_ACCOUNTS, DEMO_PASSWORD, startServer, stopProcess } from './harness.js';

interface Step {
  block: number;
  key: string;
  data: string;
}

/** A blank MIFARE Classic 1K card on the encoder: blocks and key A per sector (transport key when new). */
class SimulatedCard {
  readonly blocks = new Map<number, string>();
  readonly keys = new Map<number, string>();
  constructor(readonly uid: string) {}
  keyOf(sector: number): string {
    return this.keys.get(sector) ?? 'FFFFFFFFFFFF';
  }
  write(step: Step): void {
    const sector = Math.floor(step.block / 4);
    if (this.keyOf(sector) !== step.key.toUpperCase()) throw new Error(`auth failed on block ${step.block}`);
    if (step.block % 4 === 3) this.keys.set(sector, step.data.slice(0, 12).toUpperCase());
    this.blocks.set(step.block, step.data.toUpperCase());
  }
  read(block: number, key: string): string {
    const sector = Math.floor(block / 4);
    if (this.keyOf(sector) !== key.toUpperCase()) throw new Error(`auth failed on block ${block}`);
    const data =
      this.blocks.get(block) ??
      (block % 4 === 3 ? `${this.keyOf(sector)}FF078069FFFFFFFFFFFF` : '0'.repeat(32));
    // A trailer reads key A as zeros.
    return block % 4 === 3 ? `000000000000${data.slice(12)}` : data;
  }
  readBack(verify: Step[]): Record<string, string> {
    return Object.fromEntries(verify.map((s) => [String(s.block), this.read(s.block, s.key)]));
  }
}

let server: ChildProcess | undefined;
let dataDir = '';
let base = '';

beforeAll(async () => {
  checkPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-card-service-'));
  const started = await startServer(dataDir);
  server = started.child;
  base = started.url;
}, 90_000);

afterAll(async () => {
  await stopProcess(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Answer<T> {
  status: number;
  body: { code: number; msg: string; error?: string; data: T };
}

async function http<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> = {},
  token?: string,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  const url = new URL(path, base);
  if (method === 'GET') for (const [k, v] of Object.entries(input)) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method,
    headers,
    ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

/** Makes an API key as the super administrator would on the console. */
async function createKey(): Promise<string> {
  const login = await manageCall<{ token: string }>(base, 'login', {
    mobile: DEMO_ACCOUNTS.super,
    password: DEMO_PASSWORD,
  });
  expect(login.errno).toBe(0);
  const made = await manageCall<{ key: string }>(
    base,
    'user/apikey',
    { name: 'PMS suite' },
    { token: login.data.token },
  );
  expect(made.errno).toBe(0);
  return made.data.key;
}

describe('the card-service API over HTTP', () => {
  it('signs in, lists rooms, writes and verifies a room card, lists and deletes it', {
    timeout: 60_000,
  }, async () => {
    const key = await createKey();
    const login = await http<{ token: string; hotel_id: number; expires_in: number }>('POST', '/auth/login', {
      api_key: key,
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ code: 200, msg: 'ok', data: { expires_in: 7200 } });
    const { token, hotel_id } = login.body.data;

    const rooms = await http<{
      list: { room_id: number; name: string; mac_id: string | null }[];
      total: number;
    }>('GET', '/linQuan/getRoomListByHotelId', { hotel_id, keyword: '1105' }, token);
    expect(rooms.body.code).toBe(200);
    const room = rooms.body.data.list.find((r) => r.name === '1105');
    expect(room?.mac_id).toBeTruthy();

    const card = new SimulatedCard('04C0FFEE');
    const end = Math.floor(Date.now() / 1000) + 86_400;
    const plan = await http<{
      id: number;
      card_id: string;
      writes: Step[];
      verify: Step[];
      record: { status: string };
    }>(
      'POST',
      '/linQuan/writeRoomCard',
      { room_id: room?.room_id, card_uid: card.uid, end_time: end, guest_name: 'Suite Guest' },
      token,
    );
    expect(plan.body.code).toBe(200);
    expect(plan.body.data.record.status).toBe('pending');
    for (const step of plan.body.data.writes) card.write(step);

    // A read-back that differs in one byte: refused, nothing issued.
    const tampered = card.readBack(plan.body.data.verify);
    const first = String(plan.body.data.verify[0]?.block);
    tampered[first] =
      `${(tampered[first] as string).slice(0, 30)}${(tampered[first] as string).endsWith('00') ? '01' : '00'}`;
    const refused = await http(
      'POST',
      '/linQuan/writeRoomCard',
      { step: 'confirm', id: plan.body.data.id, card_uid: card.uid, blocks: tampered },
      token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 409, error: 'CARD_WRITE_UNVERIFIED' });
    const pending = await http<{ list: { id: number; status: string }[] }>(
      'POST',
      '/linQuan/getAuthorizationRecord',
      {},
      token,
    );
    expect(pending.body.data.list.find((r) => r.id === plan.body.data.id)?.status).toBe('pending');

    const confirmed = await http<{ record: { status: string; guest_name: string } }>(
      'POST',
      '/linQuan/writeRoomCard',
      {
        step: 'confirm',
        id: plan.body.data.id,
        card_uid: card.uid,
        blocks: card.readBack(plan.body.data.verify),
      },
      token,
    );
    expect(confirmed.body).toMatchObject({
      code: 200,
      data: { record: { status: 'issued', guest_name: 'Suite Guest' } },
    });

    const records = await http<{ list: { id: number; status: string }[]; total: number }>(
      'POST',
      '/linQuan/getAuthorizationRecord',
      { status: 'issued' },
      token,
    );
    expect(records.body.data.list.map((r) => r.id)).toContain(plan.body.data.id);

    const deleted = await http<{ status: string; lock_sync: string }>(
      'POST',
      '/linQuan/deleteRoomCard',
      { id: plan.body.data.id },
      token,
    );
    expect(deleted.body).toMatchObject({ code: 200, data: { status: 'deleted', lock_sync: 'pending' } });
  });

  it('answers bad input with a 400 in the caller’s language, never a 500', async () => {
    const key = await createKey();
    const { token } = (await http<{ token: string }>('POST', '/auth/login', { api_key: key })).body.data;
    const res = await fetch(new URL('/linQuan/writeRoomCard', base), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'accept-language': 'fr-FR',
      },
      body: '{"room_id": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, error: 'DATA_PARSE_FAILED' });
    const none = await http('GET', '/linQuan/getRoomListByHotelId', { hotel_id: 1 });
    expect(none.body).toMatchObject({ code: 401, error: 'LOGIN_EXPIRED' });
  });
});
