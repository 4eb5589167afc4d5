// The load generator of the topology benches (load.bench.ts, soak.bench.ts): closed-loop workers, each a desk
// with its own keep-alive connection to the proxy, calling /manage as the console does (sealed envelope, bearer
// token) and reading every answer's errno. No dependency: node:https with one socket per worker is all a
// closed loop needs, and reading the errno of a sealed answer needs the envelope anyway (a generic generator
// such as autocannon would only see HTTP 200s).
import { createDecipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { DEFAULT_ENVELOPE_KEYS, encryptEnvelope, languageHeader } from '@lockdesk/protocol';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, openAnswer } from '@lockdesk/server';

/** One /manage call of a desk. */
export interface DeskCall {
  path: string;
  body: Record<string, unknown>;
}

/** What a desk does: its next call, given the worker's number and how many calls it has made. */
export type Scenario = (worker: number, step: number) => DeskCall;

export interface LoadOptions {
  /** https://127.0.0.1:P of the proxy (or http:// straight to one replica). */
  url: string;
  /** The proxy's certificate (PEM). */
  ca?: string;
  /** Session tokens; worker w uses tokens[w % tokens.length]. */
  tokens: string[];
  concurrency: number;
  durationMs: number;
  scenario: Scenario;
  /** Calls per second over all workers (paced); unset = as fast as the answers come (closed loop). */
  ratePerSecond?: number;
  /**
   * Calls per cycle of the scenario (default 1): a worker stops only between cycles, so a check-in is always
   * followed by its check-out and the rooms are left as found.
   */
  cycle?: number;
}

export interface LoadResult {
  calls: number;
  seconds: number;
  /** Latency of every call, ms, sorted. */
  latencies: number[];
  /** Per call path: latencies (sorted). */
  byPath: Map<string, number[]>;
  /** Answers other than errno 0, by `path errno code` (and transport failures by `path error message`). */
  errors: Map<string, number>;
}

const KEY3 = Buffer.from(DEFAULT_ENVELOPE_KEYS.key.repeat(3), 'utf8');
const IV = Buffer.from(DEFAULT_ENVELOPE_KEYS.iv, 'utf8');
const ERRNO = /^\{"errno":(-?\d+)/;

/**
 * The errno of a sealed answer `{"data":"<envelope>"}` from its first three DES blocks only: the server writes
 * `{"errno":…` first, and CBC needs nothing after a block to open it. Single DES is 3DES with K|K|K, which
 * OpenSSL 3 offers without its legacy provider. Undefined when the prefix is not what was expected.
 */
function errnoOf(text: string): number | undefined {
  const start = text.indexOf('"data":"');
  if (start < 0) return undefined;
  const prefix = Buffer.from(text.slice(start + 8, start + 8 + 32), 'base64');
  if (prefix.length < 24) return undefined;
  const decipher = createDecipheriv('des-ede3-cbc', KEY3, IV).setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(prefix.subarray(0, 24)), decipher.final()]).toString('latin1');
  const m = ERRNO.exec(plain);
  return m ? Number(m[1]) : undefined;
}

