import { describe, expect, it } from 'vitest';
import { fail } from '../result.js';
import { CARD_READ_MAX_RETRIES } from '../retry.js';
import { type CardReadTiming, cardReadFlow } from './read-flow.js';
import { type CardOpAnswer, type CardOpStep, cardOpCancelled, cardOpDone, commandsOfOp } from './steps.js';
import { runFlow, stepNames } from './testing.js';

const TIMING: CardReadTiming = {
  ledRedAfterMs: 600,
  readAfterReadyMs: 200,
  pollIntervalMs: 200,
  findThenReadMs: 1_000,
  cardWaitMs: 15_000,
};
const BLOCK54 = '0'.repeat(32);
const CARD = { uid: '0A0B0C0D', cardType: 0x08 };

/** A reader whose clock moves with the waits; `device` answers device steps (a card and block 54 by default). */
function reader(
  device: (step: CardOpStep & { kind: 'device' }) => CardOpAnswer | undefined = () => undefined,
) {
  const clock = { now: 0 };
  const answer = (step: CardOpStep): CardOpAnswer | undefined => {
    if (step.kind === 'wait') clock.now += step.ms;
    if (step.kind !== 'device') return undefined;
    const given = device(step);
    if (given) return given;
    if (step.op.op === 'findCard') return cardOpDone({ card: CARD });
    if (step.op.op === 'readVariant') return cardOpDone({ data: BLOCK54 });
    return cardOpDone();
  };
  return { answer, now: () => clock.now };
}

