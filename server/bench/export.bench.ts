/**
 * Export benchmark (`pnpm bench`): 100,000 unlock records of the demo hotel exported as CSV and as XLSX through
 * export/create + GET /export/<token> over loopback HTTP (the client reads and discards the bytes), on PGlite and,
 * when reachable, PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432; a bench database is created and dropped).
 *
 * Each row of the table gives the time, the bytes, and the growth of the heap and of the RSS over their values just
 * before it (peak sampled every 10 ms, after a GC when run with --expose-gc, which the script asks tsx for).
 * Baselines measured in the same run, in the same process:
 *   - "read only": the same rows read through the export's own keyset batches (services/export/kinds.ts) and thrown
 *     away — what the database side costs; time and memory ratios are against it;
 *   - the same export of 10,000 rows: the heap growth at 100,000 rows over that at 10,000 says whether memory grows
 *     with the number of rows (streaming: ~1; a file built in memory: ~10);
 *   - a client that stops reading for 3 s half way: what a slow download holds in memory (backpressure).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/password.js';
import type { UserContext } from '../src/call.js';
import { manageCall } from '../src/client.js';
import { type Db, migrateToLatest, openDatabase } from '../src/db/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../src/demo.js';
import { EXPORT_SOURCES } from '../src/services/export/kinds.js';
import { exportTexts } from '../src/services/export/texts.js';

const ROWS = 100_000;
const SMALL = 10_000;
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

interface Figures {
  name: string;
  ms: number;
  bytes: number;
  rows: number;
  heapMb: number;
  /** Peak growth of the live heap (heap used right after a GC). */
  liveMb: number;
  rssMb: number;
}

