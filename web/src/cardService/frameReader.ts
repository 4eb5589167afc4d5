import {
  blockDataOf,
  type CardReadVariant,
  cardReadVariantCommands,
  commandOfResponse,
  decodeResponseHex,
  type EncoderCommand,
  encodeCommandHex,
  type ResponseFrame,
} from '@lockdesk/protocol';
import { CardServiceError, cancelledError } from './errors.ts';
import type { CardReader, FoundCard, KeyType, ReaderInfo, ReaderKind, ReaderLog } from './types.ts';

/** Commands whose device work is a write or a dispenser move (spec §9: the longer local timeout). */
export const WRITE_COMMANDS: readonly EncoderCommand['name'][] = ['writeBlock', 'requestCard', 'ejectCard'];

/** A reply hex frame that does not answer the command sent (a late reply of an earlier one): skipped. */
export class StaleReply extends Error {
  constructor() {
    super('stale reply');
  }
}

/**
 * A reader spoken to in encoder frames (protocol/WIRE.md): the second reader (raw service over HTTP) and the remote
 * reader (the broker) build every command with `@lockdesk/protocol` and check every reply in the browser — its
 * checksum above all (spec §4: a bad checksum yields no result). Subclasses move the hex.
 */
export abstract class FrameReader implements CardReader {
  abstract readonly kind: ReaderKind;

  constructor(protected readonly log: ReaderLog = () => {}) {}

  abstract connect(signal?: AbortSignal): Promise<ReaderInfo>;
  abstract close(): void;

  /** Sends one command frame (hex) and resolves with the reply frame's hex, or rejects with the transport's error. */
  protected abstract transfer(hex: string, command: EncoderCommand, signal?: AbortSignal): Promise<string>;

  /** One command: the decoded reply, or the catalogue error of its frame or of the device status. */
  async exchange(command: EncoderCommand, signal?: AbortSignal): Promise<ResponseFrame> {
    if (signal?.aborted) throw cancelledError(signal);
    const hex = encodeCommandHex(command);
    if (!hex.ok) throw new CardServiceError(hex.code, hex.params);
    this.log('send', `${command.name} ${hex.value}`);
    const reply = await this.transfer(hex.value, command, signal).catch((error: unknown) => {
      const failure = error instanceof CardServiceError ? error : new CardServiceError('API_CALL_FAILED');
      this.log('error', `${command.name}: ${failure.message}`);
      throw failure;
    });
    this.log('receive', reply);
    const frame = decodeResponseHex(reply);
    if (!frame.ok) {
      // BAD_CHECKSUM, a malformed frame or a device status: no result.
      const failure = new CardServiceError(frame.code, frame.params);
      this.log('error', `${command.name}: ${failure.message}`);
      throw failure;
    }
    return frame.value;
  }

  /** Runs commands in order; the last reply is the result. */
  protected async run(commands: readonly EncoderCommand[], signal?: AbortSignal): Promise<ResponseFrame> {
    let last: ResponseFrame | undefined;
    for (const command of commands) last = await this.exchange(command, signal);
    if (!last) throw new CardServiceError('OPERATION_FAILED', { message: 'no command' });
    return last;
  }

  async findCard(signal?: AbortSignal): Promise<FoundCard> {
    const frame = await this.exchange({ name: 'findCard' }, signal);
    if (frame.layout !== 'card') throw new CardServiceError('NO_CARD');
    return { uid: frame.cardNumber.toUpperCase(), cardType: frame.cardType };
  }

  async readBlock(block: number, key: string, signal?: AbortSignal, keyType: KeyType = 'A'): Promise<string> {
    const frame = await this.run(
      [
        { name: 'authenticate', block, keyType, key: key.toUpperCase() },
        { name: 'readBlock', block },
      ],
      signal,
    );
    return dataOf(frame);
  }

  async writeBlock(
    block: number,
    key: string,
    data: string,
    signal?: AbortSignal,
    keyType: KeyType = 'A',
  ): Promise<void> {
    const frame = await this.run(
      [
        { name: 'authenticate', block, keyType, key: key.toUpperCase() },
        { name: 'writeBlock', block, data: data.toUpperCase() },
      ],
      signal,
    );
    if (frame.layout !== 'writeResult') throw new CardServiceError('WRITE_CARD_FAILED');
  }

  async readVariant(variant: CardReadVariant, block: number, key: string, signal?: AbortSignal) {
    const commands = cardReadVariantCommands(variant, { block, key });
    if (!commands.ok) throw new CardServiceError(commands.code, commands.params);
    return dataOf(await this.run(commands.value, signal));
  }

  async led(color: 'red' | 'green' | 'off', durationMs: number): Promise<void> {
    await this.exchange({ name: 'led', colour: color, durationMs });
  }

  async beep(): Promise<void> {
    await this.exchange({ name: 'beep', musicId: 1, count: 1 });
  }

  async requestCard(_sender: string): Promise<void> {
    await this.exchange({ name: 'requestCard' });
  }

  async ejectCard(_sender: string): Promise<void> {
    await this.exchange({ name: 'ejectCard' });
  }
}

/** The 32 hex of a block read (readBlock's type 3 or readSector's type 12). */
function dataOf(frame: ResponseFrame): string {
  if (frame.layout === 'blockData' || frame.layout === 'sectorData') return blockDataOf(frame).toUpperCase();
  throw new CardServiceError('READ_DATA_FAILED');
}

/** True when a reply frame answers `command` (type 12 answers readSector). */
export function answers(replyHex: string, command: EncoderCommand): boolean {
  const frame = decodeResponseHex(replyHex);
  // A frame that does not decode is not stale: its error belongs to the waiting command.
  if (!frame.ok) return true;
  return commandOfResponse(frame.value) === command.name;
}
