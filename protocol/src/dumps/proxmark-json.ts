// Proxmark3 JSON dumps, the shapes the RfidResearchGroup client writes and reads (client/src/fileutils.c):
//   { "Created": "proxmark3", "FileType": "mfc v2",
//     "Card": { "UID": "11223344", "ATQA": "0400", "SAK": "08" },          (mfc v3 adds "ATS", "SIGNATURE")
//     "blocks": { "0": "<32 hex>", "1": ..., "63": ... },
//     "SectorKeys": { "0": { "KeyA": "<12 hex>", "KeyB": "<12 hex>", "AccessConditions": "<bytes 6-9, 8 hex>",
//                            "AccessConditionsText": { "block0": "...", ..., "block3": "...", "UserData": "69" } } } }
// Reading accepts FileType "mfcard" (the older name), "mfc v2" and "mfc v3" and takes the card from "blocks", as
// the Proxmark3 client does; "Card" and "SectorKeys" are cross-checked and disagreements become warnings.
// Writing produces "mfc v2". ATQA is written in the order block 0 stores it (as the client does).
import { BLOCK_SIZE, CARD_GEOMETRY, type CardSize, type MifareCard } from '../mifare.js';
import { ok, type Result } from '../result.js';
import { describeValue, firstNonHex, fromHex, malformed, showChar, toHex } from './text.js';

/** The Proxmark3 FileType values that hold a MIFARE Classic dump. */
export const PROXMARK_MFC_FILE_TYPES = ['mfcard', 'mfc v2', 'mfc v3'] as const;
export type ProxmarkMfcFileType = (typeof PROXMARK_MFC_FILE_TYPES)[number];

/** What a Proxmark3 JSON dump gave besides the card. */
export interface ProxmarkJsonExtras {
  fileType: ProxmarkMfcFileType;
  created: string | undefined;
  warnings: string[];
}

// Descriptions the Proxmark3 client writes into AccessConditionsText (mifare4.c), indexed by C1C2C3. The trailer
// texts follow the datasheet (key A is never readable).
const DATA_TEXT = [
  'read AB; write AB; increment AB; decrement transfer restore AB',
  'read AB; decrement transfer restore AB',
  'read AB',
  'read B; write B',
  'read AB; write B',
  'read B',
  'read AB; write B; increment B; decrement transfer restore AB',
  'none',
];
const TRAILER_TEXT = [
  'write A by A; read ACCESS by A; read/write B by A',
  'write A by A; read/write ACCESS by A; read/write B by A',
  'read ACCESS by A; read B by A',
  'write A by B; read ACCESS by AB; write ACCESS by B; write B by B',
  'write A by B; read ACCESS by AB; write B by B',
  'read ACCESS by AB; write ACCESS by B',
  'read ACCESS by AB',
  'read ACCESS by AB',
];

/** C1C2C3 of a group read straight from bytes 7 and 8, valid or not, as the Proxmark3 client does. */
function rawCondition(trailer: Uint8Array, group: number): number {
  const b7 = trailer[7] ?? 0;
  const b8 = trailer[8] ?? 0;
  return ((((b7 >> 4) >> group) & 1) << 2) | (((b8 >> group) & 1) << 1) | (((b8 >> 4) >> group) & 1);
}

function trailerBlocks(size: CardSize): number[] {
  const trailers: number[] = [];
  for (let sector = 0; sector < CARD_GEOMETRY[size].sectors; sector++) {
    trailers.push(sector < 32 ? sector * 4 + 3 : 128 + (sector - 32) * 16 + 15);
  }
  return trailers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where a JSON parse error happened, as line and column when the engine reports a position. */
function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  if (position !== null) {
    const before = text.slice(0, Number(position[1]));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    return `line ${line} column ${column}: not valid JSON (${message})`;
  }
  return `not valid JSON (${message})`;
}

/** Reads a hex field of the JSON, checking its length in bytes. */
function hexField(value: unknown, path: string, lengths: readonly number[]): Result<Uint8Array> {
  if (typeof value !== 'string') return malformed(`${path}: expected a hex string, found ${typeof value}`);
  const bad = firstNonHex(value);
  if (bad !== undefined) {
    return malformed(`${path}: ${showChar(bad.char)} at column ${bad.column} is not a hex digit`);
  }
  const expected = lengths.map((n) => n * 2);
  if (!expected.includes(value.length)) {
    return malformed(`${path}: expected ${expected.join(' or ')} hex characters, found ${value.length}`);
  }
  return ok(fromHex(value) ?? new Uint8Array(0));
}

