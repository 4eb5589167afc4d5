import type { TFunction } from 'i18next';
import type { BreakfastOption } from '../../api/stays.ts';

/** The hotel's breakfast options as `room/hotelBreakFastList` answers them. */
export interface Breakfasts {
  enabled: boolean;
  list: BreakfastOption[];
}

/**
 * The breakfast choices of the check-in form, by breakfast count (the stay keeps the count): 'No breakfast' for 0
 * unless the hotel names a 0 option itself, then each enabled option by its name.
 */
export function breakfastChoices(
  t: TFunction,
  breakfasts: Breakfasts | undefined,
): { value: number; label: string }[] {
  const list = breakfasts?.enabled ? breakfasts.list : [];
  return [
    ...(list.some((b) => b.count === 0) ? [] : [{ value: 0, label: t('checkIn.noBreakfast') }]),
    ...list.map((b) => ({ value: b.count, label: b.name })),
  ];
}

/**
 * A stay's breakfast as the check-in form offered it: the option's name ('Single breakfast'), 'No breakfast' for
 * 0, and for a count no option has any more (deleted, or breakfast since switched off) the count in words
 * ('2 breakfasts').
 */
export function breakfastLabel(t: TFunction, breakfasts: Breakfasts | undefined, count: number): string {
  const option =
    breakfastChoices(t, breakfasts).find((c) => c.value === count) ??
    breakfasts?.list.map((b) => ({ value: b.count, label: b.name })).find((c) => c.value === count);
  if (option) return option.label;
  return count === 0 ? t('checkIn.noBreakfast') : t('checkIn.breakfastCount', { count });
}
