import { FINGER_TEMPLATE_CHUNK_BYTES, type FingerStep } from '../frame-tables.js';
import { fail, ok } from '../result.js';
import { type CardOpFailure, type CardOpFlow, cancelledAs, device, isCancelled, wait } from './steps.js';

export interface FingerEnrolOptions {
  /** How often the sensor's step is polled (200 ms). */
  pollMs: number;
  /** How long it waits for the finger (both presses). */
  timeoutMs: number;
  /** The clock (ms) for that wait. */
  now: () => number;
}

/** An enrolled finger: the template (hex, cut to its length), its quality and size. */
export interface FingerEnrolOutcome {
  template: string;
  quality: number;
  bytes: number;
}

/**
 * Fingerprint enrolment on the encoder's sensor (WIRE.md 'Fingerprint enrolment'): start it, poll the step every
 * `pollMs` and tell each new step (`press`, `pressAgain`, `captured`), then read the template chunk by chunk and
 * let the sensor forget it. Cancelled: FINGER_ENROLL_CANCELLED; no finger within `timeoutMs`: FINGER_TIMEOUT.
 * Whatever ends it once started, the sensor is told to stop waiting for a finger.
 */
export function* fingerEnrolFlow(options: FingerEnrolOptions): CardOpFlow<FingerEnrolOutcome> {
  const start = yield device({ op: 'fingerEnroll' });
  if (start && !start.ok) return isCancelled(start) ? cancelledAs(start, 'FINGER_ENROLL_CANCELLED') : start;
  const result = yield* enrolStarted(options);
  // Cancelled, timed out or failed part-way: the sensor must stop waiting for a finger (read: it forgets it).
  yield device({ op: 'fingerCancel' }, true);
  return result;
}

function* enrolStarted(options: FingerEnrolOptions): CardOpFlow<FingerEnrolOutcome> {
  const stop = (failure: CardOpFailure) =>
    isCancelled(failure) ? cancelledAs(failure, 'FINGER_ENROLL_CANCELLED') : failure;
  yield { kind: 'fingerStep', step: 'press' };
  const deadline = options.now() + options.timeoutMs;
  const sensor: { step: FingerStep; quality: number; templateBytes: number } = {
    step: 'press',
    quality: 0,
    templateBytes: 0,
  };
  while (sensor.step !== 'captured') {
    if (options.now() + options.pollMs > deadline) return fail('FINGER_TIMEOUT', 'no finger in time');
    const paused = yield wait(options.pollMs);
    // Whatever cancelled it (the caller's cancel, a newer call, the connection closing), this is the answer.
    if (isCancelled(paused)) return fail('FINGER_ENROLL_CANCELLED', 'cancelled');
    const polled = yield device({ op: 'fingerPoll' });
    if (polled && !polled.ok) return stop(polled);
    const finger = polled?.value.finger;
    if (!finger) return fail('FINGER_ENROLL_FAILED', 'no step', { message: 'no step' });
    if (finger.step !== sensor.step) {
      // Both presses between two polls: the second step is still told.
      if (sensor.step === 'press' && finger.step === 'captured')
        yield { kind: 'fingerStep', step: 'pressAgain' };
      Object.assign(sensor, finger);
      yield { kind: 'fingerStep', step: finger.step };
    }
  }
  const { quality, templateBytes } = sensor;
  const chunks = Math.ceil(templateBytes / FINGER_TEMPLATE_CHUNK_BYTES);
  if (chunks === 0 || chunks > 0xff) {
    const message = `template of ${templateBytes} bytes`;
    return fail('FINGER_ENROLL_FAILED', message, { message });
  }
  let hex = '';
  for (let chunk = 0; chunk < chunks; chunk++) {
    const answer = yield device({ op: 'fingerTemplate', chunk });
    if (answer && !answer.ok) return stop(answer);
    const got = answer?.value.chunk;
    if (!got || got.chunk !== chunk) {
      const message = `chunk ${chunk} missing`;
      return fail('FINGER_ENROLL_FAILED', message, { message });
    }
    hex += got.data;
  }
  return ok({ template: hex.slice(0, templateBytes * 2), quality, bytes: templateBytes });
}