describe('cardReadFlow (spec §4 card read flow)', () => {
  it('lights green, red 600 ms later, polls from 200 ms after, reads block 54 1 s after the card, then beeps', () => {
    let polls = 0;
    const rig = reader((step) =>
      step.op.op === 'findCard' && ++polls < 3 ? fail('NO_CARD', 'none') : undefined,
    );
    const { steps, result } = runFlow(cardReadFlow({ timing: TIMING, now: rig.now }), rig.answer);
    expect(stepNames(steps)).toEqual([
      'show:led',
      'device:led',
      'wait:600',
      'device:led',
      'wait:200',
      'show:waitCard',
      'device:findCard',
      'wait:200',
      'device:findCard',
      'wait:200',
      'device:findCard',
      'wait:1000',
      'show:read',
      'wait:0',
      'device:readVariant',
      'wait:0',
      'show:beep',
      'device:beep',
      'show:done',
    ]);
    expect(steps[1]).toEqual({ kind: 'device', op: { op: 'led', colour: 'green', durationMs: 0 } });
    expect(steps[2]).toEqual({ kind: 'wait', ms: 600, since: 'sent' });
    expect(steps[3]).toEqual({ kind: 'device', op: { op: 'led', colour: 'red', durationMs: 0 } });
    expect(steps[14]).toMatchObject({ op: { variant: 'blockKeyA', block: 54, findFirst: false } });
    expect(steps[17]).toMatchObject({ ignoreAnswer: true, op: { op: 'beep', musicId: 1, count: 1 } });
    expect(result).toEqual({ ok: true, value: { ...CARD, block54: BLOCK54, attempts: 1 } });
  });

  it('answers TIMEOUT_RETRY when no card comes within the wait', () => {
    const rig = reader((step) => (step.op.op === 'findCard' ? fail('NO_CARD', 'none') : undefined));
    const { steps, result } = runFlow(cardReadFlow({ timing: TIMING, now: rig.now }), rig.answer);
    expect(result).toMatchObject({ ok: false, code: 'TIMEOUT_RETRY' });
    // One find at once, then one every 200 ms through the 15 s.
    expect(stepNames(steps).filter((s) => s === 'device:findCard')).toHaveLength(76);
  });

  it('keeps polling through a device status refusal, and stops on any other failure of the find', () => {
    let polls = 0;
    const refused = reader((step) =>
      step.op.op === 'findCard' && ++polls === 1
        ? { ...fail('OPERATION_FAILED', 'status'), status: 2 }
        : undefined,
    );
    expect(runFlow(cardReadFlow({ timing: TIMING, now: refused.now }), refused.answer).result.ok).toBe(true);
    const gone = reader((step) =>
      step.op.op === 'findCard' ? fail('DEVICE_NOT_RESPONDING', 'no answer') : undefined,
    );
    expect(runFlow(cardReadFlow({ timing: TIMING, now: gone.now }), gone.answer).result).toMatchObject({
      ok: false,
      code: 'DEVICE_NOT_RESPONDING',
    });
  });

  it('walks the retry schedule, finding the card again before each later try, and counts the attempts', () => {
    let tries = 0;
    const rig = reader((step) =>
      step.op.op === 'readVariant' && ++tries < 7 ? fail('AUTH_FAILED', 'refused') : undefined,
    );
    const { steps, result } = runFlow(cardReadFlow({ timing: TIMING, now: rig.now }), rig.answer);
    const reads = steps.filter((s) => s.kind === 'device' && s.op.op === 'readVariant');
    expect(reads.map((s) => s.kind === 'device' && s.op.op === 'readVariant' && s.op.findFirst)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(reads.map((s) => s.kind === 'device' && s.op.op === 'readVariant' && s.op.variant)).toEqual([
      'blockKeyA',
      'blockKeyA',
      'blockKeyA',
      'blockKeyB',
      'blockKeyB',
      'blockKeyB',
      'sectorRead',
    ]);
    expect(
      steps
        .filter((s) => s.kind === 'wait')
        .map((s) => s.kind === 'wait' && s.ms)
        .slice(-8, -1),
    ).toEqual([0, 300, 500, 800, 300, 500, 800]);
    expect(result).toMatchObject({ ok: true, value: { attempts: 7 } });
  });

  it('gives up with MAX_RETRIES_REACHED after 24 attempts, with the uid and the last failure', () => {
    const rig = reader((step) => (step.op.op === 'readVariant' ? fail('AUTH_FAILED', 'refused') : undefined));
    const { steps, result } = runFlow(cardReadFlow({ timing: TIMING, now: rig.now }), rig.answer);
    expect(steps.filter((s) => s.kind === 'device' && s.op.op === 'readVariant')).toHaveLength(24);
    expect(result).toMatchObject({
      ok: false,
      code: 'MAX_RETRIES_REACHED',
      params: { maxRetries: CARD_READ_MAX_RETRIES },
      data: { uid: CARD.uid, lastError: 'AUTH_FAILED' },
    });
    expect(stepNames(steps)).not.toContain('device:beep');
  });

  it('stops the schedule at once when the reader is gone, and a read without data is READ_DATA_FAILED', () => {
    const gone = reader((step) =>
      step.op.op === 'readVariant' ? fail('DEVICE_NOT_FOUND', 'unplugged') : undefined,
    );
    const read = runFlow(cardReadFlow({ timing: TIMING, now: gone.now }), gone.answer);
    expect(read.result).toMatchObject({ ok: false, code: 'DEVICE_NOT_FOUND', data: { uid: CARD.uid } });
    expect(read.steps.filter((s) => s.kind === 'device' && s.op.op === 'readVariant')).toHaveLength(1);
    const empty = reader((step) => (step.op.op === 'readVariant' ? cardOpDone() : undefined));
    expect(runFlow(cardReadFlow({ timing: TIMING, now: empty.now }), empty.answer).result).toMatchObject({
      code: 'MAX_RETRIES_REACHED',
      data: { lastError: 'READ_DATA_FAILED' },
    });
  });

  it('a failed start is the reader’s own failure, or startFailure (a device status refusal goes on)', () => {
    const unplugged = reader((step) => (step.op.op === 'led' ? fail('DEVICE_NOT_FOUND', 'gone') : undefined));
    expect(
      runFlow(cardReadFlow({ timing: TIMING, now: unplugged.now }), unplugged.answer).result,
    ).toMatchObject({
      code: 'DEVICE_NOT_FOUND',
    });
    expect(
      runFlow(
        cardReadFlow({ timing: TIMING, now: unplugged.now, startFailure: 'READER_START_FAILED' }),
        unplugged.answer,
      ).result,
    ).toMatchObject({ ok: false, code: 'READER_START_FAILED' });
    let leds = 0;
    const refused = reader((step) =>
      step.op.op === 'led' && ++leds === 1 ? { ...fail('OPERATION_FAILED', 'status'), status: 1 } : undefined,
    );
    expect(
      runFlow(
        cardReadFlow({ timing: TIMING, now: refused.now, startFailure: 'READER_START_FAILED' }),
        refused.answer,
      ).result.ok,
    ).toBe(true);
  });

  it('a failed red LED ends the read with its failure', () => {
    let leds = 0;
    const rig = reader((step) =>
      step.op.op === 'led' && ++leds === 2 ? fail('DEVICE_NOT_RESPONDING', 'late') : undefined,
    );
    expect(runFlow(cardReadFlow({ timing: TIMING, now: rig.now }), rig.answer).result).toMatchObject({
      code: 'DEVICE_NOT_RESPONDING',
    });
  });

  it.each([
    ['the LED wait', (s: CardOpStep) => s.kind === 'wait' && s.ms === 600],
    ['the poll', (s: CardOpStep) => s.kind === 'device' && s.op.op === 'findCard'],
    ['the wait before the read', (s: CardOpStep) => s.kind === 'wait' && s.ms === 1_000],
    ['the read', (s: CardOpStep) => s.kind === 'device' && s.op.op === 'readVariant'],
  ])('cancelled at %s: READ_CARD_CANCELLED, no beep', (_at, at) => {
    const rig = reader();
    const { steps, result } = runFlow(cardReadFlow({ timing: TIMING, now: rig.now }), (step) =>
      at(step) ? cardOpCancelled() : rig.answer(step),
    );
    expect(result).toMatchObject({ ok: false, code: 'READ_CARD_CANCELLED' });
    expect(stepNames(steps)).not.toContain('device:beep');
  });

  it('cancelled after the last read (the wait of 0 ms): no beep; a driver’s precise reason wins', () => {
    const rig = reader();
    let waitsOfZero = 0;
    const { steps, result } = runFlow(cardReadFlow({ timing: TIMING, now: rig.now }), (step) =>
      step.kind === 'wait' && step.ms === 0 && ++waitsOfZero === 2
        ? cardOpCancelled('CARD_READ_CANCELLED')
        : rig.answer(step),
    );
    expect(result).toMatchObject({ ok: false, code: 'CARD_READ_CANCELLED' });
    expect(stepNames(steps)).not.toContain('device:beep');
  });

  it('passes a failure’s cause (the driver’s own error) through untouched', () => {
    const cause = new Error('the reader said so');
    const rig = reader((step) =>
      step.op.op === 'led' ? { ...fail('API_CALL_FAILED', 'x'), cause } : undefined,
    );
    const { result } = runFlow(cardReadFlow({ timing: TIMING, now: rig.now }), rig.answer);
    expect(!result.ok && result.cause).toBe(cause);
  });
});

describe('commandsOfOp', () => {
  it('gives the encoder commands of an operation; a later read attempt finds the card first', () => {
    expect(commandsOfOp({ op: 'findCard' })).toEqual({ ok: true, value: [{ name: 'findCard' }] });
    const read = commandsOfOp({
      op: 'readVariant',
      variant: 'blockKeyB',
      block: 54,
      key: 'FFFFFFFFFFFF',
      findFirst: true,
    });
    expect(read.ok && read.value.map((c) => c.name)).toEqual(['findCard', 'authenticate', 'readBlock']);
    expect(read.ok && read.value[1]).toMatchObject({ keyType: 'B', block: 54 });
    expect(
      commandsOfOp({ op: 'writeBlock', block: 4, key: 'ffffffffffff', keyType: 'A', data: 'ab'.repeat(16) }),
    ).toEqual({
      ok: true,
      value: [
        { name: 'authenticate', block: 4, keyType: 'A', key: 'FFFFFFFFFFFF' },
        { name: 'writeBlock', block: 4, data: 'AB'.repeat(16) },
      ],
    });
    expect(commandsOfOp({ op: 'readSector', sector: 3, key: 'FFFFFFFFFFFF', pauseMs: 100 })).toEqual({
      ok: true,
      value: [{ name: 'readSector', sector: 3, blockIndex: 0, keyType: 'A', key: 'FFFFFFFFFFFF' }],
    });
    expect(commandsOfOp({ op: 'fingerTemplate', chunk: 2 })).toEqual({
      ok: true,
      value: [{ name: 'fingerTemplate', chunk: 2 }],
    });
  });

  it('returns a bad key as a failure, never throws', () => {
    const bad = commandsOfOp({
      op: 'readVariant',
      variant: 'blockKeyA',
      block: 54,
      key: 'nope',
      findFirst: false,
    });
    expect(bad.ok).toBe(false);
  });
});
