import {
  type CardReader,
  CardServiceError,
  type CardWritePlan,
  type FoundCard,
  type ReaderInfo,
  type WriteCardOptions,
  writeCard,
} from '../../cardService/index.ts';

/**
 * A test fake of the encoder and of the console's card service (the special-card component tests): a MIFARE card
 * held in memory (blocks, per-sector keys) that the real writeCard operation of the card service writes and reads
 * back; a card can be taken off, and a write can be cancelled like the service's own.
 */

const BLANK = '00000000000000000000000000000000';
const TRANSPORT = 'FFFFFFFFFFFF';

export interface FakeEncoder {
  reader: CardReader;
  /** The card on the encoder, or null. */
  card: { uid: string; blocks: Record<number, string>; keys: Record<number, string> } | null;
  place(uid: string): void;
  remove(): void;
  writes: number;
}

export function fakeEncoder(): FakeEncoder {
  const state: FakeEncoder = {
    card: null,
    writes: 0,
    place(uid) {
      state.card = { uid, blocks: {}, keys: {} };
    },
    remove() {
      state.card = null;
    },
    reader: undefined as unknown as CardReader,
  };
  const present = () => {
    if (!state.card) throw new CardServiceError('NO_CARD');
    return state.card;
  };
  const keyOf = (block: number) => {
    const card = present();
    return card.keys[Math.floor(block / 4)] ?? TRANSPORT;
  };
  state.reader = {
    kind: 1,
    async connect(): Promise<ReaderInfo> {
      return { kind: 1, online: true, simulated: true, description: 'fake encoder' };
    },
    async findCard(): Promise<FoundCard> {
      return { uid: present().uid, cardType: 8 };
    },
    async readBlock(block, key) {
      const card = present();
      if (key.toUpperCase() !== keyOf(block)) throw new CardServiceError('SECTOR_VERIFICATION_FAILED');
      return card.blocks[block] ?? BLANK;
    },
    async writeBlock(block, key, data) {
      const card = present();
      if (key.toUpperCase() !== keyOf(block)) throw new CardServiceError('SECTOR_VERIFICATION_FAILED');
      state.writes++;
      if (block % 4 === 3) card.keys[Math.floor(block / 4)] = data.slice(0, 12).toUpperCase();
      else card.blocks[block] = data.toUpperCase();
    },
    async led() {},
    async beep() {},
    close() {},
  };
  return state;
}

/** The card service as the special-card pages use it, over a fake encoder. */
export function fakeCardService(encoder: FakeEncoder) {
  let running: AbortController | null = null;
  const info: ReaderInfo = { kind: 1, online: true, simulated: true, description: 'fake encoder' };
  return {
    kind: 1 as const,
    info,
    info$: { get: () => info, subscribe: () => () => {} },
    log: [] as const,
    subscribeLog: () => () => {},
    refresh: async () => info,
    setKind() {},
    reader: () => encoder.reader,
    cancel() {
      running?.abort(new CardServiceError('OPERATION_CANCELLED'));
    },
    async writeCard<T>(options: WriteCardOptions<T>): Promise<T> {
      const own = new AbortController();
      running = own;
      options.signal?.addEventListener('abort', () => own.abort(options.signal?.reason), { once: true });
      try {
        return await writeCard(encoder.reader, { ...options, signal: own.signal });
      } finally {
        running = null;
      }
    },
  };
}

/** A write plan as the server answers it: the blocks to write with the transport key, the same to read back. */
export function planFor(id: number, uid: string, card: unknown): CardWritePlan & { card: unknown } {
  const data = (n: number) => n.toString(16).toUpperCase().padStart(32, '0');
  const blocks = [4, 5, 6, 53, 54];
  return {
    id,
    card_id: '1000001',
    uid,
    writes: blocks.map((block) => ({ block, key: TRANSPORT, keyType: 'A' as const, data: data(block) })),
    verify: blocks.map((block) => ({ block, key: TRANSPORT, data: data(block) })),
    expires_at: Math.floor(Date.now() / 1000) + 120,
    card,
  };
}
