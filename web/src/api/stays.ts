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

export type StayState = 'upcoming' | 'active' | 'expired' | 'checkedOut' | 'ended';
export type CheckInKind = 'card' | 'password' | 'face' | 'fingerprint';

/** A fellow tenant of a stay (positions 2…). */
export interface FellowTenant {
  id: number;
  position: number;
  mobile: string;
  nickname: string;
  id_number: string;
}

/** A stay as the server answers it (API.md §5 'A stay'). */
export interface Stay {
  stay_id: number;
  room_id: number;
  mobile: string;
  nickname: string;
  id_number: string;
  start_time: number;
  end_time: number;
  checked_out_at: number | null;
  other_information: string;
  breakfast: number;
  unlock_by_id_card: boolean;
  disable_old_cards: boolean;
  kind: string;
  price: number | string;
  deposit: number | string;
  frozen: boolean;
  password_limited: boolean;
  status: string;
  state: StayState;
  remaining: number;
  moved_from_stay_id: number | null;
  tenants?: FellowTenant[];
}

/** A room of `room/allLock` (the picker's source). */
export type { LockRoom } from './locks.ts';

/** A breakfast option of the hotel. */
export interface BreakfastOption {
  id: number;
  name: string;
  count: number;
  price: number;
}

export const PASSWORD_STATUSES = ['active', 'used', 'expired', 'revoked'] as const;
export type PasswordStatus = (typeof PASSWORD_STATUSES)[number];

/** A PIN password of a room (contract A). The digits are never in it, except once in a creation's answer. */
export interface RoomPassword {
  id: number;
  room_id: number;
  room_name: string;
  stay_id: number | null;
  nickname: string;
  mobile: string;
  kind: 'remote' | 'custom';
  single_use: boolean;
  start_time: number;
  end_time: number;
  status: PasswordStatus;
  created_at: number;
  created_by: string;
}

/** A created password: the only answer that carries the digits. */
export type CreatedPassword = RoomPassword & { password: string };

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
    'room/tenant/list',
    { room_id: roomId, page, limit },
    { enabled: roomId > 0 },
  );
}

/** Every room with a lock in scope, at most 10,000 (`room/allLock`): one load, searched in the browser. */
export function useLockRooms(): UseQueryResult<{ list: LockRoom[]; total: number }> {
  return useQuery(lockRoomsQuery);
}

/** The hotel's breakfast options. */
export function useBreakfasts(): UseQueryResult<{ enabled: boolean; list: BreakfastOption[] }> {
  return useQuery({
    queryKey: staysKeys.breakfasts(),
    queryFn: () => callManage<{ enabled: boolean; list: BreakfastOption[] }>('room/hotelBreakFastList'),
    staleTime: 5 * 60_000,
  });
}

/** A check-in quote (room, period) or a renewal quote (room, stay, new check-out), in seconds. */
export interface QuoteInput {
  room_id: number;
  start_time?: number;
  end_time: number;
  stay_id?: number;
}

/** The price of a stay or a renewal (`room/countRoomPriceNew`), fetched while `enabled`. */
export function useQuote(input: QuoteInput | undefined): UseQueryResult<Quote> {
  return useQuery({
    queryKey: staysKeys.quote(input ?? { room_id: 0, end_time: 0 }),
    queryFn: () => callManage<Quote>('room/countRoomPriceNew', { ...input }),
    enabled: !!input,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A room's active passwords (`room/passwordList`). */
export function useActivePasswords(roomId: number, page: number): UseQueryResult<Page<RoomPassword>> {
  return usePage(staysKeys.activePasswords(roomId, page), 'room/passwordList', {
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
    'room/passwordHistory',
    { room_id: roomId, page, limit: 10, status },
    { enabled },
  );
}

// ---- writes ------------------------------------------------------------------------------------------------

export interface TenantInput {
  mobile: string;
  nickname?: string;
  id_number?: string;
}

/** What the check-in form sends (`room/tenant/update/checkIn`); times in seconds. */
export interface CheckInInput extends TenantInput {
  room_id: number;
  /** An open stay to edit: a reservation sent again with the arrival time becomes the guest in the room. */
  stay_id?: number;
  start_time: number;
  end_time: number;
  other_information?: string;
  breakfast?: number;
  unlock_by_id_card?: boolean;
  disable_old_cards?: boolean;
  kind: CheckInKind;
  tenants: TenantInput[];
}

/** Checks a guest in; invalidates the room's stays, the room list and the room detail. */
export function useCheckIn(): UseMutationResult<Stay, Error, CheckInInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) => callManage<Stay>('room/tenant/update/checkIn', { ...input }),
    onSuccess: (_stay, input) => invalidateRooms(client, input.room_id),
  });
}

