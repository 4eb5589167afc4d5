/**
 * The MIFARE Classic 1K/4K card model, after the NXP MF1S50yyX/V1 (1K) and MF1S70yyX/V1 (4K) datasheets:
 * geometry ('Memory organization'), the manufacturer block, sector trailers and access conditions ('Memory
 * access'), value blocks, and the card operations an encoder performs (authenticate, read, write, value change)
 * with every access condition enforced. A card is a plain value; operations return a new card.
 */
import { fail, ok, type Result } from './result.js';

/** The two card sizes the hotel's encoders handle. */
export type CardSize = '1K' | '4K';

/** Which of a sector's two keys an operation authenticates with. */
export type MifareKeyType = 'A' | 'B';

/**
 * One MIFARE Classic card. `blocks` holds one 16-byte Uint8Array per block (64 for 1K, 256 for 4K), block 0 first.
 * `uidLength` says how many bytes of block 0 are the UID (4 unless a 7-byte UID card). `unknownMask`, when present,
 * holds one 16-bit mask per block: bit i set means byte i was unknown in the dump it came from (MCT writes `-` for
 * bytes it could not read); such bytes are stored as 0x00. Absent or all 0 means every byte is known.
 */
export interface MifareCard {
  size: CardSize;
  blocks: Uint8Array[];
  uidLength?: 4 | 7;
  unknownMask?: number[];
}

/** Bytes in a block. */
export const BLOCK_SIZE = 16;
/** Bytes in a MIFARE Classic key. */
export const KEY_SIZE = 6;

/** Card geometry per size (datasheet 'Memory organization'): sectors, blocks and bytes. */
export const CARD_GEOMETRY = {
  '1K': { sectors: 16, blocks: 64, bytes: 1024 },
  '4K': { sectors: 40, blocks: 256, bytes: 4096 },
} as const satisfies Record<CardSize, { sectors: number; blocks: number; bytes: number }>;

/** The keys most often found on MIFARE Classic cards, tried first when a key is unknown (hex, upper case). */
export const MIFARE_DEFAULT_KEYS: readonly string[] = [
  'FFFFFFFFFFFF',
  '000000000000',
  'A0A1A2A3A4A5',
  'B0B1B2B3B4B5',
  'D3F7D3F7D3F7',
  'AABBCCDDEEFF',
];

/** Key A and key B of a card as delivered (transport configuration). */
export const TRANSPORT_KEY = 'FFFFFFFFFFFF';
/** Access bytes 6–8 of the transport configuration: data blocks 000, trailer 001. */
export const TRANSPORT_ACCESS_BITS = 'FF0780';
/** General purpose byte 9 of a trailer as delivered. */
export const TRANSPORT_GPB = 0x69;

// ---------------------------------------------------------------------------------------------------------------
// Geometry (datasheet 'Memory organization': 4K sectors 0–31 hold 4 blocks, sectors 32–39 hold 16 blocks; the last is the trailer)

/** Blocks of the 4K card below its first 16-block sector (32 sectors × 4 blocks). */
const SMALL_SECTOR_BLOCKS = 128;

/** Number of blocks of a card size. */
export function blockCountOf(size: CardSize): number {
  return CARD_GEOMETRY[size].blocks;
}

/** Number of sectors of a card size. */
export function sectorCountOf(size: CardSize): number {
  return CARD_GEOMETRY[size].sectors;
}

function blockInRange(block: number, size: CardSize): boolean {
  return Number.isInteger(block) && block >= 0 && block < CARD_GEOMETRY[size].blocks;
}

function sectorInRange(sector: number, size: CardSize): boolean {
  return Number.isInteger(sector) && sector >= 0 && sector < CARD_GEOMETRY[size].sectors;
}

function blockOutOfRange(block: number, size: CardSize) {
  return fail(
    'BLOCK_OUT_OF_RANGE',
    `block ${block} is not on a ${size} card (0-${CARD_GEOMETRY[size].blocks - 1})`,
    {
      block,
    },
  );
}

function sectorOutOfRange(sector: number, size: CardSize) {
  return fail(
    'BLOCK_OUT_OF_RANGE',
    `sector ${sector} is not on a ${size} card (0-${CARD_GEOMETRY[size].sectors - 1})`,
    { sector },
  );
}

// Unchecked forms for blocks already known to be in range.
function sectorOf(block: number): number {
  return block < SMALL_SECTOR_BLOCKS ? block >> 2 : 32 + ((block - SMALL_SECTOR_BLOCKS) >> 4);
}
function firstBlockOf(sector: number): number {
  return sector < 32 ? sector * 4 : SMALL_SECTOR_BLOCKS + (sector - 32) * 16;
}
function blocksIn(sector: number): number {
  return sector < 32 ? 4 : 16;
}
function trailerOf(sector: number): number {
  return firstBlockOf(sector) + blocksIn(sector) - 1;
}
/** The access group of a block: 0–2 for data blocks, 3 for the trailer (16-block sectors: 0–4, 5–9, 10–14, 15). */
function groupOf(block: number): AccessGroup {
  const sector = sectorOf(block);
  const offset = block - firstBlockOf(sector);
  return (blocksIn(sector) === 4 ? offset : offset === 15 ? 3 : Math.floor(offset / 5)) as AccessGroup;
}

