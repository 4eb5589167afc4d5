/**
 * Calls per minute per key, as a sliding window estimated from two fixed one-minute buckets (constant memory and
 * time per key). In memory: each server replica counts its own.
 */
interface Window {
  /** Start of the current minute bucket, ms. */
  start: number;
  current: number;
  previous: number;
}

const MINUTE = 60_000;

export class CallRateLimit {
  readonly #windows = new Map<string, Window>();
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  /** Records a call for the key; false when the key is over `share` × its limit (the call is refused). */
  take(key: string, share = 1): boolean {
    const now = this.now();
    const minute = Math.floor(now / MINUTE) * MINUTE;
    let w = this.#windows.get(key);
    if (!w) {
      if (this.#windows.size >= 10_000) this.#sweep(minute);
      w = { start: minute, current: 0, previous: 0 };
      this.#windows.set(key, w);
    } else if (w.start !== minute) {
      w.previous = minute - w.start === MINUTE ? w.current : 0;
      w.current = 0;
      w.start = minute;
    }
    // The previous minute counts for the part of it still inside the last 60 s.
    const estimate = w.previous * (1 - (now - minute) / MINUTE) + w.current;
    if (estimate >= this.perMinute * share) return false;
    w.current++;
    return true;
  }

  #sweep(minute: number): void {
    for (const [key, w] of this.#windows) if (w.start < minute - MINUTE) this.#windows.delete(key);
  }
}
