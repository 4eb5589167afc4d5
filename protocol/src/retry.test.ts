import { describe, expect, it } from 'vitest';
import { CARD_READ } from './constants.js';
import { encodeCommand } from './frames.js';
import {
  CARD_READ_MAX_RETRIES,
  CARD_READ_VARIANTS,
  cardReadRetrySchedule,
  cardReadVariantCommands,
  maxRetriesParams,
} from './retry.js';

describe('cardReadRetrySchedule', () => {
  const schedule = cardReadRetrySchedule();

  it('makes 2 rounds × 4 variants × 3 tries, in that order', () => {
    expect(schedule).toHaveLength(24);
    expect(CARD_READ_MAX_RETRIES).toBe(24);
    expect(maxRetriesParams()).toEqual({ maxRetries: 24 });
    expect(schedule.map((a) => a.index)).toEqual([...Array(24).keys()]);
    expect(schedule.slice(0, 4).map((a) => [a.round, a.variant, a.try])).toEqual([
      [1, 'blockKeyA', 1],
      [1, 'blockKeyA', 2],
      [1, 'blockKeyA', 3],
      [1, 'blockKeyB', 1],
    ]);
    expect(schedule.at(-1)).toMatchObject({ round: 2, variant: 'refindBlockKeyA', variantIndex: 4, try: 3 });
    for (const round of [1, 2]) {
      expect(schedule.filter((a) => a.round === round).map((a) => a.variant)).toEqual(
        CARD_READ_VARIANTS.flatMap((v) => [v, v, v]),
      );
    }
  });

  it('waits 0 first, then 300 and 500 between tries and 800 before each next variant or round', () => {
    const pauses = schedule.map((a) => a.pauseBeforeMs);
    expect(pauses.slice(0, 7)).toEqual([0, 300, 500, 800, 300, 500, 800]);
    expect(pauses[12]).toBe(800); // round 2 starts after the 3rd failure of round 1's last variant
    expect(pauses.slice(1).every((p) => (CARD_READ.retryPausesMs as readonly number[]).includes(p))).toBe(
      true,
    );
    expect(pauses.reduce((a, b) => a + b, 0)).toBe(12_000);
  });
});

describe('cardReadVariantCommands', () => {
  it('reads block 54 with the default key by default, each variant its own way', () => {
    const key = CARD_READ.defaultKey;
    expect(cardReadVariantCommands('blockKeyA')).toEqual({
      ok: true,
      value: [
        { name: 'authenticate', block: 54, keyType: 'A', key },
        { name: 'readBlock', block: 54 },
      ],
    });
    expect(cardReadVariantCommands('blockKeyB')).toMatchObject({ ok: true, value: [{ keyType: 'B' }, {}] });
    expect(cardReadVariantCommands('sectorRead')).toEqual({
      ok: true,
      value: [{ name: 'readSector', sector: 13, blockIndex: 2, keyType: 'A', key }],
    });
    expect(cardReadVariantCommands('refindBlockKeyA')).toMatchObject({
      ok: true,
      value: [{ name: 'halt' }, { name: 'findCard' }, { name: 'authenticate' }, { name: 'readBlock' }],
    });
  });

  it('takes another block and key, and places 4K blocks in their large sectors', () => {
    expect(cardReadVariantCommands('sectorRead', { block: 200, key: 'a0a1a2a3a4a5' })).toEqual({
      ok: true,
      value: [{ name: 'readSector', sector: 36, blockIndex: 8, keyType: 'A', key: 'A0A1A2A3A4A5' }],
    });
  });

  it('builds commands the codec accepts', () => {
    for (const variant of CARD_READ_VARIANTS) {
      const commands = cardReadVariantCommands(variant);
      if (!commands.ok) throw new Error(commands.code);
      for (const command of commands.value) expect(encodeCommand(command).ok).toBe(true);
    }
  });

  it('refuses a bad key or block', () => {
    expect(cardReadVariantCommands('blockKeyA', { key: 'FFFF' })).toMatchObject({
      ok: false,
      code: 'KEY_INVALID',
    });
    expect(cardReadVariantCommands('blockKeyA', { block: 256 })).toMatchObject({
      ok: false,
      code: 'BLOCK_OUT_OF_RANGE',
    });
  });
});
