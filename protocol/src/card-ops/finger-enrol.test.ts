import { describe, expect, it } from 'vitest';
import type { FingerStep } from '../frame-tables.js';
import { fail } from '../result.js';
import { fingerEnrolFlow } from './finger-enrol.js';
import { type CardOpAnswer, type CardOpStep, cardOpCancelled, cardOpDone } from './steps.js';
import { runFlow, stepNames } from './testing.js';

/** A sensor whose polls give `steps` in turn (the last one repeats), with a 40-byte template in two chunks. */
function sensor(
  steps: FingerStep[],
  change: (step: CardOpStep) => CardOpAnswer | undefined = () => undefined,
) {
  const clock = { now: 0 };
  let polls = 0;
  const answer = (step: CardOpStep): CardOpAnswer | undefined => {
    if (step.kind === 'wait') clock.now += step.ms;
    const changed = change(step);
    if (changed) return changed;
    if (step.kind !== 'device') return undefined;
    if (step.op.op === 'fingerPoll') {
      const at = steps[Math.min(polls++, steps.length - 1)] ?? 'press';
      return cardOpDone({ finger: { step: at, quality: 87, templateBytes: 40 } });
    }
    if (step.op.op === 'fingerTemplate')
      return cardOpDone({ chunk: { chunk: step.op.chunk, data: (step.op.chunk ? 'BB' : 'AA').repeat(32) } });
    return cardOpDone();
  };
  return { answer, now: () => clock.now };
}

const OPTIONS = { pollMs: 200, timeoutMs: 60_000 };

describe('fingerEnrolFlow (WIRE.md fingerprint enrolment)', () => {
  it('starts, tells press / press again / captured as polled, reads the template in chunks and stops the sensor', () => {
    const rig = sensor(['press', 'pressAgain', 'pressAgain', 'captured']);
    const { steps, result } = runFlow(fingerEnrolFlow({ ...OPTIONS, now: rig.now }), rig.answer);
    expect(stepNames(steps)).toEqual([
      'device:fingerEnroll',
      'finger:press',
      'wait:200',
      'device:fingerPoll',
      'wait:200',
      'device:fingerPoll',
      'finger:pressAgain',
      'wait:200',
      'device:fingerPoll',
      'wait:200',
      'device:fingerPoll',
      'finger:captured',
      'device:fingerTemplate',
      'device:fingerTemplate',
      'device:fingerCancel',
    ]);
    expect(result).toEqual({
      ok: true,
      value: { template: 'AA'.repeat(32) + 'BB'.repeat(8), quality: 87, bytes: 40 },
    });
  });

  it('both presses between two polls: press again is still told', () => {
    const rig = sensor(['captured']);
    const { steps } = runFlow(fingerEnrolFlow({ ...OPTIONS, now: rig.now }), rig.answer);
    expect(stepNames(steps).filter((s) => s.startsWith('finger:'))).toEqual([
      'finger:press',
      'finger:pressAgain',
      'finger:captured',
    ]);
  });

  it('no finger in time: FINGER_TIMEOUT, and the sensor is stopped', () => {
    const rig = sensor(['press']);
    const { steps, result } = runFlow(
      fingerEnrolFlow({ ...OPTIONS, timeoutMs: 1_000, now: rig.now }),
      rig.answer,
    );
    expect(result).toMatchObject({ ok: false, code: 'FINGER_TIMEOUT' });
    expect(stepNames(steps).filter((s) => s === 'device:fingerPoll')).toHaveLength(5);
    expect(stepNames(steps).at(-1)).toBe('device:fingerCancel');
  });

  it('cancelled while waiting for the finger: FINGER_ENROLL_CANCELLED, whatever the reason, and the sensor stops', () => {
    const rig = sensor(['press'], (step) =>
      step.kind === 'wait' ? cardOpCancelled('OPERATION_CANCELLED') : undefined,
    );
    const { steps, result } = runFlow(fingerEnrolFlow({ ...OPTIONS, now: rig.now }), rig.answer);
    expect(result).toMatchObject({ ok: false, code: 'FINGER_ENROLL_CANCELLED' });
    expect(stepNames(steps).at(-1)).toBe('device:fingerCancel');
  });

  it('a start the device refuses ends it without stopping a sensor that never started', () => {
    const rig = sensor(['press'], (step) =>
      step.kind === 'device' && step.op.op === 'fingerEnroll'
        ? { ...fail('FINGER_ENROLL_FAILED', 'x'), status: 3 }
        : undefined,
    );
    const { steps, result } = runFlow(fingerEnrolFlow({ ...OPTIONS, now: rig.now }), rig.answer);
    expect(result).toMatchObject({ ok: false, code: 'FINGER_ENROLL_FAILED', status: 3 });
    expect(stepNames(steps)).toEqual(['device:fingerEnroll']);
  });

  it('a poll without a step, a failed poll or a missing chunk ends it as FINGER_ENROLL_FAILED or the failure', () => {
    const noStep = sensor(['press'], (step) =>
      step.kind === 'device' && step.op.op === 'fingerPoll' ? cardOpDone() : undefined,
    );
    expect(runFlow(fingerEnrolFlow({ ...OPTIONS, now: noStep.now }), noStep.answer).result).toMatchObject({
      code: 'FINGER_ENROLL_FAILED',
      params: { message: 'no step' },
    });
    const gone = sensor(['press'], (step) =>
      step.kind === 'device' && step.op.op === 'fingerPoll' ? fail('DEVICE_NOT_FOUND', 'x') : undefined,
    );
    const failed = runFlow(fingerEnrolFlow({ ...OPTIONS, now: gone.now }), gone.answer);
    expect(failed.result).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    expect(stepNames(failed.steps).at(-1)).toBe('device:fingerCancel');
    const missing = sensor(['captured'], (step) =>
      step.kind === 'device' && step.op.op === 'fingerTemplate' && step.op.chunk === 1
        ? cardOpDone({ chunk: { chunk: 0, data: '' } })
        : undefined,
    );
    expect(runFlow(fingerEnrolFlow({ ...OPTIONS, now: missing.now }), missing.answer).result).toMatchObject({
      code: 'FINGER_ENROLL_FAILED',
      params: { message: 'chunk 1 missing' },
    });
  });

  it('a template of no bytes is FINGER_ENROLL_FAILED', () => {
    const rig = sensor(['captured'], (step) =>
      step.kind === 'device' && step.op.op === 'fingerPoll'
        ? cardOpDone({ finger: { step: 'captured', quality: 1, templateBytes: 0 } })
        : undefined,
    );
    expect(runFlow(fingerEnrolFlow({ ...OPTIONS, now: rig.now }), rig.answer).result).toMatchObject({
      code: 'FINGER_ENROLL_FAILED',
      params: { message: 'template of 0 bytes' },
    });
  });
});
