import type { ErrorCode } from '../errors.js';
import { fail, ok } from '../result.js';
import {
  type CardOpAnswer,
  type CardOpFailure,
  type CardOpFlow,
  cancelledAs,
  device,
  isCancelled,
} from './steps.js';

/** One block write of a plan (the server's write plan, contract B). */
export interface CardWriteBlock {
  block: number;
  key: string;
  keyType?: 'A' | 'B';
  /** 32 hex. */
  data: string;
}

/** One block read back after the writes, with the key it must now open with and what it must hold. */
export interface CardVerifyBlock {
  block: number;
  key: string;
  data: string;
}

export interface CardWriteOptions {
  /** The card the plan was made for: it must stay on the encoder (else CARD_REMOVED / WRONG_CARD). */
  uid: string;
  writes: readonly CardWriteBlock[];
  /** The blocks to read back and compare; null writes without reading back (a card being emptied). */
  verify: readonly CardVerifyBlock[] | null;
}

/** Card failures that may mean the card left the field or another came: the card is looked for again. */
export const CARD_FAILURE_CODES: readonly ErrorCode[] = [
  'NO_CARD',
  'AUTH_FAILED',
  'UID_FAILED',
  'READ_FAILED_STATUS',
  'READ_DATA_FAILED',
  'WRITE_CARD_FAILED',
  'ACCESS_DENIED',
];

const CANCEL: ErrorCode = 'OPERATION_CANCELLED';

type Failed = CardOpFailure;
type Checked = Generator<ReturnType<typeof device>, Failed | null, CardOpAnswer | undefined>;

/** The card on the encoder must be `uid`: none is CARD_REMOVED, another WRONG_CARD; null when it is. */
function* expectCard(uid: string): Checked {
  const found = yield device({ op: 'findCard' });
  if (isCancelled(found)) return found;
  if (found && !found.ok) return found.code === 'NO_CARD' ? fail('CARD_REMOVED', 'no card') : found;
  const card = found?.value.card;
  if (!card) return fail('CARD_REMOVED', 'no card');
  return card.uid.toUpperCase() === uid.toUpperCase() ? null : fail('WRONG_CARD', `not ${uid}`);
}

/** After a card failure: the card was taken away (CARD_REMOVED), swapped (WRONG_CARD), or the failure stands. */
function* explain(uid: string, failure: Failed): Checked {
  if (!CARD_FAILURE_CODES.includes(failure.code)) return failure;
  const why = yield* expectCard(uid);
  if (why && isCancelled(why)) return why;
  return why && (why.code === 'CARD_REMOVED' || why.code === 'WRONG_CARD') ? why : failure;
}

/**
 * Writes the plan's blocks to the card `uid` and reads back every verify block (contract C): the same card must
 * be on the encoder before the writes and before the reads (else WRONG_CARD / CARD_REMOVED); a block that fails
 * is explained by what lies on the encoder; a verify block that will not open with its key or holds other data
 * is CARD_WRITE_UNVERIFIED. Only a write read back and compared returns the blocks read (block → upper-case
 * hex): what the server records the card with. Shows 'write' and 'verify' with done/total as it goes.
 */
export function* cardWriteFlow(options: CardWriteOptions): CardOpFlow<Record<string, string>> {
  const { uid, writes, verify } = options;
  const stop = (failure: Failed) => (isCancelled(failure) ? cancelledAs(failure, CANCEL) : failure);

  // The plan was made for this card: the card must still be the one found (it may have been swapped meanwhile).
  let why = yield* expectCard(uid);
  if (why) return stop(why);
  yield { kind: 'show', step: 'write', done: 0, total: writes.length };
  for (const [index, step] of writes.entries()) {
    const answer = yield device({
      op: 'writeBlock',
      block: step.block,
      key: step.key,
      keyType: step.keyType ?? 'A',
      data: step.data,
    });
    if (answer && !answer.ok) {
      if (isCancelled(answer)) return stop(answer);
      return stop((yield* explain(uid, answer)) ?? answer);
    }
    yield { kind: 'show', step: 'write', done: index + 1, total: writes.length };
  }
  if (verify === null) return ok({});

  yield { kind: 'show', step: 'verify', done: 0, total: verify.length };
  why = yield* expectCard(uid);
  if (why) return stop(why);
  const blocks: Record<string, string> = {};
  for (const [index, check] of verify.entries()) {
    const answer = yield device({ op: 'readBlock', block: check.block, key: check.key, keyType: 'A' });
    if (answer && !answer.ok) {
      if (isCancelled(answer)) return stop(answer);
      const explained = (yield* explain(uid, answer)) ?? answer;
      if (isCancelled(explained)) return stop(explained);
      if (explained.code === 'CARD_REMOVED' || explained.code === 'WRONG_CARD') return explained;
      if (!CARD_FAILURE_CODES.includes(explained.code)) return explained;
      // The card is there but a block will not open with its new key: it was not written as planned.
      return fail('CARD_WRITE_UNVERIFIED', `block ${check.block} does not open with its key`);
    }
    const data = answer?.value.data ?? '';
    if (data.toUpperCase() !== check.data.toUpperCase())
      return fail('CARD_WRITE_UNVERIFIED', `block ${check.block} does not hold what was written`);
    blocks[String(check.block)] = data.toUpperCase();
    yield { kind: 'show', step: 'verify', done: index + 1, total: verify.length };
  }
  return ok(blocks);
}
