// MIFARE Classic Tool (Android) dumps, as its Common.isValidDump accepts them: a `+Sector: N` header (N 0–39) followed
// by the sector's 4 blocks (16 for 4K sectors 32–39), one per line, 32 characters of hex where `-` marks bytes MCT
// could not read (`------------` an unknown key, 32 dashes an unreadable block). A line starting with `*` right
// after a header ("No keys found or dead sector") stands for a sector that could not be read at all. Sectors may be
// missing; their blocks, like every `-` byte, are unknown in the model (unknownMask) and stored as 0x00.
import { BLOCK_SIZE, CARD_GEOMETRY, type CardSize, type MifareCard } from '../mifare.js';
import { ok, type Result } from '../result.js';
import {
  DEFAULT_TEXT_LAYOUT,
  type DumpTextLayout,
  fromHex,
  joinLines,
  malformed,
  showChar,
  splitLines,
  toHex,
} from './text.js';

const HEADER = /^\+Sector: ?(\d{1,2})$/;
const ALL_UNKNOWN = 0xffff;
const HEX_BLOCK = /^[0-9a-fA-F]{32}$/;

function sectorBlocks(sector: number): { first: number; count: number } {
  return sector < 32 ? { first: sector * 4, count: 4 } : { first: 128 + (sector - 32) * 16, count: 16 };
}

/** Reads one MCT block line into bytes and an unknown-byte mask. */
function parseBlockLine(line: string, where: string): Result<{ bytes: Uint8Array; mask: number }> {
  if (line.length !== BLOCK_SIZE * 2) {
    return malformed(`${where}: expected 32 hex characters or '-', found ${line.length}`);
  }
  const plain = HEX_BLOCK.test(line) ? fromHex(line) : undefined;
  if (plain !== undefined) return ok({ bytes: plain, mask: 0 });
  const bytes = new Uint8Array(BLOCK_SIZE);
  let mask = 0;
  for (let i = 0; i < BLOCK_SIZE; i++) {
    const pair = line.slice(2 * i, 2 * i + 2);
    if (pair === '--') {
      mask |= 1 << i;
      continue;
    }
    for (let k = 0; k < 2; k++) {
      const char = pair.charAt(k);
      if (!/^[0-9a-fA-F]$/.test(char)) {
        const what = char === '-' ? 'must cover a whole byte (two characters)' : 'is not a hex digit or -';
        return malformed(`${where}: ${showChar(char)} at column ${2 * i + k + 1} ${what}`);
      }
    }
    bytes[i] = Number.parseInt(pair, 16);
  }
  return ok({ bytes, mask });
}

/** Reads an MCT dump; the size is 4K when a sector above 15 appears, unless `size` says otherwise. */
export function parseMct(text: string, size?: CardSize): Result<MifareCard> {
  const lines = splitLines(text);
  const found = new Map<number, { blocks: Uint8Array[]; masks: number[] }>();
  let current:
    | { sector: number; blocks: Uint8Array[]; masks: number[]; count: number; headerLine: number }
    | undefined;
  const closeSector = (): Result<true> => {
    if (current !== undefined && current.blocks.length !== current.count) {
      return malformed(
        `sector ${current.sector} (line ${current.headerLine}): expected ${current.count} blocks, found ${current.blocks.length}`,
      );
    }
    current = undefined;
    return ok(true);
  };
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index] ?? '';
    const line = raw.trim();
    const lineNo = index + 1;
    if (line === '') continue;
    const header = HEADER.exec(line);
    if (header !== null) {
      const closed = closeSector();
      if (!closed.ok) return closed;
      const sector = Number(header[1]);
      if (sector > 39) return malformed(`line ${lineNo}: sector ${sector} is out of range (0-39)`);
      if (found.has(sector)) return malformed(`line ${lineNo}: sector ${sector} appears twice`);
      const { count } = sectorBlocks(sector);
      current = { sector, blocks: [], masks: [], count, headerLine: lineNo };
      found.set(sector, current);
      continue;
    }
    if (current === undefined) {
      return malformed(
        line.startsWith('+')
          ? `line ${lineNo}: '${line.slice(0, 20)}' is not a sector header '+Sector: N'`
          : `line ${lineNo}: a block before any '+Sector: N' header`,
      );
    }
    if (line.startsWith('*')) {
      if (current.blocks.length !== 0) {
        return malformed(`line ${lineNo}: a '*' note must follow the header of sector ${current.sector}`);
      }
      for (let i = 0; i < current.count; i++) {
        current.blocks.push(new Uint8Array(BLOCK_SIZE));
        current.masks.push(ALL_UNKNOWN);
      }
      continue;
    }
    const block = sectorBlocks(current.sector).first + current.blocks.length;
    if (current.blocks.length >= current.count) {
      return malformed(
        `line ${lineNo} (block ${block}): sector ${current.sector} has only ${current.count} blocks; expected a '+Sector: N' header`,
      );
    }
    const parsed = parseBlockLine(line, `line ${lineNo} (block ${block})`);
    if (!parsed.ok) return parsed;
    current.blocks.push(parsed.value.bytes);
    current.masks.push(parsed.value.mask);
  }
  const closed = closeSector();
  if (!closed.ok) return closed;
  if (found.size === 0) return malformed("no '+Sector: N' header found");
  const highest = Math.max(...found.keys());
  const cardSize: CardSize = size ?? (highest >= 16 ? '4K' : '1K');
  if (highest >= CARD_GEOMETRY[cardSize].sectors) {
    return malformed(`sector ${highest} does not exist on a ${cardSize} card`);
  }
  const count = CARD_GEOMETRY[cardSize].blocks;
  const blocks: Uint8Array[] = Array.from({ length: count }, () => new Uint8Array(BLOCK_SIZE));
  const unknownMask = new Array<number>(count).fill(ALL_UNKNOWN);
  for (const [sector, content] of found) {
    const { first } = sectorBlocks(sector);
    content.blocks.forEach((bytes, i) => {
      blocks[first + i] = bytes;
      unknownMask[first + i] = content.masks[i] ?? ALL_UNKNOWN;
    });
  }
  const card: MifareCard = { size: cardSize, blocks };
  if (unknownMask.some((mask) => mask !== 0)) card.unknownMask = unknownMask;
  return ok(card);
}

/**
 * Writes an MCT dump of every sector in a layout (by default upper-case hex, LF, a final newline); unknown bytes are
 * written as `--`.
 */
export function formatMct(card: MifareCard, layout: DumpTextLayout = DEFAULT_TEXT_LAYOUT): Result<string> {
  const lines: string[] = [];
  for (let sector = 0; sector < CARD_GEOMETRY[card.size].sectors; sector++) {
    lines.push(`+Sector: ${sector}`);
    const { first, count } = sectorBlocks(sector);
    for (let block = first; block < first + count; block++) {
      const hex = toHex(card.blocks[block] ?? new Uint8Array(BLOCK_SIZE));
      const mask = card.unknownMask?.[block] ?? 0;
      let line = '';
      for (let i = 0; i < BLOCK_SIZE; i++) line += (mask >> i) & 1 ? '--' : hex.slice(2 * i, 2 * i + 2);
      lines.push(line);
    }
  }
  return ok(joinLines(lines, layout, (line) => !line.startsWith('+')));
}
