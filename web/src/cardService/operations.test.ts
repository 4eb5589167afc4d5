import { CARD_READ_MAX_RETRIES, cardReadRetrySchedule } from '@lockdesk/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardServiceError } from './errors.ts';
import { eraseCard, readCard, readCardBlocks, scanSectors, writeCard } from './operations.ts';
import { FakeReader } from './testing/fakeReader.ts';
import type { CardWritePlan, WriteProgress } from './types.ts';

const BLOCK54 = '4C01000013890004000000000000ABCD';
const DATA = (n: number) => n.toString(16).toUpperCase().padStart(2, '0').repeat(16);
const KEY = 'A1A2A3A4A5A6';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-25T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** Settles a promise while the fake clock runs; returns its value or its error. */
async function run<T>(promise: Promise<T>, ms = 60_000): Promise<T | CardServiceError> {
  const settled = promise.then(
    (v) => v,
    (e: CardServiceError) => e,
  );
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('readCard (spec §4 card read flow)', () => {
  it('lights green, red 600 ms later, polls every 200 ms from 200 ms after, reads block 54 1 s after the card, beeps', async () => {
    const reader = new FakeReader();
    const start = Date.now();
    const steps: string[] = [];
    const result = readCard(reader, { onStep: (s) => steps.push(s) });
    // The card comes 1 s after the polling started.
    setTimeout(() => reader.placeCard('11223344', { 54: BLOCK54 }), 1_700);
    const read = await run(result);
    expect(read).toEqual({ uid: '11223344', cardType: 8, block54: BLOCK54, attempts: 1 });
    const at = (name: string, nth = 0) => reader.calls.filter((c) => c.name === name)[nth]!.at - start;
    expect(reader.calls.find((c) => c.name === 'led')?.args).toEqual(['green', 0]);
    expect(at('led', 1)).toBe(600);
    expect(reader.calls.filter((c) => c.name === 'led')[1]?.args).toEqual(['red', 0]);
    const polls = reader.calls.filter((c) => c.name === 'findCard').map((c) => c.at - start);
    expect(polls[0]).toBe(800);
    expect(polls.slice(1).map((t, i) => t - polls[i]!)).toEqual(polls.slice(1).map(() => 200));
    expect(polls.at(-1)).toBe(1_800);
    expect(at('readBlock') - polls.at(-1)!).toBe(1_000);
    expect(reader.calls.find((c) => c.name === 'readBlock')?.args).toEqual([54, 'FFFFFFFFFFFF', 'A']);
    expect(reader.names().at(-1)).toBe('beep');
    expect(steps).toEqual(['connect', 'led', 'waitCard', 'read', 'beep', 'done']);
  });

  it('times each LED wait from when its command is sent: a reader slow to answer does not stretch the read', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344', { 54: BLOCK54 });
    const led = reader.led.bind(reader);
    // The reader takes 40 ms to answer each LED command (its light changes when the command arrives).
    reader.led = async (color, duration) => {
      await led(color, duration);
      await new Promise((resolve) => setTimeout(resolve, 40));
    };
    const start = Date.now();
    const read = await run(readCard(reader));
    expect(read).toMatchObject({ block54: BLOCK54 });
    const leds = reader.calls.filter((c) => c.name === 'led').map((c) => c.at - start);
    expect(leds).toEqual([0, 600]);
    const polls = reader.calls.filter((c) => c.name === 'findCard').map((c) => c.at - start);
    expect(polls[0]).toBe(800);
    // Never shorter: a reader slower than the wait is waited for.
    const slow = new FakeReader();
    slow.placeCard('11223344', { 54: BLOCK54 });
    const slowLed = slow.led.bind(slow);
    slow.led = async (color, duration) => {
      await slowLed(color, duration);
      await new Promise((resolve) => setTimeout(resolve, 700));
    };
    const began = Date.now();
    await run(readCard(slow));
    const slowLeds = slow.calls.filter((c) => c.name === 'led').map((c) => c.at - began);
    expect(slowLeds).toEqual([0, 700]);
    expect(slow.calls.find((c) => c.name === 'findCard')!.at - began).toBe(1_400);
  });

  it('sends the beep without waiting for its answer', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344', { 54: BLOCK54 });
    reader.beep = () => new Promise(() => undefined);
    const read = await run(readCard(reader));
    expect(read).toMatchObject({ uid: '11223344', block54: BLOCK54 });
  });

  it('gives up with "Timeout, please retry" when no card comes within 15 s', async () => {
    const reader = new FakeReader();
    const start = Date.now();
    const failure = await run(readCard(reader), 20_000);
    expect(failure).toMatchObject({ code: 'TIMEOUT_RETRY' });
    const polls = reader.calls.filter((c) => c.name === 'findCard');
    expect(polls.at(-1)!.at - start).toBeLessThanOrEqual(800 + 15_000);
    expect(polls.length).toBe(76);
  });

  it('walks the retry schedule of §9: variants, pauses 300/500/800 ms, then the attempt that reads', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344', { 54: BLOCK54 });
    let failures = 5;
    reader.failWith = (name) =>
      name === 'readBlock' && failures-- > 0 ? new CardServiceError('AUTH_FAILED') : undefined;
    const read = await run(readCard(reader));
    expect(read).toMatchObject({ attempts: 6, block54: BLOCK54 });
    const reads = reader.calls.filter((c) => c.name === 'readBlock');
    // Tries 1–3 of blockKeyA, then blockKeyB (key B), whose 3rd try reads.
    expect(reads.map((c) => c.args[2])).toEqual(['A', 'A', 'A', 'B', 'B', 'B']);
    const gaps = reads.slice(1).map((c, i) => c.at - reads[i]!.at);
    expect(gaps).toEqual([300, 500, 800, 300, 500]);
  });

  it('fails with "maximum retries reached (24)" after the whole schedule, which waits 12 s', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    reader.failWith = (name) => (name === 'readBlock' ? new CardServiceError('AUTH_FAILED') : undefined);
    const started = Date.now();
    const failure = await run(readCard(reader));
    expect(failure).toMatchObject({ code: 'MAX_RETRIES_REACHED', params: { maxRetries: 24 } });
    expect(reader.calls.filter((c) => c.name === 'readBlock')).toHaveLength(CARD_READ_MAX_RETRIES);
    const reads = reader.calls.filter((c) => c.name === 'readBlock');
    const total = cardReadRetrySchedule().reduce((sum, a) => sum + a.pauseBeforeMs, 0);
    expect(reads.at(-1)!.at - reads[0]!.at).toBe(total);
    expect(total).toBe(12_000);
    expect(reader.names()).not.toContain('beep');
    expect(Date.now() - started).toBeGreaterThan(12_000);
  });

  it('uses a reader variant when the reader has one (frames: sector read, re-find)', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    const variants: string[] = [];
    const withVariants = Object.assign(reader, {
      readVariant: async (variant: string) => {
        variants.push(variant);
        if (variants.length < 8) throw new CardServiceError('READ_FAILED_STATUS', { status: '02' });
        return BLOCK54;
      },
    });
    const read = await run(readCard(withVariants));
    expect(read).toMatchObject({ attempts: 8 });
    expect(variants).toEqual(
      cardReadRetrySchedule()
        .slice(0, 8)
        .map((a) => a.variant),
    );
  });

  it('stops at once when the reader is gone rather than retrying 24 times', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    reader.failWith = (name) => (name === 'readBlock' ? new CardServiceError('DEVICE_NOT_FOUND') : undefined);
    expect(await run(readCard(reader))).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    expect(reader.calls.filter((c) => c.name === 'readBlock')).toHaveLength(1);
  });

  it('cancelled: "read card operation cancelled", no further command', async () => {
    const reader = new FakeReader();
    const controller = new AbortController();
    const result = readCard(reader, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    const failure = await run(result);
    expect(failure).toMatchObject({ code: 'READ_CARD_CANCELLED', cancelled: true });
    const count = reader.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reader.calls.length).toBe(count);
  });

  it('the third reader reads through the gateway (goReadCard)', async () => {
    const reader = new FakeReader(3, {
      goReadCard: async () => ({ uid: 'AABBCCDD', cardType: 8, block54: BLOCK54, attempts: 2 }),
    });
    expect(await run(readCard(reader))).toEqual({
      uid: 'AABBCCDD',
      cardType: 8,
      block54: BLOCK54,
      attempts: 2,
    });
    expect(reader.names()).toEqual(['connect']);
  });
});

