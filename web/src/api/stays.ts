import {
  type AnswerOf,
  type CreatedPassword,
  type FellowTenant,
  type HotelBreakfast,
  hotelCalls,
  type InputOf,
  type PasswordStatus,
  passwordCalls,
  priceCalls,
  type RoomPassword,
  roomCalls,
  type Stay,
  stayCalls,
  type TenantInput,
} from '@lockdesk/protocol';
import {
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from './client.ts';
import { type Page, usePage } from './lists.ts';
import { type LockRoom, lockRoomsQuery } from './locks.ts';
// The answer of `room/countRoomPriceNew`, as the price pages read it.
import type { Quote } from './prices.ts';

/**
 * The stay and password calls (server/API.md §5 and contract A) as react-query hooks: pages use these, never
 * axios. Every mutation names the keys it invalidates beside it: this feature's keys of the room, and the room
 * list and room detail of the rooms feature (their keys start with 'rooms').
 */

/** The check-in kinds the form offers (the server takes a few more: protocol's CHECK_IN_KINDS). */
export type CheckInKind = 'card' | 'password' | 'face' | 'fingerprint';

// A stay and its fellow tenants as the server answers them: declared with the stay calls' contracts.
/** A breakfast option of the hotel: declared with the hotel calls' contracts. */
export type {
  BreakfastOption,
  CreatedPassword,
  FellowTenant,
  PasswordStatus,
  RoomPassword,
  Stay,
  StayState,
  TenantInput,
} from '@lockdesk/protocol';
// A room's PIN passwords as the server answers them: declared with the password calls' contracts (protocol/src/calls).
export { PASSWORD_STATUSES } from '@lockdesk/protocol';
/** A room of `room/allLock` (the picker's source). */
export type { LockRoom } from './locks.ts';

export const staysKeys = {
  all: ['stays'] as const,
  room: (roomId: number) => [...staysKeys.all, 'room', roomId] as const,
  stays: (roomId: number, page: number) => [...staysKeys.room(roomId), 'stays', page] as const,
  passwords: (roomId: number) => [...staysKeys.room(roomId), 'passwords'] as const,
  activePasswords: (roomId: number, page: number) =>
    [...staysKeys.passwords(roomId), 'active', page] as const,
  passwordHistory: (roomId: number, page: number, status: PasswordStatus | undefined) =>
    [...staysKeys.passwords(roomId), 'history', page, status ?? 'all'] as const,
  quote: (input: QuoteInput) => [...staysKeys.all, 'quote', input] as const,
  breakfasts: () => [...staysKeys.all, 'breakfasts'] as const,
};

/** The rooms feature's keys (room list, room detail) all start with this. */
export const ROOMS_PREFIX = ['rooms'] as const;

/** After a stay changes: its room's stays and passwords, the room list and detail, and the pickers' room statuses
 * (the shared lock list sits under the same prefix). */
function invalidateRooms(client: QueryClient, ...roomIds: number[]): Promise<unknown> {
  return Promise.all([
    ...roomIds.map((id) => client.invalidateQueries({ queryKey: staysKeys.room(id) })),
    client.invalidateQueries({ queryKey: ROOMS_PREFIX }),
  ]);
}

// ---- reads -------------------------------------------------------------------------------------------------

/** A room's stays, latest check-in first (`room/tenant/list`). */
export function useRoomStays(roomId: number, page: number, limit = 10): UseQueryResult<Page<Stay>> {
  return usePage(
    staysKeys.stays(roomId, page),
    stayCalls.list,
    { room_id: roomId, page, limit },
    { enabled: roomId > 0 },
  );
}

/** Every room with a lock in scope, at most 10,000 (`room/allLock`): one load, searched in the browser. */
export function useLockRooms(): UseQueryResult<{ list: LockRoom[]; total: number }> {
  return useQuery(lockRoomsQuery);
}

/** The hotel's breakfast options. */
export function useBreakfasts(): UseQueryResult<HotelBreakfast> {
  return useQuery({
    queryKey: staysKeys.breakfasts(),
    queryFn: () => callManage(hotelCalls.breakfast, {}),
    staleTime: 5 * 60_000,
  });
}

/** A check-in quote (room, period) or a renewal quote (room, stay, new check-out). */
export type QuoteInput = InputOf<typeof priceCalls.quote>;

/** The price of a stay or a renewal (`room/countRoomPriceNew`), fetched while `enabled`. */
export function useQuote(input: QuoteInput | undefined): UseQueryResult<Quote> {
  return useQuery({
    queryKey: staysKeys.quote(input ?? { room_id: 0, end_time: 0 }),
    queryFn: () => callManage(priceCalls.quote, { ...(input as QuoteInput) }),
    enabled: !!input,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A room's active passwords (`room/passwordList`). */
export function useActivePasswords(roomId: number, page: number): UseQueryResult<Page<RoomPassword>> {
  return usePage(staysKeys.activePasswords(roomId, page), passwordCalls.passwordList, {
    room_id: roomId,
    page,
    limit: 10,
  });
}

/** Every password of a room, newest first (`room/passwordHistory`). */
export function usePasswordHistory(
  roomId: number,
  page: number,
  status: PasswordStatus | undefined,
  enabled = true,
): UseQueryResult<Page<RoomPassword>> {
  return usePage(
    staysKeys.passwordHistory(roomId, page, status),
    passwordCalls.passwordHistory,
    { room_id: roomId, page, limit: 10, status },
    { enabled },
  );
}

// ---- writes ------------------------------------------------------------------------------------------------

/** What the check-in form sends (`room/tenant/update/checkIn`): the contract's fields, times always in seconds and
 * the fellow tenants always listed (the confirmation reads them back). */
export type CheckInInput = InputOf<typeof stayCalls.checkIn> & {
  start_time: number;
  end_time: number;
  tenants: TenantInput[];
};

/** Checks a guest in; invalidates the room's stays, the room list and the room detail. */
export function useCheckIn(): UseMutationResult<Stay, Error, CheckInInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) => callManage(stayCalls.checkIn, input),
    onSuccess: (_stay, input) => invalidateRooms(client, input.room_id),
  });
}

