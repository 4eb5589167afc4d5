import { cardCalls, roomCalls, stayCalls } from '@lockdesk/protocol';
import { type QueryClient, queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Card } from '../../api/cards.ts';
import { CallError, callManage } from '../../api/client.ts';
import type { Page } from '../../api/lists.ts';
import type { Room } from '../../api/rooms.ts';
import type { Stay } from '../../api/stays.ts';

/**
 * The calls of the card pages as react-query hooks (pages never call axios). The card calls themselves are the
 * cards feature's (features/cards/api.ts); these are the lookups the guest and lock pages of a read card need.
 */

export const cardReadingKeys = {
  all: ['cardReading'] as const,
  stay: (stayId: number, roomId: number) => [...cardReadingKeys.all, 'stay', stayId, roomId] as const,
  lock: (mac: string) => [...cardReadingKeys.all, 'lock', mac] as const,
};

/** A stay with its fellow tenants and its room. */
export interface StayOfCard {
  stay: Stay;
  room: Room;
}

/** The stay is not (or no longer) in the caller's reach. */
export class StayMissing extends Error {
  constructor(readonly stayId: number) {
    super(`stay ${stayId} not found`);
    this.name = 'StayMissing';
  }
}

const MISSING = ['NOT_FOUND', 'PERMISSION_DENIED'];
const STAYS_PER_PAGE = 100;
/** room/tenant/list pages looked through for an old stay (latest first): 1,000 stays of the room. */
const MAX_PAGES = 10;

/** The cards recorded for a stay (room/cardList). */
export function fetchStayCards(stayId: number): Promise<Page<Card>> {
  return callManage(cardCalls.list, { stay_id: stayId, page: 1, limit: 20 });
}

/**
 * A stay by its id: the room comes from the link (room_id), else from the stay's cards; the stay from the room's
 * stays (room/tenant/list, latest first), which carry the fellow tenants.
 */
export async function fetchStayOfCard(stayId: number, roomHint: number): Promise<StayOfCard> {
  try {
    let roomId = roomHint;
    if (!(roomId > 0)) {
      const cards = await fetchStayCards(stayId);
      roomId = Number(cards.list.find((c) => c.room_id)?.room_id ?? 0);
      if (!(roomId > 0)) throw new StayMissing(stayId);
    }
    // The room and the first page of its stays side by side; older stays page on only when needed.
    const pageOf = (page: number) =>
      callManage(stayCalls.list, { room_id: roomId, page, limit: STAYS_PER_PAGE });
    const [room, first] = await Promise.all([callManage(roomCalls.info, { room_id: roomId }), pageOf(1)]);
    let stays = first;
    for (let page = 1; page <= MAX_PAGES; page++) {
      if (page > 1) stays = await pageOf(page);
      const stay = stays.list.find((s) => s.stay_id === stayId);
      if (stay) return { stay, room };
      if (page * STAYS_PER_PAGE >= stays.total) break;
    }
    throw new StayMissing(stayId);
  } catch (e) {
    if (e instanceof CallError && e.code !== null && MISSING.includes(e.code)) throw new StayMissing(stayId);
    throw e;
  }
}

/** The stay of a card as a query (the page's hook and the route's prefetch share it). */
export function stayOfCardQuery(stayId: number, roomHint: number) {
  return queryOptions({
    queryKey: cardReadingKeys.stay(stayId, roomHint),
    queryFn: () => fetchStayOfCard(stayId, roomHint),
    enabled: Number.isInteger(stayId) && stayId > 0,
    retry: false,
  });
}

export function useStayOfCard(stayId: number, roomHint: number): UseQueryResult<StayOfCard> {
  return useQuery(stayOfCardQuery(stayId, roomHint));
}

/** The room of a lock (room/lockInfo); null when no room of the hotel in reach has it. */
export async function fetchLock(mac: string): Promise<Room | null> {
  try {
    return await callManage(roomCalls.lockInfo, { mac_id: mac });
  } catch (e) {
    if (e instanceof CallError && e.code !== null && MISSING.includes(e.code)) return null;
    throw e;
  }
}

export function useLockOfCard(mac: string): UseQueryResult<Room | null> {
  return useQuery({
    queryKey: cardReadingKeys.lock(mac),
    queryFn: () => fetchLock(mac),
    enabled: mac.length > 0,
    retry: false,
  });
}

/** Asks for the stay of /room/thetouristsDetails as soon as the route is entered, beside its chunks. */
export function prefetchStayOfCard(client: QueryClient, search: URLSearchParams): Promise<unknown> {
  const stayId = Number(search.get('id'));
  if (!(Number.isInteger(stayId) && stayId > 0)) return Promise.resolve();
  return client.prefetchQuery(stayOfCardQuery(stayId, Number(search.get('room_id') ?? 0)));
}