/** The sector holding a block. */
export function sectorOfBlock(block: number, size: CardSize): Result<number> {
  return blockInRange(block, size) ? ok(sectorOf(block)) : blockOutOfRange(block, size);
}

/** The first block of a sector. */
export function firstBlockOfSector(sector: number, size: CardSize): Result<number> {
  return sectorInRange(sector, size) ? ok(firstBlockOf(sector)) : sectorOutOfRange(sector, size);
}

/** How many blocks a sector holds (4, or 16 for 4K sectors 32–39). */
export function blocksInSector(sector: number, size: CardSize): Result<number> {
  return sectorInRange(sector, size) ? ok(blocksIn(sector)) : sectorOutOfRange(sector, size);
}

/** The trailer block (keys and access bits) of a sector. */
export function trailerBlockOfSector(sector: number, size: CardSize): Result<number> {
  return sectorInRange(sector, size) ? ok(trailerOf(sector)) : sectorOutOfRange(sector, size);
}

/** True when a block is its sector's trailer. */
export function isTrailerBlock(block: number, size: CardSize): Result<boolean> {
  return blockInRange(block, size) ? ok(trailerOf(sectorOf(block)) === block) : blockOutOfRange(block, size);
}

/** The access-condition group governing a block: 0–2 data blocks, 3 the trailer. */
export function accessGroupOfBlock(block: number, size: CardSize): Result<AccessGroup> {
  return blockInRange(block, size) ? ok(groupOf(block)) : blockOutOfRange(block, size);
}

// ---------------------------------------------------------------------------------------------------------------
// Manufacturer block, block 0 (datasheet 'Manufacturer block'): UID0–3 | BCC | SAK | ATQA0 ATQA1 | manufacturer data.
// 7-byte UID cards: UID0–6 | SAK | ATQA0 ATQA1 | manufacturer data (no BCC), the layout MCT and Proxmark3 use.

/** The decoded manufacturer block. `bcc` is undefined for 7-byte UIDs. ATQA keeps the order stored on the card. */
export interface ManufacturerBlock {
  uid: Uint8Array;
  bcc: number | undefined;
  sak: number;
  atqa: Uint8Array;
  manufacturerData: Uint8Array;
}

/** Fields to build a manufacturer block from; SAK and ATQA default to those of the size, manufacturer data to the common filler. */
export interface ManufacturerBlockFields {
  uid: Uint8Array;
  size?: CardSize;
  sak?: number;
  atqa?: Uint8Array;
  manufacturerData?: Uint8Array;
}

/** SAK and ATQA (card order) of genuine 1K and 4K cards with a 4-byte UID. */
export const CARD_IDENTIFICATION = {
  '1K': { sak: 0x08, atqa: [0x04, 0x00] },
  '4K': { sak: 0x18, atqa: [0x02, 0x00] },
} as const;

/** The manufacturer data found on most cards sold for writing ("bcdefghi"). */
const DEFAULT_MANUFACTURER_DATA = [0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69];

/** BCC, the XOR of the 4 UID bytes. */
export function bccOf(uid: Uint8Array): number {
  let bcc = 0;
  for (let i = 0; i < 4; i++) bcc ^= uid[i] ?? 0;
  return bcc;
}

/** Decodes block 0; a 4-byte UID whose BCC does not match is refused. */
export function parseManufacturerBlock(block: Uint8Array, uidLength: 4 | 7 = 4): Result<ManufacturerBlock> {
  if (!(block instanceof Uint8Array) || block.length !== BLOCK_SIZE) {
    return fail('FIELD_INVALID', `block 0 must be 16 bytes`, { field: 'block 0' });
  }
  if (uidLength === 7) {
    return ok({
      uid: block.slice(0, 7),
      bcc: undefined,
      sak: block[7] ?? 0,
      atqa: block.slice(8, 10),
      manufacturerData: block.slice(10),
    });
  }
  const bcc = block[4] ?? 0;
  const expected = bccOf(block);
  if (bcc !== expected) {
    return fail('FIELD_INVALID', `block 0: BCC is ${hex2(bcc)}, the UID gives ${hex2(expected)}`, {
      field: 'BCC',
    });
  }
  return ok({
    uid: block.slice(0, 4),
    bcc,
    sak: block[5] ?? 0,
    atqa: block.slice(6, 8),
    manufacturerData: block.slice(8),
  });
}

