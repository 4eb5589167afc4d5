/**
 * Server benchmark (`pnpm bench`): requests per second and latency percentiles, over real loopback HTTP, of
 *   1. a bare Fastify route (the floor: what HTTP and JSON cost on this machine),
 *   2. an enveloped, authenticated room/listNew page of 50 rooms at 10,000 rooms on PGlite,
 *   3. the same on PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432; a bench database is created and dropped),
 * and each one's ratio to the bare route. A fixed number of connections keeps requests in flight for a fixed time.
 * The pages cycle through all 200 pages of the list. Rows 2 and 3 are the server as it runs: a page once built is
 * kept until a room changes (rooms/room-list.ts). Each is followed by the same load with the list's tables marked
 * changed before every request ("nothing kept"), the worst case of a hotel whose rooms change between any two
 * page views: what building a page costs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DEFAULT_ENVELOPE_KEYS, encryptEnvelope } from '@lockdesk/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/password.js';
import { manageCall } from '../src/client.js';
import { nativeEnvelope } from '../src/crypto/native-envelope.js';
import { changeFeed } from '../src/db/changes.js';
import { type Db, migrateToLatest, openDatabase } from '../src/db/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, growDemoRooms, seedDemo } from '../src/demo.js';

const ROOMS = 10_000;
const PAGE = 50;
const CONNECTIONS = 16;
const WARMUP_MS = 1_000;
const MEASURE_MS = 6_000;

interface Figures {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

interface Target {
  port: number;
  path: string;
  headers: Record<string, string>;
  /** Request bodies, used in turn. */
  bodies: string[];
  /** Checks one answer body (a failing check counts as an error). */
  check(status: number, body: string): boolean;
  /** Runs before each request. */
  before?(): void;
}

const envelope = nativeEnvelope(DEFAULT_ENVELOPE_KEYS);
/** Answers already opened and found errno 0. */
const goodAnswers = new Set<string>();

