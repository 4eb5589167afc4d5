import {
  CARD_READ,
  CARD_READ_MAX_RETRIES,
  cardReadRetrySchedule,
  type ErrorCode,
  sectorOfBlock,
} from '@lockdesk/protocol';
import { CardServiceError, cancelledError, throwIfAborted } from './errors.ts';
import { CARD_TIMING, sleep } from './timing.ts';
import type {
  BlocksRead,
  CardReader,
  CardReadResult,
  CardWritePlan,
  CardWriteStep,
  FoundCard,
  ReaderInfo,
  ReadStep,
  SectorScan,
  WriteProgress,
} from './types.ts';

/**
 * The card operations, the same for every reader type (contract C): the card read of spec §4, the blocks of a
 * card, the sector scan, and a card write that is confirmed to the server only once it reads back as written.
 */

/** Failures after which retrying is pointless: the reader (not the card) is gone. */
const READER_GONE: readonly ErrorCode[] = [
  'API_CALL_FAILED',
  'CONNECT_DEVICE_FIRST',
  'DEVICE_NOT_FOUND',
  'DEVICE_NOT_OPEN',
  'DEVICE_NOT_RESPONDING_CHECK',
  'BROKER_DEVICE_NOT_CONNECTED',
  'BROKER_CONNECTION_TIMEOUT',
  'BROKER_INVALID_DEVICE_ID',
];

/** Card failures that may mean the card left the field or another one came: the card is looked for again. */
const CARD_FAILURES: readonly ErrorCode[] = [
  'NO_CARD',
  'AUTH_FAILED',
  'UID_FAILED',
  'READ_FAILED_STATUS',
  'READ_DATA_FAILED',
  'WRITE_CARD_FAILED',
  'ACCESS_DENIED',
];

const isCode = (error: unknown, codes: readonly ErrorCode[]) =>
  error instanceof CardServiceError && codes.includes(error.code);

/** Rethrows a failure as the given cancellation when the signal aborted (whatever the reader said meanwhile). */
function cancellation(signal: AbortSignal | undefined, code: ErrorCode): CardServiceError | null {
  if (!signal?.aborted) return null;
  const reason = signal.reason;
  if (reason instanceof CardServiceError && reason.cancelled) return reason;
  return new CardServiceError(code);
}

/** Told what the reader said when it connected (online, simulated) — the service keeps it as its info. */
export type OnConnect = (info: ReaderInfo) => void;

/** Passes connect's answer on (the reader is always connected, told or not). */
function connected(onConnect: OnConnect | undefined, info: ReaderInfo): void {
  onConnect?.(info);
}

export interface ReadCardOptions {
  signal?: AbortSignal;
  onConnect?: OnConnect;
  onStep?: (step: ReadStep) => void;
  /** The key of block 54 (the default key). */
  key?: string;
}

/**
 * The card read flow of spec §4 on any reader: the LED green, red 600 ms later; from 200 ms after that a find-card
 * every 200 ms until a card is there (15 s: 'Timeout, please retry'); 1 s later block 54 with the default key,
 * tried along protocol's retry schedule (2 rounds × 4 variants × 3 tries, 300/500/800 ms; then 'Card reading
 * failed, maximum retries reached (24)'); then a beep. The third reader runs the same flow on the gateway
 * (goReadCard). Cancelled: 'read card operation cancelled'.
 */
export async function readCard(reader: CardReader, options: ReadCardOptions = {}): Promise<CardReadResult> {
  const { signal } = options;
  const step = (s: ReadStep) => options.onStep?.(s);
  const key = options.key ?? CARD_READ.defaultKey;
  try {
    step('connect');
    connected(options.onConnect, await reader.connect(signal));
    if (reader.goReadCard) {
      step('waitCard');
      const result = await reader.goReadCard(signal);
      step('done');
      return result;
    }
    step('led');
    // Each wait runs from when its LED command is sent, not from when the reader answered it: the green light
    // shows for 600 ms and polling starts 200 ms after the red (a slow answer only makes the wait longer).
    await ledThenWait(reader, 'green', CARD_TIMING.ledRedAfterMs, signal);
    await ledThenWait(reader, 'red', CARD_TIMING.readAfterReadyMs, signal);

    step('waitCard');
    const deadline = Date.now() + CARD_TIMING.cardWaitMs;
    let card: FoundCard | undefined;
    for (;;) {
      try {
        card = await reader.findCard(signal);
        break;
      } catch (error) {
        if (!isCode(error, ['NO_CARD'])) throw error;
      }
      if (Date.now() + CARD_TIMING.pollIntervalMs > deadline) throw new CardServiceError('TIMEOUT_RETRY');
      await sleep(CARD_TIMING.pollIntervalMs, signal);
    }
    await sleep(CARD_TIMING.findThenReadMs, signal);

    step('read');
    const { block54, attempts } = await readCheckBlock(reader, key, signal);
    throwIfAborted(signal);
    step('beep');
    // The beep is sent, not waited for: what follows (reading the card's content) queues behind it at the reader.
    reader.beep().catch(() => undefined);
    step('done');
    return { uid: card.uid, cardType: card.cardType, block54, attempts };
  } catch (error) {
    throw cancellation(signal, 'READ_CARD_CANCELLED') ?? error;
  }
}

