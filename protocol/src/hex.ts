import { fail, ok, type Result } from './result.js';

/**
 * Strict hex and UTF-8 helpers. The protocol runs in the browser and in Node without `Buffer` or `TextEncoder`
 * types (tsconfig.build.json has no DOM or Node lib), so the conversions are written out here once.
 */

const HEX_DIGITS = '0123456789ABCDEF';

// Nibble value per char code, -1 for anything that is not a hex digit; a table keeps decoding branch-free.
const NIBBLES = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 16; i++) {
    table[HEX_DIGITS.charCodeAt(i)] = i;
    table[HEX_DIGITS.toLowerCase().charCodeAt(i)] = i;
  }
  return table;
})();

// Two-character strings per byte value, so encoding a frame is one lookup per byte.
const BYTE_HEX: readonly string[] = Array.from(
  { length: 256 },
  (_, b) => HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 15]!,
);

function nibble(code: number): number {
  return code < 128 ? NIBBLES[code]! : -1;
}

/** True when the text is an even number of hex digits (no spaces, no 0x prefix); the empty string counts. */
export function isHex(text: unknown): text is string {
  if (typeof text !== 'string' || text.length % 2 !== 0) return false;
  for (let i = 0; i < text.length; i++) if (nibble(text.charCodeAt(i)) < 0) return false;
  return true;
}

/** Parses strict hex (even length, [0-9a-fA-F] only) to bytes; anything else is HEX_INVALID. */
export function hexToBytes(hex: unknown): Result<Uint8Array> {
  if (typeof hex !== 'string') return fail('HEX_INVALID', 'hex data is not a string');
  if (hex.length % 2 !== 0) return fail('HEX_INVALID', `hex data has an odd length (${hex.length})`);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = nibble(hex.charCodeAt(2 * i));
    const low = nibble(hex.charCodeAt(2 * i + 1));
    if (high < 0 || low < 0) return fail('HEX_INVALID', `not a hex digit near position ${2 * i}`);
    bytes[i] = (high << 4) | low;
  }
  return ok(bytes);
}

/** Writes bytes (optionally the range [start, end)) as uppercase hex without separators. */
export function bytesToHex(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let out = '';
  for (let i = start; i < end; i++) out += BYTE_HEX[bytes[i]!]!;
  return out;
}

/** Writes a byte value as two uppercase hex digits (the form of status codes in messages). */
export function byteToHex(value: number): string {
  return BYTE_HEX[value & 0xff]!;
}

/** Encodes a string as UTF-8 bytes; a lone surrogate becomes U+FFFD, as TextEncoder does. */
export function utf8Encode(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        code = 0xfffd;
      }
    }
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      out.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return Uint8Array.from(out);
}

/** Decodes UTF-8 bytes strictly: overlong forms, surrogates and truncated sequences are DATA_PARSE_FAILED. */
export function utf8Decode(bytes: Uint8Array): Result<string> {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const first = bytes[i]!;
    let code: number;
    let extra: number;
    let min: number;
    if (first < 0x80) {
      code = first;
      extra = 0;
      min = 0;
    } else if (first >= 0xc2 && first <= 0xdf) {
      code = first & 31;
      extra = 1;
      min = 0x80;
    } else if (first >= 0xe0 && first <= 0xef) {
      code = first & 15;
      extra = 2;
      min = 0x800;
    } else if (first >= 0xf0 && first <= 0xf4) {
      code = first & 7;
      extra = 3;
      min = 0x10000;
    } else {
      return fail('DATA_PARSE_FAILED', `invalid UTF-8 lead byte at ${i}`);
    }
    if (i + extra >= bytes.length) return fail('DATA_PARSE_FAILED', `truncated UTF-8 sequence at ${i}`);
    for (let k = 1; k <= extra; k++) {
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) return fail('DATA_PARSE_FAILED', `invalid UTF-8 continuation at ${i + k}`);
      code = (code << 6) | (next & 63);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
      return fail('DATA_PARSE_FAILED', `invalid UTF-8 code point at ${i}`);
    out += String.fromCodePoint(code);
    i += extra + 1;
  }
  return ok(out);
}