/** Builds block 0 from a 4- or 7-byte UID, computing the BCC. */
export function buildManufacturerBlock(fields: ManufacturerBlockFields): Result<Uint8Array> {
  const { uid } = fields;
  if (!(uid instanceof Uint8Array) || (uid.length !== 4 && uid.length !== 7)) {
    return fail('FIELD_INVALID', 'the UID must be 4 or 7 bytes', { field: 'UID' });
  }
  const identification = CARD_IDENTIFICATION[fields.size ?? '1K'];
  const sak = fields.sak ?? identification.sak;
  if (!Number.isInteger(sak) || sak < 0 || sak > 0xff) {
    return fail('FIELD_INVALID', 'the SAK must be one byte', { field: 'SAK' });
  }
  const atqa = fields.atqa ?? Uint8Array.from(identification.atqa);
  if (!(atqa instanceof Uint8Array) || atqa.length !== 2) {
    return fail('FIELD_INVALID', 'the ATQA must be 2 bytes', { field: 'ATQA' });
  }
  const head = uid.length === 4 ? [...uid, bccOf(uid), sak, ...atqa] : [...uid, sak, ...atqa];
  const room = BLOCK_SIZE - head.length;
  const data = fields.manufacturerData ?? Uint8Array.from(DEFAULT_MANUFACTURER_DATA.slice(0, room));
  if (!(data instanceof Uint8Array) || data.length > room) {
    return fail('FIELD_INVALID', `the manufacturer data must be at most ${room} bytes`, {
      field: 'manufacturer data',
    });
  }
  const block = new Uint8Array(BLOCK_SIZE);
  block.set(head, 0);
  block.set(data, head.length);
  return ok(block);
}

// ---------------------------------------------------------------------------------------------------------------
// Access conditions (datasheet 'Access conditions'): bytes 6–8 of a trailer hold C1, C2, C3 for the 4 groups of a sector, each bit
// once plain and once inverted. byte6 = ~C2(hi) | ~C1(lo), byte7 = C1(hi) | ~C3(lo), byte8 = C3(hi) | C2(lo);
// bit i of each nibble belongs to group i (3 = trailer).

/** An access condition C1C2C3 as a number: C1×4 + C2×2 + C3 (so '100' is 4, the datasheet's row order aside). */
export type AccessCondition = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** Block group inside a sector: 0–2 data blocks (or 5-block groups in 16-block sectors), 3 the trailer. */
export type AccessGroup = 0 | 1 | 2 | 3;
/** The conditions of the three data groups and the trailer, in that order. */
export type AccessConditions = readonly [AccessCondition, AccessCondition, AccessCondition, AccessCondition];

/** The transport configuration: data blocks 000, trailer 001. */
export const TRANSPORT_ACCESS_CONDITIONS: AccessConditions = [0, 0, 0, 1];

/** Reads an access condition written as the datasheet does, 'C1C2C3' (e.g. '100'). */
export function accessConditionFromBits(bits: string): Result<AccessCondition> {
  if (!/^[01]{3}$/.test(bits)) {
    return fail('FIELD_INVALID', `access condition '${bits}' is not three bits C1C2C3`, {
      field: 'access condition',
    });
  }
  return ok(Number.parseInt(bits, 2) as AccessCondition);
}

/** Writes an access condition as the datasheet does, 'C1C2C3'. */
export function accessConditionToBits(condition: AccessCondition): string {
  return (condition & 7).toString(2).padStart(3, '0');
}

function isAccessCondition(value: unknown): value is AccessCondition {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 7;
}

/** Encodes the four access conditions into trailer bytes 6–8. */
export function encodeAccessBits(conditions: AccessConditions): Result<Uint8Array> {
  if (!Array.isArray(conditions) || conditions.length !== 4 || !conditions.every(isAccessCondition)) {
    return fail('ACCESS_BITS_INVALID', 'access conditions must be 4 values C1C2C3 from 0 to 7');
  }
  let c1 = 0;
  let c2 = 0;
  let c3 = 0;
  conditions.forEach((condition, group) => {
    c1 |= ((condition >> 2) & 1) << group;
    c2 |= ((condition >> 1) & 1) << group;
    c3 |= (condition & 1) << group;
  });
  return ok(Uint8Array.of(((~c2 & 0xf) << 4) | (~c1 & 0xf), (c1 << 4) | (~c3 & 0xf), (c3 << 4) | c2));
}

