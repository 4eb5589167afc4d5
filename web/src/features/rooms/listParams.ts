/**
 * The room list's state as URL search params (filters, sort, page, view), so reload, back and a shared link keep
 * them. Anything unreadable in a hand-edited URL falls back to its default rather than breaking the page.
 */

import { DATE_PICKS, ROOM_SORTS, type RoomListParams } from '../../api/rooms.ts';

// Kept where the room pages have always found them; the request's shape belongs to the room calls.
export {
  DATE_PICKS,
  type DatePick,
  ROOM_SORTS,
  type RoomListParams,
  type RoomSort,
} from '../../api/rooms.ts';

export const PAGE_SIZES = [12, 24, 48, 96] as const;
export const DEFAULT_PAGE_SIZE = 24;
export type RoomView = 'cards' | 'table';

/** The list's URL state: the request plus how it is drawn. */
export interface RoomListState extends RoomListParams {
  view: RoomView;
}

const int = (raw: string | null, min: number, max: number): number | undefined => {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
};

const oneOf = <T extends string>(raw: string | null, values: readonly T[]): T | undefined =>
  values.find((v) => v === raw);

/** Reads the list state from the URL's search params. */
export function readListState(search: URLSearchParams): RoomListState {
  const state: RoomListState = {
    page: int(search.get('page'), 1, 1_000_000) ?? 1,
    limit: PAGE_SIZES.find((s) => String(s) === search.get('limit')) ?? DEFAULT_PAGE_SIZE,
    sort: oneOf(search.get('sort'), ROOM_SORTS) ?? 'asc',
    view: search.get('view') === 'table' ? 'table' : 'cards',
  };
  const status = int(search.get('status'), 0, 4);
  if (status !== undefined) state.status = status;
  const group = int(search.get('group'), 0, Number.MAX_SAFE_INTEGER);
  if (group !== undefined) state.group = group;
  const name = search.get('name')?.trim().slice(0, 50);
  if (name) state.name = name;
  const date = oneOf(search.get('date'), DATE_PICKS);
  if (date) state.date = date;
  return state;
}

/** Writes the list state as search params, leaving defaults out so plain links stay plain. */
export function writeListState(state: RoomListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.group !== undefined) out.set('group', String(state.group));
  if (state.status !== undefined) out.set('status', String(state.status));
  if (state.name) out.set('name', state.name);
  if (state.date) out.set('date', state.date);
  if (state.sort !== 'asc') out.set('sort', state.sort);
  if (state.page !== 1) out.set('page', String(state.page));
  if (state.limit !== DEFAULT_PAGE_SIZE) out.set('limit', String(state.limit));
  if (state.view !== 'cards') out.set('view', state.view);
  return out;
}

/**
 * A change of the list state: any filter or sort change goes back to page 1 (the old page may not exist in the
 * new result); a page or view change keeps the rest.
 */
export function changeListState(state: RoomListState, change: Partial<RoomListState>): RoomListState {
  const next: RoomListState = { ...state, ...change };
  for (const key of Object.keys(change) as (keyof RoomListState)[]) {
    if (change[key] === undefined) delete next[key];
  }
  const filterChanged = (['status', 'group', 'name', 'date', 'sort', 'limit'] as const).some(
    (k) => k in change && change[k] !== state[k],
  );
  if (filterChanged && !('page' in change)) next.page = 1;
  if (next.page < 1) next.page = 1;
  return next;
}

/** The request part of the state (the view is not sent, so switching it reuses the cached page). */
export function requestOf(state: RoomListState): RoomListParams {
  const { view: _view, ...params } = state;
  return params;
}
