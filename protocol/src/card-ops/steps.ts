import type { ErrorCode } from '../errors.js';
import type { EncoderCommand, FingerStep, LedColour } from '../frame-tables.js';
import { type Failure, fail, ok, type Result } from '../result.js';
import { type CardReadVariant, cardReadVariantCommands } from '../retry.js';

/**
 * The steps of a card operation (spec §4: card read, sector check, card write and verify, fingerprint enrolment)
 * as pure step machines: a flow is a generator that yields what to do next (a device operation, a wait, a step to
 * show) and is resumed with the answer. It does no I/O, keeps no timer and reads no clock of its own (`now` comes
 * in as an argument), so the gateway (on the encoder) and the console (through any reader) drive the same flow.
 */

/** One operation on the card encoder, as a reader offers it; `commandsOfOp` gives its encoder commands. */
export type CardOp =
  | { op: 'led'; colour: LedColour; durationMs: number }
  | { op: 'beep'; musicId: number; count: number }
  | { op: 'findCard' }
  /** A block (32 hex) authenticated with `key`. */
  | { op: 'readBlock'; block: number; key: string; keyType: 'A' | 'B' }
  /** One attempt of a card-read variant (spec §9 retry schedule); `findFirst`: find the card again first. */
  | { op: 'readVariant'; variant: CardReadVariant; block: number; key: string; findFirst: boolean }
  /**
   * Block 4 × `sector` read with one command (select, authenticate with key A, read). `pauseMs`: the read starts
   * no sooner than that long after the previous sector read ended (a reader keeps it at the encoder).
   */
  | { op: 'readSector'; sector: number; key: string; pauseMs: number }
  | { op: 'writeBlock'; block: number; key: string; keyType: 'A' | 'B'; data: string }
  | { op: 'fingerEnroll' }
  | { op: 'fingerPoll' }
  | { op: 'fingerTemplate'; chunk: number }
  | { op: 'fingerCancel' };

/** What a flow asks its driver to do next. */
export type CardOpStep =
  /** Run the operation and resume with its answer. `ignoreAnswer`: the flow goes on whatever it says. */
  | { kind: 'device'; op: CardOp; ignoreAnswer?: boolean }
  /**
   * Wait `ms` and resume with undefined (or the cancellation). `since: 'sent'`: the wait may count from when the
   * previous device operation was sent rather than from its answer (the LED waits of the card read).
   */
  | { kind: 'wait'; ms: number; since?: 'sent' }
  /** Show the operator where the operation stands; resume with undefined. */
  | { kind: 'show'; step: string; done?: number; total?: number }
  /** A sector of the sector check starts (no result) or ends. */
  | { kind: 'sector'; sector: number; result?: { ok: boolean; data?: string; code?: ErrorCode } }
  /** A fingerprint enrolment's step, as pushed to who watches it; resume with undefined. */
  | { kind: 'fingerStep'; step: FingerStep };

/** What a device operation gave: the card found, the block read, the sensor's step or template chunk. */
export interface CardOpValue {
  /** findCard: the card in the field (uid upper-case hex, SAK). */
  card?: { uid: string; cardType: number };
  /** readBlock, readVariant, readSector: the block's 32 hex. */
  data?: string;
  /** fingerPoll. */
  finger?: { step: FingerStep; quality: number; templateBytes: number };
  /** fingerTemplate. */
  chunk?: { chunk: number; data: string };
}

/**
 * A failed operation or flow. `status` is the device's status byte when the encoder refused (a gateway answers
 * it as retval); `data` the partial facts a flow returns with its failure; `cause` whatever the driver wants back
 * (the console's own error object), passed through untouched.
 */
export type CardOpFailure = Failure & {
  status?: number;
  data?: unknown;
  cause?: unknown;
  /** Set on the answer that cancels a flow; `reason` the driver's precise cancel code, if it has one. */
  cancelled?: true;
  reason?: ErrorCode;
};

/** The answer that cancels a flow. */
export type CardOpCancel = CardOpFailure & { cancelled: true };

/** The answer a driver resumes a flow with after a device step. */
export type CardOpAnswer = { ok: true; value: CardOpValue } | CardOpFailure;

/** A flow: yields steps, is resumed with answers (undefined after waits and shows), returns its result. */
export type CardOpFlow<T> = Generator<
  CardOpStep,
  { ok: true; value: T } | CardOpFailure,
  CardOpAnswer | undefined
>;

/** The answer that cancels a flow at any step; `code` a more precise reason than the flow's own cancel code. */
export function cardOpCancelled(reason?: ErrorCode): CardOpCancel {
  const answer: CardOpCancel = {
    ok: false,
    code: 'OPERATION_CANCELLED',
    detail: 'cancelled',
    cancelled: true,
  };
  if (reason) answer.reason = reason;
  return answer;
}

/** A device answer that succeeded. */
export function cardOpDone(value: CardOpValue = {}): CardOpAnswer {
  return ok(value);
}

/** True when the answer cancels the flow. */
export function isCancelled(answer: CardOpAnswer | undefined): answer is CardOpCancel {
  return answer !== undefined && !answer.ok && answer.cancelled === true;
}

/** The failure a flow ends with when cancelled: the driver's precise reason, else the flow's own code. */
export function cancelledAs(answer: CardOpFailure, code: ErrorCode): CardOpFailure {
  const failure: CardOpFailure = fail(answer.reason ?? code, 'cancelled');
  if (answer.cause !== undefined) failure.cause = answer.cause;
  return failure;
}

/** A device step. */
export const device = (op: CardOp, ignoreAnswer = false): CardOpStep =>
  ignoreAnswer ? { kind: 'device', op, ignoreAnswer } : { kind: 'device', op };

/** A wait step. */
export const wait = (ms: number, since?: 'sent'): CardOpStep =>
  since ? { kind: 'wait', ms, since } : { kind: 'wait', ms };

/** The encoder commands of one operation, in order: what a driver speaking encoder frames sends for it. */
export function commandsOfOp(op: CardOp): Result<EncoderCommand[]> {
  switch (op.op) {
    case 'led':
      return ok([{ name: 'led', colour: op.colour, durationMs: op.durationMs }]);
    case 'beep':
      return ok([{ name: 'beep', musicId: op.musicId, count: op.count }]);
    case 'findCard':
      return ok([{ name: 'findCard' }]);
    case 'readBlock':
      return ok([
        { name: 'authenticate', block: op.block, keyType: op.keyType, key: op.key.toUpperCase() },
        { name: 'readBlock', block: op.block },
      ]);
    case 'readVariant': {
      const commands = cardReadVariantCommands(op.variant, { block: op.block, key: op.key });
      if (!commands.ok || !op.findFirst) return commands;
      return ok([{ name: 'findCard' }, ...commands.value]);
    }
    case 'readSector':
      return ok([{ name: 'readSector', sector: op.sector, blockIndex: 0, keyType: 'A', key: op.key }]);
    case 'writeBlock':
      return ok([
        { name: 'authenticate', block: op.block, keyType: op.keyType, key: op.key.toUpperCase() },
        { name: 'writeBlock', block: op.block, data: op.data.toUpperCase() },
      ]);
    case 'fingerEnroll':
    case 'fingerPoll':
    case 'fingerCancel':
      return ok([{ name: op.op }]);
    case 'fingerTemplate':
      return ok([{ name: 'fingerTemplate', chunk: op.chunk }]);
  }
}
