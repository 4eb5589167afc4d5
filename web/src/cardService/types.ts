import type { CardReadVariant } from '@lockdesk/protocol';

/**
 * The console's card service (contract C): one interface in front of the four reader types of spec §4 — 1 the
 * local reader service, 2 the second reader (raw frames), 3 the third reader (WebSocket), 4 the remote reader
 * behind the message broker. Pages use the operations (operations.ts) and the hooks; they never know the type.
 */
export type ReaderKind = 1 | 2 | 3 | 4;
export const READER_KINDS: readonly ReaderKind[] = [1, 2, 3, 4];

export function isReaderKind(value: unknown): value is ReaderKind {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** What the console knows about the reader in use. */
export interface ReaderInfo {
  kind: ReaderKind;
  online: boolean;
  /** True when the gateway drives its simulated encoder; null until the gateway said. */
  simulated: boolean | null;
  description: string;
  /** The remote reader's device id (12 hex). */
  deviceId?: string;
  /** 'Trying to reconnect...' while the broker connection waits to come back. */
  notice?: string;
}

/** One line of the device log (spec §4: at most 100 kept). */
export interface LogEntry {
  time: number;
  kind: 'send' | 'receive' | 'info' | 'error';
  text: string;
}

/** Where a reader writes its log lines (the service keeps them). */
export type ReaderLog = (kind: LogEntry['kind'], text: string) => void;

/** A card in the encoder's field. */
export interface FoundCard {
  /** The UID, upper-case hex (8 characters for MIFARE Classic single-size UIDs). */
  uid: string;
  /** The card's SAK (0x08 MIFARE Classic 1K, 0x18 4K). */
  cardType: number;
}

export type KeyType = 'A' | 'B';

/** One reader of the four types; every method rejects with a CardServiceError. */
export interface CardReader {
  readonly kind: ReaderKind;
  /**
   * True when calls may be sent while others are under way, each answered on its own (the gateway's reader
   * functions over HTTP or WebSocket: every function is one turn at the encoder). Frame readers need one at a time.
   */
  readonly concurrentCalls?: boolean;
  connect(signal?: AbortSignal): Promise<ReaderInfo>;
  /** The card in the field; NO_CARD when there is none. */
  findCard(signal?: AbortSignal): Promise<FoundCard>;
  /** A block (32 hex), authenticated with `key` (key A unless told). */
  readBlock(block: number, key: string, signal?: AbortSignal, keyType?: KeyType): Promise<string>;
  writeBlock(
    block: number,
    key: string,
    data: string,
    signal?: AbortSignal,
    keyType?: KeyType,
  ): Promise<void>;
  led(color: 'red' | 'green' | 'off', durationMs: number): Promise<void>;
  beep(): Promise<void>;
  /** Dispensers: move a card from the stack to the encoder, and hand it out. */
  requestCard?(sender: string): Promise<void>;
  ejectCard?(sender: string): Promise<void>;
  /**
   * One attempt of a card-read variant (spec §9 retry schedule, protocol `cardReadVariantCommands`): the block's
   * data. Readers without it are read with readBlock.
   */
  readVariant?(variant: CardReadVariant, block: number, key: string, signal?: AbortSignal): Promise<string>;
  /**
   * Block 4 × `sector` read with one reader command (select, authenticate with key A, read), for the sector scan.
   * `pauseMs` is kept by the reader at the encoder: the read starts no sooner than that long after the end of the
   * previous sector read. Readers without it are scanned with readBlock and the pause kept by the console.
   */
  readSector?(
    sector: number,
    key: string,
    options: { pauseMs: number; signal?: AbortSignal },
  ): Promise<string>;
  /** The whole card read done by the gateway itself (the third reader's goReadCard). */
  goReadCard?(signal?: AbortSignal): Promise<CardReadResult>;
  close(): void;
}

/** What a card read gives (spec §4 card read flow). */
export interface CardReadResult {
  uid: string;
  cardType: number;
  /** Block 54 (the card check block), 32 hex. */
  block54: string;
  /** How many attempts of the retry schedule it took (1 when the first read worked). */
  attempts: number;
}

export type ReadStep = 'connect' | 'led' | 'waitCard' | 'read' | 'beep' | 'done';

/** A sector scan (spec §4 'Sector encryption check'). */
export interface SectorScan {
  uid: string;
  /** Sectors read with the default key. */
  sectors: { sector: number; block: number; data: string }[];
  /** Sectors that did not read with it (encrypted with another key, or an error). */
  failedSectors: { sector: number; block: number; code: string; message: string }[];
  summary: { read: number; failed: number; total: number };
}

/** One block write of a plan (the shape of protocol's WriteStep, contract A). */
export interface CardWriteStep {
  block: number;
  key: string;
  keyType?: KeyType;
  /** 32 hex. */
  data: string;
}

/** One block to read back after a write, with the key it must open with. */
export interface CardVerifyStep {
  block: number;
  key: string;
  data: string;
}

/** The server's write plan (contract B 'The write plan'). */
export interface CardWritePlan {
  id: number;
  card_id?: string;
  uid?: string;
  writes: CardWriteStep[];
  verify: CardVerifyStep[];
  expires_at?: number;
  card?: unknown;
}

/** The steps of a card write as the operator sees them. */
export type WriteStep = 'connect' | 'findCard' | 'allocate' | 'write' | 'verify' | 'confirm' | 'done';
export const WRITE_STEPS: readonly WriteStep[] = [
  'connect',
  'findCard',
  'allocate',
  'write',
  'verify',
  'confirm',
  'done',
];

/** Progress of a write: the step, and for write/verify how many blocks of how many. */
export interface WriteProgress {
  step: WriteStep;
  done?: number;
  total?: number;
}

/** Blocks read back, as the server's confirmation takes them: { "4": "32 hex", … }. */
export type BlocksRead = Record<string, string>;
