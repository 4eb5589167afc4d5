import { CARD_READ, CARD_TYPE, type CardTypeCode, type CardTypeName } from './constants.js';
import type { ErrorCode } from './errors.js';
import { bytesToHex } from './hex.js';
import { fail, ok, type Result } from './result.js';
import { checkCardScope } from './rules.js';
import { formatCardTime, isCardTimeInRange, isEmptyCardTime } from './time.js';

/**
 * The guest card: what LockDesk writes on a MIFARE Classic 1K key card and what a lock reads back (spec §3 'Card',
 * 'Card sector data', 'Card read result'; §4 'Card read flow'; §9 'Card blocks 1 to 3', 'Card check block 54').
 *
 * Where it lives. The spec's "blocks 1 to 3" are the three data blocks of the guest sector, numbered from 1. They
 * cannot be absolute blocks 1..3: block 0 is the manufacturer block and block 3 is sector 0's trailer (writing it
 * would overwrite the keys). So the guest sector is sector 1, the first application sector: card block 1, 2, 3 =
 * MIFARE blocks 4, 5, 6. The card check block 54 (0x36, sector 13, third block) is read "with the first sector
 * key", i.e. sector 13 carries the same key as sector 1, and it holds a short copy of the card's identity so the
 * read flow can get the card number from one block.
 *
 * Content record, 48 bytes over card blocks 1..3, big-endian (see GUEST_CARD_LAYOUT; GUEST-CARD.md has the table):
 *   block 1: magic 'L' | version | hotel id (4) | card number (4) | type | flags | issue sequence (4)
 *   block 2: lock mac (6) | start (4, s) | end (4, s) | building (2)
 *   block 3: floor (2) | issuer role | reserved (11, zero) | CRC-16 (2) over the 46 bytes before it
 * Check block 54 (CARD_CHECK_LAYOUT): magic | version | card number (4) | type | hotel id (4) | reserved (3) | CRC-16.
 *
 * Empty card (§4 step 6): start and end empty (0 or 0xFFFFFFFF) and the mac all 0x00 or all 0xFF. A factory-blank
 * sector (all 0x00 or all 0xFF, no magic) is an empty card too. An empty card may be written (is_write true).
 */

/** Identifies a LockDesk record: 'L'. */
export const GUEST_CARD_MAGIC = 0x4c;
/** The record layout version this code writes and reads. */
export const GUEST_CARD_VERSION = 1;

/** The spec's card blocks 1..3 and the MIFARE 1K blocks they are written to (sector 1). */
export const GUEST_CARD_BLOCKS = { 1: 4, 2: 5, 3: 6 } as const;
/** Card block number (1..3) of the spec. */
export type GuestCardBlock = keyof typeof GUEST_CARD_BLOCKS;
/** The MIFARE blocks of the content record, in order. */
export const GUEST_CARD_CONTENT_BLOCKS = [4, 5, 6] as const;
/** The card check block (spec §9: block 54, read with the first sector key). */
export const CARD_CHECK_BLOCK = CARD_READ.checkBlock;
/** The sectors whose keys the reception needs: the guest sector and the check block's sector. */
export const GUEST_CARD_SECTORS = { content: 1, check: Math.floor(CARD_READ.checkBlock / 4) } as const;

/** Flag bits of the record's flags byte. */
export const GUEST_CARD_FLAGS = {
  /** 'Unsubscribe old card' (spec §4): on first use, this card invalidates older cards of its type on the lock. */
  unsubscribeOld: 0x01,
} as const;

/** Who issued the card: a secondary administrator's master (or super) card is not valid (spec §6). */
export const ISSUER_ROLE = { main: 0, secondary: 1, staff: 2 } as const;
export type IssuerRole = keyof typeof ISSUER_ROLE;

/**
 * How a field's bytes are read and written: big-endian unsigned numbers, raw bytes (`mac6` the lock mac, `bytes`
 * any other fixed-width byte string), zero filler, and a CRC-16 of every byte of the table before it.
 */
