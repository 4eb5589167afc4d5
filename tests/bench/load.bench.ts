/**
 * Load through the proxy (issue 12 §3): the production topology of tests/src/topology/harness.ts — its own
 * PostgreSQL database, 3 replicas of the built server (`--demo`, the hotel grown to 2,000 rooms) behind HAProxy
 * with TLS — and 8 sessions of the demo's super administrator signed in through the proxy, 16 desks (two on
 * each session) calling at once. With k = 1, 2, 3 replicas in rotation (the others set to maintenance over HAProxy's runtime
 * API), each of two loads runs 2 s of warm-up, then 10 s measured (before the first round, each load runs 5 s
 * through all 3 replicas, unmeasured, so that no round meets a cold replica):
 *
 *   a) the room list page: room/listNew, 20 rooms a page, the desks turning through the 100 pages;
 *   b) a check-in mix: check-in into a vacant room, check-out, the room made vacant again (room/setRoomStatus 0),
 *      each desk on its own rooms so every answer should be errno 0.
 *
 * Prints calls/s, p50 and p99 latency and the refusals of each, how many cores each kind of process kept busy
 * (/proc/<pid>/stat), and the scaling ratio calls/s(k) / calls/s(1) with the core count: the load generator,
 * HAProxy, PostgreSQL and the replicas share this machine's cores, so the ratio says what this machine gives, not
 * what separate hosts would. k = 1 runs once more at the end: the stays of the mix grow the database and other
 * work on the machine comes and goes, and a moved baseline shows how much of a change between rounds is theirs
 * rather than the replicas'. A benchmark, not a test: no time is asserted; any answer other than errno 0 fails it.
 * Without PostgreSQL, haproxy or mosquitto it prints what is missing and measures nothing.
 *
 *   pnpm bench (root or tests/), after `pnpm -r build`; alone:
 *   cd tests && npx vitest run --config vitest.bench.config.ts bench/load.bench.ts
 */
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTopology, type Topology, topologyMissing } from '../src/topology/harness.js';
import {
  BENCH_TOPOLOGY,
  cpuSnapshot,
  describeCpu,
  describeErrors,
  describePaths,
  type LoadResult,
  PAGE_SIZE,
  roomListPages,
  runLoad,
  type Scenario,
  STAY_CYCLE,
  signInDesks,
  stayCycles,
  summary,
  vacantRooms,
} from './desk-load.js';

const SESSIONS = 8;
const CONCURRENCY = 16;
const WARMUP_MS = 2000;
const MEASURE_MS = 10_000;
/** Before the rounds, each load through all the replicas. */
const PRIME_MS = 5000;

const missing = topologyMissing();
let topology: Topology | undefined;

beforeAll(async () => {
  if (missing.length) return;
  topology = await startTopology({ ...BENCH_TOPOLOGY, env: { ...BENCH_TOPOLOGY.env } });
}, 300_000);

afterAll(async () => {
  await topology?.stop();
});

