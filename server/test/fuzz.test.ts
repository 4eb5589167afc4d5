/**
 * 1,000 random requests over every registered /manage call (this area's and every other): random bodies built
 * from each call's schema, random JSON, random and damaged envelopes. None may answer anything but an enveloped
 * HTTP 200 with a known errno, none may fall into the catch-all 'Error' (which would be a hidden 500), and the
 * server keeps answering afterwards.
 */
import { ERRNO, encryptEnvelope, errorText } from '@lockdesk/protocol';
import { beforeAll, expect, it } from 'vitest';
import { openAnswer } from '../src/client.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import type { Field } from '../src/fields.js';
import { describeEachDatabase } from './helpers.js';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_121);
const REQUESTS = 1000;
const KNOWN_ERRNOS = new Set<number>(Object.values(ERRNO));

/** mulberry32: a small seeded PRNG, so a failing run can be replayed with FUZZ_SEED. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  return { next, int, pick };
}
type Rng = ReturnType<typeof prng>;

const WEIRD_STRINGS = [
  '',
  ' ',
  'a',
  '13800138000',
  '1380013800',
  '23800138000',
  'x'.repeat(5000),
  "'; DROP TABLE users; --",
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  '🏨🔑',
  'مرحبا',
  '<script>alert(1)</script>',
  '{"a":1}',
  '2026-13-45 25:61:61',
  '2026-11-21 12:00:00',
  '1970-01-01T00:00:00Z',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '0x1F',
  'true',
  'null',
  'A0B0C0010101',
  'ZZZZZZZZZZZZ',
];
const WEIRD_NUMBERS = [
  0,
  -1,
  1,
  0.5,
  -0.0,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  253_402_300_800_000,
  1_764_000_000,
  9_999_999_999.99,
  12_345_678_901,
];

function randomJson(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 5 : 8)) {
    case 0:
      return null;
    case 1:
      return rng.next() < 0.5;
    case 2:
      return rng.pick(WEIRD_NUMBERS);
    case 3:
    case 4:
      return rng.pick(WEIRD_STRINGS);
    case 5:
      return Array.from({ length: rng.int(4) }, () => randomJson(rng, depth + 1));
    case 6:
      return Object.fromEntries(
        Array.from({ length: rng.int(4) }, (_, i) => [`k${i}`, randomJson(rng, depth + 1)]),
      );
    default:
      return rng.int(100) + 1;
  }
}

/** A value that is sometimes right for the field and often wrong. */
function valueFor(rng: Rng, field: Field): unknown {
  if (rng.next() < 0.35) return randomJson(rng);
  switch (field.type) {
    case 'string':
      return rng.next() < 0.5 ? rng.pick(WEIRD_STRINGS) : 'x'.repeat(rng.int(40));
    case 'int':
    case 'number':
      return rng.next() < 0.5 ? rng.pick(WEIRD_NUMBERS) : rng.int(200) - 20;
    case 'bool':
      return rng.pick([true, false, 0, 1, '1', 'yes']);
    case 'time':
      return rng.pick([
        1_764_000_000,
        1_764_000_000_000,
        '2026-11-21 12:00',
        '2035-12-31 23:59:59',
        -5,
        1e20,
      ]);
    case 'enum':
      return rng.next() < 0.7 ? rng.pick(field.values) : randomJson(rng);
    case 'array':
      return Array.from({ length: rng.int(5) }, () => (field.of ? valueFor(rng, field.of) : randomJson(rng)));
    case 'object':
      return randomJson(rng);
  }
}

const seal = (value: unknown) => {
  const sealed = encryptEnvelope(value);
  if (!sealed.ok) throw new Error(sealed.detail);
  return sealed.value;
};

describeEachDatabase('fuzz: random envelopes and bodies over every call', (t) => {
  let tokens: string[] = [];
  const loginAll = async () => {
    tokens = [await t.login(DEMO_ACCOUNTS.super), await t.login(DEMO_ACCOUNTS.staff)];
  };
  beforeAll(async () => {
    await t.reset();
    await loginAll();
  });

  it(`${REQUESTS} requests never answer a 500, an unknown errno or the catch-all error (seed ${SEED})`, async () => {
    const rng = prng(SEED);
    const calls = [...t.app.calls.values()];
    expect(calls.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const call = rng.pick(calls);
      const kind = rng.int(10);
      let payload: string;
      let description: string;
      if (kind < 7) {
        // A body from the call's own schema, with fields dropped, wrong or extra.
        const body: Record<string, unknown> = { action: 'manage' };
        for (const [name, field] of Object.entries(call.schema as Record<string, Field>)) {
          if (rng.next() < 0.85) body[name] = valueFor(rng, field);
        }
        if (rng.next() < 0.1) body['uid'] = randomJson(rng);
        if (rng.next() < 0.1) body[rng.pick(WEIRD_STRINGS)] = randomJson(rng);
        description = JSON.stringify(body).slice(0, 300);
        payload = JSON.stringify({ data: seal(body), language: rng.pick(['en', 'chs', 'ar', 'xx']) });
      } else if (kind === 7) {
        const value = randomJson(rng);
        description = `envelope of ${JSON.stringify(value)?.slice(0, 200)}`;
        payload = JSON.stringify({ data: seal(value) });
      } else if (kind === 8) {
        const sealed = seal({ action: 'manage' });
        const damaged = sealed.slice(0, rng.int(sealed.length)) + rng.pick(['', '=', 'AAAA', '!!', '\n']);
        description = `damaged envelope ${damaged}`;
        payload = JSON.stringify({ data: damaged });
      } else {
        const value = randomJson(rng);
        description = `raw body ${JSON.stringify(value)?.slice(0, 200)}`;
        payload = rng.next() < 0.3 ? String(value).slice(0, 100) : (JSON.stringify(value) ?? '');
      }
      const token = rng.next() < 0.85 ? rng.pick(tokens) : undefined;
      const res = await t.app.inject({
        method: 'POST',
        url: `/manage/${call.path}`,
        payload,
        headers: {
          'content-type': rng.pick([
            'application/json',
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
          ]),
          language: rng.pick(['en', 'zh-CN', 'ru-RU', '', 'klingon']),
          uuid: `fuzz-${rng.int(5)}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      let problem: string | undefined;
      if (res.statusCode !== 200) problem = `HTTP ${res.statusCode}`;
      else {
        try {
          const answer = openAnswer(res.body, res.statusCode);
          // A fuzzed logout or password change ended a session: sign in again to keep reaching the handlers.
          if (answer.errno === ERRNO.sessionRevoked) await loginAll();
          if (!KNOWN_ERRNOS.has(answer.errno)) problem = `errno ${answer.errno}`;
          else if (answer.errno !== 0 && answer.errmsg === errorText('ERROR')) problem = 'catch-all Error';
        } catch (e) {
          problem = `undecodable answer: ${(e as Error).message}`;
        }
      }
      if (problem) offenders.push(`${call.path}: ${problem} ← ${description}`);
    }
    expect(offenders).toEqual([]);

    // Still up and answering.
    const token = await t.login(DEMO_ACCOUNTS.super);
    expect((await t.call('room/hotelInfo', {}, { token })).errno).toBe(0);
  }, 180_000);
});
