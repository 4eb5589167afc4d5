import type { CardReadVariant, ErrorCode } from '@lockdesk/protocol';
import { answerFailure, CardServiceError, type ReaderAnswer } from './errors.ts';
import { CARD_TIMING } from './timing.ts';
import type { CardReader, FoundCard, KeyType, ReaderInfo, ReaderKind, ReaderLog } from './types.ts';

/** Reader functions whose device work is a write or a dispenser move (spec §9: 5000 ms instead of 2000 ms). */
export const WRITE_FUNCS: readonly string[] = ['writeBlock', 'writeGuestCard', 'requestCard', 'ejectCard'];

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the reader's timeout for this call. */
  timeoutMs?: number;
  /** What a call that gets no answer in time fails with (DEVICE_NOT_RESPONDING). */
  timeoutCode?: ErrorCode;
  /**
   * After the signal aborted, how long to wait for the gateway to confirm (its answer to the cancelled call)
   * before giving up on it; 0 (the default) gives up at once.
   */
  cancelGraceMs?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** The encoder description of an `open`/`status` answer or a WebSocket hello. */
export function describeEncoder(
  kind: ReaderKind,
  raw: unknown,
  online = true,
): Pick<ReaderInfo, 'kind' | 'online' | 'simulated' | 'description'> {
  const data = isObject(raw) ? raw : {};
  const transport = typeof data['transport'] === 'string' ? data['transport'] : '';
  const simulated =
    typeof data['simulated'] === 'boolean' ? data['simulated'] : transport ? transport === 'simulated' : null;
  const description =
    typeof data['description'] === 'string' && data['description'] ? data['description'] : transport;
  return {
    kind,
    online: typeof data['online'] === 'boolean' ? data['online'] : online,
    simulated,
    description,
  };
}

/**
 * A reader spoken to with the gateway's reader functions `{func, cbdata, parameters}` (gateway/README.md 'Reader
 * service'): the local service over HTTP and the third reader over its WebSocket share everything but `call`.
 */
export abstract class FuncReader implements CardReader {
  abstract readonly kind: ReaderKind;
  /** Every reader function is one turn at the encoder, answered on its own (cbdata): calls may overlap. */
  readonly concurrentCalls = true;
  protected sequence = 0;

  constructor(protected readonly log: ReaderLog = () => {}) {}

  /** Sends one reader call and resolves with the gateway's answer; rejects only when there is none. */
  protected abstract send(
    func: string,
    cbdata: string,
    parameters: Record<string, unknown>,
    options: CallOptions,
  ): Promise<ReaderAnswer>;

  abstract close(): void;

  /** One reader call: the answer's data, or the spec §8 error for its answer. */
  async call<T = unknown>(func: string, parameters: Record<string, unknown> = {}, options: CallOptions = {}) {
    this.sequence += 1;
    const cbdata = `${func}-${this.sequence}`;
    this.log('send', `${func} ${JSON.stringify(parameters)}`);
    let answer: ReaderAnswer;
    try {
      answer = await this.send(func, cbdata, parameters, options);
    } catch (error) {
      const failure = error instanceof CardServiceError ? error : new CardServiceError('API_CALL_FAILED');
      this.log('error', `${func}: ${failure.message}`);
      throw failure;
    }
    const failure = answerFailure(answer, func);
    if (failure) {
      this.log('error', `${func}: ${answer?.msg || failure.message}`);
      throw failure;
    }
    this.log('receive', `${func} ${JSON.stringify(answer.data ?? null)}`);
    return answer.data as T;
  }

  async connect(signal?: AbortSignal): Promise<ReaderInfo> {
    const data = await this.call('open', {}, { ...(signal ? { signal } : {}) });
    return describeEncoder(this.kind, data);
  }

  async findCard(signal?: AbortSignal): Promise<FoundCard> {
    const data = await this.call<{ uid?: string; cardType?: number }>(
      'findCard',
      {},
      signal ? { signal } : {},
    );
    if (!data?.uid) throw new CardServiceError('NO_CARD');
    return { uid: data.uid.toUpperCase(), cardType: data.cardType ?? 0 };
  }

  async readBlock(block: number, key: string, signal?: AbortSignal, keyType: KeyType = 'A'): Promise<string> {
    const data = await this.call<{ data?: string }>(
      'readBlock',
      { block, key, keyType },
      signal ? { signal } : {},
    );
    if (typeof data?.data !== 'string' || data.data.length !== 32)
      throw new CardServiceError('READ_DATA_FAILED');
    return data.data.toUpperCase();
  }

  /** The gateway's `readSector`: one device command per sector; the gateway keeps `pauseMs` at the encoder. */
  async readSector(sector: number, key: string, options: { pauseMs: number; signal?: AbortSignal }) {
    const { signal } = options;
    const data = await this.call<{ data?: string }>(
      'readSector',
      { sector, blockIndex: 0, key, keyType: 'A', pauseMs: options.pauseMs },
      // The reader's own wait (at most the pause) comes on top of the device time.
      { ...(signal ? { signal } : {}), timeoutMs: CARD_TIMING.readerTimeoutMs + options.pauseMs },
    );
    if (typeof data?.data !== 'string' || data.data.length !== 32)
      throw new CardServiceError('READ_DATA_FAILED');
    return data.data.toUpperCase();
  }

  async writeBlock(
    block: number,
    key: string,
    data: string,
    signal?: AbortSignal,
    keyType: KeyType = 'A',
  ): Promise<void> {
    await this.call('writeBlock', { block, key, data, keyType }, signal ? { signal } : {});
  }

  async readVariant(variant: CardReadVariant, block: number, key: string, signal?: AbortSignal) {
    switch (variant) {
      case 'blockKeyB':
        return this.readBlock(block, key, signal, 'B');
      case 'refindBlockKeyA':
        await this.findCard(signal);
        return this.readBlock(block, key, signal, 'A');
      default:
        // The reader service has no raw sector read: key A through readBlock is the same read.
        return this.readBlock(block, key, signal, 'A');
    }
  }

  async led(color: 'red' | 'green' | 'off', durationMs: number): Promise<void> {
    await this.call('led', { color, duration: durationMs });
  }

  async beep(): Promise<void> {
    await this.call('beep', { musicId: 1, count: 1 });
  }

  async requestCard(sender: string): Promise<void> {
    await this.call('requestCard', { sender });
  }

  async ejectCard(sender: string): Promise<void> {
    await this.call('ejectCard', { sender });
  }
}
