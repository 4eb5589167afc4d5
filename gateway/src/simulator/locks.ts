/**
 * Virtual locks — SIMULATED. A stand-in for each room's offline hotel lock, living beside the simulated encoder so
 * the whole loop (write a card, hold it to the door, see the record) runs without hardware.
 *
 * Like a real offline lock, a virtual lock decides from the card (or PIN, face, finger) and its own learned state
 * only, with the lock rule of @lockdesk/protocol. It learns deletions, universal cards, sequences, passwords,
 * faces, fingerprints and its clock only at a Bluetooth sync, and uploads its buffered unlock records then
 * (contract C/F). A record leaves the buffer only once the server answered for it, so an interrupted sync never
 * loses one; the server counts a resent record as a duplicate.
 */
import { pbkdf2, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import {
  bytesToHex,
  type CardTypeName,
  decodeGuestCard,
  type LockConfig,
  type MifareCard,
  newLockConfig,
  presentCard,
  type RawCardRead,
} from '@lockdesk/protocol';
import {
  type DeviceLockInfo,
  type DeviceRecord,
  type DeviceSyncStart,
  type DeviceSyncState,
  deviceCall,
} from './lock-device-api.js';

/** Blocks a lock's reader reads from a card: the guest record (4–6), its signature (53) and check block (54). */
export const LOCK_READ_BLOCKS = [4, 5, 6, 53, 54] as const;
/** Records per upload call (contract C: 1..500). */
export const RECORD_BATCH = 500;
/** Locks of the installer's sheet installed at the same time. */
const SHEET_INSTALLS_AT_ONCE = 8;
export const LOCK_FAULT_KINDS = ['drop-upload-reply', 'stop-before-finish'] as const;
export type LockFaultKind = (typeof LOCK_FAULT_KINDS)[number];
/** The battery of a new lock, and of one from a state file written before locks had one (percent). */
export const DEFAULT_BATTERY = 100;
/** The firmware of a new lock, and of one from an older state file. */
export const DEFAULT_FIRMWARE = '1.0.0';
/**
 * A firmware version as the server takes it (protocol/src/calls/firmware.ts FIRMWARE_VERSION, ≤ 40 characters):
 * 1 to 4 numbers, an optional leading v and an optional pre-release or build tail.
 */
export const FIRMWARE_VERSION = /^[vV]?\d{1,5}(\.\d{1,5}){1,3}([-+][0-9A-Za-z.-]{1,20})?$/;

/** What the server told the lock about its room at install and at each sync. */
export interface LockRoomInfo {
  room_id: number;
  room_name: string;
  hotel_id: number;
  building: number;
  floor: number;
  card_mac_key: string;
}

/** One virtual lock as kept in memory and in the state file. */
export interface VirtualLockState {
  mac_id: string;
  /** Null for an offline bench lock (installed from a LockConfig, never syncs). */
  secret: string | null;
  server: string | null;
  room: LockRoomInfo | null;
  config: LockConfig;
  passwords: DeviceSyncState['passwords'];
  faces: DeviceSyncState['faces'];
  fingerprints: DeviceSyncState['fingerprints'];
  /** Single-use password ids that already opened this lock. */
  usedPasswords: number[];
  /** Lock clock minus system clock, learned from server_time. */
  clockOffsetMs: number;
  records: DeviceRecord[];
  installedAt: number;
  lastSyncAt: number | null;
  /** Battery, percent 0–100: reported to the server at each sync. */
  battery: number;
  /** The firmware the lock runs: reported to the server at each sync. */
  firmwareVersion: string;
}

/** A lock as `GET /locks` lists it. */
export interface LockSummary {
  mac_id: string;
  room_id: number | null;
  room_name: string | null;
  building: number;
  floor: number;
  installed_at: number;
  last_sync_at: number | null;
  buffered: number;
  server: string | null;
  bench: boolean;
  battery: number;
  firmware_version: string;
}

export type LockFailure = { ok: false; error: string; msg: string };
export type LockResult<T> = ({ ok: true } & T) | LockFailure;

export interface TapRequest {
  password?: unknown;
  face?: unknown;
  finger?: unknown;
  at?: unknown;
}
export interface TapAnswer {
  decision: 'open' | 'deny';
  reason: string;
  record_uid: string;
}
export interface SyncAnswer {
  sync_id: string;
  learned: {
    deleted_cards: number[];
    universal_cards: number[];
    sequences: Record<string, number>;
    passwords: number[];
    faces: Array<string | number>;
    fingerprints: Array<string | number>;
  };
  uploaded: number;
  duplicates: number;
}

export interface VirtualLocksOptions {
  /** The card lying on the simulated encoder (null when none). */
  currentCard: () => MifareCard | null;
  /** The server locks sync with unless one is given at install. */
  defaultServer?: string | null;
  /** Installer's sheet (contract D) re-read when its mtime changes. */
  sheetPath?: string | null;
  /** Where learned state and buffered records survive restarts; memory only when null. */
  statePath?: string | null;
  fetch?: typeof fetch;
  /** The system clock in ms (tests fake it). */
  now?: () => number;
  onLog?: (level: 'info' | 'warn', message: string, details?: Record<string, unknown>) => void;
}

const fail = (error: string, msg: string): LockFailure => ({ ok: false, error, msg });

/** The lock's address as 12 uppercase hex, or null when it is not one (any case, colons or dashes allowed). */
export function normalizeMac(mac: unknown): string | null {
  if (typeof mac !== 'string') return null;
  const hex = mac.replace(/[:-]/g, '').trim().toUpperCase();
  return /^[0-9A-F]{12}$/.test(hex) ? hex : null;
}

/** The raw read a lock's reader takes of a card: its UID and blocks 4, 5, 6, 53, 54 (unreadable ones left out). */
export function rawReadOf(card: MifareCard): RawCardRead {
  const uidLength = card.uidLength ?? 4;
  const blocks: Record<number, Uint8Array> = {};
  for (const block of LOCK_READ_BLOCKS) {
    const bytes = card.blocks[block];
    // A byte the dump could not read is one the lock's reader cannot read either.
    if (!bytes || (card.unknownMask?.[block] ?? 0) !== 0) continue;
    blocks[block] = bytes.slice();
  }
  return { uid: bytesToHex((card.blocks[0] ?? new Uint8Array(16)).slice(0, uidLength)), blocks };
}

/** Checks a typed PIN against a stored `pbkdf2-sha256$iter$salt$key` form in constant time (server/API.md §6). */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  if (!/^\d{6}$/.test(pin)) return false;
  const parts = stored.split('$');
  if (parts.length !== 4 || parts[0] !== 'pbkdf2-sha256') return false;
  const iterations = Number(parts[1]);
  if (!Number.isSafeInteger(iterations) || iterations < 1 || iterations > 1_000_000) return false;
  const salt = Buffer.from(parts[2] ?? '', 'base64');
  const expected = Buffer.from(parts[3] ?? '', 'base64');
  if (salt.length === 0 || expected.length !== 32) return false;
  const key = await new Promise<Buffer>((resolve, reject) =>
    pbkdf2(pin, salt, iterations, 32, 'sha256', (err, derived) => (err ? reject(err) : resolve(derived))),
  );
  return timingSafeEqual(key, expected);
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isBattery = (v: unknown): v is number => isInt(v) && v >= 0 && v <= 100;
const isFirmwareVersion = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= 40 && FIRMWARE_VERSION.test(v);
const intList = (v: unknown): number[] | null =>
  v === undefined ? [] : Array.isArray(v) && v.every(isInt) ? [...v] : null;

/** Checks a bench lock's LockConfig given as JSON; its mac defaults to the lock's address. */
export function parseLockConfig(input: unknown, mac: string): LockResult<{ config: LockConfig }> {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return fail('FIELD_INVALID', 'config must be a LockConfig object');
  const c = input as Record<string, unknown>;
  for (const field of ['hotelId', 'building', 'floor'] as const) {
    if (!isInt(c[field])) return fail('FIELD_INVALID', `config.${field} must be a whole number`);
  }
  const configMac = c['mac_id'] === undefined ? mac : normalizeMac(c['mac_id']);
  if (configMac === null) return fail('FIELD_INVALID', 'config.mac_id must be 12 hex characters');
  if (configMac !== mac) return fail('FIELD_INVALID', `config.mac_id ${configMac} is not the lock ${mac}`);
  const deletedCards = intList(c['deletedCards']);
  const universalCards = intList(c['universalCards']);
  if (!deletedCards || !universalCards)
    return fail('FIELD_INVALID', 'config.deletedCards and universalCards must be lists of card numbers');
  const sequences = c['newestSequence'] ?? {};
  if (
    sequences === null ||
    typeof sequences !== 'object' ||
    Array.isArray(sequences) ||
    !Object.values(sequences).every(isInt)
  )
    return fail('FIELD_INVALID', 'config.newestSequence must map card types to whole numbers');
  if (c['deadbolt'] !== undefined && typeof c['deadbolt'] !== 'boolean')
    return fail('FIELD_INVALID', 'config.deadbolt must be true or false');
  if (c['cardMacKey'] !== undefined && (typeof c['cardMacKey'] !== 'string' || c['cardMacKey'] === ''))
    return fail('FIELD_INVALID', 'config.cardMacKey must be 32 hex characters');
  const config: LockConfig = {
    hotelId: c['hotelId'] as number,
    building: c['building'] as number,
    floor: c['floor'] as number,
    // Kept as given (case, colons): the lock rule compares macs normalized.
    mac_id: typeof c['mac_id'] === 'string' ? c['mac_id'] : mac,
    newestSequence: { ...(sequences as Partial<Record<CardTypeName, number>>) },
    deletedCards,
    universalCards,
    ...(c['deadbolt'] !== undefined ? { deadbolt: c['deadbolt'] as boolean } : {}),
    ...(c['cardMacKey'] !== undefined ? { cardMacKey: c['cardMacKey'] as string } : {}),
  };
  return { ok: true, config };
}

function checkInfo(info: unknown): info is DeviceLockInfo {
  const i = info as Partial<DeviceLockInfo> | null;
  return (
    i !== null &&
    typeof i === 'object' &&
    isInt(i.room_id) &&
    isInt(i.hotel_id) &&
    isInt(i.building) &&
    isInt(i.floor) &&
    typeof i.mac_id === 'string' &&
    isInt(i.server_time)
  );
}

function roomOf(info: DeviceLockInfo): LockRoomInfo {
  return {
    room_id: info.room_id,
    room_name: String(info.room_name ?? ''),
    hotel_id: info.hotel_id,
    building: info.building,
    floor: info.floor,
    card_mac_key: typeof info.card_mac_key === 'string' ? info.card_mac_key : '',
  };
}

function configOf(room: LockRoomInfo, mac: string, learned?: LockConfig): LockConfig {
  const base = newLockConfig({
    hotelId: room.hotel_id,
    building: room.building,
    floor: room.floor,
    mac_id: mac,
  });
  return {
    ...base,
    ...(learned
      ? {
          newestSequence: learned.newestSequence,
          deletedCards: learned.deletedCards,
          universalCards: learned.universalCards,
        }
      : {}),
    ...(room.card_mac_key ? { cardMacKey: room.card_mac_key } : {}),
  };
}

/** Checks a sync's STATE enough that applying it cannot put nonsense into the lock. */
function checkState(state: unknown): state is DeviceSyncState {
  const s = state as Partial<DeviceSyncState> | null;
  const within = (list: unknown) =>
    Array.isArray(list) && list.every((i) => i && isInt(i.start_time) && isInt(i.end_time));
  return (
    s !== null &&
    typeof s === 'object' &&
    Array.isArray(s.deleted_cards) &&
    s.deleted_cards.every(isInt) &&
    Array.isArray(s.universal_cards) &&
    s.universal_cards.every(isInt) &&
    s.sequences !== null &&
    typeof s.sequences === 'object' &&
    Object.values(s.sequences).every(isInt) &&
    within(s.passwords) &&
    (s.passwords ?? []).every((p) => isInt(p.id) && typeof p.pin_hash === 'string') &&
    within(s.faces) &&
    within(s.fingerprints)
  );
}

/** Validates a tap's `at` (seconds). */
function atOf(at: unknown): number | null | undefined {
  if (at === undefined || at === null) return undefined;
  return isInt(at) && at >= 0 && at <= 0xffffffff ? at : null;
}

/** The virtual locks of this gateway, by mac: install, tap, sync, faults, the installer's sheet, the state file. */
export class VirtualLocks {
  private readonly locks = new Map<string, VirtualLockState>();
  private readonly faults = new Map<string, Partial<Record<LockFaultKind, number>>>();
  private readonly syncing = new Set<string>();
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private sheetMtime: number | null = null;
  /** Sheet entries whose install failed (server down): retried at the next refresh. */
  private pendingSheet = new Map<string, { secret: string; triedAt: number }>();
  private sheetRefresh: Promise<void> | null = null;

  constructor(private readonly options: VirtualLocksOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.loadState();
  }

  private log(level: 'info' | 'warn', message: string, details?: Record<string, unknown>): void {
    this.options.onLog?.(level, message, details);
  }

  private seconds(ms = this.now()): number {
    return Math.floor(ms / 1000);
  }

  /** The lock's own clock in seconds (the system clock plus the offset learned at its last sync). */
  lockTime(lock: VirtualLockState): number {
    return this.seconds(this.now() + lock.clockOffsetMs);
  }

  // --- persistence ------------------------------------------------------------------------------------------

  private loadState(): void {
    const path = this.options.statePath;
    if (!path) return;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return; // first start: nothing learned yet
    }
    try {
      const parsed = JSON.parse(text) as { locks?: VirtualLockState[] };
      for (const lock of parsed.locks ?? []) {
        const mac = normalizeMac(lock?.mac_id);
        if (mac && lock.config && Array.isArray(lock.records))
          // A state file from before locks had a battery and a firmware: they take the defaults.
          this.locks.set(mac, {
            ...lock,
            mac_id: mac,
            battery: isBattery(lock.battery) ? lock.battery : DEFAULT_BATTERY,
            firmwareVersion: isFirmwareVersion(lock.firmwareVersion)
              ? lock.firmwareVersion
              : DEFAULT_FIRMWARE,
          });
      }
    } catch (error) {
      this.log('warn', `virtual lock state ${path} is unreadable; starting without it`, {
        err: (error as Error).message,
      });
    }
  }

  private saveState(): void {
    const path = this.options.statePath;
    if (!path) return;
    const temporary = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, JSON.stringify({ locks: [...this.locks.values()] }), { mode: 0o600 });
      renameSync(temporary, path);
    } catch (error) {
      this.log('warn', `cannot write the virtual lock state ${path}`, { err: (error as Error).message });
    }
  }

  // --- the installer's sheet ------------------------------------------------------------------------------

  /**
   * Installs the locks of the installer's sheet (contract D) when the sheet changed since the last look, and
   * retries entries whose server did not answer. The server may write the sheet after the gateway started.
   */
  refreshSheet(): Promise<void> {
    this.sheetRefresh ??= this.readSheet().finally(() => {
      this.sheetRefresh = null;
    });
    return this.sheetRefresh;
  }

  private async readSheet(): Promise<void> {
    const path = this.options.sheetPath;
    if (!path) return;
    let mtime: number;
    try {
      mtime = statSync(path).mtimeMs;
    } catch {
      return; // not written yet
    }
    const changed = mtime !== this.sheetMtime;
    const retryDue = [...this.pendingSheet.values()].some((p) => this.now() - p.triedAt >= 10_000);
    if (!changed && !retryDue) return;
    this.sheetMtime = mtime;
    let entries: Array<{ mac_id?: unknown; secret?: unknown }>;
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as { locks?: unknown };
      entries = Array.isArray(parsed.locks) ? parsed.locks : [];
    } catch (error) {
      this.log('warn', `installer's sheet ${path} is not valid JSON`, { err: (error as Error).message });
      return;
    }
    const due: Array<{ mac: string; secret: string }> = [];
    for (const entry of entries) {
      const mac = normalizeMac(entry?.mac_id);
      if (!mac || typeof entry.secret !== 'string' || !entry.secret) continue;
      if (this.locks.get(mac)?.secret === entry.secret) {
        this.pendingSheet.delete(mac);
        continue;
      }
      const pending = this.pendingSheet.get(mac);
      if (!changed && pending?.secret === entry.secret && this.now() - pending.triedAt < 10_000) continue;
      due.push({ mac, secret: entry.secret });
    }
    // A few at a time: a hotel's sheet installs quickly without flooding the server.
    let installed = 0;
    const refused: string[] = [];
    const work = [...due];
    const installNext = async (): Promise<void> => {
      for (let next = work.shift(); next; next = work.shift()) {
        const result = await this.install({ mac_id: next.mac, secret: next.secret }, true);
        if (result.ok) {
          this.pendingSheet.delete(next.mac);
          installed += 1;
        } else {
          this.pendingSheet.set(next.mac, { secret: next.secret, triedAt: this.now() });
          refused.push(`${next.mac}: ${result.msg}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SHEET_INSTALLS_AT_ONCE, work.length) }, installNext));
    if (installed > 0)
      this.log('info', `installed ${installed} virtual locks from the installer's sheet ${path}`);
    if (refused.length > 0)
      this.log('warn', `${refused.length} virtual locks of the installer's sheet not installed (retried)`, {
        first: refused[0],
      });
  }

  // --- the control calls ----------------------------------------------------------------------------------

  /** Every installed lock, ordered by room name then mac. */
  list(): LockSummary[] {
    return [...this.locks.values()]
      .map((lock) => this.summary(lock))
      .sort(
        (a, b) => (a.room_name ?? '').localeCompare(b.room_name ?? '') || a.mac_id.localeCompare(b.mac_id),
      );
  }

  summary(lock: VirtualLockState): LockSummary {
    return {
      mac_id: lock.mac_id,
      room_id: lock.room?.room_id ?? null,
      room_name: lock.room?.room_name ?? null,
      building: lock.config.building,
      floor: lock.config.floor,
      installed_at: lock.installedAt,
      last_sync_at: lock.lastSyncAt,
      buffered: lock.records.length,
      server: lock.server,
      bench: lock.secret === null,
      battery: lock.battery,
      firmware_version: lock.firmwareVersion,
    };
  }

  /** The lock at this address (any case, with or without colons). */
  get(mac: unknown): VirtualLockState | undefined {
    const key = normalizeMac(mac);
    return key ? this.locks.get(key) : undefined;
  }

  private find(mac: unknown): VirtualLockState | LockFailure {
    const key = normalizeMac(mac);
    if (!key) return fail('FIELD_INVALID', 'mac must be 12 hex characters (colons allowed)');
    return this.locks.get(key) ?? fail('LOCK_NOT_INSTALLED', `no virtual lock ${key} is installed`);
  }

  /**
   * Installs (or reinstalls) a lock with its secret: asks the server who it is. A lock reinstalled in the same
   * room keeps what it learned; its buffered records are always kept.
   */
  async install(
    request: { mac_id?: unknown; secret?: unknown; server?: unknown },
    quiet = false,
  ): Promise<LockResult<{ lock: LockSummary }>> {
    const mac = normalizeMac(request.mac_id);
    if (!mac) return fail('FIELD_INVALID', 'mac_id must be 12 hex characters (colons allowed)');
    const secret = request.secret;
    if (typeof secret !== 'string' || !/^\S{1,200}$/.test(secret))
      return fail('FIELD_INVALID', "secret must be the lock's secret (lds_…)");
    let server = this.options.defaultServer ?? null;
    if (request.server !== undefined && request.server !== null && request.server !== '') {
      if (typeof request.server !== 'string') return fail('FIELD_INVALID', 'server must be a URL');
      server = request.server;
    }
    if (!server) return fail('NO_SERVER', 'no LockDesk server: give server or set LOCKDESK_GW_SERVER_URL');
    try {
      const url = new URL(server);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
      server = url.origin;
    } catch {
      return fail('FIELD_INVALID', `server ${server} is not an http(s) URL`);
    }
    const answer = await deviceCall<DeviceLockInfo>(
      server,
      secret,
      'GET',
      '/device/v1/lock',
      undefined,
      this.fetchImpl,
    );
    if (!answer.ok) return fail(answer.code, `the server refused the lock ${mac}: ${answer.msg}`);
    if (!checkInfo(answer.value))
      return fail('BAD_SERVER_ANSWER', 'the server answered an unexpected lock description');
    const info = answer.value;
    if (normalizeMac(info.mac_id) !== mac)
      return fail('LOCK_MAC_MISMATCH', `this secret belongs to the lock ${info.mac_id}, not ${mac}`);
    const room = roomOf(info);
    const previous = this.locks.get(mac);
    const sameRoom = previous?.room?.room_id === room.room_id && previous.room.hotel_id === room.hotel_id;
    const lock: VirtualLockState = {
      mac_id: mac,
      secret,
      server,
      room,
      config: configOf(room, mac, sameRoom ? previous?.config : undefined),
      passwords: sameRoom ? (previous?.passwords ?? []) : [],
      faces: sameRoom ? (previous?.faces ?? []) : [],
      fingerprints: sameRoom ? (previous?.fingerprints ?? []) : [],
      usedPasswords: sameRoom ? (previous?.usedPasswords ?? []) : [],
      clockOffsetMs: info.server_time * 1000 - this.now(),
      records: previous?.secret ? previous.records : [],
      installedAt: sameRoom && previous ? previous.installedAt : this.seconds(),
      lastSyncAt: sameRoom ? (previous?.lastSyncAt ?? null) : null,
      // The battery and the firmware are the device's own: a reinstalled lock keeps them.
      battery: previous?.battery ?? DEFAULT_BATTERY,
      firmwareVersion: previous?.firmwareVersion ?? DEFAULT_FIRMWARE,
    };
    this.locks.set(mac, lock);
    this.saveState();
    if (!quiet) this.log('info', `virtual lock ${mac} installed for room ${room.room_name}`, { server });
    return { ok: true, lock: this.summary(lock) };
  }

  /** Installs an offline bench lock from a LockConfig: no secret, no server, never syncs (decision-table replay). */
  installBench(request: { mac_id?: unknown; config?: unknown }): LockResult<{ lock: LockSummary }> {
    const mac = normalizeMac(request.mac_id);
    if (!mac) return fail('FIELD_INVALID', 'mac_id must be 12 hex characters (colons allowed)');
    const parsed = parseLockConfig(request.config, mac);
    if (!parsed.ok) return parsed;
    const previous = this.locks.get(mac);
    if (previous?.secret && previous.records.length > 0)
      return fail(
        'LOCK_HAS_RECORDS',
        `the lock ${mac} still holds ${previous.records.length} records; sync it first`,
      );
    const lock: VirtualLockState = {
      mac_id: mac,
      secret: null,
      server: null,
      room: null,
      config: parsed.config,
      passwords: [],
      faces: [],
      fingerprints: [],
      usedPasswords: [],
      clockOffsetMs: 0,
      records: [],
      installedAt: this.seconds(),
      lastSyncAt: null,
      battery: previous?.battery ?? DEFAULT_BATTERY,
      firmwareVersion: previous?.firmwareVersion ?? DEFAULT_FIRMWARE,
    };
    this.locks.set(mac, lock);
    this.faults.delete(mac);
    this.saveState();
    return { ok: true, lock: this.summary(lock) };
  }

  /** Takes a lock away (its unsent records go with it, as with a lock taken off the door). */
  uninstall(mac: unknown): LockResult<{ mac_id: string; dropped: number }> {
    const lock = this.find(mac);
    if ('ok' in lock) return lock;
    this.locks.delete(lock.mac_id);
    this.faults.delete(lock.mac_id);
    this.pendingSheet.delete(lock.mac_id);
    this.saveState();
    return { ok: true, mac_id: lock.mac_id, dropped: lock.records.length };
  }

  /** Arms a fault for the lock's next syncs (exactly-once tests). */
  injectFault(mac: unknown, kind: unknown, count: unknown = 1): LockResult<{ mac_id: string }> {
    const lock = this.find(mac);
    if ('ok' in lock) return lock;
    if (!LOCK_FAULT_KINDS.includes(kind as LockFaultKind))
      return fail(
        'FIELD_INVALID',
        `unknown lock fault ${String(kind)}; one of ${LOCK_FAULT_KINDS.join(', ')}`,
      );
    if (!isInt(count) || count < 0) return fail('FIELD_INVALID', 'count must be a whole number');
    this.faults.set(lock.mac_id, { ...this.faults.get(lock.mac_id), [kind as LockFaultKind]: count });
    return { ok: true, mac_id: lock.mac_id };
  }

  /** Sets the lock's battery (percent, a whole number 0–100); the server hears it at the next sync. */
  setBattery(mac: unknown, percent: unknown): LockResult<{ lock: LockSummary }> {
    const lock = this.find(mac);
    if ('ok' in lock) return lock;
    if (!isBattery(percent)) return fail('FIELD_INVALID', 'percent must be a whole number from 0 to 100');
    lock.battery = percent;
    this.saveState();
    return { ok: true, lock: this.summary(lock) };
  }

  /** Sets the firmware the lock runs (a version such as 2.4.0); the server hears it at the next sync. */
  setFirmware(mac: unknown, version: unknown): LockResult<{ lock: LockSummary }> {
    const lock = this.find(mac);
    if ('ok' in lock) return lock;
    const given = typeof version === 'string' ? version.trim() : version;
    if (!isFirmwareVersion(given))
      return fail(
        'FIELD_INVALID',
        'version must be a firmware version such as 2.4.0, v2.4 or 2.4.0-beta.1 (at most 40 characters)',
      );
    lock.firmwareVersion = given;
    this.saveState();
    return { ok: true, lock: this.summary(lock) };
  }

  private takeFault(mac: string, kind: LockFaultKind): boolean {
    const faults = this.faults.get(mac);
    const left = faults?.[kind] ?? 0;
    if (left <= 0 || !faults) return false;
    faults[kind] = left - 1;
    return true;
  }

  /**
   * Presents something to the lock: a PIN, a face id, a finger id, or else the card lying on the simulated
   * encoder. Every presentation, open or deny, is buffered as an unlock record (not for bench locks).
   */
  async tap(mac: unknown, request: TapRequest = {}): Promise<LockResult<TapAnswer>> {
    const lock = this.find(mac);
    if ('ok' in lock) return lock;
    const given = (['password', 'face', 'finger'] as const).filter(
      (k) => request[k] !== undefined && request[k] !== null && request[k] !== '',
    );
    if (given.length > 1) return fail('FIELD_INVALID', 'present one of password, face or finger at a time');
    const at = atOf(request.at);
    if (at === null) return fail('FIELD_INVALID', 'at must be a time in whole seconds');
    const now = at ?? this.lockTime(lock);
    let record: Omit<DeviceRecord, 'record_uid' | 'time'>;
    let shownReason: string | undefined;
    if (given[0] === 'password') {
      const pin = request.password;
      if (typeof pin !== 'string' && typeof pin !== 'number')
        return fail('FIELD_INVALID', 'password must be six digits');
      record = await this.decidePassword(lock, String(pin), now);
      if (record.opened) shownReason = 'password';
    } else if (given[0] === 'face' || given[0] === 'finger') {
      const id = request[given[0]];
      if (typeof id !== 'string' && typeof id !== 'number')
        return fail('FIELD_INVALID', `${given[0]} must be an id`);
      record = this.decideBiometric(lock, given[0], String(id), now);
      if (record.opened) shownReason = given[0] === 'face' ? 'face' : 'fingerprint';
    } else {
      const card = this.options.currentCard();
      if (!card) return fail('NO_CARD', 'no card on the encoder');
      const raw = rawReadOf(card);
      const presented = presentCard(lock.config, raw, now);
      lock.config = presented.lock;
      const decoded = decodeGuestCard(raw.blocks);
      const credential =
        decoded.ok && decoded.value.isLockDesk && !decoded.value.isEmpty ? decoded.value.card_id : '';
      record = {
        type: 'card',
        opened: presented.decision.open,
        reason: presented.decision.reason,
        credential,
        card_uid: raw.uid,
      };
    }
    const full: DeviceRecord = { record_uid: randomUUID(), time: now, ...record };
    if (lock.secret !== null) lock.records.push(full);
    this.saveState();
    return {
      ok: true,
      decision: full.opened ? 'open' : 'deny',
      reason: shownReason ?? full.reason,
      record_uid: full.record_uid,
    };
  }

  private async decidePassword(
    lock: VirtualLockState,
    pin: string,
    now: number,
  ): Promise<Omit<DeviceRecord, 'record_uid' | 'time'>> {
    const denied = (reason: string, credential = '') => ({
      type: 'password' as const,
      opened: false,
      reason,
      credential,
    });
    // Every stored form is checked (no early exit), so the time taken does not tell which one matched.
    const matches = await Promise.all(lock.passwords.map((p) => pinMatches(pin, p.pin_hash)));
    const found = lock.passwords.filter((_, i) => matches[i]);
    if (found.length === 0) return denied('passwordUnknown');
    const usable = found.find(
      (p) => now >= p.start_time && now < p.end_time && !(p.single_use && lock.usedPasswords.includes(p.id)),
    );
    if (!usable) {
      const first = found[0]!;
      return denied(now < first.start_time ? 'notYetValid' : 'passwordExpired', String(first.id));
    }
    if (usable.single_use) lock.usedPasswords.push(usable.id);
    // An opened password carries no refusal reason: the record's type says what opened.
    return { type: 'password', opened: true, reason: '', credential: String(usable.id) };
  }

  private decideBiometric(
    lock: VirtualLockState,
    kind: 'face' | 'finger',
    id: string,
    now: number,
  ): Omit<DeviceRecord, 'record_uid' | 'time'> {
    const type = kind === 'face' ? ('face' as const) : ('fingerprint' as const);
    const known =
      kind === 'face'
        ? lock.faces.filter((f) => String(f.face_id) === id)
        : lock.fingerprints.filter((f) => String(f.finger_id) === id);
    if (known.length === 0)
      return {
        type,
        opened: false,
        reason: kind === 'face' ? 'faceUnknown' : 'fingerUnknown',
        credential: id,
      };
    if (known.some((f) => now >= f.start_time && now < f.end_time))
      return { type, opened: true, reason: '', credential: id };
    return {
      type,
      opened: false,
      reason: known.every((f) => now < f.start_time) ? 'notYetValid' : 'expired',
      credential: id,
    };
  }

  /**
   * A Bluetooth unlock: start a sync, apply the full STATE it brings, upload the buffered records in batches
   * (each batch leaves the buffer only once the server answered), finish, then buffer the `bluetooth` record
   * for the next sync. A failure at any step answers ok:false and keeps every record not yet answered for.
   */
  async sync(mac: unknown, request: { operator?: unknown } = {}): Promise<LockResult<SyncAnswer>> {
    const lock = this.find(mac);
    if ('ok' in lock) return lock;
    if (lock.secret === null || lock.server === null)
      return fail('LOCK_IS_BENCH', `the lock ${lock.mac_id} is an offline bench lock and never syncs`);
    const operator = request.operator ?? '';
    if (typeof operator !== 'string' || operator.length > 64)
      return fail('FIELD_INVALID', 'operator must be a name of at most 64 characters');
    if (this.syncing.has(lock.mac_id))
      return fail('SYNC_RUNNING', `the lock ${lock.mac_id} is already syncing`);
    this.syncing.add(lock.mac_id);
    try {
      return await this.runSync(lock, operator);
    } finally {
      this.syncing.delete(lock.mac_id);
      this.saveState();
    }
  }

  private async runSync(lock: VirtualLockState, operator: string): Promise<LockResult<SyncAnswer>> {
    const server = lock.server!;
    const secret = lock.secret!;
    const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
      deviceCall<T>(server, secret, method, path, body, this.fetchImpl);
    const started = await call<DeviceSyncStart>('POST', '/device/v1/sync/start', {
      ...(operator ? { operator } : {}),
      lock_time: this.lockTime(lock),
      battery: lock.battery,
      firmware_version: lock.firmwareVersion,
    });
    if (!started.ok) return fail(started.code, `sync not started: ${started.msg}`);
    const { sync_id, server_time, state } = started.value ?? ({} as DeviceSyncStart);
    if (typeof sync_id !== 'string' || !isInt(server_time) || !checkState(state))
      return fail('BAD_SERVER_ANSWER', 'the server answered the sync start with an unexpected state');
    this.applyState(lock, started.value);

    let uploaded = 0;
    let duplicates = 0;
    while (lock.records.length > 0) {
      const batch = lock.records.slice(0, RECORD_BATCH);
      const answer = await call<{ stored: number; duplicates: number }>('POST', '/device/v1/records', {
        sync_id,
        records: batch,
      });
      if (!answer.ok) {
        return fail(
          answer.code,
          `records not uploaded (${lock.records.length} kept for the next sync): ${answer.msg}`,
        );
      }
      if (this.takeFault(lock.mac_id, 'drop-upload-reply')) {
        // The server stored the batch, but the lock never heard back: it keeps the batch and resends it later.
        return fail(
          'UPLOAD_REPLY_LOST',
          `the upload reply was lost (fault); ${lock.records.length} records kept`,
        );
      }
      const sent = new Set(batch.map((r) => r.record_uid));
      lock.records = lock.records.filter((r) => !sent.has(r.record_uid));
      uploaded += Number(answer.value?.stored) || 0;
      duplicates += Number(answer.value?.duplicates) || 0;
    }
    if (this.takeFault(lock.mac_id, 'stop-before-finish'))
      return fail(
        'SYNC_STOPPED',
        'the sync stopped before it finished (fault); the server still holds the old state',
      );
    const finished = await call<{ sync_id: string; confirmed: number }>('POST', '/device/v1/sync/finish', {
      sync_id,
    });
    if (!finished.ok) return fail(finished.code, `sync not finished: ${finished.msg}`);
    lock.lastSyncAt = this.seconds();
    lock.records.push({
      record_uid: randomUUID(),
      time: this.lockTime(lock),
      type: 'bluetooth',
      opened: true,
      reason: 'bluetooth',
      credential: '',
      ...(operator ? { operator } : {}),
    });
    return {
      ok: true,
      sync_id,
      learned: {
        deleted_cards: [...state.deleted_cards],
        universal_cards: [...state.universal_cards],
        sequences: { ...state.sequences },
        passwords: state.passwords.map((p) => p.id),
        faces: state.faces.map((f) => f.face_id),
        fingerprints: state.fingerprints.map((f) => f.finger_id),
      },
      uploaded,
      duplicates,
    };
  }

  /** The lock takes the sync's full state: it replaces what it held; a sequence it saw on a card never drops. */
  private applyState(lock: VirtualLockState, start: DeviceSyncStart): void {
    const { state } = start;
    lock.clockOffsetMs = start.server_time * 1000 - this.now();
    if (checkInfo({ ...start.lock, server_time: start.server_time })) {
      lock.room = roomOf(start.lock);
    }
    const sequences: Partial<Record<CardTypeName, number>> = { ...lock.config.newestSequence };
    for (const [type, sequence] of Object.entries(state.sequences)) {
      const name = type as CardTypeName;
      sequences[name] = Math.max(sequences[name] ?? 0, sequence);
    }
    lock.config = {
      ...configOf(lock.room!, lock.mac_id),
      newestSequence: sequences,
      deletedCards: [...state.deleted_cards],
      universalCards: state.universal_cards.filter((n) => !state.deleted_cards.includes(n)),
    };
    lock.passwords = state.passwords.map((p) => ({ ...p }));
    lock.faces = state.faces.map((f) => ({ ...f }));
    lock.fingerprints = state.fingerprints.map((f) => ({ ...f }));
    const ids = new Set(lock.passwords.map((p) => p.id));
    lock.usedPasswords = lock.usedPasswords.filter((id) => ids.has(id));
  }
}
