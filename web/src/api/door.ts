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

export type DeliveryKind =
  | 'card_delete'
  | 'universal_card'
  | 'sequence'
  | 'card'
  | 'password'
  | 'face'
  | 'fingerprint';
export type DeliveryState = 'issued' | 'waiting' | 'confirmed';

/** One thing a lock must learn, or has learned, or that sits on the card itself (contract D DELIVERY). */
export interface Delivery {
  kind: DeliveryKind;
  action: 'add' | 'remove';
  ref_id: number | null;
  /** The server's English text, for API users: the console writes the item from the fields below (deliveryItem). */
  label: string;
  /** The identifying text without words: a card number, a password id, a face or finger id and its note. */
  subject: string;
  /** The guest's name or mobile, '' when none. */
  guest: string;
  /** Sequences only: the card type's name (protocol CardTypeName) and the sequence. */
  card_type?: string;
  sequence?: number;
  state: DeliveryState;
  changed_at: number;
  confirmed_at: number;
}

/** One Bluetooth unlock of the lock as the server recorded it. */
export interface LockSyncRow {
  id: number;
  started_at: number;
  /** 0 while the lock has not confirmed it (an interrupted sync). */
  finished_at: number;
  operator: string;
  records_stored: number;
  records_duplicate: number;
}

/** A room's lock and its deliveries (lock/inLockList). */
export interface LockDeliveries {
  room_id: number;
  mac_id: string;
  /** The lock has a secret: it can sync with the server. */
  installed: boolean;
  last_sync_at: number;
  waiting: number;
  list: Delivery[];
  syncs: LockSyncRow[];
}

/** A card's state at one of its locks (lock/cardDelivery). */
export interface CardLockDelivery {
  room_id: number;
  room_name: string;
  /** The lock must refuse the card (deleted, withdrawn) or learn it (a universal card). */
  action: 'delete' | 'learn';
  state: 'waiting' | 'confirmed';
  changed_at: number;
  confirmed_at: number;
  last_sync_at: number;
}

export interface CardDelivery {
  card_id: number;
  card_number: string;
  list: CardLockDelivery[];
}

/** A lock's new secret (lock/issueSecret): shown once, never stored by the console. */
export interface IssuedSecret {
  room_id: number;
  mac_id: string;
  lock_secret: string;
  issued_at: number;
}

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
    queryFn: () => callManage<LockDeliveries>('lock/inLockList', { room_id: roomId }, { silent: true }),
    enabled: enabled && roomId > 0,
    retry: false,
  });
}

/** A card's delivery state per lock, asked when its popover opens. */
export function useCardDelivery(cardId: number, enabled: boolean): UseQueryResult<CardDelivery> {
  return useQuery({
    queryKey: doorKeys.cardDelivery(cardId),
    queryFn: () => callManage<CardDelivery>('lock/cardDelivery', { card_id: cardId }, { silent: true }),
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
    mutationFn: (roomId: number) => callManage<IssuedSecret>('lock/issueSecret', { room_id: roomId }),
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
      const issued = await callManage<IssuedSecret>('lock/issueSecret', { room_id: roomId });
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
