import dayjs from 'dayjs';
import { fromHotelWallClock } from '../../app/time.ts';
import { ORDER_KINDS, type OrderKind, type OrderQuery } from './api.ts';

/**
 * The bill list's state as URL search params (kind, hotel days, room, keyword, sort, page), so reload, back and a
 * shared link keep it. Anything unreadable falls back to its default.
 */
export interface BillListState {
  kind?: OrderKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  room?: number | undefined;
  keyword?: string | undefined;
  sort?: 'amount' | undefined;
  order?: 'asc' | undefined;
  page: number;
}

export const BILL_PAGE_SIZE = 20;
export const KEYWORD_MAX = 64;

const positive = (raw: string | null): number | undefined =>
  raw && /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;

function readDay(raw: string | null): string | undefined {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  return dayjs(raw).format('YYYY-MM-DD') === raw ? raw : undefined;
}

export function readBillList(search: URLSearchParams): BillListState {
  const kind = search.get('kind');
  const from = readDay(search.get('from'));
  const to = readDay(search.get('to'));
  const both = from !== undefined && to !== undefined && from <= to;
  return {
    kind: (ORDER_KINDS as readonly string[]).includes(kind ?? '') ? (kind as OrderKind) : undefined,
    from: both ? from : undefined,
    to: both ? to : undefined,
    room: positive(search.get('room')),
    keyword: search.get('keyword')?.trim().slice(0, KEYWORD_MAX) || undefined,
    sort: search.get('sort') === 'amount' ? 'amount' : undefined,
    order: search.get('order') === 'asc' ? 'asc' : undefined,
    page: positive(search.get('page')) ?? 1,
  };
}

/** The state as search params, defaults left out. */
export function writeBillList(state: BillListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.kind) out.set('kind', state.kind);
  if (state.from && state.to) {
    out.set('from', state.from);
    out.set('to', state.to);
  }
  if (state.room) out.set('room', String(state.room));
  if (state.keyword) out.set('keyword', state.keyword);
  if (state.sort) out.set('sort', state.sort);
  if (state.order) out.set('order', state.order);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** order/orderList's request for a list state: hotel days from the first midnight to the end of the last. */
export function billQuery(state: BillListState, limit = BILL_PAGE_SIZE): OrderQuery {
  return {
    kind: state.kind,
    start_time: state.from ? fromHotelWallClock(dayjs(state.from).startOf('day')) : undefined,
    end_time: state.to ? fromHotelWallClock(dayjs(state.to).endOf('day')) : undefined,
    room_id: state.room,
    keyword: state.keyword,
    sort: state.sort === 'amount' ? 'amount' : undefined,
    order: state.order,
    page: state.page,
    limit,
  };
}
