import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('password hashing (scrypt)', () => {
  it('salts every hash and verifies only the right password', async () => {
    const a = await hashPassword('demo1234', 1024);
    const b = await hashPassword('demo1234', 1024);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo1235', a)).toBe(false);
  });

  it('uses N = 2^15 by default', async () => {
    const hash = await hashPassword('secret-pass');
    expect(hash.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('secret-pass', hash)).toBe(true);
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    for (const bad of [
      '',
      'plain',
      'scrypt$x$8$1$a$b',
      'scrypt$1024$8$1$c2FsdA==$c2hvcnQ=',
      'bcrypt$1$2$3$4$5',
    ]) {
      expect(await verifyPassword('demo1234', bad)).toBe(false);
    }
  });
});
