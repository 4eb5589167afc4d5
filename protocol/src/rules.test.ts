import { describe, expect, it } from 'vitest';
import { CARD_TYPE } from './constants.js';
import type { ErrorCode } from './errors.js';
import {
  CARD_EXPIRY_LIMIT_MS,
  checkAccessControls,
  checkAccount,
  checkBlockNumber,
  checkBrokerDeviceId,
  checkCardExpiry,
  checkCardNumber,
  checkCardScope,
  checkCheckInPassword,
  checkCustomerManagerMobile,
  checkFaceId,
  checkFaceImage,
  checkFaceNote,
  checkGraphicCode,
  checkGroupName,
  checkHexCommand,
  checkHotelInfo,
  checkKey,
  checkMobile,
  checkNickname,
  checkPassword,
  checkPeriod,
  checkPrice,
  checkReaderAddress,
  checkSenderNumber,
  checkSmsCode,
  checkSortOrder,
  checkStay,
  checkTenantMobiles,
  checkWriteData,
  hotelInfoComplete,
  RULES,
  readLockout,
  readLockoutRemainingMs,
} from './rules.js';
import { parseCardTime } from './time.js';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);
const shanghaiMs = (text: string) => {
  const parsed = parseCardTime(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value * 1000;
};

// Each row: the rule, an input that breaks it, the code expected, and an input that passes.
type Row = [string, (value: never) => ErrorCode | undefined, unknown, ErrorCode, unknown];
const singleField: Row[] = [
  ['account', checkAccount, '12345', 'ACCOUNT_INVALID', '13812345678'],
  ['account (email)', checkAccount, 'desk@hotel', 'ACCOUNT_INVALID', 'desk@hotel.example'],
  ['account (mobile 2nd digit 2)', checkAccount, '12812345678', 'ACCOUNT_INVALID', ' 19912345678 '],
  ['account (empty)', checkAccount, undefined, 'ACCOUNT_INVALID', 'a.b@c.cn'],
  ['password', checkPassword, '12345', 'PASSWORD_TOO_SHORT', '123456'],
  ['password (code points)', checkPassword, '🔑🔑🔑🔑🔑', 'PASSWORD_TOO_SHORT', '密码密码密码'],
  ['graphic code (empty)', checkGraphicCode, ' ', 'GRAPHIC_CODE_REQUIRED', '0123'],
  ['graphic code (3 digits)', checkGraphicCode, '123', 'GRAPHIC_CODE_INVALID', '9876'],
  ['graphic code (letters)', checkGraphicCode, '12a4', 'GRAPHIC_CODE_INVALID', 4321],
  ['SMS code', checkSmsCode, '', 'SMS_CODE_REQUIRED', '482913'],
  ['mobile', checkMobile, '1381234567', 'MOBILE_INVALID', '13812345678'],
  ['mobile (starts 12)', checkMobile, '12812345678', 'MOBILE_INVALID', '15012345678'],
  ['mobile (12 digits)', checkMobile, '138123456789', 'MOBILE_INVALID', 13812345678],
  ['price', checkPrice, 0.99, 'PRICE_TOO_LOW', 1],
  ['price (text)', checkPrice, '0', 'PRICE_TOO_LOW', '199.5'],
  ['price (empty)', checkPrice, '', 'PRICE_TOO_LOW', '1'],
  ['price (not a number)', checkPrice, 'abc', 'PRICE_TOO_LOW', 288],
  ['card number', checkCardNumber, '  ', 'CARD_NUMBER_REQUIRED', '10086'],
  ['access controls', checkAccessControls, ['a', 'b', 'c', 'd'], 'TOO_MANY_ACCESS_CONTROLS', ['a', 'b', 'c']],
  ['access controls (count)', checkAccessControls, 4, 'TOO_MANY_ACCESS_CONTROLS', 0],
  ['reader address', checkReaderAddress, '12345678901', 'READER_ADDRESS_INVALID', '123456789012'],
  ['reader address (hex)', checkReaderAddress, '12345678901A', 'READER_ADDRESS_INVALID', '000000000001'],
  ['block', checkBlockNumber, '', 'BLOCK_REQUIRED', '54'],
  ['block (negative)', checkBlockNumber, -1, 'BLOCK_OUT_OF_RANGE', 0],
  ['block (beyond a 4K card)', checkBlockNumber, 256, 'BLOCK_OUT_OF_RANGE', 255],
  ['key (empty)', checkKey, undefined, 'KEY_REQUIRED', 'FFFFFFFFFFFF'],
  ['key (11)', checkKey, 'FFFFFFFFFFF', 'KEY_INVALID', 'a0a1a2a3a4a5'],
  ['key (not hex)', checkKey, 'FFFFFFFFFFFG', 'KEY_INVALID', 'D3F7D3F7D3F7'],
  ['sender number', checkSenderNumber, null, 'SENDER_NUMBER_REQUIRED', 'A1B2C3D4E5F6'],
  ['write data (empty)', checkWriteData, '', 'WRITE_DATA_REQUIRED', '00112233445566778899AABBCCDDEEFF'],
  ['write data (31)', checkWriteData, '0'.repeat(31), 'WRITE_DATA_INVALID', '0'.repeat(32)],
  ['write data (not hex)', checkWriteData, 'Z'.repeat(32), 'WRITE_DATA_INVALID', 'f'.repeat(32)],
  ['face note', checkFaceNote, '', 'FACE_NOTE_REQUIRED', 'front desk'],
  ['face id', checkFaceId, undefined, 'FACE_ID_REQUIRED', 17],
  ['face image', checkFaceImage, '   ', 'FACE_IMAGE_REQUIRED', 'faces/17.jpg'],
  ['nickname', checkNickname, 'x'.repeat(33), 'NICKNAME_TOO_LONG', 'x'.repeat(32)],
  ['nickname (code points)', checkNickname, '😀'.repeat(33), 'NICKNAME_TOO_LONG', '😀'.repeat(32)],
  ['check-in password', checkCheckInPassword, '12345', 'CHECKIN_PASSWORD_INVALID', '012345'],
  ['check-in password (letters)', checkCheckInPassword, '12345a', 'CHECKIN_PASSWORD_INVALID', 123456],
  ['group name', checkGroupName, '', 'GROUP_NAME_REQUIRED', 'Floor 3'],
  ['sort order', checkSortOrder, '', 'SORT_ORDER_REQUIRED', '0'],
  ['sort order (text)', checkSortOrder, 'first', 'SORT_ORDER_REQUIRED', 3],
  ['customer manager mobile', checkCustomerManagerMobile, '', 'CUSTOMER_MANAGER_MOBILE_EMPTY', '13812345678'],
  ['broker device id', checkBrokerDeviceId, 'A1B2C3D4E5', 'BROKER_INVALID_DEVICE_ID', 'a1b2c3d4e5f6'],
  ['hex command', checkHexCommand, 'A', 'BROKER_INVALID_HEX', 'AA'],
  ['hex command (odd)', checkHexCommand, 'ABC', 'BROKER_INVALID_HEX', 'AB01'],
];

describe('single-field rules', () => {
  it.each(singleField)('%s: refuses %j', (_name, rule, bad, code) => {
    expect(rule(bad as never)).toBe(code);
  });
  it.each(singleField)('%s: accepts the valid example', (_name, rule, _bad, _code, good) => {
    expect(rule(good as never)).toBeUndefined();
  });

  it('nickname is optional unless the form requires it', () => {
    expect(checkNickname('')).toBeUndefined();
    expect(checkNickname('', { required: true })).toBe('NICKNAME_REQUIRED');
    expect(checkNickname('Li', { required: true })).toBeUndefined();
  });

  it('RULES maps form fields to the same functions', () => {
    expect(RULES.mobile).toBe(checkMobile);
    expect(RULES.key('FFFFFFFFFFF')).toBe('KEY_INVALID');
    expect(RULES.writeData('0'.repeat(32))).toBeUndefined();
  });
});

describe('tenant mobiles', () => {
  it('names the first bad tenant from 1', () => {
    expect(checkTenantMobiles(['13812345678', '1381234', '12'])).toEqual({
      code: 'TENANT_MOBILE_INVALID',
      params: { index: 2 },
    });
    expect(checkTenantMobiles(['x'])).toEqual({ code: 'TENANT_MOBILE_INVALID', params: { index: 1 } });
  });
  it('passes when every tenant mobile is valid (or there are none)', () => {
    expect(checkTenantMobiles(['13812345678', '19912345678'])).toBeUndefined();
    expect(checkTenantMobiles([])).toBeUndefined();
  });
});

describe('stay times', () => {
  it.each([
    [undefined, NOW + HOUR, 'CHECK_IN_TIME_REQUIRED'],
    [NOW, null, 'CHECK_OUT_TIME_REQUIRED'],
    [NOW, NOW + HOUR - 1, 'STAY_TOO_SHORT'],
    [NOW, NOW - HOUR, 'STAY_TOO_SHORT'],
  ] as const)('check-in %s, check-out %s → %s', (checkIn, checkOut, code) => {
    expect(checkStay(checkIn, checkOut)).toBe(code);
  });
  it('accepts exactly one hour and more', () => {
    expect(checkStay(NOW, NOW + HOUR)).toBeUndefined();
    expect(checkStay(NOW, NOW + 48 * HOUR)).toBeUndefined();
  });
});

describe('validity periods', () => {
  it.each([
    [undefined, NOW, 'START_TIME_REQUIRED'],
    [Number.NaN, NOW, 'START_TIME_REQUIRED'],
    [NOW, NOW, 'END_BEFORE_START'],
    [NOW, NOW - 1, 'END_BEFORE_START'],
    [NOW, undefined, 'END_BEFORE_START'],
  ] as const)('start %s, end %s → %s', (start, end, code) => {
    expect(checkPeriod(start, end)).toBe(code);
  });
  it('accepts an end one millisecond after the start', () => {
    expect(checkPeriod(NOW, NOW + 1)).toBeUndefined();
  });
});

describe('card expiry', () => {
  it.each([
    [undefined, 'CARD_EXPIRY_REQUIRED'],
    [NOW, 'EXPIRATION_NOT_FUTURE'],
    [NOW - 1, 'EXPIRATION_NOT_FUTURE'],
    [shanghaiMs('2036-01-01 00:00:00'), 'CARD_EXPIRY_TOO_LATE'],
    [CARD_EXPIRY_LIMIT_MS + 1, 'CARD_EXPIRY_TOO_LATE'],
  ] as const)('expiry %s → %s', (expiry, code) => {
    expect(checkCardExpiry(expiry, NOW)).toBe(code);
  });
  it('accepts the quick picks and the last second of 2035 in Shanghai', () => {
    for (const days of [7, 30, 90]) expect(checkCardExpiry(NOW + days * 24 * HOUR, NOW)).toBeUndefined();
    expect(checkCardExpiry(shanghaiMs('2035-12-31 23:59:59'), NOW)).toBeUndefined();
    expect(checkCardExpiry(CARD_EXPIRY_LIMIT_MS, NOW)).toBeUndefined();
  });
});

describe('card scope', () => {
  it.each([
    [CARD_TYPE.building, '', '', 'BUILDING_REQUIRED'],
    [CARD_TYPE.building, 0, 3, 'BUILDING_REQUIRED'],
    [CARD_TYPE.floor, undefined, 3, 'BUILDING_REQUIRED'],
    [CARD_TYPE.floor, 2, '', 'FLOOR_REQUIRED'],
    [CARD_TYPE.floor, '2', 0, 'FLOOR_REQUIRED'],
  ] as const)('type %s building %j floor %j → %s', (type, building, floor, code) => {
    expect(checkCardScope(type, building, floor)).toBe(code);
  });
  it('accepts complete scopes, and no scope for the other card types', () => {
    expect(checkCardScope(CARD_TYPE.building, 2, undefined)).toBeUndefined();
    expect(checkCardScope(CARD_TYPE.floor, '2', '3')).toBeUndefined();
    expect(checkCardScope(CARD_TYPE.master, undefined, undefined)).toBeUndefined();
    expect(checkCardScope(CARD_TYPE.normal, undefined, undefined)).toBeUndefined();
  });
});

describe('hotel information', () => {
  const hotel = { name: 'Harbour View', address: '1 Bund Rd', telephone: '021-12345678' };
  it.each([
    ['nothing', undefined],
    ['no name', { ...hotel, name: '' }],
    ['no address', { ...hotel, address: null }],
    ['no telephone', { ...hotel, telephone: '  ' }],
  ])('%s → HOTEL_INFO_REQUIRED', (_name, info) => {
    expect(hotelInfoComplete(info)).toBe(false);
    expect(checkHotelInfo(info)).toBe('HOTEL_INFO_REQUIRED');
  });
  it('passes a complete hotel', () => {
    expect(hotelInfoComplete(hotel)).toBe(true);
    expect(checkHotelInfo(hotel)).toBeUndefined();
  });
});

describe('card reading lockout', () => {
  it('blocks clicks for 2000 ms after a click', () => {
    expect(readLockout(NOW, NOW)).toBe('READ_TOO_FREQUENT');
    expect(readLockout(NOW, NOW + 1999)).toBe('READ_TOO_FREQUENT');
    expect(readLockoutRemainingMs(NOW, NOW + 500)).toBe(1500);
  });
  it('frees the button at 2000 ms, on the first click, and when the clock went backwards', () => {
    expect(readLockout(NOW, NOW + 2000)).toBeUndefined();
    expect(readLockout(undefined, NOW)).toBeUndefined();
    expect(readLockout(NOW, NOW - 10)).toBeUndefined();
    expect(readLockoutRemainingMs(NOW, NOW + 5000)).toBe(0);
  });
});
