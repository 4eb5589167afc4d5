// What the door suites (issue 10) share: the gateway's virtual locks (contract F) through their control service
// and through the documented command line, and the server's lock calls (contract D) the suites check against.
// The virtual locks install themselves from the installer's sheet the demo server writes into its data dir
// (`cardDeskPerSuite({ virtualLocks: true })`), and sync with that server.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CardDesk } from './cards-harness.js';
import { GATEWAY_CLI, GATEWAY_URLS } from './gateway-harness.js';
import { ROOT } from './harness.js';

/** A virtual lock as `GET /locks` lists it. */
export interface VirtualLock {
  mac_id: string;
  room_id: number;
  room_name: string;
  building: number;
  floor: number;
  installed_at: number | string;
  last_sync_at: number | string | null;
  buffered: number;
  server: string;
}

/** What a lock answers when something is held to it. */
export interface TapAnswer {
  ok: boolean;
  decision: 'open' | 'deny';
  reason: string;
  record_uid: string;
  msg?: string;
  error?: string;
}

/** What a Bluetooth unlock (sync) answers. */
export interface SyncAnswer {
  /** The control service's answer says ok; the command line prints the sync answer alone. */
  ok?: boolean;
  sync_id: string;
  learned: {
    deleted_cards: number[];
    universal_cards: number[];
    passwords: unknown[];
    faces: unknown[];
    fingerprints: unknown[];
  };
  uploaded: number;
  duplicates: number;
  msg?: string;
  error?: string;
}

/** What the lock is shown: nothing (the card on the encoder), a password, a face or a finger; `at` in seconds. */
export interface Presentation {
  password?: string;
  face?: string;
  finger?: string;
  at?: number;
}

