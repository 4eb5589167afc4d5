import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { type Page, usePage } from '../../api/lists.ts';
import { type RoomPassword, staysKeys } from '../../api/stays.ts';

/**
 * The guest calls (server/API.md §5 'passenger/list, passenger/info' with contract D's in-house and stay filters)
 * as react-query hooks for the /tourists pages. Pages never call axios.
 */

export type StayState = 'upcoming' | 'active' | 'expired' | 'checkedOut' | 'ended';
export const STAY_STATES: readonly StayState[] = ['upcoming', 'active', 'expired', 'checkedOut', 'ended'];

/** The current or latest stay of a guest in the caller's scope, as passenger/list answers it (contract D). */
export interface GuestStay {
  id: number;
  room_id: number;
  room_name: string;
  check_in_time: number;
  estimated_check_out: number;
  status: string;
}

/** A guest (passenger/list). */
export interface Guest {
  id: number;
  mobile: string;
  nickname: string;
  name: string;
  id_number: string;
  gender: string | number | null;
  nationality: string;
  created_at: number;
  updated_at: number;
  stay?: GuestStay | null;
}

/** A stay of passenger/info: the stay of server/API.md §5 with its room's name. */
export interface GuestInfoStay {
  stay_id: number;
  room_id: number;
  room_name: string;
  mobile: string;
  nickname: string;
  start_time: number;
  end_time: number;
  checked_out_at: number | null;
  status: string;
  state: StayState | string;
  remaining: number;
  kind: string;
  price: number;
  deposit: number;
  frozen: boolean;
}

export interface GuestInfo extends Guest {
  stays: GuestInfoStay[];
}

/** passenger/list's request (contract D); times are seconds, the window a stay overlapped. */
export interface GuestQuery {
  name?: string | undefined;
  in_house?: 0 | 1 | undefined;
  room_id?: number | undefined;
  start_time?: number | undefined;
  end_time?: number | undefined;
  page: number;
  limit: number;
}

export const touristKeys = {
  all: ['tourists'] as const,
  lists: () => [...touristKeys.all, 'list'] as const,
  list: (query: GuestQuery) => [...touristKeys.lists(), query] as const,
  details: () => [...touristKeys.all, 'detail'] as const,
  detail: (id: number) => [...touristKeys.details(), id] as const,
};

/** One page of the guests in scope (passenger/list); the page shown stays while the next loads. */
export function useGuests(query: GuestQuery): UseQueryResult<Page<Guest>> {
  return usePage<Guest>(touristKeys.list(query), 'passenger/list', query);
}

/** One guest with their latest stays in scope (passenger/info). */
export function useGuest(id: number): UseQueryResult<GuestInfo> {
  return useQuery({
    queryKey: touristKeys.detail(id),
    queryFn: () => callManage<GuestInfo>('passenger/info', { id }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** How many of a room's passwords the guest page looks through for one stay's. */
export const STAY_PASSWORDS_LIMIT = 100;

/**
 * The passwords issued for one stay: the room's password history (room/passwordHistory), narrowed to the stay.
 * Its key sits under the stays feature's room passwords, so issuing or withdrawing one refreshes it.
 */
export function useStayPasswords(
  roomId: number | undefined,
  stayId: number | undefined,
): UseQueryResult<RoomPassword[]> {
  return useQuery({
    queryKey: [...staysKeys.passwords(roomId ?? 0), 'stay', stayId ?? 0] as const,
    queryFn: async () => {
      const page = await callManage<Page<RoomPassword>>('room/passwordHistory', {
        room_id: roomId,
        page: 1,
        limit: STAY_PASSWORDS_LIMIT,
      });
      return page.list.filter((p) => p.stay_id === stayId);
    },
    enabled: Boolean(roomId && stayId),
  });
}
