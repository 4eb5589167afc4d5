import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { definedFields } from '../../api/lists.ts';

/**
 * The customer calls (server/API.md §16: room/clientList, room/clientSet, room/clientDelete) as react-query hooks.
 * Every mutation invalidates `customerKeys.all`.
 */

export interface ServiceState {
  service_expires_at: number | null;
  days_left: number | null;
  expired: boolean;
  expiring: boolean;
}

/** A super administrator's view: its customer manager and its own service period. */
export interface ManagerView extends ServiceState {
  view: 'manager';
  manager: { id: number; mobile: string | null; nickname: string; name: string; email: string | null } | null;
}

/** A client of a customer manager: a hotel's super administrator. */
export interface Client extends ServiceState {
  id: number;
  mobile: string | null;
  nickname: string;
  name: string;
  frozen: boolean;
  hotel_id: number | null;
  hotel_name: string;
}

export interface ClientsView {
  view: 'clients';
  list: Client[];
  total: number;
  page: number;
  limit: number;
}

export const CLIENT_STATES = ['expired', 'expiring', 'active'] as const;
export type ClientState = (typeof CLIENT_STATES)[number];

export interface ClientQuery {
  keyword?: string | undefined;
  state?: ClientState | undefined;
  page: number;
  limit: number;
}

export const customerKeys = {
  all: ['customers'] as const,
  manager: () => [...customerKeys.all, 'manager'] as const,
  clients: (query: ClientQuery) => [...customerKeys.all, 'clients', query] as const,
};

/** The super administrator's customer manager (room/clientList). */
export function useManager(enabled: boolean): UseQueryResult<ManagerView> {
  return useQuery({
    queryKey: customerKeys.manager(),
    queryFn: () => callManage<ManagerView>('room/clientList'),
    enabled,
  });
}

/** One page of a customer manager's clients (room/clientList); the page shown stays while the next loads. */
export function useClients(query: ClientQuery, enabled: boolean): UseQueryResult<ClientsView> {
  return useQuery({
    queryKey: customerKeys.clients(query),
    queryFn: () => callManage<ClientsView>('room/clientList', definedFields(query)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Sets or changes the customer manager by mobile (room/clientSet). */
export function useSetManager(): UseMutationResult<ManagerView, Error, string> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mobile: string) => callManage<ManagerView>('room/clientSet', { mobile }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** Removes the customer manager (a super administrator, no id) or drops a client (a customer manager, its id). */
export function useDeleteClient(): UseMutationResult<unknown, Error, number | undefined> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | undefined) => callManage('room/clientDelete', definedFields({ id })),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
