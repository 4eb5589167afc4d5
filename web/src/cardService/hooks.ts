import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { asCardServiceError, CardServiceError } from './errors.ts';
import type { WriteCardOptions } from './operations.ts';
import { type CardService, cardService } from './service.ts';
import type { LogEntry, ReaderInfo, ReaderKind, WriteProgress, WriteStep } from './types.ts';

export interface CardServiceState {
  kind: ReaderKind;
  setKind(kind: ReaderKind): void;
  /** What the console knows about the reader (online, simulated, the broker's notice). */
  info: ReaderInfo;
  /** The device log, at most 100 entries. */
  log: readonly LogEntry[];
  /** Asks the reader again. */
  refresh(): Promise<ReaderInfo>;
  service: CardService;
}

/**
 * The card service in a component: the reader type (kept in local storage), what the reader is (asked when the
 * component mounts and when the type changes), and the device log.
 */
export function useCardService(service: CardService = cardService()): CardServiceState {
  const info = useSyncExternalStore(service.info$.subscribe, service.info$.get, service.info$.get);
  const log = useSyncExternalStore(
    service.subscribeLog,
    () => service.log,
    () => service.log,
  );
  useEffect(() => {
    void service.refresh();
  }, [service, info.kind]);
  const setKind = useCallback((kind: ReaderKind) => service.setKind(kind), [service]);
  const refresh = useCallback(() => service.refresh(), [service]);
  return { kind: info.kind, setKind, info, log, refresh, service };
}

export interface CardWriteState<T> {
  /** Starts the write (a write already running is cancelled first). Resolves with the result, or undefined. */
  start(): Promise<T | undefined>;
  /** Cancels the write: nothing is confirmed. */
  cancel(): void;
  /** The step the write is at (null before the first start). */
  step: WriteStep | null;
  progress: WriteProgress | null;
  /** The failure (a cancel too: `error.cancelled`). */
  error: CardServiceError | null;
  result: T | undefined;
  running: boolean;
}

/**
 * A card write with its steps as they happen (connect, find the card, the server's plan, write, verify, confirm)
 * and a cancel (contract C): `allocate` asks the server for the write plan of the card found, `confirm` records
 * it once it read back as written.
 */
export function useCardWrite<T>(
  options: Pick<WriteCardOptions<T>, 'allocate' | 'confirm'>,
  service: CardService = cardService(),
): CardWriteState<T> {
  const [progress, setProgress] = useState<WriteProgress | null>(null);
  const [error, setError] = useState<CardServiceError | null>(null);
  const [result, setResult] = useState<T | undefined>(undefined);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => () => controller.current?.abort(new CardServiceError('OPERATION_CANCELLED')), []);

  const start = useCallback(async () => {
    controller.current?.abort(new CardServiceError('OPERATION_CANCELLED'));
    const run = new AbortController();
    controller.current = run;
    setError(null);
    setResult(undefined);
    setProgress(null);
    setRunning(true);
    try {
      const value = await service.writeCard<T>({
        allocate: (uid, signal) => latest.current.allocate(uid, signal),
        confirm: (plan, blocks, uid) => latest.current.confirm(plan, blocks, uid),
        signal: run.signal,
        onStep: (next) => {
          if (controller.current === run) setProgress(next);
        },
      });
      if (controller.current === run) setResult(value);
      return value;
    } catch (failure) {
      if (controller.current === run) setError(asCardServiceError(failure));
      return undefined;
    } finally {
      if (controller.current === run) {
        controller.current = null;
        setRunning(false);
      }
    }
  }, [service]);

  const cancel = useCallback(() => {
    controller.current?.abort(new CardServiceError('OPERATION_CANCELLED'));
  }, []);

  return { start, cancel, step: progress?.step ?? null, progress, error, result, running };
}