/** Decodes trailer bytes 6–8 (the first 3 bytes given); refused when a bit and its inverted copy disagree. */
export function decodeAccessBits(bytes: Uint8Array): Result<AccessConditions> {
  if (!(bytes instanceof Uint8Array) || bytes.length < 3) {
    return fail('ACCESS_BITS_INVALID', 'access bits need 3 bytes');
  }
  const b6 = bytes[0] ?? 0;
  const b7 = bytes[1] ?? 0;
  const b8 = bytes[2] ?? 0;
  const c1 = b7 >> 4;
  const c2 = b8 & 0xf;
  const c3 = b8 >> 4;
  const mismatched: string[] = [];
  if ((b6 & 0xf) !== (~c1 & 0xf)) mismatched.push('C1');
  if (b6 >> 4 !== (~c2 & 0xf)) mismatched.push('C2');
  if ((b7 & 0xf) !== (~c3 & 0xf)) mismatched.push('C3');
  if (mismatched.length > 0) {
    return fail(
      'ACCESS_BITS_INVALID',
      `access bytes ${hex2(b6)}${hex2(b7)}${hex2(b8)}: ${mismatched.join(', ')} and their inverted copies disagree`,
    );
  }
  const condition = (group: number) =>
    ((((c1 >> group) & 1) << 2) | (((c2 >> group) & 1) << 1) | ((c3 >> group) & 1)) as AccessCondition;
  return ok([condition(0), condition(1), condition(2), condition(3)]);
}

// ---------------------------------------------------------------------------------------------------------------
// Sector trailer (datasheet 'Sector trailer'): key A (bytes 0–5) | access bits (6–8) | GPB (9) | key B (10–15).

/** A decoded sector trailer. */
export interface SectorTrailer {
  keyA: Uint8Array;
  accessBits: Uint8Array;
  gpb: number;
  keyB: Uint8Array;
  conditions: AccessConditions;
}

/** Fields to build a trailer from; GPB defaults to 0x69 as delivered. */
export interface SectorTrailerFields {
  keyA: Uint8Array;
  keyB: Uint8Array;
  conditions: AccessConditions;
  gpb?: number;
}

/** Decodes a sector trailer; invalid access bits are refused with ACCESS_BITS_INVALID. */
export function parseTrailer(block: Uint8Array): Result<SectorTrailer> {
  if (!(block instanceof Uint8Array) || block.length !== BLOCK_SIZE) {
    return fail('FIELD_INVALID', 'a sector trailer must be 16 bytes', { field: 'sector trailer' });
  }
  const conditions = decodeAccessBits(block.subarray(6, 9));
  if (!conditions.ok) return conditions;
  return ok({
    keyA: block.slice(0, 6),
    accessBits: block.slice(6, 9),
    gpb: block[9] ?? 0,
    keyB: block.slice(10, 16),
    conditions: conditions.value,
  });
}

/** Builds a sector trailer from its keys and access conditions. */
export function buildTrailer(fields: SectorTrailerFields): Result<Uint8Array> {
  const { keyA, keyB } = fields;
  if (!(keyA instanceof Uint8Array) || keyA.length !== KEY_SIZE) {
    return fail('KEY_INVALID', 'key A must be 6 bytes');
  }
  if (!(keyB instanceof Uint8Array) || keyB.length !== KEY_SIZE) {
    return fail('KEY_INVALID', 'key B must be 6 bytes');
  }
  const gpb = fields.gpb ?? TRANSPORT_GPB;
  if (!Number.isInteger(gpb) || gpb < 0 || gpb > 0xff) {
    return fail('FIELD_INVALID', 'the general purpose byte must be one byte', { field: 'GPB' });
  }
  const access = encodeAccessBits(fields.conditions);
  if (!access.ok) return access;
  const block = new Uint8Array(BLOCK_SIZE);
  block.set(keyA, 0);
  block.set(access.value, 6);
  block[9] = gpb;
  block.set(keyB, 10);
  return ok(block);
}

// ---------------------------------------------------------------------------------------------------------------
// Permissions (datasheet tables 'Access conditions for the sector trailer' and '... for data blocks').

/** What a reader does to a data block; transfer and restore follow the decrement column. */
export type DataOperation = 'read' | 'write' | 'increment' | 'decrement' | 'transfer' | 'restore';
/** What a reader does to the parts of a sector trailer. */
export type TrailerOperation =
  | 'readKeyA'
  | 'writeKeyA'
  | 'readAccessBits'
  | 'writeAccessBits'
  | 'readKeyB'
  | 'writeKeyB';
/** Any operation checked against access conditions. */
export type CardOperation = DataOperation | TrailerOperation;

/** Which keys a table cell allows. */
type Allowed = 'never' | 'A' | 'B' | 'AB';

const DATA_OPERATIONS = ['read', 'write', 'increment', 'decrement'] as const;
const TRAILER_OPERATIONS = [
  'readKeyA',
  'writeKeyA',
  'readAccessBits',
  'writeAccessBits',
  'readKeyB',
  'writeKeyB',
] as const;

