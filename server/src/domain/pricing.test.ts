import { describe, expect, it } from 'vitest';
import { parseYuan, toYuan } from './money.js';
import {
  chargedNights,
  checkPriceFen,
  isWeekendNight,
  quoteRenewal,
  quoteStay,
  type RoomPrices,
} from './pricing.js';

// A Shanghai wall time as epoch ms.
const at = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+08:00`);

const prices: RoomPrices = {
  depositFen: 10_000,
  usualFen: 19_900,
  weekendFen: 25_800,
  specificFen: { '2025-10-01': 50_000 },
  renewAtSetPrice: true,
};

describe('nights', () => {
  it('counts Asia/Shanghai calendar dates from check-in up to check-out', () => {
    // 2025-06-05 14:00 to 2025-06-07 12:00 in Shanghai: the nights of the 5th and the 6th.
    expect(chargedNights(at('2025-06-05 14:00'), at('2025-06-07 12:00'))).toEqual([
      '2025-06-05',
      '2025-06-06',
    ]);
  });

  it('uses the Shanghai date, not the UTC one, near midnight', () => {
    // 2025-06-05 23:30 Shanghai is 15:30 UTC; 2025-06-06 07:30 Shanghai is still the 5th in UTC.
    expect(chargedNights(at('2025-06-05 23:30'), at('2025-06-06 07:30'))).toEqual(['2025-06-05']);
  });

  it('charges a stay within one calendar date as one night', () => {
    expect(chargedNights(at('2025-06-05 09:00'), at('2025-06-05 12:00'))).toEqual(['2025-06-05']);
  });

  it('treats Friday and Saturday nights as the weekend', () => {
    expect(['2025-06-05', '2025-06-06', '2025-06-07', '2025-06-08'].map(isWeekendNight)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('quoteStay', () => {
  it('adds usual and weekend nights and the deposit, in fen', () => {
    const quote = quoteStay(prices, at('2025-06-05 14:00'), at('2025-06-08 12:00'));
    expect(quote.ok && quote.value).toEqual({
      nights: [
        { date: '2025-06-05', priceFen: 19_900, kind: 'usual' },
        { date: '2025-06-06', priceFen: 25_800, kind: 'weekend' },
        { date: '2025-06-07', priceFen: 25_800, kind: 'weekend' },
      ],
      roomFeeFen: 71_500,
      depositFen: 10_000,
      totalFen: 81_500,
    });
  });

  it('lets a specific-date price override the weekend price', () => {
    // 2025-10-03 is a Friday: the specific price of the 1st, usual on the 2nd, weekend on the 3rd.
    const quote = quoteStay(
      { ...prices, specificFen: { '2025-10-01': 50_000, '2025-10-03': 30_000 } },
      at('2025-10-01 12:00'),
      at('2025-10-04 12:00'),
    );
    expect(quote.ok && quote.value.nights.map((n) => [n.kind, n.priceFen])).toEqual([
      ['specific', 50_000],
      ['usual', 19_900],
      ['specific', 30_000],
    ]);
  });

  it('charges weekend nights at the usual price when no weekend price is set', () => {
    const quote = quoteStay(
      { ...prices, weekendFen: undefined },
      at('2025-06-06 14:00'),
      at('2025-06-07 12:00'),
    );
    expect(quote.ok && quote.value.nights).toEqual([{ date: '2025-06-06', priceFen: 19_900, kind: 'usual' }]);
  });

  it('sums prices with cents exactly', () => {
    const quote = quoteStay(
      { ...prices, depositFen: 0, usualFen: 10, weekendFen: undefined },
      at('2025-06-01 12:00'),
      at('2025-06-04 12:00'),
    );
    expect(quote.ok && toYuan(quote.value.totalFen)).toBe(0.3);
  });

  it('refuses a check-out that is not after check-in', () => {
    const quote = quoteStay(prices, at('2025-06-05 14:00'), at('2025-06-05 14:00'));
    expect(!quote.ok && quote.code).toBe('END_BEFORE_START');
  });

  it('names missing times', () => {
    expect(quoteStay(prices, Number.NaN, 0)).toMatchObject({ ok: false, code: 'CHECK_IN_TIME_REQUIRED' });
    expect(quoteStay(prices, 0, Number.NaN)).toMatchObject({ ok: false, code: 'CHECK_OUT_TIME_REQUIRED' });
  });

  it('refuses a room without a usual price', () => {
    const quote = quoteStay(
      { ...prices, usualFen: undefined },
      at('2025-06-02 14:00'),
      at('2025-06-03 12:00'),
    );
    expect(quote).toMatchObject({ ok: false, code: 'FIELD_REQUIRED', params: { field: 'price' } });
  });

  it('bounds the number of nights quoted', () => {
    const quote = quoteStay(prices, at('2025-06-02 14:00'), at('2099-06-03 12:00'));
    expect(quote).toMatchObject({ ok: false, code: 'FIELD_INVALID', params: { field: 'end_time' } });
  });
});

describe('quoteRenewal', () => {
  it('charges renewal nights at the set prices, without a deposit, when renewal at the set price is on', () => {
    const quote = quoteRenewal(
      prices,
      15_000,
      at('2025-06-03 14:00'),
      at('2025-06-05 12:00'),
      at('2025-06-07 12:00'),
    );
    expect(quote.ok && quote.value).toMatchObject({
      roomFeeFen: 19_900 + 25_800,
      depositFen: 0,
      totalFen: 45_700,
    });
  });

  it("charges the stay's own rate when renewal at the set price is off", () => {
    const quote = quoteRenewal(
      { ...prices, renewAtSetPrice: false },
      15_000,
      at('2025-06-03 14:00'),
      at('2025-06-05 12:00'),
      at('2025-06-07 12:00'),
    );
    expect(quote.ok && quote.value.nights.map((n) => [n.kind, n.priceFen])).toEqual([
      ['renewal', 15_000],
      ['renewal', 15_000],
    ]);
  });

  it('charges nothing for a later hour on the same date, and refuses shortening', () => {
    const checkIn = at('2025-06-03 14:00');
    const same = quoteRenewal(prices, 15_000, checkIn, at('2025-06-05 12:00'), at('2025-06-05 18:00'));
    expect(same.ok && same.value.totalFen).toBe(0);
    expect(quoteRenewal(prices, 1, checkIn, at('2025-06-05 12:00'), at('2025-06-05 11:00'))).toMatchObject({
      ok: false,
      code: 'END_BEFORE_START',
    });
  });

  it('does not charge again the night a stay within one date was charged', () => {
    const off = { ...prices, renewAtSetPrice: false };
    const hourly = [at('2025-06-05 10:00'), at('2025-06-05 14:00')] as const;
    // 10:00 on the 5th to noon on the 6th is one night, the 5th's, which the hourly stay already paid.
    const nextMorning = quoteRenewal(off, 15_000, ...hourly, at('2025-06-06 12:00'));
    expect(nextMorning.ok && nextMorning.value.nights).toEqual([]);
    const nextDay = quoteRenewal(off, 15_000, ...hourly, at('2025-06-07 12:00'));
    expect(nextDay.ok && nextDay.value.nights.map((n) => n.date)).toEqual(['2025-06-06']);
  });
});

describe('money', () => {
  it('reads yuan with up to 2 decimals as fen', () => {
    expect([
      parseYuan(128),
      parseYuan('128.5'),
      parseYuan('0.01'),
      parseYuan(0.1 + 0.2),
      parseYuan(' 7 '),
    ]).toEqual([12_800, 12_850, 1, 30, 700]);
  });

  it('refuses negative, over-precise and non-numeric amounts', () => {
    expect([
      parseYuan(-1),
      parseYuan('1.234'),
      parseYuan('abc'),
      parseYuan(null),
      parseYuan(Number.NaN),
    ]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('applies the minimum price of 1 yuan', () => {
    expect([checkPriceFen(99), checkPriceFen(100)]).toEqual(['PRICE_TOO_LOW', undefined]);
  });
});
