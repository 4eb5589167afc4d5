import { BROKER, CARD_READ, LIMITS } from '@lockdesk/protocol';
import { cancelledError } from './errors.ts';

/** The waits of spec §4 and §9 the card service keeps; tests shorten none of them (they use fake timers). */
export const CARD_TIMING = {
  /** Local reader calls (spec §9: 2000 ms; writes 5000 ms). */
  readerTimeoutMs: LIMITS.localReaderTimeoutMs,
  readerWriteTimeoutMs: LIMITS.localReaderWriteTimeoutMs,
  /** A card read waits this long for a card (the device command timeout, 15 s). */
  cardWaitMs: LIMITS.deviceCommandTimeoutMs,
  ledRedAfterMs: CARD_READ.ledRedAfterMs,
  readAfterReadyMs: CARD_READ.readAfterReadyMs,
  pollIntervalMs: CARD_READ.pollIntervalMs,
  findThenReadMs: CARD_READ.findThenReadMs,
  sectorScanPauseMs: CARD_READ.sectorScanPauseMs,
  readLockoutMs: LIMITS.readButtonLockoutMs,
  brokerCommandTimeoutMs: BROKER.commandTimeoutMs,
  brokerReconnectMs: BROKER.reconnectMs,
  /** How long the broker connection may take before 'connection timeout'. */
  brokerConnectTimeoutMs: BROKER.commandTimeoutMs,
} as const;

/** Waits `ms`; rejects with the cancellation as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledError(signal));
      return;
    }
    if (ms <= 0) {
      resolve();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError(signal));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