/** Sorted-array percentile (nearest rank), ms. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

function post(
  agent: http.Agent,
  url: URL,
  path: string,
  payload: string,
  token: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: `/manage/${path}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          language: languageHeader('en'),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the scenario with `concurrency` workers for `durationMs` through the proxy and gathers the figures. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  // A kept socket that the proxy closes for idleness (HAProxy's http-keep-alive, 10 s) just as a call is sent on
  // it fails the call with 'socket hang up' (the 10-minute soak met one; its check-out never ran). So: take the
  // least recently used socket (fifo, none idles while calls come), and drop a socket idle for 5 s ourselves.
  const keep = {
    keepAlive: true,
    maxSockets: options.concurrency,
    scheduling: 'fifo',
    timeout: 5000,
  } as const;
  const agent =
    url.protocol === 'https:' ? new https.Agent({ ...keep, ca: options.ca }) : new http.Agent(keep);
  const latencies: number[] = [];
  const byPath = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const count = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1);
  const interval = options.ratePerSecond ? (options.concurrency * 1000) / options.ratePerSecond : 0;
  const started = performance.now();
  const ends = started + options.durationMs;

  const worker = async (w: number) => {
    const token = options.tokens[w % options.tokens.length] as string;
    // Paced workers start spread over one interval, so the calls do not come in waves.
    if (interval) await sleep((interval * w) / options.concurrency);
    const cycle = options.cycle ?? 1;
    for (let step = 0; step % cycle !== 0 || performance.now() < ends; step++) {
      const call = options.scenario(w, step);
      const sealed = encryptEnvelope({ action: 'manage', ...call.body });
      if (!sealed.ok) throw new Error(sealed.detail);
      const payload = JSON.stringify({ data: sealed.value, language: 'en' });
      const t0 = performance.now();
      try {
        const { status, text } = await post(agent, url, call.path, payload, token);
        const ms = performance.now() - t0;
        latencies.push(ms);
        const list = byPath.get(call.path) ?? [];
        list.push(ms);
        byPath.set(call.path, list);
        const errno = status === 200 ? errnoOf(text) : undefined;
        if (status !== 200) count(`${call.path} HTTP ${status}`);
        else if (errno !== 0) {
          // A refusal (or a prefix not as expected): open the whole answer for its errno and code.
          const answer = openAnswer(text, status);
          if (answer.errno !== 0) count(`${call.path} errno ${answer.errno} ${answer.code ?? ''}`.trim());
        }
      } catch (e) {
        count(`${call.path} error ${(e as Error).message}`);
      }
      if (interval) await sleep(Math.max(0, interval - (performance.now() - t0)));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sort = (a: number[]) => a.sort((x, y) => x - y);
  for (const list of byPath.values()) sort(list);
  return { calls: latencies.length, seconds, latencies: sort(latencies), byPath, errors };
}

/** One line of figures: calls/s, p50, p99, errors. */
export function summary(label: string, r: LoadResult): string {
  const errs = [...r.errors.values()].reduce((a, b) => a + b, 0);
  return `${label}: ${(r.calls / r.seconds).toFixed(0)} calls/s (${r.calls} in ${r.seconds.toFixed(1)} s), p50 ${percentile(r.latencies, 50).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms, errors ${errs}`;
}

/** Per path p50/p99, for a mix. */
export function describePaths(r: LoadResult, indent = '    '): string[] {
  return [...r.byPath].map(
    ([path, list]) =>
      `${indent}${path}: ${list.length} calls, p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms`,
  );
}

/** The refusals of a run, one line each (empty when none). */
export function describeErrors(r: LoadResult, indent = '    '): string[] {
  return [...r.errors].map(([key, n]) => `${indent}${n} × ${key}`);
}

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status), NaN when it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

// ---- The desks' calls -------------------------------------------------------------------------------------------

/**
 * The topology both benches start: 3 replicas with the demo hotel grown to 2,000 rooms, and limits high enough that
 * none of server/API.md refuses a bench call (they are tested elsewhere).
 */
export const BENCH_TOPOLOGY = {
  replicas: 3,
  demo: true,
  demoRooms: 2000,
  env: { LOCKDESK_CALLS_PER_MINUTE: '10000000', LOCKDESK_PUBLIC_CALLS_PER_MINUTE: '10000' },
} as const;

/** The room list page's page size (web/src/features/rooms: 20 a page). */
export const PAGE_SIZE = 20;

/** The room list page: room/listNew, each desk turning through the pages. */
export function roomListPages(pages: number): Scenario {
  return (worker, step) => ({
    path: 'room/listNew',
    body: { page: 1 + ((worker * 7 + step) % pages), limit: PAGE_SIZE },
  });
}

/** The calls of one stay: check-in into a vacant room, check-out (the room is dirty), the room made vacant. */
export const STAY_CYCLE = 3;

/**
 * Check-in mix: each desk owns its share of the vacant rooms (room j belongs to desk j mod concurrency, so two
 * desks never race for a room and every answer should be errno 0) and turns through them, one stay a cycle.
 */
export function stayCycles(rooms: number[], concurrency: number): Scenario {
  const own = Array.from({ length: concurrency }, (_, w) => rooms.filter((_, j) => j % concurrency === w));
  if (own.some((list) => list.length === 0))
    throw new Error(`${rooms.length} vacant rooms are too few for ${concurrency} desks`);
  return (worker, step) => {
    const mine = own[worker] as number[];
    const room_id = mine[Math.floor(step / STAY_CYCLE) % mine.length] as number;
    switch (step % STAY_CYCLE) {
      case 0: {
        const now = Math.floor(Date.now() / 1000);
        return {
          path: 'room/tenant/update/checkIn',
          body: {
            room_id,
            mobile: `139${String(10_000_000 + worker * 100_000 + (step % 100_000)).slice(-8)}`,
            nickname: `Bench guest ${worker + 1}`,
            start_time: now - 60,
            end_time: now + 86_400,
            kind: 'card',
          },
        };
      }
      case 1:
        return { path: 'room/checkOut', body: { room_id } };
      default:
        return { path: 'room/setRoomStatus', body: { room_id, status: 0 } };
    }
  };
}

