/**
 * The bill centre and business information (server/API.md §15; spec §2 /business, /bill, §7 Orders). Money is
 * integer fen in every request and answer (`*_fen`, with a yuan text beside for API readers).
 */
import { call } from './contract.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** The kinds of order. */
export const ORDER_KINDS = ['room', 'deposit', 'recharge', 'refund', 'withdrawal'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The largest single amount a call moves: ¥10,000,000.00. */
export const MAX_AMOUNT_FEN = 1_000_000_000;

const amountField = () => f.int({ min: 1, max: MAX_AMOUNT_FEN });
/** A hotel day, 'YYYY-MM-DD'. */
export const HOTEL_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A name as people write it: letters of any script, spaces, dots and hyphens. */
const HOLDER = /^\p{L}[\p{L}\p{M} .·'-]*$/u;
/** A bank account: 10 to 30 digits, spaces between groups allowed. */
const ACCOUNT = /^[\d ]+$/;

/** An order as answered. */
export interface Order {
  id: number;
  kind: OrderKind;
  amount_fen: number;
  /** The amount in yuan, for API readers. */
  amount: string;
  refunded_fen: number;
  refundable_fen: number;
  refund_of: number | null;
  room_id: number | null;
  room_name: string;
  stay_id: number | null;
  guest: string;
  guest_mobile: string;
  operator: string;
  bank: { holder: string; bank: string; account: string } | null;
  status: 'paid' | 'partly_refunded' | 'refunded' | 'done';
  note: string;
  create_time: number;
}

/** A page of orders with the money in and out of everything the filter keeps. */
export interface OrderPage extends Page<Order> {
  totals: { in_fen: number; out_fen: number };
}

/** The merchant account (order/macMember). */
export interface MerchantAccount {
  hotel_id: number;
  hotel_name: string;
  balance_fen: number;
  balance: string;
  service_expires_at: number | null;
  customer_manager_mobile: string;
  cash: { holder: string; bank: string; account: string; set_time: number | null } | null;
}

/** One hotel day's figures. */
export interface DayFigures {
  day: string;
  income_fen: number;
  refund_fen: number;
  revenue_fen: number;
  occupied_rooms: number;
  rooms: number;
  occupancy_permille: number;
}

/** Revenue and occupancy per hotel day (order/statistics). */
export interface Statistics {
  start_date: string;
  end_date: string;
  days: DayFigures[];
  totals: { income_fen: number; refund_fen: number; revenue_fen: number };
}

export const orderCalls = {
  orderList: call({
    path: 'order/orderList',
    summary: 'Order/orderList',
    auth: 'user',
    mutates: false,
    permission: 'bill.view',
    schema: {
      ...pageFields,
      kind: f.enum(ORDER_KINDS, { optional: true }),
      start_time: f.time({ optional: true }),
      end_time: f.time({ optional: true }),
      room_id: f.id({ optional: true }),
      keyword: f.string({ optional: true, max: 64 }),
      sort: f.enum(['create_time', 'amount'] as const, { optional: true }),
      order: f.enum(['asc', 'desc'] as const, { optional: true }),
    },
  }).answers<OrderPage>(),

  refund: call({
    path: 'order/refund',
    summary: 'Order/refund',
    auth: 'user',
    mutates: true,
    permission: 'bill.manage',
    schema: {
      order_id: f.id(),
      amount_fen: amountField(),
      note: f.string({ optional: true, max: 200 }),
    },
  }).answers<{ refund: Order; order: Order }>(),

  recharge: call({
    path: 'Order/recharge',
    summary: 'Order/recharge',
    auth: 'user',
    mutates: true,
    permission: 'bill.manage',
    schema: {
      amount_fen: amountField(),
      note: f.string({ optional: true, max: 200 }),
    },
  }).answers<{ order: Order; account: MerchantAccount }>(),

  cash: call({
    path: 'order/cash',
    summary: 'Order/cash',
    auth: 'user',
    mutates: true,
    permission: 'bill.manage',
    schema: {
      amount_fen: amountField(),
      note: f.string({ optional: true, max: 200 }),
    },
  }).answers<{ order: Order; account: MerchantAccount }>(),

  setCashData: call({
    path: 'order/setCashData',
    summary: 'Order/setCashData',
    auth: 'user',
    mutates: true,
    permission: 'bill.manage',
    schema: {
      holder: f.string({ min: 2, max: 50, pattern: HOLDER }),
      bank: f.string({ min: 2, max: 60 }),
      account: f.string({
        max: 40,
        pattern: ACCOUNT,
        check: (v: string) => (/^\d{10,30}$/.test(v.replace(/ /g, '')) ? undefined : 'FIELD_INVALID'),
      }),
    },
  }).answers<MerchantAccount>(),

  macMember: call({
    path: 'order/macMember',
    summary: 'Order/macMember',
    auth: 'user',
    mutates: false,
    permission: 'bill.view',
    schema: {},
  }).answers<MerchantAccount>(),

  statistics: call({
    path: 'order/statistics',
    summary: 'Order/statistics',
    auth: 'user',
    mutates: false,
    permission: 'bill.view',
    schema: {
      start_date: f.string({ pattern: HOTEL_DAY }),
      end_date: f.string({ pattern: HOTEL_DAY }),
    },
  }).answers<Statistics>(),
};
