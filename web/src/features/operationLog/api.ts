import { OPERATION_AREAS, type OperationArea, roomCalls } from '@lockdesk/protocol';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { definedFields, type Page, usePage } from '../../api/lists.ts';

/**
 * The operation-log calls (server/API.md §4: operation/list with its filters, operation/accounts for the person
 * filter) as react-query hooks. Pages never call axios.
 */

/** The console areas a call belongs to (@lockdesk/protocol operation-areas.ts; API.md §4 `area`). */
export { OPERATION_AREAS, type OperationArea };

export const OPERATION_RESULTS = ['ok', 'refused'] as const;
export type OperationResult = (typeof OPERATION_RESULTS)[number];

/** An entry of operation/list. */
export interface OperationEntry {
  id: number;
  time: number;
  user_id: number | null;
  mobile: string | null;
  nickname: string | null;
  role: string | null;
  path: string;
  area: OperationArea | string;
  summary: string;
  errno: number;
  code: string | null;
  ip: string | null;
  uuid: string | null;
  user_agent: string | null;
  /** The rooms the entry reached that the caller may see. */
  rooms: { id: number; name: string }[];
  /** How many rooms it reached in all. */
  room_count: number;
}

/** operation/list's request (API.md §4); times are seconds. */
export interface OperationQuery {
  user_id?: number | undefined;
  area?: OperationArea | undefined;
  room_id?: number | undefined;
  result?: OperationResult | undefined;
  start_time?: number | undefined;
  end_time?: number | undefined;
  page: number;
  limit: number;
}

/** An account of operation/accounts. */
export interface LogAccount {
  id: number;
  mobile: string | null;
  nickname: string;
  name: string;
  role: string;
}

export const operationLogKeys = {
  all: ['operationLog'] as const,
  list: (query: OperationQuery) => [...operationLogKeys.all, 'list', query] as const,
  accounts: (keyword: string) => [...operationLogKeys.all, 'accounts', keyword] as const,
  rooms: (name: string) => ['rooms', 'search', name] as const,
};

/** One page of the log (operation/list); the page shown stays while the next loads. */
export function useOperationLog(query: OperationQuery): UseQueryResult<Page<OperationEntry>> {
  return usePage<OperationEntry>(operationLogKeys.list(query), 'operation/list', query);
}

/** How many matches a picker shows; typing narrows the rest on the server. */
export const PICKER_LIMIT = 20;

/** The accounts the caller may filter the log by, searched on the server (operation/accounts). */
export function useLogAccounts(keyword: string): UseQueryResult<Page<LogAccount>> {
  return useQuery({
    queryKey: operationLogKeys.accounts(keyword),
    queryFn: () =>
      callManage<Page<LogAccount>>(
        'operation/accounts',
        definedFields({ keyword, page: 1, limit: PICKER_LIMIT }),
      ),
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
