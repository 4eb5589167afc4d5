import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_TYPE, type CardTypeCode } from './constants.js';
import {
  CARD_CHECK_BLOCK,
  CARD_CHECK_LAYOUT,
  decodeCardCheckBlock,
  decodeGuestCard,
  encodeEmptyGuestCard,
  encodeGuestCard,
  GUEST_CARD_BLOCKS,
  GUEST_CARD_CONTENT_BLOCKS,
  GUEST_CARD_LAYOUT,
  GUEST_CARD_SECTORS,
  type GuestCardBlocks,
  type GuestCardContent,
  guestCardBlocksFromTexts,
  guestCardBlockTexts,
  guestCardCrc16,
  isEmptyCard,
} from './guest-card.js';
import { bytesToHex, hexToBytes } from './hex.js';

const hex = (text: string) => {
  const bytes = hexToBytes(text.replace(/\s+/g, ''));
  if (!bytes.ok) throw new Error(text);
  return bytes.value;
};
const hexBlocks = (blocks: GuestCardBlocks) =>
  Object.fromEntries(Object.entries(blocks).map(([block, bytes]) => [block, bytesToHex(bytes)]));
const encoded = (content: GuestCardContent) => {
  const result = encodeGuestCard(content);
  if (!result.ok) throw new Error(result.detail);
  return result.value.blocks;
};

// A guest card for room A1:B2:C3:D4:E5:F6 of hotel 1001, one day from 2023-11-15 06:13:20 Shanghai.
const GUEST: GuestCardContent = {
  hotelId: 1001,
  cardNumber: 12_345_678,
  type: CARD_TYPE.normal,
  building: 2,
  floor: 3,
  mac_id: 'a1:b2:c3:d4:e5:f6',
  start_time: 1_700_000_000,
  end_time: 1_700_086_400,
  sequence: 7,
  unsubscribeOld: true,
};
// CRCs computed independently with Python's binascii.crc_hqx(data, 0xFFFF) (CRC-16/CCITT-FALSE).
const GUEST_BLOCKS = {
  // 4C magic 'L' | 01 version | 000003E9 hotel 1001 | 00BC614E card 12345678 | 04 normal | 01 unsubscribe old
  // | 00000007 sequence 7
  4: '4C01 000003E9 00BC614E 04 01 00000007',
  // A1B2C3D4E5F6 mac | 6553F100 start 1700000000 | 65554280 end 1700086400 | 0002 building 2
  5: 'A1B2C3D4E5F6 6553F100 65554280 0002',
  // 0003 floor 3 | 00 issued by the main administrator | 11 reserved zero bytes | 8972 CRC of the 46 bytes before
  6: '0003 00 0000000000000000000000 8972',
  // 4C magic | 01 version | 00BC614E card 12345678 | 04 normal | 000003E9 hotel 1001 | 000000 reserved | CA82 CRC
  54: '4C01 00BC614E 04 000003E9 000000 CA82',
};

// A master card issued by a secondary administrator, valid until 2035-01-01 00:00:00 Shanghai.
const MASTER_BY_SECONDARY = {
  // magic, version, hotel 1001, card 1, 01 master, no flags, sequence 0
  4: '4C01 000003E9 00000001 01 00 00000000',
  // no mac | start 1700000000 | end 7A42BB00 = 2051193600 | no building
  5: '000000000000 6553F100 7A42BB00 0000',
  // no floor | 01 secondary administrator | reserved | CRC 6AD7
  6: '0000 01 0000000000000000000000 6AD7',
};

const normalize = (blocks: Record<number, string>) =>
  Object.fromEntries(Object.entries(blocks).map(([b, text]) => [b, text.replace(/\s+/g, '')]));

