import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, byteToHex, hexToBytes, isHex, utf8Decode, utf8Encode } from './hex.js';

describe('hexToBytes', () => {
  it('reads upper and lower case pairs', () => {
    expect(hexToBytes('00ff7Fa5')).toEqual({ ok: true, value: Uint8Array.from([0x00, 0xff, 0x7f, 0xa5]) });
    expect(hexToBytes('')).toEqual({ ok: true, value: new Uint8Array(0) });
  });

  it.each([
    ['odd length', 'ABC'],
    ['a non-hex digit', 'AG'],
    ['spaces', 'A5 04'],
    ['a 0x prefix', '0xA5'],
    ['a non-ASCII digit', 'A５'],
  ])('refuses %s with HEX_INVALID', (_what, text) => {
    const result = hexToBytes(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe('HEX_INVALID');
  });

  it('refuses a value that is not text', () => {
    expect(hexToBytes(42)).toMatchObject({ ok: false, code: 'HEX_INVALID' });
  });

  it('round-trips any bytes through bytesToHex', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const hex = bytesToHex(bytes);
        expect(hex).toMatch(/^(?:[0-9A-F]{2})*$/);
        expect(hexToBytes(hex)).toEqual({ ok: true, value: bytes });
        expect(hexToBytes(hex.toLowerCase())).toEqual({ ok: true, value: bytes });
      }),
    );
  });
});

describe('bytesToHex', () => {
  it('writes uppercase, optionally a range', () => {
    const bytes = Uint8Array.from([0x0a, 0xbc, 0xde, 0xf0]);
    expect(bytesToHex(bytes)).toBe('0ABCDEF0');
    expect(bytesToHex(bytes, 1, 3)).toBe('BCDE');
    expect(byteToHex(7)).toBe('07');
    expect(byteToHex(0x1ff)).toBe('FF');
  });
});

describe('isHex', () => {
  it('accepts whole bytes of hex only', () => {
    expect(isHex('A5c3')).toBe(true);
    expect(isHex('A5c')).toBe(false);
    expect(isHex('zz')).toBe(false);
    expect(isHex(undefined)).toBe(false);
  });
});

describe('UTF-8', () => {
  it('encodes as TextEncoder does, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(utf8Encode(text)).toEqual(new TextEncoder().encode(text));
      }),
    );
  });

  it('decodes what it encodes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(utf8Decode(utf8Encode(text))).toEqual({ ok: true, value: text });
      }),
    );
    expect(utf8Decode(Uint8Array.from([0xe6, 0x88, 0xbf, 0xf0, 0x9f, 0x94, 0x91]))).toEqual({
      ok: true,
      value: '房🔑',
    });
  });

  it('agrees with a fatal TextDecoder on any bytes', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
        let expected: string | undefined;
        try {
          expected = decoder.decode(bytes);
        } catch {
          expected = undefined;
        }
        const result = utf8Decode(bytes);
        if (expected === undefined) expect(result).toMatchObject({ ok: false, code: 'DATA_PARSE_FAILED' });
        else expect(result).toEqual({ ok: true, value: expected });
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['a stray continuation byte', [0x80]],
    ['a truncated sequence', [0xe6, 0x88]],
    ['an overlong form', [0xc0, 0xaf]],
    ['a surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ])('refuses %s with DATA_PARSE_FAILED', (_what, bytes) => {
    expect(utf8Decode(Uint8Array.from(bytes))).toMatchObject({ ok: false, code: 'DATA_PARSE_FAILED' });
  });
});
