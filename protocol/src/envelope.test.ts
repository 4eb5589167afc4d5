import { createCipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ENVELOPE_KEYS,
  decryptEnvelope,
  decryptText,
  encryptEnvelope,
  encryptText,
} from './envelope.js';

interface Vector {
  key_utf8: string;
  iv_utf8: string;
  plaintext_utf8: string;
  ciphertext_base64: string;
}
const vectors: Vector[] = JSON.parse(
  readFileSync(new URL('./fixtures/reference/des-cbc-vectors.json', import.meta.url), 'utf8'),
).cases;

/** Node's OpenSSL 3 lacks des-cbc without the legacy provider; 3DES with K|K|K is the same cipher. */
function nodeDes(plain: string, key: string, iv: string): string {
  const k = Buffer.from(key, 'utf8');
  const c = createCipheriv('des-ede3-cbc', Buffer.concat([k, k, k]), Buffer.from(iv, 'utf8'));
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
}

describe('DES envelope against the OpenSSL reference vectors', () => {
  it('has the reference vectors', () => expect(vectors.length).toBeGreaterThanOrEqual(5));
  for (const [i, v] of vectors.entries()) {
    const keys = { key: v.key_utf8, iv: v.iv_utf8 };
    it(`vector ${i}: encrypts to the OpenSSL bytes`, () => {
      expect(encryptText(v.plaintext_utf8, keys)).toEqual({ ok: true, value: v.ciphertext_base64 });
    });
    it(`vector ${i}: decrypts the OpenSSL bytes`, () => {
      expect(decryptText(v.ciphertext_base64, keys)).toEqual({ ok: true, value: v.plaintext_utf8 });
    });
    it(`vector ${i}: agrees with Node des-ede3-cbc with the key three times`, () => {
      expect(nodeDes(v.plaintext_utf8, v.key_utf8, v.iv_utf8)).toBe(v.ciphertext_base64);
    });
  }
});

describe('envelope of JSON values', () => {
  it('round-trips a request object with the default keys', () => {
    const body = { action: 'manage', uid: 7, mobile: '13800138000', nickname: '张三 🏨' };
    const enc = encryptEnvelope(body);
    expect(enc.ok).toBe(true);
    if (!enc.ok) return;
    expect(decryptEnvelope(enc.value)).toEqual({ ok: true, value: body });
  });

  it('matches Node for random texts and the default keys', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => {
        const enc = encryptText(s);
        return (
          enc.ok &&
          enc.value === nodeDes(s, DEFAULT_ENVELOPE_KEYS.key, DEFAULT_ENVELOPE_KEYS.iv) &&
          decryptText(enc.value).ok
        );
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['empty', ''],
    ['not base64', 'not*base64!'],
    ['not a block multiple', 'QUJD'],
    ['garbage block', 'AAAAAAAAAAA='],
  ])('refuses %s with DATA_PARSE_FAILED', (_name, input) => {
    const r = decryptEnvelope(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('DATA_PARSE_FAILED');
  });

  it('refuses ciphertext made with another key', () => {
    const enc = encryptEnvelope({ a: 1 }, { key: 'otherkey', iv: '12345678' });
    expect(enc.ok).toBe(true);
    if (!enc.ok) return;
    const r = decryptEnvelope(enc.value);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('DATA_PARSE_FAILED');
  });

  it('refuses a decrypted text that is not JSON', () => {
    const enc = encryptText('not json {');
    expect(enc.ok).toBe(true);
    if (!enc.ok) return;
    const r = decryptEnvelope(enc.value);
    expect(r).toMatchObject({ ok: false, code: 'DATA_PARSE_FAILED' });
  });

  it('refuses keys that are not 8 bytes', () => {
    expect(encryptText('x', { key: 'short', iv: '12345678' })).toMatchObject({ ok: false });
    expect(decryptText('WCm8Y3ZhCYk=', { key: '12345678', iv: 'ü234567' })).toMatchObject({ ok: false });
    for (const keys of [null, {}, { key: 12345678, iv: '12345678' }, { key: '12345678', iv: undefined }]) {
      const bad = keys as unknown as { key: string; iv: string };
      expect(encryptText('x', bad)).toMatchObject({ ok: false, code: 'DATA_PARSE_FAILED' });
      expect(decryptText('WCm8Y3ZhCYk=', bad)).toMatchObject({ ok: false, code: 'DATA_PARSE_FAILED' });
    }
    expect(encryptText(42 as unknown as string)).toMatchObject({ ok: false, code: 'DATA_PARSE_FAILED' });
  });

  it('encrypts a lone surrogate as U+FFFD, as Node does, instead of throwing', () => {
    for (const text of ['\uD800', 'a\uDC00b', 'room \uD83D']) {
      const enc = encryptText(text);
      expect(enc).toEqual({
        ok: true,
        value: nodeDes(text, DEFAULT_ENVELOPE_KEYS.key, DEFAULT_ENVELOPE_KEYS.iv),
      });
      if (enc.ok)
        expect(decryptText(enc.value)).toEqual({
          ok: true,
          value: text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'),
        });
    }
  });

  it('never throws on arbitrary strings, in either direction', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const decrypted = decryptEnvelope(s);
        const encrypted = encryptText(s);
        return (decrypted.ok || decrypted.code === 'DATA_PARSE_FAILED') && encrypted.ok;
      }),
      { numRuns: 2000 },
    );
  });
});
