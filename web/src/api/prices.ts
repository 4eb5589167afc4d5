import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type dayjs from 'dayjs';
import { callManage } from './client.ts';
import { type Page, usePage } from './lists.ts';
import { type LockRoom, lockRoomsQuery } from './locks.ts';

/**
 * The price calls (server/API.md §5 'room/setPrice' … 'priceTemplate/setPriceTemplate') and the room picker's
 * reads, as react-query hooks: pages use these, never axios.
 */

/** A specific-date price: a hotel calendar day and its price in yuan. */
export interface DatePrice {
  day: string;
  price: number;
}

/** A room of the picker (room/allLock: every room with a lock in the caller's scope). */
export type RoomOption = LockRoom;

/** A room group (room/category/list). */
export interface RoomGroup {
  id: number;
  name: string;
  parent_id: number | null;
  room_count?: number;
}

/** A room's prices as the console edits them (room/priceInfo, the answer of room/setPrice). */
export interface RoomPrices {
  room_id: number;
  deposit: number;
  price: number;
  weekend_price: number;
  renew: boolean;
  price_template_id: number | null;
  date_prices: DatePrice[];
}

/** The prices a form sends (room/setPrice and priceTemplate/add share them). */
export interface PriceInput {
  deposit: number;
  price: number;
  /** 0 clears the weekend price. */
  weekend_price: number;
  /** Undefined keeps each room's specific-date prices; a list (even empty) replaces them. */
  date_prices?: DatePrice[] | undefined;
}

export interface PriceTemplate {
  id: number;
  name: string;
  deposit: number;
  price: number;
  weekend_price: number;
  date_prices: DatePrice[];
  created_at: number;
  updated_at: number;
  room_count?: number;
}

/** One night of a quote (room/countRoomPriceNew). */
export interface QuoteNight {
  date: string;
  price: number;
  kind: 'usual' | 'weekend' | 'specific' | 'renewal';
}

export interface Quote {
  room_id: number;
  renewal: boolean;
  nights: number;
  room_fee: number;
  deposit: number;
  total: number;
  list: QuoteNight[];
}

export const priceKeys = {
  all: ['prices'] as const,
  groups: () => [...priceKeys.all, 'groups'] as const,
  room: (roomId: number) => [...priceKeys.all, 'room', roomId] as const,
  quote: (roomId: number, start: string, end: string) =>
    [...priceKeys.all, 'quote', roomId, start, end] as const,
  templates: (page: number, limit: number) => [...priceKeys.all, 'templates', page, limit] as const,
  template: (id: number) => [...priceKeys.all, 'template', id] as const,
};

/** Rooms a save may price one call at a time; more go through a template (one call, and the rate limit holds). */
export const MAX_ROOMS_PER_SAVE = 150;
/** Calls of a multi-room save in flight at once. */
const SAVE_CONCURRENCY = 4;

/** Sets or clears (price undefined) one day of a list of specific-date prices, kept in day order. */
export function withDayPrice(
  list: readonly DatePrice[],
  day: string,
  price: number | undefined,
): DatePrice[] {
  const rest = list.filter((d) => d.day !== day);
  if (price !== undefined) rest.push({ day, price });
  return rest.sort((a, b) => a.day.localeCompare(b.day));
}

/** Every room of a group and of the groups below it. */
export function roomsOfGroup(
  rooms: readonly RoomOption[],
  groups: readonly RoomGroup[],
  groupId: number,
): number[] {
  const ids = new Set<number>([groupId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const g of groups) {
      if (g.parent_id !== null && ids.has(g.parent_id) && !ids.has(g.id)) {
        ids.add(g.id);
        grew = true;
      }
    }
  }
  return rooms.filter((r) => r.category_id !== null && ids.has(r.category_id)).map((r) => r.id);
}

/** Rooms whose name holds `text` (case-insensitive), in their list order. */
export function matchRooms(rooms: readonly RoomOption[], text: string): RoomOption[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...rooms];
  return rooms.filter((r) => r.name.toLowerCase().includes(needle));
}

const num = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** Reads a room's prices (room/priceInfo): usual, weekend, deposit, renewal and every specific-date price. */
export async function fetchRoomPrices(roomId: number): Promise<RoomPrices> {
  const info = await callManage<Record<string, unknown>>('room/priceInfo', { room_id: roomId });
  return {
    room_id: roomId,
    deposit: num(info['deposit']),
    price: num(info['price']),
    weekend_price: num(info['weekend_price']),
    renew: info['renew'] === true,
    price_template_id: (info['price_template_id'] as number | null | undefined) ?? null,
    date_prices: Array.isArray(info['date_prices'])
      ? (info['date_prices'] as DatePrice[]).map((d) => ({ day: String(d.day), price: num(d.price) }))
      : [],
  };
}

/** Every room with a lock in scope, for the picker (at most 10,000, one call, filtered in the browser). */
export function useRoomOptions(): UseQueryResult<RoomOption[]> {
  return useQuery({ ...lockRoomsQuery, select: (answer) => answer.list });
}

