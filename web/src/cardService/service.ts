import { BROKER, LIMITS, STORAGE_KEYS } from '@lockdesk/protocol';
import { DEPLOY } from '../config/deploy.ts';
import type { BrokerCredential, BrokerCredentialProvider } from './brokerLogin.ts';
import { CardServiceError, cancelledError } from './errors.ts';
import { LocalServiceReader } from './localService.ts';
import {
  eraseCard,
  type ReadCardOptions,
  readCard,
  readCardBlocks,
  type ScanSectorsOptions,
  scanSectors,
  type WriteCardOptions,
  writeCard,
} from './operations.ts';
import { type MqttConnect, type RemoteHeartbeat, RemoteReader } from './remoteReader.ts';
import { SecondReader } from './secondReader.ts';
import { type SocketFactory, ThirdReader } from './thirdReader.ts';
import { CARD_TIMING } from './timing.ts';
import {
  type CardReader,
  type CardReadResult,
  type CardWriteStep,
  isReaderKind,
  type LogEntry,
  type ReaderInfo,
  type ReaderKind,
  type ReaderLog,
  type SectorScan,
  type WriteProgress,
} from './types.ts';

/** The reader type names the console shows (deploy config's card issuer models, CRFD-0k). */
export function readerTypeName(kind: ReaderKind): string {
  return DEPLOY.cardIssuerOptions.find((o) => o.value === kind)?.label ?? `CRFD-0${kind}`;
}

/** Local storage as the service uses it (window.localStorage in the browser; tests pass a Map-backed one). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface CardServiceOptions {
  storage?: StorageLike | null;
  fetch?: typeof fetch;
  /** The WebSocket constructor of the third reader (Node: the `ws` package). */
  socket?: SocketFactory;
  /** mqtt's connect for the remote reader (loaded on first use when not given). */
  mqttConnect?: MqttConnect;
  readers?: Partial<{ localService: string; secondReader: string; thirdReader: string }>;
  brokerUrl?: string;
  /** The operator's broker credential for the remote reader (the console's: `broker/credential`). */
  brokerCredentials?: BrokerCredentialProvider;
  /** The reader type when storage holds none (DEPLOY.defaultCardIssuerType). */
  defaultKind?: ReaderKind;
  /** The remote reader's device id when storage holds no `cardSenderID`. */
  deviceId?: string;
  /**
   * Told that the remote reader's device was seen working: a heartbeat of its bridge with the encoder online
   * (the console reports it with `cardDispenser/checkStatus { mac_id, seen: 1 }`, server/API.md §9). Called at
   * most once per `heartbeatReportMs` for a device; what it throws or rejects with is ignored (a report is
   * background work, not the operator's).
   */
  onHeartbeat?: HeartbeatReporter;
  /** The least time between two reports of one device (BROKER.heartbeatMs, the bridge's heartbeat period). */
  heartbeatReportMs?: number;
  /** Makes the reader of a type instead of the real ones (tests: a fake reader). */
  readerFactory?: (
    kind: ReaderKind,
    hooks: {
      log: ReaderLog;
      onInfo: (info: Partial<ReaderInfo>) => void;
      onHeartbeat: (beat: RemoteHeartbeat) => void;
    },
  ) => CardReader;
}

/** Reports that a remote reader (its device id) was seen working; see `CardServiceOptions.onHeartbeat`. */
export type HeartbeatReporter = (deviceId: string) => unknown;

/** A value that can be read now and watched. */
export interface Observable<T> {
  get(): T;
  subscribe(listener: (value: T) => void): () => void;
}

export interface CardService {
  /** The reader type in use. */
  readonly kind: ReaderKind;
  /** Chooses the reader type (kept in local storage `cardSenderType`). */
  setKind(kind: ReaderKind): void;
  /** The reader of the type in use. */
  reader(): CardReader;
  /** The remote reader's device id (`cardSenderID`). */
  deviceId(): string;
  setDeviceId(id: string): void;
  readonly info$: Observable<ReaderInfo>;
  readonly info: ReaderInfo;
  /** The device log, oldest first, at most 100 entries (spec §9). */
  readonly log: readonly LogEntry[];
  subscribeLog(listener: (log: readonly LogEntry[]) => void): () => void;
  clearLog(): void;
  /** Asks the reader how it is (the gateway's health, or the broker) and updates `info`. */
  refresh(): Promise<ReaderInfo>;
  /** Cancels the operation in progress. */
  cancel(): void;
  /** Whether an operation runs. */
  readonly busy: boolean;
  /**
   * The card read of spec §4 with the 2000 ms lockout ('Card reading in progress, please do not click too often')
   * and a new read cancelling the one in progress.
   */
  readCard(options?: Omit<ReadCardOptions, 'signal'> & { signal?: AbortSignal }): Promise<CardReadResult>;
  /** `known`: blocks the card read just before got from this card (not read again; see ReadCardBlocksOptions). */
  readCardBlocks(
    uid: string,
    keys: Record<number, string> | null,
    signal?: AbortSignal,
    known?: Record<number, string>,
  ): Promise<Record<number, string>>;
  scanSectors(options?: ScanSectorsOptions): Promise<SectorScan>;
  writeCard<T>(options: WriteCardOptions<T>): Promise<T>;
  eraseCard(
    uid: string,
    steps: readonly CardWriteStep[],
    options?: { signal?: AbortSignal; onStep?: (progress: WriteProgress) => void },
  ): Promise<void>;
  /** Closes the readers' connections. */
  dispose(): void;
}

