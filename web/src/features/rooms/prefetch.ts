import type { QueryClient } from '@tanstack/react-query';
import { roomGroupsQuery, roomListQuery } from '../../api/rooms.ts';
import { readListState, requestOf } from './listParams.ts';

/**
 * Asks for the room list's first screen (the page of the URL's filters, and the groups) as soon as the route is
 * entered, while the layout and page chunks still load: the page's hooks find the answers in the cache. A chunk of
 * its own, so /login's code stays free of the room calls.
 */
export function prefetchRoomList(client: QueryClient, search: URLSearchParams): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(roomListQuery(client, requestOf(readListState(search)))),
    client.prefetchQuery(roomGroupsQuery),
  ]);
}
