import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { staysTexts } from '../../i18n/namespaces.ts';
import { breakfastChoices, breakfastLabel } from './breakfast.ts';

const LIST = [
  { id: 1, name: 'Single breakfast', count: 1, price: 28 },
  { id: 2, name: 'Double breakfast', count: 2, price: 48 },
];

beforeAll(async () => {
  await Promise.all([
    staysTexts.load('en'),
    staysTexts.load('ru'),
    staysTexts.load('chs'),
    staysTexts.load('ar'),
  ]);
});

describe('breakfast choices and labels (one source for the check-in form and the stay card)', () => {
  const t = () => i18next.getFixedT('en', 'stays');

  it('offers no breakfast, then each option by name, only when breakfast is on', () => {
    expect(breakfastChoices(t(), { enabled: true, list: LIST })).toEqual([
      { value: 0, label: 'No breakfast' },
      { value: 1, label: 'Single breakfast' },
      { value: 2, label: 'Double breakfast' },
    ]);
    expect(breakfastChoices(t(), { enabled: false, list: LIST })).toEqual([
      { value: 0, label: 'No breakfast' },
    ]);
    expect(breakfastChoices(t(), undefined)).toEqual([{ value: 0, label: 'No breakfast' }]);
    // The hotel's own name for 0 replaces 'No breakfast'.
    const own = [{ id: 3, name: 'Room only', count: 0, price: 0 }, ...LIST];
    expect(breakfastChoices(t(), { enabled: true, list: own })[0]).toEqual({ value: 0, label: 'Room only' });
  });

  it("labels a stay's count with the option's name, even with breakfast since switched off", () => {
    expect(breakfastLabel(t(), { enabled: true, list: LIST }, 1)).toBe('Single breakfast');
    expect(breakfastLabel(t(), { enabled: false, list: LIST }, 2)).toBe('Double breakfast');
    expect(breakfastLabel(t(), { enabled: true, list: LIST }, 0)).toBe('No breakfast');
  });

  it('says the count in words, with the plural of the language, when no option has it', () => {
    expect(breakfastLabel(t(), { enabled: true, list: LIST }, 3)).toBe('3 breakfasts');
    expect(breakfastLabel(t(), undefined, 1)).toBe('1 breakfast');
    const ru = i18next.getFixedT('ru', 'stays');
    expect([1, 3, 5, 21].map((n) => breakfastLabel(ru, undefined, n))).toEqual([
      '1 завтрак',
      '3 завтрака',
      '5 завтраков',
      '21 завтрак',
    ]);
    // Chinese has one form; its code 'chs' must not fall to English's one/other.
    expect(breakfastLabel(i18next.getFixedT('chs', 'stays'), undefined, 1)).toBe('1 份早餐');
    const ar = i18next.getFixedT('ar', 'stays');
    expect([1, 2, 3, 11].map((n) => breakfastLabel(ar, undefined, n))).toEqual([
      'إفطار واحد',
      'إفطاران',
      '3 وجبات إفطار',
      '11 وجبة إفطار',
    ]);
  });
});