export type CardLayoutCodec = 'u8' | 'u16be' | 'u32be' | 'mac6' | 'bytes' | 'zero' | 'crc16';
/** The codecs of the guest record (the same set every card layout table uses). */
export type GuestCardCodec = CardLayoutCodec;

/** The record fields (raw: numbers, the mac as 6 bytes). */
export type GuestCardField =
  | 'magic'
  | 'version'
  | 'hotelId'
  | 'cardNumber'
  | 'type'
  | 'flags'
  | 'sequence'
  | 'mac'
  | 'startTime'
  | 'endTime'
  | 'building'
  | 'floor'
  | 'issuerRole'
  | 'reserved'
  | 'crc';

/**
 * One row of a card byte layout: block, offset in the block, width, field, codec and a note for the documentation.
 * A table's blocks are consecutive and numbered from its first row's block (card block 1..3 for the guest record,
 * 54 for the check block, 53 for the authentication block); `writeCardLayout`/`readCardLayout` read any table.
 */
export interface CardLayoutRow<F extends string = string> {
  block: number;
  offset: number;
  width: number;
  field: F;
  codec: CardLayoutCodec;
  note: string;
}
/** One row of the guest record or check block layout. */
export type GuestCardLayoutRow = CardLayoutRow<GuestCardField>;

/** The content record over card blocks 1..3 (MIFARE 4..6). Encoder and decoder both read this table. */
export const GUEST_CARD_LAYOUT: readonly GuestCardLayoutRow[] = [
  { block: 1, offset: 0, width: 1, field: 'magic', codec: 'u8', note: "0x4C 'L': a LockDesk record" },
  { block: 1, offset: 1, width: 1, field: 'version', codec: 'u8', note: 'layout version, 1' },
  { block: 1, offset: 2, width: 4, field: 'hotelId', codec: 'u32be', note: 'issuing hotel' },
  { block: 1, offset: 6, width: 4, field: 'cardNumber', codec: 'u32be', note: 'card number (card_id)' },
  { block: 1, offset: 10, width: 1, field: 'type', codec: 'u8', note: 'CARD_TYPE 1..6' },
  { block: 1, offset: 11, width: 1, field: 'flags', codec: 'u8', note: 'bit 0 unsubscribe old card' },
  { block: 1, offset: 12, width: 4, field: 'sequence', codec: 'u32be', note: 'newer is higher' },
  { block: 2, offset: 0, width: 6, field: 'mac', codec: 'mac6', note: 'lock mac_id of a normal card' },
  { block: 2, offset: 6, width: 4, field: 'startTime', codec: 'u32be', note: 'valid from, seconds' },
  { block: 2, offset: 10, width: 4, field: 'endTime', codec: 'u32be', note: 'valid until, excl.' },
  { block: 2, offset: 14, width: 2, field: 'building', codec: 'u16be', note: 'building, 0 none' },
  { block: 3, offset: 0, width: 2, field: 'floor', codec: 'u16be', note: 'floor, 0 none' },
  { block: 3, offset: 2, width: 1, field: 'issuerRole', codec: 'u8', note: 'ISSUER_ROLE' },
  { block: 3, offset: 3, width: 11, field: 'reserved', codec: 'zero', note: 'written 0, ignored on read' },
  { block: 3, offset: 14, width: 2, field: 'crc', codec: 'crc16', note: 'CRC of bytes 0..45' },
];

/** The card check block 54: the card's identity in one block, for the read flow's fast card-number read. */
export const CARD_CHECK_LAYOUT: readonly GuestCardLayoutRow[] = [
  { block: 54, offset: 0, width: 1, field: 'magic', codec: 'u8', note: "0x4C 'L'" },
  { block: 54, offset: 1, width: 1, field: 'version', codec: 'u8', note: 'layout version, 1' },
  { block: 54, offset: 2, width: 4, field: 'cardNumber', codec: 'u32be', note: 'card number, as in block 1' },
  { block: 54, offset: 6, width: 1, field: 'type', codec: 'u8', note: 'card type, as in block 1' },
  { block: 54, offset: 7, width: 4, field: 'hotelId', codec: 'u32be', note: 'hotel id, as in block 1' },
  { block: 54, offset: 11, width: 3, field: 'reserved', codec: 'zero', note: 'written 0, ignored on read' },
  { block: 54, offset: 14, width: 2, field: 'crc', codec: 'crc16', note: 'CRC of bytes 0..13' },
];

