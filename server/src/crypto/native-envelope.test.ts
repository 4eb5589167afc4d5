import { readFileSync } from 'node:fs';
import { decryptEnvelope, encryptEnvelope, encryptText } from '@lockdesk/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nativeEnvelope } from './native-envelope.js';

const vectors: { key_utf8: string; iv_utf8: string; plaintext_utf8: string; ciphertext_base64: string }[] =
  JSON.parse(
    readFileSync(
      new URL('../../../protocol/src/fixtures/reference/des-cbc-vectors.json', import.meta.url),
      'utf8',
    ),
  ).cases;

describe('native envelope', () => {
  it('decrypts every OpenSSL reference vector that holds JSON to the same value', () => {
    let checked = 0;
    for (const v of vectors) {
      const env = nativeEnvelope({ key: v.key_utf8, iv: v.iv_utf8 });
      let expected: unknown;
      try {
        expected = JSON.parse(v.plaintext_utf8);
      } catch {
        expect(env.decrypt(v.ciphertext_base64)).toMatchObject({ ok: false, code: 'DATA_PARSE_FAILED' });
        continue;
      }
      expect(env.decrypt(v.ciphertext_base64)).toEqual({ ok: true, value: expected });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('produces the bytes of the crypto-js envelope, and each side opens the other', () => {
    const keys = { key: 'k3y!K3Y?', iv: 'iv-vec-1' };
    const env = nativeEnvelope(keys);
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const mine = env.encrypt(value);
        const theirs = encryptEnvelope(value, keys);
        if (!mine.ok || !theirs.ok) return false;
        expect(mine.value).toBe(theirs.value);
        expect(decryptEnvelope(mine.value, keys)).toEqual(env.decrypt(theirs.value));
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what the crypto-js envelope refuses', () => {
    const keys = { key: '12345678', iv: 'abcdefgh' };
    const env = nativeEnvelope(keys);
    const notJson = encryptText('not json {', keys);
    const otherKey = encryptEnvelope({ a: 1 }, { key: 'otherkey', iv: 'abcdefgh' });
    const inputs: unknown[] = [
      '',
      'not*base64!',
      'QUJD',
      'AAAAAAAAAAA=',
      42,
      null,
      notJson.ok ? notJson.value : '',
      otherKey.ok ? otherKey.value : '',
    ];
    for (const input of inputs) {
      expect(env.decrypt(input)).toMatchObject({ ok: false, code: 'DATA_PARSE_FAILED' });
      if (typeof input === 'string') expect(decryptEnvelope(input, keys).ok).toBe(false);
    }
  });

  it('never throws and agrees with crypto-js on random strings', () => {
    const keys = { key: '12345678', iv: 'abcdefgh' };
    const env = nativeEnvelope(keys);
    fc.assert(
      fc.property(fc.string(), (s) => env.decrypt(s).ok === decryptEnvelope(s, keys).ok),
      { numRuns: 3000 },
    );
  });

  it('refuses keys that are not 8 bytes', () => {
    expect(() => nativeEnvelope({ key: 'short', iv: '12345678' })).toThrow(/8 UTF-8 bytes/);
  });
});