/** Data blocks: read, write, increment, decrement/transfer/restore; index = C1C2C3. */
const DATA_TABLE: readonly (readonly [Allowed, Allowed, Allowed, Allowed])[] = [
  /* 000 transport */ ['AB', 'AB', 'AB', 'AB'],
  /* 001 value */ ['AB', 'never', 'never', 'AB'],
  /* 010 read/write */ ['AB', 'never', 'never', 'never'],
  /* 011 read/write */ ['B', 'B', 'never', 'never'],
  /* 100 read/write */ ['AB', 'B', 'never', 'never'],
  /* 101 read/write */ ['B', 'never', 'never', 'never'],
  /* 110 value */ ['AB', 'B', 'B', 'AB'],
  /* 111 read/write */ ['never', 'never', 'never', 'never'],
];

/** Trailer: key A read/write, access bits read/write, key B read/write; index = C1C2C3. */
const TRAILER_TABLE: readonly (readonly [Allowed, Allowed, Allowed, Allowed, Allowed, Allowed])[] = [
  /* 000 key B readable */ ['never', 'A', 'A', 'never', 'A', 'A'],
  /* 001 key B readable, transport */ ['never', 'A', 'A', 'A', 'A', 'A'],
  /* 010 key B readable */ ['never', 'never', 'A', 'never', 'A', 'never'],
  /* 011 */ ['never', 'B', 'AB', 'B', 'never', 'B'],
  /* 100 */ ['never', 'B', 'AB', 'never', 'never', 'B'],
  /* 101 */ ['never', 'never', 'AB', 'B', 'never', 'never'],
  /* 110 */ ['never', 'never', 'AB', 'never', 'never', 'never'],
  /* 111 */ ['never', 'never', 'AB', 'never', 'never', 'never'],
];

const DATA_COLUMN: Record<DataOperation, number> = {
  read: 0,
  write: 1,
  increment: 2,
  decrement: 3,
  transfer: 3,
  restore: 3,
};

function isTrailerOperation(operation: CardOperation): operation is TrailerOperation {
  return (TRAILER_OPERATIONS as readonly string[]).includes(operation);
}

function isDataOperation(operation: CardOperation): operation is DataOperation {
  return Object.hasOwn(DATA_COLUMN, operation);
}

/**
 * True when the trailer condition lets key A read key B. Such a key B is plain data: the card refuses every access
 * after authenticating with it (datasheet remark on the rows marked 'key B may be read').
 */
export function keyBReadable(trailerCondition: AccessCondition): boolean {
  return TRAILER_TABLE[trailerCondition]?.[4] !== 'never';
}

/** A permission question: may `keyType` do `operation` on a block of `group` in a sector with these conditions? */
export interface PermitQuery {
  conditions: AccessConditions;
  group: AccessGroup;
  operation: CardOperation;
  keyType: MifareKeyType;
}

/** Answers a permission question from the datasheet tables; data operations on the trailer and vice versa are refused. */
export function permits(query: PermitQuery): boolean {
  const { conditions, group, operation, keyType } = query;
  const trailerCondition = conditions[3];
  if (keyType === 'B' && keyBReadable(trailerCondition)) return false;
  let allowed: Allowed | undefined;
  if (group === 3) {
    if (!isTrailerOperation(operation)) return false;
    allowed = TRAILER_TABLE[trailerCondition]?.[TRAILER_OPERATIONS.indexOf(operation)];
  } else {
    if (!isDataOperation(operation)) return false;
    allowed = DATA_TABLE[conditions[group]]?.[DATA_COLUMN[operation]];
  }
  return allowed === 'AB' || allowed === keyType;
}

/** The operations the datasheet names for a group: data operations for groups 0–2, trailer parts for 3. */
export function operationsOfGroup(group: AccessGroup): readonly CardOperation[] {
  return group === 3 ? TRAILER_OPERATIONS : DATA_OPERATIONS;
}

// ---------------------------------------------------------------------------------------------------------------
// Value blocks (datasheet 'Value blocks'): value LE(4) | ~value(4) | value(4) | addr | ~addr | addr | ~addr.

/** A decoded value block: a signed 32-bit value and the address byte (often the block's own number). */
export interface ValueBlock {
  value: number;
  address: number;
}

/** Encodes a value block. */
export function encodeValueBlock(value: number, address: number): Result<Uint8Array> {
  if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) {
    return fail('FIELD_INVALID', `value ${value} is not a signed 32-bit integer`, { field: 'value' });
  }
  if (!Number.isInteger(address) || address < 0 || address > 0xff) {
    return fail('FIELD_INVALID', `address ${address} is not one byte`, { field: 'address' });
  }
  const block = new Uint8Array(BLOCK_SIZE);
  for (let i = 0; i < 4; i++) {
    const byte = (value >>> (8 * i)) & 0xff;
    block[i] = byte;
    block[4 + i] = ~byte & 0xff;
    block[8 + i] = byte;
  }
  block[12] = address;
  block[13] = ~address & 0xff;
  block[14] = address;
  block[15] = ~address & 0xff;
  return ok(block);
}

