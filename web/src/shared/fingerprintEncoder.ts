import { type ErrorCode, isErrorCode } from '@lockdesk/protocol';
import { DEPLOY } from '../config/deploy.ts';

/**
 * The card encoder as the console reaches it: the local reader gateway on this computer (gateway/README.md,
 * contract F). A fingerprint enrolment runs on the gateway's WebSocket, which pushes each step as the finger is
 * pressed; `/health` on the reader port says which transport drives the encoder (USB or the simulated one).
 * Kept free of React so that the console's card service (the cards issue) can take it over.
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

/** A reader answer (`/reader` and the WebSocket share its shape). */
interface ReaderAnswer {
  func: string;
  cbdata: unknown;
  code: number;
  msg: string;
  retval: number;
  data: unknown;
  error?: string;
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

/**
 * Enrols a finger on the encoder: connects to the gateway, opens the reader, runs `enrollFinger` and reports the
 * steps as the encoder pushes them. Resolves with the template; rejects with an EncoderError — CONNECT_DEVICE_FIRST
 * when no gateway answers; when `signal` aborts, the encoder's FINGER_ENROLL_CANCELLED (OPERATION_CANCELLED if it
 * does not confirm in time); else the gateway's own code (FINGER_TIMEOUT, DEVICE_NOT_FOUND, …).
 */
export function enrollFinger(options: EnrolOptions = {}): Promise<EnrolResult> {
  const url = options.url ?? ENCODER_WEBSOCKET_URL;
  const open = options.socket ?? ((u: string) => new WebSocket(u));
  const timeoutMs = options.timeoutMs ?? ENROL_TIMEOUT_MS;

  return new Promise<EnrolResult>((resolve, reject) => {
    let settled = false;
    let connected = false;
    let enrolling = false;
    let cancelling = false;
    let sequence = 0;
    // The gateway pushes steps to every console connected; the enrolment's own cbdata tells ours apart.
    const tag = Math.random().toString(36).slice(2, 10);
    let enrolCbdata = '';
    const waiting = new Map<string, (answer: ReaderAnswer) => void>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let socket: WebSocket | undefined;

    const arm = (ms: number, code: ErrorCode, message: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(new EncoderError(code, message)), ms);
    };
    const finish = (outcome: EnrolResult | EncoderError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      try {
        socket?.close();
      } catch {
        // already closed
      }
      // Once the operator cancelled, whatever ends the enrolment (the encoder's answer, a closed socket) is that.
      if (outcome instanceof EncoderError && cancelling && !outcome.cancelled)
        reject(new EncoderError('OPERATION_CANCELLED', 'operation cancelled'));
      else if (outcome instanceof EncoderError) reject(outcome);
      else resolve(outcome);
    };
    const call = (func: string, parameters: Record<string, unknown> = {}) =>
      new Promise<ReaderAnswer>((answered) => {
        sequence += 1;
        const cbdata = `${func}-${tag}-${sequence}`;
        if (func === 'enrollFinger') enrolCbdata = cbdata;
        waiting.set(cbdata, answered);
        socket?.send(JSON.stringify({ func, cbdata, parameters }));
      });

    const onAbort = () => {
      if (settled) return;
      if (!connected || !enrolling) {
        finish(new EncoderError('OPERATION_CANCELLED', 'operation cancelled'));
        return;
      }
      // The encoder's answer to enrollFinger (a cancellation error) ends the promise; leave anyway if it is late.
      cancelling = true;
      arm(CANCEL_GRACE_MS, 'OPERATION_CANCELLED', 'operation cancelled');
      void call('cancel');
    };
    if (options.signal?.aborted) {
      reject(new EncoderError('OPERATION_CANCELLED', 'operation cancelled'));
      return;
    }
    options.signal?.addEventListener('abort', onAbort);

    let ws: WebSocket;
    try {
      ws = open(url);
    } catch {
      options.signal?.removeEventListener('abort', onAbort);
      reject(new EncoderError('CONNECT_DEVICE_FIRST', 'Please connect the device first'));
      return;
    }
    socket = ws;
    arm(ANSWER_TIMEOUT_MS, 'CONNECT_DEVICE_FIRST', 'Please connect the device first');

    const start = async () => {
      const opened = await call('open');
      if (settled) return;
      if (!succeeded(opened)) return finish(failureOf(opened));
      enrolling = true;
      // The encoder's own timeout plus a margin for the answer to travel.
      arm(timeoutMs + ANSWER_TIMEOUT_MS, 'TIMEOUT_RETRY', 'Timeout, please retry');
      const answer = await call('enrollFinger', { timeout: timeoutMs });
      if (settled) return;
      if (!succeeded(answer)) return finish(failureOf(answer));
      const data = isObject(answer.data) ? answer.data : {};
      const template = typeof data['template'] === 'string' ? data['template'] : '';
      if (!template) return finish(new EncoderError('READ_DATA_FAILED', 'Read data failed'));
      finish({ template, quality: typeof data['quality'] === 'number' ? data['quality'] : 0 });
    };

    ws.addEventListener('open', () => {
      connected = true;
    });
    ws.addEventListener('message', (event: MessageEvent) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (!isObject(message)) return;
      if (typeof message['event'] === 'string') {
        if (message['event'] === 'hello') {
          const info = encoderInfoOf(message['data']);
          if (info) options.onEncoder?.(info);
          arm(
            ANSWER_TIMEOUT_MS,
            'DEVICE_NOT_RESPONDING_CHECK',
            'Device not responding, please check the connection',
          );
          start().catch(() =>
            finish(
              new EncoderError(
                'DEVICE_NOT_RESPONDING_CHECK',
                'Device not responding, please check the connection',
              ),
            ),
          );
        } else if (message['event'] === 'fingerStep') {
          const data = isObject(message['data']) ? message['data'] : {};
          const owner = message['cbdata'] ?? data['cbdata'];
          if (typeof owner === 'string' && owner !== enrolCbdata) return;
          const step = message['step'] ?? data['step'];
          if (typeof step === 'string' && FINGER_STEPS.includes(step)) options.onStep?.(step as FingerStep);
        } else if (message['event'] === 'deviceDown' && enrolling) {
          finish(new EncoderError('DEVICE_NOT_FOUND', 'Operation failed! Device not found'));
        }
        return;
      }
      const cbdata = typeof message['cbdata'] === 'string' ? message['cbdata'] : '';
      const answered = waiting.get(cbdata);
      if (answered) {
        waiting.delete(cbdata);
        answered(message as unknown as ReaderAnswer);
      }
    });
    ws.addEventListener('close', () => {
      if (connected)
        finish(
          new EncoderError(
            'DEVICE_NOT_RESPONDING_CHECK',
            'Device not responding, please check the connection',
          ),
        );
      else finish(new EncoderError('CONNECT_DEVICE_FIRST', 'Please connect the device first'));
    });
  });
}
