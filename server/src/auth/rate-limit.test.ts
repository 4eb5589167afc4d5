import { describe, expect, it } from 'vitest';
import { CallRateLimit } from './rate-limit.js';

describe('CallRateLimit', () => {
  it('allows the limit per minute per key, then refuses until the window slides on', () => {
    let now = 10 * 60_000 + 30_000;
    const limit = new CallRateLimit(5, () => now);
    const five = Array.from({ length: 5 }, () => limit.take('a'));
    expect(five).toEqual([true, true, true, true, true]);
    expect(limit.take('a')).toBe(false);
    expect(limit.take('b')).toBe(true);
    // At 11:00 the calls of 10:30 are still inside the last minute.
    now += 30_000;
    expect(limit.take('a')).toBe(false);
    // At 11:30 the previous bucket weighs half: 5 × 0.5 = 2.5, so three more calls fit.
    now += 30_000;
    expect([limit.take('a'), limit.take('a'), limit.take('a'), limit.take('a')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    // Two minutes on, nothing of the old calls is left.
    now += 120_000;
    expect(Array.from({ length: 5 }, () => limit.take('a')).every(Boolean)).toBe(true);
  });

  it('scales the budget by a share', () => {
    const limit = new CallRateLimit(2, () => 0);
    expect([1, 2, 3, 4, 5, 6, 7].map(() => limit.take('ip', 3))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
