import { type ErrorCode, isErrorCode } from '@lockdesk/protocol';
import { CardServiceError, type ReaderAnswer, ThirdReader } from '../cardService/index.ts';
import { DEPLOY } from '../config/deploy.ts';

/**
 * The card encoder as the console reaches it: the local reader gateway on this computer (gateway/README.md,
 * contract F). A fingerprint enrolment runs on the gateway's WebSocket, which pushes each step as the finger is
 * pressed (through the card service's third reader, the same client as every other reader call); `/health` on the
 * reader port says which transport drives the encoder (USB or the simulated one).
 */

/** The gateway's WebSocket (spec §7 'Local card readers'; the deployment config's third reader address). */
export const ENCODER_WEBSOCKET_URL = DEPLOY.readers.thirdReader;
/** The gateway's health on its reader port. */
export const ENCODER_HEALTH_URL = `${DEPLOY.readers.localService}/health`;
/** How long the encoder waits for the finger (both presses) before giving up. */
export const ENROL_TIMEOUT_MS = 60_000;
/** How long a connection or a short call may take before the gateway counts as not answering. */
export const ANSWER_TIMEOUT_MS = 5_000;
/** After a cancel, how long to wait for the encoder to confirm before leaving anyway. */
export const CANCEL_GRACE_MS = 2_000;

/** The enrolment steps the encoder pushes (spec §4 'Fingerprint enrolment: press finger, press again'). */
export type FingerStep = 'press' | 'pressAgain' | 'captured';
const FINGER_STEPS: readonly string[] = ['press', 'pressAgain', 'captured'];

/** What the gateway says about its encoder. */
export interface EncoderInfo {
  online: boolean;
  /** 'hid' (the USB encoder) or 'simulated'. */
  transport: string;
  simulated: boolean;
  description: string;
}

/** A refusal or failure of the encoder, with the catalogue code when the gateway gave one. */
export class EncoderError extends Error {
  constructor(
    readonly code: ErrorCode | null,
    message: string,
  ) {
    super(message);
    this.name = 'EncoderError';
  }

  /** True when the operator (or a newer operation) cancelled. */
  get cancelled(): boolean {
    return (
      this.code === 'FINGER_ENROLL_CANCELLED' ||
      this.code === 'OPERATION_CANCELLED' ||
      this.code === 'READ_CARD_CANCELLED' ||
      this.code === 'CARD_READ_CANCELLED'
    );
  }
}

/** The encoder's template of an enrolled finger. */
export interface EnrolResult {
  /** Hex (or base64) template, as `fingerprint/addData` takes it. */
  template: string;
  /** 0–100. */
  quality: number;
}

/** The WebSocket constructor (the browser's; tests pass a fake). */
export type WebSocketFactory = (url: string) => WebSocket;

export interface EnrolOptions {
  /** Called with each step the encoder pushes. */
  onStep?: (step: FingerStep) => void;
  /** Called once the gateway has said hello (which transport, online or not). */
  onEncoder?: (info: EncoderInfo) => void;
  /** Aborting cancels the enrolment on the encoder. */
  signal?: AbortSignal;
  /** How long the encoder waits for the finger. */
  timeoutMs?: number;
  url?: string;
  socket?: WebSocketFactory;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** Reads the encoder's description out of a hello event's data or a health answer's `device`. */
export function encoderInfoOf(raw: unknown): EncoderInfo | null {
  if (!isObject(raw)) return null;
  const transport = typeof raw['transport'] === 'string' ? raw['transport'] : '';
  const online =
    typeof raw['online'] === 'boolean' ? raw['online'] : raw['state'] === 'online' || raw['state'] === 'up';
  return {
    online,
    transport,
    simulated: raw['simulated'] === true || transport === 'simulated',
    description: typeof raw['description'] === 'string' ? raw['description'] : transport,
  };
}

/** The gateway's health: the encoder's transport, or null when no gateway answers on this computer. */
export async function encoderHealth(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  url = ENCODER_HEALTH_URL,
): Promise<EncoderInfo | null> {
  try {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ANSWER_TIMEOUT_MS);
    try {
      const response = await fetchImpl(url, { signal: controller.signal });
      if (!response.ok) return null;
      const body: unknown = await response.json();
      return isObject(body) ? encoderInfoOf(body['device']) : null;
    } finally {
      clearTimeout(timer);
    }
  } catch {
    return null;
  }
}

function failureOf(answer: ReaderAnswer): EncoderError {
  const code = isErrorCode(answer.error) ? answer.error : null;
  return new EncoderError(code, answer.msg || answer.error || 'error');
}

const succeeded = (answer: ReaderAnswer) => answer.code === 1 && answer.retval === 0;

