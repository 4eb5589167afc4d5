import { roomCalls } from '@lockdesk/protocol';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { callManage } from './client.ts';

// A room with a lock in the caller's scope, as `room/allLock` answers it: the contract's answer type.
export type { LockRoom } from '@lockdesk/protocol';

/**
 * Every room with a lock in scope, at most 10,000: loaded once and shared by every picker (check-in, prices, faces,
 * fingerprints), searched in the browser. Its key sits under the room list's ['rooms'], so a change to rooms
 * (add, delete, rename, status) refreshes the pickers too.
 */
export const lockRoomsQuery = queryOptions({
  queryKey: ['rooms', 'locks'] as const,
  queryFn: () => callManage(roomCalls.locks, {}),
  staleTime: 60_000,
});

/** A room of the pickers (room/allLock). */
export interface RoomOption {
  id: number;
  room_id: number;
  name: string;
}

/** Every room in the caller's scope, for a room picker (filtered in the browser: at most 10,000 names). */
export function useRoomOptions(enabled = true): UseQueryResult<RoomOption[]> {
  return useQuery({ ...lockRoomsQuery, select: (answer) => answer.list, enabled });
}
