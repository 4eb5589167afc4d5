import { ENCODER_USB, type EncoderCommand } from '@lockdesk/protocol';
import { DEPLOY } from '../config/deploy.ts';
import { answerFailure, CardServiceError, cancelledError, type ReaderAnswer } from './errors.ts';
import { FrameReader, WRITE_COMMANDS } from './frameReader.ts';
import { describeEncoder } from './funcReader.ts';
import { CARD_TIMING } from './timing.ts';
import type { ReaderInfo, ReaderLog } from './types.ts';

export interface SecondReaderOptions {
  /** The gateway's raw service, e.g. http://127.0.0.1:13571 (deploy config `readers.secondReader`). */
  baseUrl?: string;
  fetch?: typeof fetch;
  log?: ReaderLog;
  timeoutMs?: number;
  writeTimeoutMs?: number;
}

/** The HID report size: the raw service pads the reply to it, as a HID read would. */
const READ_LENGTH = ENCODER_USB.reportSize;
/** The device is given this much less than the HTTP call, so its own timeout answers first. */
const DEVICE_MARGIN_MS = 200;

/**
 * Reader type 2, the second reader (spec §7): `POST /open {vid: 1047, pid: 32800}`, then `POST /write {data,
 * timeout, readlength}` for each command frame, built here with `@lockdesk/protocol`; the reply frame is cut out of
 * the padded report by its length byte and checked here (checksum, layout, device status).
 */
export class SecondReader extends FrameReader {
  readonly kind = 2 as const;
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly writeTimeoutMs: number;

  constructor(options: SecondReaderOptions = {}) {
    super(options.log);
    this.base = (options.baseUrl ?? DEPLOY.readers.secondReader).replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? CARD_TIMING.readerTimeoutMs;
    this.writeTimeoutMs = options.writeTimeoutMs ?? CARD_TIMING.readerWriteTimeoutMs;
  }

  private async post(path: string, body: object, limit: number, signal?: AbortSignal): Promise<ReaderAnswer> {
    if (signal?.aborted) throw cancelledError(signal);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limit);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await this.fetchImpl(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      return (await response.json().catch(() => null)) as ReaderAnswer;
    } catch {
      if (timedOut) throw new CardServiceError('DEVICE_NOT_RESPONDING');
      if (signal?.aborted) throw cancelledError(signal);
      throw new CardServiceError('API_CALL_FAILED');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async connect(signal?: AbortSignal): Promise<ReaderInfo> {
    const body = { vid: ENCODER_USB.vendorId, pid: ENCODER_USB.productId };
    this.log('send', `open ${JSON.stringify(body)}`);
    const answer = await this.post('/open', body, this.timeoutMs, signal);
    const failure = answerFailure(answer, 'open');
    if (failure) {
      this.log('error', `open: ${failure.message}`);
      throw failure;
    }
    this.log('receive', `open ${JSON.stringify(answer.data ?? null)}`);
    return describeEncoder(this.kind, answer.data);
  }

  protected async transfer(hex: string, command: EncoderCommand, signal?: AbortSignal): Promise<string> {
    const limit = WRITE_COMMANDS.includes(command.name) ? this.writeTimeoutMs : this.timeoutMs;
    const answer = await this.post(
      '/write',
      { data: hex, timeout: Math.max(50, limit - DEVICE_MARGIN_MS), readlength: READ_LENGTH },
      limit,
      signal,
    );
    const failure = answerFailure(answer, command.name);
    if (failure) throw failure;
    if (typeof answer.data !== 'string') throw new CardServiceError('API_CALL_FAILED');
    return frameOfReport(answer.data);
  }

  close(): void {
    // HTTP: nothing is held open (the encoder stays open for the other services).
  }
}

/** The frame at the start of a zero-padded report, cut by its length byte (what is after it is padding). */
export function frameOfReport(hex: string): string {
  const text = hex.trim().toUpperCase();
  const length = Number.parseInt(text.slice(2, 4), 16);
  if (!Number.isInteger(length) || length < 4 || text.length < length * 2) return text;
  return text.slice(0, length * 2);
}
