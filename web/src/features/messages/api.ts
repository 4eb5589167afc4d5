import { type InputOf, type MessagePage, messageCalls } from '@lockdesk/protocol';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { definedFields, usePage } from '../../api/lists.ts';

/**
 * The message calls (server/API.md §14: lock/messageList, lock/readMessage, lock/deleteMessage; the contracts in
 * protocol/src/calls/messages.ts) as react-query hooks for the message centre and the menu's unread badge. Pages
 * never call axios.
 */

export {
  MESSAGE_KINDS,
  type Message,
  type MessageKind,
  type MessageOrder,
  type MessagePage,
} from '@lockdesk/protocol';

/** lock/messageList's request. */
export type MessageQuery = InputOf<typeof messageCalls.list>;

export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (query: MessageQuery) => [...messageKeys.lists(), query] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
};

/** One page of the caller's messages; the page shown stays while the next loads. */
export function useMessages(query: MessageQuery): UseQueryResult<MessagePage> {
  return usePage(messageKeys.list(query), messageCalls.list, query);
}

/** How often the menu badge asks again for the unread count. */
export const UNREAD_POLL_MS = 120_000;

/** The unread count for the menu badge (one row asked for); off for accounts that may not read messages. */
export function useUnreadMessages(enabled: boolean): UseQueryResult<number> {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: async () =>
      (await callManage(messageCalls.list, { page: 1, limit: 1 }, { silent: true })).unread,
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    retry: false,
  });
}

/** Which messages to mark read: some ids, or every one the caller sees. */
type ReadInput = Pick<InputOf<typeof messageCalls.markRead>, 'ids' | 'all'>;

/** Marks messages read (some ids, or every one the caller sees); refreshes the lists and the badge. */
export function useReadMessages(): UseMutationResult<{ unread: number }, Error, ReadInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReadInput) => callManage(messageCalls.markRead, definedFields(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** Deletes one or several messages; refreshes the lists and the badge. */
export function useDeleteMessages(): UseMutationResult<{ ids: number[] }, Error, number[]> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => callManage(messageCalls.remove, { ids }),
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
