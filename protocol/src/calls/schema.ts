/**
 * Body schemas of the /manage calls: one row per field, read by one validator, with the TypeScript type of the
 * checked body (`Infer`, what the server's handler gets) and of the wire input (`WireInput`, what the console may
 * send) derived from the same row. Values are taken leniently the way forms send them (numbers as strings, booleans
 * as 0/1), then checked strictly; a missing field answers `required` (default FIELD_REQUIRED {field}), a bad one
 * answers `invalid` (default FIELD_INVALID {field}).
 *
 * Hand-written rather than a schema library (zod, valibot): the rows are plain data the OpenAPI document is written
 * from, each field carries its own catalogue codes, and the lenient form reading is the protocol's, not a library's
 * coercion; checking a body is one loop over the rows, with nothing to compile first.
 */
import type { ErrorCode } from '../errors.js';
import { fail, type Result } from '../result.js';
import { MOBILE } from '../rules.js';

export { MOBILE };

interface Base {
  /** Required unless false. Empty strings count as missing. */
  optional?: boolean;
  /** Code answered when missing. */
  required?: ErrorCode;
  /** Code answered when present but malformed. */
  invalid?: ErrorCode;
  /** An extra check after parsing; return a code to refuse. */
  check?: (value: never) => ErrorCode | undefined;
}
export interface StringField extends Base {
  type: 'string';
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** Keep surrounding spaces (passwords). */
  raw?: boolean;
}
export interface IntField extends Base {
  type: 'int';
  min?: number;
  max?: number;
}
export interface NumberField extends Base {
  type: 'number';
  min?: number;
  max?: number;
}
export interface BoolField extends Base {
  type: 'bool';
}
/** An instant: seconds or milliseconds since epoch, ISO 8601, or 'YYYY-MM-DD HH:mm[:ss]' in hotel time (+08:00). */
export interface TimeField extends Base {
  type: 'time';
}
export interface EnumField<V extends string | number = string | number> extends Base {
  type: 'enum';
  values: readonly V[];
}
export interface ArrayField extends Base {
  type: 'array';
  of?: Field;
  max?: number;
}
/** Any JSON object, unchecked (the handler checks it). */
export interface ObjectField extends Base {
  type: 'object';
}
export type Field =
  | StringField
  | IntField
  | NumberField
  | BoolField
  | TimeField
  | EnumField
  | ArrayField
  | ObjectField;
export type Schema = Record<string, Field>;

type ValueOf<F extends Field> = F extends StringField
  ? string
  : F extends IntField | NumberField
    ? number
    : F extends BoolField
      ? boolean
      : F extends TimeField
        ? Date
        : F extends EnumField<infer V>
          ? V
          : F extends ArrayField
            ? F['of'] extends Field
              ? ValueOf<F['of']>[]
              : unknown[]
            : Record<string, unknown>;

/**
 * What the console sends for a field: the canonical JSON value (times as seconds since epoch or text; a flag as a
 * boolean or as the 0/1 the API documents, e.g. `unsubscribe_old`).
 */
type WireValueOf<F extends Field> = F extends TimeField
  ? number | string
  : F extends BoolField
    ? boolean | 0 | 1
    : F extends ArrayField
      ? F['of'] extends Field
        ? readonly WireValueOf<F['of']>[]
        : readonly unknown[]
      : ValueOf<F>;

type OptionalKeys<S extends Schema> = { [K in keyof S]: S[K]['optional'] extends true ? K : never }[keyof S];
type RequiredKeys<S extends Schema> = Exclude<keyof S, OptionalKeys<S>>;

/** The checked body a schema describes (what the server's handler receives). */
export type Infer<S extends Schema> = { [K in RequiredKeys<S>]: ValueOf<S[K]> } & {
  [K in OptionalKeys<S>]?: ValueOf<S[K]>;
};

/** The body the console may send for a schema: required fields required, optional ones optional or undefined. */
export type WireInput<S extends Schema> = { [K in RequiredKeys<S>]: WireValueOf<S[K]> } & {
  [K in OptionalKeys<S>]?: WireValueOf<S[K]> | undefined;
};

/** Field constructors, so a schema reads `{ mobile: f.mobile(), nickname: f.string({ max: 32 }) }`. */
export const f = {
  string: <O extends Omit<StringField, 'type'>>(o?: O) => ({ type: 'string', ...o }) as StringField & O,
  int: <O extends Omit<IntField, 'type'>>(o?: O) => ({ type: 'int', ...o }) as IntField & O,
  number: <O extends Omit<NumberField, 'type'>>(o?: O) => ({ type: 'number', ...o }) as NumberField & O,
  bool: <O extends Omit<BoolField, 'type'>>(o?: O) => ({ type: 'bool', ...o }) as BoolField & O,
  time: <O extends Omit<TimeField, 'type'>>(o?: O) => ({ type: 'time', ...o }) as TimeField & O,
  enum: <V extends string | number, O extends Omit<EnumField<V>, 'type' | 'values'>>(
    values: readonly V[],
    o?: O,
  ) => ({ type: 'enum', values, ...o }) as EnumField<V> & O,
  array: <O extends Omit<ArrayField, 'type'>>(o?: O) => ({ type: 'array', ...o }) as ArrayField & O,
  object: <O extends Omit<ObjectField, 'type'>>(o?: O) => ({ type: 'object', ...o }) as ObjectField & O,
  /** 11-digit mainland mobile (spec §5): 1, then 3–9, then 9 digits. */
  mobile: <O extends Omit<StringField, 'type'>>(o?: O) =>
    ({
      type: 'string',
      pattern: MOBILE,
      required: 'MOBILE_INVALID',
      invalid: 'MOBILE_INVALID',
      ...o,
    }) as StringField & O,
  /** A record id (positive integer). */
  id: <O extends Omit<IntField, 'type'>>(o?: O) => ({ type: 'int', min: 1, ...o }) as IntField & O,
};

