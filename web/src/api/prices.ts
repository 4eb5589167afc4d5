import {
  type AnswerOf,
  categoryCalls,
  type DatePrice,
  type InputOf,
  type ListedCategory,
  type PriceTemplate,
  priceCalls,
  type Quote,
  type RoomPrices,
} from '@lockdesk/protocol';
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
 * The price calls (server/API.md §5 room/setPrice … priceTemplate/setPriceTemplate) and the room picker's
 * reads, as react-query hooks: pages use these, never axios.
 */

// A room's prices, a template, a quote and its nights as the server answers them: declared with the price calls'
// contracts (protocol/src/calls/prices.ts).
export type { DatePrice, PriceTemplate, Quote, QuoteNight, RoomPrices } from '@lockdesk/protocol';

/** A room of the picker (room/allLock: every room with a lock in the caller's scope). */
export type RoomOption = LockRoom;

/** A room group as the picker reads it (room/category/list). */
export type RoomGroup = Pick<ListedCategory, 'id' | 'name' | 'parent_id'> &
  Partial<Pick<ListedCategory, 'room_count'>>;

/**
 * The prices a form sends (room/setPrice and priceTemplate/add share them): each given, `date_prices` as the answers
 * hold them (undefined keeps each room's specific-date prices; a list, even empty, replaces them).
 */
export type PriceInput = Required<
  Pick<InputOf<typeof priceCalls.setPrice>, 'deposit' | 'price' | 'weekend_price'>
> & { date_prices?: DatePrice[] | undefined };

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
  const info = await callManage(priceCalls.priceInfo, { room_id: roomId });
  // Money columns may come back as text: read every amount as a number.
  return {
    room_id: roomId,
    deposit: num(info.deposit),
    price: num(info.price),
    weekend_price: num(info.weekend_price),
    renew: info.renew === true,
    price_template_id: info.price_template_id ?? null,
    date_prices: Array.isArray(info.date_prices)
      ? info.date_prices.map((d) => ({ day: String(d.day), price: num(d.price) }))
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
    queryFn: async (): Promise<RoomGroup[]> => (await callManage(categoryCalls.groups, {})).list,
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
export function setPriceFields(roomId: number, prices: PriceInput): InputOf<typeof priceCalls.setPrice> {
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
        await callManage(priceCalls.setPrice, setPriceFields(roomId, prices));
        if (renew !== undefined) await callManage(priceCalls.setRenew, { room_id: roomId, renew });
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
    queryFn: () => callManage(priceCalls.quote, { room_id: roomId, start_time: start, end_time: end }),
    enabled,
    staleTime: 0,
  });
}

export function useTemplates(page: number, limit: number): UseQueryResult<Page<PriceTemplate>> {
  return usePage(priceKeys.templates(page, limit), priceCalls.templates, { page, limit });
}

export function useTemplate(id: number | undefined): UseQueryResult<PriceTemplate> {
  return useQuery({
    queryKey: priceKeys.template(id ?? 0),
    queryFn: () => callManage(priceCalls.template, { id: id as number }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** A template to add (no id) or edit: its name and prices. */
export type TemplateInput = PriceInput & Pick<InputOf<typeof priceCalls.saveTemplate>, 'id' | 'name'>;

/** Adds a template, or edits it when `id` is set. Invalidates the template list and that template. */
export function useSaveTemplate(): UseMutationResult<PriceTemplate, Error, TemplateInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInput) =>
      callManage(priceCalls.saveTemplate, {
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
export function useDeleteTemplate(): UseMutationResult<
  AnswerOf<typeof priceCalls.deleteTemplate>,
  Error,
  number
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage(priceCalls.deleteTemplate, { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...priceKeys.all, 'templates'] }),
  });
}

/** Applies a template to rooms (one call, up to 10,000 rooms). Invalidates every room's prices and the list. */
export function useApplyTemplate(): UseMutationResult<
  AnswerOf<typeof priceCalls.applyTemplate>,
  Error,
  { id: number; roomIds: number[] }
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roomIds }) => callManage(priceCalls.applyTemplate, { id, room_ids: roomIds }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...priceKeys.all, 'room'] });
      void client.invalidateQueries({ queryKey: [...priceKeys.all, 'quote'] });
      void client.invalidateQueries({ queryKey: [...priceKeys.all, 'templates'] });
    },
  });
}

/** 'YYYY-MM-DD' of a dayjs wall-clock value. */
export const dayKey = (d: dayjs.Dayjs): string => d.format('YYYY-MM-DD');
