import {
  type AnswerOf,
  type Fingerprint,
  type FingerprintDelivery,
  fingerprintCalls,
  type InputOf,
} from '@lockdesk/protocol';
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
 * fingerprints and their deliveries to locks. The template is sent once and never answered. Inputs and answers are
 * the contracts' (protocol's calls/fingerprints.ts).
 */

// A fingerprint of the library, and one sent to a lock (pending until the lock syncs), as the server answers them.
export type { Fingerprint } from '@lockdesk/protocol';
export type Delivery = FingerprintDelivery;

export type FingerprintListParams = InputOf<typeof fingerprintCalls.fingerprintList>;
export type DeliveryListParams = InputOf<typeof fingerprintCalls.deliveryList>;

export const fingerprintKeys = {
  all: ['fingerprints'] as const,
  lists: () => [...fingerprintKeys.all, 'list'] as const,
  list: (params: FingerprintListParams) => [...fingerprintKeys.lists(), params] as const,
  deliveries: () => [...fingerprintKeys.all, 'deliveries'] as const,
  deliveryList: (params: DeliveryListParams) => [...fingerprintKeys.deliveries(), params] as const,
};

/** One page of the fingerprint library. */
export function useFingerprintList(params: FingerprintListParams): UseQueryResult<Page<Fingerprint>> {
  return usePage(fingerprintKeys.list(params), fingerprintCalls.fingerprintList, params);
}

/** One page of the deliveries to locks. */
export function useDeliveryList(params: DeliveryListParams): UseQueryResult<Page<Delivery>> {
  return usePage(fingerprintKeys.deliveryList(params), fingerprintCalls.deliveryList, params);
}

type NewFingerprint = InputOf<typeof fingerprintCalls.addFingerprint>;

/** Saves an enrolled fingerprint. Invalidates the fingerprint lists. */
export function useAddFingerprint(): UseMutationResult<Fingerprint, Error, NewFingerprint> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewFingerprint) =>
      callManage(
        fingerprintCalls.addFingerprint,
        definedFields({ ...input, note: input.note.trim(), finger_id: input.finger_id?.trim() }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.all }),
  });
}

/** Deletes a fingerprint. Invalidates the fingerprint lists and deliveries. */
export function useDeleteFingerprint(): UseMutationResult<
  AnswerOf<typeof fingerprintCalls.deleteFingerprint>,
  Error,
  number
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage(fingerprintCalls.deleteFingerprint, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.all }),
  });
}

type SendInput = InputOf<typeof fingerprintCalls.sendFingerprint>;

/** Sends a fingerprint to a room's lock. Invalidates the deliveries. */
export function useSendFingerprint(): UseMutationResult<Delivery, Error, SendInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInput) =>
      callManage(fingerprintCalls.sendFingerprint, { id: input.id, room_id: input.room_id }),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.deliveries() }),
  });
}

/** Withdraws a delivery from its lock. Invalidates the deliveries. */
export function useDeleteDelivery(): UseMutationResult<Delivery, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage(fingerprintCalls.withdrawDelivery, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.deliveries() }),
  });
}
