/** The time left until an estimated check-out, as the in-house page words it. */
export type Remaining =
  | { kind: 'overdue' }
  | { kind: 'days'; days: number; hours: number }
  | { kind: 'hours'; hours: number; minutes: number }
  | { kind: 'minutes'; minutes: number };

/** Splits the seconds from `now` to `checkOut` (both epoch seconds) into the largest two units that say it. */
export function remainingUntil(checkOut: number, now: number): Remaining {
  const left = checkOut - now;
  if (left <= 0) return { kind: 'overdue' };
  const minutesAll = Math.floor(left / 60);
  const days = Math.floor(minutesAll / 1440);
  const hours = Math.floor((minutesAll % 1440) / 60);
  const minutes = minutesAll % 60;
  if (days > 0) return { kind: 'days', days, hours };
  if (hours > 0) return { kind: 'hours', hours, minutes };
  return { kind: 'minutes', minutes };
}