/** A failure of the reader client (no gateway, no answer in time, cancelled) as the enrolment's error. */
function encoderErrorOf(error: unknown): EncoderError {
  if (error instanceof EncoderError) return error;
  if (error instanceof CardServiceError) return new EncoderError(error.code, error.message);
  return new EncoderError(
    'DEVICE_NOT_RESPONDING_CHECK',
    'Device not responding, please check the connection',
  );
}

/**
 * Enrols a finger on the encoder through the console's third reader (the gateway's WebSocket): opens the reader,
 * runs `enrollFinger` and reports the steps as the encoder pushes them. Resolves with the template; rejects with
 * an EncoderError — CONNECT_DEVICE_FIRST when no gateway answers; when `signal` aborts, the encoder's
 * FINGER_ENROLL_CANCELLED (OPERATION_CANCELLED if it does not confirm in time); else the gateway's own code
 * (FINGER_TIMEOUT, DEVICE_NOT_FOUND, …).
 */
export async function enrollFinger(options: EnrolOptions = {}): Promise<EnrolResult> {
  const { signal } = options;
  const timeoutMs = options.timeoutMs ?? ENROL_TIMEOUT_MS;
  if (signal?.aborted) throw new EncoderError('OPERATION_CANCELLED', 'operation cancelled');
  // The gateway pushes steps to every console connected; the enrolment's own cbdata tells ours apart.
  const tag = Math.random().toString(36).slice(2, 10);
  const enrolCbdata = `enrollFinger-${tag}-2`;
  let enrolling = false;
  // Ends the enrolment early: the encoder unplugged, or (before it runs) the operator cancelled.
  let stop: (error: EncoderError) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  stopped.catch(() => undefined);
  const reader = new ThirdReader({
    url: options.url ?? ENCODER_WEBSOCKET_URL,
    ...(options.socket ? { socket: options.socket } : {}),
    connectTimeoutMs: ANSWER_TIMEOUT_MS,
    onEvent: (message) => {
      if (message['event'] === 'hello') {
        const info = encoderInfoOf(message['data']);
        if (info) options.onEncoder?.(info);
      } else if (message['event'] === 'fingerStep') {
        const data = isObject(message['data']) ? message['data'] : {};
        const owner = message['cbdata'] ?? data['cbdata'];
        if (typeof owner === 'string' && owner !== enrolCbdata) return;
        const step = message['step'] ?? data['step'];
        if (typeof step === 'string' && FINGER_STEPS.includes(step)) options.onStep?.(step as FingerStep);
      } else if (message['event'] === 'deviceDown' && enrolling) {
        stop(new EncoderError('DEVICE_NOT_FOUND', 'Operation failed! Device not found'));
      }
    },
  });
  const onAbort = () => {
    if (!enrolling) stop(new EncoderError('OPERATION_CANCELLED', 'operation cancelled'));
  };
  signal?.addEventListener('abort', onAbort);
  try {
    const opened = await Promise.race([
      reader.request(
        'open',
        `open-${tag}-1`,
        {},
        { timeoutMs: ANSWER_TIMEOUT_MS, timeoutCode: 'DEVICE_NOT_RESPONDING_CHECK' },
      ),
      stopped,
    ]);
    if (!succeeded(opened)) throw failureOf(opened);
    if (signal?.aborted) throw new EncoderError('OPERATION_CANCELLED', 'operation cancelled');
    enrolling = true;
    // The encoder's own timeout plus a margin for the answer to travel; a cancel waits for the encoder's word.
    const answer = await Promise.race([
      reader.request(
        'enrollFinger',
        enrolCbdata,
        { timeout: timeoutMs },
        {
          timeoutMs: timeoutMs + ANSWER_TIMEOUT_MS,
          timeoutCode: 'TIMEOUT_RETRY',
          cancelGraceMs: CANCEL_GRACE_MS,
          ...(signal ? { signal } : {}),
        },
      ),
      stopped,
    ]);
    if (!succeeded(answer)) throw failureOf(answer);
    const data = isObject(answer.data) ? answer.data : {};
    const template = typeof data['template'] === 'string' ? data['template'] : '';
    if (!template) throw new EncoderError('READ_DATA_FAILED', 'Read data failed');
    return { template, quality: typeof data['quality'] === 'number' ? data['quality'] : 0 };
  } catch (error) {
    const failure = encoderErrorOf(error);
    // Once the operator cancelled, whatever ends the enrolment (the encoder's answer, a closed socket) is that.
    if (signal?.aborted && !failure.cancelled)
      throw new EncoderError('OPERATION_CANCELLED', 'operation cancelled');
    throw failure;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.close();
  }
}
