import { describe, expect, it } from 'vitest';
import { f, INT_MAX, MOBILE, NUMBER_MAX, pageFields } from '../fields.js';
import { callDocs } from './api-md.js';
import { bodySchema, fieldSchema, TIME_DESCRIPTION } from './field-schema.js';

describe('fieldSchema: a field row as JSON Schema', () => {
  it('writes a string with its lengths and pattern', () => {
    expect(fieldSchema(f.string({ min: 2, max: 32, pattern: /^\d+$/ }))).toEqual({
      type: 'string',
      minLength: 2,
      maxLength: 32,
      pattern: '^\\d+$',
    });
    expect(fieldSchema(f.string())).toEqual({ type: 'string' });
    expect(fieldSchema(f.string({ raw: true, max: 64 }))).toEqual({
      type: 'string',
      maxLength: 64,
      'x-lockdesk-raw': true,
    });
  });

  it('writes a mobile as its pattern and its own refusal code', () => {
    const s = fieldSchema(f.mobile());
    expect(s).toEqual({
      type: 'string',
      pattern: MOBILE.source,
      'x-lockdesk-codes': { missing: 'MOBILE_INVALID', invalid: 'MOBILE_INVALID' },
    });
    const pattern = new RegExp(s['pattern'] as string);
    expect(pattern.test('13800138000')).toBe(true);
    expect(pattern.test('12800138000')).toBe(false);
  });

  it('names only the codes that differ from FIELD_REQUIRED / FIELD_INVALID', () => {
    expect(fieldSchema(f.string({ required: 'CARD_NUMBER_REQUIRED' }))).toEqual({
      type: 'string',
      'x-lockdesk-codes': { missing: 'CARD_NUMBER_REQUIRED' },
    });
    expect(fieldSchema(f.string({ required: 'FIELD_REQUIRED', invalid: 'FIELD_INVALID' }))).toEqual({
      type: 'string',
    });
  });

  it('bounds integers and numbers by their rows, else by what the columns hold', () => {
    expect(fieldSchema(f.int({ min: 0, max: 10 }))).toEqual({ type: 'integer', minimum: 0, maximum: 10 });
    expect(fieldSchema(f.id())).toEqual({ type: 'integer', minimum: 1, maximum: INT_MAX });
    expect(fieldSchema(f.int())).toEqual({ type: 'integer', minimum: -INT_MAX, maximum: INT_MAX });
    expect(fieldSchema(f.number({ min: 0 }))).toEqual({ type: 'number', minimum: 0, maximum: NUMBER_MAX });
  });

  it('writes booleans and times', () => {
    expect(fieldSchema(f.bool())).toEqual({ type: 'boolean' });
    const time = fieldSchema(f.time());
    expect(time['type']).toEqual(['integer', 'string']);
    expect(time['description']).toBe(TIME_DESCRIPTION);
  });

  it('writes an enum with the type of its values', () => {
    expect(fieldSchema(f.enum(['a', 'b'] as const))).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(fieldSchema(f.enum([0, 1, 2] as const))).toEqual({ type: 'integer', enum: [0, 1, 2] });
    expect(fieldSchema(f.enum([0.5, 1] as const))).toEqual({ type: 'number', enum: [0.5, 1] });
    expect(fieldSchema(f.enum(['all', 1] as const))).toEqual({
      type: ['string', 'integer'],
      enum: ['all', 1],
    });
  });

  it('writes arrays with their items and size, and objects as open objects', () => {
    expect(fieldSchema(f.array({ of: f.id(), max: 500 }))).toEqual({
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: INT_MAX },
      maxItems: 500,
    });
    expect(fieldSchema(f.array())).toEqual({ type: 'array' });
    expect(fieldSchema(f.array({ of: f.array({ of: f.string({ max: 3 }) }) }))).toEqual({
      type: 'array',
      items: { type: 'array', items: { type: 'string', maxLength: 3 } },
    });
    expect(fieldSchema(f.object({ optional: true }))).toEqual({ type: 'object', additionalProperties: true });
  });
});

describe('bodySchema: a call schema as a JSON Schema object', () => {
  it('lists every field and requires those not optional', () => {
    const s = bodySchema({ room_id: f.id(), note: f.string({ optional: true, max: 200 }), ...pageFields });
    expect(Object.keys(s['properties'] as object)).toEqual(['room_id', 'note', 'page', 'limit']);
    expect(s['required']).toEqual(['room_id']);
    expect(s['type']).toBe('object');
  });

  it('leaves out the required list of a body of optional fields only', () => {
    expect(bodySchema({ ...pageFields })).not.toHaveProperty('required');
    expect(bodySchema({})).toEqual({ type: 'object', properties: {} });
  });
});

describe('callDocs: API.md headings as call descriptions', () => {
  const md = [
    '## 2. Account',
    '',
    '### `login` (public)',
    '',
    'Request: mobile and password.',
    '',
    '#### Limits',
    '',
    'Ten failures.',
    '',
    '### `room/a`, `room/b` — two rooms',
    '',
    'Both.',
    '',
    '---',
    '',
    '## 3. Hotel',
    '',
    '### Things and `field_name`',
    '',
    '### `room/a` — again',
    '',
    'Later.',
  ].join('\n');
  const docs = callDocs(md, (w) => ['login', 'room/a', 'room/b'].includes(w));

  it('takes the text under a heading, with its sub-headings, down to the next heading of its level', () => {
    expect(docs.get('login')?.description).toBe(
      'Request: mobile and password.\n\n#### Limits\n\nTen failures.',
    );
    expect(docs.get('login')?.summary).toBe('Login (public)');
    expect(docs.get('login')?.section).toEqual({ number: 2, title: 'Account' });
  });

  it('gives every call of a heading its text, the first heading winning, and skips non-call words', () => {
    expect(docs.get('room/b')?.summary).toBe('Two rooms');
    expect(docs.get('room/a')?.description).toBe('Both.');
    expect(docs.has('field_name')).toBe(false);
    expect([...docs.keys()].sort()).toEqual(['login', 'room/a', 'room/b']);
  });
});
