// Helpers shared by the dump codecs: hex text, ASCII bytes and numbered lines. Private to dumps/.
import { type Failure, fail } from '../result.js';

/** Upper-case hex of bytes, no separators. */
export function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).toUpperCase().padStart(2, '0');
  return text;
}

const HEX_DIGIT = /^[0-9a-fA-F]$/;

/** The value of an ASCII hex digit already known to be one. */
function nibble(code: number): number {
  return code <= 0x39 ? code - 0x30 : (code | 0x20) - 0x57;
}

/** Bytes of an even-length hex string, or undefined when it is not hex. */
export function fromHex(text: string): Uint8Array | undefined {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) return undefined;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    bytes[i] = (nibble(text.charCodeAt(2 * i)) << 4) | nibble(text.charCodeAt(2 * i + 1));
  }
  return bytes;
}

/** The first character of a string that is not a hex digit, with its 1-based column. */
export function firstNonHex(text: string): { char: string; column: number } | undefined {
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (!HEX_DIGIT.test(char)) return { char, column: i + 1 };
  }
  return undefined;
}

/** A DUMP_MALFORMED failure whose detail says where and what. */
export function malformed(detail: string): Failure {
  return fail('DUMP_MALFORMED', detail, { message: detail });
}

/** Shows a character in a message; control and invisible characters as code points. */
export function showChar(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x21 || code > 0x7e ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${char}'`;
}

/** Bytes read as text: each byte one character (dumps are ASCII), a UTF-8 byte-order mark dropped. */
export function bytesToText(bytes: Uint8Array): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let text = '';
  const chunk = 8192;
  for (let offset = start; offset < bytes.length; offset += chunk) {
    text += String.fromCharCode(...bytes.subarray(offset, Math.min(offset + chunk, bytes.length)));
  }
  return text;
}

/**
 * How a text dump was written, beyond its content: an export of the same card with this layout gives the file back
 * byte for byte (for .eml; for MCT when it listed every sector with no unknown bytes).
 */
export interface DumpTextLayout {
  /** The line end: CRLF when the file's first line ended so. */
  lineEnding: '\n' | '\r\n';
  /** Whether the last line ended with a line end (the Proxmark3 client writes .eml without one). */
  finalNewline: boolean;
  /** The case of the hex digits: lower when the blocks had lower-case letters and no upper-case ones. */
  hexCase: 'upper' | 'lower';
  /** Whether the file began with a UTF-8 byte-order mark. */
  byteOrderMark: boolean;
}

/** The layout LockDesk writes when it is given none: upper-case hex, LF, a final newline, no byte-order mark. */
export const DEFAULT_TEXT_LAYOUT: Readonly<DumpTextLayout> = {
  lineEnding: '\n',
  finalNewline: true,
  hexCase: 'upper',
  byteOrderMark: false,
};

const BLOCK_LINE = /^[0-9a-fA-F-]{32}$/;

/** The layout of a text dump (the text with its byte-order mark, if it had one). */
export function textLayoutOf(text: string, byteOrderMark = text.charCodeAt(0) === 0xfeff): DumpTextLayout {
  const firstBreak = text.indexOf('\n');
  let upper = false;
  let lower = false;
  for (const line of splitLines(text)) {
    const block = line.trim();
    if (!BLOCK_LINE.test(block)) continue;
    upper ||= /[A-F]/.test(block);
    lower ||= /[a-f]/.test(block);
  }
  return {
    lineEnding: firstBreak > 0 && text.charAt(firstBreak - 1) === '\r' ? '\r\n' : '\n',
    finalNewline: text.endsWith('\n'),
    hexCase: lower && !upper ? 'lower' : 'upper',
    byteOrderMark,
  };
}

/** A layout as given by a caller, each part that is not one of its values replaced by the default's. */
export function checkedLayout(given: unknown): DumpTextLayout {
  if (typeof given !== 'object' || given === null) return { ...DEFAULT_TEXT_LAYOUT };
  const { lineEnding, finalNewline, hexCase, byteOrderMark } = given as Partial<Record<string, unknown>>;
  return {
    lineEnding: lineEnding === '\r\n' ? '\r\n' : '\n',
    finalNewline: typeof finalNewline === 'boolean' ? finalNewline : DEFAULT_TEXT_LAYOUT.finalNewline,
    hexCase: hexCase === 'lower' ? 'lower' : 'upper',
    byteOrderMark: byteOrderMark === true,
  };
}

/** Joins the lines of a text dump in a layout; `isBlock` says which lines hold hex (their case follows it). */
export function joinLines(
  lines: readonly string[],
  layout: DumpTextLayout,
  isBlock: (line: string) => boolean = () => true,
): string {
  const cased =
    layout.hexCase === 'lower' ? lines.map((line) => (isBlock(line) ? line.toLowerCase() : line)) : lines;
  const body = cased.join(layout.lineEnding) + (layout.finalNewline ? layout.lineEnding : '');
  return layout.byteOrderMark ? `\uFEFF${body}` : body;
}

/** Text split into lines (LF or CRLF), a leading byte-order mark dropped. */
export function splitLines(text: string): string[] {
  return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n/);
}

/** True when bytes look like a text dump (printable ASCII and line breaks only). */
export function looksLikeText(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    if (byte < 0x20 || byte > 0x7e) return false;
  }
  return true;
}

/**
 * A value named in a message: a string quoted and cut to 40 characters, anything else by its kind. Never
 * JSON.stringify of the value itself: a deeply nested one would overflow the stack, a long one flood the message.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}