/** Decodes a value block; refused when its three copies of the value or of the address disagree. */
export function decodeValueBlock(block: Uint8Array): Result<ValueBlock> {
  if (!(block instanceof Uint8Array) || block.length !== BLOCK_SIZE) {
    return fail('FIELD_INVALID', 'a value block must be 16 bytes', { field: 'value block' });
  }
  const b = (i: number) => block[i] ?? 0;
  for (let i = 0; i < 4; i++) {
    if (b(i) !== b(8 + i) || b(i) !== (~b(4 + i) & 0xff)) {
      return fail('FIELD_INVALID', `value block: byte ${i} of the value disagrees with its copies`, {
        field: 'value block',
      });
    }
  }
  if (b(12) !== b(14) || b(13) !== b(15) || b(12) !== (~b(13) & 0xff)) {
    return fail('FIELD_INVALID', 'value block: the address bytes disagree', { field: 'value block' });
  }
  const value = b(0) | (b(1) << 8) | (b(2) << 16) | (b(3) << 24);
  return ok({ value, address: b(12) });
}

/** True when a block has the value-block layout. */
export function isValueBlock(block: Uint8Array): boolean {
  return decodeValueBlock(block).ok;
}

// ---------------------------------------------------------------------------------------------------------------
// Cards

/** A new card in transport configuration: block 0 from the UID, keys FFFFFFFFFFFF, access FF0780, GPB 69. */
export function blankCard(size: CardSize, uid: Uint8Array | string): Result<MifareCard> {
  if (size !== '1K' && size !== '4K') {
    return fail('FIELD_INVALID', `card size ${String(size)} is not 1K or 4K`, { field: 'card size' });
  }
  const uidBytes = typeof uid === 'string' ? hexBytes(uid) : uid;
  if (uidBytes === undefined) return fail('HEX_INVALID', `UID '${String(uid)}' is not hex`);
  const block0 = buildManufacturerBlock({ uid: uidBytes, size });
  if (!block0.ok) return block0;
  const trailer = transportTrailer();
  const blocks: Uint8Array[] = [];
  for (let block = 0; block < CARD_GEOMETRY[size].blocks; block++) {
    if (block === 0) blocks.push(block0.value);
    else if (trailerOf(sectorOf(block)) === block) blocks.push(trailer.slice());
    else blocks.push(new Uint8Array(BLOCK_SIZE));
  }
  return ok(uidBytes.length === 7 ? { size, blocks, uidLength: 7 } : { size, blocks });
}

function transportTrailer(): Uint8Array {
  const block = new Uint8Array(BLOCK_SIZE);
  block.fill(0xff, 0, 6);
  block.set([0xff, 0x07, 0x80, TRANSPORT_GPB], 6);
  block.fill(0xff, 10, 16);
  return block;
}

/** Checks that a value is a well-formed card (size, block count, 16-byte blocks, mask shape). */
export function checkCard(card: unknown): Result<MifareCard> {
  if (typeof card !== 'object' || card === null)
    return fail('FIELD_INVALID', 'not a card', { field: 'card' });
  const { size, blocks, uidLength, unknownMask } = card as Partial<MifareCard>;
  if (size !== '1K' && size !== '4K') {
    return fail('FIELD_INVALID', `card size ${String(size)} is not 1K or 4K`, { field: 'card size' });
  }
  const count = CARD_GEOMETRY[size].blocks;
  if (!Array.isArray(blocks) || blocks.length !== count) {
    return fail('FIELD_INVALID', `a ${size} card has ${count} blocks`, { field: 'card blocks' });
  }
  const bad = blocks.findIndex((block) => !(block instanceof Uint8Array) || block.length !== BLOCK_SIZE);
  if (bad >= 0) return fail('FIELD_INVALID', `block ${bad} is not 16 bytes`, { field: 'card blocks' });
  if (uidLength !== undefined && uidLength !== 4 && uidLength !== 7) {
    return fail('FIELD_INVALID', 'the UID length is 4 or 7', { field: 'UID' });
  }
  if (
    unknownMask !== undefined &&
    (!Array.isArray(unknownMask) ||
      unknownMask.length !== count ||
      !unknownMask.every((m) => Number.isInteger(m) && m >= 0 && m <= 0xffff))
  ) {
    return fail('FIELD_INVALID', `the unknown-byte mask must hold ${count} 16-bit values`, {
      field: 'card mask',
    });
  }
  return ok(card as MifareCard);
}

/** The card as one byte string (block 0 first), as a .bin/.mfd dump holds it. */
export function cardToBytes(card: MifareCard): Uint8Array {
  const bytes = new Uint8Array(card.blocks.length * BLOCK_SIZE);
  card.blocks.forEach((block, index) => {
    bytes.set(block.subarray(0, BLOCK_SIZE), index * BLOCK_SIZE);
  });
  return bytes;
}

