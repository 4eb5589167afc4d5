import {
  type AnswerOf,
  type ClientsView,
  customerCalls,
  type InputOf,
  type ManagerView,
} from '@lockdesk/protocol';
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
 * The customer calls (server/API.md §16: room/clientList, room/clientSet, room/clientDelete; the contracts in
 * protocol/src/calls/customers.ts) as react-query hooks. Every mutation invalidates `customerKeys.all`.
 */

export {
  CLIENT_STATES,
  type Client,
  type ClientState,
  type ClientsView,
  type ManagerView,
  type ServiceState,
} from '@lockdesk/protocol';

/** A customer manager's request of room/clientList. */
export type ClientQuery = InputOf<typeof customerCalls.list>;

export const customerKeys = {
  all: ['customers'] as const,
  manager: () => [...customerKeys.all, 'manager'] as const,
  clients: (query: ClientQuery) => [...customerKeys.all, 'clients', query] as const,
};

/** The super administrator's customer manager (room/clientList: the caller's role decides the view answered). */
export function useManager(enabled: boolean): UseQueryResult<ManagerView> {
  return useQuery({
    queryKey: customerKeys.manager(),
    queryFn: async () => (await callManage(customerCalls.list, {})) as ManagerView,
    enabled,
  });
}

/**
 * One page of a customer manager's clients (room/clientList, the view a customer manager is answered); the page
 * shown stays while the next loads.
 */
export function useClients(query: ClientQuery, enabled: boolean): UseQueryResult<ClientsView> {
  return useQuery({
    queryKey: customerKeys.clients(query),
    queryFn: async () => (await callManage(customerCalls.list, definedFields(query))) as ClientsView,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Sets or changes the customer manager by mobile (room/clientSet). */
export function useSetManager(): UseMutationResult<ManagerView, Error, string> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mobile: string) => callManage(customerCalls.setManager, { mobile }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** Removes the customer manager (a super administrator, no id) or drops a client (a customer manager, its id). */
export function useDeleteClient(): UseMutationResult<
  AnswerOf<typeof customerCalls.remove>,
  Error,
  number | undefined
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | undefined) => callManage(customerCalls.remove, definedFields({ id })),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
