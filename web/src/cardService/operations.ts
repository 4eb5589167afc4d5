import {
  CARD_READ,
  type CardOpStep,
  cardReadFlow,
  cardWriteFlow,
  type ErrorCode,
  sectorCheckFlow,
  sectorOfBlock,
} from '@lockdesk/protocol';
import { driveOnReader } from './drive.ts';
import { CardServiceError, cancelledError, throwIfAborted } from './errors.ts';
import { CARD_TIMING } from './timing.ts';
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
  WriteStep,
} from './types.ts';

/**
 * The card operations, the same for every reader type (contract C): the card read of spec §4, the blocks of a
 * card, the sector scan, and a card write that is confirmed to the server only once it reads back as written. The
 * steps of the card read, the sector scan and the write and verify are protocol's card-ops flows (the ones the
 * gateway drives); here they are driven through the console's readers and tied to the server's calls.
 */

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
    // The flow of spec §4 is protocol's, the same the gateway's goReadCard drives.
    const flow = cardReadFlow({ key, timing: CARD_TIMING, now: () => Date.now() });
    return await driveOnReader(flow, reader, {
      signal,
      onStep: (shown) => {
        if (shown.kind === 'show') step(shown.step as ReadStep);
      },
    });
  } catch (error) {
    throw cancellation(signal, 'READ_CARD_CANCELLED') ?? error;
  }
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
    const flow = sectorCheckFlow({
      key,
      pauseMs: CARD_TIMING.sectorScanPauseMs,
      sectorReadSelects: reader.readSector !== undefined,
    });
    const checked = await driveOnReader(flow, reader, {
      signal,
      onStep: (shown) => {
        if (shown.kind !== 'sector') return;
        if (shown.result) options.onSector?.(shown.sector, shown.result);
        else options.onSector?.(shown.sector);
      },
    });
    const failedSectors = checked.failedSectors.map(({ sector, block, failure }) => {
      const why =
        failure.cause instanceof CardServiceError ? failure.cause : new CardServiceError('READ_DATA_FAILED');
      return { sector, block, code: why.code, message: why.message };
    });
    return {
      uid: checked.uid,
      sectors: checked.sectors,
      failedSectors,
      summary: {
        read: checked.sectors.length,
        failed: failedSectors.length,
        total: checked.sectors.length + failedSectors.length,
      },
    };
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

    // Written and read back by protocol's flow: only a write that reads back as planned gives the blocks.
    const blocks: BlocksRead = await driveOnReader(
      cardWriteFlow({ uid: card.uid, writes: plan.writes, verify: plan.verify }),
      reader,
      { signal, onStep: (shown) => showWrite(shown, report) },
    );
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
    await driveOnReader(cardWriteFlow({ uid, writes: steps, verify: null }), reader, {
      signal,
      onStep: (shown) => showWrite(shown, (progress) => options.onStep?.(progress)),
    });
    await reader.beep().catch(() => undefined);
    options.onStep?.({ step: 'done' });
  } catch (error) {
    throw cancellation(signal, 'OPERATION_CANCELLED') ?? error;
  }
}

/** A write or verify step of the write flow, as the operator sees it. */
function showWrite(shown: CardOpStep, report: (progress: WriteProgress) => void): void {
  if (shown.kind !== 'show') return;
  const progress: WriteProgress = { step: shown.step as WriteStep };
  if (shown.done !== undefined) progress.done = shown.done;
  if (shown.total !== undefined) progress.total = shown.total;
  report(progress);
}