export function useRoomGroups(): UseQueryResult<RoomGroup[]> {
  return useQuery({
    queryKey: priceKeys.groups(),
    queryFn: async () => (await callManage<{ list: RoomGroup[] }>('room/category/list')).list,
    staleTime: 60_000,
  });
}

/** One room's prices, any room in scope (with a lock or not). */
export function useRoomPrices(roomId: number | undefined): UseQueryResult<RoomPrices> {
  return useQuery({
    queryKey: priceKeys.room(roomId ?? 0),
    queryFn: () => fetchRoomPrices(roomId as number),
    enabled: roomId !== undefined,
  });
}

export interface SavePricesInput {
  roomIds: number[];
  prices: PriceInput;
  /** Undefined leaves each room's renewal setting as it is. */
  renew?: boolean | undefined;
}

/** Runs `work` over `items`, a few at a time, stopping at the first failure. */
async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failed: unknown;
  const worker = async () => {
    while (failed === undefined && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (e) {
        failed = e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SAVE_CONCURRENCY, items.length) }, worker));
  if (failed !== undefined) throw failed;
}

/** The fields of room/setPrice for one room. */
export function setPriceFields(roomId: number, prices: PriceInput): Record<string, unknown> {
  return {
    room_id: roomId,
    price: prices.price,
    deposit: prices.deposit,
    weekend_price: prices.weekend_price,
    ...(prices.date_prices === undefined ? {} : { date_prices: prices.date_prices }),
  };
}

/** Sets the prices (room/setPrice) and, when chosen, the renewal (room/setRenew) of each room. Invalidates the rooms' prices. */
export function useSavePrices(): UseMutationResult<void, Error, SavePricesInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ roomIds, prices, renew }: SavePricesInput) => {
      await inBatches(roomIds, async (roomId) => {
        await callManage('room/setPrice', setPriceFields(roomId, prices));
        if (renew !== undefined) await callManage('room/setRenew', { room_id: roomId, renew });
      });
    },
    onSettled: (_d, _e, { roomIds }) => {
      for (const id of roomIds) void client.invalidateQueries({ queryKey: priceKeys.room(id) });
      void client.invalidateQueries({ queryKey: [...priceKeys.all, 'quote'] });
      void client.invalidateQueries({ queryKey: [...priceKeys.all, 'templates'] });
    },
  });
}

/** The price of a stay in a room over a period (hotel-time 'YYYY-MM-DD HH:mm'). */
export function useQuote(
  roomId: number,
  start: string,
  end: string,
  enabled: boolean,
): UseQueryResult<Quote> {
  return useQuery({
    queryKey: priceKeys.quote(roomId, start, end),
    queryFn: () =>
      callManage<Quote>('room/countRoomPriceNew', { room_id: roomId, start_time: start, end_time: end }),
    enabled,
    staleTime: 0,
  });
}

export function useTemplates(page: number, limit: number): UseQueryResult<Page<PriceTemplate>> {
  return usePage(priceKeys.templates(page, limit), 'priceTemplate/lists', { page, limit });
}

export function useTemplate(id: number | undefined): UseQueryResult<PriceTemplate> {
  return useQuery({
    queryKey: priceKeys.template(id ?? 0),
    queryFn: () => callManage<PriceTemplate>('priceTemplate/info', { id }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

export interface TemplateInput extends PriceInput {
  id?: number | undefined;
  name: string;
}

/** Adds a template, or edits it when `id` is set. Invalidates the template list and that template. */
export function useSaveTemplate(): UseMutationResult<PriceTemplate, Error, TemplateInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInput) =>
      callManage<PriceTemplate>('priceTemplate/add', {
        ...(input.id === undefined ? {} : { id: input.id }),
        name: input.name.trim(),
        price: input.price,
        deposit: input.deposit,
        weekend_price: input.weekend_price,
        date_prices: input.date_prices ?? [],
      }),
    onSuccess: (t) => {
      void client.invalidateQueries({ queryKey: [...priceKeys.all, 'templates'] });
      void client.invalidateQueries({ queryKey: priceKeys.template(t.id) });
    },
  });
}

/** Deletes a template (rooms keep their prices). Invalidates the template list. */
export function useDeleteTemplate(): UseMutationResult<unknown, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage('priceTemplate/delete', { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...priceKeys.all, 'templates'] }),
  });
}

/** Applies a template to rooms (one call, up to 10,000 rooms). Invalidates every room's prices and the list. */
export function useApplyTemplate(): UseMutationResult<
  { id: number; count: number },
  Error,
  { id: number; roomIds: number[] }
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roomIds }) =>
      callManage<{ id: number; count: number }>('priceTemplate/setPriceTemplate', { id, room_ids: roomIds }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...priceKeys.all, 'room'] });
      void client.invalidateQueries({ queryKey: [...priceKeys.all, 'quote'] });
      void client.invalidateQueries({ queryKey: [...priceKeys.all, 'templates'] });
    },
  });
}

/** 'YYYY-MM-DD' of a dayjs wall-clock value. */
export const dayKey = (d: dayjs.Dayjs): string => d.format('YYYY-MM-DD');
