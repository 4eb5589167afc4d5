// Proxmark3 emulator dumps (.eml): one block per line, 32 hex characters, block 0 first; 64 lines (1K) or 256 (4K).
// Blank lines (a trailing newline, CRLF) are tolerated; '-' for unknown bytes is not part of the format.
import type { MifareCard } from '../mifare.js';
import { ok, type Result } from '../result.js';
import {
  DEFAULT_TEXT_LAYOUT,
  type DumpTextLayout,
  firstNonHex,
  fromHex,
  joinLines,
  malformed,
  showChar,
  splitLines,
  toHex,
} from './text.js';

const HEX_BLOCK = /^[0-9a-fA-F]{32}$/;

/** Reads a Proxmark3 .eml dump. */
export function parseEml(text: string): Result<MifareCard> {
  const blocks: Uint8Array[] = [];
  const lines = splitLines(text);
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] ?? '').trim();
    if (line === '') continue;
    const where = `line ${index + 1} (block ${blocks.length})`;
    if (blocks.length >= 256) return malformed(`${where}: more than 256 blocks`);
    const bytes = HEX_BLOCK.test(line) ? fromHex(line) : undefined;
    if (bytes !== undefined) {
      blocks.push(bytes);
      continue;
    }
    const bad = firstNonHex(line);
    if (bad !== undefined) {
      return malformed(`${where}: ${showChar(bad.char)} at column ${bad.column} is not a hex digit`);
    }
    return malformed(`${where}: expected 32 hex characters, found ${line.length}`);
  }
  if (blocks.length !== 64 && blocks.length !== 256) {
    return malformed(`found ${blocks.length} blocks; an .eml dump holds 64 (1K) or 256 (4K)`);
  }
  return ok({ size: blocks.length === 64 ? '1K' : '4K', blocks });
}

/**
 * Writes a Proxmark3 .eml dump in a layout (by default upper-case hex, LF line ends, a final newline); unknown bytes
 * are written as stored (00).
 */
export function formatEml(card: MifareCard, layout: DumpTextLayout = DEFAULT_TEXT_LAYOUT): Result<string> {
  return ok(joinLines(card.blocks.map(toHex), layout));
}