/** The control service's answer as JSON, with its HTTP status. */
async function control<T>(method: string, path: string, body?: unknown): Promise<T & { status: number }> {
  const response = await fetch(`${GATEWAY_URLS.simulator}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: T;
  try {
    parsed = JSON.parse(text) as T;
  } catch {
    throw new Error(`${method} ${path} answered ${response.status} with no JSON: ${text.slice(0, 300)}`);
  }
  return { ...parsed, status: response.status };
}

/** The virtual locks' control routes (contract F) as functions; none throws on ok:false. */
export const locks = {
  async list(): Promise<VirtualLock[]> {
    const answer = await control<{ ok: boolean; locks?: VirtualLock[]; msg?: string }>('GET', '/locks');
    if (!answer.ok || !answer.locks) throw new Error(`GET /locks refused: ${answer.msg ?? answer.status}`);
    return answer.locks;
  },
  install: (mac_id: string, secret: string, server?: string) =>
    control<{ ok: boolean; lock?: VirtualLock; msg?: string; error?: string }>('POST', '/locks/install', {
      mac_id,
      secret,
      ...(server ? { server } : {}),
    }),
  tap: (mac: string, what: Presentation = {}) => control<TapAnswer>('POST', `/locks/${mac}/tap`, what),
  sync: (mac: string, operator?: string) =>
    control<SyncAnswer>('POST', `/locks/${mac}/sync`, operator ? { operator } : {}),
  fault: (mac: string, kind: 'drop-upload-reply' | 'stop-before-finish', count = 1) =>
    control<{ ok: boolean; msg?: string }>('POST', `/locks/${mac}/fault`, { kind, count }),
  uninstall: (mac: string) => control<{ ok: boolean; msg?: string }>('DELETE', `/locks/${mac}`),
};

/** The virtual lock of `mac`, or undefined when it is not installed. */
export async function lockOf(mac: string): Promise<VirtualLock | undefined> {
  const key = mac.replace(/[:-]/g, '').toUpperCase();
  return (await locks.list()).find((l) => l.mac_id.replace(/[:-]/g, '').toUpperCase() === key);
}

/**
 * Waits until the gateway installed the virtual locks of `macs` from the installer's sheet (each asked the server
 * who it is), and answers them.
 */
export async function installedLocks(macs: string[], timeout = 60_000): Promise<VirtualLock[]> {
  const deadline = Date.now() + timeout;
  let listed: VirtualLock[] = [];
  let problem = '';
  while (Date.now() < deadline) {
    try {
      listed = await locks.list();
      problem = '';
    } catch (e) {
      problem = (e as Error).message;
    }
    const key = (mac: string) => mac.replace(/[:-]/g, '').toUpperCase();
    const found = macs.map((mac) => listed.find((l) => key(l.mac_id) === key(mac)));
    if (found.every((l) => l?.room_id)) return found as VirtualLock[];
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `the virtual locks ${macs.join(', ')} were not installed in ${timeout / 1000} s (${listed.length} installed${problem ? `; ${problem}` : ''})`,
  );
}

/** One run of the gateway's command line: its exit code and both streams. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `lockdesk-gateway <args>` (the built gateway/dist/cli.js) as an operator types it. */
export function gatewayCli(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [GATEWAY_CLI, ...args],
      { cwd: ROOT, timeout: 60_000, env: { ...process.env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: stdout.toString(), stderr: stderr.toString() });
      },
    );
  });
}

/**
 * A command that must answer exactly one line of JSON on stdout and exit 0 (`sim tap-lock`, `sim lock-sync`):
 * the parsed line. Fails with what the command printed otherwise.
 */
export async function cliJson<T>(args: string[]): Promise<T> {
  const run = await gatewayCli(args);
  const shown = `lockdesk-gateway ${args.join(' ')} → exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`;
  expect(run.code, shown).toBe(0);
  const lines = run.stdout.split('\n').filter((line) => line.trim() !== '');
  expect(lines, shown).toHaveLength(1);
  expect(run.stdout.endsWith('\n'), shown).toBe(true);
  let parsed: T;
  try {
    parsed = JSON.parse(lines[0]!) as T;
  } catch {
    throw new Error(`not one line of JSON: ${shown}`);
  }
  return parsed;
}

/** `lockdesk-gateway sim tap-lock --mac <mac> [...]` → `{"decision","reason"}`. */
export function tapLockCli(
  mac: string,
  what: Presentation = {},
): Promise<{ decision: string; reason: string }> {
  const args = ['sim', 'tap-lock', '--mac', mac];
  if (what.password !== undefined) args.push('--password', what.password);
  if (what.face !== undefined) args.push('--face', what.face);
  if (what.finger !== undefined) args.push('--finger', what.finger);
  if (what.at !== undefined) args.push('--at', String(what.at));
  return cliJson(args);
}

/** `lockdesk-gateway sim lock-sync --mac <mac> [--operator <name>]` → the sync answer. */
export function lockSyncCli(mac: string, operator?: string): Promise<SyncAnswer> {
  return cliJson(['sim', 'lock-sync', '--mac', mac, ...(operator ? ['--operator', operator] : [])]);
}

/** Who makes the suites' own /manage calls: a CardDesk, or a session on another server. */
export type Caller = Pick<CardDesk, 'call'>;

/** A room of the demo hotel with a lock, by name. */
export interface DoorRoom {
  id: number;
  name: string;
  status: number;
  mac_id: string;
}

export async function roomNamed(desk: Caller, name: string): Promise<DoorRoom> {
  const rooms = await desk.call<{ list: DoorRoom[] }>('room/allLock');
  const room = rooms.list.find((r) => r.name === name);
  if (!room?.mac_id) throw new Error(`the demo hotel has no room ${name} with a lock`);
  return room;
}

/** An unlock record as the server answers it (API.md §6 'the record', with issue 10's fields). */
export interface UnlockRecordRow {
  id: number;
  room_id: number;
  room_name: string;
  time: number;
  type: string;
  content: string;
  from: string;
  operator: string;
  stay_id: number | null;
  opened: boolean;
  reason: string;
  credential: string;
  mac_id: string;
}

/** Every unlock record of a room, newest first (room/openHistory, all pages). */
export async function roomRecords(desk: Caller, roomId: number): Promise<UnlockRecordRow[]> {
  const all: UnlockRecordRow[] = [];
  for (let page = 1; page < 50; page++) {
    const answer = await desk.call<{ list: UnlockRecordRow[]; total: number }>('room/openHistory', {
      room_id: roomId,
      page,
      limit: 100,
    });
    all.push(...answer.list);
    if (all.length >= answer.total || answer.list.length === 0) break;
  }
  return all;
}

/** One delivery of lock/inLockList (contract D). */
export interface Delivery {
  kind: string;
  action: 'add' | 'remove';
  ref_id: number | null;
  label: string;
  state: 'issued' | 'waiting' | 'confirmed';
  changed_at: number;
  confirmed_at: number;
}

export interface LockDeliveries {
  room_id: number;
  mac_id: string;
  installed: boolean;
  last_sync_at: number;
  waiting: number;
  list: Delivery[];
  syncs: {
    id: number;
    started_at: number;
    finished_at: number;
    operator: string;
    records_stored: number;
    records_duplicate: number;
  }[];
}

export const deliveriesOf = (desk: Caller, roomId: number) =>
  desk.call<LockDeliveries>('lock/inLockList', { room_id: roomId });

/** A fresh PostgreSQL database of the suite's own, created and dropped through TEST_DATABASE_URL's server. */
export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the PostgreSQL of TEST_DATABASE_URL (an administrative connection, as scripts/test.sh sets
 * it), or null when it is not set. Uses the server package's own `pg` client.
 */
export async function ownPostgresDatabase(prefix: string): Promise<OwnDatabase | null> {
  const base = process.env['TEST_DATABASE_URL'];
  if (!base) return null;
  const pg = createRequire(join(ROOT, 'server', 'package.json'))('pg') as {
    Client: new (options: {
      connectionString: string;
    }) => {
      connect(): Promise<void>;
      query(sql: string): Promise<unknown>;
      end(): Promise<void>;
    };
  };
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // The server is stopped first; FORCE ends whatever connection its pool left closing.
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
