import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccessCondition,
  type AccessConditions,
  type AccessGroup,
  accessConditionFromBits,
  accessConditionToBits,
  accessGroupOfBlock,
  authenticate,
  bccOf,
  blankCard,
  blockCountOf,
  blocksInSector,
  buildManufacturerBlock,
  buildTrailer,
  CARD_GEOMETRY,
  type CardOperation,
  type CardSize,
  canAccess,
  cardFromBytes,
  cardToBytes,
  cardUid,
  changeValue,
  checkCard,
  cloneCard,
  decodeAccessBits,
  decodeValueBlock,
  encodeAccessBits,
  encodeValueBlock,
  firstBlockOfSector,
  isBlockKnown,
  isTrailerBlock,
  isValueBlock,
  keyBReadable,
  MIFARE_DEFAULT_KEYS,
  type MifareCard,
  type MifareKeyType,
  operationsOfGroup,
  parseManufacturerBlock,
  parseTrailer,
  permits,
  readBlock,
  sectorConditions,
  sectorCountOf,
  sectorOfBlock,
  TRANSPORT_ACCESS_BITS,
  TRANSPORT_ACCESS_CONDITIONS,
  trailerBlockOfSector,
  writeBlock,
} from './mifare.js';
import type { Result } from './result.js';

interface Reference {
  access_bits: { meaning: string; conditions_c1c2c3_block0_to_trailer: string[]; bytes6to8_hex: string }[];
  access_bits_invalid_examples: string[];
  block0_example: { hex: string; uid: string; bcc: string; sak: string; atqa: string };
  value_block_example: { value: number; address: number; hex: string };
  default_keys: string[];
  geometry: {
    '1K': { sectors: number; blocks: number };
    '4K': { sectors: number; blocks: number };
    card_check_block: { block: number; sector: number; block_in_sector: number };
  };
}

const reference = JSON.parse(
  readFileSync(new URL('./fixtures/reference/mifare-reference.json', import.meta.url), 'utf8'),
) as Reference;