/** Spec §8: failures that say the reader (not the card) is not there. */
const OFFLINE_CODES: readonly string[] = [
  'API_CALL_FAILED',
  'CONNECT_DEVICE_FIRST',
  'DEVICE_NOT_FOUND',
  'DEVICE_NOT_RESPONDING',
  'DEVICE_NOT_RESPONDING_CHECK',
  'BROKER_DEVICE_NOT_CONNECTED',
  'BROKER_CONNECTION_TIMEOUT',
  'BROKER_RESPONSE_TIMEOUT',
  'READER_OPEN_FAILED',
];

function defaultStorage(): StorageLike | null {
  try {
    // globalThis rather than window: the service also runs in Node (the tests package drives it from there).
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
  } catch {
    return null;
  }
}

/** A card service; the console uses the one `cardService()` returns, tests make their own. */
export function createCardService(options: CardServiceOptions = {}): CardService {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const addresses = { ...DEPLOY.readers, ...options.readers };
  const read = (key: string) => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string) => {
    try {
      storage?.setItem(key, value);
    } catch {
      // storage refused (private mode): kept for this page only
    }
  };

  const storedKind = Number(read(STORAGE_KEYS.cardSenderType));
  let kind: ReaderKind = isReaderKind(storedKind)
    ? storedKind
    : (options.defaultKind ?? DEPLOY.defaultCardIssuerType);
  let deviceId = read(STORAGE_KEYS.cardSenderID) || options.deviceId || '';

  // The device log (spec §4/§9: at most 100 entries, the oldest dropped).
  let log: readonly LogEntry[] = [];
  const logListeners = new Set<(log: readonly LogEntry[]) => void>();
  const addLog = (entryKind: LogEntry['kind'], text: string) => {
    const next = [...log, { time: Date.now(), kind: entryKind, text }];
    log = next.length > LIMITS.logBufferEntries ? next.slice(next.length - LIMITS.logBufferEntries) : next;
    for (const listener of logListeners) listener(log);
  };

  const blankInfo = (k: ReaderKind): ReaderInfo => ({
    kind: k,
    online: false,
    simulated: null,
    description: readerTypeName(k),
    ...(k === 4 && deviceId ? { deviceId } : {}),
  });
  let info: ReaderInfo = blankInfo(kind);
  const infoListeners = new Set<(info: ReaderInfo) => void>();
  const setInfo = (change: Partial<ReaderInfo>, forKind: ReaderKind = kind) => {
    if (forKind !== kind) return;
    const next: ReaderInfo = { ...info, ...change, kind };
    if ('notice' in change && change.notice === undefined) delete next.notice;
    info = next;
    for (const listener of infoListeners) listener(info);
  };

  // The remote reader's heartbeats, reported at most once per period and device; failures stay silent.
  const reportEveryMs = options.heartbeatReportMs ?? BROKER.heartbeatMs;
  const lastReported = new Map<string, number>();
  const onHeartbeat = (beat: RemoteHeartbeat) => {
    const report = options.onHeartbeat;
    if (!report || !beat.encoderOnline || !beat.deviceId) return;
    const now = Date.now();
    const last = lastReported.get(beat.deviceId);
    if (last !== undefined && now - last < reportEveryMs) return;
    lastReported.set(beat.deviceId, now);
    try {
      void Promise.resolve(report(beat.deviceId)).catch(() => undefined);
    } catch {
      // a reporter that fails does not disturb the reader
    }
  };

  const readers = new Map<string, CardReader>();
  const readerKey = (k: ReaderKind) => (k === 4 ? `4:${deviceId}` : String(k));
  const makeReader = (k: ReaderKind): CardReader => {
    if (options.readerFactory)
      return options.readerFactory(k, { log: addLog, onInfo: (change) => setInfo(change, k), onHeartbeat });
    switch (k) {
      case 1:
        return new LocalServiceReader({ baseUrl: addresses.localService, fetch: fetchImpl, log: addLog });
      case 2:
        return new SecondReader({ baseUrl: addresses.secondReader, fetch: fetchImpl, log: addLog });
      case 3:
        return new ThirdReader({
          url: addresses.thirdReader,
          log: addLog,
          onInfo: (change) => setInfo(change, 3),
          ...(options.socket ? { socket: options.socket } : {}),
        });
      case 4:
        return new RemoteReader({
          deviceId,
          log: addLog,
          onInfo: (change) => setInfo(change, 4),
          onHeartbeat,
          ...(options.brokerUrl ? { brokerUrl: options.brokerUrl } : {}),
          ...(options.brokerCredentials ? { credentials: options.brokerCredentials } : {}),
          ...(options.mqttConnect ? { connect: options.mqttConnect } : {}),
        });
    }
  };
  /**
   * `cardSenderID` may be written by another part of the console (the reader binding of `cardDispenser/getUserBind`)
   * after this service started: the stored one wins when it differs.
   */
  const syncDeviceId = () => {
    const stored = (read(STORAGE_KEYS.cardSenderID) ?? '').trim().toUpperCase();
    if (!stored || stored === deviceId) return;
    readers.get(`4:${deviceId}`)?.close();
    readers.delete(`4:${deviceId}`);
    deviceId = stored;
    if (kind === 4) setInfo({ deviceId, online: false });
  };

  const reader = (): CardReader => {
    if (kind === 4) syncDeviceId();
    const key = readerKey(kind);
    let current = readers.get(key);
    if (!current) {
      current = makeReader(kind);
      readers.set(key, current);
    }
    return current;
  };

  // One operation at a time: a new one cancels the running one.
  let running: AbortController | null = null;
  const begin = (
    external: AbortSignal | undefined,
    cancelCode: 'OPERATION_CANCELLED' | 'READ_CARD_CANCELLED',
  ) => {
    running?.abort(new CardServiceError(cancelCode));
    const controller = new AbortController();
    running = controller;
    if (external) {
      if (external.aborted) controller.abort(cancelledError(external));
      else
        external.addEventListener('abort', () => controller.abort(cancelledError(external)), { once: true });
    }
    return controller;
  };
  const operation = async <T>(
    external: AbortSignal | undefined,
    cancelCode: 'OPERATION_CANCELLED' | 'READ_CARD_CANCELLED',
    work: (reader: CardReader, signal: AbortSignal) => Promise<T>,
  ): Promise<T> => {
    const forKind = kind;
    const controller = begin(external, cancelCode);
    try {
      const result = await work(reader(), controller.signal);
      setInfo({ online: true }, forKind);
      return result;
    } catch (error) {
      if (error instanceof CardServiceError) {
        if (error.cancelled) addLog('info', error.message);
        else if (OFFLINE_CODES.includes(error.code)) setInfo({ online: false }, forKind);
      }
      throw error;
    } finally {
      if (running === controller) running = null;
    }
  };
  /** What connect said about the encoder becomes the info (online, simulated, its description). */
  const onConnect = (forKind: ReaderKind) => (got: ReaderInfo) => setInfo({ ...got, online: true }, forKind);

  let lockedUntil = Number.NEGATIVE_INFINITY;

  const service: CardService = {
    get kind() {
      return kind;
    },
    setKind(next) {
      if (!isReaderKind(next)) return;
      write(STORAGE_KEYS.cardSenderType, String(next));
      if (next === kind) return;
      running?.abort(new CardServiceError('OPERATION_CANCELLED'));
      kind = next;
      info = blankInfo(kind);
      for (const listener of infoListeners) listener(info);
      addLog('info', `reader type ${readerTypeName(kind)}`);
    },
    reader,
    deviceId: () => {
      syncDeviceId();
      return deviceId;
    },
    setDeviceId(id) {
      const next = id.trim().toUpperCase();
      if (next === deviceId) return;
      readers.get(`4:${deviceId}`)?.close();
      readers.delete(`4:${deviceId}`);
      deviceId = next;
      write(STORAGE_KEYS.cardSenderID, next);
      if (kind === 4) {
        info = blankInfo(4);
        for (const listener of infoListeners) listener(info);
      }
    },
    info$: {
      get: () => info,
      subscribe(listener) {
        infoListeners.add(listener);
        return () => infoListeners.delete(listener);
      },
    },
    get info() {
      return info;
    },
    get log() {
      return log;
    },
    subscribeLog(listener) {
      logListeners.add(listener);
      return () => logListeners.delete(listener);
    },
    clearLog() {
      log = [];
      for (const listener of logListeners) listener(log);
    },
    async refresh() {
      const forKind = kind;
      if (forKind === 4) {
        const remote = reader() as RemoteReader;
        if (!deviceId) {
          setInfo({ online: false }, 4);
          return info;
        }
        try {
          await remote.attach();
          setInfo({ deviceId }, 4);
        } catch (error) {
          setInfo(
            { online: false, ...(error instanceof CardServiceError ? { notice: error.message } : {}) },
            4,
          );
        }
        return info;
      }
      // The local readers are one gateway: its health says whether the encoder is there and simulated.
      try {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), CARD_TIMING.readerTimeoutMs);
        const response = await fetchImpl(`${addresses.localService.replace(/\/+$/, '')}/health`, {
          signal: controller.signal,
        }).finally(() => clearTimeout(timer));
        const body = (await response.json()) as { device?: Record<string, unknown> };
        const device = body.device ?? {};
        setInfo(
          {
            online: device['state'] === 'online',
            simulated: device['simulated'] === true || device['transport'] === 'simulated',
            ...(typeof device['description'] === 'string' ? { description: device['description'] } : {}),
          },
          forKind,
        );
      } catch {
        setInfo({ online: false }, forKind);
      }
      return info;
    },
    cancel() {
      running?.abort(new CardServiceError('OPERATION_CANCELLED'));
    },
    get busy() {
      return running !== null;
    },
    readCard(readOptions = {}) {
      const now = Date.now();
      if (now < lockedUntil) return Promise.reject(new CardServiceError('READ_TOO_FREQUENT'));
      lockedUntil = now + CARD_TIMING.readLockoutMs;
      const forKind = kind;
      return operation(readOptions.signal, 'READ_CARD_CANCELLED', (r, signal) =>
        readCard(r, { ...readOptions, signal, onConnect: onConnect(forKind) }),
      );
    },
    readCardBlocks(uid, keys, signal, known) {
      const forKind = kind;
      return operation(signal, 'OPERATION_CANCELLED', (r, s) =>
        readCardBlocks(r, uid, keys, {
          signal: s,
          onConnect: onConnect(forKind),
          ...(known ? { known } : {}),
        }),
      );
    },
    scanSectors(scanOptions = {}) {
      const forKind = kind;
      return operation(scanOptions.signal, 'OPERATION_CANCELLED', (r, signal) =>
        scanSectors(r, { ...scanOptions, signal, onConnect: onConnect(forKind) }),
      );
    },
    writeCard(writeOptions) {
      const forKind = kind;
      return operation(writeOptions.signal, 'OPERATION_CANCELLED', (r, signal) =>
        writeCard(r, { ...writeOptions, signal, onConnect: onConnect(forKind) }),
      );
    },
    eraseCard(uid, steps, eraseOptions = {}) {
      const forKind = kind;
      return operation(eraseOptions.signal, 'OPERATION_CANCELLED', (r, signal) =>
        eraseCard(r, uid, steps, { ...eraseOptions, signal, onConnect: onConnect(forKind) }),
      );
    },
    dispose() {
      running?.abort(new CardServiceError('OPERATION_CANCELLED'));
      for (const r of readers.values()) r.close();
      readers.clear();
    },
  };
  return service;
}