/** Runs `work` while sampling memory; growth is measured over the values just before it. */
async function measured(
  name: string,
  work: () => Promise<{ bytes: number; rows: number }>,
): Promise<Figures> {
  gc?.();
  gc?.();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  let peakLive = before.heapUsed;
  let ticks = 0;
  const sampler = setInterval(() => {
    // Every 25th sample (~250 ms) after a full GC: what the export holds, not the garbage it has not yet dropped.
    if (gc && ++ticks % 25 === 0) {
      gc();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    }
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 10);
  const started = performance.now();
  try {
    const { bytes, rows } = await work();
    const ms = performance.now() - started;
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
    return {
      name,
      ms,
      bytes,
      rows,
      heapMb: (peakHeap - before.heapUsed) / MB,
      liveMb: (peakLive - before.heapUsed) / MB,
      rssMb: (peakRss - before.rss) / MB,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Writes ROWS unlock records over the demo's 100 rooms, ten per second, newest now. */
async function seed(db: Db): Promise<number> {
  await migrateToLatest(db);
  const now = Date.now();
  const ids = await seedDemo(db, { passwordHash: await hashPassword(DEMO_PASSWORD, 2 ** 10), now });
  const rooms = Object.entries(ids.rooms);
  const reasons = ['guestCard', 'superseded', 'expired', 'masterCard', 'wrongRoom'];
  for (let start = 0; start < ROWS; start += 5_000) {
    await db
      .insertInto('unlock_records')
      .values(
        Array.from({ length: 5_000 }, (_, k) => {
          const i = start + k;
          const [name, roomId] = rooms[i % rooms.length] as [string, number];
          const reason = reasons[i % reasons.length] as string;
          return {
            hotel_id: ids.hotelId,
            room_id: roomId,
            mac_id: `AA000000${name}`,
            type: 'card',
            opened: reason === 'guestCard' || reason === 'masterCard',
            reason,
            credential: String(10_000_000 + i).padStart(8, '0'),
            content: reason === 'guestCard' ? 'Guest card' : `Denied: ${reason}`,
            source: `card ${String(10_000_000 + i).padStart(8, '0')} / Guest ${i % 977}`,
            operator: '',
            record_uid: `bench-${i}`,
            happened_at: new Date(now - i * 100),
          };
        }),
      )
      .execute();
  }
  await sql`ANALYZE`.execute(db);
  return ids.hotelId;
}

/** GETs a URL and counts the body; `pauseAfter` bytes in, stops reading for `pauseMs`. */
function download(url: string, pause?: { after: number; ms: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`GET ${url} answered ${res.statusCode}`));
          res.resume();
          return;
        }
        let bytes = 0;
        let paused = false;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (pause && !paused && bytes >= pause.after) {
            paused = true;
            res.pause();
            setTimeout(() => res.resume(), pause.ms);
          }
        });
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function run(label: string, db: Db): Promise<Figures[]> {
  const started = performance.now();
  const hotelId = await seed(db);
  console.log(
    `${label}: ${ROWS} unlock records seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const app: FastifyInstance = await buildApp({
    db,
    logger: false,
    webDist: null,
    callsPerMinute: 100_000,
    scryptCost: 2 ** 10,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = await manageCall<{ token: string }>(base, 'login', {
      mobile: DEMO_ACCOUNTS.super,
      password: DEMO_PASSWORD,
    });
    if (login.errno !== 0) throw new Error(`bench login failed: ${login.errmsg}`);
    const token = login.data.token;
    // The 10,000 newest records: those of the last 1,000 seconds (ten a second).
    const small = { start_time: Math.floor(Date.now() / 1000) - SMALL / 10 + 1 };
    const link = async (format: string, filters: object = {}) => {
      const res = await manageCall<{ url: string }>(
        base,
        'export/create',
        { kind: 'unlock_records', format, filters },
        { token },
      );
      if (res.errno !== 0) throw new Error(`export/create failed: ${res.errmsg}`);
      return `${base}${res.data.url}`;
    };
    const exportOf =
      (format: string, filters: object = {}, pause?: { after: number; ms: number }) =>
      async () => ({ bytes: await download(await link(format, filters), pause), rows: 0 });

    // The same rows through the export's own batches, written nowhere.
    const user = { id: 1, role: 'super', authorities: [] as string[] };
    const ctx = {
      db,
      user,
      hotelId,
      lang: 'en',
      requireHotelId: () => hotelId,
    } as unknown as UserContext;
    const readOnly = async () => {
      let rows = 0;
      const batches = await EXPORT_SOURCES.unlock_records.open(ctx, {}, exportTexts('en'));
      for await (const batch of batches) rows += batch.length;
      if (rows !== ROWS) throw new Error(`read ${rows} rows, expected ${ROWS}`);
      return { bytes: 0, rows };
    };

    // Warm-up: code paths and the database's caches.
    await readOnly();
    await exportOf('csv', small)();
    await exportOf('xlsx', small)();

    const figures: Figures[] = [];
    figures.push(await measured(`${label}: read only, ${ROWS} rows (baseline)`, readOnly));
    for (const format of ['csv', 'xlsx']) {
      figures.push(await measured(`${label}: ${format}, ${SMALL} rows`, exportOf(format, small)));
      figures.push(await measured(`${label}: ${format}, ${ROWS} rows`, exportOf(format)));
      figures.push(
        await measured(
          `${label}: ${format}, ${ROWS} rows, client stops 3 s`,
          exportOf(format, {}, { after: 2 * MB, ms: 3_000 }),
        ),
      );
    }
    return figures;
  } finally {
    await app.close();
  }
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

async function dropWhenFree(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function print(all: Figures[]): void {
  const head = [
    'export'.padEnd(52),
    'ms'.padStart(7),
    'MB out'.padStart(7),
    'heap+MB'.padStart(8),
    'live+MB'.padStart(8),
    'rss+MB'.padStart(7),
    'time/base'.padStart(10),
    'heap/base'.padStart(10),
    'live/10k'.padStart(9),
  ];
  console.log(`\n${head.join(' ')}`);
  for (const f of all) {
    const db = f.name.split(':')[0] as string;
    const baseline = all.find((b) => b.name.startsWith(`${db}: read only`)) as Figures;
    const format = /: (csv|xlsx),/.exec(f.name)?.[1];
    const small = format ? all.find((b) => b.name === `${db}: ${format}, ${SMALL} rows`) : undefined;
    const isBase = f === baseline;
    console.log(
      [
        f.name.padEnd(52),
        f.ms.toFixed(0).padStart(7),
        (f.bytes / MB).toFixed(1).padStart(7),
        f.heapMb.toFixed(1).padStart(8),
        f.liveMb.toFixed(1).padStart(8),
        f.rssMb.toFixed(1).padStart(7),
        (isBase ? '1.00' : (f.ms / baseline.ms).toFixed(2)).padStart(10),
        (isBase ? '1.00' : (f.heapMb / Math.max(baseline.heapMb, 0.1)).toFixed(2)).padStart(10),
        (small && small !== f ? (Math.max(f.liveMb, 1) / Math.max(small.liveMb, 1)).toFixed(2) : '').padStart(
          9,
        ),
      ].join(' '),
    );
  }
  console.log(
    `\nheap+/rss+: peak growth over the value before the row (${gc ? 'after a GC' : 'no --expose-gc: without a GC before'}), ` +
      'garbage included; live+: peak growth of the heap measured right after a full GC every ~250 ms (what the ' +
      'export holds); time/base and heap/base: against reading the same rows without writing; live/10k: against ' +
      `the same export of ${SMALL} rows, both taken as at least 1 MB, the sampling's resolution (1 = memory does not grow with the rows).`,
  );
}

async function main(): Promise<void> {
  const all: Figures[] = [];
  const lite = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  try {
    all.push(...(await run('PGlite', lite)));
  } finally {
    await lite.destroy();
  }
  const url = await postgresUrl();
  if (url) {
    const name = `lockdesk_bench_export_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const benchUrl = new URL(url);
    benchUrl.pathname = `/${name}`;
    const db = await openDatabase({ kind: 'postgres', url: benchUrl.toString() });
    try {
      all.push(...(await run('PostgreSQL', db)));
    } finally {
      await db.destroy();
      await dropWhenFree(admin, name);
      await admin.end();
    }
  } else {
    console.warn('PostgreSQL not reachable (TEST_DATABASE_URL or 127.0.0.1:5432): its rows are left out.');
  }
  print(all);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
