import {
  type AnswerOf,
  categoryCalls,
  type InputOf,
  type ListedCategory,
  type Room,
  type RoomPage,
  roomAdminCalls,
  roomCalls,
} from '@lockdesk/protocol';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { CallError, callManage } from './client.ts';

/**
 * The room calls (server/API.md §5 and contracts B, F2) as react-query hooks: pages use these, never axios. Field
 * names are the server's. Each mutation names the query keys it invalidates beside it.
 */

/** The room list's sort, date filter and request (its URL state is features/rooms/listParams.ts). */
export const ROOM_SORTS = ['asc', 'desc'] as const;
export type RoomSort = (typeof ROOM_SORTS)[number];
export const DATE_PICKS = ['today', 'yesterday', 'week'] as const;
export type DatePick = (typeof DATE_PICKS)[number];

/** What the list asks the server for. */
export interface RoomListParams {
  page: number;
  limit: number;
  sort: RoomSort;
  /** A room status 0–4; undefined = all. */
  status?: number;
  /** A room group id; 0 = rooms without a group; undefined = every group. */
  group?: number;
  name?: string;
  date?: DatePick;
}

// A room and its guest as the server answers them: declared with the room calls' contracts (protocol/src/calls).
// The room list's page and its rooms per status: the room list contract's answer.
export type { Room, RoomPage, RoomTenant, StatusCounts } from '@lockdesk/protocol';
export type { Page } from './lists.ts';

/** A room group as room/category/list answers it, with its room count. */
export type RoomGroup = ListedCategory;

export const roomKeys = {
  all: ['rooms'] as const,
  lists: () => [...roomKeys.all, 'list'] as const,
  list: (params: RoomListParams) => [...roomKeys.lists(), params] as const,
  details: () => [...roomKeys.all, 'detail'] as const,
  detail: (id: number) => [...roomKeys.details(), id] as const,
  groups: () => [...roomKeys.all, 'groups'] as const,
};

/** The fields room/listNew takes for a list state. */
export function listRequest(params: RoomListParams): InputOf<typeof roomCalls.list> {
  const fields: InputOf<typeof roomCalls.list> = {
    page: params.page,
    limit: params.limit,
    sort: params.sort,
  };
  // The URL's status is read as 0–4 (listParams.ts), one of the filter's values.
  if (params.status !== undefined) fields.status = params.status as InputOf<typeof roomCalls.list>['status'];
  if (params.group !== undefined) fields.category_id = params.group;
  if (params.name) fields.name = params.name;
  if (params.date) fields.date = params.date;
  return fields;
}

export function fetchRoomPage(params: RoomListParams): Promise<RoomPage> {
  return callManage(roomCalls.list, listRequest(params));
}

/**
 * The query of one page of the room list, shared by the page's hook and the route's prefetch (routes.ts), so a
 * page asked for while the list's code still loads is the one the list finds in the cache.
 */
export function roomListQuery(client: QueryClient, params: RoomListParams) {
  return queryOptions({
    queryKey: roomKeys.list(params),
    queryFn: async () => {
      const page = await fetchRoomPage(params);
      // Opening a room from the list shows it at once; the detail still refreshes it from the server.
      for (const room of page.list) client.setQueryData(roomKeys.detail(room.id), room);
      return page;
    },
  });
}

/** One page of the room list; the previous page stays on screen while the next loads. */
export function useRoomList(params: RoomListParams): UseQueryResult<RoomPage> {
  const client = useQueryClient();
  return useQuery({ ...roomListQuery(client, params), placeholderData: keepPreviousData });
}

/** The refusals of room/info that mean the room is out of reach: none such in the hotel, or out of scope. */
const MISSING_CODES: readonly string[] = ['NOT_FOUND', 'PERMISSION_DENIED'];

/** One room with its guest (room/info, API.md §5), whether or not it has a lock; RoomMissing when out of reach. */
export async function fetchRoom(id: number): Promise<Room> {
  try {
    return await callManage(roomCalls.info, { room_id: id });
  } catch (e) {
    if (e instanceof CallError && e.code !== null && MISSING_CODES.includes(e.code))
      throw new RoomMissing(id);
    throw e;
  }
}

/** The room is not in the caller's scope (deleted, another hotel's, or never assigned). */
export class RoomMissing extends Error {
  constructor(readonly roomId: number) {
    super(`room ${roomId} not found`);
    this.name = 'RoomMissing';
  }
}

