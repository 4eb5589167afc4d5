import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALWAYS_ENCRYPTED_SECTORS,
  CARD_AUTH_BLOCK,
  CARD_AUTH_LAYOUT,
  CARD_SIGNED_BLOCKS,
  cardBlocksHex,
  checkCardReadBack,
  deriveCardMacKey,
  deriveCardSectorKeys,
  deriveSectorKey,
  hmacSha256,
  planCardVerify,
  planCardWrite,
  sectorTrailer,
  signCardBlocks,
  TRANSPORT_TRAILER,
  verifyCardBlocks,
  type WriteStep,
} from './card-security.js';
import { CARD_TYPE } from './constants.js';
import { encodeGuestCard, type GuestCardBlocks, readCardLayout } from './guest-card.js';
import { bytesToHex, hexToBytes } from './hex.js';
import {
  authenticate,
  blankCard,
  type MifareCard,
  parseTrailer,
  readBlock,
  TRANSPORT_ACCESS_CONDITIONS,
  writeBlock,
} from './mifare.js';
import type { Result } from './result.js';

// Fixed inputs; the expected bytes are computed with Node's crypto (never with the code under test) and, for the
// golden values, written out once so a change of the derivation shows up even if both sides changed.
const SECRET = '000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F';
const UID = '04A1B2C3';
const OTHER_UID = '04D5E6F7';
const UID7 = '04112233445566';

const node = {
  hmac: (key: string | Buffer, ...parts: (string | Buffer)[]) => {
    const h = createHmac('sha256', typeof key === 'string' ? Buffer.from(key, 'hex') : key);
    for (const part of parts) h.update(part);
    return h.digest();
  },
  hex: (bytes: Buffer) => bytes.toString('hex').toUpperCase(),
};

