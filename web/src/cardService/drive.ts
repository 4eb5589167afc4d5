import {
  type CardOp,
  type CardOpAnswer,
  type CardOpFailure,
  type CardOpFlow,
  type CardOpStep,
  type CardOpValue,
  cardOpCancelled,
  ok,
} from '@lockdesk/protocol';
import { asCardServiceError, CardServiceError } from './errors.ts';
import { sleep } from './timing.ts';
import type { CardReader } from './types.ts';

export interface DriveOptions {
  signal?: AbortSignal | undefined;
  /** Told each step that is not a device step or a wait: what the operator sees. */
  onStep?: (step: CardOpStep) => void;
}

/**
 * Drives a card-operation flow (protocol's card-ops, the same the gateway drives) through any of the console's
 * readers: a device step is the reader's method for it, a wait sleeps, and an aborted signal cancels the flow at
 * its next step. Resolves with the flow's result; rejects with the reader's own error (or the flow's, as a
 * CardServiceError).
 */
export async function driveOnReader<T>(flow: CardOpFlow<T>, reader: CardReader, options: DriveOptions = {}) {
  const { signal } = options;
  let answer: CardOpAnswer | undefined;
  // When the last device step was sent: a wait may count from then (the LED waits of the card read).
  let sentAt = Date.now();
  for (;;) {
    const next = flow.next(answer);
    if (next.done) {
      if (next.value.ok) return next.value.value;
      throw errorOf(next.value);
    }
    const step = next.value;
    answer = undefined;
    if (step.kind === 'wait') {
      const ms = step.since === 'sent' ? step.ms - (Date.now() - sentAt) : step.ms;
      answer = await sleep(ms, signal).then(
        () => undefined,
        (error: unknown) => cancelledAnswer(error),
      );
    } else if (step.kind === 'device') {
      if (signal?.aborted) {
        answer = cancelledAnswer(undefined);
        continue;
      }
      sentAt = Date.now();
      const running = runOp(reader, step.op, signal);
      // The flow goes on whatever such a step says (the closing beep): it is sent, not waited for.
      if (step.ignoreAnswer) running.catch(() => undefined);
      else answer = await running.then(ok, (error: unknown) => failureOf(error, signal));
    } else options.onStep?.(step);
  }
}

/** The error a failed flow rejects with: the reader's own when it gave one. */
export function errorOf(failure: CardOpFailure): unknown {
  return failure.cause ?? new CardServiceError(failure.code, failure.params);
}

function cancelledAnswer(error: unknown): CardOpAnswer {
  const answer = cardOpCancelled(
    error instanceof CardServiceError && error.cancelled ? error.code : undefined,
  );
  return error === undefined ? answer : { ...answer, cause: error };
}

function failureOf(error: unknown, signal: AbortSignal | undefined): CardOpAnswer {
  if (signal?.aborted || (error instanceof CardServiceError && error.cancelled))
    return cancelledAnswer(error);
  const failure = asCardServiceError(error);
  const answer: CardOpFailure = { ok: false, code: failure.code, detail: failure.message, cause: error };
  if (failure.params) answer.params = failure.params;
  return answer;
}

async function runOp(reader: CardReader, op: CardOp, signal: AbortSignal | undefined): Promise<CardOpValue> {
  switch (op.op) {
    case 'led':
      await reader.led(op.colour as 'red' | 'green' | 'off', op.durationMs);
      return {};
    case 'beep':
      await reader.beep();
      return {};
    case 'findCard':
      return { card: await reader.findCard(signal) };
    case 'readBlock':
      return { data: await reader.readBlock(op.block, op.key, signal, op.keyType) };
    case 'readVariant':
      if (op.findFirst) await reader.findCard(signal);
      return {
        data: reader.readVariant
          ? await reader.readVariant(op.variant, op.block, op.key, signal)
          : await reader.readBlock(op.block, op.key, signal, op.variant === 'blockKeyB' ? 'B' : 'A'),
      };
    case 'readSector':
      // A reader that reads a sector in one command keeps the pause itself, at the encoder, while this request is
      // on its way; others wait here, from the answer of the previous read.
      if (reader.readSector)
        return {
          data: await reader.readSector(op.sector, op.key, {
            pauseMs: op.pauseMs,
            ...(signal ? { signal } : {}),
          }),
        };
      await sleep(op.pauseMs, signal);
      return { data: await reader.readBlock(op.sector * 4, op.key, signal) };
    case 'writeBlock':
      await reader.writeBlock(op.block, op.key, op.data, signal, op.keyType);
      return {};
    default:
      // The fingerprint sensor is driven by the gateway itself (enrollFinger).
      throw new CardServiceError('OPERATION_FAILED', { message: `${op.op} is not a console reader step` });
  }
}
