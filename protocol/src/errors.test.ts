import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ENGLISH_DISPLAY_REWRITES,
  ERRNO,
  ERROR_CODES,
  ERROR_TEXTS,
  errorText,
  fillParams,
  isErrorCode,
} from './errors.js';

// The quoted English messages of spec §4 to §8, copied from the spec as data (fixtures/spec/README.md).
const messages: string[] = JSON.parse(
  readFileSync(new URL('./fixtures/spec/quoted-messages.json', import.meta.url), 'utf8'),
).messages;
// A quoted name that is a feature, not a message.
const NOT_MESSAGES = new Set(['unsubscribe old card']);
const catalogue = [...Object.values(ERROR_TEXTS), ...Object.values(ENGLISH_DISPLAY_REWRITES)];

describe('error catalogue (spec §8)', () => {
  it('has the errno values of the main client', () => {
    expect(ERRNO).toMatchObject({
      ok: 0,
      silentReject: 9000003,
      loginExpired: 100003,
      sessionRevoked: 9000005,
      noMessage: 9000020,
    });
    expect(new Set(Object.values(ERRNO)).size).toBe(Object.values(ERRNO).length);
  });

  it('finds the quoted messages of the spec', () => {
    expect(messages.length).toBeGreaterThanOrEqual(50);
    expect(messages).toContain('Customer manager mobile number cannot be empty');
  });

  it('holds every quoted message of spec §4 to §8 as an English text', () => {
    const missing = messages.filter(
      (message) => !NOT_MESSAGES.has(message) && !catalogue.some((text) => text.includes(message)),
    );
    expect(missing).toEqual([]);
  });

  it('holds the broker and other unquoted messages of §8', () => {
    for (const [code, text] of [
      ['BROKER_DEVICE_NOT_CONNECTED', 'device not connected'],
      ['BROKER_INVALID_HEX', 'invalid hex format'],
      ['BROKER_RESPONSE_TIMEOUT', 'response timeout'],
      ['BROKER_CONNECTION_TIMEOUT', 'connection timeout'],
      ['DELETE_FAILED', 'Delete failed'],
      ['SET_EXPIRATION_FAILED', 'Set expiration time failed'],
      ['SECTOR_CHECK_FAILED', 'sector check failed: {message}'],
      ['MAX_RETRIES_REACHED', 'Card reading failed, maximum retries reached ({maxRetries})'],
      ['READER_ERROR_CODE', '{message} error code {retval}'],
    ] as const)
      expect(ERROR_TEXTS[code], code).toBe(text);
  });

  it('takes the parameters {status}, {mobile}, {parentMobile} and {maxRetries}', () => {
    expect(errorText('READ_FAILED_STATUS', { status: '0A' })).toBe('read failed, status code 0A');
    expect(errorText('CARD_ABNORMAL', { mobile: '13800138000' })).toBe(
      'Card abnormal, contact the customer service manager 13800138000',
    );
    expect(errorText('SERVICE_EXPIRED', { parentMobile: '13900139000' })).toBe(
      'Service has expired, please contact customer manager 13900139000',
    );
    expect(errorText('MAX_RETRIES_REACHED', { maxRetries: 24 })).toBe(
      'Card reading failed, maximum retries reached (24)',
    );
  });

  it('shows the English rewrites of two server texts', () => {
    expect(ENGLISH_DISPLAY_REWRITES[ERROR_TEXTS.VERIFICATION_CODE_INCORRECT]).toBe(
      'Incorrect verification code',
    );
    expect(ENGLISH_DISPLAY_REWRITES[ERROR_TEXTS.PASSWORD_INCORRECT]).toBe('Incorrect password');
  });

  it('fills parameters, keeps unknown ones visible and ignores inherited names', () => {
    expect(fillParams('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(fillParams('{toString}', {})).toBe('{toString}');
    expect(fillParams('no params')).toBe('no params');
  });

  it('tells catalogue codes from other values', () => {
    for (const code of ERROR_CODES) expect(isErrorCode(code)).toBe(true);
    for (const value of ['nope', 'toString', '__proto__', 42, null, undefined])
      expect(isErrorCode(value)).toBe(false);
  });
});