/** A desk's day for the soak: the room list between the calls of each stay (5 calls a cycle). */
export const DESK_DAY_CYCLE = 5;
export function deskDay(rooms: number[], concurrency: number, pages: number): Scenario {
  const stays = stayCycles(rooms, concurrency);
  const list = roomListPages(pages);
  return (worker, step) => {
    const cycle = Math.floor(step / DESK_DAY_CYCLE);
    const at = step % DESK_DAY_CYCLE;
    if (at === 0 || at === 2) return list(worker, cycle * 2 + at / 2);
    return stays(worker, cycle * STAY_CYCLE + (at === 1 ? 0 : at - 2));
  };
}

interface Topo {
  login(mobile: string, password: string, via?: 'proxy' | number): Promise<string>;
  call<T = unknown>(
    path: string,
    body?: object,
    opts?: { token?: string },
  ): Promise<{ errno: number; errmsg: string; data: T }>;
}

/**
 * `sessions` logins of the demo's super administrator (server/src/demo.ts: it sees every room of the hotel) through
 * the proxy, as many desks signed in at once.
 */
export async function signInDesks(topology: Topo, sessions: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < sessions; i++) tokens.push(await topology.login(DEMO_ACCOUNTS.super, DEMO_PASSWORD));
  return tokens;
}

/** The ids of the vacant rooms with no guest and no reservation, and how many rooms the hotel has. */
export async function vacantRooms(
  topology: Topo,
  token: string,
): Promise<{ rooms: number[]; total: number }> {
  const rooms: number[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const answer = await topology.call<{
      list: { id: number; status: number; tenant: unknown }[];
      total: number;
      counts: { all: number };
    }>('room/listNew', { status: 0, page, limit: 100 }, { token });
    if (answer.errno !== 0) throw new Error(`room/listNew refused: ${answer.errno} ${answer.errmsg}`);
    total = answer.data.counts.all;
    for (const room of answer.data.list) if (room.status === 0 && !room.tenant) rooms.push(room.id);
    if (page * 100 >= answer.data.total) break;
  }
  return { rooms, total };
}

/** CPU time (user + system) a process has used so far, in seconds (/proc/<pid>/stat), NaN when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the state, field 3; utime and stime are 14, 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

/** Groups of processes whose CPU use is shown side by side: group name → pids. */
export type ProcessGroups = Map<string, number[]>;

/** CPU seconds used so far by each process of each group (group → pid → seconds; a process gone is left out). */
export function cpuOf(groups: ProcessGroups): Map<string, Map<number, number>> {
  const used = new Map<string, Map<number, number>>();
  for (const [name, pids] of groups) {
    const each = new Map<number, number>();
    for (const pid of pids) {
      const seconds = cpuSeconds(pid);
      if (Number.isFinite(seconds)) each.set(pid, seconds);
    }
    used.set(name, each);
  }
  return used;
}

/** Busy and idle CPU time of the whole machine so far, seconds (/proc/stat). */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] as string;
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
}

/**
 * "load generator 0.40, replicas 0.62, …, whole machine 1.80": cores kept busy between two snapshots over
 * `seconds`, counting each process alive at both (a database backend the pool replaced in between is missed).
 */
export function describeCpu(
  before: { groups: Map<string, Map<number, number>>; machine: { busy: number } },
  after: { groups: Map<string, Map<number, number>>; machine: { busy: number } },
  seconds: number,
): string {
  const parts = [...after.groups].map(([name, each]) => {
    let used = 0;
    for (const [pid, s] of each) {
      const earlier = before.groups.get(name)?.get(pid);
      if (earlier !== undefined) used += s - earlier;
    }
    return `${name} ${(used / seconds).toFixed(2)}`;
  });
  parts.push(`whole machine ${((after.machine.busy - before.machine.busy) / seconds).toFixed(2)}`);
  return parts.join(', ');
}

/** A CPU snapshot of the groups and of the whole machine, for describeCpu. */
export function cpuSnapshot(groups: ProcessGroups) {
  return { groups: cpuOf(groups), machine: machineCpu() };
}