const GOLDEN = {
  macKey: '220472B434D9EFFE4F24AE47C17CCE78',
  sector1: 'AA57EB5C39DD',
  sector13: '4E61DA77B0BC',
  block53: '0404A1B2C30000004AB235D5684172C8',
};

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.code}: ${result.detail}`);
  return result.value;
}

// The guest card of GUEST-CARD.md's example.
const GUEST_BLOCKS = value(
  encodeGuestCard({
    hotelId: 1001,
    cardNumber: 12345678,
    type: CARD_TYPE.normal,
    unsubscribeOld: true,
    sequence: 7,
    mac_id: 'A1:B2:C3:D4:E5:F6',
    building: 2,
    floor: 3,
    start_time: 1_700_000_000,
    end_time: 1_700_086_400,
  }),
).blocks;
const MAC_KEY = deriveCardMacKey(SECRET);
const signed = (uid = UID, blocks: GuestCardBlocks = GUEST_BLOCKS) =>
  value(signCardBlocks({ macKeyHex: MAC_KEY, uidHex: uid, blocks }));
const hexBlocks = (blocks: GuestCardBlocks): Record<number, string> =>
  Object.fromEntries(Object.entries(blocks).map(([block, bytes]) => [block, bytesToHex(bytes)]));

describe('key derivation', () => {
  it('derives the MAC key a lock is given: HMAC-SHA256(secret, label), first 16 bytes', () => {
    const expected = node.hex(node.hmac(SECRET, 'LockDesk card MAC key v1').subarray(0, 16));
    expect(expected).toBe(GOLDEN.macKey);
    expect(deriveCardMacKey(SECRET)).toBe(expected);
    expect(deriveCardMacKey(SECRET.toLowerCase())).toBe(expected);
  });

  it('diversifies sector keys per UID and sector: HMAC(secret, label ‖ UID ‖ sector), first 6 bytes', () => {
    for (const [sector, golden] of [
      [1, GOLDEN.sector1],
      [13, GOLDEN.sector13],
    ] as const) {
      const expected = node.hex(
        node
          .hmac(SECRET, 'LockDesk sector key v1', Buffer.from(UID, 'hex'), Buffer.of(sector))
          .subarray(0, 6),
      );
      expect(expected).toBe(golden);
      expect(deriveSectorKey(SECRET, UID, sector)).toBe(expected);
    }
    const seven = node.hex(
      node.hmac(SECRET, 'LockDesk sector key v1', Buffer.from(UID7, 'hex'), Buffer.of(5)).subarray(0, 6),
    );
    expect(deriveSectorKey(SECRET, UID7, 5)).toBe(seven);
  });

  it('gives every card and every sector its own key, never the transport or blank key', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 4, maxLength: 4 }),
        fc.uint8Array({ minLength: 4, maxLength: 4 }),
        fc.integer({ min: 1, max: 15 }),
        (a, b, sector) => {
          const keyA = deriveSectorKey(SECRET, bytesToHex(a), sector);
          expect(keyA).toMatch(/^[0-9A-F]{12}$/);
          expect(keyA).not.toBe('FFFFFFFFFFFF');
          expect(keyA).not.toBe('000000000000');
          if (bytesToHex(a) !== bytesToHex(b))
            expect(deriveSectorKey(SECRET, bytesToHex(b), sector)).not.toBe(keyA);
          expect(deriveSectorKey(SECRET, bytesToHex(a), sector === 15 ? 1 : sector + 1)).not.toBe(keyA);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers an empty key for a bad secret, UID or sector (and a Result listing the reason)', () => {
    expect(deriveCardMacKey('')).toBe('');
    expect(deriveCardMacKey('00112233')).toBe(''); // too short: 4 bytes
    expect(deriveCardMacKey('zz'.repeat(16))).toBe('');
    expect(deriveSectorKey(SECRET, '04A1B2', 1)).toBe('');
    expect(deriveSectorKey(SECRET, UID, 40)).toBe('');
    expect(deriveSectorKey(SECRET, UID, 1.5)).toBe('');
    expect(deriveCardSectorKeys('00', UID, [1])).toMatchObject({ ok: false, code: 'KEY_INVALID' });
    expect(deriveCardSectorKeys(SECRET, 'nope', [1])).toMatchObject({ ok: false, code: 'FIELD_INVALID' });
    expect(deriveCardSectorKeys(SECRET, UID, [0])).toMatchObject({ ok: false, code: 'BLOCK_OUT_OF_RANGE' });
    expect(deriveCardSectorKeys(SECRET, UID, [16])).toMatchObject({ ok: false, code: 'BLOCK_OUT_OF_RANGE' });
  });

  it('derives the keys of the chosen sectors of a card', () => {
    expect(value(deriveCardSectorKeys(SECRET, UID, [...ALWAYS_ENCRYPTED_SECTORS]))).toEqual({
      1: GOLDEN.sector1,
      13: GOLDEN.sector13,
    });
  });

  it('computes HMAC-SHA256 as Node does (RFC 4231 case 2)', () => {
    const key = Buffer.from('Jefe');
    const message = Buffer.from('what do ya want for nothing?');
    expect(bytesToHex(hmacSha256(new Uint8Array(key), new Uint8Array(message)))).toBe(
      '5BDCC146BF60754E6A042426089575C75A003F089D2739839DEC58B964EC3843',
    );
    expect(node.hex(node.hmac(key, message))).toBe(
      '5BDCC146BF60754E6A042426089575C75A003F089D2739839DEC58B964EC3843',
    );
  });
});

describe('the authentication block 53', () => {
  it('is a table: uidLength, uid (7, zero padded), mac (8)', () => {
    expect(CARD_AUTH_BLOCK).toBe(53);
    expect(CARD_AUTH_LAYOUT.map((row) => [row.offset, row.width, row.field])).toEqual([
      [0, 1, 'uidLength'],
      [1, 7, 'uid'],
      [8, 8, 'mac'],
    ]);
    expect(CARD_SIGNED_BLOCKS).toEqual([4, 5, 6, 54]);
  });

  it('signs the fixture: block 53 = UID and HMAC(MAC key, block53[0..7] ‖ 4 ‖ 5 ‖ 6 ‖ 54), first 8 bytes', () => {
    const head = Buffer.from('0404A1B2C3000000', 'hex');
    const content = [4, 5, 6, 54].map((block) => Buffer.from(GUEST_BLOCKS[block]!));
    const mac = node.hmac(
      node.hex(node.hmac(SECRET, 'LockDesk card MAC key v1').subarray(0, 16)),
      head,
      ...content,
    );
    const expected = node.hex(Buffer.concat([head, mac.subarray(0, 8)]));
    expect(expected).toBe(GOLDEN.block53);

    const blocks = signed();
    expect(bytesToHex(blocks[53]!)).toBe(expected);
    for (const block of [4, 5, 6, 54])
      expect(bytesToHex(blocks[block]!)).toBe(bytesToHex(GUEST_BLOCKS[block]!));
    expect(
      Object.keys(blocks)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([4, 5, 6, 53, 54]);
    expect(readCardLayout(CARD_AUTH_LAYOUT, blocks[53]!)).toMatchObject({ uidLength: 4 });
  });

  it('signs a 7-byte UID card with its length', () => {
    const blocks = signed(UID7);
    expect(bytesToHex(blocks[53]!).slice(0, 16)).toBe(`07${UID7}`);
    expect(verifyCardBlocks({ macKeyHex: MAC_KEY, uidHex: UID7, blocks })).toEqual({
      ok: true,
      value: { ok: true },
    });
  });

  it('accepts blocks as hex text, in either case', () => {
    const text = hexBlocks(GUEST_BLOCKS);
    const lower = Object.fromEntries(Object.entries(text).map(([b, t]) => [b, t.toLowerCase()]));
    expect(bytesToHex(value(signCardBlocks({ macKeyHex: MAC_KEY, uidHex: UID, blocks: lower }))[53]!)).toBe(
      GOLDEN.block53,
    );
    expect(
      verifyCardBlocks({ macKeyHex: MAC_KEY, uidHex: UID.toLowerCase(), blocks: hexBlocks(signed()) }).ok,
    ).toBe(true);
  });
});

describe('verifyCardBlocks', () => {
  const verify = (blocks: Record<number, Uint8Array | string>, uid = UID, macKeyHex = MAC_KEY) =>
    verifyCardBlocks({ macKeyHex, uidHex: uid, blocks });

  it('accepts the card it signed', () => {
    expect(verify(signed())).toEqual({ ok: true, value: { ok: true } });
  });

  it('CARD_UNSIGNED: no block 53, or a blank one', () => {
    const { 53: _auth, ...unsigned } = signed();
    expect(verify(unsigned)).toMatchObject({ ok: false, code: 'CARD_UNSIGNED' });
    expect(verify({ ...signed(), 53: new Uint8Array(16) })).toMatchObject({
      ok: false,
      code: 'CARD_UNSIGNED',
    });
    expect(verify({ ...signed(), 53: 'FF'.repeat(16) })).toMatchObject({ ok: false, code: 'CARD_UNSIGNED' });
  });

  it('CARD_TAMPERED: the end time moved a year on (the CRC fixed as an attacker would)', () => {
    const longer = value(
      encodeGuestCard({
        hotelId: 1001,
        cardNumber: 12345678,
        type: CARD_TYPE.normal,
        unsubscribeOld: true,
        sequence: 7,
        mac_id: 'A1:B2:C3:D4:E5:F6',
        building: 2,
        floor: 3,
        start_time: 1_700_000_000,
        end_time: 1_731_536_000,
      }),
    ).blocks;
    const forged = { ...longer, 53: signed()[53]! };
    expect(verify(forged)).toMatchObject({ ok: false, code: 'CARD_TAMPERED' });
  });

  it('CARD_TAMPERED: the stored UID rewritten to the copy’s UID', () => {
    const blocks = signed();
    const auth = blocks[53]!.slice();
    auth.set(value(hexToBytes(OTHER_UID)), 1);
    expect(verify({ ...blocks, 53: auth }, OTHER_UID)).toMatchObject({ ok: false, code: 'CARD_TAMPERED' });
  });

  it('CARD_TAMPERED: signed with another hotel’s MAC key', () => {
    const otherKey = deriveCardMacKey('FF'.repeat(32));
    expect(verify(signed(), UID, otherKey)).toMatchObject({ ok: false, code: 'CARD_TAMPERED' });
  });

  it('CARD_COPIED: the same blocks on a card with another UID', () => {
    const result = verify(signed(), OTHER_UID);
    expect(result).toMatchObject({ ok: false, code: 'CARD_COPIED' });
    expect(result.ok ? '' : result.detail).toContain(UID);
    expect(verify(signed(UID7), UID)).toMatchObject({ ok: false, code: 'CARD_COPIED' });
  });

  it('refuses bad arguments with their own codes and never throws', () => {
    expect(verify(signed(), UID, 'ABCD')).toMatchObject({ ok: false, code: 'KEY_INVALID' });
    expect(verify(signed(), '04A1B2C3D5')).toMatchObject({ ok: false, code: 'FIELD_INVALID' });
    const { 5: _five, ...missing } = signed();
    expect(verify(missing)).toMatchObject({ ok: false, code: 'READ_DATA_FAILED' });
    expect(verify({ ...signed(), 53: 'XYZ' })).toMatchObject({ ok: false, code: 'READ_DATA_FAILED' });
    for (const bad of [null, undefined, 42, 'x', [], {}] as unknown[]) {
      expect(verifyCardBlocks(bad as never).ok).toBe(false);
      expect(signCardBlocks(bad as never).ok).toBe(false);
      expect(verifyCardBlocks({ macKeyHex: MAC_KEY, uidHex: UID, blocks: bad as never }).ok).toBe(false);
    }
    expect(signCardBlocks({ macKeyHex: '', uidHex: UID, blocks: GUEST_BLOCKS })).toMatchObject({
      ok: false,
      code: 'KEY_INVALID',
    });
  });

  // Properties: any signed card, any single bit, any other UID.
  const uidArb = fc.oneof(
    fc.uint8Array({ minLength: 4, maxLength: 4 }),
    fc.uint8Array({ minLength: 7, maxLength: 7 }),
  );
  const blockArb = fc.uint8Array({ minLength: 16, maxLength: 16 });
  const cardArb = fc.record({ uid: uidArb, b4: blockArb, b5: blockArb, b6: blockArb, b54: blockArb });
  const sign = (card: { uid: Uint8Array; b4: Uint8Array; b5: Uint8Array; b6: Uint8Array; b54: Uint8Array }) =>
    value(
      signCardBlocks({
        macKeyHex: MAC_KEY,
        uidHex: bytesToHex(card.uid),
        blocks: { 4: card.b4, 5: card.b5, 6: card.b6, 54: card.b54 },
      }),
    );

  it('round trip: whatever is signed verifies on its own UID', () => {
    fc.assert(
      fc.property(cardArb, (card) => {
        expect(
          verifyCardBlocks({ macKeyHex: MAC_KEY, uidHex: bytesToHex(card.uid), blocks: sign(card) }),
        ).toEqual({
          ok: true,
          value: { ok: true },
        });
      }),
    );
  });

  it('any single-bit change of block 4, 5, 6, 54 or 53 is CARD_TAMPERED', () => {
    fc.assert(
      fc.property(
        cardArb,
        fc.constantFrom(4, 5, 6, 54, 53),
        fc.integer({ min: 0, max: 127 }),
        (card, block, bit) => {
          const blocks = sign(card);
          const changed = blocks[block]!.slice();
          changed[bit >> 3] = changed[bit >> 3]! ^ (1 << (bit & 7));
          const result = verifyCardBlocks({
            macKeyHex: MAC_KEY,
            uidHex: bytesToHex(card.uid),
            blocks: { ...blocks, [block]: changed },
          });
          expect(result).toMatchObject({ ok: false, code: 'CARD_TAMPERED' });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the same blocks on another UID are CARD_COPIED', () => {
    fc.assert(
      fc.property(cardArb, uidArb, (card, other) => {
        fc.pre(bytesToHex(other) !== bytesToHex(card.uid));
        const result = verifyCardBlocks({
          macKeyHex: MAC_KEY,
          uidHex: bytesToHex(other),
          blocks: sign(card),
        });
        expect(result).toMatchObject({ ok: false, code: 'CARD_COPIED' });
      }),
    );
  });
});

describe('cardBlocksHex', () => {
  it('gives the signed blocks as upper-case hex keyed by block, ready for planCardWrite', () => {
    expect(cardBlocksHex(signed())).toEqual(hexBlocks(signed()));
    expect(cardBlocksHex(signed())[53]).toBe(GOLDEN.block53);
    expect(cardBlocksHex(null as never)).toEqual({});
  });
});

describe('sector trailers', () => {
  it('keeps the transport access bits and GPB with key A = key B', () => {
    expect(TRANSPORT_TRAILER).toBe('FFFFFFFFFFFFFF078069FFFFFFFFFFFF');
    expect(sectorTrailer(GOLDEN.sector1)).toBe(`${GOLDEN.sector1}FF078069${GOLDEN.sector1}`);
    expect(sectorTrailer('aa57eb5c39dd')).toBe(`${GOLDEN.sector1}FF078069${GOLDEN.sector1}`);
    const parsed = value(parseTrailer(value(hexToBytes(sectorTrailer(GOLDEN.sector13)))));
    expect(parsed.conditions).toEqual(TRANSPORT_ACCESS_CONDITIONS);
    expect(parsed.gpb).toBe(0x69);
  });

  it('answers an empty trailer for a key that is not 12 hex characters', () => {
    for (const bad of ['', 'FFFF', 'GGGGGGGGGGGG', 'FFFFFFFFFFFFFF', null, 7] as unknown[])
      expect(sectorTrailer(bad as string)).toBe('');
  });
});

describe('write plans', () => {
  const KEYS = { 1: GOLDEN.sector1, 13: GOLDEN.sector13 };
  const blocks = hexBlocks(signed());

  it('writes the data blocks first with the current keys, then each changed trailer with its current key', () => {
    const steps = value(planCardWrite({ blocks, currentKeys: {}, newKeys: KEYS }));
    expect(steps).toEqual([
      { block: 4, key: 'FFFFFFFFFFFF', keyType: 'A', data: blocks[4] },
      { block: 5, key: 'FFFFFFFFFFFF', keyType: 'A', data: blocks[5] },
      { block: 6, key: 'FFFFFFFFFFFF', keyType: 'A', data: blocks[6] },
      { block: 53, key: 'FFFFFFFFFFFF', keyType: 'A', data: GOLDEN.block53 },
      { block: 54, key: 'FFFFFFFFFFFF', keyType: 'A', data: blocks[54] },
      { block: 7, key: 'FFFFFFFFFFFF', keyType: 'A', data: sectorTrailer(GOLDEN.sector1) },
      { block: 55, key: 'FFFFFFFFFFFF', keyType: 'A', data: sectorTrailer(GOLDEN.sector13) },
    ]);
  });

  it('every data block comes before the trailer of its sector (any blocks, any keys)', () => {
    const dataBlock = fc.integer({ min: 1, max: 62 }).filter((b) => b % 4 !== 3);
    const key = fc.uint8Array({ minLength: 6, maxLength: 6 }).map((k) => bytesToHex(k));
    const keys = fc.dictionary(fc.integer({ min: 0, max: 15 }).map(String), key);
    fc.assert(
      fc.property(fc.uniqueArray(dataBlock, { maxLength: 12 }), keys, keys, (list, current, next) => {
        const input = {
          blocks: Object.fromEntries(list.map((b) => [b, 'AB'.repeat(16)])),
          currentKeys: current,
          newKeys: next,
        };
        const steps = value(planCardWrite(input));
        const trailers = steps.filter((s) => s.block % 4 === 3);
        const firstTrailer = steps.findIndex((s) => s.block % 4 === 3);
        if (firstTrailer >= 0) expect(steps.slice(firstTrailer).every((s) => s.block % 4 === 3)).toBe(true);
        for (const step of steps) {
          const sector = step.block >> 2;
          expect(step.key).toBe((current[sector] ?? 'FFFFFFFFFFFF').toUpperCase());
        }
        for (const trailer of trailers) {
          const sector = trailer.block >> 2;
          expect(next[sector]).toBeDefined();
          expect(trailer.data).toBe(sectorTrailer(next[sector]!));
        }
        const verify = value(planCardVerify(input));
        for (const step of verify) {
          const sector = step.block >> 2;
          expect(step.key).toBe((next[sector] ?? current[sector] ?? 'FFFFFFFFFFFF').toUpperCase());
        }
      }),
    );
  });

  it('writes no trailer for a sector whose key stays the same', () => {
    const steps = value(planCardWrite({ blocks, currentKeys: KEYS, newKeys: KEYS }));
    expect(steps.map((s) => s.block)).toEqual([4, 5, 6, 53, 54]);
    expect(steps.every((s) => s.key === KEYS[(s.block >> 2) as 1 | 13])).toBe(true);
  });

  it('reads back the data blocks with the NEW keys', () => {
    expect(value(planCardVerify({ blocks, currentKeys: {}, newKeys: KEYS }))).toEqual([
      { block: 4, key: GOLDEN.sector1, data: blocks[4] },
      { block: 5, key: GOLDEN.sector1, data: blocks[5] },
      { block: 6, key: GOLDEN.sector1, data: blocks[6] },
      { block: 53, key: GOLDEN.sector13, data: GOLDEN.block53 },
      { block: 54, key: GOLDEN.sector13, data: blocks[54] },
    ]);
  });

  it('proves a key change without data (encrypting a card) by reading the trailer with the new key', () => {
    const verify = value(planCardVerify({ blocks: {}, newKeys: { 2: GOLDEN.sector1 } }));
    expect(verify).toEqual([
      { block: 11, key: GOLDEN.sector1, data: `000000000000FF078069${GOLDEN.sector1}` },
    ]);
    // Back to transport keys (decrypting): written with the card's key, read back with FFFFFFFFFFFF.
    const back = { blocks: {}, currentKeys: { 1: GOLDEN.sector1 }, newKeys: { 1: 'FFFFFFFFFFFF' } };
    expect(value(planCardWrite(back))).toEqual([
      { block: 7, key: GOLDEN.sector1, keyType: 'A', data: TRANSPORT_TRAILER },
    ]);
    expect(value(planCardVerify(back))).toEqual([
      { block: 7, key: 'FFFFFFFFFFFF', data: '000000000000FF078069FFFFFFFFFFFF' },
    ]);
  });

  it('refuses block 0, trailers among the data, blocks off the card, bad data and bad keys', () => {
    const plan = (input: unknown) => planCardWrite(input as never);
    expect(plan({ blocks: { 0: 'AB'.repeat(16) } })).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(plan({ blocks: { 7: 'AB'.repeat(16) } })).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(plan({ blocks: { 64: 'AB'.repeat(16) } })).toMatchObject({
      ok: false,
      code: 'BLOCK_OUT_OF_RANGE',
    });
    expect(plan({ blocks: { '-1': 'AB'.repeat(16) } })).toMatchObject({
      ok: false,
      code: 'BLOCK_OUT_OF_RANGE',
    });
    expect(plan({ blocks: { 4: 'AB' } })).toMatchObject({ ok: false, code: 'WRITE_DATA_INVALID' });
    expect(plan({ blocks: { 4: 'XY'.repeat(16) } })).toMatchObject({ ok: false, code: 'WRITE_DATA_INVALID' });
    expect(plan({ blocks: {}, newKeys: { 1: 'FFFF' } })).toMatchObject({ ok: false, code: 'KEY_INVALID' });
    expect(plan({ blocks: {}, currentKeys: { 1: 12 } })).toMatchObject({ ok: false, code: 'KEY_INVALID' });
    expect(plan({ blocks: {}, newKeys: { 16: GOLDEN.sector1 } })).toMatchObject({
      ok: false,
      code: 'BLOCK_OUT_OF_RANGE',
    });
    for (const bad of [null, undefined, 'x', 3, { blocks: 'x' }, { blocks: {}, newKeys: 'x' }])
      expect(plan(bad).ok).toBe(false);
    expect(planCardVerify(null as never).ok).toBe(false);
  });
});

describe('a plan run on the MIFARE card model', () => {
  const bytes = (hex: string) => value(hexToBytes(hex));

  /** Runs write steps as an encoder does: authenticate the block's sector with key A, then write. */
  function run(card: MifareCard, steps: readonly WriteStep[]): Result<MifareCard> {
    let current = card;
    for (const step of steps) {
      const auth = authenticate(current, step.block >> 2, 'A', bytes(step.key));
      if (!auth.ok) return auth;
      const written = writeBlock(current, step.block, bytes(step.data), 'A');
      if (!written.ok) return written;
      current = written.value;
    }
    return { ok: true, value: current };
  }

  function readBack(card: MifareCard, block: number, key: string): Result<string> {
    const auth = authenticate(card, block >> 2, 'A', bytes(key));
    if (!auth.ok) return auth;
    const read = readBlock(card, block, 'A');
    return read.ok ? { ok: true, value: bytesToHex(read.value) } : read;
  }

  it('writes a signed, encrypted guest card that reads back as planned, and only with the new keys', () => {
    const keys = value(deriveCardSectorKeys(SECRET, UID, [1, 13]));
    const input = { blocks: hexBlocks(signed()), newKeys: keys };
    const card = value(run(value(blankCard('1K', UID)), value(planCardWrite(input))));
    const verify = value(planCardVerify(input));
    const read: Record<number, string> = {};
    for (const step of verify) read[step.block] = value(readBack(card, step.block, step.key));
    expect(checkCardReadBack({ expectedUid: UID, uid: UID, verify, blocks: read })).toEqual({
      ok: true,
      value: { ok: true },
    });
    expect(verifyCardBlocks({ macKeyHex: MAC_KEY, uidHex: UID, blocks: read }).ok).toBe(true);
    expect(readBack(card, 4, 'FFFFFFFFFFFF')).toMatchObject({ ok: false, code: 'AUTH_FAILED' });
    expect(readBack(card, 54, 'FFFFFFFFFFFF')).toMatchObject({ ok: false, code: 'AUTH_FAILED' });
    // Sectors the hotel did not choose keep the transport key.
    expect(readBack(card, 8, 'FFFFFFFFFFFF').ok).toBe(true);
  });

  it('proves an encryption (trailers only) by the trailer read of planCardVerify, then decrypts', () => {
    const keys = value(deriveCardSectorKeys(SECRET, UID, [1, 2, 13]));
    const encrypt = { blocks: {}, newKeys: keys };
    const card = value(run(value(blankCard('1K', UID)), value(planCardWrite(encrypt))));
    for (const step of value(planCardVerify(encrypt)))
      expect(readBack(card, step.block, step.key)).toEqual({ ok: true, value: step.data });

    const decrypt = {
      blocks: {},
      currentKeys: keys,
      newKeys: { 1: 'FFFFFFFFFFFF', 2: 'FFFFFFFFFFFF', 13: 'FFFFFFFFFFFF' },
    };
    const plain = value(run(card, value(planCardWrite(decrypt))));
    for (const step of value(planCardVerify(decrypt)))
      expect(readBack(plain, step.block, step.key)).toEqual({ ok: true, value: step.data });
    expect(readBack(plain, 4, keys[1]!)).toMatchObject({ ok: false, code: 'AUTH_FAILED' });
  });
});

describe('checkCardReadBack', () => {
  const verify = [{ block: 4, key: GOLDEN.sector1, data: 'AB'.repeat(16) }];

  it('WRONG_CARD when another card is on the encoder', () => {
    expect(
      checkCardReadBack({ expectedUid: UID, uid: OTHER_UID, verify, blocks: { 4: 'AB'.repeat(16) } }),
    ).toMatchObject({ ok: false, code: 'WRONG_CARD' });
  });

  it('CARD_WRITE_UNVERIFIED when a block differs or is missing', () => {
    expect(
      checkCardReadBack({ expectedUid: UID, uid: UID, verify, blocks: { 4: 'AC'.repeat(16) } }),
    ).toMatchObject({ ok: false, code: 'CARD_WRITE_UNVERIFIED' });
    expect(checkCardReadBack({ expectedUid: UID, uid: UID, verify, blocks: {} })).toMatchObject({
      ok: false,
      code: 'CARD_WRITE_UNVERIFIED',
    });
    expect(checkCardReadBack(null as never)).toMatchObject({ ok: false, code: 'CARD_WRITE_UNVERIFIED' });
    expect(checkCardReadBack({ expectedUid: UID, uid: UID, verify: 'x' as never, blocks: {} })).toMatchObject(
      { ok: false, code: 'CARD_WRITE_UNVERIFIED' },
    );
  });

  it('accepts the same card read back as written (lower-case hex too)', () => {
    expect(
      checkCardReadBack({ expectedUid: UID, uid: UID.toLowerCase(), verify, blocks: { 4: 'ab'.repeat(16) } }),
    ).toEqual({ ok: true, value: { ok: true } });
  });
});
