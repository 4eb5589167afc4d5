import {
  bytesToHex,
  CARD_CHECK_BLOCK,
  CARD_READ,
  type CardCheck,
  type CardOpFailure,
  type CardSize,
  cardReadFlow,
  cardSizeOfType,
  checkBlockNumber,
  checkKey,
  checkResponseStatus,
  checkSenderNumber,
  checkWriteData,
  decodeCardCheckBlock,
  decodeGuestCard,
  type EncoderCommand,
  type ErrorCode,
  encodeEmptyGuestCard,
  encodeGuestCard,
  errorText,
  type Failure,
  type FingerStep,
  fingerEnrolFlow,
  GUEST_CARD_CONTENT_BLOCKS,
  type GuestCardContent,
  LED_COLOUR_CODES,
  type LedColour,
  MIFARE_DEFAULT_KEYS,
  parseBlockNumber,
  type ResponseFrame,
  type SectorCheckOutcome,
  sectorCheckFlow,
} from '@lockdesk/protocol';
import type { DeviceSession, EncoderService } from '../encoder/service.js';
import { driveOnEncoder, isErrorCodeReason } from './drive.js';
import { Cancelled, type ReaderTiming, sleep } from './timing.js';

/** A call of the reader service: `POST /reader` body, or one WebSocket message (spec §7 'Local card readers'). */
export interface ReaderRequest {
  func: string;
  cbdata?: unknown;
  parameters?: unknown;
}

/**
 * The answer to a reader call. `code` 1: the call was carried out, `retval` 0 on device success, else the device
 * status; `code` 0: refused, `msg` says why. `error` is the catalogue code whenever `code` is 0 or `retval` ≠ 0.
 */
export interface ReaderReply {
  func: string;
  cbdata: unknown;
  code: 0 | 1;
  msg: string;
  retval: number;
  data: unknown;
  error?: ErrorCode;
}

/** The outcome of a function, before `func` and `cbdata` are added. */
export type Outcome = Omit<ReaderReply, 'func' | 'cbdata'>;

/** Shared reader state: whether a client opened the reader, and what the device said about itself. */
export interface ReaderState {
  opened: boolean;
  device: { version: string; mac: string } | null;
  /** When the last `readSector` call's read ended at the device (Date.now()), for its `pauseMs`. */
  lastSectorReadAt?: number;
}

/** A progress event a running function pushes to the reader WebSocket's clients (not an answer). */
export interface ReaderPush {
  event: 'fingerStep';
  /** fingerStep: where the enrolment stands. */
  step: FingerStep;
  /** The cbdata of the call that pushes, so a client can tell its own call's events. */
  cbdata: unknown;
}

/** What a function may use. */
export interface FuncContext {
  encoder: EncoderService;
  reader: ReaderState;
  timing: ReaderTiming;
  /** Aborted when the caller cancels (WebSocket) or a newer read replaces this one. */
  signal?: AbortSignal | undefined;
  /** Pushes progress to the WebSocket clients (absent where nobody listens). */
  push?: ((event: ReaderPush) => void) | undefined;
  /** The calling request's cbdata (set by callReader). */
  cbdata?: unknown;
  /** Extra facts for `status` (transport kind, simulated). */
  describe: () => Record<string, unknown>;
}

/** The success message of every carried-out call. */
export const SUCCESS_MSG = 'success';

/** A refusal (code 0): the call was not carried out. */
export function refusal(
  code: ErrorCode,
  params?: Record<string, string | number>,
  data: unknown = null,
): Outcome {
  return { code: 0, msg: errorText(code, params), retval: -1, data, error: code };
}

function success(data: unknown): Outcome {
  return { code: 1, msg: SUCCESS_MSG, retval: 0, data };
}

/** Unwinds a function with its outcome (a device failure or a refusal part-way through). */
class Stop extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome.msg);
  }
}

function statusOf(frame: ResponseFrame): number {
  return 'status' in frame ? frame.status : 0;
}

/** Runs one command; a transport failure or a non-zero device status stops the function with its outcome. */
async function exec(
  device: DeviceSession,
  command: EncoderCommand,
  data: unknown = null,
): Promise<ResponseFrame> {
  const answer = await device.run(command);
  if (!answer.ok) throw new Stop(refusal(answer.code, answer.params, data));
  const checked = checkResponseStatus(answer.value);
  if (!checked.ok) throw new Stop(deviceFailure(checked, statusOf(answer.value), data));
  return answer.value;
}

