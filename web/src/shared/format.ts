import { checkStay, type ErrorCode } from '@lockdesk/protocol';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { formatHotelTime, fromHotelWallClock } from '../app/time.ts';
import { errorMessage } from '../i18n/index.ts';

/** A duration in seconds as the largest two units, e.g. '2 d 3 h' or '3 h 20 min' (never negative). */
export function formatDuration(t: TFunction, seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return t('duration.daysHours', { days, hours });
  if (hours > 0) return t('duration.hoursMinutes', { hours, minutes });
  return t('duration.minutes', { minutes });
}

/** Money in yuan with two decimals (the server may answer '198.00' or 198). */
export function formatMoney(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n.toFixed(2) : '0.00';
}

/** Seconds since the epoch of a picker's wall-clock value (hotel time), or undefined. */
export function secondsOf(value: Dayjs | null | undefined): number | undefined {
  return value ? fromHotelWallClock(value) : undefined;
}

/** A form rule from a catalogue code the check returns (undefined = valid). */
export function codeRule(check: (value: unknown) => ErrorCode | undefined): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const code = check(value);
      if (code) throw new Error(errorMessage(code));
    },
  };
}

/**
 * The estimated check-out's rule (spec §5): both times chosen, check-out at least one hour after check-in; the
 * check-in field's name is `startField`.
 */
export function stayEndRule(startField: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: Dayjs | null | undefined) => {
      const start = secondsOf(getFieldValue(startField) as Dayjs | null | undefined);
      const end = secondsOf(value);
      const code = checkStay(
        start === undefined ? undefined : start * 1000,
        end === undefined ? undefined : end * 1000,
      );
      if (code && code !== 'CHECK_IN_TIME_REQUIRED') throw new Error(errorMessage(code));
    },
  });
}

/**
 * A hotel time for reading, kept left to right: '2026-11-24 14:00' is several number runs, which a right-to-left
 * line (Arabic) would otherwise reorder; the invisible isolates keep it whole wherever it is placed.
 */
export function hotelTimeText(seconds: number | null | undefined): string {
  const text = formatHotelTime(seconds);
  return text ? `\u2066${text}\u2069` : '';
}