it('prints calls/s, p50/p99 and the scaling ratio of the room list and a check-in mix at 1, 2, 3 replicas', async () => {
  if (!topology) {
    console.log(
      `load bench not run: this machine lacks ${missing.join(', ')} (see tests/src/topology/harness.ts)`,
    );
    return;
  }
  const topo = topology;
  const tokens = await signInDesks(topo, SESSIONS);
  const { rooms, total } = await vacantRooms(topo, tokens[0] as string);
  const pages = Math.ceil(total / PAGE_SIZE);
  const loads: { name: string; scenario: Scenario; cycle: number }[] = [
    {
      name: `room/listNew (${PAGE_SIZE} a page of ${total} rooms)`,
      scenario: roomListPages(pages),
      cycle: 1,
    },
    {
      name: `check-in mix (checkIn, checkOut, setRoomStatus 0 over ${rooms.length} vacant rooms)`,
      scenario: stayCycles(rooms, CONCURRENCY),
      cycle: STAY_CYCLE,
    },
  ];
  const results = new Map<string, LoadResult[]>();
  const warmUps: LoadResult[] = [];
  const againResults = new Map<string, LoadResult>();
  const lines: string[] = [];
  // Where the cores go during a run: the generator shares them with what it measures.
  const groups = async () => {
    const backends = await topo.sql<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
    );
    const all = topo.processes();
    return new Map<string, number[]>([
      ['load generator', [process.pid]],
      // Each replica on its own: the ones out of rotation should stay near 0.
      ...all.filter((p) => p.name.startsWith('replica')).map((p): [string, number[]] => [p.name, [p.pid]]),
      ['haproxy', all.filter((p) => p.name === 'haproxy').map((p) => p.pid)],
      ['PostgreSQL backends', backends.map((b) => b.pid)],
    ]);
  };
  // Every replica meets each load first (its JIT, its kept room-list pages, the database's caches), so the first
  // round's baseline is not a cold one; this priming is not measured.
  for (const load of loads) {
    const primed = await runLoad({
      url: topo.proxyUrl,
      ca: topo.ca,
      tokens,
      concurrency: CONCURRENCY,
      cycle: load.cycle,
      durationMs: PRIME_MS,
      scenario: load.scenario,
    });
    warmUps.push(primed);
  }
  // k = 1 once more at the end: the stays the mix leaves behind grow the database, and a baseline that has moved
  // by then says how much of a change between k's is the data's rather than the replicas'.
  const rounds = [...Array.from({ length: BENCH_TOPOLOGY.replicas }, (_, i) => i + 1), 1];
  for (const [round, k] of rounds.entries()) {
    const again = round >= BENCH_TOPOLOGY.replicas;
    // In first, then out, so the proxy never has no replica.
    for (let i = 0; i < k; i++) await topo.setInRotation(i, true);
    for (let i = k; i < BENCH_TOPOLOGY.replicas; i++) await topo.setInRotation(i, false);
    for (const load of loads) {
      const base = { url: topo.proxyUrl, ca: topo.ca, tokens, concurrency: CONCURRENCY, cycle: load.cycle };
      const warm = await runLoad({ ...base, durationMs: WARMUP_MS, scenario: load.scenario });
      const processes = await groups();
      const before = cpuSnapshot(processes);
      const measured = await runLoad({ ...base, durationMs: MEASURE_MS, scenario: load.scenario });
      const busy = describeCpu(before, cpuSnapshot(processes), measured.seconds);
      warmUps.push(warm);
      if (again) againResults.set(load.name, measured);
      else results.set(load.name, [...(results.get(load.name) ?? []), measured]);
      lines.push(summary(`${k} replica${k > 1 ? 's' : ''}${again ? ' again' : ''}, ${load.name}`, measured));
      if (load.cycle > 1) lines.push(...describePaths(measured));
      lines.push(`    cores busy: ${busy}`);
      lines.push(...describeErrors(warm, '    warm-up: '), ...describeErrors(measured));
    }
  }
  for (let i = 0; i < BENCH_TOPOLOGY.replicas; i++) await topo.setInRotation(i, true);

  const cores = availableParallelism();
  lines.push(
    `Scaling ratio calls/s(k) / calls/s(1) on ${cores} core${cores > 1 ? 's' : ''} shared by the load generator, HAProxy, PostgreSQL, the replicas and whatever else runs here ('whole machine' above):`,
  );
  for (const [name, list] of results) {
    const rps = list.map((r) => r.calls / r.seconds);
    const one = rps[0] as number;
    const last = againResults.get(name);
    lines.push(
      `  ${name}: ${rps.map((v, i) => `k=${i + 1} ${(v / one).toFixed(2)}`).join(', ')}` +
        (last ? `; k=1 again at the end ${(last.calls / last.seconds / one).toFixed(2)}` : ''),
    );
  }
  console.log(
    [
      `Load through HAProxy (TLS), ${CONCURRENCY} desks on ${SESSIONS} sessions, ${WARMUP_MS / 1000} s warm-up + ${MEASURE_MS / 1000} s measured each`,
      ...lines,
    ].join('\n'),
  );

  const refusals = [...warmUps, ...[...results.values()].flat(), ...againResults.values()].flatMap((r) =>
    [...r.errors].map(([key, n]) => `${n} × ${key}`),
  );
  expect(refusals).toEqual([]);
  expect([...results.values()].flat().every((r) => r.calls > 0)).toBe(true);
}, 600_000);
