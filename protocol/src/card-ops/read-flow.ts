import { CARD_READ } from '../constants.js';
import type { ErrorCode } from '../errors.js';
import { fail, ok } from '../result.js';
import { CARD_READ_MAX_RETRIES, cardReadRetrySchedule } from '../retry.js';
import {
  type CardOpAnswer,
  type CardOpFailure,
  type CardOpFlow,
  cancelledAs,
  device,
  isCancelled,
  wait,
} from './steps.js';

/** The waits of the card read (spec §4, §9); drivers pass the spec's values, tests may shorten them. */
export interface CardReadTiming {
  /** Green LED when the read starts, red this long after (600 ms). */
  ledRedAfterMs: number;
  /** Polling starts this long after the red LED (200 ms). */
  readAfterReadyMs: number;
  /** Find-card polling period (200 ms). */
  pollIntervalMs: number;
  /** From finding the card to reading it (1 s). */
  findThenReadMs: number;
  /** How long the read waits for a card (15 s: 'Timeout, please retry'). */
  cardWaitMs: number;
}

export interface CardReadOptions {
  timing: CardReadTiming;
  /** The clock (ms) for the wait for a card. */
  now: () => number;
  /** The key of block 54 (the default key). */
  key?: string;
  /**
   * The code a failed start (the green LED not sent) ends with; unset, the reader's own failure stands. The
   * gateway's goReadCard answers READER_START_FAILED, and lets a device that refuses the LED go on.
   */
  startFailure?: ErrorCode;
}

/** What a card read gives: the card and its check block. */
export interface CardReadOutcome {
  uid: string;
  cardType: number;
  /** Block 54 (the card check block), 32 hex. */
  block54: string;
  /** Attempts of the retry schedule it took (1 when the first read worked). */
  attempts: number;
}

/** The steps the operator sees during a card read. */
export type CardReadStep = 'led' | 'waitCard' | 'read' | 'beep' | 'done';

/** Failures after which retrying is pointless: the reader (not the card) is gone. */
export const READER_GONE_CODES: readonly ErrorCode[] = [
  'API_CALL_FAILED',
  'CONNECT_DEVICE_FIRST',
  'DEVICE_NOT_FOUND',
  'DEVICE_NOT_OPEN',
  'DEVICE_NOT_RESPONDING_CHECK',
  'BROKER_DEVICE_NOT_CONNECTED',
  'BROKER_CONNECTION_TIMEOUT',
  'BROKER_INVALID_DEVICE_ID',
];

const CANCEL: ErrorCode = 'READ_CARD_CANCELLED';

/**
 * The card read flow of spec §4: the LED green, red 600 ms later; from 200 ms after that a find-card every 200 ms
 * until a card is there (none within 15 s: TIMEOUT_RETRY); 1 s later block 54, tried along the retry schedule of
 * spec §9 (2 rounds × 4 variants × 3 tries, pauses 300/500/800 ms; then MAX_RETRIES_REACHED, stopping at once
 * when the reader is gone); then a beep. Cancelled at any step: READ_CARD_CANCELLED.
 */
export function* cardReadFlow(options: CardReadOptions): CardOpFlow<CardReadOutcome> {
  const { timing, now } = options;
  const key = options.key ?? CARD_READ.defaultKey;

  yield { kind: 'show', step: 'led' };
  const green = yield device({ op: 'led', colour: 'green', durationMs: 0 });
  if (isCancelled(green)) return cancelledAs(green, CANCEL);
  if (green && !green.ok) {
    if (!options.startFailure) return green;
    if (green.status === undefined) return fail(options.startFailure, 'the green LED was not sent');
  }
  let answer: CardOpAnswer | undefined = yield wait(timing.ledRedAfterMs, 'sent');
  if (isCancelled(answer)) return cancelledAs(answer, CANCEL);
  const red = yield device({ op: 'led', colour: 'red', durationMs: 0 });
  if (red && !red.ok) return isCancelled(red) ? cancelledAs(red, CANCEL) : red;
  answer = yield wait(timing.readAfterReadyMs, 'sent');
  if (isCancelled(answer)) return cancelledAs(answer, CANCEL);

  yield { kind: 'show', step: 'waitCard' };
  const deadline = now() + timing.cardWaitMs;
  let card: { uid: string; cardType: number } | undefined;
  for (;;) {
    const found = yield device({ op: 'findCard' });
    if (isCancelled(found)) return cancelledAs(found, CANCEL);
    if (found?.ok && found.value.card) {
      card = found.value.card;
      break;
    }
    // No card yet; a device that refuses the find (a status) has none either. Anything else ends the read.
    if (found && !found.ok && found.code !== 'NO_CARD' && found.status === undefined) return found;
    if (now() + timing.pollIntervalMs > deadline) return fail('TIMEOUT_RETRY', 'no card within the wait');
    answer = yield wait(timing.pollIntervalMs);
    if (isCancelled(answer)) return cancelledAs(answer, CANCEL);
  }
  answer = yield wait(timing.findThenReadMs);
  if (isCancelled(answer)) return cancelledAs(answer, CANCEL);

  yield { kind: 'show', step: 'read' };
  const read = yield* readCheckBlock(key);
  // Cancelled while the last read ran: no beep and no card for a caller that gave up on this read.
  answer = yield wait(0);
  if (isCancelled(answer)) return cancelledAs(answer, CANCEL);
  if (!read.ok) return { ...read, data: { uid: card.uid, ...(read.data as object | undefined) } };

  yield { kind: 'show', step: 'beep' };
  yield device({ op: 'beep', musicId: 1, count: 1 }, true);
  yield { kind: 'show', step: 'done' };
  return ok({ uid: card.uid, cardType: card.cardType, ...read.value });
}

/** Block 54 along the retry schedule of spec §9. */
function* readCheckBlock(
  key: string,
): Generator<
  ReturnType<typeof device>,
  { ok: true; value: { block54: string; attempts: number } } | CardOpFailure,
  CardOpAnswer | undefined
> {
  let last: CardOpFailure | undefined;
  for (const attempt of cardReadRetrySchedule()) {
    // Also without a pause: a cancelled read starts no further attempt.
    const paused = yield wait(attempt.pauseBeforeMs);
    if (isCancelled(paused)) return cancelledAs(paused, CANCEL);
    const answer = yield device({
      op: 'readVariant',
      variant: attempt.variant,
      block: CARD_READ.checkBlock,
      key,
      // A failed try leaves the card halted: every later try that does not find it itself starts by finding it.
      findFirst: attempt.index > 0 && attempt.variant !== 'refindBlockKeyA',
    });
    if (isCancelled(answer)) return cancelledAs(answer, CANCEL);
    if (answer?.ok && answer.value.data !== undefined)
      return ok({ block54: answer.value.data, attempts: attempt.index + 1 });
    const failure = answer && !answer.ok ? answer : fail('READ_DATA_FAILED', 'no block data');
    // A reader that is gone will not come back within the schedule's 12 s in a useful way: stop at once.
    if (READER_GONE_CODES.includes(failure.code)) return failure;
    last = failure;
  }
  return {
    ...fail('MAX_RETRIES_REACHED', 'the retry schedule is used up', { maxRetries: CARD_READ_MAX_RETRIES }),
    data: { lastError: last?.code ?? null },
  };
}
