import { CardServiceError } from '../errors.ts';
import type { CardReader, CardReadResult, FoundCard, KeyType, ReaderInfo, ReaderKind } from '../types.ts';

/** One call the fake reader received, with the (fake) clock time it came at. */
export interface FakeCall {
  at: number;
  name: string;
  args: unknown[];
}

/**
 * A card reader in memory for the card service's unit tests (and other features' tests): a card of 64 blocks that
 * the tests put on and take off, per-block keys, and hooks to fail a call. Every call is recorded with Date.now()
 * (fake timers move it).
 */
export class FakeReader implements CardReader {
  readonly calls: FakeCall[] = [];
  card: { uid: string; cardType: number; blocks: Map<number, string> } | null = null;
  /** Key A of each sector (FFFFFFFFFFFF when not set). */
  readonly keys = new Map<number, string>();
  /** Return an error to fail a call (checked before it runs). */
  failWith: ((name: string, args: unknown[]) => CardServiceError | undefined) | undefined;
  /** Run after a successful writeBlock (e.g. to take the card away). */
  afterWrite: ((block: number) => void) | undefined;
  /** Make reads of a block answer other data. */
  readOverride: ((block: number, data: string) => string) | undefined;
  goReadCard?: (signal?: AbortSignal) => Promise<CardReadResult>;
  /** Set by a test to have the operations send calls side by side. */
  concurrentCalls = false;
  /** Set by a test to scan with a one-command sector read (the gateway's readSector); absent: readBlock. */
  readSector?: CardReader['readSector'];
  info: ReaderInfo;

  constructor(
    readonly kind: ReaderKind = 1,
    options: { goReadCard?: (signal?: AbortSignal) => Promise<CardReadResult> } = {},
  ) {
    this.info = { kind, online: true, simulated: true, description: 'fake encoder' };
    if (options.goReadCard) this.goReadCard = options.goReadCard;
  }

  placeCard(uid: string, blocks: Record<number, string> = {}): void {
    const map = new Map<number, string>();
    for (let block = 0; block < 64; block++) map.set(block, blocks[block] ?? '0'.repeat(32));
    this.card = { uid, cardType: 8, blocks: map };
    this.keys.clear();
  }

  removeCard(): void {
    this.card = null;
  }

  private record(name: string, args: unknown[]): void {
    this.calls.push({ at: Date.now(), name, args });
    const failure = this.failWith?.(name, args);
    if (failure) throw failure;
  }

  names(): string[] {
    return this.calls.map((c) => c.name);
  }

  async connect(): Promise<ReaderInfo> {
    this.record('connect', []);
    return this.info;
  }

  async findCard(): Promise<FoundCard> {
    this.record('findCard', []);
    if (!this.card) throw new CardServiceError('NO_CARD');
    return { uid: this.card.uid, cardType: this.card.cardType };
  }

  private open(block: number, key: string): Map<number, string> {
    if (!this.card) throw new CardServiceError('NO_CARD');
    const sectorKey = this.keys.get(block >> 2) ?? 'FFFFFFFFFFFF';
    if (key.toUpperCase() !== sectorKey) throw new CardServiceError('AUTH_FAILED');
    return this.card.blocks;
  }

  async readBlock(
    block: number,
    key: string,
    _signal?: AbortSignal,
    keyType: KeyType = 'A',
  ): Promise<string> {
    this.record('readBlock', [block, key, keyType]);
    const data = this.open(block, key).get(block) ?? '';
    return this.readOverride ? this.readOverride(block, data) : data;
  }

  async writeBlock(block: number, key: string, data: string): Promise<void> {
    this.record('writeBlock', [block, key, data]);
    const blocks = this.open(block, key);
    if (block % 4 === 3) this.keys.set(block >> 2, data.slice(0, 12).toUpperCase());
    else blocks.set(block, data.toUpperCase());
    this.afterWrite?.(block);
  }

  async led(color: 'red' | 'green' | 'off', durationMs: number): Promise<void> {
    this.record('led', [color, durationMs]);
  }

  async beep(): Promise<void> {
    this.record('beep', []);
  }

  close(): void {
    this.calls.push({ at: Date.now(), name: 'close', args: [] });
  }
}
