import { describe, expect, it } from 'vitest';
import {
  cardSizeOfType,
  formatMac,
  parseBlockData,
  parseBlockNumber,
  parseDeviceId,
  parseHexCommand,
  parseKey,
  parseMac,
  parseReaderAddress,
  parseSectorNumber,
} from './fields.js';
import type { Result } from './result.js';

function codeOf<T>(result: Result<T>): string | undefined {
  return result.ok ? undefined : result.code;
}

describe('parseKey', () => {
  it('gives the key uppercased', () => {
    expect(parseKey('a0a1a2a3a4a5')).toEqual({ ok: true, value: 'A0A1A2A3A4A5' });
  });
  it.each([undefined, null, '', '  '])('KEY_REQUIRED for %j', (value) => {
    expect(codeOf(parseKey(value))).toBe('KEY_REQUIRED');
  });
  it.each(['FFFFFFFFFF', 'FFFFFFFFFFFFFF', 'FFFFFFFFFFFG', 123456789012])('KEY_INVALID for %j', (value) => {
    expect(codeOf(parseKey(value))).toBe('KEY_INVALID');
  });
});

describe('parseBlockData', () => {
  it('gives 32 hex uppercased', () => {
    expect(parseBlockData('00112233445566778899aabbccddeeff')).toEqual({
      ok: true,
      value: '00112233445566778899AABBCCDDEEFF',
    });
  });
  it('WRITE_DATA_REQUIRED when empty', () => {
    expect(codeOf(parseBlockData(''))).toBe('WRITE_DATA_REQUIRED');
    expect(codeOf(parseBlockData(undefined))).toBe('WRITE_DATA_REQUIRED');
  });
  it.each(['00', '00112233445566778899AABBCCDDEEF', '00112233445566778899AABBCCDDEEFZ'])(
    'WRITE_DATA_INVALID for %s',
    (value) => {
      expect(codeOf(parseBlockData(value))).toBe('WRITE_DATA_INVALID');
    },
  );
});

describe('parseDeviceId', () => {
  it('accepts 12 hex characters', () => {
    expect(parseDeviceId('a1b2c3d4e5f6')).toEqual({ ok: true, value: 'A1B2C3D4E5F6' });
  });
  it.each(['A1B2C3D4E5', 'A1:B2:C3:D4:E5:F6', 'A1B2C3D4E5FG', undefined])(
    'BROKER_INVALID_DEVICE_ID for %j',
    (v) => {
      const result = parseDeviceId(v);
      expect(result).toMatchObject({ ok: false, code: 'BROKER_INVALID_DEVICE_ID' });
    },
  );
});

describe('parseHexCommand', () => {
  it('accepts valid hex of at least 2 characters', () => {
    expect(parseHexCommand('a50401a0')).toEqual({ ok: true, value: 'A50401A0' });
    expect(parseHexCommand('00')).toEqual({ ok: true, value: '00' });
  });
  it.each(['', 'A', 'A50', 'A5 04', 'XYZW', null])('BROKER_INVALID_HEX for %j', (value) => {
    expect(codeOf(parseHexCommand(value))).toBe('BROKER_INVALID_HEX');
  });
});

describe('parseReaderAddress', () => {
  it('accepts 12 digits, as text or a number', () => {
    expect(parseReaderAddress('013570000001')).toEqual({ ok: true, value: '013570000001' });
    expect(parseReaderAddress(135700000012)).toEqual({ ok: true, value: '135700000012' });
  });
  it.each(['12345678901', '1234567890123', '12345678901a', '', undefined])(
    'READER_ADDRESS_INVALID for %j',
    (v) => {
      expect(codeOf(parseReaderAddress(v))).toBe('READER_ADDRESS_INVALID');
    },
  );
});

describe('parseBlockNumber', () => {
  it('accepts 0–63 on a 1K card and 0–255 on a 4K card, numbers or digit strings', () => {
    expect(parseBlockNumber(0)).toEqual({ ok: true, value: 0 });
    expect(parseBlockNumber('54')).toEqual({ ok: true, value: 54 });
    expect(parseBlockNumber(63, '1K')).toEqual({ ok: true, value: 63 });
    expect(parseBlockNumber(255, '4K')).toEqual({ ok: true, value: 255 });
  });
  it.each([undefined, null, ''])('BLOCK_REQUIRED for %j', (value) => {
    expect(codeOf(parseBlockNumber(value))).toBe('BLOCK_REQUIRED');
  });
  it.each([
    [64, '1K'],
    [256, '4K'],
    [-1, '1K'],
    [1.5, '1K'],
    ['x1', '1K'],
  ] as const)('BLOCK_OUT_OF_RANGE for %j on %s', (value, size) => {
    expect(codeOf(parseBlockNumber(value, size))).toBe('BLOCK_OUT_OF_RANGE');
  });
});

describe('parseSectorNumber', () => {
  it('accepts 0–15 on 1K and 0–39 on 4K', () => {
    expect(parseSectorNumber(15)).toEqual({ ok: true, value: 15 });
    expect(parseSectorNumber('39', '4K')).toEqual({ ok: true, value: 39 });
  });
  it('refuses a missing or out-of-range sector', () => {
    expect(codeOf(parseSectorNumber(undefined))).toBe('BLOCK_REQUIRED');
    expect(codeOf(parseSectorNumber(16, '1K'))).toBe('BLOCK_OUT_OF_RANGE');
    expect(codeOf(parseSectorNumber(40, '4K'))).toBe('BLOCK_OUT_OF_RANGE');
  });
});

describe('cardSizeOfType', () => {
  it('maps the SAK of MIFARE Classic cards', () => {
    expect(cardSizeOfType(0x08)).toBe('1K');
    expect(cardSizeOfType(0x18)).toBe('4K');
    expect(cardSizeOfType(0x20)).toBeUndefined();
  });
});

describe('formatMac / parseMac', () => {
  it('shows 12 hex as colon pairs and reads it back', () => {
    expect(formatMac('a1b2c3d4e5f6')).toEqual({ ok: true, value: 'A1:B2:C3:D4:E5:F6' });
    expect(parseMac('A1:B2:C3:D4:E5:F6')).toEqual({ ok: true, value: 'A1B2C3D4E5F6' });
    expect(parseMac('a1-b2-c3-d4-e5-f6')).toEqual({ ok: true, value: 'A1B2C3D4E5F6' });
    expect(parseMac(' a1b2c3d4e5f6 ')).toEqual({ ok: true, value: 'A1B2C3D4E5F6' });
  });
  it.each(['A1B2C3D4E5', 'A1:B2-C3:D4:E5:F6', 'A1:B2:C3:D4:E5:FG', 42])('FIELD_INVALID for %j', (value) => {
    expect(parseMac(value)).toMatchObject({ ok: false, code: 'FIELD_INVALID', params: { field: 'mac_id' } });
  });
  it('formatMac refuses what is not 12 hex', () => {
    expect(formatMac('A1:B2:C3:D4:E5:F6')).toMatchObject({ ok: false, code: 'FIELD_INVALID' });
  });
});