const BLOCK_SIZE = 16;
const RECORD_SIZE = BLOCK_SIZE * GUEST_CARD_CONTENT_BLOCKS.length;
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;

/** What the reception writes on a card (times in seconds since the epoch). */
export interface GuestCardContent {
  /** The hotel (merchant) the card belongs to; a card opens only locks of its hotel. */
  hotelId: number;
  /** The card number (decimal text from a form is accepted). */
  cardNumber: number | string;
  type: CardTypeCode;
  building?: number | string;
  floor?: number | string;
  /** The lock's mac_id, 12 hex characters; colons or dashes between pairs are accepted. Required for normal cards. */
  mac_id?: string;
  start_time: number;
  end_time: number;
  /** Issue sequence from the server, higher for newer cards; cards issued together may share one. */
  sequence?: number;
  /** 'Unsubscribe old card': older cards of the same type stop opening the lock once this card is used on it. */
  unsubscribeOld?: boolean;
  issuerRole?: IssuerRole;
}

/** A card read back (the spec's card read result plus this layout's fields). */
export interface GuestCard {
  /** False for a factory-blank sector (no LockDesk record). */
  isLockDesk: boolean;
  version: number;
  hotelId: number;
  cardNumber: number;
  /** The card number as text ('' on a factory-blank card). */
  card_id: string;
  /** CARD_TYPE code, 0 on a factory-blank card. */
  type: CardTypeCode | 0;
  typeName: CardTypeName | undefined;
  building: number;
  floor: number;
  /** 12 uppercase hex characters. */
  mac_id: string;
  /** The mac as colon-separated pairs (spec §3 'Card sector data'). */
  formattedMac: string;
  start_time: number;
  end_time: number;
  formattedStartTime: string;
  formattedEndTime: string;
  sequence: number;
  unsubscribeOld: boolean;
  issuerRole: IssuerRole;
  /** No guest on the card (spec §4 step 6). */
  isEmpty: boolean;
  /** The card may be written (it is empty). */
  is_write: boolean;
}

/** What the check block 54 says about a card. */
export interface CardCheck {
  /** False for a factory-blank block. */
  isLockDesk: boolean;
  cardNumber: number;
  card_id: string;
  type: CardTypeCode | 0;
  hotelId: number;
}

/** Blocks by MIFARE block number, 16 bytes each. */
export type GuestCardBlocks = Record<number, Uint8Array>;

