import { describe, expect, it } from 'vitest';
import { fail } from '../result.js';
import { type CardWriteOptions, cardWriteFlow } from './card-write.js';
import { type CardOpAnswer, type CardOpStep, cardOpCancelled, cardOpDone } from './steps.js';
import { runFlow, stepNames } from './testing.js';

const KEY = 'FFFFFFFFFFFF';
const NEW_KEY = 'A0A1A2A3A4A5';
const DATA = (block: number) => block.toString(16).padStart(2, '0').repeat(16);
const PLAN: CardWriteOptions = {
  uid: '11223344',
  writes: [
    { block: 4, key: KEY, data: DATA(4) },
    { block: 5, key: KEY, keyType: 'B', data: DATA(5) },
  ],
  verify: [
    { block: 4, key: NEW_KEY, data: DATA(4) },
    { block: 5, key: NEW_KEY, data: DATA(5) },
  ],
};

/** A card that holds what is written to it; `change` alters one answer. */
function card(
  change: (step: CardOpStep & { kind: 'device' }, index: number) => CardOpAnswer | undefined = () =>
    undefined,
) {
  const blocks: Record<number, string> = {};
  return (step: CardOpStep, index: number): CardOpAnswer | undefined => {
    if (step.kind !== 'device') return undefined;
    const changed = change(step, index);
    if (changed) return changed;
    const { op } = step;
    if (op.op === 'findCard') return cardOpDone({ card: { uid: '11223344', cardType: 8 } });
    if (op.op === 'writeBlock') blocks[op.block] = op.data.toLowerCase();
    if (op.op === 'readBlock') return cardOpDone({ data: blocks[op.block] ?? '00'.repeat(16) });
    return cardOpDone();
  };
}

