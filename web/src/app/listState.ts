import dayjs from 'dayjs';
import type { ChangeEvent } from 'react';
import { useEffect, useMemo, useState } from 'react';
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

/**
 * A list page's state kept in the URL (so reload, back and a shared link keep it), read and written by the page's
 * own `read`/`write` (module functions). `change` sets filters and goes back to page 1 (the old page may not exist
 * in the new result); `clear` drops every filter; `pagination` is the server-paged table's pagination.
 */
export function useListState<S extends { page: number }>(
  read: (search: URLSearchParams) => S,
  write: (state: S) => URLSearchParams,
) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => read(search), [read, search]);
  const set = (next: S) => setSearch(write(next), { replace: true });
  return {
    search,
    state,
    change: (patch: Partial<S>) => set({ ...state, page: 1, ...patch }),
    clear: () => setSearch(new URLSearchParams(), { replace: true }),
    pagination: (pageSize: number, total: number | undefined, showTotal: (total: number) => string) => ({
      ...serverPagination(state.page, pageSize, total, (page) => set({ ...state, page })),
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
