import { CARD_TIME_OFFSET_SECONDS } from '@lockdesk/protocol';

/**
 * Hotel calendar times. Nights, weekends and specific-date prices follow the Asia/Shanghai calendar, which has had
 * a fixed +08:00 offset since 1991, so a constant offset is exact and needs no time-zone database.
 */
const OFFSET_MS = CARD_TIME_OFFSET_SECONDS * 1000;
const DAY_MS = 86_400_000;

/** The Asia/Shanghai calendar date (YYYY-MM-DD) of an instant in epoch milliseconds. */
export function shanghaiDate(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** The weekday (0 Sunday … 6 Saturday) of a YYYY-MM-DD calendar date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The calendar date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from date `a` to date `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** The instant (epoch ms) of Asia/Shanghai midnight starting a YYYY-MM-DD date. */
export function shanghaiMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - OFFSET_MS;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real YYYY-MM-DD calendar date (rejects 2025-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value;
}