/** True when an enveloped answer opens to errno 0. */
function checkedAnswer(text: string): boolean {
  if (goodAnswers.has(text)) return true;
  const sealed = (JSON.parse(text) as { data?: unknown }).data;
  const answer = envelope.decrypt<{ errno: number }>(sealed);
  if (!answer.ok || answer.value.errno !== 0) return false;
  if (goodAnswers.size > 10_000) goodAnswers.clear();
  goodAnswers.add(text);
  return true;
}
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function send(target: Target, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.path,
        method: 'POST',
        agent,
        headers: { ...target.headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Keeps CONNECTIONS requests in flight for `ms`; returns the latencies (ms) and errors seen. */
async function load(target: Target, ms: number): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const until = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < until) {
      const body = target.bodies[n++ % target.bodies.length] as string;
      target.before?.();
      const started = performance.now();
      try {
        const res = await send(target, body);
        latencies.push(performance.now() - started);
        if (!target.check(res.status, res.text)) errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { latencies, errors };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function measure(name: string, target: Target): Promise<Figures> {
  await load(target, WARMUP_MS);
  const { latencies, errors } = await load(target, MEASURE_MS);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    errors,
    rps: latencies.length / (MEASURE_MS / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** The demo hotel grown to ROOMS rooms (the same rooms as `lockdesk-server start --demo --demo-rooms 10000`). */
async function seed(db: Db): Promise<void> {
  await migrateToLatest(db);
  const now = Date.now();
  await seedDemo(db, { passwordHash: await hashPassword(DEMO_PASSWORD, 2 ** 10), now });
  await growDemoRooms(db, ROOMS, now);
  await sql`ANALYZE`.execute(db);
}

async function listNewTarget(
  db: Db,
): Promise<{ target: Target; cold: Target; close(): Promise<void>; plan: string }> {
  const app = await buildApp({
    db,
    logger: false,
    webDist: null,
    callsPerMinute: 100_000_000,
    scryptCost: 2 ** 10,
  });
  const port = await listen(app);
  const base = `http://127.0.0.1:${port}`;
  const login = await manageCall<{ token: string }>(base, 'login', {
    mobile: DEMO_ACCOUNTS.super,
    password: DEMO_PASSWORD,
  });
  if (login.errno !== 0) throw new Error(`bench login failed: ${login.errmsg}`);
  const pages = ROOMS / PAGE;
  const bodies = Array.from({ length: pages }, (_, i) => {
    const sealed = encryptEnvelope({ action: 'manage', page: i + 1, limit: PAGE }, DEFAULT_ENVELOPE_KEYS);
    if (!sealed.ok) throw new Error(sealed.detail);
    return JSON.stringify({ data: sealed.value, language: 'en' });
  });
  const first = await manageCall<{ total: number; list: unknown[] }>(
    base,
    'room/listNew',
    { page: 1, limit: PAGE },
    { token: login.data.token },
  );
  if (first.errno !== 0 || first.data.total !== ROOMS || first.data.list.length !== PAGE) {
    throw new Error(`room/listNew answered ${first.errno} ${first.errmsg} (total ${first.data?.total})`);
  }
  // A page after the first starts right after the last row of the page before it (rooms/repository/room-list.ts).
  const explained = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT r.* FROM rooms r WHERE r.hotel_id = 1
    AND (r.name_key, r.id) > ('5-0501', 5000) ORDER BY r.name_key, r.id LIMIT 50`.execute(db);
  const target: Target = {
    port,
    path: '/manage/room/listNew',
    headers: {
      'content-type': 'application/json',
      language: 'en',
      authorization: `Bearer ${login.data.token}`,
    },
    bodies,
    // The client runs in the server's process, so its DES is paid out of the server's CPU. The console's
    // envelope (crypto-js, client.ts's openAnswer) takes ~13 ms to open a page of 50, twenty times OpenSSL: opening
    // even one answer in 25 with it cost the process more than the server's own work once pages are kept. Every
    // answer is checked: HTTP 200, and errno 0 once opened with the OpenSSL envelope (the same bytes:
    // crypto/native-envelope.test.ts) — an answer equal to the last one checked for the same request is not
    // opened again.
    check: (status, text) => status === 200 && checkedAnswer(text),
  };
  const feed = changeFeed(db);
  return {
    target,
    cold: { ...target, before: () => feed?.changed('rooms') },
    close: () => app.close(),
    plan: explained.rows.map((r) => r['QUERY PLAN']).join(' | '),
  };
}

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

/** Drops the bench database once the pool's connections have gone (FORCE would kill them under the pool). */
async function dropWhenFree(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (e) {
      // 55006: the database is still being accessed.
      if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function row(f: Figures, bare: Figures): string {
  const cells = [
    f.name.padEnd(52),
    f.rps.toFixed(0).padStart(8),
    f.p50.toFixed(2).padStart(8),
    f.p99.toFixed(2).padStart(8),
    (f.rps / bare.rps).toFixed(3).padStart(9),
    String(f.errors).padStart(6),
  ];
  return cells.join(' ');
}

async function main(): Promise<void> {
  const results: Figures[] = [];

  const bareApp = Fastify({ logger: false });
  bareApp.post('/bare', async () => ({ errno: 0, errmsg: '', data: { ok: true } }));
  const barePort = await listen(bareApp);
  const bare = await measure('bare Fastify route', {
    port: barePort,
    path: '/bare',
    headers: { 'content-type': 'application/json' },
    bodies: ['{"ping":1}'],
    check: (status) => status === 200,
  });
  results.push(bare);
  await bareApp.close();

  const lite = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  let started = performance.now();
  await seed(lite);
  console.log(`PGlite: ${ROOMS} rooms seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const onLite = await listNewTarget(lite);
  console.log(`PGlite plan of a page: ${onLite.plan}`);
  results.push(await measure(`room/listNew page of ${PAGE}, ${ROOMS} rooms, PGlite`, onLite.target));
  results.push(await measure('  PGlite, nothing kept', onLite.cold));
  await onLite.close();
  await lite.destroy();

  const url = await postgresUrl();
  if (url) {
    const name = `lockdesk_bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const benchUrl = new URL(url);
    benchUrl.pathname = `/${name}`;
    const db = await openDatabase({ kind: 'postgres', url: benchUrl.toString() });
    try {
      started = performance.now();
      await seed(db);
      console.log(
        `PostgreSQL: ${ROOMS} rooms seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const onPg = await listNewTarget(db);
      console.log(`PostgreSQL plan of a page: ${onPg.plan}`);
      results.push(await measure(`room/listNew page of ${PAGE}, ${ROOMS} rooms, PostgreSQL`, onPg.target));
      results.push(await measure('  PostgreSQL, nothing kept', onPg.cold));
      await onPg.close();
    } finally {
      await db.destroy();
      await dropWhenFree(admin, name);
      await admin.end();
    }
  } else {
    console.warn('PostgreSQL not reachable (TEST_DATABASE_URL or 127.0.0.1:5432): its row is left out.');
  }

  console.log(
    `\n${CONNECTIONS} connections, ${MEASURE_MS / 1000} s measured after ${WARMUP_MS / 1000} s warm-up, loopback HTTP`,
  );
  console.log(
    [
      'target'.padEnd(52),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'vs bare'.padStart(9),
      'errors'.padStart(6),
    ].join(' '),
  );
  for (const f of results) console.log(row(f, bare));
  agent.destroy();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
