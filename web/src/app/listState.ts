import dayjs from 'dayjs';
import type { ChangeEvent } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromHotelWallClock } from './time.ts';

/** A whole number ≥ 1 from a search param (a page, an id); anything else in a hand-edited URL reads as undefined. */
export function positiveParam(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

/**
 * A server-paged table's pagination: page `current` of `total` rows, `pageSize` a page, no size changer, hidden
 * when there is a single page.
 */
export function serverPagination(
  current: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number) => void,
) {
  return { current, pageSize, total: total ?? 0, onChange, showSizeChanger: false, hideOnSinglePage: true };
}

/** How a list's state goes into the URL (every option off by default). */
export interface ListStateOptions {
  /** Each write is a new history entry (back undoes it) rather than replacing the current one. */
  push?: boolean;
  /** The URL is applied at once rather than as a transition, so the next click already sees it. */
  flushSync?: boolean;
  /**
   * The URL params the list owns, for a sub-list beside its page's own params (`['stayPage']`, the unlock records'
   * `unlockPage`…): a write sets or drops only these, in place, and keeps every other param; `clear` drops only
   * these. `write` then writes no other name. Without it the list owns the whole query.
   */
  params?: readonly string[];
}

/**
 * A list page's state kept in the URL (so reload, back and a shared link keep it), read and written by the page's
 * own `read`/`write` (module functions, or memoised: `state` is read again when `read` changes). `change` sets
 * filters and goes back to page 1 (the old page may not exist in the new result); `set` writes a patch, or the next
 * state from the current one, and leaves the page alone unless told; `clear` drops every filter; `pagination` is the
 * server-paged table's pagination. Writes build on the newest state, not the one the calling handler saw: a search
 * timer set before a filter was cleared does not bring it back.
 */
export function useListState<S extends { page: number }>(
  read: (search: URLSearchParams) => S,
  write: (state: S) => URLSearchParams,
  { push = false, flushSync = false, params }: ListStateOptions = {},
) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => read(search), [read, search]);
  const latest = useRef({ search, state });
  latest.current = { search, state };

  const put = (own: URLSearchParams) => {
    let next = own;
    if (params) {
      next = new URLSearchParams(latest.current.search);
      for (const name of params) if (!own.has(name)) next.delete(name);
      for (const [name, value] of own) next.set(name, value);
    }
    setSearch(next, { replace: !push, flushSync });
  };
  const set = (next: Partial<S> | ((current: S) => S)) => {
    const current = latest.current.state;
    put(write(typeof next === 'function' ? next(current) : { ...current, ...next }));
  };
  return {
    search,
    state,
    set,
    change: (patch: Partial<S>) => set((current) => ({ ...current, page: 1, ...patch })),
    clear: () => put(new URLSearchParams()),
    pagination: (pageSize: number, total: number | undefined, showTotal: (total: number) => string) => ({
      ...serverPagination(state.page, pageSize, total, (page) => set((current) => ({ ...current, page }))),
      showTotal,
    }),
  };
}

/**
 * A search box over a URL keyword: shows what is typed, searches on enter, and emptying it drops the keyword at
 * once. Spread on an antd `Input.Search`.
 */
export function useSearchBox(value: string | undefined, set: (value: string | undefined) => void) {
  const [typed, setTyped] = useState(value ?? '');
  useEffect(() => setTyped(value ?? ''), [value]);
  return {
    value: typed,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setTyped(e.target.value);
      if (!e.target.value && value) set(undefined);
    },
    onSearch: (v: string) => set(v.trim() || undefined),
  };
}

const DAY = 'YYYY-MM-DD';

/** A real calendar day only: '2026-02-30' reads back as another day, so it is dropped. */
export function readDay(raw: string | null): string | undefined {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  return dayjs(raw).format(DAY) === raw ? raw : undefined;
}

/** The hotel days from..to as seconds: from the first's midnight to the end of the last. */
export function hotelDays(from: string | undefined, to: string | undefined) {
  if (!from || !to) return { start_time: undefined, end_time: undefined };
  return {
    start_time: fromHotelWallClock(dayjs(from).startOf('day')),
    end_time: fromHotelWallClock(dayjs(to).endOf('day')),
  };
}
