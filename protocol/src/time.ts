import { CARD_TIME_OFFSET_SECONDS, EMPTY_CARD_TIME_MAX } from './constants.js';
import { fail, ok, type Result } from './result.js';

/**
 * Card times (spec §3 'Card sector data', §9 'Time zone for card times'): seconds since the epoch, shown as
 * 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai. Shanghai has kept a fixed +08:00 offset with no daylight saving since
 * 1991, so plain arithmetic is exact for every time a card can hold (1970..2106) after 1991, and it needs no Intl
 * time-zone data (which browsers and small Node builds may lack). Times before 1991 are shown at +08:00 too: no
 * card of this product was written then.
 */

const SECONDS_PER_DAY = 86_400;

/** The last second a card expiry may be: 2035-12-31 23:59:59 Asia/Shanghai (spec §5 'cannot exceed the year 2035'). */
export const CARD_EXPIRY_LIMIT_SECONDS = 2_082_729_599;

/** True for the two values that mark an unset card time: 0 (1970-01-01) and 0xFFFFFFFF (2106-02-07). */
export function isEmptyCardTime(seconds: number): boolean {
  return seconds === 0 || seconds === EMPTY_CARD_TIME_MAX;
}

/** True when a value fits the 4-byte card time field and is not one of the empty markers. */
export function isCardTimeInRange(seconds: number): boolean {
  return Number.isInteger(seconds) && seconds > 0 && seconds < EMPTY_CARD_TIME_MAX;
}

// Days since 1970-01-01 to a civil date, and back (H. Hinnant's algorithms, proleptic Gregorian calendar).
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats card seconds as 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai; a non-integer is truncated to whole seconds. */
export function formatCardTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '';
  const local = Math.trunc(seconds) + CARD_TIME_OFFSET_SECONDS;
  const days = Math.floor(local / SECONDS_PER_DAY);
  const rest = local - days * SECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const hour = Math.floor(rest / 3600);
  const minute = Math.floor((rest % 3600) / 60);
  const second = rest % 60;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

const CARD_TIME_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads an Asia/Shanghai wall time ('YYYY-MM-DD HH:mm:ss', also 'YYYY-MM-DDTHH:mm:ss', without seconds, or a
 * bare date meaning midnight) as card seconds. Impossible dates (2023-02-30, 24:00) are FIELD_INVALID.
 */
export function parseCardTime(text: string): Result<number> {
  const match = typeof text === 'string' ? CARD_TIME_TEXT.exec(text.trim()) : null;
  if (!match) return fail('FIELD_INVALID', `not a card time: ${String(text)}`, { field: 'time' });
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return fail('FIELD_INVALID', `no such time: ${text}`, { field: 'time' });
  const local = daysFromCivil(year, month, day) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second;
  return ok(local - CARD_TIME_OFFSET_SECONDS);
}

/** Card seconds of an epoch-milliseconds instant, rounded down (a card stores whole seconds). */
export function cardSecondsFromMs(ms: number): number {
  return Math.floor(ms / 1000);
}
