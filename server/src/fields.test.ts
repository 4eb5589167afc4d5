import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { checkBody, epochSeconds, f, INT_MAX, pageOf, parseInstant } from './fields.js';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, params: e.params };
    throw e;
  }
  return undefined;
};

describe('parseInstant', () => {
  it('reads seconds, milliseconds, ISO and hotel-time text', () => {
    expect(parseInstant(1_764_000_000)?.toISOString()).toBe('2025-11-24T16:00:00.000Z');
    expect(parseInstant('1764000000000')?.toISOString()).toBe('2025-11-24T16:00:00.000Z');
    expect(parseInstant('2026-11-21 12:00')?.toISOString()).toBe('2026-11-21T04:00:00.000Z');
    expect(parseInstant('2026-11-21 12:00:30')?.toISOString()).toBe('2026-11-21T04:00:30.000Z');
    expect(parseInstant('2026-11-21')?.toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(parseInstant('2026-11-21T04:00:00Z')?.toISOString()).toBe('2026-11-21T04:00:00.000Z');
  });

  it('refuses what is not an instant, or out of 1970–9999', () => {
    for (const bad of [
      '',
      'tomorrow',
      '2026-13-01 00:00',
      '2026-02-30x',
      -1,
      1e20,
      Number.NaN,
      {},
      [],
      null,
      true,
    ]) {
      expect(parseInstant(bad)).toBeUndefined();
    }
  });
});

describe('checkBody', () => {
  const schema = {
    name: f.string({ max: 5 }),
    count: f.int({ optional: true, min: 0 }),
    price: f.number({ optional: true }),
    on: f.bool({ optional: true }),
    mobile: f.mobile({ optional: true }),
    kind: f.enum(['a', 'b'] as const, { optional: true }),
    ids: f.array({ optional: true, of: f.id() }),
    at: f.time({ optional: true }),
  };

  it('parses leniently and checks strictly', () => {
    expect(
      checkBody(schema, {
        name: ' abc ',
        count: '3',
        price: '1.5',
        on: '1',
        mobile: '13800138000',
        kind: 'b',
        ids: ['7'],
      }),
    ).toEqual({ name: 'abc', count: 3, price: 1.5, on: true, mobile: '13800138000', kind: 'b', ids: [7] });
  });

  it('names the missing or bad field, with the field’s own code where it has one', () => {
    expect(refusal(() => checkBody(schema, {}))).toEqual({
      code: 'FIELD_REQUIRED',
      params: { field: 'name' },
    });
    expect(refusal(() => checkBody(schema, { name: '   ' }))).toEqual({
      code: 'FIELD_REQUIRED',
      params: { field: 'name' },
    });
    expect(refusal(() => checkBody(schema, { name: 'toolong' }))).toEqual({
      code: 'FIELD_INVALID',
      params: { field: 'name' },
    });
    expect(refusal(() => checkBody(schema, { name: 'a', count: 1.5 }))?.params).toEqual({ field: 'count' });
    expect(refusal(() => checkBody(schema, { name: 'a', count: INT_MAX + 1 }))?.params).toEqual({
      field: 'count',
    });
    expect(refusal(() => checkBody(schema, { name: 'a', price: 1e11 }))?.params).toEqual({ field: 'price' });
    expect(refusal(() => checkBody(schema, { name: 'a', on: 'yes' }))?.params).toEqual({ field: 'on' });
    expect(refusal(() => checkBody(schema, { name: 'a', mobile: '12345678901' }))?.code).toBe(
      'MOBILE_INVALID',
    );
    expect(refusal(() => checkBody(schema, { name: 'a', kind: 'c' }))?.params).toEqual({ field: 'kind' });
    expect(refusal(() => checkBody(schema, { name: 'a', ids: [0] }))?.params).toEqual({ field: 'ids' });
    expect(refusal(() => checkBody(schema, { name: 'a', ids: 'x' }))?.params).toEqual({ field: 'ids' });
    expect(refusal(() => checkBody(schema, { name: 'a\u0000' }))?.params).toEqual({ field: 'name' });
    expect(refusal(() => checkBody(schema, { name: { a: 1 } }))?.params).toEqual({ field: 'name' });
  });

  it('runs a field’s own check', () => {
    const s = { n: f.int({ check: (v: number) => (v % 2 ? 'PRICE_TOO_LOW' : undefined) }) };
    expect(checkBody(s, { n: 2 })).toEqual({ n: 2 });
    expect(refusal(() => checkBody(s, { n: 3 }))?.code).toBe('PRICE_TOO_LOW');
  });
});

describe('helpers', () => {
  it('epochSeconds and pageOf', () => {
    expect(epochSeconds(new Date(1_500_999))).toBe(1500);
    expect(epochSeconds(null)).toBeNull();
    expect(pageOf({})).toEqual({ page: 1, limit: 20, offset: 0 });
    expect(pageOf({ page: 3, limit: 10 })).toEqual({ page: 3, limit: 10, offset: 20 });
  });
});
