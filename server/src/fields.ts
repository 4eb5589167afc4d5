/**
 * The server's side of the body schemas: the field rows, their builders and the validator live in @lockdesk/protocol
 * (protocol/src/calls/schema.ts, pure, shared with the contracts and the console); here a refusal becomes the
 * server's AppError, and the list helpers that build SQL (kysely) stay.
 */
import { checkBody as checkSchema, type Infer, type Schema } from '@lockdesk/protocol';
import { type SelectQueryBuilder, sql } from 'kysely';
import { AppError, failure } from './errors.js';

export {
  type ArrayField,
  type BoolField,
  EMAIL,
  type EnumField,
  type Field,
  f,
  INT_MAX,
  type Infer,
  type IntField,
  MOBILE,
  NUMBER_MAX,
  type NumberField,
  type ObjectField,
  pageFields,
  parseInstant,
  type Schema,
  type StringField,
  type TimeField,
} from '@lockdesk/protocol';

/** Checks a body against a schema: the typed body, or an AppError naming the first bad field. */
export function checkBody<S extends Schema>(schema: S, body: Record<string, unknown>): Infer<S> {
  const checked = checkSchema(schema, body);
  if (!checked.ok) throw failure(checked.code, checked.params);
  return checked.value;
}

/** True for an AppError raised by checkBody (used by tests). */
export const isFieldError = (e: unknown): e is AppError => e instanceof AppError;

/** A Date as whole seconds since epoch (how answers carry times); null stays null. */
export function epochSeconds(date: Date): number;
export function epochSeconds(date: Date | null | undefined): number | null;
export function epochSeconds(date: Date | null | undefined): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

/** Offset and limit of a page request. */
export function pageOf(body: { page?: number; limit?: number }): {
  page: number;
  limit: number;
  offset: number;
} {
  const page = body.page ?? 1;
  const limit = body.limit ?? 20;
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * One page of a list answer: `rows` selects and orders the filtered query's rows (this adds limit and offset),
 * `view` shapes each; `total` counts every row the filter keeps.
 */
export async function listPage<DB, TB extends keyof DB, Row, View>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  body: { page?: number; limit?: number },
  rows: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  view: (row: Row) => View,
): Promise<{ list: View[]; total: number; page: number; limit: number }> {
  const { page, limit, offset } = pageOf(body);
  const [found, count] = await Promise.all([
    rows(filtered).limit(limit).offset(offset).execute(),
    filtered.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow() as Promise<{
      n: number | string;
    }>,
  ]);
  return { list: found.map((row) => view(row as Row)), total: Number(count.n), page, limit };
}
