/**
 * Card dumps in the formats hotel staff and technicians bring: raw binary (.bin/.mfd), Proxmark3 emulator (.eml),
 * Proxmark3 JSON and MIFARE Classic Tool text. Import detects the format when not told and never throws: a bad
 * dump is refused with DUMP_MALFORMED and a detail saying where (line, block) and what.
 *
 * Unknown bytes: only MCT can say a byte is unknown (`-`). The model keeps that in `card.unknownMask` and stores the
 * byte as 0x00; MCT export writes it back as `--`, while bin, eml and JSON have no such notion and write 0x00.
 */

import { formatBin, parseBin } from './dumps/bin.js';
import { formatEml, parseEml } from './dumps/eml.js';
import { formatMct, parseMct } from './dumps/mct.js';
import { formatProxmarkJson, type ProxmarkMfcFileType, parseProxmarkJson } from './dumps/proxmark-json.js';
import {
  bytesToText,
  checkedLayout,
  type DumpTextLayout,
  describeValue,
  looksLikeText,
  malformed,
  textLayoutOf,
} from './dumps/text.js';
import { CARD_GEOMETRY, type CardSize, checkCard, decodeAccessBits, type MifareCard } from './mifare.js';
import { fail, ok, type Result } from './result.js';

export { PROXMARK_MFC_FILE_TYPES, type ProxmarkMfcFileType } from './dumps/proxmark-json.js';
export { DEFAULT_TEXT_LAYOUT, type DumpTextLayout } from './dumps/text.js';

/** The dump formats: raw binary, Proxmark3 emulator, Proxmark3 JSON, MIFARE Classic Tool. */
export type DumpFormat = 'bin' | 'eml' | 'json' | 'mct';
export const DUMP_FORMATS: readonly DumpFormat[] = ['bin', 'eml', 'json', 'mct'];

/** The file extension each format is saved with. */
export const DUMP_FILE_EXTENSIONS: Readonly<Record<DumpFormat, string>> = {
  bin: '.bin',
  eml: '.eml',
  json: '.json',
  mct: '.mct',
};

/** A dump read into the card model. `warnings` name oddities that did not stop the import (locked sectors, …). */
export interface ImportedDump {
  card: MifareCard;
  format: DumpFormat;
  /** Proxmark3 JSON only: the FileType it declared and its Created field. */
  fileType?: ProxmarkMfcFileType;
  created?: string;
  /**
   * .eml and MCT only: how the file was written (line ends, final newline, hex case, byte-order mark). Export with
   * it (`exportDump(card, format, { layout })`) and an unchanged .eml comes back byte for byte.
   */
  layout?: DumpTextLayout;
  warnings: string[];
}

/** Export options: `layout` writes a text format (.eml, MCT) as the imported file was written. */
export interface ExportOptions {
  layout?: DumpTextLayout;
}

/** Import options: `size` settles the size of an MCT dump that lists only low sectors. */
export interface ImportOptions {
  size?: CardSize;
}

/** The format of a file name by its extension (.bin/.mfd/.dump, .eml, .json, .mct/.txt), if known. */
export function dumpFormatOfFileName(name: string): DumpFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  switch (extension) {
    case 'bin':
    case 'mfd':
    case 'dump':
      return 'bin';
    case 'eml':
      return 'eml';
    case 'json':
      return 'json';
    case 'mct':
    case 'txt':
      return 'mct';
    default:
      return undefined;
  }
}

/** Guesses the format of a dump from its content; undefined when it looks like none. */
export function detectDumpFormat(input: string | Uint8Array): DumpFormat | undefined {
  let text: string;
  if (input instanceof Uint8Array) {
    const body = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? input.subarray(3) : input;
    const binarySized = input.length === 1024 || input.length === 4096;
    // A real card image is never all printable (block 0 and the trailers hold bytes like 08 and FF), so a text
    // file that happens to be 1024 or 4096 bytes long is still read as text.
    if (!looksLikeText(body)) return binarySized ? 'bin' : undefined;
    text = bytesToText(input);
    if (binarySized && textFormat(text) === undefined) return 'bin';
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return undefined;
  }
  return textFormat(text);
}