function deviceFailure(failure: Failure, status: number, data: unknown): Outcome {
  return { code: 1, msg: errorText(failure.code, failure.params), retval: status, data, error: failure.code };
}

// --- parameters ------------------------------------------------------------------------------------------------

type Params = Record<string, unknown>;

/** The parameters object; a JSON string is accepted too (some reader SDKs send it that way). */
export function paramsOf(raw: unknown): Params | undefined {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'string') {
    try {
      return paramsOf(JSON.parse(raw));
    } catch {
      return undefined;
    }
  }
  return typeof raw === 'object' && !Array.isArray(raw) ? (raw as Params) : undefined;
}

type FieldInput = string | number | null | undefined;
const asInput = (value: unknown): FieldInput =>
  typeof value === 'string' || typeof value === 'number' ? value : value === null ? null : undefined;

function param<T>(check: () => { ok: true; value: T } | Outcome): T {
  const checked = check();
  if ('ok' in checked) return checked.value;
  throw new Stop(checked);
}

/** A block number, required (spec §5 'block number required'), within the largest card. */
function blockParam(params: Params, name = 'block'): number {
  return param(() => {
    const rule = checkBlockNumber(asInput(params[name]));
    if (rule) return refusal(rule);
    const block = parseBlockNumber(params[name], '4K');
    return block.ok ? block : refusal(block.code, block.params);
  });
}

/** A key, required and exactly 12 hex characters (spec §5); `optional` falls back to the default key. */
function keyParam(params: Params, optional = false): string {
  return param(() => {
    if (optional && (params['key'] === undefined || params['key'] === null || params['key'] === '')) {
      return { ok: true, value: CARD_READ.defaultKey };
    }
    const rule = checkKey(asInput(params['key']));
    return rule ? refusal(rule) : { ok: true, value: String(params['key']).toUpperCase() };
  });
}

function keyTypeParam(params: Params): 'A' | 'B' {
  return param(() => {
    const value = params['keyType'] ?? 'A';
    return value === 'A' || value === 'B'
      ? { ok: true, value }
      : refusal('FIELD_INVALID', { field: 'keyType' });
  });
}

function dataParam(params: Params): string {
  return param(() => {
    const rule = checkWriteData(asInput(params['data']));
    return rule ? refusal(rule) : { ok: true, value: String(params['data']).toUpperCase() };
  });
}

function senderParam(params: Params): string {
  return param(() => {
    const rule = checkSenderNumber(asInput(params['sender']));
    return rule ? refusal(rule) : { ok: true, value: String(params['sender']) };
  });
}

function smallNumber(params: Params, name: string, fallback: number, max: number): number {
  return param(() => {
    const value = params[name] ?? fallback;
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max
      ? { ok: true, value: n }
      : refusal('FIELD_INVALID', { field: name });
  });
}

// --- card steps ------------------------------------------------------------------------------------------------

/** The card in the field, as the find-card answer describes it. */
export interface FoundCard {
  uid: string;
  cardType: number;
  size: CardSize | null;
}

async function findCard(device: DeviceSession): Promise<FoundCard> {
  const answer = await exec(device, { name: 'findCard' });
  const card = answer.layout === 'card' ? answer : undefined;
  return {
    uid: card?.cardNumber ?? '',
    cardType: card?.cardType ?? 0,
    size: cardSizeOfType(card?.cardType ?? 0) ?? null,
  };
}

async function readData(device: DeviceSession, block: number, data: unknown = null): Promise<string> {
  const answer = await exec(device, { name: 'readBlock', block }, data);
  if (answer.layout !== 'blockData') throw new Stop(refusal('READ_DATA_FAILED'));
  return answer.dataHigh8 + answer.dataLow8;
}

async function authenticate(
  device: DeviceSession,
  block: number,
  keyType: 'A' | 'B',
  key: string,
  data: unknown = null,
): Promise<void> {
  await exec(device, { name: 'authenticate', block, keyType, key }, data);
}

