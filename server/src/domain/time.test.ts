import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isCalendarDate, shanghaiDate, shanghaiMidnight } from './time.js';

describe('hotel times', () => {
  it('dates instants by the Shanghai calendar', () => {
    expect(shanghaiDate(Date.UTC(2025, 5, 5, 16, 30))).toBe('2025-06-06');
    expect(shanghaiDate(Date.UTC(2025, 5, 5, 15, 59))).toBe('2025-06-05');
    expect(shanghaiMidnight('2025-06-06')).toBe(Date.UTC(2025, 5, 5, 16, 0));
  });

  it('does calendar arithmetic across months and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(daysBetween('2024-12-30', '2025-01-02')).toBe(3);
    expect([isCalendarDate('2024-02-29'), isCalendarDate('2025-02-29'), isCalendarDate(20250101)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