describe('layout tables', () => {
  it.each([
    ['content', GUEST_CARD_LAYOUT, [1, 2, 3]],
    ['check block', CARD_CHECK_LAYOUT, [CARD_CHECK_BLOCK]],
  ] as const)('%s rows tile every block exactly, CRC last', (_name, layout, blocks) => {
    for (const block of blocks) {
      const rows = layout.filter((row) => row.block === block);
      let next = 0;
      for (const row of rows) {
        expect(row.offset).toBe(next);
        next += row.width;
      }
      expect(next).toBe(16);
    }
    expect(layout.at(-1)?.codec).toBe('crc16');
  });

  it('maps the spec card blocks 1..3 to sector 1 and keeps the check block in sector 13', () => {
    expect(GUEST_CARD_BLOCKS).toEqual({ 1: 4, 2: 5, 3: 6 });
    expect(GUEST_CARD_CONTENT_BLOCKS.every((block) => block % 4 !== 3)).toBe(true);
    expect(GUEST_CARD_SECTORS).toEqual({ content: 1, check: 13 });
    expect(CARD_CHECK_BLOCK).toBe(0x36);
  });

  it('uses CRC-16/CCITT-FALSE (check value 0x29B1)', () => {
    expect(guestCardCrc16(Uint8Array.from('123456789', (c) => c.charCodeAt(0)))).toBe(0x29b1);
  });
});

