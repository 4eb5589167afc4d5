import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_EXPIRY_LIMIT_SECONDS,
  cardSecondsFromMs,
  formatCardTime,
  isCardTimeInRange,
  isEmptyCardTime,
  parseCardTime,
} from './time.js';

// The four values of fixtures/reference/mifare-reference.json 'asia_shanghai_times', copied so CI needs no
// checkout outside the repository.
const SHANGHAI_REFERENCE = [
  { epoch: 0, local: '1970-01-01 08:00:00' },
  { epoch: 1_700_000_000, local: '2023-11-15 06:13:20' },
  { epoch: 2_051_193_599, local: '2034-12-31 23:59:59' },
  { epoch: 4_294_967_295, local: '2106-02-07 14:28:15' },
];

describe('formatCardTime', () => {
  it.each(SHANGHAI_REFERENCE)('formats $epoch as $local', ({ epoch, local }) => {
    expect(formatCardTime(epoch)).toBe(local);
  });

  it('crosses a leap day and a year end in Shanghai, not in UTC', () => {
    // 2024-02-28T16:00:00Z is already 2024-02-29 00:00 in Shanghai.
    expect(formatCardTime(Date.UTC(2024, 1, 28, 16) / 1000)).toBe('2024-02-29 00:00:00');
    // 2023-12-31T15:59:59Z is the last second of 2023 in Shanghai.
    expect(formatCardTime(Date.UTC(2023, 11, 31, 15, 59, 59) / 1000)).toBe('2023-12-31 23:59:59');
    expect(formatCardTime(Date.UTC(2023, 11, 31, 16) / 1000)).toBe('2024-01-01 00:00:00');
  });

  it('truncates fractions of a second and gives nothing for a non-number', () => {
    expect(formatCardTime(1_700_000_000.9)).toBe('2023-11-15 06:13:20');
    expect(formatCardTime(Number.NaN)).toBe('');
  });

  it('agrees with the platform time-zone database for any card time after 1991', () => {
    const shanghai = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const viaIntl = (seconds: number) => {
      const parts = Object.fromEntries(shanghai.formatToParts(seconds * 1000).map((p) => [p.type, p.value]));
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
    };
    fc.assert(
      fc.property(fc.integer({ min: 694_224_000, max: 0xfffffffe }), (seconds) => {
        expect(formatCardTime(seconds)).toBe(viaIntl(seconds));
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseCardTime', () => {
  it.each(SHANGHAI_REFERENCE)('reads $local back as $epoch', ({ epoch, local }) => {
    expect(parseCardTime(local)).toEqual({ ok: true, value: epoch });
  });

  it('accepts a T separator, no seconds, or a bare date (midnight)', () => {
    expect(parseCardTime('2023-11-15T06:13:20')).toEqual({ ok: true, value: 1_700_000_000 });
    expect(parseCardTime('2023-11-15 06:13')).toEqual({ ok: true, value: 1_700_000_000 - 20 });
    expect(parseCardTime(' 1970-01-01 ')).toEqual({ ok: true, value: -8 * 3600 });
  });

  it.each([
    'not a time',
    '2023-13-01 00:00:00',
    '2023-02-29 00:00:00',
    '2023-04-31 00:00:00',
    '2023-01-01 24:00:00',
    '2023-01-01 10:60:00',
    '2023-01-01 10:00:60',
    '',
  ])('refuses %j as FIELD_INVALID', (text) => {
    expect(parseCardTime(text)).toMatchObject({ ok: false, code: 'FIELD_INVALID' });
  });

  it('refuses a non-string without throwing', () => {
    expect(parseCardTime(42 as unknown as string)).toMatchObject({ ok: false, code: 'FIELD_INVALID' });
  });

  it('round-trips every 4-byte card time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seconds) => {
        expect(parseCardTime(formatCardTime(seconds))).toEqual({ ok: true, value: seconds });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('empty and in-range card times', () => {
  it('treats 0 and 0xFFFFFFFF as empty, nothing else', () => {
    expect(isEmptyCardTime(0)).toBe(true);
    expect(isEmptyCardTime(0xffffffff)).toBe(true);
    expect(isEmptyCardTime(1)).toBe(false);
    expect(isEmptyCardTime(0xfffffffe)).toBe(false);
    expect(isEmptyCardTime(1_700_000_000)).toBe(false);
  });

  it('keeps card times inside the 4-byte field and off the empty markers', () => {
    expect(isCardTimeInRange(1)).toBe(true);
    expect(isCardTimeInRange(0xfffffffe)).toBe(true);
    expect(isCardTimeInRange(0)).toBe(false);
    expect(isCardTimeInRange(0xffffffff)).toBe(false);
    expect(isCardTimeInRange(-5)).toBe(false);
    expect(isCardTimeInRange(1.5)).toBe(false);
  });

  it('puts the expiry limit on the last second of 2035 in Shanghai', () => {
    expect(formatCardTime(CARD_EXPIRY_LIMIT_SECONDS)).toBe('2035-12-31 23:59:59');
    expect(formatCardTime(CARD_EXPIRY_LIMIT_SECONDS + 1)).toBe('2036-01-01 00:00:00');
  });

  it('turns milliseconds into whole card seconds', () => {
    expect(cardSecondsFromMs(1_700_000_000_999)).toBe(1_700_000_000);
  });
});
