import { type Guest, type GuestInfo, type InputOf, passwordCalls, stayCalls } from '@lockdesk/protocol';
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

// A guest and their stays as the server answers them: declared with the guest calls' contracts.
export type { Guest, GuestInfo, GuestInfoStay, GuestStay } from '@lockdesk/protocol';

/** passenger/list's request (contract D); times are seconds, the window a stay overlapped. */
export type GuestQuery = InputOf<typeof stayCalls.guests>;

export const touristKeys = {
  all: ['tourists'] as const,
  lists: () => [...touristKeys.all, 'list'] as const,
  list: (query: GuestQuery) => [...touristKeys.lists(), query] as const,
  details: () => [...touristKeys.all, 'detail'] as const,
  detail: (id: number) => [...touristKeys.details(), id] as const,
};

/** One page of the guests in scope (passenger/list); the page shown stays while the next loads. */
export function useGuests(query: GuestQuery): UseQueryResult<Page<Guest>> {
  return usePage(touristKeys.list(query), stayCalls.guests, query);
}

/** One guest with their latest stays in scope (passenger/info). */
export function useGuest(id: number): UseQueryResult<GuestInfo> {
  return useQuery({
    queryKey: touristKeys.detail(id),
    queryFn: () => callManage(stayCalls.guest, { id }),
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
      // Enabled only with a room.
      const page = await callManage(passwordCalls.passwordHistory, {
        room_id: roomId ?? 0,
        page: 1,
        limit: STAY_PASSWORDS_LIMIT,
      });
      return page.list.filter((p) => p.stay_id === stayId);
    },
    enabled: Boolean(roomId && stayId),
  });
}
