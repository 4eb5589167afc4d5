/**
 * The JSON Schema (2020-12, as OpenAPI 3.1 uses it) of a /manage call's body, derived from the same `f` field rows
 * the dispatcher checks (fields.ts), so the reference cannot drift from what the server accepts: types, lengths,
 * ranges (with the implicit column limits of unbounded numbers), patterns, enums, array items, and the required
 * list from `optional`. What a row cannot say (a `check` function) is left to the call's description.
 *
 * The server also takes values leniently (numbers and booleans as strings, '' as missing); the document states the
 * canonical types and says so once in its description.
 */
import type { ErrorCode } from '@lockdesk/protocol';
import { type Field, INT_MAX, NUMBER_MAX, type Schema } from '../fields.js';

/** A JSON Schema object (only the keywords this module writes). */
export type JsonSchema = {
  type?: string | string[];
  [keyword: string]: unknown;
};

/** What a time field accepts, as the reference says it. */
export const TIME_DESCRIPTION =
  'An instant: seconds or milliseconds since epoch, ISO 8601, or "YYYY-MM-DD HH:mm[:ss]" in hotel time (UTC+08:00), ' +
  'years 1970–9999.';

/** The refusal codes a field answers when they are not the general FIELD_REQUIRED / FIELD_INVALID. */
function codes(field: Field): { 'x-lockdesk-codes'?: { missing?: ErrorCode; invalid?: ErrorCode } } {
  const out: { missing?: ErrorCode; invalid?: ErrorCode } = {};
  if (field.required && field.required !== 'FIELD_REQUIRED') out.missing = field.required;
  if (field.invalid && field.invalid !== 'FIELD_INVALID') out.invalid = field.invalid;
  return Object.keys(out).length > 0 ? { 'x-lockdesk-codes': out } : {};
}

/** The JSON type of an enum's values. */
function enumType(values: readonly (string | number)[]): string | string[] {
  const strings = values.some((v) => typeof v === 'string');
  const numbers = values.filter((v): v is number => typeof v === 'number');
  if (numbers.length === 0) return 'string';
  const numberType = numbers.every((n) => Number.isInteger(n)) ? 'integer' : 'number';
  return strings ? ['string', numberType] : numberType;
}

/** The JSON Schema of one field (without its required-ness, which belongs to the enclosing object). */
export function fieldSchema(field: Field): JsonSchema {
  switch (field.type) {
    case 'string': {
      const s: JsonSchema = { type: 'string' };
      if (field.min !== undefined) s['minLength'] = field.min;
      if (field.max !== undefined) s['maxLength'] = field.max;
      if (field.pattern) s['pattern'] = field.pattern.source;
      if (field.raw) s['x-lockdesk-raw'] = true;
      return { ...s, ...codes(field) };
    }
    case 'int':
      return {
        type: 'integer',
        minimum: field.min ?? -INT_MAX,
        maximum: field.max ?? INT_MAX,
        ...codes(field),
      };
    case 'number':
      return {
        type: 'number',
        minimum: field.min ?? -NUMBER_MAX,
        maximum: field.max ?? NUMBER_MAX,
        ...codes(field),
      };
    case 'bool':
      return { type: 'boolean', ...codes(field) };
    case 'time':
      return {
        type: ['integer', 'string'],
        description: TIME_DESCRIPTION,
        examples: [1_764_000_000, '2026-11-21 12:00'],
        ...codes(field),
      };
    case 'enum':
      return { type: enumType(field.values), enum: [...field.values], ...codes(field) };
    case 'array': {
      const s: JsonSchema = { type: 'array' };
      if (field.of) s['items'] = fieldSchema(field.of);
      if (field.max !== undefined) s['maxItems'] = field.max;
      return { ...s, ...codes(field) };
    }
    case 'object':
      return { type: 'object', additionalProperties: true, ...codes(field) };
  }
}

/** The JSON Schema of a body: one property per field, `required` naming every field not marked optional. */
export function bodySchema(schema: Schema): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(schema)) {
    properties[name] = fieldSchema(field);
    if (!field.optional) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}
