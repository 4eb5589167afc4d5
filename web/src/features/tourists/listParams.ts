import { hotelDays, positiveParam, readDay } from '../../app/listState.ts';
import type { GuestQuery } from './api.ts';

/**
 * The guest list's state as URL search params, so reload, back and a shared link keep it. Anything unreadable in a
 * hand-edited URL falls back to its default rather than breaking the page.
 */
export interface GuestListState {
  /** Name or mobile (passenger/list `name`). */
  name?: string | undefined;
  inHouse: boolean;
  room?: number | undefined;
  /** Hotel days 'YYYY-MM-DD', both or neither: the guest stayed within them. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

export const GUEST_PAGE_SIZE = 20;
export const NAME_MAX = 50;

export function readGuestList(search: URLSearchParams): GuestListState {
  const from = readDay(search.get('from'));
  const to = readDay(search.get('to'));
  const both = from !== undefined && to !== undefined && from <= to;
  return {
    name: search.get('name')?.trim().slice(0, NAME_MAX) || undefined,
    inHouse: search.get('inHouse') === '1',
    room: positiveParam(search.get('room')),
    from: both ? from : undefined,
    to: both ? to : undefined,
    page: positiveParam(search.get('page')) ?? 1,
  };
}

/** The state as search params, defaults left out so plain links stay plain. */
export function writeGuestList(state: GuestListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.name) out.set('name', state.name);
  if (state.inHouse) out.set('inHouse', '1');
  if (state.room) out.set('room', String(state.room));
  if (state.from && state.to) {
    out.set('from', state.from);
    out.set('to', state.to);
  }
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** passenger/list's request for a list state. */
export function guestQuery(state: GuestListState, limit = GUEST_PAGE_SIZE): GuestQuery {
  return {
    name: state.name,
    in_house: state.inHouse ? 1 : undefined,
    room_id: state.room,
    ...hotelDays(state.from, state.to),
    page: state.page,
    limit,
  };
}
