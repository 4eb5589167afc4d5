import { DEPLOY } from '../config/deploy.ts';
import { CardServiceError, cancelledError, type ReaderAnswer } from './errors.ts';
import { type CallOptions, FuncReader, WRITE_FUNCS } from './funcReader.ts';
import { CARD_TIMING } from './timing.ts';
import type { ReaderLog } from './types.ts';

export interface LocalServiceOptions {
  /** The gateway's reader service, e.g. http://127.0.0.1:13570 (deploy config `readers.localService`). */
  baseUrl?: string;
  fetch?: typeof fetch;
  log?: ReaderLog;
  /** Spec §9: 2000 ms, writes 5000 ms. */
  timeoutMs?: number;
  writeTimeoutMs?: number;
}

/**
 * Reader type 1, the local reader service (spec §7 'Local card readers'): `POST {base}/reader` with
 * `{func, cbdata, parameters}`, 2 s timeout (5 s for writes and dispenser moves). No answer at all is 'API call
 * failed, check the server software is running'; no answer in time is 'device not responding, check connection'.
 */
export class LocalServiceReader extends FuncReader {
  readonly kind = 1 as const;
  private readonly url: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly writeTimeoutMs: number;

  constructor(options: LocalServiceOptions = {}) {
    super(options.log);
    this.url = `${(options.baseUrl ?? DEPLOY.readers.localService).replace(/\/+$/, '')}/reader`;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? CARD_TIMING.readerTimeoutMs;
    this.writeTimeoutMs = options.writeTimeoutMs ?? CARD_TIMING.readerWriteTimeoutMs;
  }

  protected async send(
    func: string,
    cbdata: string,
    parameters: Record<string, unknown>,
    options: CallOptions,
  ): Promise<ReaderAnswer> {
    const { signal } = options;
    if (signal?.aborted) throw cancelledError(signal);
    const limit = options.timeoutMs ?? (WRITE_FUNCS.includes(func) ? this.writeTimeoutMs : this.timeoutMs);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limit);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      // text/plain keeps it a "simple" request: no CORS preflight before every call (the gateway reads JSON).
      const response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ func, cbdata, parameters }),
        signal: controller.signal,
      });
      const body: unknown = await response.json().catch(() => null);
      return body as ReaderAnswer;
    } catch {
      if (timedOut) throw new CardServiceError('DEVICE_NOT_RESPONDING');
      if (signal?.aborted) throw cancelledError(signal);
      throw new CardServiceError('API_CALL_FAILED');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  close(): void {
    // HTTP: nothing is held open.
  }
}
