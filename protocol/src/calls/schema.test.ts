import { describe, expect, it } from 'vitest';
import { call, isContract } from './contract.js';
import { CONTRACTS } from './index.js';
import { checkBody, f, pageFields } from './schema.js';

describe('checkBody', () => {
  const schema = {
    room_id: f.id(),
    mobile: f.mobile({ optional: true }),
    when: f.time({ required: 'CHECK_IN_TIME_REQUIRED' }),
    kinds: f.array({ of: f.enum(['card', 'face'] as const), optional: true }),
    ...pageFields,
  };

  it('answers the typed body, read leniently', () => {
    const checked = checkBody(schema, { room_id: '7', when: '2026-11-21 12:00', kinds: ['face'], page: 2 });
    expect(checked).toEqual({
      ok: true,
      value: { room_id: 7, when: new Date('2026-11-21T04:00:00.000Z'), kinds: ['face'], page: 2 },
    });
  });

  it('refuses the first bad field with its code and name, never throwing', () => {
    expect(checkBody(schema, { room_id: 0, when: 1 })).toMatchObject({
      ok: false,
      code: 'FIELD_INVALID',
      params: { field: 'room_id' },
    });
    expect(checkBody(schema, { room_id: 1, mobile: '123' })).toMatchObject({
      ok: false,
      code: 'MOBILE_INVALID',
      params: { field: 'mobile' },
    });
    expect(checkBody(schema, { room_id: 1, when: ' ' })).toMatchObject({
      ok: false,
      code: 'CHECK_IN_TIME_REQUIRED',
      params: { field: 'when' },
    });
    expect(checkBody(schema, { room_id: 1, when: 1, kinds: ['door'] })).toMatchObject({
      ok: false,
      code: 'FIELD_INVALID',
      params: { field: 'kinds' },
    });
  });
});

describe('contracts', () => {
  it('keep what they declare, frozen', () => {
    const probe = call({
      path: 'test/probe',
      summary: 'A probe',
      auth: 'public',
      mutates: false,
      schema: { id: f.id() },
    }).answers<{ id: number }>();
    expect(probe).toMatchObject({ path: 'test/probe', auth: 'public', mutates: false });
    expect(Object.isFrozen(probe)).toBe(true);
    expect(isContract(probe)).toBe(true);
    expect(isContract({ path: 'x' })).toBe(false);
  });

  it('are listed once each, under distinct paths with no leading slash, each with a summary', () => {
    const paths = CONTRACTS.map((c) => c.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    for (const c of CONTRACTS) {
      expect(isContract(c), c.path).toBe(true);
      expect(c.path, c.path).toMatch(/^[A-Za-z]/);
      expect(c.summary.length, c.path).toBeGreaterThan(0);
    }
  });
});