/** Sets the LED and waits `ms` from when the command was sent (and at least until the reader answered it). */
async function ledThenWait(
  reader: CardReader,
  color: 'green' | 'red',
  ms: number,
  signal?: AbortSignal,
): Promise<void> {
  const wait = sleep(ms, signal);
  wait.catch(() => undefined);
  await reader.led(color, 0);
  await wait;
}

/** Block 54 along the retry schedule of spec §9. */
async function readCheckBlock(
  reader: CardReader,
  key: string,
  signal?: AbortSignal,
): Promise<{ block54: string; attempts: number }> {
  const block = CARD_READ.checkBlock;
  for (const attempt of cardReadRetrySchedule()) {
    await sleep(attempt.pauseBeforeMs, signal);
    try {
      // A failed try leaves the card halted: every later try that does not find it itself starts by finding it.
      if (attempt.index > 0 && attempt.variant !== 'refindBlockKeyA') await reader.findCard(signal);
      const data = reader.readVariant
        ? await reader.readVariant(attempt.variant, block, key, signal)
        : await reader.readBlock(block, key, signal, attempt.variant === 'blockKeyB' ? 'B' : 'A');
      return { block54: data, attempts: attempt.index + 1 };
    } catch (error) {
      if (signal?.aborted || isCode(error, READER_GONE)) throw error;
      if (error instanceof CardServiceError && error.cancelled) throw error;
    }
  }
  throw new CardServiceError('MAX_RETRIES_REACHED', { maxRetries: CARD_READ_MAX_RETRIES });
}

export interface ReadCardBlocksOptions {
  signal?: AbortSignal;
  onConnect?: OnConnect;
  /**
   * Blocks the card read just before got from this very card (block → 32 hex, e.g. { 54: block54 }): they are not
   * read again, and the reader, connected by that read, is not connected again (the card's uid is still checked).
   */
  known?: Record<number, string>;
}

/** The blocks of a guest card the read flow and the checks use: content 4–6, signature 53, check 54. */
export const CARD_BLOCKS = [4, 5, 6, 53, 54] as const;

/**
 * Reads blocks 4, 5, 6, 53 and 54 of the card `uid` (another card on the encoder: WRONG_CARD), each with its
 * sector's key from `keys` (sector → 12 hex; the default key when null or not listed), plus the first block of
 * every other sector `keys` names. A block that does not read fails the whole read with its reason.
 */
export async function readCardBlocks(
  reader: CardReader,
  uid: string,
  keys: Record<number, string> | null,
  options: ReadCardBlocksOptions = {},
): Promise<Record<number, string>> {
  const { signal } = options;
  const known = options.known ?? {};
  try {
    // Right after a card read the reader is connected already: only the card is checked again.
    if (!Object.keys(known).length) connected(options.onConnect, await reader.connect(signal));
    const blocks = new Set<number>(CARD_BLOCKS);
    for (const sector of Object.keys(keys ?? {}).map(Number))
      if (sector > 0 && sector < 16 && ![1, 13].includes(sector)) blocks.add(sector * 4);
    const read: Record<number, string> = {};
    const wanted: number[] = [];
    for (const block of [...blocks].sort((a, b) => a - b)) {
      const had = known[block];
      if (had !== undefined) read[block] = had;
      else wanted.push(block);
    }
    const readOne = (block: number) => {
      const sector = sectorOfBlock(block, '4K');
      const key = (sector.ok ? keys?.[sector.value] : undefined) ?? CARD_READ.defaultKey;
      return reader.readBlock(block, key, signal);
    };
    if (!reader.concurrentCalls) {
      await expectCard(reader, uid, signal);
      for (const block of wanted) read[block] = await readOne(block);
      return read;
    }
    // A reader that answers each call on its own gets them all at once: the encoder still reads one block after
    // the other, but no block waits for the previous answer's round trip. The card check still decides first.
    const [checked, ...answers] = await Promise.allSettled([
      expectCard(reader, uid, signal),
      ...wanted.map(readOne),
    ]);
    if (checked.status === 'rejected') throw checked.reason;
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 'rejected') throw answer.reason;
      read[wanted[index] as number] = answer.value;
    }
    return read;
  } catch (error) {
    throw cancellation(signal, 'OPERATION_CANCELLED') ?? error;
  }
}

