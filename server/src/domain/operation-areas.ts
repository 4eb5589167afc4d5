/**
 * The operation log's areas as SQL (API.md §4 `area`). The areas, their path rules and `operationArea` are
 * @lockdesk/protocol's (operation-areas.ts), shared with the console; this adds the same rule over a path column.
 */
import { OPERATION_AREA_ORDER, type OperationArea } from '@lockdesk/protocol';
import { sql } from 'kysely';

export { OPERATION_AREAS, type OperationArea, operationArea } from '@lockdesk/protocol';

/** The same rule as SQL over a path column (e.g. `sql.ref('l.path')`), for filtering by area. */
export function operationAreaSql(path: ReturnType<typeof sql.ref>) {
  const whens = OPERATION_AREA_ORDER.map((rule) =>
    rule.prefix
      ? sql`WHEN lower(${path}) LIKE ${`${rule.match}%`} THEN ${rule.area}`
      : sql`WHEN lower(${path}) = ${rule.match} THEN ${rule.area}`,
  );
  return sql<OperationArea>`(CASE ${sql.join(whens, sql` `)} ELSE 'other' END)`;
}