/** A card from 1024 or 4096 bytes. */
export function cardFromBytes(bytes: Uint8Array): Result<MifareCard> {
  const size = bytes.length === 1024 ? '1K' : bytes.length === 4096 ? '4K' : undefined;
  if (size === undefined) {
    return fail('FIELD_INVALID', `a card image is 1024 or 4096 bytes, not ${bytes.length}`, {
      field: 'card',
    });
  }
  const blocks: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += BLOCK_SIZE) {
    blocks.push(bytes.slice(offset, offset + BLOCK_SIZE));
  }
  return ok({ size, blocks });
}

/** A deep copy of a card. */
export function cloneCard(card: MifareCard): MifareCard {
  const copy: MifareCard = { size: card.size, blocks: card.blocks.map((block) => block.slice()) };
  if (card.uidLength !== undefined) copy.uidLength = card.uidLength;
  if (card.unknownMask !== undefined) copy.unknownMask = [...card.unknownMask];
  return copy;
}

/** The UID held in block 0 (4 bytes, or 7 when the card says so). */
export function cardUid(card: MifareCard): Uint8Array {
  return (card.blocks[0] ?? new Uint8Array(BLOCK_SIZE)).slice(0, card.uidLength ?? 4);
}

/** True when every byte of a block was known in the source dump. */
export function isBlockKnown(card: MifareCard, block: number): boolean {
  return (card.unknownMask?.[block] ?? 0) === 0;
}

/** The access conditions of a sector, read from its trailer; ACCESS_BITS_INVALID means the sector is locked. */
export function sectorConditions(card: MifareCard, sector: number): Result<AccessConditions> {
  if (!sectorInRange(sector, card.size)) return sectorOutOfRange(sector, card.size);
  const trailer = card.blocks[trailerOf(sector)];
  if (trailer === undefined) return sectorOutOfRange(sector, card.size);
  const conditions = decodeAccessBits(trailer.subarray(6, 9));
  if (!conditions.ok) {
    return fail('ACCESS_BITS_INVALID', `sector ${sector} is locked: ${conditions.detail}`, { sector });
  }
  return conditions;
}

/**
 * May `keyType` do `operation` on `block`? The conditions come from the card (the block's sector trailer) or from a
 * given 16-byte trailer of the block's sector. For a trailer block, 'read' means reading it at all (its access bits
 * are readable) and 'write' writing any part of it. Fails when the block is out of range (BLOCK_OUT_OF_RANGE) or the
 * access bits are invalid (ACCESS_BITS_INVALID: the sector is locked).
 */
export function canAccess(
  source: MifareCard | Uint8Array,
  block: number,
  operation: CardOperation,
  keyType: MifareKeyType,
): Result<boolean> {
  const size = source instanceof Uint8Array ? '4K' : source.size;
  if (!blockInRange(block, size)) return blockOutOfRange(block, size);
  let conditions: Result<AccessConditions>;
  if (source instanceof Uint8Array) {
    if (source.length !== BLOCK_SIZE) {
      return fail('FIELD_INVALID', 'a sector trailer must be 16 bytes', { field: 'sector trailer' });
    }
    conditions = decodeAccessBits(source.subarray(6, 9));
  } else {
    conditions = sectorConditions(source, sectorOf(block));
  }
  if (!conditions.ok) return conditions;
  const group = groupOf(block);
  const ask = (op: CardOperation) => permits({ conditions: conditions.value, group, operation: op, keyType });
  if (group === 3 && operation === 'read') return ok(ask('readAccessBits'));
  if (group === 3 && operation === 'write') {
    return ok(ask('writeKeyA') || ask('writeAccessBits') || ask('writeKeyB'));
  }
  return ok(ask(operation));
}

/** Checks a key against a sector's key A or B: AUTH_FAILED when it differs, ACCESS_BITS_INVALID when locked. */
export function authenticate(
  card: MifareCard,
  sector: number,
  keyType: MifareKeyType,
  key: Uint8Array,
): Result<true> {
  const conditions = sectorConditions(card, sector);
  if (!conditions.ok) return conditions;
  if (!(key instanceof Uint8Array) || key.length !== KEY_SIZE) return fail('KEY_INVALID', 'a key is 6 bytes');
  const trailer = card.blocks[trailerOf(sector)] ?? new Uint8Array(BLOCK_SIZE);
  const stored = keyType === 'A' ? trailer.subarray(0, 6) : trailer.subarray(10, 16);
  for (let i = 0; i < KEY_SIZE; i++) {
    if (stored[i] !== key[i]) return fail('AUTH_FAILED', `key ${keyType} of sector ${sector} does not match`);
  }
  return ok(true);
}

/**
 * Reads a block after authenticating with `keyType`, as the card answers: a trailer comes back with key A as zeros,
 * and key B as zeros unless readable. ACCESS_DENIED when the conditions forbid the read.
 */
