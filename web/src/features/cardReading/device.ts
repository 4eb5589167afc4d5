import type { CardReadResult } from './readFlow.ts';

/**
 * What the card pages ask of the encoder, whichever reader type is in use: the card service's operations (contract
 * C), narrowed to reading. The pages receive it through DeviceContext, so component tests give a fake one and the
 * console gives the card service (liveDevice.ts).
 */
export interface SectorScanResult {
  uid: string;
  /** Sectors read with the default key. */
  sectors: { sector: number; block: number; data: string }[];
  /** Sectors that did not read with it (another key, or an error). */
  failedSectors: { sector: number; block: number; code: string; message: string }[];
  summary: { read: number; failed: number; total: number };
}

/** One line of the device log. */
export interface DeviceLogEntry {
  time: number;
  kind: 'send' | 'receive' | 'info' | 'error';
  text: string;
}

export interface CardDevice {
  /** The §4 card read: LED, polling, block 54 with the retry schedule, beep. */
  readCard(options: { signal: AbortSignal; onStep: (step: string) => void }): Promise<CardReadResult>;
  /**
   * Blocks 4, 5, 6, 53, 54 of the card with `uid`, with the default key (null) or these sector keys; `known`: blocks
   * the card read just got from this card (not read again).
   */
  readBlocks(
    uid: string,
    keys: Record<number, string> | null,
    signal: AbortSignal,
    known?: Record<number, string>,
  ): Promise<Record<number, string>>;
  /** The §4 sector encryption check: a retry-read, then sectors 1..15 with the default key, 100 ms apart. */
  scanSectors(options: {
    signal: AbortSignal;
    onSector: (sector: number) => void;
  }): Promise<SectorScanResult>;
  /** The device log (at most 100 entries), newest last. */
  log(): readonly DeviceLogEntry[];
  /** Calls back when the log changes; returns the unsubscribe. */
  subscribeLog(listener: () => void): () => void;
  /** The text of a card service failure in the operator's language. */
  errorText(error: unknown): string;
}
