import { checkPrice, fail, ok, type Result } from '@lockdesk/protocol';
import { addDays, daysBetween, shanghaiDate, weekdayOf } from './time.js';

/**
 * The price of a stay (spec §3 'Room price'). Choices the spec leaves open, made here:
 * - Nights are Asia/Shanghai calendar dates: a stay from check-in to check-out is charged one night for every
 *   calendar date from the check-in date up to (not including) the check-out date.
 * - A stay that begins and ends on the same calendar date (an hourly stay, or an early-morning arrival leaving the
 *   same day) is charged as one night at the check-in date's price: there is no hourly tariff.
 * - The weekend price applies to the nights of Friday and Saturday (the nights before Saturday and Sunday); when no
 *   weekend price is set those nights cost the usual price.
 * - A specific-date price overrides both the usual and the weekend price for that night.
 * - The deposit is charged once per stay, on top of the nights, and never on a renewal.
 * - Renewal: when 'renewal at the set price' is on, renewal nights follow the same rules as a new stay; when it is
 *   off, they cost the stay's own nightly rate (what the guest agreed at check-in), whatever the prices are now.
 * - A move to another room splits the fee between the old and the new stay (splitMovedFee): the fee of a chain of
 *   moves is the sum of its stays' prices, and its nightly rate that sum over the chain's nights.
 */

/** A room's price settings, in fen. */
export interface RoomPrices {
  depositFen: number;
  /** Undefined until the room's price has been set. */
  usualFen: number | undefined;
  weekendFen: number | undefined;
  /** Night date (YYYY-MM-DD, Asia/Shanghai) → price in fen. */
  specificFen: Readonly<Record<string, number>>;
  renewAtSetPrice: boolean;
}

export type NightKind = 'usual' | 'weekend' | 'specific' | 'renewal';

/** One charged night. */
export interface NightCharge {
  date: string;
  priceFen: number;
  kind: NightKind;
}

/** The price of a stay or of a renewal. */
export interface StayQuote {
  nights: NightCharge[];
  roomFeeFen: number;
  depositFen: number;
  totalFen: number;
}

/** The longest stay quoted, in nights: a bound so a typo in a year cannot make the server loop for long. */
export const MAX_QUOTED_NIGHTS = 3660;

/** Friday (5) and Saturday (6) nights are weekend nights. */
export function isWeekendNight(date: string): boolean {
  const day = weekdayOf(date);
  return day === 5 || day === 6;
}

