import {
  type ApiKey,
  apiKeyCalls,
  type CreatedApiKey,
  cardServiceCalls,
  type InputOf,
  type ServiceLogin,
  type ServiceRecord,
  type ServiceRoom,
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
import { definedFields, type Page, usePage } from '../../api/lists.ts';
import { callService, getSecondToken, setSecondToken } from '../../api/secondClient.ts';

/**
 * The API keys (server/API.md §17, apiKeyCalls) over the main client, and the card-service API (§18,
 * cardServiceCalls) over the second client, as react-query hooks for the third-party authorisation page.
 * Pages never call axios.
 */

// A key as listed, and as created (its text shown once): declared with the API-key contracts.
export type { ApiKey, CreatedApiKey } from '@lockdesk/protocol';

/** user/apiKeyList's request, with its page always given (it is the query key). */
export type ApiKeyQuery = InputOf<typeof apiKeyCalls.list> & { page: number; limit: number };

export const apiKeyKeys = {
  all: ['apiKeys'] as const,
  list: (query: ApiKeyQuery) => [...apiKeyKeys.all, 'list', query] as const,
};

export function useApiKeys(query: ApiKeyQuery): UseQueryResult<Page<ApiKey>> {
  return usePage(apiKeyKeys.list(query), apiKeyCalls.list, query);
}

/** Creates a key; invalidates the key lists. */
export function useCreateApiKey(): UseMutationResult<CreatedApiKey, Error, string> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callManage(apiKeyCalls.create, { name }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** Revokes a key; invalidates the key lists. */
export function useRevokeApiKey(): UseMutationResult<ApiKey, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage(apiKeyCalls.revoke, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

// ---- The card-service API (second client) ----

// A room, a card written through the API, and the sign-in's answer: declared with the card-service contracts.
export type { ServiceRecord, ServiceRoom } from '@lockdesk/protocol';

const SESSION_KEY = 'lockdesk.cardServiceSession';

/** The try-out panel's sign-in (hotel id and key prefix beside the second client's token, per tab). */
export function readServiceSession(): { hotel_id: number; key_prefix: string } | null {
  if (!getSecondToken()) return null;
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as { hotel_id: number; key_prefix: string }) : null;
  } catch {
    return null;
  }
}

function keepServiceSession(s: ServiceLogin | null): void {
  setSecondToken(s?.token ?? null);
  try {
    if (s)
      sessionStorage.setItem(SESSION_KEY, JSON.stringify({ hotel_id: s.hotel_id, key_prefix: s.key_prefix }));
    else sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // storage refused: the panel simply forgets the sign-in
  }
}

export const serviceKeys = {
  all: ['cardService'] as const,
  rooms: (hotelId: number, keyword: string, page: number) =>
    [...serviceKeys.all, 'rooms', hotelId, keyword, page] as const,
  records: (page: number) => [...serviceKeys.all, 'records', page] as const,
};

/** POST /auth/login with a key; the token is kept for the second client. */
export function useServiceLogin(): UseMutationResult<ServiceLogin, Error, string> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (apiKey: string) => {
      const s = await callService(cardServiceCalls.login, { api_key: apiKey.trim() });
      keepServiceSession(s);
      return s;
    },
    onSuccess: () => client.removeQueries({ queryKey: serviceKeys.all }),
  });
}

/** Forgets the card-service token. */
export function serviceLogout(): void {
  keepServiceSession(null);
}

export const SERVICE_PAGE_SIZE = 10;

export function useServiceRooms(
  hotelId: number | null,
  keyword: string,
  page: number,
): UseQueryResult<Page<ServiceRoom>> {
  return useQuery({
    queryKey: serviceKeys.rooms(hotelId ?? 0, keyword, page),
    queryFn: () =>
      callService(
        cardServiceCalls.rooms,
        // Asked only with a hotel (enabled below).
        definedFields({ hotel_id: hotelId as number, keyword, page, limit: SERVICE_PAGE_SIZE }),
      ),
    enabled: hotelId !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useServiceRecords(enabled: boolean, page: number): UseQueryResult<Page<ServiceRecord>> {
  return useQuery({
    queryKey: serviceKeys.records(page),
    queryFn: () => callService(cardServiceCalls.records, { page, limit: SERVICE_PAGE_SIZE }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /linQuan/deleteRoomCard; refreshes the records. */
export function useServiceDeleteCard(): UseMutationResult<ServiceRecord, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callService(cardServiceCalls.deleteCard, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
