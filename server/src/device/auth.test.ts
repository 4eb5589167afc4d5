import { describe, expect, it } from 'vitest';
import { FailedLockAuth, lockSecretOf } from './auth.js';

describe('lockSecretOf', () => {
  it('reads the secret of a Lock authorization header only', () => {
    expect(lockSecretOf('Lock lds_1_abc')).toBe('lds_1_abc');
    expect(lockSecretOf('lock   lds_1_abc ')).toBe('lds_1_abc');
    expect(lockSecretOf(['Lock lds_2_x', 'Lock lds_3_y'])).toBe('lds_2_x');
    expect(lockSecretOf('Bearer lds_1_abc')).toBeUndefined();
    expect(lockSecretOf('Lock')).toBeUndefined();
    expect(lockSecretOf('Lock a b')).toBeUndefined();
    expect(lockSecretOf(undefined)).toBeUndefined();
  });
});

describe('FailedLockAuth', () => {
  it('blocks an address after its budget of failures in a minute, and lets it try again the next minute', () => {
    let now = 120_000;
    const failures = new FailedLockAuth(3, () => now);
    for (let i = 0; i < 3; i++) {
      expect(failures.blocked('10.0.0.1')).toBe(false);
      failures.fail('10.0.0.1');
    }
    expect(failures.blocked('10.0.0.1')).toBe(true);
    // Another address has its own budget.
    expect(failures.blocked('10.0.0.2')).toBe(false);
    now += 60_000;
    expect(failures.blocked('10.0.0.1')).toBe(false);
    failures.fail('10.0.0.1');
    expect(failures.blocked('10.0.0.1')).toBe(false);
  });
});
