import { DEPLOY } from '../config/deploy.ts';
import { answerFailure, CardServiceError, cancelledError, type ReaderAnswer } from './errors.ts';
import { type CallOptions, describeEncoder, FuncReader, WRITE_FUNCS } from './funcReader.ts';
import { CARD_TIMING } from './timing.ts';
import type { CardReadResult, ReaderInfo, ReaderLog } from './types.ts';

/** The WebSocket constructor (the browser's; Node tests pass the `ws` package's). */
export type SocketFactory = (url: string) => WebSocket;

export interface ThirdReaderOptions {
  /** The gateway's WebSocket, e.g. ws://127.0.0.1:39002 (deploy config `readers.thirdReader`). */
  url?: string;
  socket?: SocketFactory;
  log?: ReaderLog;
  /** Told what the gateway pushes about its encoder (hello, deviceUp, deviceDown). */
  onInfo?: (info: Partial<ReaderInfo>) => void;
  /** Told every event the gateway pushes, as it came (hello, deviceUp, deviceDown, fingerStep, …). */
  onEvent?: (message: Record<string, unknown>) => void;
  timeoutMs?: number;
  writeTimeoutMs?: number;
  /** How long the socket may take to open before 'Please connect the device first'. */
  connectTimeoutMs?: number;
}

/**
 * The longest a whole goReadCard may take: waiting for a card (15 s), the LED and read pauses (1.8 s), the 24
 * attempts' pauses (12 s) and their commands.
 */
export const GO_READ_CARD_TIMEOUT_MS =
  CARD_TIMING.cardWaitMs +
  CARD_TIMING.ledRedAfterMs +
  CARD_TIMING.readAfterReadyMs +
  CARD_TIMING.findThenReadMs +
  12_000 +
  10_000;

interface Waiting {
  resolve(answer: ReaderAnswer): void;
  reject(error: CardServiceError): void;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/**
 * Reader type 3, the third reader (spec §7): the gateway's WebSocket on 39002. Reader calls travel as
 * `{func, cbdata, parameters}` messages answered with the same cbdata; a card read is the gateway's own
 * `goReadCard` (the whole flow of spec §4 on the gateway), cancelled with `cancelReadCard`. The socket stays open
 * between operations so the console hears the encoder come and go.
 */
export class ThirdReader extends FuncReader {
  readonly kind = 3 as const;
  private readonly url: string;
  private readonly open: SocketFactory;
  private readonly onInfo: (info: Partial<ReaderInfo>) => void;
  private readonly onEvent: (message: Record<string, unknown>) => void;
  private readonly timeoutMs: number;
  private readonly writeTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private ws: WebSocket | undefined;
  private opening: Promise<WebSocket> | undefined;
  private readonly waiting = new Map<string, Waiting>();
  private hello: unknown = null;

  constructor(options: ThirdReaderOptions = {}) {
    super(options.log);
    this.url = options.url ?? DEPLOY.readers.thirdReader;
    this.open = options.socket ?? ((u: string) => new WebSocket(u));
    this.onInfo = options.onInfo ?? (() => {});
    this.onEvent = options.onEvent ?? (() => {});
    this.timeoutMs = options.timeoutMs ?? CARD_TIMING.readerTimeoutMs;
    this.writeTimeoutMs = options.writeTimeoutMs ?? CARD_TIMING.readerWriteTimeoutMs;
    this.connectTimeoutMs = options.connectTimeoutMs ?? CARD_TIMING.readerWriteTimeoutMs;
  }

