/**
 * Room prices and price templates (server/API.md §5 'room/setPrice' … 'priceTemplate/setPriceTemplate'; spec §3
 * 'Room price', 'Price template'). Prices are yuan with at most 2 decimals, at least 1 (PRICE_TOO_LOW); a weekend
 * price of 0 clears it. `date_prices` is read by the server's handler (a bad day answers FIELD_INVALID, a low price
 * PRICE_TOO_LOW), after the room and the hotel information are checked, so its rows stay unchecked here.
 */
import { parseYuan } from '../money.js';
import { call } from './contract.js';
import { depositField, priceField } from './money-fields.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** The most specific-date prices a room or a template holds. */
export const MAX_DATE_PRICES = 366;

/** A specific-date price: a hotel calendar day ('YYYY-MM-DD') and its price in yuan. */
export interface DatePrice {
  day: string;
  price: number;
}

/** A room's prices (room/priceInfo, and the answer of room/setPrice and room/setRenew); 0 for a price not set. */
export interface RoomPrices {
  room_id: number;
  deposit: number;
  price: number;
  weekend_price: number;
  /** Every specific-date price of the room, oldest first. */
  date_prices: DatePrice[];
  /** Renewal at the set price. */
  renew: boolean;
  price_template_id: number | null;
}

/** How a night of a quote is priced. */
export type QuoteNightKind = 'usual' | 'weekend' | 'specific' | 'renewal';

/** One night of a quote. */
export interface QuoteNight {
  date: string;
  price: number;
  kind: QuoteNightKind;
}

/** The price of a stay, or of a renewal (with `stay_id`), in yuan (room/countRoomPriceNew). */
export interface Quote {
  room_id: number;
  /** The stay renewed (renewals only). */
  stay_id?: number;
  renewal: boolean;
  nights: number;
  list: QuoteNight[];
  room_fee: number;
  deposit: number;
  total: number;
}

/** A price template (priceTemplate/*); `room_count` in the list only. */
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

/** The prices room/setPrice and priceTemplate/add both take. */
const priceFields = {
  deposit: depositField(),
  price: priceField(),
  weekend_price: f.number({
    optional: true,
    min: 0,
    // 0 clears the weekend price; otherwise the usual minimum applies.
    check: (v: number) =>
      v !== 0 && v < 1 ? 'PRICE_TOO_LOW' : parseYuan(v) === undefined ? 'FIELD_INVALID' : undefined,
  }),
  date_prices: f.array({ optional: true, max: MAX_DATE_PRICES }),
};

export const priceCalls = {
  /** Sets a room's prices by hand (and detaches it from its template). */
  setPrice: call({
    path: 'room/setPrice',
    summary: 'Room/setPrice',
    auth: 'user',
    mutates: true,
    permission: 'price.manage',
    schema: { room_id: f.id(), ...priceFields },
  }).answers<RoomPrices>(),

  /** Turns renewal at the set price on or off. */
  setRenew: call({
    path: 'room/setRenew',
    summary: 'Renewal at the set price',
    auth: 'user',
    mutates: true,
    permission: 'price.manage',
    schema: { room_id: f.id(), renew: f.bool() },
  }).answers<RoomPrices>(),

  /** A room's prices, read without changing anything: every specific-date price, lock or no lock. */
  priceInfo: call({
    path: 'room/priceInfo',
    summary: "A room's prices",
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { room_id: f.id() },
  }).answers<RoomPrices>(),

  /** The price of a stay over a period, or of a renewal of an open stay to a new check-out. */
  quote: call({
    path: 'room/countRoomPriceNew',
    summary: 'The price of a stay',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: {
      room_id: f.id(),
      start_time: f.time({ optional: true, invalid: 'CHECK_IN_TIME_REQUIRED' }),
      end_time: f.time({ required: 'CHECK_OUT_TIME_REQUIRED', invalid: 'CHECK_OUT_TIME_REQUIRED' }),
      stay_id: f.id({ optional: true }),
    },
  }).answers<Quote>(),

  /** A page of the hotel's price templates, each with how many rooms follow it. */
  templates: call({
    path: 'priceTemplate/lists',
    summary: 'PriceTemplate/lists, priceTemplate/info',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { ...pageFields },
  }).answers<Page<PriceTemplate>>(),

  /** One price template. */
  template: call({
    path: 'priceTemplate/info',
    summary: 'PriceTemplate/lists, priceTemplate/info',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { id: f.id() },
  }).answers<PriceTemplate>(),

  /** Adds a template, or edits the one `id` names. */
  saveTemplate: call({
    path: 'priceTemplate/add',
    summary: 'Add or edit a template',
    auth: 'user',
    mutates: true,
    permission: 'price.manage',
    schema: { id: f.id({ optional: true }), name: f.string({ max: 50 }), ...priceFields },
  }).answers<PriceTemplate>(),

  /** Deletes a template; its rooms keep their prices and lose the link. */
  deleteTemplate: call({
    path: 'priceTemplate/delete',
    summary: 'PriceTemplate/delete',
    auth: 'user',
    mutates: true,
    permission: 'price.manage',
    schema: { id: f.id() },
  }).answers<{ id: number }>(),

  /** Copies a template's prices into rooms (1–10,000, every one in the caller's scope) and links them to it. */
  applyTemplate: call({
    path: 'priceTemplate/setPriceTemplate',
    summary: 'Apply a template to rooms',
    auth: 'user',
    mutates: true,
    permission: 'price.manage',
    schema: { id: f.id(), room_ids: f.array({ of: f.id(), max: 10_000 }) },
  }).answers<{ id: number; count: number }>(),
};
