import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { definedFields, type Page, usePage } from '../../api/lists.ts';

/**
 * The message calls (server/API.md §14: lock/messageList, lock/readMessage, lock/deleteMessage) as react-query
 * hooks for the message centre and the menu's unread badge. Pages never call axios.
 */

export const MESSAGE_KINDS = [
  'low_battery',
  'service_expiring',
  'lock_not_synced',
  'card_write_failed',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type MessageOrder = 'unread' | 'time';

/** A message as lock/messageList answers it: the text is composed here from kind + params. */
export interface Message {
  id: number;
  kind: MessageKind | 'notice' | string;
  params: Record<string, string | number | null | undefined>;
  room_id: number | null;
  room_name: string;
  read: boolean;
  read_at: number | null;
  resolved: boolean;
  created_at: number;
  updated_at: number;
  /** Only rows older than the kinds ('notice') carry a text of their own. */
  title: string;
  content: string;
}

export interface MessagePage extends Page<Message> {
  /** Unread, unresolved messages the caller sees, of every kind. */
  unread: number;
}

export interface MessageQuery {
  kind?: MessageKind | undefined;
  order?: MessageOrder | undefined;
  unread_only?: boolean | undefined;
  page: number;
  limit: number;
}

export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (query: MessageQuery) => [...messageKeys.lists(), query] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
};

/** One page of the caller's messages; the page shown stays while the next loads. */
export function useMessages(query: MessageQuery): UseQueryResult<MessagePage> {
  return usePage<Message>(messageKeys.list(query), 'lock/messageList', query) as UseQueryResult<MessagePage>;
}

/** How often the menu badge asks again for the unread count. */
export const UNREAD_POLL_MS = 120_000;

/** The unread count for the menu badge (one row asked for); off for accounts that may not read messages. */
export function useUnreadMessages(enabled: boolean): UseQueryResult<number> {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: async () =>
      (await callManage<MessagePage>('lock/messageList', { page: 1, limit: 1 }, { silent: true })).unread,
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    retry: false,
  });
}

/** Marks messages read (some ids, or every one the caller sees); refreshes the lists and the badge. */
export function useReadMessages(): UseMutationResult<
  { unread: number },
  Error,
  { ids?: number[]; all?: boolean }
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids?: number[]; all?: boolean }) =>
      callManage<{ unread: number }>('lock/readMessage', definedFields(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** Deletes one or several messages; refreshes the lists and the badge. */
export function useDeleteMessages(): UseMutationResult<{ ids: number[] }, Error, number[]> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => callManage<{ ids: number[] }>('lock/deleteMessage', { ids }),
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