describe('fixtures: generate, parse, round trip', () => {
  it('generates the guest card bytes', () => {
    expect(hexBlocks(encoded(GUEST))).toEqual(normalize(GUEST_BLOCKS));
  });

  it('parses the guest card bytes', () => {
    const blocks = Object.fromEntries(Object.entries(GUEST_BLOCKS).map(([b, text]) => [b, hex(text)]));
    expect(decodeGuestCard(blocks)).toEqual({
      ok: true,
      value: {
        isLockDesk: true,
        version: 1,
        hotelId: 1001,
        cardNumber: 12_345_678,
        card_id: '12345678',
        type: CARD_TYPE.normal,
        typeName: 'normal',
        building: 2,
        floor: 3,
        mac_id: 'A1B2C3D4E5F6',
        formattedMac: 'A1:B2:C3:D4:E5:F6',
        start_time: 1_700_000_000,
        end_time: 1_700_086_400,
        formattedStartTime: '2023-11-15 06:13:20',
        formattedEndTime: '2023-11-16 06:13:20',
        sequence: 7,
        unsubscribeOld: true,
        issuerRole: 'main',
        isEmpty: false,
        is_write: false,
      },
    });
  });

  it('parses a master card of a secondary administrator from hex text blocks', () => {
    const result = decodeGuestCard(normalize(MASTER_BY_SECONDARY));
    expect(result).toMatchObject({
      ok: true,
      value: {
        cardNumber: 1,
        typeName: 'master',
        issuerRole: 'secondary',
        mac_id: '000000000000',
        formattedEndTime: '2035-01-01 00:00:00',
        unsubscribeOld: false,
        isEmpty: false,
      },
    });
  });

  it('round-trips any valid content', () => {
    const content = fc.record({
      hotelId: fc.integer({ min: 1, max: 0xffffffff }),
      cardNumber: fc.integer({ min: 1, max: 0xffffffff }),
      type: fc.constantFrom(...(Object.values(CARD_TYPE) as CardTypeCode[])),
      building: fc.integer({ min: 1, max: 0xffff }),
      floor: fc.integer({ min: 1, max: 0xffff }),
      mac: fc.uint8Array({ minLength: 6, maxLength: 6 }).filter((m) => m.some((b) => b !== 0 && b !== 0xff)),
      start_time: fc.integer({ min: 1, max: 0xfffffffd }),
      length: fc.integer({ min: 1, max: 0xfffffffd }),
      sequence: fc.integer({ min: 0, max: 0xffffffff }),
      unsubscribeOld: fc.boolean(),
      issuerRole: fc.constantFrom('main', 'secondary', 'staff' as const),
    });
    fc.assert(
      fc.property(content, ({ mac, length, ...rest }) => {
        const input = {
          ...rest,
          mac_id: bytesToHex(mac),
          end_time: Math.min(rest.start_time + length, 0xfffffffe),
        };
        const decoded = decodeGuestCard(encoded(input));
        expect(decoded.ok).toBe(true);
        if (!decoded.ok) return;
        expect(decoded.value).toMatchObject({
          hotelId: input.hotelId,
          cardNumber: input.cardNumber,
          type: input.type,
          building: input.building,
          floor: input.floor,
          mac_id: input.mac_id,
          start_time: input.start_time,
          end_time: input.end_time,
          sequence: input.sequence,
          unsubscribeOld: input.unsubscribeOld,
          issuerRole: input.issuerRole,
          isEmpty: false,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('accepts a card number, building and floor typed into a form as text', () => {
    const blocks = encoded({ ...GUEST, cardNumber: ' 12345678 ', building: '2', floor: '3' });
    expect(hexBlocks(blocks)).toEqual(normalize(GUEST_BLOCKS));
  });
});

describe('block texts of a card record', () => {
  it('gives blocks 1 to 3 (and 54) as hex and reads them back', () => {
    const texts = guestCardBlockTexts(encoded(GUEST));
    const fixture = normalize(GUEST_BLOCKS);
    expect(texts).toEqual({
      block1: fixture[4],
      block2: fixture[5],
      block3: fixture[6],
      block54: fixture[54],
    });
    expect(decodeGuestCard(guestCardBlocksFromTexts(texts))).toMatchObject({
      ok: true,
      value: { card_id: '12345678' },
    });
  });
  it('leaves block 54 out when it was not given', () => {
    const blocks = encoded(GUEST);
    delete blocks[CARD_CHECK_BLOCK];
    const texts = guestCardBlockTexts(blocks);
    expect(texts.block54).toBeUndefined();
    expect(Object.keys(guestCardBlocksFromTexts(texts))).toEqual(['4', '5', '6']);
  });
});

describe('encode refuses bad content', () => {
  const times = { start_time: 1_700_000_000, end_time: 1_700_086_400 };
  it.each([
    ['no card number', 'CARD_NUMBER_REQUIRED', { ...GUEST, cardNumber: '' }],
    ['card number 0', 'CARD_NUMBER_REQUIRED', { ...GUEST, cardNumber: 0 }],
    ['card number text', 'FIELD_INVALID', { ...GUEST, cardNumber: '12a' }],
    ['card number over 4 bytes', 'FIELD_INVALID', { ...GUEST, cardNumber: 2 ** 32 }],
    ['building card without building', 'BUILDING_REQUIRED', { hotelId: 1, cardNumber: 5, type: 2, ...times }],
    [
      'floor card without floor',
      'FLOOR_REQUIRED',
      { hotelId: 1, cardNumber: 5, type: 3, building: 1, ...times },
    ],
    [
      'floor card without building',
      'BUILDING_REQUIRED',
      { hotelId: 1, cardNumber: 5, type: 3, floor: 2, ...times },
    ],
    ['building over 2 bytes', 'FIELD_INVALID', { ...GUEST, building: 70_000 }],
    ['floor negative', 'FIELD_INVALID', { ...GUEST, floor: -1 }],
    ['normal card without mac', 'FIELD_REQUIRED', { ...GUEST, mac_id: undefined }],
    ['normal card with an empty mac', 'FIELD_INVALID', { ...GUEST, mac_id: '000000000000' }],
    ['normal card with an all-F mac', 'FIELD_INVALID', { ...GUEST, mac_id: 'FF:FF:FF:FF:FF:FF' }],
    ['mac of 11 hex', 'FIELD_INVALID', { ...GUEST, mac_id: 'A1B2C3D4E5F' }],
    ['mac not hex', 'FIELD_INVALID', { ...GUEST, mac_id: 'A1B2C3D4E5FG' }],
    [
      'master card with a bad mac',
      'FIELD_INVALID',
      { hotelId: 1, cardNumber: 5, type: 1, mac_id: 'zz', ...times },
    ],
    ['end equal to start', 'END_BEFORE_START', { ...GUEST, end_time: GUEST.start_time }],
    ['end before start', 'END_BEFORE_START', { ...GUEST, end_time: GUEST.start_time - 1 }],
    ['no start', 'START_TIME_REQUIRED', { ...GUEST, start_time: undefined }],
    ['no end', 'CARD_EXPIRY_REQUIRED', { ...GUEST, end_time: Number.NaN }],
    ['start 0 (the empty marker)', 'FIELD_INVALID', { ...GUEST, start_time: 0 }],
    ['end 0xFFFFFFFF (the empty marker)', 'FIELD_INVALID', { ...GUEST, end_time: 0xffffffff }],
    ['end beyond 4 bytes', 'FIELD_INVALID', { ...GUEST, end_time: 2 ** 32 }],
    ['fractional start', 'FIELD_INVALID', { ...GUEST, start_time: 1.5 }],
    ['no hotel', 'FIELD_REQUIRED', { ...GUEST, hotelId: 0 }],
    ['hotel id fractional', 'FIELD_INVALID', { ...GUEST, hotelId: 1.5 }],
    ['unknown type', 'FIELD_INVALID', { ...GUEST, type: 9 }],
    ['sequence negative', 'FIELD_INVALID', { ...GUEST, sequence: -1 }],
    ['unknown issuer', 'FIELD_INVALID', { ...GUEST, issuerRole: 'guest' }],
    ['not an object', 'FIELD_INVALID', null],
  ])('%s → %s', (_name, code, content) => {
    expect(encodeGuestCard(content as unknown as GuestCardContent)).toMatchObject({ ok: false, code });
  });

  it('accepts cards of every type with their scope', () => {
    const base = { hotelId: 1, cardNumber: 5, building: 1, floor: 2, ...times };
    for (const type of Object.values(CARD_TYPE)) {
      const mac = type === CARD_TYPE.normal ? { mac_id: 'A1B2C3D4E5F6' } : {};
      expect(encodeGuestCard({ ...base, ...mac, type }).ok).toBe(true);
    }
  });
});

describe('decode refuses bad bytes', () => {
  const good = () => encoded(GUEST);
  it('a missing block is READ_DATA_FAILED', () => {
    const blocks = good();
    delete blocks[5];
    expect(decodeGuestCard(blocks)).toMatchObject({ ok: false, code: 'READ_DATA_FAILED' });
  });
  it('a short block or bad hex text is READ_DATA_FAILED', () => {
    expect(decodeGuestCard({ ...good(), 6: new Uint8Array(15) })).toMatchObject({ code: 'READ_DATA_FAILED' });
    expect(decodeGuestCard({ ...good(), 6: 'XY'.repeat(16) })).toMatchObject({ code: 'READ_DATA_FAILED' });
    expect(decodeGuestCard(null as unknown as GuestCardBlocks)).toMatchObject({ code: 'READ_DATA_FAILED' });
  });
  it('another system’s data is EXTERNAL_CARD', () => {
    const blocks = good();
    blocks[4] = hex('00112233445566778899AABBCCDDEEFF');
    expect(decodeGuestCard(blocks)).toMatchObject({ ok: false, code: 'EXTERNAL_CARD' });
  });
  it('a future layout version is EXTERNAL_CARD', () => {
    const blocks = good();
    blocks[4]![1] = 2;
    expect(decodeGuestCard(blocks)).toMatchObject({ ok: false, code: 'EXTERNAL_CARD' });
  });
  it('any single flipped bit in blocks 4..6 is SECTOR_VERIFICATION_FAILED', () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 47 * 8 + 7 }), (bit) => {
        // Bits of the magic and version byte are left out: those changes read as another system's card.
        const blocks = good();
        const byte = Math.floor(bit / 8);
        const block = GUEST_CARD_CONTENT_BLOCKS[Math.floor(byte / 16)]!;
        blocks[block]![byte % 16]! ^= 1 << (bit % 8);
        expect(decodeGuestCard(blocks)).toMatchObject({ ok: false, code: 'SECTOR_VERIFICATION_FAILED' });
      }),
    );
  });
  it('an unknown type under a valid CRC is SECTOR_VERIFICATION_FAILED', () => {
    const blocks = good();
    blocks[4]![10] = 9;
    const record = new Uint8Array([...blocks[4]!, ...blocks[5]!, ...blocks[6]!]);
    const crc = guestCardCrc16(record, 0, 46);
    blocks[6]![14] = crc >> 8;
    blocks[6]![15] = crc & 0xff;
    delete blocks[CARD_CHECK_BLOCK];
    expect(decodeGuestCard(blocks)).toMatchObject({ ok: false, code: 'SECTOR_VERIFICATION_FAILED' });
  });
  it('a check block of another card is CARD_NUMBER_MISMATCH', () => {
    const other = encoded({ ...GUEST, cardNumber: 999 });
    expect(decodeGuestCard({ ...good(), 54: other[54]! })).toMatchObject({ code: 'CARD_NUMBER_MISMATCH' });
  });
  it('a check block over a blank record is CARD_NUMBER_MISMATCH', () => {
    const blank = { 4: new Uint8Array(16), 5: new Uint8Array(16), 6: new Uint8Array(16), 54: good()[54]! };
    expect(decodeGuestCard(blank)).toMatchObject({ code: 'CARD_NUMBER_MISMATCH' });
  });
  it('a blank check block under a LockDesk record is CARD_NUMBER_MISMATCH', () => {
    expect(decodeGuestCard({ ...good(), 54: new Uint8Array(16) })).toMatchObject({
      code: 'CARD_NUMBER_MISMATCH',
    });
  });
  it('a damaged check block is SECTOR_VERIFICATION_FAILED', () => {
    const blocks = good();
    blocks[54]![3]! ^= 0x10;
    expect(decodeGuestCard(blocks)).toMatchObject({ code: 'SECTOR_VERIFICATION_FAILED' });
  });
  it('decodes without the check block (it is optional)', () => {
    const blocks = good();
    delete blocks[CARD_CHECK_BLOCK];
    expect(decodeGuestCard(blocks)).toMatchObject({ ok: true, value: { cardNumber: 12_345_678 } });
  });
});

describe('check block 54', () => {
  it('gives the card number and type in one block', () => {
    expect(decodeCardCheckBlock(GUEST_BLOCKS[54].replace(/\s+/g, ''))).toEqual({
      ok: true,
      value: { isLockDesk: true, cardNumber: 12_345_678, card_id: '12345678', type: 4, hotelId: 1001 },
    });
  });
  it.each([['0'.repeat(32)], ['F'.repeat(32)]])('a blank block %s holds no card', (block) => {
    expect(decodeCardCheckBlock(block)).toMatchObject({
      ok: true,
      value: { isLockDesk: false, card_id: '' },
    });
  });
  it.each([
    ['short', '4C01', 'READ_DATA_FAILED'],
    ['foreign', '11223344556677889900AABBCCDDEEFF', 'EXTERNAL_CARD'],
    ['future version', '4C0200BC614E04000003E9000000CA82', 'EXTERNAL_CARD'],
    ['bad CRC', '4C0100BC614E04000003E9000000CA83', 'SECTOR_VERIFICATION_FAILED'],
  ])('%s → %s', (_name, block, code) => {
    expect(decodeCardCheckBlock(block)).toMatchObject({ ok: false, code });
  });
  it('an unknown type under a valid CRC is SECTOR_VERIFICATION_FAILED', () => {
    const block = hex('4C0100BC614E09000003E90000000000');
    const crc = guestCardCrc16(block, 0, 14);
    block[14] = crc >> 8;
    block[15] = crc & 0xff;
    expect(decodeCardCheckBlock(block)).toMatchObject({ ok: false, code: 'SECTOR_VERIFICATION_FAILED' });
  });
});

describe('empty cards (spec §4 step 6)', () => {
  it.each([
    ['all zero', 0x00],
    ['all F', 0xff],
  ])('a factory-blank sector (%s) is empty and writable', (_name, fill) => {
    const blank = {
      4: new Uint8Array(16).fill(fill),
      5: new Uint8Array(16).fill(fill),
      6: new Uint8Array(16).fill(fill),
    };
    expect(decodeGuestCard(blank)).toMatchObject({
      ok: true,
      value: { isLockDesk: false, isEmpty: true, is_write: true, card_id: '' },
    });
  });

  it('an emptied card keeps its number and reads as no guest', () => {
    const result = encodeEmptyGuestCard({ hotelId: 1001, cardNumber: '12345678' });
    if (!result.ok) throw new Error(result.detail);
    expect(decodeGuestCard(result.value.blocks)).toMatchObject({
      ok: true,
      value: {
        isLockDesk: true,
        card_id: '12345678',
        isEmpty: true,
        is_write: true,
        start_time: 0,
        end_time: 0,
      },
    });
    expect(decodeCardCheckBlock(result.value.blocks[54]!)).toMatchObject({
      value: { cardNumber: 12_345_678 },
    });
  });

  it('a LockDesk record with both times 0xFFFFFFFF (2106-02-07) and an all-F mac reads as no guest', () => {
    const record = hex(
      // magic, version, hotel 1001, card 12345678, normal, no flags, sequence 0
      '4C01 000003E9 00BC614E 04 00 00000000' +
        // mac all F | start FFFFFFFF | end FFFFFFFF | no building
        'FFFFFFFFFFFF FFFFFFFF FFFFFFFF 0000' +
        // no floor | main administrator | reserved
        '0000 00 0000000000000000000000',
    );
    // CRC-16/CCITT-FALSE of the 46 bytes, by Python's binascii.crc_hqx(data, 0xFFFF).
    const blocks = {
      4: record.slice(0, 16),
      5: record.slice(16, 32),
      6: hex(`${bytesToHex(record.slice(32, 46))}33B8`),
    };
    expect(decodeGuestCard(blocks)).toMatchObject({
      ok: true,
      value: {
        isLockDesk: true,
        card_id: '12345678',
        mac_id: 'FFFFFFFFFFFF',
        formattedMac: 'FF:FF:FF:FF:FF:FF',
        formattedStartTime: '2106-02-07 14:28:15',
        formattedEndTime: '2106-02-07 14:28:15',
        isEmpty: true,
        is_write: true,
      },
    });
    // The same card with a real lock mac (CRC D068, crc_hqx as above) is not empty.
    const withMac = {
      ...blocks,
      5: hex('A1B2C3D4E5F6 FFFFFFFF FFFFFFFF 0000'),
      6: hex(`${bytesToHex(record.slice(32, 46))}D068`),
    };
    expect(decodeGuestCard(withMac)).toMatchObject({ ok: true, value: { isEmpty: false, is_write: false } });
  });

  it('isEmptyCard answers false, without throwing, for something that is not a card', () => {
    expect(isEmptyCard(null as unknown as Parameters<typeof isEmptyCard>[0])).toBe(false);
    expect(isEmptyCard({ start_time: 0, end_time: 0 } as unknown as Parameters<typeof isEmptyCard>[0])).toBe(
      false,
    );
  });

  it.each([
    [{ hotelId: 0, cardNumber: 1 }, 'FIELD_REQUIRED'],
    [{ hotelId: -1, cardNumber: 1 }, 'FIELD_INVALID'],
    [{ hotelId: 1, cardNumber: '' }, 'CARD_NUMBER_REQUIRED'],
    [{ hotelId: 1, cardNumber: 'x' }, 'FIELD_INVALID'],
  ])('emptying refuses %j with %s', (card, code) => {
    expect(encodeEmptyGuestCard(card)).toMatchObject({ ok: false, code });
  });

  it.each([
    [0, 0, '000000000000', true],
    [0xffffffff, 0xffffffff, 'FFFFFFFFFFFF', true],
    [0, 0xffffffff, 'ff:ff:ff:ff:ff:ff', true],
    [0, 0, '00:00:00:00:00:00', true],
    [1_700_000_000, 0, '000000000000', false],
    [0, 1_700_000_000, '000000000000', false],
    [0, 0, 'A1B2C3D4E5F6', false],
    [0, 0, '0000000000FF', false],
  ])('start %s end %s mac %s → empty %s', (start_time, end_time, mac_id, empty) => {
    expect(isEmptyCard({ start_time, end_time, mac_id })).toBe(empty);
  });
});
