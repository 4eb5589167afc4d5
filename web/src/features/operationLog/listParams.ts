import { hotelDays, positiveParam, readDay } from '../../app/listState.ts';
import {
  OPERATION_AREAS,
  OPERATION_RESULTS,
  type OperationArea,
  type OperationQuery,
  type OperationResult,
} from './api.ts';

/**
 * The log's filters as URL search params (person, area, room, hotel days, result, page), so reload, back and a
 * shared link keep them. Anything unreadable in a hand-edited URL falls back to its default.
 */
export interface LogListState {
  user?: number | undefined;
  area?: OperationArea | undefined;
  room?: number | undefined;
  result?: OperationResult | undefined;
  /** Hotel days 'YYYY-MM-DD', both or neither. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

export const LOG_PAGE_SIZE = 20;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((v) => v === raw);

export function readLogList(search: URLSearchParams): LogListState {
  const from = readDay(search.get('from'));
  const to = readDay(search.get('to'));
  const both = from !== undefined && to !== undefined && from <= to;
  return {
    user: positiveParam(search.get('user')),
    area: oneOf(OPERATION_AREAS, search.get('area')),
    room: positiveParam(search.get('room')),
    result: oneOf(OPERATION_RESULTS, search.get('result')),
    from: both ? from : undefined,
    to: both ? to : undefined,
    page: positiveParam(search.get('page')) ?? 1,
  };
}

/** The state as search params, defaults left out. */
export function writeLogList(state: LogListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.user) out.set('user', String(state.user));
  if (state.area) out.set('area', state.area);
  if (state.room) out.set('room', String(state.room));
  if (state.result) out.set('result', state.result);
  if (state.from && state.to) {
    out.set('from', state.from);
    out.set('to', state.to);
  }
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** operation/list's request for a state. */
export function logQuery(state: LogListState, limit = LOG_PAGE_SIZE): OperationQuery {
  return {
    user_id: state.user,
    area: state.area,
    room_id: state.room,
    result: state.result,
    ...hotelDays(state.from, state.to),
    page: state.page,
    limit,
  };
}