export function useRoom(id: number): UseQueryResult<Room> {
  return useQuery({
    queryKey: roomKeys.detail(id),
    queryFn: () => fetchRoom(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** After a room changes: its detail and every list page (status counts, cards) are stale. */
function invalidateRoom(client: QueryClient, id: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: roomKeys.detail(id) }),
    client.invalidateQueries({ queryKey: roomKeys.lists() }),
  ]);
}

/** What the add-room form sends (the contract's fields). */
export type AddRoomInput = InputOf<typeof roomAdminCalls.addRoom>;

/** room/addRoom; invalidates the lists and the groups (their room counts). */
export function useAddRoom(): UseMutationResult<Room, Error, AddRoomInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddRoomInput) => callManage(roomAdminCalls.addRoom, clean(input)),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: roomKeys.lists() }),
        client.invalidateQueries({ queryKey: roomKeys.groups() }),
      ]),
  });
}

/** room/deleteRoom; invalidates the lists and the groups, and forgets the room. */
export function useDeleteRoom(): UseMutationResult<{ room_id: number }, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) => callManage(roomAdminCalls.deleteRoom, { room_id: roomId }),
    onSuccess: (_answer, roomId) => {
      client.removeQueries({ queryKey: roomKeys.detail(roomId) });
      return Promise.all([
        client.invalidateQueries({ queryKey: roomKeys.lists() }),
        client.invalidateQueries({ queryKey: roomKeys.groups() }),
      ]);
    },
  });
}

/** What the lock settings form sends (the contract's fields: only room_id is required). */
export type LockSettingsInput = InputOf<typeof roomCalls.setLockData>;

/** room/setLockData; invalidates the room, the lists and the groups (a group change moves counts). */
export function useSetLockData(): UseMutationResult<Room, Error, LockSettingsInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LockSettingsInput) => callManage(roomCalls.setLockData, clean(input)),
    onSuccess: (_room, input) =>
      Promise.all([
        invalidateRoom(client, input.room_id),
        client.invalidateQueries({ queryKey: roomKeys.groups() }),
      ]),
  });
}

export type StatusAnswer = AnswerOf<typeof roomCalls.setStatus>;
type StatusInput = InputOf<typeof roomCalls.setStatus>;

/** room/setRoomStatus; invalidates the room and the lists. */
export function useSetRoomStatus(): UseMutationResult<StatusAnswer, Error, StatusInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StatusInput) => callManage(roomCalls.setStatus, input),
    onSuccess: (_a, input) => invalidateRoom(client, input.room_id),
  });
}

/** The room groups, by sort order. */
export const roomGroupsQuery = queryOptions({
  queryKey: roomKeys.groups(),
  queryFn: async () => (await callManage(categoryCalls.groups, {})).list,
  staleTime: 30_000,
});

export function useRoomGroups(): UseQueryResult<RoomGroup[]> {
  return useQuery(roomGroupsQuery);
}

/** A group to add (no id: room/addCategory) or to change (room/change/category). */
export type GroupInput = InputOf<typeof categoryCalls.addGroup> & { id?: number | undefined };

/** room/addCategory (no id) or room/change/category (with id); invalidates the groups and the lists. */
export function useSaveGroup(): UseMutationResult<
  AnswerOf<typeof categoryCalls.addGroup>,
  Error,
  GroupInput
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupInput) =>
      input.id === undefined
        ? callManage(categoryCalls.addGroup, { name: input.name.trim(), sort: input.sort })
        : callManage(categoryCalls.changeGroup, {
            id: input.id,
            name: input.name.trim(),
            sort: input.sort,
          }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: roomKeys.groups() }),
        client.invalidateQueries({ queryKey: roomKeys.lists() }),
      ]),
  });
}

/** hotel/delCategory (an empty group only: GROUP_NOT_EMPTY otherwise); invalidates the groups. */
export function useDeleteGroup(): UseMutationResult<{ id: number }, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage(categoryCalls.deleteCategory, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: roomKeys.groups() }),
  });
}

/** The fields without undefined, empty text trimmed away for optional ones. */
function clean<T extends object>(input: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  // The same fields, left out or trimmed: still what the call takes.
  return out as T;
}