describe('scanSectors (spec §4 sector encryption check)', () => {
  it('reads sectors 1–15 at block 4 × sector, 100 ms apart; a refused key counts as another key', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    reader.keys.set(1, KEY);
    reader.keys.set(13, KEY);
    const seen: number[] = [];
    const scan = await run(
      scanSectors(reader, { onSector: (sector, result) => result && seen.push(sector) }),
    );
    if (scan instanceof CardServiceError) throw scan;
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(scan.failedSectors.map((s) => [s.sector, s.block, s.code])).toEqual([
      [1, 4, 'AUTH_FAILED'],
      [13, 52, 'AUTH_FAILED'],
    ]);
    expect(scan.summary).toEqual({ read: 13, failed: 2, total: 15 });
    const reads = reader.calls.filter((c) => c.name === 'readBlock');
    expect(reads.map((c) => c.args[0])).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60]);
    expect(reads.slice(1).map((c, i) => c.at - reads[i]!.at)).toEqual(Array(14).fill(100));
  });

  it('with a reader that reads a sector in one command, leaves the 100 ms pause to it, never shortened', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    reader.keys.set(3, KEY);
    // The encoder keeps the pause: a sector read starts 100 ms after the previous one ended at the earliest.
    // Each request takes 20 ms to arrive and each read 5 ms; the answer 20 ms to come back.
    const device: { sector: number; start: number; end: number }[] = [];
    reader.readSector = async (sector, key, { pauseMs }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const last = device.at(-1);
      const wait = last && pauseMs ? last.end + pauseMs - Date.now() : 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 5));
      device.push({ sector, start, end: Date.now() });
      const data = await reader
        .readBlock(sector * 4, key)
        .finally(() => new Promise((resolve) => setTimeout(resolve, 20)));
      return data;
    };
    const began = Date.now();
    const scan = await run(scanSectors(reader));
    if (scan instanceof CardServiceError) throw scan;
    expect(scan.summary).toEqual({ read: 14, failed: 1, total: 15 });
    expect(scan.failedSectors.map((s) => s.sector)).toEqual([3]);
    expect(device.map((d) => d.sector)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    // Between the end of one sector's read and the start of the next: exactly the pause, never less.
    expect(device.slice(1).map((d, i) => d.start - device[i]!.end)).toEqual(Array(14).fill(100));
    // The round trips overlap the pauses: 14 pauses + 15 reads + the first request and the last answer.
    expect(device.at(-1)!.end - began).toBe(20 + 15 * 5 + 14 * 100);
    // No console-side sleep and no re-find after the refused sector (the sector read selects the card).
    expect(reader.calls.filter((c) => c.name === 'findCard')).toHaveLength(1);
  });

  it('cancelled: "operation cancelled"', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    const controller = new AbortController();
    const scan = scanSectors(reader, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(250);
    controller.abort();
    expect(await run(scan)).toMatchObject({ code: 'OPERATION_CANCELLED', cancelled: true });
    expect(reader.calls.filter((c) => c.name === 'readBlock').length).toBeLessThan(15);
  });
});

