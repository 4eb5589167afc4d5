import { BROKER, CARD_READ, LIMITS } from '@lockdesk/protocol';

/**
 * The waits of the card read flow, the sector scan (spec §4, §9) and the fingerprint enrolment; tests and the
 * benchmark may shorten them.
 */
export interface ReaderTiming {
  /** Green LED when the read starts, red this long after (spec §4 step 1: 600 ms). */
  ledRedAfterMs: number;
  /** Reading starts this long after the reader is ready (200 ms). */
  readAfterReadyMs: number;
  /** Find-card polling period (200 ms). */
  pollIntervalMs: number;
  /** Pause between finding the card and reading it (spec §9 'find-card then read after 1 s'). */
  findThenReadMs: number;
  /** Pause between sectors of a scan (100 ms). */
  sectorScanPauseMs: number;
  /** How long a whole card read may wait for a card (the device command timeout, 15 s). */
  cardReadTimeoutMs: number;
  /** Two reads started closer than this by one client are refused (spec §4: 2000 ms lockout). */
  readLockoutMs: number;
  /** Fingerprint enrolment: how often the sensor's step is polled (as the card poll, 200 ms). */
  fingerPollMs: number;
  /** Fingerprint enrolment: how long it waits for the finger when the caller names no `timeout` (60 s). */
  fingerTimeoutMs: number;
}

/** The spec's values. */
export const SPEC_TIMING: ReaderTiming = {
  ledRedAfterMs: CARD_READ.ledRedAfterMs,
  readAfterReadyMs: CARD_READ.readAfterReadyMs,
  pollIntervalMs: CARD_READ.pollIntervalMs,
  findThenReadMs: CARD_READ.findThenReadMs,
  sectorScanPauseMs: CARD_READ.sectorScanPauseMs,
  cardReadTimeoutMs: LIMITS.deviceCommandTimeoutMs,
  readLockoutMs: LIMITS.readButtonLockoutMs,
  fingerPollMs: CARD_READ.pollIntervalMs,
  fingerTimeoutMs: 60_000,
};

/** How long the bridge gives the device for one broker command: inside the console's 10 s broker timeout. */
export const BRIDGE_DEVICE_TIMEOUT_MS = Math.min(LIMITS.localReaderWriteTimeoutMs, BROKER.commandTimeoutMs);

/** Thrown by `sleep` when its signal aborts; carries the reason's catalogue code. */
export class Cancelled extends Error {
  constructor(readonly reason: unknown) {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

/** Waits `ms` on the (fakeable) global clock; rejects with `Cancelled` as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Cancelled(signal.reason));
      return;
    }
    if (ms <= 0) {
      resolve();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Cancelled(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