// --- small byte helpers -------------------------------------------------------------------------------------

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection): check value 0x29B1 for '123456789'. */
export function guestCardCrc16(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i]! << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function writeUint(target: Uint8Array, at: number, width: number, value: number): void {
  let rest = value;
  for (let i = width - 1; i >= 0; i--) {
    target[at + i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}

function readUint(source: Uint8Array, at: number, width: number): number {
  let value = 0;
  for (let i = 0; i < width; i++) value = value * 256 + source[at + i]!;
  return value;
}

const MAC_TEXT = /^[0-9A-Fa-f]{2}(?:[:-]?[0-9A-Fa-f]{2}){5}$/;

/** Parses a mac_id ('A1B2C3D4E5F6', 'a1:b2:…', 'A1-B2-…') to 6 bytes; undefined when it is not one. */
function parseMac(text: string): Uint8Array | undefined {
  if (!MAC_TEXT.test(text)) return undefined;
  const digits = text.replace(/[:-]/g, '');
  const bytes = new Uint8Array(6);
  for (let i = 0; i < 6; i++) bytes[i] = Number.parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

const isUniform = (bytes: Uint8Array, value: number) => bytes.every((b) => b === value);
/** True for the mac values that mean 'no lock': all 0x00 or all 0xFF. */
const isEmptyMacBytes = (mac: Uint8Array) => isUniform(mac, 0) || isUniform(mac, 0xff);

/** The mac as colon-separated uppercase pairs: 'A1:B2:C3:D4:E5:F6'. */
export function formatMacId(mac: string): string {
  return (mac.replace(/[:-]/g, '').toUpperCase().match(/../g) ?? []).join(':');
}

// --- table-driven record codec ------------------------------------------------------------------------------

type RawRecord = Record<Exclude<GuestCardField, 'mac' | 'reserved' | 'crc'>, number> & { mac: Uint8Array };

/** The values of a layout's fields: numbers for the number codecs, bytes for `mac6` and `bytes`. */
export type CardLayoutValues = Record<string, number | Uint8Array>;

/** Where a row's bytes start in the table's buffer: its blocks are consecutive from the first row's block. */
function layoutBase(row: CardLayoutRow, firstBlock: number): number {
  return (row.block - firstBlock) * BLOCK_SIZE + row.offset;
}

/** The byte size of a layout table's buffer: whole blocks from its first to its last row's block. */
export function cardLayoutSize(layout: readonly CardLayoutRow[]): number {
  if (layout.length === 0) return 0;
  const first = layout[0]!.block;
  return (Math.max(...layout.map((row) => row.block)) - first + 1) * BLOCK_SIZE;
}

/**
 * Writes a layout table's fields into `target` (the table's blocks, consecutive). Number fields are written
 * big-endian, byte fields copied (a shorter value is zero padded), zero fields filled, the CRC row computed over
 * every byte before it. The values were checked by the caller (a missing number is written as 0).
 */
export function writeCardLayout(
  layout: readonly CardLayoutRow[],
  values: CardLayoutValues,
  target: Uint8Array,
): void {
  const first = layout[0]?.block ?? 0;
  for (const row of layout) {
    const at = layoutBase(row, first);
    const value = values[row.field];
    switch (row.codec) {
      case 'u8':
      case 'u16be':
      case 'u32be':
        writeUint(target, at, row.width, typeof value === 'number' ? value : 0);
        break;
      case 'mac6':
      case 'bytes':
        target.fill(0, at, at + row.width);
        if (value instanceof Uint8Array) target.set(value.subarray(0, row.width), at);
        break;
      case 'zero':
        target.fill(0, at, at + row.width);
        break;
      case 'crc16':
        // The CRC row comes last in each table, so every byte before it is already written.
        writeUint(target, at, row.width, guestCardCrc16(target, 0, at));
        break;
    }
  }
}

/** Reads a layout table's fields from `source` (the table's blocks, consecutive); undefined when the CRC does not match. */
export function readCardLayout(
  layout: readonly CardLayoutRow[],
  source: Uint8Array,
): CardLayoutValues | undefined {
  const first = layout[0]?.block ?? 0;
  const values: CardLayoutValues = {};
  for (const row of layout) {
    const at = layoutBase(row, first);
    switch (row.codec) {
      case 'u8':
      case 'u16be':
      case 'u32be':
        values[row.field] = readUint(source, at, row.width);
        break;
      case 'mac6':
      case 'bytes':
        values[row.field] = source.slice(at, at + row.width);
        break;
      case 'zero':
        break;
      case 'crc16':
        if (readUint(source, at, row.width) !== guestCardCrc16(source, 0, at)) return undefined;
        break;
    }
  }
  return values;
}

function writeLayout(layout: readonly GuestCardLayoutRow[], raw: RawRecord, target: Uint8Array): void {
  writeCardLayout(layout, raw, target);
}

function readLayout(
  layout: readonly GuestCardLayoutRow[],
  source: Uint8Array,
): Partial<RawRecord> | undefined {
  return readCardLayout(layout, source) as Partial<RawRecord> | undefined;
}

// --- encode -------------------------------------------------------------------------------------------------

/** A whole number from a number or decimal text within [0, max]; undefined for empty, NaN for anything else. */
function wholeNumber(value: number | string | undefined, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    if (!/^\d+$/.test(trimmed)) return Number.NaN;
    return wholeNumber(Number(trimmed), max);
  }
  return Number.isInteger(value) && value >= 0 && value <= max ? value : Number.NaN;
}

const CARD_TYPE_NAMES = Object.fromEntries(
  Object.entries(CARD_TYPE).map(([name, code]) => [code, name as CardTypeName]),
) as Record<number, CardTypeName>;

const ISSUER_ROLE_NAMES = Object.fromEntries(
  Object.entries(ISSUER_ROLE).map(([name, code]) => [code, name as IssuerRole]),
) as Record<number, IssuerRole>;

const invalid = (field: string, detail: string) => fail('FIELD_INVALID', detail, { field });

function toRawRecord(content: GuestCardContent): Result<RawRecord> {
  if (content === null || typeof content !== 'object')
    return invalid('card', 'card content is not an object');
  const hotelId = wholeNumber(content.hotelId, U32_MAX);
  if (hotelId === undefined || hotelId === 0)
    return fail('FIELD_REQUIRED', 'the card needs the hotel id', { field: 'hotelId' });
  if (Number.isNaN(hotelId)) return invalid('hotelId', 'hotel id must be a whole number up to 4294967295');

  if (CARD_TYPE_NAMES[content.type] === undefined)
    return invalid('type', `unknown card type ${String(content.type)}`);

  const cardNumber = wholeNumber(content.cardNumber, U32_MAX);
  if (cardNumber === undefined || cardNumber === 0)
    return fail('CARD_NUMBER_REQUIRED', 'the card number is missing');
  if (Number.isNaN(cardNumber))
    return invalid('cardNumber', 'card number must be a whole number up to 4294967295');

  const scope = checkCardScope(content.type, content.building, content.floor);
  if (scope) return fail(scope, `a ${CARD_TYPE_NAMES[content.type]} card needs its scope`);
  const building = wholeNumber(content.building, U16_MAX) ?? 0;
  if (Number.isNaN(building)) return invalid('building', 'building must be a whole number up to 65535');
  const floor = wholeNumber(content.floor, U16_MAX) ?? 0;
  if (Number.isNaN(floor)) return invalid('floor', 'floor must be a whole number up to 65535');

  let mac: Uint8Array = new Uint8Array(6);
  const macText = typeof content.mac_id === 'string' ? content.mac_id.trim() : '';
  if (macText !== '') {
    const parsed = parseMac(macText);
    if (!parsed) return invalid('mac_id', 'mac_id must be 12 hex characters');
    mac = parsed;
  }
  if (content.type === CARD_TYPE.normal) {
    if (macText === '')
      return fail('FIELD_REQUIRED', 'a normal card needs the lock mac_id', { field: 'mac_id' });
    // An all-zero or all-F mac is how an empty card is recognised: a guest card must not look empty.
    if (isEmptyMacBytes(mac)) return invalid('mac_id', 'a normal card needs a real lock mac_id');
  }

  const { start_time: start, end_time: end } = content;
  if (typeof start !== 'number' || Number.isNaN(start))
    return fail('START_TIME_REQUIRED', 'start time missing');
  if (typeof end !== 'number' || Number.isNaN(end)) return fail('CARD_EXPIRY_REQUIRED', 'end time missing');
  if (!isCardTimeInRange(start))
    return invalid('start_time', 'start time must be whole seconds in 1..4294967294');
  if (!isCardTimeInRange(end)) return invalid('end_time', 'end time must be whole seconds in 1..4294967294');
  if (end <= start) return fail('END_BEFORE_START', 'end time must be later than start time');

  const sequence = wholeNumber(content.sequence, U32_MAX) ?? 0;
  if (Number.isNaN(sequence)) return invalid('sequence', 'sequence must be a whole number up to 4294967295');
  const issuerRole = ISSUER_ROLE[content.issuerRole ?? 'main'];
  if (issuerRole === undefined)
    return invalid('issuerRole', `unknown issuer role ${String(content.issuerRole)}`);

  return ok({
    magic: GUEST_CARD_MAGIC,
    version: GUEST_CARD_VERSION,
    hotelId,
    cardNumber,
    type: content.type,
    flags: content.unsubscribeOld ? GUEST_CARD_FLAGS.unsubscribeOld : 0,
    sequence,
    mac,
    startTime: start,
    endTime: end,
    building,
    floor,
    issuerRole,
  });
}

function blocksOf(raw: RawRecord): GuestCardBlocks {
  const record = new Uint8Array(RECORD_SIZE);
  writeLayout(GUEST_CARD_LAYOUT, raw, record);
  const check = new Uint8Array(BLOCK_SIZE);
  writeLayout(CARD_CHECK_LAYOUT, raw, check);
  const blocks: GuestCardBlocks = {};
  GUEST_CARD_CONTENT_BLOCKS.forEach((block, i) => {
    blocks[block] = record.slice(i * BLOCK_SIZE, (i + 1) * BLOCK_SIZE);
  });
  blocks[CARD_CHECK_BLOCK] = check;
  return blocks;
}

/** Encodes card content into MIFARE blocks 4, 5, 6 (card blocks 1..3) and the check block 54, 16 bytes each. */
export function encodeGuestCard(content: GuestCardContent): Result<{ blocks: GuestCardBlocks }> {
  const raw = toRawRecord(content);
  if (!raw.ok) return raw;
  return ok({ blocks: blocksOf(raw.value) });
}

/**
 * Encodes an emptied card (withdrawn, or freshly registered): the card keeps its number and hotel, times and
 * mac are empty, so the read flow reports 'no guest' and the card may be written again.
 */
export function encodeEmptyGuestCard(card: {
  hotelId: number;
  cardNumber: number | string;
}): Result<{ blocks: GuestCardBlocks }> {
  const hotelId = wholeNumber(card?.hotelId, U32_MAX);
  if (hotelId === undefined || hotelId === 0)
    return fail('FIELD_REQUIRED', 'the card needs the hotel id', { field: 'hotelId' });
  if (Number.isNaN(hotelId)) return invalid('hotelId', 'hotel id must be a whole number up to 4294967295');
  const cardNumber = wholeNumber(card.cardNumber, U32_MAX);
  if (cardNumber === undefined || cardNumber === 0)
    return fail('CARD_NUMBER_REQUIRED', 'the card number is missing');
  if (Number.isNaN(cardNumber))
    return invalid('cardNumber', 'card number must be a whole number up to 4294967295');
  return ok({
    blocks: blocksOf({
      magic: GUEST_CARD_MAGIC,
      version: GUEST_CARD_VERSION,
      hotelId,
      cardNumber,
      type: CARD_TYPE.normal,
      flags: 0,
      sequence: 0,
      mac: new Uint8Array(6),
      startTime: 0,
      endTime: 0,
      building: 0,
      floor: 0,
      issuerRole: ISSUER_ROLE.main,
    }),
  });
}

// --- decode -------------------------------------------------------------------------------------------------

function blockBytes(
  blocks: GuestCardBlocks | Record<number, Uint8Array | string>,
  block: number,
): Uint8Array | string {
  const value = (blocks as Record<number, Uint8Array | string | undefined>)[block];
  if (value === undefined) return `block ${block} is missing`;
  if (typeof value === 'string') {
    // Readers hand blocks over as 32 hex characters; accept them here too.
    if (!/^[0-9A-Fa-f]{32}$/.test(value)) return `block ${block} is not 32 hex characters`;
    const bytes = new Uint8Array(BLOCK_SIZE);
    for (let i = 0; i < BLOCK_SIZE; i++) bytes[i] = Number.parseInt(value.slice(2 * i, 2 * i + 2), 16);
    return bytes;
  }
  if (!(value instanceof Uint8Array) || value.length !== BLOCK_SIZE) return `block ${block} is not 16 bytes`;
  return value;
}

/** One block of a read (16 bytes or 32 hex characters) as 16 bytes; READ_DATA_FAILED when missing or malformed. */
export function cardBlockBytes(
  blocks: GuestCardBlocks | Record<number, Uint8Array | string>,
  block: number,
): Result<Uint8Array> {
  if (blocks === null || typeof blocks !== 'object') return fail('READ_DATA_FAILED', 'no blocks were read');
  const bytes = blockBytes(blocks, block);
  return typeof bytes === 'string' ? fail('READ_DATA_FAILED', bytes) : ok(bytes);
}

const isFactoryBlank = (bytes: Uint8Array) => isUniform(bytes, 0) || isUniform(bytes, 0xff);

/** Decodes the check block 54: the card number and type for the read flow. */
export function decodeCardCheckBlock(block: Uint8Array | string): Result<CardCheck> {
  const bytes = blockBytes({ [CARD_CHECK_BLOCK]: block }, CARD_CHECK_BLOCK);
  if (typeof bytes === 'string') return fail('READ_DATA_FAILED', bytes);
  if (isFactoryBlank(bytes))
    return ok({ isLockDesk: false, cardNumber: 0, card_id: '', type: 0, hotelId: 0 });
  if (bytes[0] !== GUEST_CARD_MAGIC) return fail('EXTERNAL_CARD', 'block 54 holds no LockDesk card check');
  if (bytes[1] !== GUEST_CARD_VERSION)
    return fail('EXTERNAL_CARD', `card check version ${bytes[1]} is unknown`);
  const raw = readLayout(CARD_CHECK_LAYOUT, bytes);
  if (!raw) return fail('SECTOR_VERIFICATION_FAILED', 'block 54 CRC mismatch');
  const cardNumber = raw.cardNumber!;
  const type = CARD_TYPE_NAMES[raw.type!] ? (raw.type as CardTypeCode) : undefined;
  if (type === undefined)
    return fail('SECTOR_VERIFICATION_FAILED', `block 54 names unknown card type ${raw.type}`);
  return ok({ isLockDesk: true, cardNumber, card_id: String(cardNumber), type, hotelId: raw.hotelId! });
}

function emptyGuestCard(): GuestCard {
  return {
    isLockDesk: false,
    version: 0,
    hotelId: 0,
    cardNumber: 0,
    card_id: '',
    type: 0,
    typeName: undefined,
    building: 0,
    floor: 0,
    mac_id: '000000000000',
    formattedMac: '00:00:00:00:00:00',
    start_time: 0,
    end_time: 0,
    formattedStartTime: formatCardTime(0),
    formattedEndTime: formatCardTime(0),
    sequence: 0,
    unsubscribeOld: false,
    issuerRole: 'main',
    isEmpty: true,
    is_write: true,
  };
}

/**
 * Decodes blocks 4, 5, 6 (and, when given, the check block 54, which must agree) read from a card. Blocks are
 * 16-byte arrays or 32 hex characters. A factory-blank sector decodes as an empty card.
 */
export function decodeGuestCard(blocks: Record<number, Uint8Array | string>): Result<GuestCard> {
  if (blocks === null || typeof blocks !== 'object') return fail('READ_DATA_FAILED', 'no blocks were read');
  const record = new Uint8Array(RECORD_SIZE);
  for (const [i, block] of GUEST_CARD_CONTENT_BLOCKS.entries()) {
    const bytes = blockBytes(blocks, block);
    if (typeof bytes === 'string') return fail('READ_DATA_FAILED', bytes);
    record.set(bytes, i * BLOCK_SIZE);
  }
  let check: CardCheck | undefined;
  if ((blocks as Record<number, unknown>)[CARD_CHECK_BLOCK] !== undefined) {
    const decoded = decodeCardCheckBlock(blocks[CARD_CHECK_BLOCK]!);
    if (!decoded.ok) return decoded;
    check = decoded.value;
  }

  if (isFactoryBlank(record)) {
    if (check?.isLockDesk)
      return fail('CARD_NUMBER_MISMATCH', 'block 54 names a card but blocks 4..6 are blank');
    return ok(emptyGuestCard());
  }
  if (record[0] !== GUEST_CARD_MAGIC) return fail('EXTERNAL_CARD', 'blocks 4..6 hold no LockDesk record');
  if (record[1] !== GUEST_CARD_VERSION)
    return fail('EXTERNAL_CARD', `record version ${record[1]} is unknown`);
  const raw = readLayout(GUEST_CARD_LAYOUT, record) as RawRecord | undefined;
  if (!raw) return fail('SECTOR_VERIFICATION_FAILED', 'guest record CRC mismatch');
  const typeName = CARD_TYPE_NAMES[raw.type];
  if (typeName === undefined) return fail('SECTOR_VERIFICATION_FAILED', `unknown card type ${raw.type}`);
  const issuerRole = ISSUER_ROLE_NAMES[raw.issuerRole];
  if (issuerRole === undefined)
    return fail('SECTOR_VERIFICATION_FAILED', `unknown issuer role ${raw.issuerRole}`);
  if (
    check &&
    (check.cardNumber !== raw.cardNumber || check.type !== raw.type || check.hotelId !== raw.hotelId)
  )
    return fail(
      'CARD_NUMBER_MISMATCH',
      `block 54 names card ${check.card_id}, blocks 4..6 card ${raw.cardNumber}`,
    );

  const macId = bytesToHex(raw.mac);
  const isEmpty = isEmptyCardTime(raw.startTime) && isEmptyCardTime(raw.endTime) && isEmptyMacBytes(raw.mac);
  return ok({
    isLockDesk: true,
    version: raw.version,
    hotelId: raw.hotelId,
    cardNumber: raw.cardNumber,
    card_id: String(raw.cardNumber),
    type: raw.type as CardTypeCode,
    typeName,
    building: raw.building,
    floor: raw.floor,
    mac_id: macId,
    formattedMac: formatMacId(macId),
    start_time: raw.startTime,
    end_time: raw.endTime,
    formattedStartTime: formatCardTime(raw.startTime),
    formattedEndTime: formatCardTime(raw.endTime),
    sequence: raw.sequence,
    unsubscribeOld: (raw.flags & GUEST_CARD_FLAGS.unsubscribeOld) !== 0,
    issuerRole,
    isEmpty,
    is_write: isEmpty,
  });
}

/** The spec's 'blocks 1 to 3 data' of a card record (and the check block) as 32-hex-character texts. */
export interface GuestCardBlockTexts {
  block1: string;
  block2: string;
  block3: string;
  block54?: string;
}

/** Encoded blocks as the texts a card record stores ('blocks 1 to 3 data' of spec §3, plus block 54). */
export function guestCardBlockTexts(blocks: GuestCardBlocks): GuestCardBlockTexts {
  const text = (block: number) => {
    const bytes = blocks[block];
    return bytes ? bytesToHex(bytes) : '';
  };
  const texts: GuestCardBlockTexts = {
    block1: text(GUEST_CARD_BLOCKS[1]),
    block2: text(GUEST_CARD_BLOCKS[2]),
    block3: text(GUEST_CARD_BLOCKS[3]),
  };
  if (blocks[CARD_CHECK_BLOCK]) texts.block54 = text(CARD_CHECK_BLOCK);
  return texts;
}

/** A card record's block texts keyed by MIFARE block, ready for decodeGuestCard or a reader write. */
export function guestCardBlocksFromTexts(texts: GuestCardBlockTexts): Record<number, string> {
  const blocks: Record<number, string> = {
    [GUEST_CARD_BLOCKS[1]]: texts.block1,
    [GUEST_CARD_BLOCKS[2]]: texts.block2,
    [GUEST_CARD_BLOCKS[3]]: texts.block3,
  };
  if (texts.block54 !== undefined) blocks[CARD_CHECK_BLOCK] = texts.block54;
  return blocks;
}

/** The spec's empty-card rule (§4 step 6): both times empty (0 or 0xFFFFFFFF) and the mac all 0 or all F. */
export function isEmptyCard(card: { start_time: number; end_time: number; mac_id: string }): boolean {
  if (card === null || typeof card !== 'object' || typeof card.mac_id !== 'string') return false;
  const mac = card.mac_id.replace(/[:-]/g, '');
  return (
    isEmptyCardTime(card.start_time) && isEmptyCardTime(card.end_time) && /^(?:0{12}|[Ff]{12})$/.test(mac)
  );
}

/** The error codes decodeGuestCard can answer with, for callers that map them to messages. */
export const GUEST_CARD_DECODE_ERRORS: readonly ErrorCode[] = [
  'READ_DATA_FAILED',
  'EXTERNAL_CARD',
  'SECTOR_VERIFICATION_FAILED',
  'CARD_NUMBER_MISMATCH',
];
