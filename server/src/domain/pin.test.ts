import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generatePin, hashPin, isPin, matchesAny, PIN_FORM, PIN_ITERATIONS, verifyPin } from './pin.js';

describe('PIN passwords', () => {
  it('draws six digits, leading zeros kept', () => {
    const drawn = Array.from({ length: 200 }, generatePin);
    expect(drawn.every(isPin)).toBe(true);
    // 200 draws from a million: a repeat would point at a broken generator.
    expect(new Set(drawn).size).toBeGreaterThan(195);
  });

  it('takes exactly six ASCII digits', () => {
    expect(['123456', '000000'].map(isPin)).toEqual([true, true]);
    expect(['12345', '1234567', '12a456', '١٢٣٤٥٦', ' 123456', ''].map(isPin)).toEqual(Array(6).fill(false));
  });

  it('stores a salted PBKDF2-HMAC-SHA256 form that verifies the PIN and nothing else', async () => {
    const stored = await hashPin('482913');
    expect(stored).not.toContain('482913');
    const [form, iterations, salt, key] = stored.split('$');
    expect(form).toBe(PIN_FORM);
    expect(Number(iterations)).toBe(PIN_ITERATIONS);
    // What a lock computes from the documented form (server/API.md §6).
    const expected = pbkdf2Sync('482913', Buffer.from(salt!, 'base64'), PIN_ITERATIONS, 32, 'sha256');
    expect(key).toBe(expected.toString('base64'));
    expect(await verifyPin('482913', stored)).toBe(true);
    expect(await verifyPin('482914', stored)).toBe(false);
  });

  it('salts each password: equal PINs never share a stored form', async () => {
    const [a, b] = await Promise.all([hashPin('111111', 10), hashPin('111111', 10)]);
    expect(a).not.toBe(b);
    expect(await matchesAny('111111', [a, b])).toBe(true);
    expect(await matchesAny('111112', [a, b])).toBe(false);
    expect(await matchesAny('111111', [])).toBe(false);
  });

  it('refuses malformed stored forms and non-PIN input', async () => {
    const good = await hashPin('123456', 10);
    const [, , salt, key] = good.split('$');
    for (const bad of [
      '',
      '123456',
      `scrypt$10$${salt}$${key}`,
      `${PIN_FORM}$0$${salt}$${key}`,
      `${PIN_FORM}$99999999$${salt}$${key}`,
      `${PIN_FORM}$10$$${key}`,
      `${PIN_FORM}$10$${salt}$AAAA`,
      `${PIN_FORM}$10$${salt}`,
    ]) {
      expect(await verifyPin('123456', bad)).toBe(false);
    }
    expect(await verifyPin('12345', good)).toBe(false);
    await expect(hashPin('12345')).rejects.toThrow();
  });
});
