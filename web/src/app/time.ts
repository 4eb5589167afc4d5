import dayjs, { type Dayjs } from 'dayjs';

/**
 * Hotel time. Stays, prices and card times are the hotel's wall clock in Asia/Shanghai (UTC+08:00, no daylight
 * saving), whatever zone the browser is in. The server speaks seconds since the epoch.
 *
 * antd's pickers work on dayjs values in the browser's zone, so the console hands them a "wall clock" value: a dayjs
 * whose year…second read as the hotel's, and turns a picked value back into an instant by reading its fields as
 * hotel time. Arithmetic on wall-clock values is safe because the hotel zone has no DST.
 */
export const HOTEL_ZONE = 'Asia/Shanghai';
const HOTEL_OFFSET_MS = 8 * 3600_000;

/** The hotel's wall clock at an instant (seconds since the epoch), as a dayjs for pickers and formatting. */
export function hotelWallClock(seconds: number): Dayjs {
  const shifted = new Date(seconds * 1000 + HOTEL_OFFSET_MS);
  return dayjs(
    new Date(
      shifted.getUTCFullYear(),
      shifted.getUTCMonth(),
      shifted.getUTCDate(),
      shifted.getUTCHours(),
      shifted.getUTCMinutes(),
      shifted.getUTCSeconds(),
    ),
  );
}

/** The instant (seconds since the epoch) of a wall-clock value read as hotel time. */
export function fromHotelWallClock(value: Dayjs): number {
  const utc = Date.UTC(
    value.year(),
    value.month(),
    value.date(),
    value.hour(),
    value.minute(),
    value.second(),
  );
  return Math.floor((utc - HOTEL_OFFSET_MS) / 1000);
}

/** The hotel's wall clock now. */
export function hotelNow(now: number = Date.now()): Dayjs {
  return hotelWallClock(Math.floor(now / 1000));
}

/** An instant shown in hotel time, e.g. '2026-11-24 14:00' (dayjs's locale follows the console language). */
export function formatHotelTime(seconds: number | null | undefined, format = 'YYYY-MM-DD HH:mm'): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  return hotelWallClock(seconds).format(format);
}

/** The hotel day 'YYYY-MM-DD' of an instant. */
export function hotelDay(seconds: number): string {
  return formatHotelTime(seconds, 'YYYY-MM-DD');
}