/** The calendar dates charged for a stay from check-in to check-out (at least one). */
export function chargedNights(checkInMs: number, checkOutMs: number): string[] {
  const first = shanghaiDate(checkInMs);
  const count = Math.max(1, daysBetween(first, shanghaiDate(checkOutMs)));
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** The price of one night under a room's rules. */
export function nightPrice(prices: RoomPrices, date: string): NightCharge | undefined {
  const specific = prices.specificFen[date];
  if (specific !== undefined) return { date, priceFen: specific, kind: 'specific' };
  if (prices.usualFen === undefined) return undefined;
  if (isWeekendNight(date) && prices.weekendFen !== undefined) {
    return { date, priceFen: prices.weekendFen, kind: 'weekend' };
  }
  return { date, priceFen: prices.usualFen, kind: 'usual' };
}

function checkPeriod(checkInMs: number, checkOutMs: number): Result<string[]> {
  if (!Number.isFinite(checkInMs)) return fail('CHECK_IN_TIME_REQUIRED', 'check-in time is missing');
  if (!Number.isFinite(checkOutMs)) return fail('CHECK_OUT_TIME_REQUIRED', 'check-out time is missing');
  if (checkOutMs <= checkInMs) return fail('END_BEFORE_START', 'check-out is not after check-in');
  const nights = chargedNights(checkInMs, checkOutMs);
  if (nights.length > MAX_QUOTED_NIGHTS) {
    return fail('FIELD_INVALID', `stay of ${nights.length} nights`, { field: 'end_time' });
  }
  return ok(nights);
}

function sum(nights: NightCharge[]): number {
  return nights.reduce((total, n) => total + n.priceFen, 0);
}

/** The price of a new stay from check-in to check-out: its nights plus the deposit. */
export function quoteStay(prices: RoomPrices, checkInMs: number, checkOutMs: number): Result<StayQuote> {
  const period = checkPeriod(checkInMs, checkOutMs);
  if (!period.ok) return period;
  const nights: NightCharge[] = [];
  for (const date of period.value) {
    const night = nightPrice(prices, date);
    if (!night) return fail('FIELD_REQUIRED', 'the room has no usual price', { field: 'price' });
    nights.push(night);
  }
  const roomFeeFen = sum(nights);
  return ok({ nights, roomFeeFen, depositFen: prices.depositFen, totalFen: roomFeeFen + prices.depositFen });
}

/**
 * The price of renewing a stay that began at `checkInMs` and whose check-out was `fromMs`, until `toMs`.
 * `stayNightlyFen` is the stay's own nightly rate, used when renewal at the set price is off. Renewal nights are
 * the nights the stay to `toMs` is charged that the stay to `fromMs` was not (chargedNights): a renewal within
 * the same date costs nothing extra, nor does one of a stay within one date (already charged one night) to the
 * next morning.
 */
export function quoteRenewal(
  prices: RoomPrices,
  stayNightlyFen: number,
  checkInMs: number,
  fromMs: number,
  toMs: number,
): Result<StayQuote> {
  if (!Number.isFinite(toMs) || toMs <= fromMs)
    return fail('END_BEFORE_START', 'renewal does not extend the stay');
  const stayFirst = shanghaiDate(Math.min(checkInMs, fromMs));
  const charged = Math.max(1, daysBetween(stayFirst, shanghaiDate(fromMs)));
  const first = addDays(stayFirst, charged);
  const count = Math.max(0, daysBetween(first, shanghaiDate(toMs)));
  if (count > MAX_QUOTED_NIGHTS)
    return fail('FIELD_INVALID', `renewal of ${count} nights`, { field: 'end_time' });
  const nights: NightCharge[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(first, i);
    if (prices.renewAtSetPrice) {
      const night = nightPrice(prices, date);
      if (!night) return fail('FIELD_REQUIRED', 'the room has no usual price', { field: 'price' });
      nights.push(night);
    } else {
      nights.push({ date, priceFen: stayNightlyFen, kind: 'renewal' });
    }
  }
  const roomFeeFen = sum(nights);
  return ok({ nights, roomFeeFen, depositFen: 0, totalFen: roomFeeFen });
}

/**
 * A move (room/exchangeHouses) at `moveMs` splits the fee of the stay it ends, so the money of a stay is counted
 * once over its chain of moves: the old stay keeps the share of the nights spent in the old room, the new stay
 * carries the rest. A night belongs to the room the guest is in when its date ends: the nights from the stay's
 * first charged date up to (not including) the move's date stay with the old room; a move on the check-in date (or
 * of a stay not begun) leaves the old stay nothing. The share is the fee × those nights ÷ the stay's charged
 * nights, rounded to the fen, so an agreed flat rate splits exactly and the two parts always add up to the fee.
 */
export function splitMovedFee(
  feeFen: number,
  startMs: number,
  endMs: number,
  moveMs: number,
): { oldFen: number; newFen: number } {
  const first = shanghaiDate(startMs);
  const nights = Math.max(1, daysBetween(first, shanghaiDate(endMs)));
  const used = Math.min(nights, Math.max(0, daysBetween(first, shanghaiDate(moveMs))));
  const oldFen = Math.round((feeFen * used) / nights);
  return { oldFen, newFen: feeFen - oldFen };
}

/** The spec §5 price rule on an amount in fen: not less than 1 yuan. */
export function checkPriceFen(fen: number): 'PRICE_TOO_LOW' | undefined {
  return checkPrice(fen / 100) ? 'PRICE_TOO_LOW' : undefined;
}
