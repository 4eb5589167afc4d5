import { describe, expect, it } from 'vitest';
import { checkCoordinate, checkRequiredText, checkTelephone, openStreetMapUrl } from './rules.ts';

describe('the hotel information checks (as room/setHotelInfo)', () => {
  it('needs a name and an address within their length', () => {
    expect(checkRequiredText('  ', 100)).toBe('FIELD_REQUIRED');
    expect(checkRequiredText(undefined, 100)).toBe('FIELD_REQUIRED');
    expect(checkRequiredText('x'.repeat(101), 100)).toBe('FIELD_INVALID');
    expect(checkRequiredText('LockDesk Hotel', 100)).toBeUndefined();
  });

  it('takes a telephone of 5–20 digits, spaces, +, - and brackets', () => {
    expect(checkTelephone('')).toBe('FIELD_REQUIRED');
    expect(checkTelephone('021-68881234')).toBeUndefined();
    expect(checkTelephone('+86 (21) 6888 1234')).toBeUndefined();
    expect(checkTelephone('1234')).toBe('FIELD_INVALID');
    expect(checkTelephone('021-6888x1234')).toBe('FIELD_INVALID');
    expect(checkTelephone('1'.repeat(21))).toBe('FIELD_INVALID');
  });

  it('takes a latitude and a longitude in range, both or neither', () => {
    expect(checkCoordinate(null, 90, null)).toBeUndefined();
    expect(checkCoordinate(31.2354, 90, 121.5)).toBeUndefined();
    expect(checkCoordinate(-90, 90, 0)).toBeUndefined();
    expect(checkCoordinate(90.1, 90, 0)).toBe('FIELD_INVALID');
    expect(checkCoordinate(-180.5, 180, 0)).toBe('FIELD_INVALID');
    expect(checkCoordinate('abc', 90, 1)).toBe('FIELD_INVALID');
    expect(checkCoordinate(null, 90, 121.5)).toBe('FIELD_REQUIRED');
  });

  it('links a valid position to OpenStreetMap, nothing otherwise', () => {
    expect(openStreetMapUrl(31.2354, 121.5055)).toBe(
      'https://www.openstreetmap.org/?mlat=31.2354&mlon=121.5055#map=17/31.2354/121.5055',
    );
    expect(openStreetMapUrl(91, 121)).toBeUndefined();
    expect(openStreetMapUrl(31, null)).toBeUndefined();
    expect(openStreetMapUrl(null, null)).toBeUndefined();
  });
});