function hexOf(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

// --- functions -------------------------------------------------------------------------------------------------

type Handler = (params: Params, ctx: FuncContext) => Promise<Outcome>;

interface FuncSpec {
  /** Refused with DEVICE_NOT_OPEN until `open` was called. */
  needsOpen: boolean;
  run: Handler;
}

/** Runs the work with the device to itself, turning a Stop into its outcome. */
function onDevice(ctx: FuncContext, work: (device: DeviceSession) => Promise<Outcome>): Promise<Outcome> {
  if (ctx.encoder.isSaturated) return Promise.resolve(refusal('TOO_MANY_ATTEMPTS'));
  return ctx.encoder.withDevice(async (device) => {
    try {
      return await work(device);
    } catch (error) {
      if (error instanceof Stop) return error.outcome;
      throw error;
    }
  });
}

const LED_COLOURS = Object.keys(LED_COLOUR_CODES) as LedColour[];

async function readGuestBlocks(
  device: DeviceSession,
  key: string,
  keyType: 'A' | 'B',
): Promise<{ card: FoundCard; blocks: Record<number, string>; checkError?: ErrorCode }> {
  const card = await findCard(device);
  const blocks: Record<number, string> = {};
  const first = GUEST_CARD_CONTENT_BLOCKS[0];
  await authenticate(device, first, keyType, key, { uid: card.uid });
  for (const block of GUEST_CARD_CONTENT_BLOCKS)
    blocks[block] = await readData(device, block, { uid: card.uid });
  // Block 54 is read with the first sector's key (spec §9 'Card check'); a card without it still decodes.
  try {
    await authenticate(device, CARD_CHECK_BLOCK, keyType, key);
    blocks[CARD_CHECK_BLOCK] = await readData(device, CARD_CHECK_BLOCK);
    return { card, blocks };
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    if (error.outcome.code === 0) throw error;
    return { card, blocks, checkError: error.outcome.error ?? 'READ_DATA_FAILED' };
  }
}

function guestContentOf(params: Params): { ok: true; value: Record<number, Uint8Array> } | Outcome {
  const empty = params['empty'];
  if (empty !== undefined && empty !== false) {
    const source = (
      typeof empty === 'object' && empty !== null ? empty : (params['card'] ?? params)
    ) as Params;
    const encoded = encodeEmptyGuestCard({
      hotelId: source['hotelId'] as number,
      cardNumber: source['cardNumber'] as number | string,
    });
    return encoded.ok ? { ok: true, value: encoded.value.blocks } : refusal(encoded.code, encoded.params);
  }
  const card = params['card'];
  if (card === undefined || card === null || typeof card !== 'object') {
    return refusal('FIELD_REQUIRED', { field: 'card' });
  }
  const encoded = encodeGuestCard(card as GuestCardContent);
  return encoded.ok ? { ok: true, value: encoded.value.blocks } : refusal(encoded.code, encoded.params);
}

async function moveDispenser(
  params: Params,
  ctx: FuncContext,
  name: 'requestCard' | 'ejectCard',
): Promise<Outcome> {
  const sender = senderParam(params);
  return onDevice(ctx, async (device) => {
    await exec(device, { name }, { sender });
    return success({ sender });
  });
}

/** Every function of the reader service, by name. */
export const READER_FUNCS: Readonly<Record<string, FuncSpec>> = {
  open: {
    needsOpen: false,
    run: (_params, ctx) =>
      onDevice(ctx, async (device) => {
        if (!ctx.encoder.online) return refusal('READER_OPEN_FAILED');
        const answer = await device.run({ name: 'getVersion' });
        if (!answer.ok)
          return refusal('READER_OPEN_FAILED', undefined, { reason: errorText(answer.code, answer.params) });
        const info = answer.value.layout === 'deviceInfo' ? answer.value : undefined;
        const version = info ? `${info.version >> 8}.${info.version & 0xff}` : '';
        ctx.reader.device = { version, mac: info?.mac ?? '' };
        ctx.reader.opened = true;
        return success({ version, mac: info?.mac ?? '', ...ctx.describe() });
      }),
  },
  close: {
    needsOpen: false,
    run: async (_params, ctx) => {
      ctx.reader.opened = false;
      return success(null);
    },
  },
  status: {
    needsOpen: false,
    run: async (_params, ctx) =>
      success({
        online: ctx.encoder.online,
        opened: ctx.reader.opened,
        busy: ctx.encoder.isBusy,
        device: ctx.reader.device,
        ...ctx.describe(),
      }),
  },
  led: {
    needsOpen: true,
    run: async (params, ctx) => {
      const colour = param(() => {
        const value = params['color'] ?? params['colour'] ?? 'green';
        return LED_COLOURS.includes(value as LedColour)
          ? { ok: true as const, value: value as LedColour }
          : refusal('FIELD_INVALID', { field: 'color' });
      });
      const durationMs = smallNumber(params, 'duration', 0, 0xffff);
      return onDevice(ctx, async (device) => {
        await exec(device, { name: 'led', colour, durationMs });
        return success({ color: colour, duration: durationMs });
      });
    },
  },
  beep: {
    needsOpen: true,
    run: async (params, ctx) => {
      const musicId = smallNumber(params, 'musicId', 1, 0xff);
      const count = smallNumber(params, 'count', 1, 0xff);
      return onDevice(ctx, async (device) => {
        await exec(device, { name: 'beep', musicId, count });
        return success({ musicId, count });
      });
    },
  },
  findCard: {
    needsOpen: true,
    run: async (_params, ctx) => onDevice(ctx, async (device) => success(await findCard(device))),
  },
  getUid: {
    needsOpen: true,
    run: async (_params, ctx) =>
      onDevice(ctx, async (device) => {
        await findCard(device);
        const answer = await exec(device, { name: 'getUid' });
        const uid = answer.layout === 'card' ? answer.cardNumber : '';
        return success({ uid, cardNumber: uid });
      }),
  },
  readBlock: {
    needsOpen: true,
    run: async (params, ctx) => {
      const block = blockParam(params);
      const key = keyParam(params);
      const keyType = keyTypeParam(params);
      return onDevice(ctx, async (device) => {
        const card = await findCard(device);
        await authenticate(device, block, keyType, key, { uid: card.uid, block });
        const data = await readData(device, block, { uid: card.uid, block });
        return success({ uid: card.uid, block, data });
      });
    },
  },
  writeBlock: {
    needsOpen: true,
    run: async (params, ctx) => {
      const block = blockParam(params);
      const key = keyParam(params);
      const data = dataParam(params);
      const keyType = keyTypeParam(params);
      return onDevice(ctx, async (device) => {
        const card = await findCard(device);
        await authenticate(device, block, keyType, key, { uid: card.uid, block });
        // If the answer is lost (device unplugged mid-write) the block holds either the old or the new data:
        // a MIFARE write is atomic. The caller reads it back to know which.
        await exec(device, { name: 'writeBlock', block, data }, { uid: card.uid, block, written: 'unknown' });
        return success({ uid: card.uid, block, data });
      });
    },
  },
  readGuestCard: {
    needsOpen: true,
    run: async (params, ctx) => {
      const key = keyParam(params, true);
      const keyType = keyTypeParam(params);
      return onDevice(ctx, async (device) => {
        const { card, blocks, checkError } = await readGuestBlocks(device, key, keyType);
        const decoded = decodeGuestCard(blocks);
        if (!decoded.ok) return refusal(decoded.code, decoded.params, { uid: card.uid, blocks });
        return success({ uid: card.uid, cardType: card.cardType, ...decoded.value, blocks, checkError });
      });
    },
  },
  writeGuestCard: {
    needsOpen: true,
    run: async (params, ctx) => {
      const key = keyParam(params, true);
      const keyType = keyTypeParam(params);
      const content = param(() => guestContentOf(params));
      return onDevice(ctx, async (device) => {
        const card = await findCard(device);
        const written: number[] = [];
        const progress = () => ({ uid: card.uid, written: [...written] });
        let sector = -1;
        const order = [...GUEST_CARD_CONTENT_BLOCKS, CARD_CHECK_BLOCK];
        for (const block of order) {
          const bytes = content[block];
          if (!bytes) continue;
          if (Math.floor(block / 4) !== sector) {
            await authenticate(device, block, keyType, key, progress());
            sector = Math.floor(block / 4);
          }
          await exec(device, { name: 'writeBlock', block, data: hexOf(bytes) }, progress());
          written.push(block);
        }
        // Read everything back: the guest must not leave with a card that only looked written.
        const check = await readGuestBlocks(device, key, keyType);
        for (const block of order) {
          const expected = content[block];
          if (expected && check.blocks[block] !== hexOf(expected)) {
            return refusal('WRITE_CARD_FAILED', undefined, progress());
          }
        }
        const decoded = decodeGuestCard(check.blocks);
        return success({
          uid: card.uid,
          written,
          ...(decoded.ok ? { card_id: decoded.value.card_id, card: decoded.value } : {}),
        });
      });
    },
  },
  scanSectors: {
    needsOpen: true,
    run: async (params, ctx) => {
      const key = keyParam(params, true);
      const keyName = keyNameOf(key);
      return onDevice(ctx, async (device) => {
        // The whole check holds the device, its 100 ms pauses included.
        const flow = sectorCheckFlow({ key, pauseMs: ctx.timing.sectorScanPauseMs, sectorReadSelects: true });
        const checked = await driveOnEncoder(flow, ctx, { session: device });
        const found = checked.ok ? checked.value : (checked.data as Partial<SectorCheckOutcome> | undefined);
        const sectors = (found?.sectors ?? []).map((s) => ({ ...s, key, keyName }));
        const failedSectors = (found?.failedSectors ?? []).map(({ sector, block, failure }) => ({
          sector,
          block,
          error: errorText(failure.code, failure.params),
        }));
        if (!checked.ok) return outcomeOf(checked, found?.sectors ? { sectors, failedSectors } : null);
        return success({
          uid: checked.value.uid,
          sectors,
          failedSectors,
          summary: { read: sectors.length, failed: failedSectors.length },
        });
      });
    },
  },
  readSector: {
    needsOpen: true,
    /**
     * One block of a sector read with one device command (select, authenticate and read: `readSector`), for a
     * scan the console drives sector by sector. `pauseMs` (the scan's 100 ms between sectors) is kept here, at the
     * device: the read waits until that long has passed since the previous readSector's read ended, so the pause
     * is never shorter than asked while the caller's round trip overlaps it instead of adding to it.
     */
    run: async (params, ctx) => {
      const sector = smallNumber(params, 'sector', Number.NaN, 39);
      const blockIndex = smallNumber(params, 'blockIndex', 0, 15);
      const key = keyParam(params, true);
      const keyType = keyTypeParam(params);
      const pauseMs = smallNumber(params, 'pauseMs', 0, 10_000);
      const last = ctx.reader.lastSectorReadAt;
      if (pauseMs > 0 && last !== undefined)
        await pause(ctx, last + pauseMs - Date.now(), 'OPERATION_CANCELLED');
      const block = (sector < 32 ? sector * 4 : 128 + (sector - 32) * 16) + blockIndex;
      return onDevice(ctx, async (device) => {
        try {
          const answer = await exec(
            device,
            { name: 'readSector', sector, blockIndex, keyType, key },
            { sector, block },
          );
          if (answer.layout !== 'sectorData')
            return refusal('READ_DATA_FAILED', undefined, { sector, block });
          return success({ sector, block, data: answer.dataHigh8 + answer.dataLow8 });
        } finally {
          ctx.reader.lastSectorReadAt = Date.now();
        }
      });
    },
  },
  requestCard: { needsOpen: true, run: (params, ctx) => moveDispenser(params, ctx, 'requestCard') },
  ejectCard: { needsOpen: true, run: (params, ctx) => moveDispenser(params, ctx, 'ejectCard') },
  goReadCard: { needsOpen: false, run: (params, ctx) => goReadCard(params, ctx) },
  enrollFinger: { needsOpen: true, run: (params, ctx) => enrollFinger(params, ctx) },
};

/** The longest and shortest wait for a finger a caller may ask for (`parameters.timeout`, ms). */
export const FINGER_TIMEOUT_LIMITS = { min: 1_000, max: 300_000 } as const;

/**
 * Fingerprint enrolment on the encoder's sensor (protocol's fingerEnrolFlow): each new step (`press`,
 * `pressAgain`, `captured`) is pushed as a `fingerStep` event. A cancel (WebSocket `cancel`) answers
 * FINGER_ENROLL_CANCELLED, no finger within `parameters.timeout` ms FINGER_TIMEOUT. The device is held only for
 * each step.
 */
async function enrollFinger(params: Params, ctx: FuncContext): Promise<Outcome> {
  const timeoutMs = smallNumber(params, 'timeout', ctx.timing.fingerTimeoutMs, FINGER_TIMEOUT_LIMITS.max);
  if (timeoutMs < FINGER_TIMEOUT_LIMITS.min) return refusal('FIELD_INVALID', { field: 'timeout' });
  if (ctx.encoder.isSaturated) return refusal('TOO_MANY_ATTEMPTS');
  const flow = fingerEnrolFlow({ pollMs: ctx.timing.fingerPollMs, timeoutMs, now: () => Date.now() });
  const enrolled = await driveOnEncoder(flow, ctx, {
    onStep: (step) => {
      if (step.kind === 'fingerStep')
        ctx.push?.({ event: 'fingerStep', step: step.step, cbdata: ctx.cbdata ?? null });
    },
  });
  return enrolled.ok ? success(enrolled.value) : outcomeOf(enrolled);
}

function keyNameOf(key: string): string {
  return MIFARE_DEFAULT_KEYS[0] === key
    ? 'default key A'
    : MIFARE_DEFAULT_KEYS.includes(key)
      ? 'well-known key A'
      : 'key A';
}

async function pause(ctx: FuncContext, ms: number, code: ErrorCode): Promise<void> {
  try {
    await sleep(ms, ctx.signal);
  } catch (error) {
    if (error instanceof Cancelled) {
      throw new Stop(refusal(isErrorCodeReason(error.reason) ? error.reason : code));
    }
    throw error;
  }
}

/** A flow's failure as a reader answer: a device status is a carried-out call (retval), anything else a refusal. */
function outcomeOf(failure: CardOpFailure, data: unknown = failure.data ?? null): Outcome {
  return failure.status === undefined
    ? refusal(failure.code, failure.params, data)
    : deviceFailure(failure, failure.status, data);
}

/**
 * The whole card read (protocol's cardReadFlow, spec §4 'Card read flow'), then the check block decoded. The
 * device is held only for each step, so other calls are not starved while the read waits for a card.
 */
async function goReadCard(params: Params, ctx: FuncContext): Promise<Outcome> {
  const key = keyParam(params, true);
  const { timing } = ctx;
  if (ctx.encoder.isSaturated) return refusal('TOO_MANY_ATTEMPTS');
  const flow = cardReadFlow({
    key,
    now: () => Date.now(),
    startFailure: 'READER_START_FAILED',
    timing: { ...timing, cardWaitMs: timing.cardReadTimeoutMs },
  });
  const read = await driveOnEncoder(flow, ctx);
  if (!read.ok) return outcomeOf(read);
  const { uid, cardType, block54, attempts } = read.value;
  const check = decodeCardCheckBlock(block54);
  if (!check.ok) return refusal(check.code, check.params, { uid, cardType, block54, attempts });
  return success(cardReadResult(uid, cardType, block54, attempts, check.value));
}

function cardReadResult(uid: string, cardType: number, block54: string, attempts: number, check: CardCheck) {
  return { uid, cardType, block54, attempts, ...check };
}

/** Runs one reader call: looks up the function, checks that the reader is open, and never throws. */
export async function callReader(request: ReaderRequest, ctx: FuncContext): Promise<ReaderReply> {
  const func = typeof request.func === 'string' ? request.func : '';
  const cbdata = request.cbdata ?? null;
  const reply = (outcome: Outcome): ReaderReply => ({ func, cbdata, ...outcome });
  if (!func) return reply(refusal('FIELD_REQUIRED', { field: 'func' }));
  const spec = Object.hasOwn(READER_FUNCS, func) ? READER_FUNCS[func] : undefined;
  if (!spec)
    return reply({ ...refusal('FIELD_INVALID', { field: 'func' }), msg: `unknown function: ${func}` });
  const params = paramsOf(request.parameters);
  if (!params) return reply(refusal('FIELD_INVALID', { field: 'parameters' }));
  try {
    if (spec.needsOpen && !ctx.encoder.online) return reply(refusal('DEVICE_NOT_FOUND'));
    if (spec.needsOpen && !ctx.reader.opened) return reply(refusal('DEVICE_NOT_OPEN'));
    return reply(await spec.run(params, { ...ctx, cbdata }));
  } catch (error) {
    if (error instanceof Stop) return reply(error.outcome);
    return reply({ ...refusal('OPERATION_FAILED', { message: (error as Error).message ?? String(error) }) });
  }
}
