import { describe, expect, it } from 'vitest';
import { formatHotelTime, fromHotelWallClock, hotelDay, hotelWallClock } from './time.ts';

// 2026-11-24 16:30:00 UTC is 2026-11-25 00:30 in Shanghai: the day differs, the test's zone does not matter.
const INSTANT = Date.UTC(2026, 10, 24, 16, 30, 0) / 1000;

describe('hotel time (Asia/Shanghai)', () => {
  it('shows an instant on the hotel wall clock', () => {
    expect(formatHotelTime(INSTANT)).toBe('2026-11-25 00:30');
    expect(hotelDay(INSTANT)).toBe('2026-11-25');
    expect(formatHotelTime(null)).toBe('');
  });

  it('turns a picked wall-clock value back into the same instant', () => {
    const picked = hotelWallClock(INSTANT);
    expect(picked.hour()).toBe(0);
    expect(fromHotelWallClock(picked)).toBe(INSTANT);
    expect(fromHotelWallClock(picked.add(1, 'hour'))).toBe(INSTANT + 3600);
  });
});
