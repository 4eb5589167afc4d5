/**
 * Envelope benchmark (`pnpm bench`): what checking a /manage body costs, and what share of a call it is, to decide
 * whether the hand-written validators (protocol's `checkBody` over `f` rows) should give way to a schema library
 * (issue 20 §1). Three typical bodies, as the console sends them: a check-in (room/tenant/update/checkIn), a page of
 * the room list (room/listNew) and a card to write (room/cardAdd), with their schemas as the server registered them.
 *
 *  1. The body check alone, in this process: `checkBody` (the baseline), and the same schemas in valibot and in zod
 *     (bench/schema-libraries.ts, same answers: checked first on valid and refused bodies). Figures are the median
 *     of ROUNDS rounds of at least ROUND_MS each; ratios are against checkBody in the same run. Also each library's
 *     cost to build the three schemas and parse once (what a cold start pays).
 *  2. The whole /manage dispatch through inject() on the demo hotel (PGlite in memory): DES envelope opened, session
 *     and call budget read, body checked, handler run, answer sealed. Probe calls with the three schemas and a
 *     handler that answers null, a public probe with no fields (the floor: envelope, budget, seal), and the real
 *     room/listNew page (answers kept, as the server runs). Ratios are against the public probe; the body check's
 *     share of its call is the figure of part 1 over the call's time.
 * No figure is asserted: the numbers are printed for a person to read.
 */
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_ENVELOPE_KEYS,
  encryptEnvelope,
  type Result,
  roomCalls,
  type Schema,
  stayCalls,
  checkBody as validate,
} from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/password.js';
import { defineCall } from '../src/call.js';
import { manageCall, openAnswer } from '../src/client.js';
import { migrateToLatest, openDatabase } from '../src/db/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../src/demo.js';
import { type BodyCheck, valibotCheck, zodCheck } from './schema-libraries.js';

const ROUNDS = 7;
const ROUND_MS = 400;
const DISPATCH_ROUNDS = 7;
const DISPATCH_PER_ROUND = 300;

const now = Math.floor(Date.now() / 1000);
const day = 86_400;

/** A typical body of each call, as the console sends it (numbers and flags as the forms hold them). */
const BODIES = {
  checkIn: {
    room_id: 12,
    mobile: '13800138000',
    nickname: 'Li Wei',
    id_number: '110101199003074512',
    start_time: now,
    end_time: '2026-12-24 12:00',
    other_information: 'Late arrival, quiet room',
    breakfast: 2,
    unlock_by_id_card: false,
    disable_old_cards: true,
    tenants: [{ mobile: '13900139000', nickname: 'Wang Fang' }],
    price: 288,
    deposit: '100',
    kind: 'card',
  },
  roomList: { page: 1, limit: 20, status: -1, sort: 'asc', name: '', category_id: '0' },
  cardAdd: {
    type: 1,
    card_uid: '04A1B2C3',
    start_time: now,
    end_time: now + 3 * day,
    building: 1,
    floor: 2,
    note: 'Front desk',
    unsubscribe_old: 0,
  },
} as const;

/** Bodies each check must refuse exactly as checkBody does (code and field). */
const REFUSED: Record<keyof typeof BODIES, Record<string, unknown>[]> = {
  checkIn: [
    { ...BODIES.checkIn, mobile: '' },
    { ...BODIES.checkIn, mobile: '12345' },
    { ...BODIES.checkIn, start_time: 'tomorrow' },
    { ...BODIES.checkIn, end_time: null },
    { ...BODIES.checkIn, breakfast: 21 },
    { ...BODIES.checkIn, price: -1 },
    { ...BODIES.checkIn, kind: 'teleport' },
    { ...BODIES.checkIn, nickname: 'x'.repeat(200) },
  ],
  roomList: [{ page: 0 }, { limit: '1.5' }, { status: 9 }, { sort: 'up' }, { name: 'a\u0000b' }],
  cardAdd: [
    { ...BODIES.cardAdd, type: 7 },
    { ...BODIES.cardAdd, card_uid: 'ZZ' },
    { ...BODIES.cardAdd, end_time: '' },
    { ...BODIES.cardAdd, building: 70_000 },
    { ...BODIES.cardAdd, unsubscribe_old: 'maybe' },
  ],
};

/** Loose equality of two checked bodies: Dates by time, a key holding undefined as an absent key. */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

/** The answer of a check, comparable: the value, or the code and field. */
const outcome = (r: Result<unknown>) => (r.ok ? r : { code: r.code, field: r.params?.['field'] });

/** Refuses to measure a library check that does not answer as checkBody does. */
function requireSameAnswers(
  name: string,
  schema: Schema,
  check: BodyCheck,
  bodies: Record<string, unknown>[],
) {
  for (const body of bodies) {
    const want = outcome(validate(schema, body));
    const got = outcome(check(body));
    if (!same(want, got))
      throw new Error(
        `${name} answers ${JSON.stringify(got)} where checkBody answers ${JSON.stringify(want)}`,
      );
  }
}