/** Reads a Proxmark3 JSON MIFARE Classic dump. */
export function parseProxmarkJson(text: string): Result<{ card: MifareCard; extras: ProxmarkJsonExtras }> {
  let root: unknown;
  try {
    root = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return malformed(describeJsonError(text, error));
  }
  if (!isRecord(root)) return malformed('the JSON root must be an object');
  const fileType = root['FileType'];
  if (typeof fileType !== 'string' || !(PROXMARK_MFC_FILE_TYPES as readonly string[]).includes(fileType)) {
    return malformed(
      `FileType ${describeValue(fileType)} is not a MIFARE Classic dump (mfcard, mfc v2, mfc v3)`,
    );
  }
  const blocksField = root['blocks'];
  if (!isRecord(blocksField)) return malformed('"blocks" must be an object of block number to hex');
  const keys = Object.keys(blocksField);
  const count = keys.length;
  if (count !== 64 && count !== 256) {
    return malformed(`"blocks" holds ${count} blocks; a dump holds 64 (1K) or 256 (4K)`);
  }
  const size: CardSize = count === 64 ? '1K' : '4K';
  const blocks: Uint8Array[] = [];
  for (let block = 0; block < count; block++) {
    if (!Object.hasOwn(blocksField, String(block))) {
      const stray = keys.find((key) => !/^(0|[1-9]\d*)$/.test(key) || Number(key) >= count);
      return malformed(
        stray === undefined
          ? `blocks.${block} is missing`
          : `blocks.${block} is missing ("blocks" has key ${describeValue(stray)})`,
      );
    }
    const bytes = hexField(blocksField[String(block)], `blocks.${block}`, [BLOCK_SIZE]);
    if (!bytes.ok) return bytes;
    blocks.push(bytes.value);
  }
  const card: MifareCard = { size, blocks };
  const warnings: string[] = [];
  const block0 = blocks[0] ?? new Uint8Array(BLOCK_SIZE);
  const cardInfo = root['Card'];
  if (cardInfo !== undefined) {
    if (!isRecord(cardInfo)) return malformed('"Card" must be an object');
    if (cardInfo['UID'] !== undefined) {
      const uid = hexField(cardInfo['UID'], 'Card.UID', [4, 7, 10]);
      if (!uid.ok) return uid;
      if (uid.value.length === 7) card.uidLength = 7;
      if (toHex(uid.value) !== toHex(block0.subarray(0, uid.value.length))) {
        warnings.push(`Card.UID ${toHex(uid.value)} differs from block 0`);
      }
    }
    const sakAt = card.uidLength === 7 ? 7 : 5;
    const checks: [string, number, number][] = [
      ['SAK', sakAt, 1],
      ['ATQA', sakAt + 1, 2],
    ];
    for (const [name, offset, length] of checks) {
      if (cardInfo[name] === undefined) continue;
      const value = hexField(cardInfo[name], `Card.${name}`, [length]);
      if (!value.ok) return value;
      if (toHex(value.value) !== toHex(block0.subarray(offset, offset + length))) {
        warnings.push(`Card.${name} ${toHex(value.value)} differs from block 0`);
      }
    }
  }
  const sectorKeys = root['SectorKeys'];
  if (sectorKeys !== undefined) {
    if (!isRecord(sectorKeys)) return malformed('"SectorKeys" must be an object');
    trailerBlocks(size).forEach((trailerBlock, sector) => {
      const entry = sectorKeys[String(sector)];
      if (!isRecord(entry)) return;
      const trailer = blocks[trailerBlock] ?? new Uint8Array(BLOCK_SIZE);
      const parts: [string, number, number][] = [
        ['KeyA', 0, 6],
        ['KeyB', 10, 16],
        ['AccessConditions', 6, 10],
      ];
      for (const [name, from, to] of parts) {
        const value = entry[name];
        if (typeof value !== 'string') continue;
        if (value.toUpperCase() !== toHex(trailer.subarray(from, to))) {
          warnings.push(`SectorKeys.${sector}.${name} ${value} differs from block ${trailerBlock}`);
        }
      }
    });
  }
  const created = typeof root['Created'] === 'string' ? root['Created'] : undefined;
  return ok({ card, extras: { fileType: fileType as ProxmarkMfcFileType, created, warnings } });
}

/** Writes a Proxmark3 "mfc v2" JSON dump; unknown bytes are written as stored (00). */
export function formatProxmarkJson(card: MifareCard, created = 'LockDesk'): Result<string> {
  const block0 = card.blocks[0] ?? new Uint8Array(BLOCK_SIZE);
  const uidLength = card.uidLength ?? 4;
  const sakAt = uidLength === 7 ? 7 : 5;
  const blocks: Record<string, string> = {};
  card.blocks.forEach((block, index) => {
    blocks[String(index)] = toHex(block);
  });
  const sectorKeys: Record<string, unknown> = {};
  trailerBlocks(card.size).forEach((trailerBlock, sector) => {
    const trailer = card.blocks[trailerBlock] ?? new Uint8Array(BLOCK_SIZE);
    const text: Record<string, string> = {};
    // The client labels the four groups with the numbers of the trailer and the three blocks before it, even in
    // 16-block sectors; kept so files compare equal with the client's.
    for (let group = 0; group < 4; group++) {
      const condition = rawCondition(trailer, group);
      text[`block${trailerBlock - 3 + group}`] =
        (group === 3 ? TRAILER_TEXT : DATA_TEXT)[condition] ?? 'none';
    }
    text['UserData'] = toHex(trailer.subarray(9, 10));
    sectorKeys[String(sector)] = {
      KeyA: toHex(trailer.subarray(0, 6)),
      KeyB: toHex(trailer.subarray(10, 16)),
      AccessConditions: toHex(trailer.subarray(6, 10)),
      AccessConditionsText: text,
    };
  });
  const document = {
    Created: created,
    FileType: 'mfc v2',
    Card: {
      UID: toHex(block0.subarray(0, uidLength)),
      ATQA: toHex(block0.subarray(sakAt + 1, sakAt + 3)),
      SAK: toHex(block0.subarray(sakAt, sakAt + 1)),
    },
    blocks,
    SectorKeys: sectorKeys,
  };
  return ok(`${JSON.stringify(document, null, 2)}\n`);
}
