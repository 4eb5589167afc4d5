/**
 * Soak through the proxy (issue 12 §3), off by default: LOCKDESK_SOAK_MINUTES=10 runs it for 10 minutes.
 *
 * The topology of tests/src/topology/harness.ts with 3 replicas (`--demo`, 2,000 rooms) behind HAProxy; 8 desks
 * (8 sessions of the demo's super administrator) at a moderate pace of 60 calls/s in all, each desk's day being
 * the room list, a check-in, the room list, the check-out and the room made vacant again. Prints the resident
 * memory (VmRSS of /proc/<pid>/status, MB) of every process at the start and at the end — each replica, HAProxy,
 * Mosquitto, the PostgreSQL backends of the topology's database (RSS counts the shared buffers a backend has
 * touched; up to 4 of them are the harness's own pool) and this load generator — and the calls/s, p50/p99 and
 * refusals over the whole soak. Any answer other than errno 0 fails it; no time or size is asserted.
 *
 *   LOCKDESK_SOAK_MINUTES=10 pnpm bench (root or tests/), after `pnpm -r build`; alone:
 *   cd tests && LOCKDESK_SOAK_MINUTES=10 npx vitest run --config vitest.bench.config.ts bench/soak.bench.ts
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTopology, type Topology, topologyMissing } from '../src/topology/harness.js';
import {
  BENCH_TOPOLOGY,
  cpuSnapshot,
  DESK_DAY_CYCLE,
  describeCpu,
  describeErrors,
  describePaths,
  deskDay,
  PAGE_SIZE,
  rssMb,
  runLoad,
  signInDesks,
  summary,
  vacantRooms,
} from './desk-load.js';

const MINUTES_TEXT = process.env['LOCKDESK_SOAK_MINUTES'];
const MINUTES = MINUTES_TEXT ? Number(MINUTES_TEXT) : 0;
if (MINUTES_TEXT && !(Number.isFinite(MINUTES) && MINUTES > 0))
  throw new Error(`LOCKDESK_SOAK_MINUTES must be a positive number of minutes, not ${MINUTES_TEXT}`);
const DESKS = 8;
const CALLS_PER_SECOND = 60;

const missing = MINUTES ? topologyMissing() : [];
let topology: Topology | undefined;

beforeAll(async () => {
  if (!MINUTES || missing.length) return;
  topology = await startTopology({ ...BENCH_TOPOLOGY, env: { ...BENCH_TOPOLOGY.env } });
}, 300_000);

afterAll(async () => {
  await topology?.stop();
});

/** Every process of the topology with its RSS now: name → MB; and how many PostgreSQL backends there are. */
async function memory(topo: Topology): Promise<{ figures: Map<string, number>; backends: number }> {
  const figures = new Map<string, number>();
  for (const { name, pid } of topo.processes()) figures.set(`${name} (pid ${pid})`, rssMb(pid));
  const backends = await topo.sql<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
  );
  const sizes = backends.map((b) => rssMb(b.pid)).filter(Number.isFinite);
  figures.set(
    'PostgreSQL backends of the database, total',
    sizes.reduce((a, b) => a + b, 0),
  );
  figures.set('PostgreSQL backends, largest', Math.max(0, ...sizes));
  figures.set(`load generator (this process, pid ${process.pid})`, process.memoryUsage.rss() / 1048576);
  return { figures, backends: sizes.length };
}

it(
  'soaks the topology with a desk mix and prints each process memory at start and end',
  async () => {
    if (!MINUTES) {
      console.log(
        'soak not run: LOCKDESK_SOAK_MINUTES=10 pnpm bench runs it for 10 minutes (tests/bench/soak.bench.ts)',
      );
      return;
    }
    if (!topology) {
      console.log(
        `soak not run: this machine lacks ${missing.join(', ')} (see tests/src/topology/harness.ts)`,
      );
      return;
    }
    const topo = topology;
    const tokens = await signInDesks(topo, DESKS);
    const { rooms, total } = await vacantRooms(topo, tokens[0] as string);
    const scenario = deskDay(rooms, DESKS, Math.ceil(total / PAGE_SIZE));
    const base = { url: topo.proxyUrl, ca: topo.ca, tokens, concurrency: DESKS, cycle: DESK_DAY_CYCLE };
    // A short warm-up so the start figures are of a running server, not of one that has answered nothing.
    const warm = await runLoad({ ...base, durationMs: 5000, ratePerSecond: CALLS_PER_SECOND, scenario });
    const atStart = await memory(topo);
    const all = topo.processes();
    const before = cpuSnapshot(
      new Map([
        ['load generator', [process.pid]],
        ...all.filter((p) => p.name.startsWith('replica')).map((p): [string, number[]] => [p.name, [p.pid]]),
        ['haproxy', all.filter((p) => p.name === 'haproxy').map((p) => p.pid)],
        ['mosquitto', all.filter((p) => p.name === 'mosquitto').map((p) => p.pid)],
      ]),
    );
    const soak = await runLoad({
      ...base,
      durationMs: MINUTES * 60_000,
      ratePerSecond: CALLS_PER_SECOND,
      scenario,
    });
    const atEnd = await memory(topo);
    const busy = describeCpu(
      before,
      cpuSnapshot(new Map([...before.groups].map(([n, m]) => [n, [...m.keys()]]))),
      soak.seconds,
    );

    const mb = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '—' : `${v.toFixed(1)} MB`);
    const names = [...new Set([...atStart.figures.keys(), ...atEnd.figures.keys()])];
    console.log(
      [
        `Soak, ${MINUTES} min through HAProxy (TLS), ${BENCH_TOPOLOGY.replicas} replicas, ${DESKS} desks paced at ${CALLS_PER_SECOND} calls/s (list, check-in, list, check-out, vacant)`,
        summary('  whole soak', soak),
        ...describePaths(soak),
        `    cores busy: ${busy}`,
        ...describeErrors(warm, '    warm-up: '),
        ...describeErrors(soak),
        '  memory (RSS) at start → at end:',
        ...names.map((n) => `    ${n}: ${mb(atStart.figures.get(n))} → ${mb(atEnd.figures.get(n))}`),
        `    (PostgreSQL backends: ${atStart.backends} at start, ${atEnd.backends} at end)`,
      ].join('\n'),
    );
    expect([...warm.errors, ...soak.errors].map(([key, n]) => `${n} × ${key}`)).toEqual([]);
    expect(soak.calls).toBeGreaterThan(0);
  },
  (MINUTES + 10) * 60_000,
);