export interface ScanSectorsOptions {
  signal?: AbortSignal;
  onConnect?: OnConnect;
  /** Told when a sector starts (no result yet) and when it is done. */
  onSector?: (sector: number, result?: { ok: boolean; data?: string; code?: string }) => void;
  key?: string;
}

/**
 * The sector encryption check of spec §4: sectors 1 to 15 read in turn at block 4 × sector with the default key,
 * 100 ms apart. A sector that reads counts as using the default key; an error or no data counts as encrypted with
 * another key. Cancelled: 'operation cancelled'.
 */
export async function scanSectors(reader: CardReader, options: ScanSectorsOptions = {}): Promise<SectorScan> {
  const { signal } = options;
  const key = options.key ?? CARD_READ.defaultKey;
  try {
    connected(options.onConnect, await reader.connect(signal));
    const card = await reader.findCard(signal);
    const scan: SectorScan = {
      uid: card.uid,
      sectors: [],
      failedSectors: [],
      summary: { read: 0, failed: 0, total: 0 },
    };
    const readSector = reader.readSector?.bind(reader);
    for (let sector = CARD_READ.sectorScanFirst; sector <= CARD_READ.sectorScanLast; sector++) {
      const pauseMs = sector > CARD_READ.sectorScanFirst ? CARD_TIMING.sectorScanPauseMs : 0;
      // A reader that reads a sector in one command keeps the pause itself, at the encoder: 100 ms from the end
      // of one sector's read to the start of the next, while this request is on its way. Others wait here, from
      // the answer of the previous read.
      if (!readSector) await sleep(pauseMs, signal);
      options.onSector?.(sector);
      const block = sector * 4;
      try {
        const data = readSector
          ? await readSector(sector, key, { pauseMs, ...(signal ? { signal } : {}) })
          : await reader.readBlock(block, key, signal);
        if (!data) throw new CardServiceError('READ_DATA_FAILED');
        scan.sectors.push({ sector, block, data });
        options.onSector?.(sector, { ok: true, data });
      } catch (error) {
        if (signal?.aborted || isCode(error, READER_GONE)) throw error;
        const failure = error instanceof CardServiceError ? error : new CardServiceError('READ_DATA_FAILED');
        scan.failedSectors.push({ sector, block, code: failure.code, message: failure.message });
        options.onSector?.(sector, { ok: false, code: failure.code });
        // A refused key halts the card: find it again for the next sector (gone: the scan stops). A sector read
        // selects the card itself.
        if (!readSector) await reader.findCard(signal);
      }
    }
    scan.summary = {
      read: scan.sectors.length,
      failed: scan.failedSectors.length,
      total: scan.sectors.length + scan.failedSectors.length,
    };
    return scan;
  } catch (error) {
    throw cancellation(signal, 'OPERATION_CANCELLED') ?? error;
  }
}

export interface WriteCardOptions<T> {
  /** Step one on the server: the write plan for the card `uid` (e.g. room/sendCard). */
  allocate: (uid: string, signal?: AbortSignal) => Promise<CardWritePlan>;
  /** Step two on the server, only after a verified write: the blocks read back (e.g. room/addCardStepTwoNew). */
  confirm: (plan: CardWritePlan, blocks: BlocksRead, uid: string) => Promise<T>;
  signal?: AbortSignal;
  onStep?: (progress: WriteProgress) => void;
  onConnect?: OnConnect;
}

