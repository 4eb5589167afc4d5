import {
  bytesToHex,
  CARD_CHECK_BLOCK,
  CARD_READ,
  CARD_READ_MAX_RETRIES,
  type CardCheck,
  type CardSize,
  cardReadRetrySchedule,
  cardReadVariantCommands,
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
  FINGER_TEMPLATE_CHUNK_BYTES,
  type FingerStep,
  GUEST_CARD_CONTENT_BLOCKS,
  type GuestCardContent,
  LED_COLOUR_CODES,
  type LedColour,
  MIFARE_DEFAULT_KEYS,
  parseBlockNumber,
  type ResponseFrame,
} from '@lockdesk/protocol';
import type { DeviceSession, EncoderService } from '../encoder/service.js';
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
        const card = await findCard(device);
        const sectors: Array<{ sector: number; block: number; key: string; keyName: string; data: string }> =
          [];
        const failedSectors: Array<{ sector: number; block: number; error: string }> = [];
        for (let sector = CARD_READ.sectorScanFirst; sector <= CARD_READ.sectorScanLast; sector++) {
          if (sector > CARD_READ.sectorScanFirst)
            await pause(ctx, ctx.timing.sectorScanPauseMs, 'OPERATION_CANCELLED');
          const block = sector * 4;
          const answer = await device.run({ name: 'readSector', sector, blockIndex: 0, keyType: 'A', key });
          if (!answer.ok) {
            if (answer.code === 'DEVICE_NOT_FOUND')
              return refusal(answer.code, answer.params, { sectors, failedSectors });
            failedSectors.push({ sector, block, error: errorText(answer.code, answer.params) });
            continue;
          }
          const checked = checkResponseStatus(answer.value);
          if (!checked.ok || answer.value.layout !== 'sectorData') {
            const failure = checked.ok ? { code: 'READ_DATA_FAILED' as const, params: undefined } : checked;
            failedSectors.push({ sector, block, error: errorText(failure.code, failure.params) });
            continue;
          }
          sectors.push({ sector, block, key, keyName, data: answer.value.dataHigh8 + answer.value.dataLow8 });
        }
        return success({
          uid: card.uid,
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
 * Fingerprint enrolment on the encoder's sensor (WIRE.md 'Fingerprint enrolment'): start it, poll the step every
 * `fingerPollMs` and push each new step (`press`, `pressAgain`, `captured`) as a `fingerStep` event, then read the
 * template chunk by chunk. A cancel (WebSocket `cancel`) answers FINGER_ENROLL_CANCELLED, no finger within
 * `parameters.timeout` ms FINGER_TIMEOUT; both tell the sensor to stop. The device is held only for each step.
 */
async function enrollFinger(params: Params, ctx: FuncContext): Promise<Outcome> {
  const timeoutMs = smallNumber(params, 'timeout', ctx.timing.fingerTimeoutMs, FINGER_TIMEOUT_LIMITS.max);
  if (timeoutMs < FINGER_TIMEOUT_LIMITS.min) return refusal('FIELD_INVALID', { field: 'timeout' });
  const run = (work: (device: DeviceSession) => Promise<Outcome>) => onDevice(ctx, work);
  const push = (step: FingerStep) => ctx.push?.({ event: 'fingerStep', step, cbdata: ctx.cbdata ?? null });
  let started = false;
  try {
    const start = await run(async (device) => {
      await exec(device, { name: 'fingerEnroll' });
      return success(null);
    });
    if (start.code === 0 || start.retval !== 0) return start;
    started = true;
    push('press');
    const deadline = Date.now() + timeoutMs;
    // Written by the poll below (a closure), so kept in an object TypeScript does not narrow.
    const sensor: { step: FingerStep; quality: number; templateBytes: number } = {
      step: 'press',
      quality: 0,
      templateBytes: 0,
    };
    while (sensor.step !== 'captured') {
      if (Date.now() + ctx.timing.fingerPollMs > deadline) return refusal('FINGER_TIMEOUT');
      // Whatever cancelled it (the caller's cancel, a newer call, the connection closing), this is the answer.
      await sleep(ctx.timing.fingerPollMs, ctx.signal).catch((error: unknown) => {
        throw error instanceof Cancelled ? new Stop(refusal('FINGER_ENROLL_CANCELLED')) : error;
      });
      const polled = await run(async (device) => {
        const answer = await exec(device, { name: 'fingerPoll' });
        if (answer.layout !== 'fingerStep') return refusal('FINGER_ENROLL_FAILED', { message: 'no step' });
        if (answer.step !== sensor.step) {
          // Both presses between two polls: the second step is still told.
          if (sensor.step === 'press' && answer.step === 'captured') push('pressAgain');
          sensor.step = answer.step;
          sensor.quality = answer.quality;
          sensor.templateBytes = answer.templateBytes;
          push(answer.step);
        }
        return success(null);
      });
      if (polled.code === 0 || polled.retval !== 0) return polled;
    }
    const { quality, templateBytes } = sensor;
    const chunks = Math.ceil(templateBytes / FINGER_TEMPLATE_CHUNK_BYTES);
    if (chunks === 0 || chunks > 0xff)
      return refusal('FINGER_ENROLL_FAILED', { message: `template of ${templateBytes} bytes` });
    return await run(async (device) => {
      let hex = '';
      for (let chunk = 0; chunk < chunks; chunk++) {
        const answer = await exec(device, { name: 'fingerTemplate', chunk });
        if (answer.layout !== 'fingerTemplate' || answer.chunk !== chunk)
          return refusal('FINGER_ENROLL_FAILED', { message: `chunk ${chunk} missing` });
        hex += answer.data;
      }
      // The sensor forgets the template once it is read.
      started = false;
      await device.run({ name: 'fingerCancel' });
      return success({ template: hex.slice(0, templateBytes * 2), quality, bytes: templateBytes });
    });
  } catch (error) {
    if (error instanceof Stop) return error.outcome;
    throw error;
  } finally {
    // Cancelled, timed out or failed part-way: the sensor must stop waiting for a finger.
    if (started) await ctx.encoder.run({ name: 'fingerCancel' });
  }
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

function isErrorCodeReason(reason: unknown): reason is ErrorCode {
  return typeof reason === 'string' && /^[A-Z_]+$/.test(reason);
}

/**
 * The whole card read (spec §4 'Card read flow'): green LED, red 600 ms later, then 200 ms later poll for a card
 * every 200 ms; once found, read the check block 54 with the retry schedule of spec §9 and beep. The device is
 * held only for each step, so other calls are not starved while the read waits for a card.
 */
async function goReadCard(params: Params, ctx: FuncContext): Promise<Outcome> {
  const key = keyParam(params, true);
  const { timing } = ctx;
  const run = (work: (device: DeviceSession) => Promise<Outcome>) => onDevice(ctx, work);
  try {
    const started = await run(async (device) => {
      const answer = await device.run({ name: 'led', colour: 'green', durationMs: 0 });
      return answer.ok ? success(null) : refusal('READER_START_FAILED');
    });
    if (started.code === 0) return started;
    await pause(ctx, timing.ledRedAfterMs, 'READ_CARD_CANCELLED');
    const ready = await run(async (device) => {
      await exec(device, { name: 'led', colour: 'red', durationMs: 0 });
      return success(null);
    });
    if (ready.code === 0) return ready;
    await pause(ctx, timing.readAfterReadyMs, 'READ_CARD_CANCELLED');

    // Poll for a card until one is in the field or the read times out.
    const deadline = Date.now() + timing.cardReadTimeoutMs;
    let card: FoundCard | undefined;
    for (;;) {
      const found = await run(async (device) => {
        const answer = await device.run({ name: 'findCard' });
        if (!answer.ok) return refusal(answer.code, answer.params);
        if (answer.value.layout === 'card' && answer.value.status === 0) {
          card = {
            uid: answer.value.cardNumber,
            cardType: answer.value.cardType,
            size: cardSizeOfType(answer.value.cardType) ?? null,
          };
        }
        return success(null);
      });
      if (found.code === 0) return found;
      if (card) break;
      if (Date.now() + timing.pollIntervalMs > deadline) return refusal('TIMEOUT_RETRY');
      await pause(ctx, timing.pollIntervalMs, 'READ_CARD_CANCELLED');
    }
    const uid = card.uid;
    await pause(ctx, timing.findThenReadMs, 'READ_CARD_CANCELLED');

    const read = await readCheckBlockWithRetries(ctx, key);
    // Cancelled while the last read step ran: no beep and no card for a caller that gave up on this read.
    await pause(ctx, 0, 'READ_CARD_CANCELLED');
    if (read.code === 0 || read.retval !== 0) return { ...read, data: { uid, ...(read.data as object) } };
    const { block54, attempts } = read.data as { block54: string; attempts: number };
    const check = decodeCardCheckBlock(block54);
    await run(async (device) => {
      await device.run({ name: 'beep', musicId: 1, count: 1 });
      return success(null);
    });
    if (!check.ok)
      return refusal(check.code, check.params, { uid, cardType: card.cardType, block54, attempts });
    return success(cardReadResult(uid, card.cardType, block54, attempts, check.value));
  } catch (error) {
    if (error instanceof Stop) return error.outcome;
    throw error;
  }
}

function cardReadResult(uid: string, cardType: number, block54: string, attempts: number, check: CardCheck) {
  return { uid, cardType, block54, attempts, ...check };
}

/** Reads block 54 with the retry schedule: 24 attempts over 4 command variants, pauses 300/500/800 ms. */
async function readCheckBlockWithRetries(ctx: FuncContext, key: string): Promise<Outcome> {
  let lastFailure: Outcome | undefined;
  for (const attempt of cardReadRetrySchedule()) {
    // Also without a pause: a cancelled read starts no further attempt.
    await pause(ctx, attempt.pauseBeforeMs, 'READ_CARD_CANCELLED');
    const commands = cardReadVariantCommands(attempt.variant, { block: CARD_CHECK_BLOCK, key });
    if (!commands.ok) return refusal(commands.code, commands.params);
    // After a failed try the card may have dropped its selection (a failed authentication halts it), so every
    // retry of a variant that does not find the card itself starts by finding it.
    const steps =
      attempt.index > 0 && attempt.variant !== 'refindBlockKeyA'
        ? [{ name: 'findCard' } as EncoderCommand, ...commands.value]
        : commands.value;
    const outcome = await onDevice(ctx, async (device) => {
      let last: ResponseFrame | undefined;
      for (const command of steps) last = await exec(device, command);
      if (last?.layout === 'blockData' || last?.layout === 'sectorData') {
        return success({ block54: last.dataHigh8 + last.dataLow8, attempts: attempt.index + 1 });
      }
      return refusal('READ_DATA_FAILED');
    });
    if (outcome.code === 1 && outcome.retval === 0) return outcome;
    // A device that is gone will not come back within the schedule's 12 s in a useful way: stop at once.
    if (outcome.error === 'DEVICE_NOT_FOUND') return outcome;
    lastFailure = outcome;
  }
  return {
    ...refusal('MAX_RETRIES_REACHED', { maxRetries: CARD_READ_MAX_RETRIES }),
    data: { lastError: lastFailure?.error ?? null },
  };
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
