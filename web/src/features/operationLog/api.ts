import {
  type InputOf,
  type LogAccount,
  OPERATION_AREAS,
  type OperationArea,
  type OperationEntry,
  operationLogCalls,
  roomCalls,
} from '@lockdesk/protocol';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { definedFields, type Page, usePage } from '../../api/lists.ts';

/**
 * The operation-log calls (server/API.md §4: operation/list with its filters, operation/accounts for the person
 * filter; the contracts in protocol/src/calls/operation-log.ts) as react-query hooks. Pages never call axios.
 */

export {
  type LogAccount,
  OPERATION_RESULTS,
  type OperationEntry,
  type OperationResult,
} from '@lockdesk/protocol';
/** The console areas a call belongs to (@lockdesk/protocol operation-areas.ts; API.md §4 `area`). */
export { OPERATION_AREAS, type OperationArea };

/** operation/list's request (API.md §4); times are seconds. */
export type OperationQuery = InputOf<typeof operationLogCalls.list>;

export const operationLogKeys = {
  all: ['operationLog'] as const,
  list: (query: OperationQuery) => [...operationLogKeys.all, 'list', query] as const,
  accounts: (keyword: string) => [...operationLogKeys.all, 'accounts', keyword] as const,
  rooms: (name: string) => ['rooms', 'search', name] as const,
};

/** One page of the log (operation/list); the page shown stays while the next loads. */
export function useOperationLog(query: OperationQuery): UseQueryResult<Page<OperationEntry>> {
  return usePage(operationLogKeys.list(query), operationLogCalls.list, query);
}

/** How many matches a picker shows; typing narrows the rest on the server. */
export const PICKER_LIMIT = 20;

/** The accounts the caller may filter the log by, searched on the server (operation/accounts). */
export function useLogAccounts(keyword: string): UseQueryResult<Page<LogAccount>> {
  return useQuery({
    queryKey: operationLogKeys.accounts(keyword),
    queryFn: () =>
      callManage(operationLogCalls.accounts, definedFields({ keyword, page: 1, limit: PICKER_LIMIT })),
    staleTime: 30_000,
  });
}

/** Rooms in scope whose name holds `name`, searched on the server (room/listNew). */
export function useRoomSearch(name: string): UseQueryResult<Page<{ id: number; name: string }>> {
  return useQuery({
    queryKey: operationLogKeys.rooms(name),
    queryFn: () =>
      callManage(roomCalls.list, definedFields({ name, page: 1, limit: PICKER_LIMIT, sort: 'A-Z' })),
    staleTime: 30_000,
  });
}