describe('cardWriteFlow (contract C: write, then read back before anything is recorded)', () => {
  it('checks the card, writes every block, checks it again, reads every block back and gives them upper-case', () => {
    const { steps, result } = runFlow(cardWriteFlow(PLAN), card());
    expect(stepNames(steps)).toEqual([
      'device:findCard',
      'show:write',
      'device:writeBlock',
      'show:write',
      'device:writeBlock',
      'show:write',
      'show:verify',
      'device:findCard',
      'device:readBlock',
      'show:verify',
      'device:readBlock',
      'show:verify',
    ]);
    expect(
      steps.filter((s) => s.kind === 'show').map((s) => s.kind === 'show' && [s.step, s.done, s.total]),
    ).toEqual([
      ['write', 0, 2],
      ['write', 1, 2],
      ['write', 2, 2],
      ['verify', 0, 2],
      ['verify', 1, 2],
      ['verify', 2, 2],
    ]);
    expect(steps[4]).toMatchObject({ op: { op: 'writeBlock', block: 5, keyType: 'B' } });
    expect(steps[8]).toMatchObject({ op: { op: 'readBlock', block: 4, key: NEW_KEY, keyType: 'A' } });
    expect(result).toEqual({ ok: true, value: { '4': DATA(4).toUpperCase(), '5': DATA(5).toUpperCase() } });
  });

  it('another card on the encoder: WRONG_CARD before anything is written; none: CARD_REMOVED', () => {
    const other = runFlow(
      cardWriteFlow(PLAN),
      card((s) =>
        s.op.op === 'findCard' ? cardOpDone({ card: { uid: 'FFFFFFFF', cardType: 8 } }) : undefined,
      ),
    );
    expect(other.result).toMatchObject({ ok: false, code: 'WRONG_CARD' });
    expect(stepNames(other.steps)).not.toContain('device:writeBlock');
    const none = runFlow(
      cardWriteFlow(PLAN),
      card((s) => (s.op.op === 'findCard' ? fail('NO_CARD', 'none') : undefined)),
    );
    expect(none.result).toMatchObject({ ok: false, code: 'CARD_REMOVED' });
    const gone = runFlow(
      cardWriteFlow(PLAN),
      card((s) => (s.op.op === 'findCard' ? fail('DEVICE_NOT_FOUND', 'x') : undefined)),
    );
    expect(gone.result).toMatchObject({ ok: false, code: 'DEVICE_NOT_FOUND' });
  });

  it('a failed write is explained by what lies on the encoder: taken away, swapped, or the failure stands', () => {
    let finds = 0;
    const taken = runFlow(
      cardWriteFlow(PLAN),
      card((s) =>
        s.op.op === 'writeBlock'
          ? fail('WRITE_CARD_FAILED', 'x')
          : s.op.op === 'findCard' && ++finds === 2
            ? fail('NO_CARD', 'none')
            : undefined,
      ),
    );
    expect(taken.result).toMatchObject({ ok: false, code: 'CARD_REMOVED' });
    const stands = runFlow(
      cardWriteFlow(PLAN),
      card((s) => (s.op.op === 'writeBlock' ? fail('WRITE_CARD_FAILED', 'x') : undefined)),
    );
    expect(stands.result).toMatchObject({ ok: false, code: 'WRITE_CARD_FAILED' });
    const notCard = runFlow(
      cardWriteFlow(PLAN),
      card((s) => (s.op.op === 'writeBlock' ? fail('DEVICE_NOT_RESPONDING', 'x') : undefined)),
    );
    expect(notCard.result).toMatchObject({ ok: false, code: 'DEVICE_NOT_RESPONDING' });
    expect(stepNames(notCard.steps).filter((s) => s === 'device:findCard')).toHaveLength(1);
  });

  it('a block that reads back otherwise, or will not open with its new key, is CARD_WRITE_UNVERIFIED', () => {
    const other = runFlow(
      cardWriteFlow(PLAN),
      card((s) => (s.op.op === 'readBlock' && s.op.block === 5 ? cardOpDone({ data: DATA(6) }) : undefined)),
    );
    expect(other.result).toMatchObject({ ok: false, code: 'CARD_WRITE_UNVERIFIED' });
    const locked = runFlow(
      cardWriteFlow(PLAN),
      card((s) => (s.op.op === 'readBlock' ? fail('AUTH_FAILED', 'key') : undefined)),
    );
    expect(locked.result).toMatchObject({ ok: false, code: 'CARD_WRITE_UNVERIFIED' });
    const gone = runFlow(
      cardWriteFlow(PLAN),
      card((s) => (s.op.op === 'readBlock' ? fail('DEVICE_NOT_FOUND', 'x') : undefined)),
    );
    expect(gone.result).toMatchObject({ ok: false, code: 'DEVICE_NOT_FOUND' });
    let finds = 0;
    const swapped = runFlow(
      cardWriteFlow(PLAN),
      card((s) =>
        s.op.op === 'readBlock'
          ? fail('AUTH_FAILED', 'key')
          : s.op.op === 'findCard' && ++finds === 3
            ? cardOpDone({ card: { uid: 'FFFFFFFF', cardType: 8 } })
            : undefined,
      ),
    );
    expect(swapped.result).toMatchObject({ ok: false, code: 'WRONG_CARD' });
  });

  it('cancelled at any device step: OPERATION_CANCELLED, and no blocks', () => {
    const base = card();
    const count = runFlow(cardWriteFlow(PLAN), base).steps.length;
    for (let at = 0; at < count; at++) {
      const { steps, result } = runFlow(cardWriteFlow(PLAN), (step, index) =>
        index === at && step.kind === 'device' ? cardOpCancelled() : base(step, index),
      );
      if (steps[at]?.kind !== 'device') continue;
      expect(result).toMatchObject({ ok: false, code: 'OPERATION_CANCELLED' });
    }
  });

  it('without verify blocks (a card being emptied) it writes and reads nothing back', () => {
    const { steps, result } = runFlow(cardWriteFlow({ ...PLAN, verify: null }), card());
    expect(stepNames(steps)).not.toContain('device:readBlock');
    expect(stepNames(steps)).not.toContain('show:verify');
    expect(result).toEqual({ ok: true, value: {} });
  });
});
