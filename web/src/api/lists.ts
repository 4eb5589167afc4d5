import { keepPreviousData, type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { callManage } from './client.ts';

/** A page of a list call: every list of the server answers its rows, the total and the page asked for. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** A call's fields without those it leaves out (undefined, an empty keyword). */
export function definedFields(params: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = v;
  return out;
}

/**
 * One page of a list call as a query: the fields sent are `params` without those left out (see definedFields),
 * and the page shown stays on screen while the next one loads.
 */
export function usePage<T>(
  queryKey: QueryKey,
  path: string,
  params: object,
  options: { enabled?: boolean } = {},
): UseQueryResult<Page<T>> {
  return useQuery({
    queryKey,
    queryFn: () => callManage<Page<T>>(path, definedFields(params)),
    placeholderData: keepPreviousData,
    ...options,
  });
}