// Test-local hex helpers, so these tests do not lean on the code under test.
const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join('');

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.detail}`);
  return result.value;
}

function codeOf(result: Result<unknown>): string | undefined {
  return result.ok ? undefined : result.code;
}

const conditionsOf = (bits: string[]) =>
  bits.map((b) => Number.parseInt(b, 2)) as unknown as AccessConditions;

/** A 1K card whose sector 1 trailer carries the given conditions, key A 'A0A1A2A3A4A5' and key B 'B0B1B2B3B4B5'. */
function cardWithSector1(conditions: AccessConditions, size: CardSize = '1K'): MifareCard {
  const card = value(blankCard(size, '11223344'));
  card.blocks[7] = value(
    buildTrailer({ keyA: hex('A0A1A2A3A4A5'), keyB: hex('B0B1B2B3B4B5'), conditions, gpb: 0x69 }),
  );
  return card;
}

describe('geometry', () => {
  it('matches the reference sector and block counts', () => {
    for (const size of ['1K', '4K'] as const) {
      expect(sectorCountOf(size)).toBe(reference.geometry[size].sectors);
      expect(blockCountOf(size)).toBe(reference.geometry[size].blocks);
      expect(CARD_GEOMETRY[size].bytes).toBe(reference.geometry[size].blocks * 16);
    }
  });

  it('places the card-check block 54 in sector 13 as its block 2', () => {
    const { block, sector, block_in_sector } = reference.geometry.card_check_block;
    expect(value(sectorOfBlock(block, '1K'))).toBe(sector);
    expect(block - value(firstBlockOfSector(sector, '1K'))).toBe(block_in_sector);
  });

  it('tiles every block into exactly one sector, the last block of each being its trailer', () => {
    for (const size of ['1K', '4K'] as const) {
      let expectedBlock = 0;
      for (let sector = 0; sector < sectorCountOf(size); sector++) {
        const first = value(firstBlockOfSector(sector, size));
        const count = value(blocksInSector(sector, size));
        expect(first).toBe(expectedBlock);
        expect(count).toBe(size === '4K' && sector >= 32 ? 16 : 4);
        expect(value(trailerBlockOfSector(sector, size))).toBe(first + count - 1);
        for (let block = first; block < first + count; block++) {
          expect(value(sectorOfBlock(block, size))).toBe(sector);
          expect(value(isTrailerBlock(block, size))).toBe(block === first + count - 1);
        }
        expectedBlock += count;
      }
      expect(expectedBlock).toBe(blockCountOf(size));
    }
  });

  it('groups 16-block sectors as blocks 0-4, 5-9, 10-14 and the trailer', () => {
    const groups = Array.from({ length: 16 }, (_, i) => value(accessGroupOfBlock(128 + i, '4K')));
    expect(groups).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3]);
    expect([4, 5, 6, 7].map((b) => value(accessGroupOfBlock(b, '1K')))).toEqual([0, 1, 2, 3]);
    expect(value(accessGroupOfBlock(255, '4K'))).toBe(3);
  });

  it('refuses blocks and sectors off the card with BLOCK_OUT_OF_RANGE', () => {
    expect(codeOf(sectorOfBlock(64, '1K'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(codeOf(sectorOfBlock(256, '4K'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(codeOf(sectorOfBlock(-1, '4K'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(codeOf(sectorOfBlock(1.5, '4K'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(codeOf(isTrailerBlock(Number.NaN, '1K'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(codeOf(accessGroupOfBlock(64, '1K'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(codeOf(firstBlockOfSector(16, '1K'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(codeOf(blocksInSector(40, '4K'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(codeOf(trailerBlockOfSector(-1, '4K'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(value(sectorOfBlock(255, '4K'))).toBe(39);
  });
});

describe('manufacturer block (block 0)', () => {
  const example = reference.block0_example;

  it('parses the reference block 0', () => {
    const parsed = value(parseManufacturerBlock(hex(example.hex)));
    expect(toHex(parsed.uid)).toBe(example.uid);
    expect(parsed.bcc?.toString(16).toUpperCase().padStart(2, '0')).toBe(example.bcc);
    expect(parsed.sak.toString(16).padStart(2, '0')).toBe(example.sak);
    expect(toHex(parsed.atqa)).toBe(example.atqa);
    expect(toHex(parsed.manufacturerData)).toBe('6263646566676869');
  });

  it('builds the reference block 0 from its UID (BCC computed, 1K SAK and ATQA)', () => {
    expect(toHex(value(buildManufacturerBlock({ uid: hex(example.uid) })))).toBe(example.hex);
    expect(bccOf(hex(example.uid))).toBe(Number.parseInt(example.bcc, 16));
  });

  it('uses the 4K SAK 18 and ATQA 0200 for a 4K card', () => {
    expect(toHex(value(buildManufacturerBlock({ uid: hex('DEADBEEF'), size: '4K' }))).slice(8, 16)).toBe(
      '22180200',
    );
  });

  it('refuses a block 0 whose BCC does not match with FIELD_INVALID', () => {
    const bad = hex(example.hex);
    bad[4] = 0x45;
    const result = parseManufacturerBlock(bad);
    expect(codeOf(result)).toBe('FIELD_INVALID');
    expect(result.ok ? '' : result.detail).toContain('BCC');
  });

  it('builds and parses a 7-byte UID without BCC', () => {
    const block = value(buildManufacturerBlock({ uid: hex('04112233445566'), sak: 0x08, atqa: hex('4400') }));
    expect(toHex(block).slice(0, 20)).toBe('04112233445566084400');
    const parsed = value(parseManufacturerBlock(block, 7));
    expect(toHex(parsed.uid)).toBe('04112233445566');
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.sak).toBe(0x08);
    expect(toHex(parsed.atqa)).toBe('4400');
  });

  it('refuses bad fields with FIELD_INVALID', () => {
    expect(codeOf(buildManufacturerBlock({ uid: hex('112233') }))).toBe('FIELD_INVALID');
    expect(codeOf(buildManufacturerBlock({ uid: hex('11223344'), sak: 256 }))).toBe('FIELD_INVALID');
    expect(codeOf(buildManufacturerBlock({ uid: hex('11223344'), atqa: hex('04') }))).toBe('FIELD_INVALID');
    expect(
      codeOf(buildManufacturerBlock({ uid: hex('11223344'), manufacturerData: new Uint8Array(9) })),
    ).toBe('FIELD_INVALID');
    expect(codeOf(parseManufacturerBlock(new Uint8Array(15)))).toBe('FIELD_INVALID');
  });
});

describe('access bits', () => {
  it('encodes and decodes the 5 reference configurations', () => {
    for (const row of reference.access_bits) {
      const conditions = conditionsOf(row.conditions_c1c2c3_block0_to_trailer);
      expect(toHex(value(encodeAccessBits(conditions))), row.meaning).toBe(row.bytes6to8_hex);
      expect(value(decodeAccessBits(hex(row.bytes6to8_hex))), row.meaning).toEqual(conditions);
    }
    expect(toHex(value(encodeAccessBits(TRANSPORT_ACCESS_CONDITIONS)))).toBe(TRANSPORT_ACCESS_BITS);
  });

  it('refuses the 8 reference invalid encodings with ACCESS_BITS_INVALID', () => {
    for (const bytes of reference.access_bits_invalid_examples) {
      expect(codeOf(decodeAccessBits(hex(bytes))), bytes).toBe('ACCESS_BITS_INVALID');
    }
  });

  it('round-trips all 4096 combinations exhaustively, each to a distinct encoding', () => {
    const seen = new Set<string>();
    for (let combination = 0; combination < 4096; combination++) {
      const conditions = [0, 1, 2, 3].map((g) => (combination >> (3 * g)) & 7) as unknown as AccessConditions;
      const bytes = value(encodeAccessBits(conditions));
      expect(value(decodeAccessBits(bytes))).toEqual(conditions);
      seen.add(toHex(bytes));
    }
    expect(seen.size).toBe(4096);
  });

  it('accepts exactly the bytes whose inverted copies match, for random 3-byte values', () => {
    // An independent statement of the datasheet rule: byte6 = ~C2|~C1, byte7 = C1|~C3, byte8 = C3|C2.
    const wellFormed = (b6: number, b7: number, b8: number) =>
      (b6 & 0xf) === (~(b7 >> 4) & 0xf) && b6 >> 4 === (~b8 & 0xf) && (b7 & 0xf) === (~(b8 >> 4) & 0xf);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        (b6, b7, b8) => {
          const decoded = decodeAccessBits(Uint8Array.of(b6, b7, b8));
          expect(decoded.ok).toBe(wellFormed(b6, b7, b8));
          if (decoded.ok)
            expect(toHex(value(encodeAccessBits(decoded.value)))).toBe(toHex(Uint8Array.of(b6, b7, b8)));
          else expect(decoded.code).toBe('ACCESS_BITS_INVALID');
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('refuses random mismatched access bytes, built by flipping a bit of a valid encoding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4095 }), fc.integer({ min: 0, max: 23 }), (combination, bit) => {
        const conditions = [0, 1, 2, 3].map(
          (g) => (combination >> (3 * g)) & 7,
        ) as unknown as AccessConditions;
        const bytes = value(encodeAccessBits(conditions));
        bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) ^ (1 << (bit & 7));
        expect(codeOf(decodeAccessBits(bytes))).toBe('ACCESS_BITS_INVALID');
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses out-of-range conditions and short input with ACCESS_BITS_INVALID', () => {
    expect(codeOf(encodeAccessBits([0, 0, 8, 1] as unknown as AccessConditions))).toBe('ACCESS_BITS_INVALID');
    expect(codeOf(encodeAccessBits([0, 0, 1] as unknown as AccessConditions))).toBe('ACCESS_BITS_INVALID');
    expect(codeOf(decodeAccessBits(Uint8Array.of(0xff, 0x07)))).toBe('ACCESS_BITS_INVALID');
  });

  it('reads and writes conditions as C1C2C3 bit strings', () => {
    expect(value(accessConditionFromBits('100'))).toBe(4);
    expect(accessConditionToBits(3)).toBe('011');
    expect(codeOf(accessConditionFromBits('12'))).toBe('FIELD_INVALID');
  });
});

describe('sector trailer', () => {
  it('parses and builds the transport trailer', () => {
    const block = hex('FFFFFFFFFFFFFF078069FFFFFFFFFFFF');
    const trailer = value(parseTrailer(block));
    expect(toHex(trailer.keyA)).toBe('FFFFFFFFFFFF');
    expect(toHex(trailer.keyB)).toBe('FFFFFFFFFFFF');
    expect(toHex(trailer.accessBits)).toBe('FF0780');
    expect(trailer.gpb).toBe(0x69);
    expect(trailer.conditions).toEqual([0, 0, 0, 1]);
    expect(toHex(value(buildTrailer(trailer)))).toBe(toHex(block));
  });

  it('refuses a trailer with invalid access bits', () => {
    expect(codeOf(parseTrailer(hex('FFFFFFFFFFFF79778869FFFFFFFFFFFF')))).toBe('ACCESS_BITS_INVALID');
  });

  it('refuses keys that are not 6 bytes with KEY_INVALID, other bad fields with FIELD_INVALID', () => {
    const conditions = TRANSPORT_ACCESS_CONDITIONS;
    expect(codeOf(buildTrailer({ keyA: new Uint8Array(5), keyB: new Uint8Array(6), conditions }))).toBe(
      'KEY_INVALID',
    );
    expect(codeOf(buildTrailer({ keyA: new Uint8Array(6), keyB: new Uint8Array(7), conditions }))).toBe(
      'KEY_INVALID',
    );
    expect(
      codeOf(buildTrailer({ keyA: new Uint8Array(6), keyB: new Uint8Array(6), conditions, gpb: 300 })),
    ).toBe('FIELD_INVALID');
    expect(codeOf(parseTrailer(new Uint8Array(10)))).toBe('FIELD_INVALID');
  });
});

describe('permissions (datasheet access-condition tables)', () => {
  // The datasheet tables written out row by row as it prints them (C1 C2 C3: cells), independent of the code.
  const DATA_ROWS: Record<string, [string, string, string, string]> = {
    '000': ['A|B', 'A|B', 'A|B', 'A|B'],
    '010': ['A|B', 'never', 'never', 'never'],
    '100': ['A|B', 'B', 'never', 'never'],
    '110': ['A|B', 'B', 'B', 'A|B'],
    '001': ['A|B', 'never', 'never', 'A|B'],
    '011': ['B', 'B', 'never', 'never'],
    '101': ['B', 'never', 'never', 'never'],
    '111': ['never', 'never', 'never', 'never'],
  };
  const TRAILER_ROWS: Record<string, [string, string, string, string, string, string]> = {
    '000': ['never', 'A', 'A', 'never', 'A', 'A'],
    '010': ['never', 'never', 'A', 'never', 'A', 'never'],
    '100': ['never', 'B', 'A|B', 'never', 'never', 'B'],
    '110': ['never', 'never', 'A|B', 'never', 'never', 'never'],
    '001': ['never', 'A', 'A', 'A', 'A', 'A'],
    '011': ['never', 'B', 'A|B', 'B', 'never', 'B'],
    '101': ['never', 'never', 'A|B', 'B', 'never', 'never'],
    '111': ['never', 'never', 'A|B', 'never', 'never', 'never'],
  };
  const KEY_B_READABLE = new Set(['000', '010', '001']);
  const dataOps: CardOperation[][] = [
    ['read'],
    ['write'],
    ['increment'],
    ['decrement', 'transfer', 'restore'],
  ];
  const trailerOps: CardOperation[] = [
    'readKeyA',
    'writeKeyA',
    'readAccessBits',
    'writeAccessBits',
    'readKeyB',
    'writeKeyB',
  ];
  const cellAllows = (cell: string, key: MifareKeyType) => cell === 'A|B' || cell === key;

  it('follows the data-block table for every data and trailer condition, key B barred when readable', () => {
    for (const [dataBits, cells] of Object.entries(DATA_ROWS)) {
      for (const trailerBits of Object.keys(TRAILER_ROWS)) {
        for (const group of [0, 1, 2] as AccessGroup[]) {
          const conditions = [4, 4, 4, value(accessConditionFromBits(trailerBits))] as AccessCondition[];
          conditions[group] = value(accessConditionFromBits(dataBits));
          for (const key of ['A', 'B'] as MifareKeyType[]) {
            cells.forEach((cell, column) => {
              const expected = cellAllows(cell, key) && !(key === 'B' && KEY_B_READABLE.has(trailerBits));
              for (const operation of dataOps[column] ?? []) {
                const query = {
                  conditions: conditions as unknown as AccessConditions,
                  group,
                  operation,
                  keyType: key,
                };
                expect(permits(query), `${dataBits}/${trailerBits} ${operation} ${key}`).toBe(expected);
              }
            });
          }
        }
      }
    }
  });

  it('follows the trailer table for every condition', () => {
    for (const [bits, cells] of Object.entries(TRAILER_ROWS)) {
      const conditions = [0, 0, 0, value(accessConditionFromBits(bits))] as unknown as AccessConditions;
      expect(keyBReadable(conditions[3])).toBe(KEY_B_READABLE.has(bits));
      for (const key of ['A', 'B'] as MifareKeyType[]) {
        cells.forEach((cell, column) => {
          const operation = trailerOps[column] as CardOperation;
          expect(
            permits({ conditions, group: 3, operation, keyType: key }),
            `${bits} ${operation} ${key}`,
          ).toBe(cellAllows(cell, key));
        });
      }
    }
  });

  it('refuses data operations on the trailer and trailer operations on data blocks', () => {
    const conditions = TRANSPORT_ACCESS_CONDITIONS;
    expect(permits({ conditions, group: 3, operation: 'read', keyType: 'A' })).toBe(false);
    expect(permits({ conditions, group: 0, operation: 'writeKeyA', keyType: 'A' })).toBe(false);
    expect(operationsOfGroup(3)).toContain('writeAccessBits');
    expect(operationsOfGroup(1)).toContain('increment');
  });
});

describe('card operations', () => {
  it('builds a blank card in transport configuration', () => {
    for (const size of ['1K', '4K'] as const) {
      const card = value(blankCard(size, hex('11223344')));
      expect(card.blocks).toHaveLength(blockCountOf(size));
      for (let sector = 0; sector < sectorCountOf(size); sector++) {
        const trailer = card.blocks[value(trailerBlockOfSector(sector, size))] ?? new Uint8Array();
        expect(toHex(trailer)).toBe('FFFFFFFFFFFFFF078069FFFFFFFFFFFF');
      }
      expect(toHex(card.blocks[0] ?? new Uint8Array()).slice(0, 10)).toBe('1122334444');
      expect(toHex(card.blocks[1] ?? new Uint8Array())).toBe('0'.repeat(32));
      expect(toHex(cardUid(card))).toBe('11223344');
      expect(value(checkCard(card))).toBe(card);
    }
    const seven = value(blankCard('1K', '04112233445566'));
    expect(seven.uidLength).toBe(7);
    expect(toHex(cardUid(seven))).toBe('04112233445566');
  });

  it('refuses a bad size with FIELD_INVALID, a non-hex UID with HEX_INVALID, a short UID with FIELD_INVALID', () => {
    expect(codeOf(blankCard('2K' as CardSize, '11223344'))).toBe('FIELD_INVALID');
    expect(codeOf(blankCard('1K', '1122334G'))).toBe('HEX_INVALID');
    expect(codeOf(blankCard('1K', '112233'))).toBe('FIELD_INVALID');
  });

  it('checks card shapes with FIELD_INVALID', () => {
    const card = value(blankCard('1K', '11223344'));
    expect(codeOf(checkCard(null))).toBe('FIELD_INVALID');
    expect(codeOf(checkCard({ ...card, size: '2K' }))).toBe('FIELD_INVALID');
    expect(codeOf(checkCard({ ...card, blocks: card.blocks.slice(1) }))).toBe('FIELD_INVALID');
    expect(codeOf(checkCard({ ...card, blocks: [new Uint8Array(15), ...card.blocks.slice(1)] }))).toBe(
      'FIELD_INVALID',
    );
    expect(codeOf(checkCard({ ...card, uidLength: 5 }))).toBe('FIELD_INVALID');
    expect(codeOf(checkCard({ ...card, unknownMask: [1] }))).toBe('FIELD_INVALID');
    expect(codeOf(cardFromBytes(new Uint8Array(1000)))).toBe('FIELD_INVALID');
  });

  it('converts cards to bytes and back, and clones deeply', () => {
    const card = value(blankCard('4K', '01020304'));
    const bytes = cardToBytes(card);
    expect(bytes).toHaveLength(4096);
    expect(value(cardFromBytes(bytes))).toEqual({ size: '4K', blocks: card.blocks });
    const copy = cloneCard({ ...card, unknownMask: new Array(256).fill(0) });
    (copy.blocks[1] ?? new Uint8Array(1))[0] = 9;
    expect(card.blocks[1]?.[0]).toBe(0);
    expect(isBlockKnown(copy, 1)).toBe(true);
    expect(isBlockKnown({ ...card, unknownMask: new Array(256).fill(1) }, 1)).toBe(false);
  });

  it('authenticates with the right key only (AUTH_FAILED otherwise)', () => {
    const card = cardWithSector1([4, 4, 4, 3]);
    expect(value(authenticate(card, 1, 'A', hex('A0A1A2A3A4A5')))).toBe(true);
    expect(value(authenticate(card, 1, 'B', hex('B0B1B2B3B4B5')))).toBe(true);
    expect(codeOf(authenticate(card, 1, 'A', hex('FFFFFFFFFFFF')))).toBe('AUTH_FAILED');
    expect(codeOf(authenticate(card, 1, 'B', hex('A0A1A2A3A4A5')))).toBe('AUTH_FAILED');
    expect(codeOf(authenticate(card, 1, 'A', hex('A0A1A2A3A4')))).toBe('KEY_INVALID');
    expect(codeOf(authenticate(card, 16, 'A', hex('A0A1A2A3A4A5')))).toBe('BLOCK_OUT_OF_RANGE');
  });

  it('reads a trailer back with key A as zeros and key B only when readable', () => {
    const transport = value(blankCard('1K', '11223344'));
    expect(toHex(value(readBlock(transport, 3, 'A')))).toBe('000000000000FF078069FFFFFFFFFFFF');
    // Key B is readable in the transport configuration, so it cannot serve: the read with key B is refused.
    expect(codeOf(readBlock(transport, 3, 'B'))).toBe('ACCESS_DENIED');
    const card = cardWithSector1(conditionsOf(['100', '100', '100', '011']));
    expect(toHex(value(readBlock(card, 7, 'A')))).toBe('00000000000078778869000000000000');
    expect(toHex(value(readBlock(card, 7, 'B')))).toBe('00000000000078778869000000000000');
  });

  it('enforces data-block conditions on read and write', () => {
    const card = cardWithSector1(conditionsOf(['100', '011', '111', '011']));
    expect(value(canAccess(card, 4, 'read', 'A'))).toBe(true);
    expect(value(canAccess(card, 4, 'write', 'A'))).toBe(false);
    expect(value(canAccess(card, 4, 'write', 'B'))).toBe(true);
    expect(codeOf(readBlock(card, 5, 'A'))).toBe('ACCESS_DENIED');
    expect(value(readBlock(card, 5, 'B'))).toHaveLength(16);
    expect(codeOf(readBlock(card, 6, 'B'))).toBe('ACCESS_DENIED');
    // The same answers from the sector trailer alone.
    const trailer = card.blocks[7] ?? new Uint8Array(16);
    expect(value(canAccess(trailer, 4, 'write', 'B'))).toBe(true);
    expect(value(canAccess(trailer, 4, 'write', 'A'))).toBe(false);
    expect(value(canAccess(trailer, 7, 'read', 'A'))).toBe(true);
    expect(codeOf(canAccess(hex('FFFFFFFFFFFF79778869FFFFFFFFFFFF'), 4, 'read', 'A'))).toBe(
      'ACCESS_BITS_INVALID',
    );
    expect(codeOf(canAccess(new Uint8Array(10), 4, 'read', 'A'))).toBe('FIELD_INVALID');
    expect(codeOf(canAccess(trailer, 256, 'read', 'A'))).toBe('BLOCK_OUT_OF_RANGE');
    const data = hex('00112233445566778899AABBCCDDEEFF');
    expect(codeOf(writeBlock(card, 4, data, 'A'))).toBe('ACCESS_DENIED');
    const written = value(writeBlock(card, 4, data, 'B'));
    expect(toHex(written.blocks[4] ?? new Uint8Array())).toBe(toHex(data));
    expect(toHex(card.blocks[4] ?? new Uint8Array())).toBe('0'.repeat(32));
  });

  it('keeps block 0 read-only and refuses bad writes', () => {
    const card = value(blankCard('1K', '11223344'));
    const data = new Uint8Array(16);
    expect(codeOf(writeBlock(card, 0, data, 'A'))).toBe('ACCESS_DENIED');
    expect(codeOf(writeBlock(card, 64, data, 'A'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(codeOf(writeBlock(card, 1, new Uint8Array(15), 'A'))).toBe('WRITE_DATA_INVALID');
    expect(codeOf(readBlock(card, 64, 'A'))).toBe('BLOCK_OUT_OF_RANGE');
  });

  it('writes only the trailer parts the conditions allow', () => {
    // Trailer 100: key A and key B writable with key B, access bits not writable.
    const card = cardWithSector1(conditionsOf(['000', '000', '000', '100']));
    const incoming = value(
      buildTrailer({
        keyA: hex('111111111111'),
        keyB: hex('222222222222'),
        conditions: [0, 0, 0, 1],
        gpb: 0,
      }),
    );
    expect(codeOf(writeBlock(card, 7, incoming, 'A'))).toBe('ACCESS_DENIED');
    const written = value(writeBlock(card, 7, incoming, 'B'));
    const trailer = value(parseTrailer(written.blocks[7] ?? new Uint8Array()));
    expect(toHex(trailer.keyA)).toBe('111111111111');
    expect(toHex(trailer.keyB)).toBe('222222222222');
    expect(trailer.conditions).toEqual(conditionsOf(['000', '000', '000', '100']));
    expect(trailer.gpb).toBe(0x69);
    // Trailer 111 is frozen.
    const frozen = cardWithSector1(conditionsOf(['010', '010', '010', '111']));
    expect(codeOf(writeBlock(frozen, 7, incoming, 'A'))).toBe('ACCESS_DENIED');
    expect(codeOf(writeBlock(frozen, 7, incoming, 'B'))).toBe('ACCESS_DENIED');
  });

  it('locks a sector whose trailer is written with invalid access bits', () => {
    const card = value(blankCard('1K', '11223344'));
    const bad = hex('FFFFFFFFFFFF79778869FFFFFFFFFFFF');
    const locked = value(writeBlock(card, 7, bad, 'A'));
    expect(codeOf(canAccess(locked, 4, 'read', 'A'))).toBe('ACCESS_BITS_INVALID');
    expect(codeOf(readBlock(locked, 5, 'A'))).toBe('ACCESS_BITS_INVALID');
    expect(codeOf(writeBlock(locked, 7, card.blocks[7] ?? new Uint8Array(16), 'A'))).toBe(
      'ACCESS_BITS_INVALID',
    );
    expect(codeOf(authenticate(locked, 1, 'A', hex('FFFFFFFFFFFF')))).toBe('ACCESS_BITS_INVALID');
    expect(codeOf(sectorConditions(locked, 1))).toBe('ACCESS_BITS_INVALID');
    expect(value(canAccess(locked, 8, 'read', 'A'))).toBe(true);
  });

  it('changes value blocks only where increment/decrement and transfer are allowed', () => {
    const card = cardWithSector1(conditionsOf(['110', '001', '100', '011']));
    card.blocks[4] = value(encodeValueBlock(100, 4));
    card.blocks[5] = value(encodeValueBlock(100, 5));
    const up = value(changeValue(card, 4, 'increment', 23, 'B'));
    expect(value(decodeValueBlock(up.blocks[4] ?? new Uint8Array()))).toEqual({ value: 123, address: 4 });
    expect(codeOf(changeValue(card, 4, 'increment', 1, 'A'))).toBe('ACCESS_DENIED');
    const down = value(changeValue(card, 5, 'decrement', 150, 'A'));
    expect(value(decodeValueBlock(down.blocks[5] ?? new Uint8Array())).value).toBe(-50);
    expect(codeOf(changeValue(card, 5, 'increment', 1, 'B'))).toBe('ACCESS_DENIED');
    expect(codeOf(changeValue(card, 6, 'increment', 1, 'B'))).toBe('ACCESS_DENIED');
    expect(codeOf(changeValue(card, 7, 'increment', 1, 'B'))).toBe('ACCESS_DENIED');
    expect(codeOf(changeValue(card, 4, 'increment', -1, 'B'))).toBe('FIELD_INVALID');
    expect(codeOf(changeValue(card, 4, 'increment', 0x7fffffff, 'B'))).toBe('FIELD_INVALID');
    const transport = value(blankCard('1K', '11223344'));
    expect(codeOf(changeValue(transport, 1, 'increment', 1, 'A'))).toBe('FIELD_INVALID');
    expect(codeOf(changeValue(transport, 64, 'increment', 1, 'A'))).toBe('BLOCK_OUT_OF_RANGE');
  });
});

describe('value blocks', () => {
  it('encodes and decodes the reference value block', () => {
    const { value: amount, address, hex: expected } = reference.value_block_example;
    expect(toHex(value(encodeValueBlock(amount, address)))).toBe(expected);
    expect(value(decodeValueBlock(hex(expected)))).toEqual({ value: amount, address });
    expect(isValueBlock(hex(expected))).toBe(true);
  });

  it('round-trips every signed 32-bit value and address', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -0x80000000, max: 0x7fffffff }),
        fc.integer({ min: 0, max: 255 }),
        (v, a) => {
          expect(value(decodeValueBlock(value(encodeValueBlock(v, a))))).toEqual({ value: v, address: a });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('refuses a value block with any single byte changed', () => {
    const good = hex(reference.value_block_example.hex);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 255 }), (index, flip) => {
        const bad = good.slice();
        bad[index] = (bad[index] ?? 0) ^ flip;
        expect(codeOf(decodeValueBlock(bad))).toBe('FIELD_INVALID');
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses values and addresses out of range with FIELD_INVALID', () => {
    expect(codeOf(encodeValueBlock(2 ** 31, 0))).toBe('FIELD_INVALID');
    expect(codeOf(encodeValueBlock(1.5, 0))).toBe('FIELD_INVALID');
    expect(codeOf(encodeValueBlock(1, 256))).toBe('FIELD_INVALID');
    expect(codeOf(decodeValueBlock(new Uint8Array(4)))).toBe('FIELD_INVALID');
  });
});

describe('default keys', () => {
  it('lists the reference default keys', () => {
    expect([...MIFARE_DEFAULT_KEYS]).toEqual(reference.default_keys);
  });
});
