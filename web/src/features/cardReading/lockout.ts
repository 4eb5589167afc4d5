import { LIMITS } from '@lockdesk/protocol';

/**
 * The Card Reading button's lockout (spec §4 'Card reading'): after a click the button is disabled for 2000 ms,
 * and a click meanwhile is refused with a warning instead of starting another read.
 */
export interface ReadLockout {
  /** True when a read may start now; starts the lockout when it does. */
  tryStart(now: number): boolean;
  /** True while the button is locked. */
  locked(now: number): boolean;
}

/** A lockout of `ms` milliseconds (2000 by default). */
export function createReadLockout(ms: number = LIMITS.readButtonLockoutMs): ReadLockout {
  let until = Number.NEGATIVE_INFINITY;
  return {
    tryStart(now) {
      if (now < until) return false;
      until = now + ms;
      return true;
    },
    locked(now) {
      return now < until;
    },
  };
}
