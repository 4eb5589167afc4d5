import {
  type CardDelivery,
  type IssuedSecret,
  type LockDeliveries,
  lockDeliveryCalls,
  lockDeviceCalls,
} from '@lockdesk/protocol';
import {
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ENV } from '../config/deploy.ts';
import { normalMac, simulator, type VirtualLock, type VirtualSync } from '../shared/door/simulator.ts';
import { callManage } from './client.ts';
import { getUserInfo } from './session.ts';

/**
 * The door's calls as react-query hooks (contracts D and F): a room's lock and what it must learn
 * (lock/inLockList), a card's state per lock (lock/cardDelivery), a lock's secret (lock/issueSecret), and the
 * simulator's virtual locks. Pages use these, never axios or fetch. Each mutation names what it invalidates.
 */

// A lock's deliveries, a card's state per lock and an issued secret as the server answers them: declared with the
// door calls' contracts (protocol/src/calls).
export type {
  CardDelivery,
  CardLockDelivery,
  Delivery,
  DeliveryKind,
  DeliveryState,
  IssuedSecret,
  LockDeliveries,
  LockSyncRow,
} from '@lockdesk/protocol';

/**
 * Query keys. A room's deliveries sit under ['rooms'] and a card's under ['cards'], so whatever already refreshes
 * rooms or cards after a card or credential change (a write, a deletion) refreshes their delivery states too.
 */
export const doorKeys = {
  roomDeliveries: (roomId: number) => ['rooms', 'door', roomId] as const,
  cardDelivery: (cardId: number) => ['cards', 'door', cardId] as const,
  virtualLocks: () => ['door', 'virtualLocks'] as const,
};

/** A room's lock and what it must learn; failures are shown in the panel, not as a toast. */
export function useLockDeliveries(roomId: number, enabled = true): UseQueryResult<LockDeliveries> {
  return useQuery({
    queryKey: doorKeys.roomDeliveries(roomId),
    queryFn: () => callManage(lockDeliveryCalls.inLockList, { room_id: roomId }, { silent: true }),
    enabled: enabled && roomId > 0,
    retry: false,
  });
}

/** A card's delivery state per lock, asked when its popover opens. */
export function useCardDelivery(cardId: number, enabled: boolean): UseQueryResult<CardDelivery> {
  return useQuery({
    queryKey: doorKeys.cardDelivery(cardId),
    queryFn: () => callManage(lockDeliveryCalls.cardDelivery, { card_id: cardId }, { silent: true }),
    enabled: enabled && cardId > 0,
    retry: false,
  });
}

/**
 * The simulator's virtual locks; an error (SimulatorError) means no simulator runs beside this console, which a
 * real site's console shows as the phone app's job. Not retried: the answer is the same a second later.
 */
export function useVirtualLocks(): UseQueryResult<VirtualLock[]> {
  return useQuery({
    queryKey: doorKeys.virtualLocks(),
    queryFn: () => simulator().locks(),
    retry: false,
    staleTime: 10_000,
  });
}

/** The virtual lock of a room's mac among the installed ones, if any. */
export function virtualLockOf(
  locks: readonly VirtualLock[] | undefined,
  mac: string | null,
): VirtualLock | null {
  const wanted = normalMac(mac);
  if (!wanted) return null;
  return locks?.find((lock) => normalMac(lock.mac_id) === wanted) ?? null;
}

/** Who pressed the button, as the lock records it: the operator's nickname, else the account's name or mobile. */
export function operatorName(): string {
  const user = getUserInfo();
  const name = [user?.nickname, user?.name, user?.mobile].find((v) => typeof v === 'string' && v.trim());
  return (name ?? '').trim().slice(0, 64);
}

/** The LockDesk server a virtual lock syncs with: the API's origin when the deployment names one, else this page's. */
export function serverOrigin(): string {
  return /^https?:\/\//.test(ENV.apiBase) ? new URL(ENV.apiBase).origin : window.location.origin;
}

/** After a sync: deliveries, records, room marks, cards' lock states and the virtual locks' buffers changed. */
function invalidateAfterSync(client: QueryClient, roomId: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: doorKeys.roomDeliveries(roomId) }),
    client.invalidateQueries({ queryKey: ['rooms'] }),
    client.invalidateQueries({ queryKey: ['cards'] }),
    client.invalidateQueries({ queryKey: ['unlockRecords'] }),
    client.invalidateQueries({ queryKey: doorKeys.virtualLocks() }),
  ]);
}

/** lock/issueSecret: a new secret for a room's lock (the old one stops working); invalidates its deliveries. */
export function useIssueSecret(): UseMutationResult<IssuedSecret, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) => callManage(lockDeviceCalls.issueSecret, { room_id: roomId }),
    onSuccess: (_a, roomId) => client.invalidateQueries({ queryKey: doorKeys.roomDeliveries(roomId) }),
  });
}

/**
 * The Bluetooth unlock of a room's virtual lock (the demo's stand-in for the phone app beside the door): the lock
 * syncs, learns its state and uploads its records. Invalidates the deliveries, records, room list and cards.
 */
export function useBluetoothUnlock(): UseMutationResult<VirtualSync, Error, { roomId: number; mac: string }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ mac }) => simulator().sync(mac, operatorName() || undefined),
    onSettled: (_a, _e, { roomId }) => invalidateAfterSync(client, roomId),
  });
}

/**
 * Installs a room's virtual lock: a new secret from the server (lock/issueSecret), handed to the simulator with
 * this console's origin as the server to sync with. Invalidates the virtual locks and the room's deliveries.
 */
export function useInstallVirtualLock(): UseMutationResult<
  VirtualLock,
  Error,
  { roomId: number; mac: string }
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ roomId, mac }) => {
      const issued = await callManage(lockDeviceCalls.issueSecret, { room_id: roomId });
      return simulator().install({
        mac_id: issued.mac_id || mac,
        secret: issued.lock_secret,
        server: serverOrigin(),
      });
    },
    onSettled: (_a, _e, { roomId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: doorKeys.virtualLocks() }),
        client.invalidateQueries({ queryKey: doorKeys.roomDeliveries(roomId) }),
      ]),
  });
}