  /** The open socket (opening it when needed); CONNECT_DEVICE_FIRST when no gateway answers. */
  private socket(): Promise<WebSocket> {
    if (this.ws && this.ws.readyState === 1) return Promise.resolve(this.ws);
    if (this.opening) return this.opening;
    this.opening = new Promise<WebSocket>((resolve, reject) => {
      let ws: WebSocket;
      try {
        ws = this.open(this.url);
      } catch {
        reject(new CardServiceError('CONNECT_DEVICE_FIRST'));
        return;
      }
      let opened = false;
      const timer = setTimeout(() => {
        if (opened) return;
        reject(new CardServiceError('CONNECT_DEVICE_FIRST'));
        try {
          ws.close();
        } catch {
          // never opened
        }
      }, this.connectTimeoutMs);
      ws.addEventListener('open', () => {
        opened = true;
        clearTimeout(timer);
        this.ws = ws;
        this.log('info', `connected to ${this.url}`);
        resolve(ws);
      });
      ws.addEventListener('message', (event: MessageEvent) => this.receive(event.data));
      ws.addEventListener('error', () => {
        // 'close' follows and says the rest.
      });
      ws.addEventListener('close', () => {
        clearTimeout(timer);
        if (this.ws === ws) this.ws = undefined;
        if (!opened) reject(new CardServiceError('CONNECT_DEVICE_FIRST'));
        else {
          this.log('info', 'connection to the reader closed');
          this.onInfo({ online: false });
        }
        const pending = [...this.waiting.values()];
        this.waiting.clear();
        for (const waiter of pending) waiter.reject(new CardServiceError('DEVICE_NOT_RESPONDING_CHECK'));
      });
    }).finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  private receive(raw: unknown): void {
    let message: unknown;
    try {
      message = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      return;
    }
    if (!isObject(message)) return;
    if (typeof message['event'] === 'string') {
      const event = message['event'];
      if (event === 'hello') {
        this.hello = message['data'];
        this.onInfo(describeEncoder(this.kind, message['data']));
      } else if (event === 'deviceUp' || event === 'deviceDown') {
        this.log('info', event === 'deviceUp' ? 'encoder plugged in' : 'encoder unplugged');
        this.onInfo({ online: event === 'deviceUp' });
      }
      this.onEvent(message);
      return;
    }
    const cbdata = typeof message['cbdata'] === 'string' ? message['cbdata'] : '';
    const waiter = this.waiting.get(cbdata);
    if (waiter) {
      this.waiting.delete(cbdata);
      waiter.resolve(message as unknown as ReaderAnswer);
    }
  }

  protected async send(
    func: string,
    cbdata: string,
    parameters: Record<string, unknown>,
    options: CallOptions,
  ): Promise<ReaderAnswer> {
    const { signal } = options;
    if (signal?.aborted) throw cancelledError(signal);
    const ws = await this.socket();
    const limit = options.timeoutMs ?? (WRITE_FUNCS.includes(func) ? this.writeTimeoutMs : this.timeoutMs);
    return new Promise<ReaderAnswer>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiting.delete(cbdata);
      };
      let timer = setTimeout(() => {
        done();
        reject(new CardServiceError(options.timeoutCode ?? 'DEVICE_NOT_RESPONDING'));
      }, limit);
      const onAbort = () => {
        // The gateway stops what it runs for this connection (a card read, a scan, an enrolment).
        this.post(ws, {
          func: func === 'goReadCard' ? 'cancelReadCard' : 'cancel',
          cbdata: `cancel-${cbdata}`,
        });
        if (options.cancelGraceMs) {
          // The gateway's answer to the cancelled call says how it ended; leave anyway if it is late.
          clearTimeout(timer);
          timer = setTimeout(() => {
            done();
            reject(cancelledError(signal));
          }, options.cancelGraceMs);
          return;
        }
        done();
        reject(cancelledError(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(cbdata, {
        resolve: (answer) => {
          done();
          resolve(answer);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      this.post(ws, { func, cbdata, parameters });
    });
  }

  private post(ws: WebSocket, message: object): void {
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // A closed socket: its close handler fails the waiting calls.
    }
  }

  /**
   * One reader call under the caller's own cbdata, answered as the gateway answered it (a refusal is an answer,
   * not an error); rejects only when there is none (no gateway, no answer in time, cancelled).
   */
  request(
    func: string,
    cbdata: string,
    parameters: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<ReaderAnswer> {
    this.log('send', `${func} ${JSON.stringify(parameters)}`);
    return this.send(func, cbdata, parameters, options);
  }

  override async connect(signal?: AbortSignal): Promise<ReaderInfo> {
    const data = await this.call('open', {}, signal ? { signal } : {});
    const info = describeEncoder(this.kind, data);
    // The hello tells whether the encoder is simulated even when open's answer does not.
    if (info.simulated === null && this.hello)
      info.simulated = describeEncoder(this.kind, this.hello).simulated;
    return info;
  }

  /**
   * The gateway's whole card read (spec §4): LED, polling, block 54 with the retry schedule, beep. A card whose
   * check block the gateway could not place (an external card) still gives its uid and block 54: the read flow
   * decides what it is.
   */
  async goReadCard(signal?: AbortSignal): Promise<CardReadResult> {
    this.sequence += 1;
    const cbdata = `goReadCard-${this.sequence}`;
    this.log('send', 'goReadCard');
    const answer = await this.send(
      'goReadCard',
      cbdata,
      {},
      {
        timeoutMs: GO_READ_CARD_TIMEOUT_MS,
        ...(signal ? { signal } : {}),
      },
    );
    const data = isObject(answer?.data) ? answer.data : {};
    const block54 = typeof data['block54'] === 'string' ? data['block54'] : '';
    if (typeof data['uid'] === 'string' && block54.length === 32) {
      this.log('receive', `goReadCard ${data['uid']} ${block54}`);
      return {
        uid: data['uid'].toUpperCase(),
        cardType: typeof data['cardType'] === 'number' ? data['cardType'] : 0,
        block54: block54.toUpperCase(),
        attempts: typeof data['attempts'] === 'number' ? data['attempts'] : 1,
      };
    }
    const failure = answerFailure(answer, 'goReadCard') ?? new CardServiceError('CARD_READ_FAILED');
    this.log('error', `goReadCard: ${failure.message}`);
    throw failure;
  }

  close(): void {
    const ws = this.ws;
    this.ws = undefined;
    try {
      ws?.close();
    } catch {
      // already closed
    }
  }
}
