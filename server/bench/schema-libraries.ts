/**
 * The /manage body check (protocol's `checkBody` over `f` rows) written in two schema libraries, valibot and zod, for
 * envelope.bench.ts: what a switch would look like, with the same answers. Each field row becomes the library's
 * schema the way a switch would write it by hand (`f.id()` → a lenient integer piped through min/max, …):
 *   - values taken leniently as forms send them: numbers as text, booleans as 0/1/'true', '' and null as missing;
 *   - text trimmed (unless `raw`), no NUL, length and pattern; numbers finite, integers whole, inside the column's
 *     range when unbounded; times through the protocol's own parseInstant (hotel time); enums matched as text too;
 *   - the row's `check` after parsing, its code carried in the issue's message;
 *   - the refusal of the first bad field in schema order, with the row's code (`required` / `invalid` / the check's).
 * The equivalence is checked at the bench's start on valid and refused bodies (same value, same code and field).
 */
import {
  type ErrorCode,
  type Field,
  INT_MAX,
  NUMBER_MAX,
  parseInstant,
  type Result,
  type Schema,
} from '@lockdesk/protocol';
import * as v from 'valibot';
import { z } from 'zod';

/** A body check with checkBody's answer: the typed body, or the first bad field's code and name. */
export type BodyCheck = (body: Record<string, unknown>) => Result<Record<string, unknown>>;

const isMissing = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '');
const blankToUndefined = (x: unknown) => (isMissing(x) ? undefined : x);
const TRUE = new Set<unknown>([true, 1, '1', 'true']);
const BOOL_WORDS = [1, 0, '1', '0', 'true', 'false'] as const;
const CODE = 'code:';

/** The enum value a sent value stands for (the value itself, or its text), or undefined. */
const enumValue = (values: readonly (string | number)[], x: unknown) =>
  values.find((e) => e === x || String(e) === String(x));

/** The refusal of the first issue, as checkBody words it. */
function refusal(
  schema: Schema,
  body: Record<string, unknown>,
  key: string,
  message: string,
): Result<Record<string, unknown>> {
  const field = schema[key] as Field;
  const code: ErrorCode = message.startsWith(CODE)
    ? (message.slice(CODE.length) as ErrorCode)
    : isMissing(body[key])
      ? (field.required ?? 'FIELD_REQUIRED')
      : (field.invalid ?? 'FIELD_INVALID');
  return { ok: false, code, detail: `${key} is refused`, params: { field: key } };
}

// ---- valibot ----

type V = v.GenericSchema<unknown, unknown>;

/** A present value of one row in valibot (without the row's `check`). */
function valibotValue(field: Field): V {
  switch (field.type) {
    case 'string': {
      const text = v.union([v.string(), v.pipe(v.number(), v.transform(String))]);
      return v.pipe(
        field.raw ? text : v.pipe(text, v.trim()),
        v.check((s) => !s.includes('\u0000')),
        v.minLength(field.min ?? 0),
        v.maxLength(field.max ?? Number.MAX_SAFE_INTEGER),
        v.regex(field.pattern ?? /(?:)/),
      ) as V;
    }
    case 'int':
    case 'number': {
      const limit = field.type === 'int' ? INT_MAX : NUMBER_MAX;
      const n = v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))]),
        v.finite(),
        v.minValue(field.min ?? -limit),
        v.maxValue(field.max ?? limit),
      );
      return (field.type === 'int' ? v.pipe(n, v.integer()) : n) as V;
    }
    case 'bool':
      return v.pipe(
        v.union([v.boolean(), v.picklist(BOOL_WORDS)]),
        v.transform((x) => TRUE.has(x)),
      ) as V;
    case 'time':
      return v.pipe(
        v.unknown(),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const at = parseInstant(dataset.value);
          if (at) return at;
          addIssue({ message: 'not an instant' });
          return NEVER;
        }),
      ) as V;
    case 'enum': {
      const values = field.values;
      return v.pipe(
        v.union([v.string(), v.number()]),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const hit = enumValue(values, dataset.value);
          if (hit !== undefined) return hit;
          addIssue({ message: 'not one of the values' });
          return NEVER;
        }),
      ) as V;
    }
    case 'array': {
      const list = v.array(field.of ? valibotValue(field.of) : v.unknown());
      return (field.max === undefined ? list : v.pipe(list, v.maxLength(field.max))) as V;
    }
    case 'object':
      return v.record(v.string(), v.unknown()) as V;
  }
}

