import { LIMITS } from './constants.js';
import type { ErrorCode } from './errors.js';
import { isHex } from './hex.js';
import { CARD_GEOMETRY, type CardSize } from './mifare.js';
import { fail, ok, type Result } from './result.js';

/**
 * The values the card-reader calls and the broker carry (spec §5 'Validation rules', §9), parsed: each function
 * returns the value in the canonical form the frame codec takes (hex uppercased, numbers as numbers) or the
 * catalogue code of the rule it breaks. rules.ts holds the form-level checks (code or undefined) of the same
 * rules; these add what the encoder needs on top: the canonical value and block/sector ranges per card size.
 */

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function exactHex(
  value: unknown,
  length: number,
  required: ErrorCode,
  invalid: ErrorCode,
  what: string,
): Result<string> {
  if (isBlank(value)) return fail(required, `${what} is missing`);
  if (typeof value !== 'string' || value.length !== length || !isHex(value))
    return fail(invalid, `${what} must be exactly ${length} hex characters`);
  return ok(value.toUpperCase());
}

/** A MIFARE key: exactly 12 hex characters (KEY_REQUIRED / KEY_INVALID). */
export function parseKey(value: unknown): Result<string> {
  return exactHex(value, LIMITS.keyHexLength, 'KEY_REQUIRED', 'KEY_INVALID', 'key');
}

/** The data of one block to write: exactly 32 hex characters (WRITE_DATA_REQUIRED / WRITE_DATA_INVALID). */
export function parseBlockData(value: unknown): Result<string> {
  return exactHex(
    value,
    LIMITS.writeDataHexLength,
    'WRITE_DATA_REQUIRED',
    'WRITE_DATA_INVALID',
    'block data',
  );
}

/** A broker device id (the encoder's MAC): exactly 12 hex characters (BROKER_INVALID_DEVICE_ID). */
export function parseDeviceId(value: unknown): Result<string> {
  if (typeof value !== 'string' || value.length !== 12 || !isHex(value))
    return fail('BROKER_INVALID_DEVICE_ID', 'the device id must be 12 hex characters');
  return ok(value.toUpperCase());
}

/** A hex command sent through the broker: valid hex of at least 2 characters (BROKER_INVALID_HEX). */
export function parseHexCommand(value: unknown): Result<string> {
  if (typeof value !== 'string' || value.length < 2 || !isHex(value))
    return fail('BROKER_INVALID_HEX', 'a hex command is an even number (at least 2) of hex digits');
  return ok(value.toUpperCase());
}

/** A card reader (dispenser) address: exactly 12 decimal digits (READER_ADDRESS_INVALID). */
export function parseReaderAddress(value: unknown): Result<string> {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{12}$/.test(text))
    return fail(
      'READER_ADDRESS_INVALID',
      `the card reader address must be ${LIMITS.readerAddressDigits} digits`,
    );
  return ok(text);
}

function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** A block number: required, and within the card (0–63 on 1K, 0–255 on 4K); numeric strings are accepted. */
export function parseBlockNumber(value: unknown, size: CardSize = '1K'): Result<number> {
  if (isBlank(value)) return fail('BLOCK_REQUIRED', 'block number is missing');
  const block = wholeNumber(value);
  const count = CARD_GEOMETRY[size].blocks;
  if (block === undefined || block < 0 || block >= count)
    return fail(
      'BLOCK_OUT_OF_RANGE',
      `block must be a whole number from 0 to ${count - 1} on a ${size} card`,
      {
        block: String(value),
      },
    );
  return ok(block);
}

/** A sector number: required, and within the card (0–15 on 1K, 0–39 on 4K). */
export function parseSectorNumber(value: unknown, size: CardSize = '1K'): Result<number> {
  if (isBlank(value)) return fail('BLOCK_REQUIRED', 'sector number is missing');
  const sector = wholeNumber(value);
  const count = CARD_GEOMETRY[size].sectors;
  if (sector === undefined || sector < 0 || sector >= count)
    return fail(
      'BLOCK_OUT_OF_RANGE',
      `sector must be a whole number from 0 to ${count - 1} on a ${size} card`,
      {
        sector: String(value),
      },
    );
  return ok(sector);
}

/** The card size an encoder reports in its find-card cardType byte (the ISO 14443 SAK), when it is Classic. */
export function cardSizeOfType(cardType: number): CardSize | undefined {
  // SAK 0x08 = MIFARE Classic 1K, 0x18 = MIFARE Classic 4K (NXP AN10833 'MIFARE type identification').
  if (cardType === 0x08) return '1K';
  if (cardType === 0x18) return '4K';
  return undefined;
}

/** Shows a 12-hex MAC (mac_id) as colon-separated uppercase pairs: 'AA:BB:CC:DD:EE:FF' (spec §3). */
export function formatMac(value: unknown): Result<string> {
  if (typeof value !== 'string' || value.length !== 12 || !isHex(value))
    return fail('FIELD_INVALID', 'a mac_id is 12 hex characters', { field: 'mac_id' });
  return ok(value.toUpperCase().match(/../g)!.join(':'));
}

/** Reads a MAC written with ':' or '-' separators, or none, back to 12 uppercase hex characters. */
export function parseMac(value: unknown): Result<string> {
  if (typeof value !== 'string') return fail('FIELD_INVALID', 'a mac_id is text', { field: 'mac_id' });
  const text = value.trim();
  const plain = /^[0-9a-fA-F]{12}$/.test(text)
    ? text
    : /^[0-9a-fA-F]{2}([:-])(?:[0-9a-fA-F]{2}\1){4}[0-9a-fA-F]{2}$/.test(text)
      ? text.replace(/[:-]/g, '')
      : undefined;
  if (plain === undefined)
    return fail('FIELD_INVALID', 'a mac_id is 6 hex pairs, optionally separated by : or -', {
      field: 'mac_id',
    });
  return ok(plain.toUpperCase());
}

/** A lock MAC as the server stores it: 12 upper-case hex, from 'AA:BB:…', 'aa-bb-…', 'aa bb …' or 'aabb…'. */
export function normaliseMac(value: string): string | undefined {
  const hex = value.replace(/[:\-\s]/g, '').toUpperCase();
  return /^[0-9A-F]{12}$/.test(hex) ? hex : undefined;
}
