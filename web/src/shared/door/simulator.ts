import { READERS } from '../../config/deploy.ts';

/**
 * The gateway simulator's virtual locks (contract F), as the console reaches them: the control service of the
 * simulated encoder on the reception PC (`READERS.simulator`). It exists only when the gateway runs with
 * `--simulate`; a real site has no such service, and the phone app beside the door does the Bluetooth unlock.
 */

/** A virtual lock as `GET /locks` lists it. */
export interface VirtualLock {
  /** 12 hex digits, upper case, no colons. */
  mac_id: string;
  room_id: number;
  room_name: string;
  building: number | null;
  floor: number | null;
  /** When it was installed: seconds, or an ISO text from a gateway that says so. */
  installed_at: number | string | null;
  last_sync_at: number | string | null;
  /** Unlock records waiting in the lock for its next sync. */
  buffered: number;
  /** The LockDesk server it syncs with. */
  server: string;
}

/** What a virtual lock learned at a sync, counted per kind. */
export interface LearnedCounts {
  deleted_cards: number;
  universal_cards: number;
  passwords: number;
  faces: number;
  fingerprints: number;
}

/** The answer of `POST /locks/:mac/sync`: the lock's Bluetooth unlock. */
export interface VirtualSync {
  sync_id: string;
  learned: LearnedCounts;
  /** Records the server stored at this sync. */
  uploaded: number;
  /** Records the server already had (an interrupted earlier sync). */
  duplicates: number;
}

/** The answer of `POST /locks/:mac/tap`. */
export interface VirtualTap {
  decision: 'open' | 'deny';
  reason: string;
  record_uid: string;
}

/** What a presentation holds besides the card on the encoder (no field: the card). */
export interface TapInput {
  password?: string;
  face?: string;
  finger?: string;
}

/**
 * Why a simulator call failed, as the console words it: `unreachable` (no gateway with the simulated encoder runs
 * on this PC, or it refused this page's origin), `notInstalled` (no virtual lock with that mac), `noLocks` (a
 * gateway without virtual locks), `refused` (the simulator said why: `detail`).
 */
export type SimulatorFailure = 'unreachable' | 'notInstalled' | 'noLocks' | 'refused';

export class SimulatorError extends Error {
  constructor(
    readonly kind: SimulatorFailure,
    /** The simulator's own words (its `msg`), when it gave any. */
    readonly detail = '',
    /** The simulator's error code (LOCK_NOT_INSTALLED, LOCK_AUTH_FAILED…), when it gave one. */
    readonly code: string | null = null,
  ) {
    super(detail || kind);
    this.name = 'SimulatorError';
  }
}

/** A lock's mac as the simulator and the server write it: 12 hex digits, upper case, no separators. */
export function normalMac(mac: string | null | undefined): string {
  return (mac ?? '').replace(/[^0-9a-fA-F]/g, '').toUpperCase();
}

/** How long a listing or a tap may take; a sync talks to the server several times, so it gets longer. */
const QUICK_MS = 5_000;
const SYNC_MS = 60_000;

export interface SimulatorClientOptions {
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}

/** A count of what a sync answered: a number, or the list itself from a gateway that sends the items. */
function countOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value !== null && typeof value === 'object') return Object.keys(value).length;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The client of the simulator's lock routes. */
export function simulatorClient(options: SimulatorClientOptions = {}) {
  const base = (options.baseUrl ?? READERS.simulator).replace(/\/+$/, '');
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: object | undefined,
    timeoutMs: number,
  ): Promise<Record<string, unknown>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        signal: controller.signal,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
    } catch {
      // Connection refused, a blocked origin or the timeout: either way no simulator answers this page.
      throw new SimulatorError('unreachable');
    } finally {
      clearTimeout(timer);
    }
    let answer: Record<string, unknown>;
    try {
      answer = (await response.json()) as Record<string, unknown>;
    } catch {
      throw new SimulatorError(response.status === 404 ? 'noLocks' : 'unreachable');
    }
    if (answer === null || typeof answer !== 'object') throw new SimulatorError('unreachable');
    const code = typeof answer['error'] === 'string' ? answer['error'] : null;
    const msg = typeof answer['msg'] === 'string' ? answer['msg'] : '';
    if (code === 'LOCK_NOT_INSTALLED') throw new SimulatorError('notInstalled', msg, code);
    if (answer['ok'] !== true) {
      // An older gateway does not know the lock routes: its refusal of an unknown path.
      if (response.status === 404 && path === '/locks') throw new SimulatorError('noLocks', msg, code);
      throw new SimulatorError('refused', msg, code);
    }
    return answer;
  }

  const lockPath = (mac: string) => `/locks/${encodeURIComponent(normalMac(mac))}`;

  return {
    base,
    /** Every virtual lock installed in the simulator. */
    async locks(): Promise<VirtualLock[]> {
      const answer = await call('GET', '/locks', undefined, QUICK_MS);
      const list = Array.isArray(answer['locks']) ? (answer['locks'] as VirtualLock[]) : [];
      return list.map((lock) => ({ ...lock, mac_id: normalMac(lock.mac_id) }));
    },
    /** Installs a room's virtual lock with its secret; the simulator refuses when the server refuses the secret. */
    async install(input: { mac_id: string; secret: string; server?: string }): Promise<VirtualLock> {
      const answer = await call(
        'POST',
        '/locks/install',
        { ...input, mac_id: normalMac(input.mac_id) },
        SYNC_MS,
      );
      return answer['lock'] as VirtualLock;
    },
    /** A Bluetooth unlock: the lock syncs with the server and uploads its records. */
    async sync(mac: string, operator?: string): Promise<VirtualSync> {
      const answer = await call('POST', `${lockPath(mac)}/sync`, operator ? { operator } : {}, SYNC_MS);
      const learned = (answer['learned'] ?? {}) as Record<string, unknown>;
      return {
        sync_id: String(answer['sync_id'] ?? ''),
        learned: {
          deleted_cards: countOf(learned['deleted_cards']),
          universal_cards: countOf(learned['universal_cards']),
          passwords: countOf(learned['passwords']),
          faces: countOf(learned['faces']),
          fingerprints: countOf(learned['fingerprints']),
        },
        uploaded: countOf(answer['uploaded']),
        duplicates: countOf(answer['duplicates']),
      };
    },
    /** Presents the card on the encoder (no field), a password, a face or a finger to the lock. */
    async tap(mac: string, input: TapInput = {}): Promise<VirtualTap> {
      const answer = await call('POST', `${lockPath(mac)}/tap`, input, QUICK_MS);
      return {
        decision: answer['decision'] === 'open' ? 'open' : 'deny',
        reason: String(answer['reason'] ?? ''),
        record_uid: String(answer['record_uid'] ?? ''),
      };
    },
  };
}

export type SimulatorClient = ReturnType<typeof simulatorClient>;

let shared: SimulatorClient | null = null;

/** The console's simulator client (tests replace it with one on a fake fetch). */
export function simulator(): SimulatorClient {
  shared ??= simulatorClient();
  return shared;
}

/** Replaces the console's simulator client; for tests. */
export function setSimulator(client: SimulatorClient | null): void {
  shared = client;
}