/** One row in valibot: blank reads as missing, then optional or required, then the row's check. */
function valibotField(field: Field): V {
  const check = field.check as ((x: unknown) => ErrorCode | undefined) | undefined;
  const value = check
    ? v.pipe(
        valibotValue(field),
        v.rawCheck(({ dataset, addIssue }) => {
          const code = dataset.typed ? check(dataset.value) : undefined;
          if (code) addIssue({ message: `${CODE}${code}` });
        }),
      )
    : valibotValue(field);
  return field.optional
    ? (v.optional(v.pipe(v.unknown(), v.transform(blankToUndefined), v.optional(value))) as V)
    : (v.pipe(v.unknown(), v.transform(blankToUndefined), value) as V);
}

/** checkBody in valibot: the object schema is built once, then parsed with abortEarly (the first bad field). */
export function valibotCheck(schema: Schema): BodyCheck {
  const object = v.object(Object.fromEntries(Object.entries(schema).map(([k, f]) => [k, valibotField(f)])));
  return (body) => {
    const parsed = v.safeParse(object, body, { abortEarly: true });
    if (parsed.success) return { ok: true, value: parsed.output as Record<string, unknown> };
    const issue = parsed.issues[0];
    return refusal(schema, body, String(issue.path?.[0]?.key ?? ''), issue.message);
  };
}

// ---- zod ----

type Z = z.ZodType;

/** A present value of one row in zod (without the row's `check`). */
function zodValue(field: Field): Z {
  switch (field.type) {
    case 'string': {
      let s = field.raw ? z.string() : z.string().trim();
      s = s.refine((x) => !x.includes('\u0000'));
      if (field.min !== undefined) s = s.min(field.min);
      if (field.max !== undefined) s = s.max(field.max);
      if (field.pattern) s = s.regex(field.pattern);
      return z.union([z.string(), z.number().transform(String)]).pipe(s);
    }
    case 'int':
    case 'number': {
      const limit = field.type === 'int' ? INT_MAX : NUMBER_MAX;
      let n = z
        .number()
        .min(field.min ?? -limit)
        .max(field.max ?? limit);
      if (field.type === 'int') n = n.int();
      return z.union([z.number(), z.string().trim().min(1).transform(Number)]).pipe(n);
    }
    case 'bool':
      return z.union([z.boolean(), z.literal(BOOL_WORDS)]).transform((x) => TRUE.has(x));
    case 'time':
      return z.unknown().transform((x, ctx) => {
        const at = parseInstant(x);
        if (at) return at;
        ctx.addIssue({ code: 'custom', message: 'not an instant' });
        return z.NEVER;
      });
    case 'enum': {
      const values = field.values;
      return z.union([z.string(), z.number()]).transform((x, ctx) => {
        const hit = enumValue(values, x);
        if (hit !== undefined) return hit;
        ctx.addIssue({ code: 'custom', message: 'not one of the values' });
        return z.NEVER;
      });
    }
    case 'array': {
      const list = z.array(field.of ? zodValue(field.of) : z.unknown());
      return field.max === undefined ? list : list.max(field.max);
    }
    case 'object':
      return z.record(z.string(), z.unknown());
  }
}

/** One row in zod: blank reads as missing, then optional or required, then the row's check. */
function zodField(field: Field): Z {
  const check = field.check as ((x: unknown) => ErrorCode | undefined) | undefined;
  const value = check
    ? zodValue(field).superRefine((x, ctx) => {
        const code = check(x);
        if (code) ctx.addIssue({ code: 'custom', message: `${CODE}${code}` });
      })
    : zodValue(field);
  return z.preprocess(blankToUndefined, field.optional ? value.optional() : value);
}

/**
 * checkBody in zod: the object schema is built once (zod 4 compiles an object's parser on its first use). zod has
 * no abortEarly: it checks every field and the first issue in schema order is answered.
 */
export function zodCheck(schema: Schema): BodyCheck {
  const keys = Object.keys(schema);
  const object = z.object(Object.fromEntries(Object.entries(schema).map(([k, f]) => [k, zodField(f)])));
  return (body) => {
    const parsed = object.safeParse(body);
    if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
    const first = [...parsed.error.issues].sort(
      (a, b) => keys.indexOf(String(a.path[0])) - keys.indexOf(String(b.path[0])),
    )[0] as z.core.$ZodIssue;
    return refusal(schema, body, String(first.path[0] ?? ''), first.message);
  };
}
