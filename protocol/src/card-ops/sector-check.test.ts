import { describe, expect, it } from 'vitest';
import { fail } from '../result.js';
import { sectorCheckFlow } from './sector-check.js';
import { type CardOpAnswer, type CardOpStep, cardOpCancelled, cardOpDone } from './steps.js';
import { runFlow, stepNames } from './testing.js';

const DATA = 'AB'.repeat(16);

/** Answers the find with a card and every sector read with data, but for the sectors in `refused`. */
function answers(refused: Record<number, CardOpAnswer> = {}) {
  return (step: CardOpStep): CardOpAnswer | undefined => {
    if (step.kind !== 'device') return undefined;
    if (step.op.op === 'findCard') return cardOpDone({ card: { uid: '01020304', cardType: 8 } });
    if (step.op.op === 'readSector') return refused[step.op.sector] ?? cardOpDone({ data: DATA });
    return cardOpDone();
  };
}

describe('sectorCheckFlow (spec §4 sector encryption check)', () => {
  it('finds the card, then reads sectors 1 to 15 at block 4 × sector, 100 ms apart, showing each', () => {
    const { steps, result } = runFlow(
      sectorCheckFlow({ pauseMs: 100, sectorReadSelects: true }),
      answers({ 2: fail('AUTH_FAILED', 'other key') }),
    );
    const reads = steps.flatMap((s) => (s.kind === 'device' && s.op.op === 'readSector' ? [s.op] : []));
    expect(reads.map((r) => r.sector)).toEqual([...Array(15).keys()].map((i) => i + 1));
    expect(reads.map((r) => r.pauseMs)).toEqual([0, ...Array(14).fill(100)]);
    expect(reads[0]).toMatchObject({ key: 'FFFFFFFFFFFF' });
    expect(stepNames(steps).slice(0, 7)).toEqual([
      'device:findCard',
      'sector:1',
      'device:readSector',
      'sector:1:ok',
      'sector:2',
      'device:readSector',
      'sector:2:AUTH_FAILED',
    ]);
    expect(result.ok && result.value.uid).toBe('01020304');
    expect(result.ok && result.value.sectors).toHaveLength(14);
    expect(result.ok && result.value.sectors[0]).toEqual({ sector: 1, block: 4, data: DATA });
    expect(result.ok && result.value.failedSectors).toEqual([
      { sector: 2, block: 8, failure: expect.objectContaining({ code: 'AUTH_FAILED' }) },
    ]);
  });

  it('finds the card again after a refused sector when the reader reads blocks (a refused key halts it)', () => {
    const { steps } = runFlow(
      sectorCheckFlow({ pauseMs: 100, sectorReadSelects: false }),
      answers({ 5: fail('AUTH_FAILED', 'other key') }),
    );
    expect(stepNames(steps).filter((s) => s === 'device:findCard')).toHaveLength(2);
    expect(stepNames(steps).indexOf('sector:5:AUTH_FAILED') + 1).toBe(
      stepNames(steps).lastIndexOf('device:findCard'),
    );
  });

  it('a read without data counts as READ_DATA_FAILED', () => {
    const { result } = runFlow(
      sectorCheckFlow({ pauseMs: 100, sectorReadSelects: true }),
      answers({ 3: cardOpDone() }),
    );
    expect(result.ok && result.value.failedSectors[0]?.failure.code).toBe('READ_DATA_FAILED');
  });

  it('stops when the reader is gone, with what it found so far', () => {
    const { result } = runFlow(
      sectorCheckFlow({ pauseMs: 100, sectorReadSelects: true }),
      answers({ 4: fail('DEVICE_NOT_FOUND', 'unplugged') }),
    );
    expect(result).toMatchObject({ ok: false, code: 'DEVICE_NOT_FOUND' });
    expect(!result.ok && (result.data as { sectors: unknown[] }).sectors).toHaveLength(3);
  });

  it('stops when the card is not there at the start, or not found again', () => {
    const none = runFlow(sectorCheckFlow({ pauseMs: 100, sectorReadSelects: true }), () =>
      fail('NO_CARD', 'none'),
    );
    expect(none.result).toMatchObject({ ok: false, code: 'NO_CARD' });
    let finds = 0;
    const base = answers({ 1: fail('AUTH_FAILED', 'other key') });
    const lost = runFlow(sectorCheckFlow({ pauseMs: 100, sectorReadSelects: false }), (step) =>
      step.kind === 'device' && step.op.op === 'findCard' && ++finds === 2
        ? fail('NO_CARD', 'gone')
        : base(step),
    );
    expect(lost.result).toMatchObject({ ok: false, code: 'NO_CARD' });
  });

  it('cancelled: OPERATION_CANCELLED', () => {
    const base = answers();
    const { result } = runFlow(sectorCheckFlow({ pauseMs: 100, sectorReadSelects: true }), (step) =>
      step.kind === 'device' && step.op.op === 'readSector' && step.op.sector === 6
        ? cardOpCancelled()
        : base(step),
    );
    expect(result).toMatchObject({ ok: false, code: 'OPERATION_CANCELLED' });
  });
});
