import { CARD_READ } from './constants.js';
import { parseBlockNumber, parseKey } from './fields.js';
import type { EncoderCommand } from './frame-tables.js';
import { firstBlockOfSector, sectorOfBlock } from './mifare.js';
import { ok, type Result } from './result.js';

/**
 * The card-read retry schedule of spec §9: 2 rounds × 4 command variants × 3 tries, pauses 300/500/800 ms.
 * Pure: the gateway walks the list with its own (fakeable) clock and stops at the first attempt that reads.
 *
 * Where the pauses apply (the spec gives only the three values): the pause grows with each consecutive failure of
 * the same command. After a failed try t of any variant the reader waits CARD_READ.retryPausesMs[t - 1] before the
 * next attempt: 300 ms before a variant's 2nd try, 500 ms before its 3rd, and 800 ms (after the 3rd failure)
 * before the next variant or the next round starts. The very first attempt starts at once: the card read flow of
 * spec §4 already waited for the reader. In all 24 attempts wait 12 000 ms, inside the 15 s device timeout.
 */

/**
 * The 4 command variants, in the order they are tried. Each reads the card-check block (54) another way, so a
 * card that refuses one path (key A not allowed to read, a reader that dropped the selection, a firmware without
 * the combined read) is still read by another.
 */
export const CARD_READ_VARIANTS = [
  /** authenticate the block with key A, then read it (the flow of spec §4 step 2). */
  'blockKeyA',
  /** the same with key B (sectors whose access bits let only key B read). */
  'blockKeyB',
  /** the combined authenticate-and-read of one block of the sector (response type 12). */
  'sectorRead',
  /** halt and find the card again (a card moved in the field loses its selection), then key A and read. */
  'refindBlockKeyA',
] as const;
export type CardReadVariant = (typeof CARD_READ_VARIANTS)[number];

/** One attempt of the schedule; round, variantIndex and try count from 1. */
export interface CardReadAttempt {
  /** Position in the schedule, from 0. */
  index: number;
  round: number;
  variant: CardReadVariant;
  variantIndex: number;
  try: number;
  /** Milliseconds to wait before sending this attempt's commands. */
  pauseBeforeMs: number;
}

/** How many attempts a card read makes before MAX_RETRIES_REACHED (its {maxRetries} parameter): 24. */
export const CARD_READ_MAX_RETRIES =
  CARD_READ.retryRounds * CARD_READ.retryVariants * CARD_READ.retryTriesPerVariant;

/** The ordered attempts of one card read: round by round, variant by variant, try by try. */
export function cardReadRetrySchedule(): CardReadAttempt[] {
  const pauses = CARD_READ.retryPausesMs;
  const attempts: CardReadAttempt[] = [];
  let previousTry = 0;
  for (let round = 1; round <= CARD_READ.retryRounds; round++) {
    for (let v = 0; v < CARD_READ.retryVariants; v++) {
      for (let attempt = 1; attempt <= CARD_READ.retryTriesPerVariant; attempt++) {
        attempts.push({
          index: attempts.length,
          round,
          variant: CARD_READ_VARIANTS[v % CARD_READ_VARIANTS.length]!,
          variantIndex: v + 1,
          try: attempt,
          // After failed try t the wait is pauses[t - 1]; more tries than pauses keep the longest pause.
          pauseBeforeMs: previousTry === 0 ? 0 : pauses[Math.min(previousTry, pauses.length) - 1]!,
        });
        previousTry = attempt;
      }
    }
  }
  return attempts;
}

/** The MAX_RETRIES_REACHED parameters of a card read that used up its schedule. */
export function maxRetriesParams(): { maxRetries: number } {
  return { maxRetries: CARD_READ_MAX_RETRIES };
}

/** What a variant reads: a block (54 by default) with a key (the default key by default). */
export interface CardReadTarget {
  block?: number | string;
  key?: string;
}

/** The encoder commands one attempt of a variant sends, in order; the last one's response carries the data. */
export function cardReadVariantCommands(
  variant: CardReadVariant,
  target: CardReadTarget = {},
): Result<EncoderCommand[]> {
  const key = parseKey(target.key ?? CARD_READ.defaultKey);
  if (!key.ok) return key;
  const block = parseBlockNumber(target.block ?? CARD_READ.checkBlock, '4K');
  if (!block.ok) return block;
  const read = (keyType: 'A' | 'B'): EncoderCommand[] => [
    { name: 'authenticate', block: block.value, keyType, key: key.value },
    { name: 'readBlock', block: block.value },
  ];
  switch (variant) {
    case 'blockKeyA':
      return ok(read('A'));
    case 'blockKeyB':
      return ok(read('B'));
    case 'sectorRead': {
      const sector = sectorOfBlock(block.value, '4K');
      if (!sector.ok) return sector;
      const first = firstBlockOfSector(sector.value, '4K');
      if (!first.ok) return first;
      return ok([
        {
          name: 'readSector',
          sector: sector.value,
          blockIndex: block.value - first.value,
          keyType: 'A',
          key: key.value,
        },
      ]);
    }
    case 'refindBlockKeyA':
      return ok([{ name: 'halt' }, { name: 'findCard' }, ...read('A')]);
  }
}