/** The promise, or the cancellation as soon as the signal aborts (a server call that does not honour it). */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(cancelledError(signal));
      return;
    }
    const onAbort = () => reject(cancelledError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The card on the encoder must be `uid`: none is CARD_REMOVED, another WRONG_CARD. */
async function expectCard(reader: CardReader, uid: string, signal?: AbortSignal): Promise<FoundCard> {
  let card: FoundCard;
  try {
    card = await reader.findCard(signal);
  } catch (error) {
    if (isCode(error, ['NO_CARD'])) throw new CardServiceError('CARD_REMOVED');
    throw error;
  }
  if (card.uid.toUpperCase() !== uid.toUpperCase()) throw new CardServiceError('WRONG_CARD');
  return card;
}

/** After a card failure: the card was taken away (CARD_REMOVED), swapped (WRONG_CARD), or the failure stands. */
async function explainCardFailure(
  reader: CardReader,
  uid: string,
  error: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  if (!isCode(error, CARD_FAILURES) || signal?.aborted) return error;
  try {
    await expectCard(reader, uid, signal);
    return error;
  } catch (why) {
    return isCode(why, ['CARD_REMOVED', 'WRONG_CARD']) ? why : error;
  }
}

/** Writes the steps in order, reporting each; a failure is explained by what lies on the encoder. */
async function writeSteps(
  reader: CardReader,
  uid: string,
  steps: readonly CardWriteStep[],
  signal: AbortSignal | undefined,
  progress: (done: number) => void,
): Promise<void> {
  for (const [index, step] of steps.entries()) {
    throwIfAborted(signal);
    try {
      await reader.writeBlock(step.block, step.key, step.data, signal, step.keyType ?? 'A');
    } catch (error) {
      throw await explainCardFailure(reader, uid, error, signal);
    }
    progress(index + 1);
  }
}

/**
 * Writes a card and has it recorded only once it reads back as written (contract C): connect → find the card →
 * the server's plan for its uid → every write step → the same card still there (else WRONG_CARD / CARD_REMOVED)
 * → every verify block read with its key and compared (else CARD_WRITE_UNVERIFIED) → confirm(plan, blocks) → beep.
 * Any failure or a cancel before confirm leaves nothing confirmed: the server's pending record expires.
 */
export async function writeCard<T>(reader: CardReader, options: WriteCardOptions<T>): Promise<T> {
  const { signal } = options;
  const report = (progress: WriteProgress) => options.onStep?.(progress);
  try {
    report({ step: 'connect' });
    connected(options.onConnect, await reader.connect(signal));
    report({ step: 'findCard' });
    const card = await reader.findCard(signal);
    report({ step: 'allocate' });
    const plan = await untilAborted(options.allocate(card.uid, signal), signal);
    throwIfAborted(signal);
    if (plan.uid && plan.uid.toUpperCase() !== card.uid.toUpperCase())
      throw new CardServiceError('WRONG_CARD');

    const total = plan.writes.length;
    report({ step: 'write', done: 0, total });
    // The plan was made for this card: the card must still be the one found (it may have been swapped meanwhile).
    await expectCard(reader, card.uid, signal);
    await writeSteps(reader, card.uid, plan.writes, signal, (done) => report({ step: 'write', done, total }));

    report({ step: 'verify', done: 0, total: plan.verify.length });
    await expectCard(reader, card.uid, signal);
    const blocks: BlocksRead = {};
    for (const [index, check] of plan.verify.entries()) {
      throwIfAborted(signal);
      let data: string;
      try {
        data = await reader.readBlock(check.block, check.key, signal);
      } catch (error) {
        const why = await explainCardFailure(reader, card.uid, error, signal);
        if (isCode(why, ['CARD_REMOVED', 'WRONG_CARD']) || !isCode(why, CARD_FAILURES)) throw why;
        // The card is there but a block will not open with its new key: it was not written as planned.
        throw new CardServiceError('CARD_WRITE_UNVERIFIED');
      }
      if (data.toUpperCase() !== check.data.toUpperCase())
        throw new CardServiceError('CARD_WRITE_UNVERIFIED');
      blocks[String(check.block)] = data.toUpperCase();
      report({ step: 'verify', done: index + 1, total: plan.verify.length });
    }
    throwIfAborted(signal);

    report({ step: 'confirm' });
    const result = await options.confirm(plan, blocks, card.uid);
    await reader.beep().catch(() => undefined);
    report({ step: 'done' });
    return result;
  } catch (error) {
    throw cancellation(signal, 'OPERATION_CANCELLED') ?? error;
  }
}

/**
 * Empties a card the server withdrew (`passenger/deleteCardByCardId`'s `erase`): the card `uid` must be on the
 * encoder (else CARD_REMOVED / WRONG_CARD); the steps are written in order. No confirmation: the record is
 * already withdrawn.
 */
export async function eraseCard(
  reader: CardReader,
  uid: string,
  steps: readonly CardWriteStep[],
  options: { signal?: AbortSignal; onStep?: (progress: WriteProgress) => void; onConnect?: OnConnect } = {},
): Promise<void> {
  const { signal } = options;
  try {
    options.onStep?.({ step: 'connect' });
    connected(options.onConnect, await reader.connect(signal));
    options.onStep?.({ step: 'findCard' });
    await expectCard(reader, uid, signal);
    options.onStep?.({ step: 'write', done: 0, total: steps.length });
    await writeSteps(reader, uid, steps, signal, (done) =>
      options.onStep?.({ step: 'write', done, total: steps.length }),
    );
    await reader.beep().catch(() => undefined);
    options.onStep?.({ step: 'done' });
  } catch (error) {
    throw cancellation(signal, 'OPERATION_CANCELLED') ?? error;
  }
}
