import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from './client.ts';
import { definedFields, type Page, usePage } from './lists.ts';

/**
 * The fingerprint calls (server/API.md 'Fingerprints', contract E) as react-query hooks: the library of enrolled
 * fingerprints and their deliveries to locks. The template is sent once and never answered.
 */

/** A fingerprint of the library. */
export interface Fingerprint {
  id: number;
  finger_id: string;
  note: string;
  room_id: number | null;
  room_name: string;
  stay_id: number | null;
  status: string;
  created_at: number;
}

/** A fingerprint sent to a lock; pending until the lock syncs. */
export interface Delivery {
  id: number;
  fingerprint_id: number;
  /** The fingerprint's finger id, when the server adds it. */
  finger_id?: string;
  room_id: number;
  room_name: string;
  status: 'pending' | 'delivered' | 'deleting' | 'deleted' | string;
  created_at: number;
}

export interface FingerprintListParams {
  keyword?: string | undefined;
  room_id?: number | undefined;
  page: number;
  limit: number;
}

export interface DeliveryListParams {
  room_id?: number | undefined;
  fingerprint_id?: number | undefined;
  page: number;
  limit: number;
}

export const fingerprintKeys = {
  all: ['fingerprints'] as const,
  lists: () => [...fingerprintKeys.all, 'list'] as const,
  list: (params: FingerprintListParams) => [...fingerprintKeys.lists(), params] as const,
  deliveries: () => [...fingerprintKeys.all, 'deliveries'] as const,
  deliveryList: (params: DeliveryListParams) => [...fingerprintKeys.deliveries(), params] as const,
};

/** One page of the fingerprint library. */
export function useFingerprintList(params: FingerprintListParams): UseQueryResult<Page<Fingerprint>> {
  return usePage(fingerprintKeys.list(params), 'fingerprint/dataLists', params);
}

/** One page of the deliveries to locks. */
export function useDeliveryList(params: DeliveryListParams): UseQueryResult<Page<Delivery>> {
  return usePage(fingerprintKeys.deliveryList(params), 'fingerprint/sendDataList', params);
}

export interface NewFingerprint {
  note: string;
  /** The encoder's template. */
  data: string;
  finger_id?: string | undefined;
  room_id?: number | undefined;
  stay_id?: number | undefined;
}

/** Saves an enrolled fingerprint. Invalidates the fingerprint lists. */
export function useAddFingerprint(): UseMutationResult<Fingerprint, Error, NewFingerprint> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewFingerprint) =>
      callManage<Fingerprint>(
        'fingerprint/addData',
        definedFields({ ...input, note: input.note.trim(), finger_id: input.finger_id?.trim() }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.all }),
  });
}

/** Deletes a fingerprint. Invalidates the fingerprint lists and deliveries. */
export function useDeleteFingerprint(): UseMutationResult<unknown, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage('fingerprint/delData', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.all }),
  });
}

/** Sends a fingerprint to a room's lock. Invalidates the deliveries. */
export function useSendFingerprint(): UseMutationResult<Delivery, Error, { id: number; room_id: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; room_id: number }) =>
      callManage<Delivery>('fingerprint/send', { id: input.id, room_id: input.room_id }),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.deliveries() }),
  });
}

/** Withdraws a delivery from its lock. Invalidates the deliveries. */
export function useDeleteDelivery(): UseMutationResult<unknown, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage('fingerprint/delSendData', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.deliveries() }),
  });
}