/** Nanoseconds per call of `run`, the median of ROUNDS rounds of at least ROUND_MS. */
function nsPerCall(run: () => unknown): number {
  for (let i = 0; i < 20_000; i++) run();
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let calls = 0;
    const started = performance.now();
    let elapsed = 0;
    while (elapsed < ROUND_MS) {
      for (let i = 0; i < 1_000; i++) run();
      calls += 1_000;
      elapsed = performance.now() - started;
    }
    rounds.push((elapsed * 1e6) / calls);
  }
  return median(rounds);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

/** The demo hotel's app on PGlite in memory, signed in as its super administrator. */
async function demoApp(): Promise<{ app: FastifyInstance; token: string }> {
  const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await migrateToLatest(db);
  await seedDemo(db, { passwordHash: await hashPassword(DEMO_PASSWORD, 2 ** 10), now: Date.now() });
  const app = await buildApp({
    db,
    logger: false,
    webDist: null,
    callsPerMinute: 100_000_000,
    publicCallsPerMinute: 100_000_000,
    scryptCost: 2 ** 10,
  });
  const login = await manageCall<{ token: string }>(app, 'login', {
    mobile: DEMO_ACCOUNTS.super,
    password: DEMO_PASSWORD,
  });
  if (login.errno !== 0) throw new Error(`bench login failed: ${login.errmsg}`);
  return { app, token: login.data.token };
}

interface DispatchTarget {
  name: string;
  path: string;
  fields: Record<string, unknown>;
  token: string | undefined;
}

/**
 * Microseconds per /manage request through inject() for each target, the median of DISPATCH_ROUNDS rounds. The
 * targets take turns within each round, so a machine busy for a while slows them alike.
 */
async function usPerRequest(app: FastifyInstance, targets: DispatchTarget[]): Promise<number[]> {
  const requests = targets.map((t) => {
    const sealed = encryptEnvelope({ action: 'manage', ...t.fields }, DEFAULT_ENVELOPE_KEYS);
    if (!sealed.ok) throw new Error(sealed.detail);
    return {
      method: 'POST' as const,
      url: `/manage/${t.path}`,
      headers: {
        'content-type': 'application/json',
        language: 'en',
        ...(t.token ? { authorization: `Bearer ${t.token}` } : {}),
      },
      payload: JSON.stringify({ data: sealed.value, language: 'en' }),
    };
  });
  for (const [i, request] of requests.entries()) {
    const first = await app.inject(request);
    const answer = openAnswer<unknown>(first.body, first.statusCode);
    if (answer.errno !== 0) throw new Error(`${targets[i]?.path} answered ${answer.errno} ${answer.errmsg}`);
    for (let n = 0; n < 300; n++) await app.inject(request);
  }
  const rounds = targets.map((): number[] => []);
  for (let r = 0; r < DISPATCH_ROUNDS; r++)
    for (const [i, request] of requests.entries()) {
      const started = performance.now();
      for (let n = 0; n < DISPATCH_PER_ROUND; n++) await app.inject(request);
      rounds[i]?.push(((performance.now() - started) * 1000) / DISPATCH_PER_ROUND);
    }
  return rounds.map(median);
}