type CheckOutInput = InputOf<typeof stayCalls.checkOut>;

/** Checks a stay out (or cancels a reservation); invalidates as a check-in. */
export function useCheckOut(): UseMutationResult<Stay, Error, CheckOutInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckOutInput) => callManage(stayCalls.checkOut, input),
    onSuccess: (_stay, input) => invalidateRooms(client, input.room_id),
  });
}

/** Moves a stay's estimated check-out (a renewal when later); invalidates the room. */
export function useSetExpiration(
  roomId: number,
): UseMutationResult<Stay & { renewal_fee?: number }, Error, InputOf<typeof stayCalls.setExpiration>> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof stayCalls.setExpiration>) =>
      callManage(stayCalls.setExpiration, input),
    onSuccess: () => invalidateRooms(client, roomId),
  });
}

export type MoveInput = InputOf<typeof roomCalls.moveStay>;

/** Moves a stay to another room (`room/exchangeHouses`); invalidates both rooms. */
export function useMoveStay(): UseMutationResult<Stay, Error, MoveInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveInput) => callManage(roomCalls.moveStay, input),
    onSuccess: (_stay, input) => invalidateRooms(client, input.room_id, input.new_room_id),
  });
}

/** Freezes or unfreezes a tenant (`user/freezeUser`): the answer says 'success' or 'cancelled'. */
export function useFreezeTenant(
  roomId: number,
): UseMutationResult<AnswerOf<typeof stayCalls.freezeTenant>, Error, InputOf<typeof stayCalls.freezeTenant>> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof stayCalls.freezeTenant>) => callManage(stayCalls.freezeTenant, input),
    onSuccess: () => invalidateRooms(client, roomId),
  });
}

/** Stops (or allows again) a tenant's PIN passwords (`room/tenant/limitPassword`). */
export function useLimitPasswords(
  roomId: number,
): UseMutationResult<Stay, Error, InputOf<typeof stayCalls.limitPasswords>> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof stayCalls.limitPasswords>) =>
      callManage(stayCalls.limitPasswords, input),
    onSuccess: () => invalidateRooms(client, roomId),
  });
}

/** Adds a fellow tenant to an open stay (`room/addPassenger`). */
export function useAddFellow(
  roomId: number,
): UseMutationResult<FellowTenant, Error, InputOf<typeof stayCalls.addFellow>> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof stayCalls.addFellow>) => callManage(stayCalls.addFellow, input),
    onSuccess: () => invalidateRooms(client, roomId),
  });
}

/** Removes a fellow tenant (`room/deletePassenger`). */
export function useRemoveFellow(
  roomId: number,
): UseMutationResult<AnswerOf<typeof stayCalls.removeFellow>, Error, InputOf<typeof stayCalls.removeFellow>> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof stayCalls.removeFellow>) => callManage(stayCalls.removeFellow, input),
    onSuccess: () => invalidateRooms(client, roomId),
  });
}

/** A new password: generated by the server (remote) or the operator's 6 digits (custom, `password`). */
export type NewPasswordInput = InputOf<typeof passwordCalls.drawPassword> & { password?: string | undefined };

/** Creates a password (`room/password` or `room/addPassword`); the answer carries the digits, once. */
export function createPassword(input: NewPasswordInput): Promise<CreatedPassword> {
  const { password, ...rest } = input;
  return password === undefined
    ? callManage(passwordCalls.drawPassword, { ...rest })
    : callManage(passwordCalls.addPassword, { ...rest, password });
}

/** Creates a password; invalidates the room's passwords. The digits live only in the mutation's result. */
export function useCreatePassword(): UseMutationResult<CreatedPassword, Error, NewPasswordInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPassword,
    onSuccess: (_p, input) => client.invalidateQueries({ queryKey: staysKeys.passwords(input.room_id) }),
    // The digits must not stay in the mutation cache after the dialog closes.
    gcTime: 0,
  });
}

/** Withdraws an active password (`room/callbackPassword`). */
export function useWithdrawPassword(roomId: number): UseMutationResult<RoomPassword, Error, { id: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => callManage(passwordCalls.callbackPassword, input),
    onSuccess: () => client.invalidateQueries({ queryKey: staysKeys.passwords(roomId) }),
  });
}

/** Deletes a password from the history (`room/deletePassword`; an active one is withdrawn in the same step). */
export function useDeletePassword(roomId: number): UseMutationResult<{ id: number }, Error, { id: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => callManage(passwordCalls.deletePassword, input),
    onSuccess: () => client.invalidateQueries({ queryKey: staysKeys.passwords(roomId) }),
  });
}
