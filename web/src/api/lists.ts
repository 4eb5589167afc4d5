import type { AnswerOf, AnyContract, InputOf, Page } from '@lockdesk/protocol';
import { keepPreviousData, type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { callManage } from './client.ts';

/** A page of a list call: every list of the server answers its rows, the total and the page asked for. */
export type { Page } from '@lockdesk/protocol';

/**
 * A call's fields without those it leaves out (undefined, an empty keyword). Typed as the fields given: the server
 * reads a field left out as missing, as it reads an empty one.
 */
export function definedFields<T extends object>(params: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = v;
  return out as T;
}

/**
 * One page of a list call as a query: the fields sent are `params` without those left out (see definedFields),
 * and the page shown stays on screen while the next one loads. The call is its contract (fields and answer typed
 * from it), or, for a call not yet moved to one, its path.
 */
export function usePage<C extends AnyContract>(
  queryKey: QueryKey,
  contract: C,
  params: InputOf<C>,
  options?: { enabled?: boolean },
): UseQueryResult<AnswerOf<C>>;
export function usePage<T>(
  queryKey: QueryKey,
  path: string,
  params: object,
  options?: { enabled?: boolean },
): UseQueryResult<Page<T>>;
export function usePage(
  queryKey: QueryKey,
  call: string | AnyContract,
  params: object,
  options: { enabled?: boolean } = {},
): UseQueryResult<unknown> {
  return useQuery({
    queryKey,
    queryFn: () => callManage<unknown>(call as string, definedFields(params)),
    placeholderData: keepPreviousData,
    ...options,
  });
}