export function readBlock(card: MifareCard, block: number, keyType: MifareKeyType): Result<Uint8Array> {
  const allowed = canAccess(card, block, 'read', keyType);
  if (!allowed.ok) return allowed;
  if (!allowed.value)
    return fail('ACCESS_DENIED', `block ${block} may not be read with key ${keyType}`, { block });
  const data = (card.blocks[block] ?? new Uint8Array(BLOCK_SIZE)).slice();
  if (groupOf(block) === 3) {
    data.fill(0, 0, 6);
    const conditions = sectorConditions(card, sectorOf(block));
    const readable =
      conditions.ok && permits({ conditions: conditions.value, group: 3, operation: 'readKeyB', keyType });
    if (!readable) data.fill(0, 10, 16);
  }
  return ok(data);
}

/**
 * Writes a block after authenticating with `keyType` and returns the new card. Block 0 is read-only. A trailer write
 * changes only the parts the conditions let this key write (key A, access bits with GPB, key B); written access bits
 * are not checked, so invalid ones lock the sector as on a real card. ACCESS_DENIED when nothing may be written.
 */
export function writeBlock(
  card: MifareCard,
  block: number,
  data: Uint8Array,
  keyType: MifareKeyType,
): Result<MifareCard> {
  if (!blockInRange(block, card.size)) return blockOutOfRange(block, card.size);
  if (!(data instanceof Uint8Array) || data.length !== BLOCK_SIZE) {
    return fail('WRITE_DATA_INVALID', `block ${block}: data must be 16 bytes`);
  }
  if (block === 0) return fail('ACCESS_DENIED', 'block 0 (manufacturer block) is read-only', { block });
  const allowed = canAccess(card, block, 'write', keyType);
  if (!allowed.ok) return allowed;
  if (!allowed.value) {
    return fail('ACCESS_DENIED', `block ${block} may not be written with key ${keyType}`, { block });
  }
  let written = data.slice();
  if (groupOf(block) === 3) {
    const conditions = sectorConditions(card, sectorOf(block));
    if (!conditions.ok) return conditions;
    const may = (operation: TrailerOperation) =>
      permits({ conditions: conditions.value, group: 3, operation, keyType });
    written = (card.blocks[block] ?? new Uint8Array(BLOCK_SIZE)).slice();
    if (may('writeKeyA')) written.set(data.subarray(0, 6), 0);
    if (may('writeAccessBits')) written.set(data.subarray(6, 10), 6);
    if (may('writeKeyB')) written.set(data.subarray(10, 16), 10);
  }
  const next: MifareCard = { ...card, blocks: card.blocks.slice() };
  next.blocks[block] = written;
  if (card.unknownMask !== undefined) {
    next.unknownMask = card.unknownMask.slice();
    next.unknownMask[block] = 0;
  }
  return ok(next);
}

/**
 * Increments or decrements a value block by `amount` and transfers the result back into the same block, as an
 * encoder's 'add/subtract value' does. Needs the increment (or decrement) and the transfer permission; the block
 * must hold a valid value block and the result must stay a signed 32-bit value.
 */
export function changeValue(
  card: MifareCard,
  block: number,
  operation: 'increment' | 'decrement',
  amount: number,
  keyType: MifareKeyType,
): Result<MifareCard> {
  if (!blockInRange(block, card.size)) return blockOutOfRange(block, card.size);
  if (!Number.isInteger(amount) || amount < 0 || amount > 0xffffffff) {
    return fail('FIELD_INVALID', `amount ${amount} is not an unsigned 32-bit integer`, { field: 'amount' });
  }
  if (block === 0 || groupOf(block) === 3) {
    return fail('ACCESS_DENIED', `block ${block} cannot hold a value`, { block });
  }
  for (const needed of [operation, 'transfer'] as const) {
    const allowed = canAccess(card, block, needed, keyType);
    if (!allowed.ok) return allowed;
    if (!allowed.value) {
      return fail('ACCESS_DENIED', `block ${block}: ${needed} is not allowed with key ${keyType}`, { block });
    }
  }
  const current = decodeValueBlock(card.blocks[block] ?? new Uint8Array(BLOCK_SIZE));
  if (!current.ok) return current;
  const next = current.value.value + (operation === 'increment' ? amount : -amount);
  const encoded = encodeValueBlock(next, current.value.address);
  if (!encoded.ok) return encoded;
  const changed: MifareCard = { ...card, blocks: card.blocks.slice() };
  changed.blocks[block] = encoded.value;
  return ok(changed);
}

// ---------------------------------------------------------------------------------------------------------------
// Small private hex helpers (the package's hex module is another engineer's; these keep this file standalone).

function hex2(byte: number): string {
  return byte.toString(16).toUpperCase().padStart(2, '0');
}

function hexBytes(text: string): Uint8Array | undefined {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) return undefined;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
