import { describe, expect, it } from 'vitest';
import { lockSecretOf } from './auth.js';

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
