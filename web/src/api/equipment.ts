import {
  type AnswerOf,
  type Dispenser,
  type DispenserType,
  dispenserCalls,
  type InputOf,
  type StaffMember,
  type Stay,
  staffCalls,
  stayCalls,
} from '@lockdesk/protocol';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { fetchBrokerCredential } from './broker.ts';
import { callManage } from './client.ts';
import { type Page, usePage } from './lists.ts';
import { storeDispenserType, storeReaderId } from './readerStorage.ts';

/**
 * The card dispenser calls (contract B 'Card dispensers', server/API.md §9) as react-query hooks: the hotel's
 * readers and dispensers, their status, who each is bound to, and the caller's own reader and dispenser type
 * (kept in local storage as `cardSenderID` and the card-dispenser type). Pages use these, never axios.
 */

// The readers and their bindings as the server answers them: declared with the dispenser calls' contracts.
export {
  type BoundUser,
  DISPENSER_TYPES,
  type Dispenser,
  type DispenserStatus as ReaderStatus,
  type DispenserType,
} from '@lockdesk/protocol';

/** A staff member or secondary administrator a reader can be bound to (`room/staffList`). */
export type { StaffMember };

export interface DispenserListParams {
  keyword?: string | undefined;
  page: number;
  limit: number;
}

export const equipmentKeys = {
  all: ['equipment'] as const,
  dispensers: () => [...equipmentKeys.all, 'dispensers'] as const,
  dispenserList: (params: DispenserListParams) => [...equipmentKeys.dispensers(), params] as const,
  status: (macId: string) => [...equipmentKeys.all, 'status', macId] as const,
  myBinding: () => [...equipmentKeys.all, 'myBinding'] as const,
  myType: () => [...equipmentKeys.all, 'myType'] as const,
  staff: (role: string) => [...equipmentKeys.all, 'staff', role] as const,
};

/** One page of the hotel's readers (`cardDispenser/lists`). */
export function useDispenserList(params: DispenserListParams): UseQueryResult<Page<Dispenser>> {
  // The contract names the page size `pageSize`; the server's paging fields say `limit`: both are sent.
  return usePage(equipmentKeys.dispenserList(params), dispenserCalls.list, {
    ...params,
    pageSize: params.limit,
  });
}

/** A reader's status (`cardDispenser/checkStatus`), asked again every 30 s while shown. */
export function useDispenserStatus(
  macId: string,
): UseQueryResult<AnswerOf<typeof dispenserCalls.checkStatus>> {
  return useQuery({
    queryKey: equipmentKeys.status(macId),
    queryFn: () => callManage(dispenserCalls.checkStatus, { mac_id: macId }),
    enabled: macId !== '',
    refetchInterval: 30_000,
  });
}

/** Tells the server this console saw the reader's heartbeat on the broker (`checkStatus` with `seen`). */
export function reportReaderSeen(macId: string): Promise<unknown> {
  return callManage(dispenserCalls.checkStatus, { mac_id: macId, seen: true });
}

export type NewDispenser = InputOf<typeof dispenserCalls.add>;

/** Adds a reader to the hotel. Invalidates the reader lists. */
export function useAddDispenser(): UseMutationResult<Dispenser, Error, NewDispenser> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewDispenser) =>
      callManage(dispenserCalls.add, {
        mac_id: input.mac_id.trim(),
        name: input.name?.trim() || undefined,
        type: input.type,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: equipmentKeys.dispensers() }),
  });
}

/** A gateway's broker credential, answered once (`dispenser/brokerCredential`, server/API.md §20). */
export type GatewayCredential = AnswerOf<typeof dispenserCalls.brokerCredential>;

/**
 * Issues (or rotates) the broker credential of a reader's gateway: the old one stops working at once. Administrators
 * only (the server checks). Nothing is cached: the password is shown once and kept nowhere.
 */
export function useGatewayCredential(): UseMutationResult<GatewayCredential, Error, string> {
  return useMutation({
    mutationFn: (macId: string) => callManage(dispenserCalls.brokerCredential, { mac_id: macId }),
  });
}

/**
 * Binds a reader to a staff member or administrator (user 0 unbinds). Invalidates the reader lists and the
 * caller's own binding, which it may have changed.
 */
export function useBindReader(): UseMutationResult<
  Dispenser,
  Error,
  InputOf<typeof dispenserCalls.userBind>
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof dispenserCalls.userBind>) =>
      callManage(dispenserCalls.userBind, { mac_id: input.mac_id, user_id: input.user_id }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: equipmentKeys.dispensers() }),
        client.invalidateQueries({ queryKey: equipmentKeys.myBinding() }),
      ]),
  });
}

/** The caller's own reader (`cardDispenser/getUserBind`), kept in local storage as `cardSenderID`. */
export function useMyReader(): UseQueryResult<{ mac_id: string; type: string }> {
  return useQuery({
    queryKey: equipmentKeys.myBinding(),
    queryFn: async () => {
      const answer: { mac_id?: string; type?: string } | null = await callManage(
        dispenserCalls.getUserBind,
        {},
      );
      const mine = { mac_id: answer?.mac_id ?? '', type: String(answer?.type ?? '') };
      storeReaderId(mine.mac_id);
      return mine;
    },
  });
}

/** The caller's dispenser type (`User/getUserDispenserType`), kept in local storage ("4" shows CPU cards). */
export function useMyDispenserType(): UseQueryResult<{ type: string }> {
  return useQuery({
    queryKey: equipmentKeys.myType(),
    queryFn: async () => {
      const answer: { type?: string } | null = await callManage(dispenserCalls.getUserDispenserType, {});
      const type = String(answer?.type ?? '');
      if (type) storeDispenserType(type);
      return { type };
    },
  });
}

/** Sets the caller's dispenser type and keeps it in local storage. Invalidates the caller's type. */
export function useSetMyDispenserType(): UseMutationResult<unknown, Error, DispenserType> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: DispenserType) => callManage(dispenserCalls.setUserDispenserType, { type }),
    onSuccess: (_answer, type) => {
      storeDispenserType(type);
      return client.invalidateQueries({ queryKey: equipmentKeys.myType() });
    },
  });
}

/** The staff members (or, for a super administrator, the secondary administrators) a reader may be bound to. */
export function useStaff(role: 'staff' | 'secondary', enabled = true): UseQueryResult<Page<StaffMember>> {
  return usePage(equipmentKeys.staff(role), staffCalls.list, { role, page: 1, limit: 100 }, { enabled });
}

/** A stay as the remote issuing needs it (`room/tenant/list`). */
type RoomStay = Pick<Stay, 'stay_id' | 'state' | 'nickname' | 'mobile'>;

/** The stay a room's guest card is written for: its current (active) stay, or null when nobody stays now. */
export async function currentStayOf(roomId: number): Promise<RoomStay | null> {
  const page = await callManage(stayCalls.list, { room_id: roomId, page: 1, limit: 10 });
  return page?.list?.find((s) => s.state === 'active') ?? null;
}

/** The operator's broker credential for the MQTT test's connection (`broker/credential`; new, or renewed). */
export const brokerCredential = fetchBrokerCredential;