async function main(): Promise<void> {
  const { app, token } = await demoApp();
  const registered = (path: string): Schema => {
    const call = app.calls.get(path);
    if (!call) throw new Error(`no call ${path}`);
    return call.schema;
  };
  const schemas: Record<keyof typeof BODIES, { path: string; schema: Schema }> = {
    checkIn: { path: stayCalls.checkIn.path, schema: registered(stayCalls.checkIn.path) },
    roomList: { path: roomCalls.list.path, schema: registered(roomCalls.list.path) },
    cardAdd: { path: 'room/cardAdd', schema: registered('room/cardAdd') },
  };
  const names = Object.keys(BODIES) as (keyof typeof BODIES)[];

  // ---- 1. The body check alone ----
  const libraries: { name: string; make: (s: Schema) => BodyCheck; buildUs: number }[] = [
    { name: 'valibot 1.5', make: valibotCheck, buildUs: 0 },
    { name: 'zod 4.6', make: zodCheck, buildUs: 0 },
  ];
  const checks = new Map<string, BodyCheck>();
  for (const lib of libraries) {
    const started = performance.now();
    for (const n of names) {
      const check = lib.make(schemas[n].schema);
      check(BODIES[n]);
      checks.set(`${lib.name}:${n}`, check);
    }
    lib.buildUs = (performance.now() - started) * 1000;
  }
  for (const n of names) {
    const body = BODIES[n] as Record<string, unknown>;
    if (!validate(schemas[n].schema, body).ok) throw new Error(`the ${n} body is refused by checkBody`);
    for (const lib of libraries)
      requireSameAnswers(`${lib.name} ${n}`, schemas[n].schema, checks.get(`${lib.name}:${n}`) as BodyCheck, [
        body,
        ...REFUSED[n],
      ]);
  }

  const checkNs = new Map<string, number>();
  const lines: string[] = [];
  for (const n of names) {
    const body = BODIES[n] as Record<string, unknown>;
    const schema = schemas[n].schema;
    const base = nsPerCall(() => validate(schema, body));
    checkNs.set(`f:${n}`, base);
    const cells = [`${n} (${Object.keys(schema).length} fields)`.padEnd(28), fmt(base).padStart(9)];
    for (const lib of libraries) {
      const check = checks.get(`${lib.name}:${n}`) as BodyCheck;
      const ns = nsPerCall(() => check(body));
      checkNs.set(`${lib.name}:${n}`, ns);
      cells.push(fmt(ns).padStart(9), `×${fmt(ns / base, 2)}`.padStart(7));
    }
    lines.push(cells.join(' '));
  }
  for (const n of names) {
    const refused = REFUSED[n][0] as Record<string, unknown>;
    const schema = schemas[n].schema;
    const base = nsPerCall(() => validate(schema, refused));
    const cells = [`  ${n}, refused`.padEnd(28), fmt(base).padStart(9)];
    for (const lib of libraries) {
      const check = checks.get(`${lib.name}:${n}`) as BodyCheck;
      const ns = nsPerCall(() => check(refused));
      cells.push(fmt(ns).padStart(9), `×${fmt(ns / base, 2)}`.padStart(7));
    }
    lines.push(cells.join(' '));
  }
  console.log(
    `\n1. The body check alone: ns per body (median of ${ROUNDS} rounds of ${ROUND_MS} ms), ×checkBody`,
  );
  console.log(
    [
      'body'.padEnd(28),
      'checkBody'.padStart(9),
      ...libraries.flatMap((l) => [l.name.padStart(9), ''.padStart(7)]),
    ].join(' '),
  );
  for (const line of lines) console.log(line);
  for (const lib of libraries)
    console.log(`${lib.name}: building the three schemas and a first parse of each: ${fmt(lib.buildUs)} µs`);

  // ---- 2. The whole /manage dispatch ----
  const probe = (path: string, summary: string, auth: 'user' | 'public', schema: Schema) =>
    defineCall(app, { path, summary, auth, mutates: false, schema, handler: async () => null });
  probe('bench/public', 'A public call with no fields', 'public', {});
  probe('bench/none', 'A signed-in call with no fields (the floor)', 'user', {});
  for (const n of names)
    probe(`bench/${n}`, `${schemas[n].path}'s schema, answering null`, 'user', schemas[n].schema);
  const targets: DispatchTarget[] = [
    { name: 'signed-in probe, no fields (the floor)', path: 'bench/none', fields: {}, token },
    { name: 'public probe, no fields', path: 'bench/public', fields: {}, token: undefined },
    ...names.map((n) => ({ name: `${schemas[n].path} probe`, path: `bench/${n}`, fields: BODIES[n], token })),
    {
      name: `${roomCalls.list.path}, a real page of 20 (kept)`,
      path: roomCalls.list.path,
      fields: BODIES.roomList,
      token,
    },
  ];
  const times = await usPerRequest(app, targets);
  const floor = times[0] as number;
  const rows = targets.map((t, i) => {
    const us = times[i] as number;
    const n = names.find(
      (k) => t.path === `bench/${k}` || (k === 'roomList' && t.path === roomCalls.list.path),
    );
    let share = '';
    if (n) {
      const fNs = checkNs.get(`f:${n}`) as number;
      share = `checkBody ${fmt(fNs / 10 / us, 2)}%`;
      if (t.path.startsWith('bench/'))
        for (const lib of libraries) {
          const change = ((checkNs.get(`${lib.name}:${n}`) as number) - fNs) / 1000;
          share += ` | ${lib.name} ${fmt(us + change, 1)} µs (+${fmt((100 * change) / us, 2)}%)`;
        }
    }
    return [t.name.padEnd(44), fmt(us, 1).padStart(8), `×${fmt(us / floor, 2)}`.padStart(7), share].join(' ');
  });
  console.log(
    `\n2. The /manage dispatch through inject(): µs per request (median of ${DISPATCH_ROUNDS} rounds of ` +
      `${DISPATCH_PER_ROUND}, the targets in turn), ×floor, the body check's share of the call, and the call ` +
      "with each library's check instead",
  );
  for (const line of rows) console.log(line);
  await app.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