/** The largest value of a PostgreSQL integer column. */
export const INT_MAX = 2_147_483_647;
/** The largest value a numeric(12,2) money column holds. */
export const NUMBER_MAX = 9_999_999_999.99;

/** An e-mail address as the server stores it: local part, domain and top-level domain within their RFC lengths. */
export const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

/** Paging fields every list call accepts: page from 1, limit 1–100 (default 20). */
export const pageFields = {
  page: { type: 'int', min: 1, max: 1_000_000, optional: true },
  limit: { type: 'int', min: 1, max: 100, optional: true },
} as const satisfies Schema;

const HOTEL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The last instant a timestamp field accepts (9999-12-31T23:59:59.999Z). */
const LAST_INSTANT_MS = 253_402_300_799_999;

/** Parses an instant as the console may send it (years 1970–9999); undefined when it is not one. */
export function parseInstant(value: unknown): Date | undefined {
  const d = parseAnyInstant(value);
  return d && d.getTime() >= 0 && d.getTime() <= LAST_INSTANT_MS ? d : undefined;
}

function parseAnyInstant(value: unknown): Date | undefined {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{1,16}$/.test(value.trim()))) {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) return undefined;
    // Seconds below 1e11 (year 5138); anything larger is milliseconds.
    const d = new Date(n < 1e11 ? n * 1000 : n);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const m = HOTEL_TIME.exec(text);
  if (m) {
    const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
    const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+08:00`);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const TRUE = new Set([true, 1, '1', 'true']);
const FALSE = new Set([false, 0, '0', 'false']);

function parseValue(field: Field, value: unknown): { ok: true; value: unknown } | { ok: false } {
  switch (field.type) {
    case 'string': {
      if (typeof value !== 'string' && typeof value !== 'number') return { ok: false };
      const s = field.raw ? String(value) : String(value).trim();
      // PostgreSQL text cannot hold NUL.
      if (s.includes('\u0000')) return { ok: false };
      if (field.min !== undefined && s.length < field.min) return { ok: false };
      if (field.max !== undefined && s.length > field.max) return { ok: false };
      if (field.pattern && !field.pattern.test(s)) return { ok: false };
      return { ok: true, value: s };
    }
    case 'int':
    case 'number': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : NaN;
      if (!Number.isFinite(n)) return { ok: false };
      if (field.type === 'int' && !Number.isInteger(n)) return { ok: false };
      // Unbounded fields still stay inside what the columns hold: integer for ints, numeric(12,2) for numbers.
      const limit = field.type === 'int' ? INT_MAX : NUMBER_MAX;
      if (n < (field.min ?? -limit) || n > (field.max ?? limit)) return { ok: false };
      return { ok: true, value: n };
    }
    case 'bool':
      if (TRUE.has(value as never)) return { ok: true, value: true };
      if (FALSE.has(value as never)) return { ok: true, value: false };
      return { ok: false };
    case 'time': {
      const d = parseInstant(value);
      return d ? { ok: true, value: d } : { ok: false };
    }
    case 'enum': {
      const hit = field.values.find((v) => v === value || String(v) === String(value));
      return hit === undefined ? { ok: false } : { ok: true, value: hit };
    }
    case 'array': {
      if (!Array.isArray(value)) return { ok: false };
      if (field.max !== undefined && value.length > field.max) return { ok: false };
      if (!field.of) return { ok: true, value };
      const out: unknown[] = [];
      for (const item of value) {
        const r = parseValue(field.of, item);
        if (!r.ok) return r;
        out.push(r.value);
      }
      return { ok: true, value: out };
    }
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? { ok: true, value }
        : { ok: false };
  }
}

const isMissing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Checks a body against a schema: the typed body, or the refusal of the first bad field in schema order
 * (its code, and `{ field: <name> }` as the message parameters).
 */
export function checkBody<S extends Schema>(schema: S, body: Record<string, unknown>): Result<Infer<S>> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema)) {
    const value = body[name];
    if (isMissing(value)) {
      if (field.optional) continue;
      return fail(field.required ?? 'FIELD_REQUIRED', `${name} is missing`, { field: name });
    }
    const parsed = parseValue(field, value);
    if (!parsed.ok) return fail(field.invalid ?? 'FIELD_INVALID', `${name} is malformed`, { field: name });
    const refused = field.check?.(parsed.value as never);
    if (refused) return fail(refused, `${name} is refused`, { field: name });
    out[name] = parsed.value;
  }
  return { ok: true, value: out as Infer<S> };
}