/** Checks a stay out (or cancels a reservation); invalidates as a check-in. */
export function useCheckOut(): UseMutationResult<Stay, Error, { room_id: number; stay_id: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { room_id: number; stay_id: number }) => callManage<Stay>('room/checkOut', input),
    onSuccess: (_stay, input) => invalidateRooms(client, input.room_id),
  });
}

/** Moves a stay's estimated check-out (a renewal when later); invalidates the room. */
export function useSetExpiration(
  roomId: number,
): UseMutationResult<Stay & { renewal_fee?: number }, Error, { stay_id: number; end_time: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { stay_id: number; end_time: number }) =>
      callManage<Stay & { renewal_fee?: number }>('user/setUserExpiration', input),
    onSuccess: () => invalidateRooms(client, roomId),
  });
}

export interface MoveInput {
  room_id: number;
  new_room_id: number;
  stay_id: number;
}

/** Moves a stay to another room (`room/exchangeHouses`); invalidates both rooms. */
export function useMoveStay(): UseMutationResult<Stay, Error, MoveInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveInput) => callManage<Stay>('room/exchangeHouses', { ...input }),
    onSuccess: (_stay, input) => invalidateRooms(client, input.room_id, input.new_room_id),
  });
}

/** Freezes or unfreezes a tenant (`user/freezeUser`): the answer says 'success' or 'cancelled'. */
export function useFreezeTenant(
  roomId: number,
): UseMutationResult<
  { stay_id: number; frozen: boolean; result: 'success' | 'cancelled' },
  Error,
  { stay_id: number; frozen: boolean }
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { stay_id: number; frozen: boolean }) =>
      callManage<{ stay_id: number; frozen: boolean; result: 'success' | 'cancelled' }>(
        'user/freezeUser',
        input,
      ),
    onSuccess: () => invalidateRooms(client, roomId),
  });
}

/** Stops (or allows again) a tenant's PIN passwords (`room/tenant/limitPassword`). */
export function useLimitPasswords(
  roomId: number,
): UseMutationResult<Stay, Error, { stay_id: number; limit: boolean }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { stay_id: number; limit: boolean }) =>
      callManage<Stay>('room/tenant/limitPassword', input),
    onSuccess: () => invalidateRooms(client, roomId),
  });
}

/** Adds a fellow tenant to an open stay (`room/addPassenger`). */
export function useAddFellow(
  roomId: number,
): UseMutationResult<FellowTenant, Error, TenantInput & { stay_id: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TenantInput & { stay_id: number }) =>
      callManage<FellowTenant>('room/addPassenger', { ...input }),
    onSuccess: () => invalidateRooms(client, roomId),
  });
}

/** Removes a fellow tenant (`room/deletePassenger`). */
export function useRemoveFellow(roomId: number): UseMutationResult<{ id: number }, Error, { id: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => callManage<{ id: number }>('room/deletePassenger', input),
    onSuccess: () => invalidateRooms(client, roomId),
  });
}

/** A new password: generated by the server (remote) or the operator's 6 digits (custom). */
export interface NewPasswordInput {
  room_id: number;
  stay_id?: number;
  single_use: boolean;
  /** The custom digits; absent for a remote password. */
  password?: string;
  start_time?: number;
  end_time?: number;
}

/** Creates a password (`room/password` or `room/addPassword`); the answer carries the digits, once. */
export function createPassword(input: NewPasswordInput): Promise<CreatedPassword> {
  const { password, ...rest } = input;
  return password === undefined
    ? callManage<CreatedPassword>('room/password', { ...rest })
    : callManage<CreatedPassword>('room/addPassword', { ...rest, password });
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
    mutationFn: (input: { id: number }) => callManage<RoomPassword>('room/callbackPassword', input),
    onSuccess: () => client.invalidateQueries({ queryKey: staysKeys.passwords(roomId) }),
  });
}

/** Deletes a password from the history (`room/deletePassword`; an active one is withdrawn in the same step). */
export function useDeletePassword(roomId: number): UseMutationResult<{ id: number }, Error, { id: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => callManage<{ id: number }>('room/deletePassword', input),
    onSuccess: () => client.invalidateQueries({ queryKey: staysKeys.passwords(roomId) }),
  });
}