let shared: CardService | undefined;
let sharedReporter: HeartbeatReporter | null = null;
let sharedCredentials: BrokerCredentialProvider | null = null;

/**
 * Where the console's card service gets the operator's broker credential for the remote reader (main.tsx: the api
 * layer's `broker/credential`); the service stays free of the API client. Set before the remote reader connects.
 */
export function setBrokerCredentialProvider(provider: BrokerCredentialProvider | null): void {
  sharedCredentials = provider;
}

/** Closes the console's card service connections (logout): the remote reader leaves the broker, its renewals stop. */
export function closeCardService(): void {
  shared?.dispose();
}

/**
 * Who hears of the remote reader's heartbeats in the console's card service (main.tsx: the server's
 * `cardDispenser/checkStatus`); the service stays free of the API client. May be set before or after first use.
 */
export function setHeartbeatReporter(reporter: HeartbeatReporter | null): void {
  sharedReporter = reporter;
}

/** The operator's broker credential, from the provider main.tsx set. */
const operatorBrokerCredential: BrokerCredentialProvider = (renew): Promise<BrokerCredential> =>
  sharedCredentials
    ? sharedCredentials(renew)
    : Promise.reject(new CardServiceError('BROKER_CREDENTIAL_UNAVAILABLE'));

/** The console's card service (one per page). */
export function cardService(): CardService {
  shared ??= createCardService({
    onHeartbeat: (deviceId) => sharedReporter?.(deviceId),
    brokerCredentials: operatorBrokerCredential,
  });
  return shared;
}

/**
 * A remote reader or card dispenser by its device id, logged in to the broker with the operator's credential, for
 * the pages that drive one of the hotel's devices directly (CPU card dispensing, issuing cards room by room): the
 * broker admits no client without a credential.
 */
export function remoteReaderFor(deviceId: string, connect?: MqttConnect): RemoteReader {
  return new RemoteReader({
    deviceId,
    credentials: operatorBrokerCredential,
    ...(connect ? { connect } : {}),
  });
}