/** A plan that writes blocks 4 and 5 and gives sector 1 a new key, and reads them back with it. */
function plan(uid = '11223344'): CardWritePlan {
  return {
    id: 9,
    uid,
    writes: [
      { block: 4, key: 'FFFFFFFFFFFF', keyType: 'A', data: DATA(4) },
      { block: 5, key: 'FFFFFFFFFFFF', keyType: 'A', data: DATA(5) },
      { block: 7, key: 'FFFFFFFFFFFF', keyType: 'A', data: `${KEY}FF078069${KEY}` },
    ],
    verify: [
      { block: 4, key: KEY, data: DATA(4) },
      { block: 5, key: KEY, data: DATA(5) },
    ],
  };
}

describe('writeCard (contract C: only a verified write is confirmed)', () => {
  it('connect → find → allocate → write → verify → confirm → done, confirming the blocks read back', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    const steps: WriteProgress[] = [];
    const confirm = vi.fn(async () => 'issued');
    const result = await run(
      writeCard(reader, { allocate: async () => plan(), confirm, onStep: (p) => steps.push(p) }),
    );
    expect(result).toBe('issued');
    expect(confirm).toHaveBeenCalledWith(plan(), { '4': DATA(4), '5': DATA(5) }, '11223344');
    expect([...new Set(steps.map((s) => s.step))]).toEqual([
      'connect',
      'findCard',
      'allocate',
      'write',
      'verify',
      'confirm',
      'done',
    ]);
    expect(steps.filter((s) => s.step === 'write').map((s) => s.done)).toEqual([0, 1, 2, 3]);
    expect(reader.keys.get(1)).toBe(KEY);
  });

  it('a block that reads back otherwise is CARD_WRITE_UNVERIFIED and nothing is confirmed', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    reader.readOverride = (block, data) => (block === 5 ? DATA(9) : data);
    const confirm = vi.fn(async () => 'issued');
    expect(await run(writeCard(reader, { allocate: async () => plan(), confirm }))).toMatchObject({
      code: 'CARD_WRITE_UNVERIFIED',
    });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('another card put on the encoder before the read-back is WRONG_CARD, nothing confirmed', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    reader.afterWrite = (block) => {
      if (block === 7) reader.placeCard('99887766');
    };
    const confirm = vi.fn(async () => 'issued');
    expect(await run(writeCard(reader, { allocate: async () => plan(), confirm }))).toMatchObject({
      code: 'WRONG_CARD',
    });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a plan made for another uid is WRONG_CARD before anything is written', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    expect(
      await run(writeCard(reader, { allocate: async () => plan('AABBCCDD'), confirm: async () => 1 })),
    ).toMatchObject({ code: 'WRONG_CARD' });
    expect(reader.names()).not.toContain('writeBlock');
  });

  it('the card taken away mid-write is CARD_REMOVED', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    reader.afterWrite = (block) => {
      if (block === 4) reader.removeCard();
    };
    const confirm = vi.fn(async () => 1);
    expect(await run(writeCard(reader, { allocate: async () => plan(), confirm }))).toMatchObject({
      code: 'CARD_REMOVED',
    });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('the encoder gone mid-write keeps its own reason (Operation failed! Device not found)', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    reader.failWith = (name, args) =>
      name === 'writeBlock' && args[0] === 5 ? new CardServiceError('DEVICE_NOT_FOUND') : undefined;
    const confirm = vi.fn(async () => 1);
    expect(await run(writeCard(reader, { allocate: async () => plan(), confirm }))).toMatchObject({
      code: 'DEVICE_NOT_FOUND',
    });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('cancelled between two block writes: "operation cancelled", no further write, nothing confirmed', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344');
    const controller = new AbortController();
    reader.afterWrite = (block) => {
      if (block === 4) controller.abort();
    };
    const confirm = vi.fn(async () => 1);
    expect(
      await run(writeCard(reader, { allocate: async () => plan(), confirm, signal: controller.signal })),
    ).toMatchObject({ code: 'OPERATION_CANCELLED', cancelled: true });
    expect(reader.calls.filter((c) => c.name === 'writeBlock')).toHaveLength(1);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('no card on the encoder: "No card detected!", the server is not asked', async () => {
    const reader = new FakeReader();
    const allocate = vi.fn(async () => plan());
    expect(await run(writeCard(reader, { allocate, confirm: async () => 1 }))).toMatchObject({
      code: 'NO_CARD',
    });
    expect(allocate).not.toHaveBeenCalled();
  });
});

describe('readCardBlocks and eraseCard', () => {
  it('reads 4, 5, 6, 53, 54 with the sector keys given, and refuses another card', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344', { 4: DATA(4), 53: DATA(53), 54: BLOCK54 });
    reader.keys.set(1, KEY);
    const blocks = await run(readCardBlocks(reader, '11223344', { 1: KEY }));
    expect(blocks).toEqual({ 4: DATA(4), 5: DATA(0), 6: DATA(0), 53: DATA(53), 54: BLOCK54 });
    expect(await run(readCardBlocks(reader, '55667788', null))).toMatchObject({ code: 'WRONG_CARD' });
  });

  it('right after a card read: no new connect, the blocks it already has are not read again', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344', { 4: DATA(4), 53: DATA(53), 54: BLOCK54 });
    const blocks = await run(readCardBlocks(reader, '11223344', null, { known: { 54: BLOCK54 } }));
    expect(blocks).toEqual({ 4: DATA(4), 5: DATA(0), 6: DATA(0), 53: DATA(53), 54: BLOCK54 });
    expect(reader.names()).toEqual(['findCard', 'readBlock', 'readBlock', 'readBlock', 'readBlock']);
    expect(reader.calls.filter((c) => c.name === 'readBlock').map((c) => c.args[0])).toEqual([4, 5, 6, 53]);
    expect(await run(readCardBlocks(reader, '55667788', null, { known: { 54: BLOCK54 } }))).toMatchObject({
      code: 'WRONG_CARD',
    });
  });

  it('asks a reader that answers each call on its own for every block at once, the card check still first', async () => {
    const reader = new FakeReader();
    reader.concurrentCalls = true;
    reader.placeCard('11223344', { 4: DATA(4), 53: DATA(53), 54: BLOCK54 });
    // Each answer takes 10 ms to come back.
    const readBlock = reader.readBlock.bind(reader);
    reader.readBlock = async (...args) => {
      const data = await readBlock(...args);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return data;
    };
    const start = Date.now();
    const blocks = await run(readCardBlocks(reader, '11223344', null, { known: { 54: BLOCK54 } }), 10);
    expect(blocks).toEqual({ 4: DATA(4), 5: DATA(0), 6: DATA(0), 53: DATA(53), 54: BLOCK54 });
    expect(reader.names()).toEqual(['findCard', 'readBlock', 'readBlock', 'readBlock', 'readBlock']);
    expect(reader.calls.every((c) => c.at === start)).toBe(true);
    // Another card: WRONG_CARD, whatever the reads answered.
    expect(await run(readCardBlocks(reader, '55667788', null, { known: { 54: BLOCK54 } }))).toMatchObject({
      code: 'WRONG_CARD',
    });
    // A block that does not read fails the read with its reason.
    reader.keys.set(13, KEY);
    expect(await run(readCardBlocks(reader, '11223344', null, { known: { 54: BLOCK54 } }))).toMatchObject({
      code: 'AUTH_FAILED',
    });
  });

  it('erases the card it was told about, in order', async () => {
    const reader = new FakeReader();
    reader.placeCard('11223344', { 4: DATA(4) });
    await run(
      eraseCard(reader, '11223344', [{ block: 4, key: 'FFFFFFFFFFFF', keyType: 'A', data: DATA(0) }]),
    );
    expect(reader.card?.blocks.get(4)).toBe(DATA(0));
    expect(await run(eraseCard(reader, 'AABBCCDD', []))).toMatchObject({ code: 'WRONG_CARD' });
  });
});