function textFormat(text: string): DumpFormat | undefined {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{')) return 'json';
  if (start.startsWith('+Sector')) return 'mct';
  if (/^[0-9a-fA-F]/.test(start)) return 'eml';
  return undefined;
}

/** Reads a dump (text or bytes) into the card model, detecting the format unless given. */
export function importDump(
  input: string | Uint8Array,
  format?: DumpFormat,
  given: ImportOptions = {},
): Result<ImportedDump> {
  const options: ImportOptions = given ?? {};
  if (!(input instanceof Uint8Array) && typeof input !== 'string') {
    return malformed('a dump is text or bytes');
  }
  if (format !== undefined && !DUMP_FORMATS.includes(format)) {
    return malformed(`unknown dump format ${describeValue(format)} (bin, eml, json, mct)`);
  }
  if (options.size !== undefined && options.size !== '1K' && options.size !== '4K') {
    return malformed(`card size ${describeValue(options.size)} is not 1K or 4K`);
  }
  const chosen = format ?? detectDumpFormat(input);
  if (chosen === undefined) {
    if (input instanceof Uint8Array && !looksLikeText(input)) {
      return malformed(`a binary dump is 1024 (1K) or 4096 (4K) bytes, found ${input.length}`);
    }
    return malformed('not a known dump format (binary, Proxmark3 .eml or JSON, MIFARE Classic Tool)');
  }
  let imported: Result<ImportedDump>;
  if (chosen === 'bin') {
    if (!(input instanceof Uint8Array)) return malformed('a binary dump must be given as bytes, not text');
    const card = parseBin(input);
    imported = card.ok ? ok({ card: card.value, format: chosen, warnings: [] }) : card;
  } else {
    const text = input instanceof Uint8Array ? bytesToText(input) : input;
    if (chosen === 'json') {
      const parsed = parseProxmarkJson(text);
      imported = parsed.ok
        ? ok({
            card: parsed.value.card,
            format: chosen,
            fileType: parsed.value.extras.fileType,
            ...(parsed.value.extras.created === undefined ? {} : { created: parsed.value.extras.created }),
            warnings: parsed.value.extras.warnings,
          })
        : parsed;
    } else {
      const card = chosen === 'eml' ? parseEml(text) : parseMct(text, options.size);
      const hadMark =
        input instanceof Uint8Array
          ? input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf
          : input.charCodeAt(0) === 0xfeff;
      const layout = textLayoutOf(text, hadMark);
      imported = card.ok ? ok({ card: card.value, format: chosen, layout, warnings: [] }) : card;
    }
  }
  if (!imported.ok) return imported;
  if (options.size !== undefined && imported.value.card.size !== options.size) {
    return malformed(`the dump holds a ${imported.value.card.size} card, not ${options.size}`);
  }
  imported.value.warnings.push(...lockedSectorWarnings(imported.value.card));
  return imported;
}

/** Warnings for sectors whose trailer has invalid access bits (such a sector is locked for good on a card). */
function lockedSectorWarnings(card: MifareCard): string[] {
  const warnings: string[] = [];
  for (let sector = 0; sector < CARD_GEOMETRY[card.size].sectors; sector++) {
    const trailer = sector < 32 ? sector * 4 + 3 : 128 + (sector - 32) * 16 + 15;
    if ((card.unknownMask?.[trailer] ?? 0) & 0x01c0) continue;
    const block = card.blocks[trailer];
    if (block === undefined) continue;
    const conditions = decodeAccessBits(block.subarray(6, 9));
    if (!conditions.ok)
      warnings.push(`sector ${sector}: invalid access bits in block ${trailer} (sector locked)`);
  }
  return warnings;
}

/**
 * Writes a card as a dump: bytes for 'bin', text for the others. With the `layout` of an import, .eml and MCT are
 * written as that file was; JSON is always written in LockDesk's shape (see gateway/README.md 'Card dumps').
 */
export function exportDump(card: MifareCard, format: 'bin', options?: ExportOptions): Result<Uint8Array>;
export function exportDump(
  card: MifareCard,
  format: 'eml' | 'json' | 'mct',
  options?: ExportOptions,
): Result<string>;
export function exportDump(
  card: MifareCard,
  format: DumpFormat,
  options?: ExportOptions,
): Result<string | Uint8Array>;
export function exportDump(
  card: MifareCard,
  format: DumpFormat,
  options: ExportOptions = {},
): Result<string | Uint8Array> {
  const checked = checkCard(card);
  if (!checked.ok) return checked;
  switch (format) {
    case 'bin':
      return formatBin(card);
    case 'eml':
      return formatEml(card, checkedLayout(options?.layout));
    case 'json':
      return formatProxmarkJson(card);
    case 'mct':
      return formatMct(card, checkedLayout(options?.layout));
    default:
      return fail('FIELD_INVALID', `unknown dump format ${describeValue(format)}`, { field: 'dump format' });
  }
}
