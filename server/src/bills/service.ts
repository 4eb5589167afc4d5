/**
 * The bill centre's rules: orders and the merchant account as answered, refunds and withdrawals that never
 * over-refund or overdraw (conditional updates in one transaction), recharges, and the figures per hotel day. The
 * balance moves through services/orders.ts (credit, debit), which check-in's charges use too; the SQL is
 * repository.ts's.
 */
import {
  HOTEL_DAY,
  type MerchantAccount,
  type Order,
  type OrderKind,
  type Statistics,
} from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { credit, debit, fenText, orderStatus, REFUNDABLE_KINDS } from '../services/orders.js';
import { serviceStatus } from '../services/service-period.js';
import {
  addRefunded,
  cashAccountOf,
  dayFigures,
  findHotel,
  findOrder,
  findOrderRow,
  findUser,
  insertOrder,
  type OrderRow,
  orderAmounts,
  roomCount,
} from './repository.js';

/** The longest range of order/statistics, in days. */
export const MAX_STATISTICS_DAYS = 366;
const HOTEL_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The last four digits shown, the rest masked. */
export function maskAccount(account: string): string {
  return `**** **** ${account.slice(-4)}`;
}

/** Reads 'YYYY-MM-DD' as the start of that day in hotel time (ms), or undefined. */
function hotelDayStart(day: string): number | undefined {
  if (!HOTEL_DAY.test(day)) return undefined;
  const ms = Date.parse(`${day}T00:00:00+08:00`);
  return Number.isNaN(ms) || new Date(ms + HOTEL_OFFSET_MS).toISOString().slice(0, 10) !== day
    ? undefined
    : ms;
}

/** An order as answered. */
export function orderView(o: OrderRow): Order {
  const amount = Number(o.amount_fen);
  const refunded = Number(o.refunded_fen);
  const refundable = (REFUNDABLE_KINDS as readonly string[]).includes(o.kind) ? amount - refunded : 0;
  return {
    id: o.id,
    // The columns hold the kinds and states services/orders.ts writes.
    kind: o.kind as OrderKind,
    amount_fen: amount,
    amount: fenText(amount),
    refunded_fen: refunded,
    refundable_fen: refundable,
    refund_of: o.refund_of,
    room_id: o.room_id,
    room_name: o.room_name ?? '',
    stay_id: o.stay_id,
    guest: o.nickname ?? '',
    guest_mobile: o.mobile ?? '',
    operator: o.operator ?? '',
    bank:
      o.kind === 'withdrawal' && o.bank_account
        ? { holder: o.bank_holder ?? '', bank: o.bank_name ?? '', account: maskAccount(o.bank_account) }
        : null,
    status: o.status as Order['status'],
    note: o.note,
    create_time: epochSeconds(o.created_at) as number,
  };
}

/** An order of the hotel as answered, or NOT_FOUND. */
export async function readOrder(ctx: UserContext, hotelId: number, id: number): Promise<Order> {
  const row = await findOrderRow(ctx.db, hotelId, id);
  if (!row) throw failure('NOT_FOUND');
  return orderView(row);
}

/** The merchant account as order/macMember answers it. */
export async function merchant(ctx: UserContext, hotelId: number): Promise<MerchantAccount> {
  const hotel = await findHotel(ctx.db, hotelId);
  const me = await findUser(ctx.db, ctx.user.id);
  const service = await serviceStatus(ctx.db, me);
  const balance = Number(hotel.balance_fen);
  return {
    hotel_id: hotel.id,
    hotel_name: hotel.name,
    balance_fen: balance,
    balance: fenText(balance),
    service_expires_at: service.expiresAt ? epochSeconds(service.expiresAt) : null,
    customer_manager_mobile: service.parentMobile,
    cash: hotel.cash_account
      ? {
          holder: hotel.cash_holder ?? '',
          bank: hotel.cash_bank ?? '',
          account: maskAccount(hotel.cash_account),
          set_time: hotel.cash_set_at ? epochSeconds(hotel.cash_set_at) : null,
        }
      : null,
  };
}

/**
 * Refunds part of a room or deposit order, out of the balance: ORDER_NOT_REFUNDABLE for another kind,
 * REFUND_TOO_LARGE (with what is left) when it exceeds what is left refundable. Answers the refund's id.
 */
export async function refund(
  ctx: UserContext,
  hotelId: number,
  orderId: number,
  fen: number,
  note: string,
): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, hotelId, orderId);
    if (!order) throw failure('NOT_FOUND');
    if (!(REFUNDABLE_KINDS as readonly string[]).includes(order.kind)) throw failure('ORDER_NOT_REFUNDABLE');
    // The conditional update is the guard: of concurrent refunds, only those that still fit go through.
    if (!(await addRefunded(trx, order.id, fen))) {
      const left = await orderAmounts(trx, order.id);
      throw failure('REFUND_TOO_LARGE', {
        max: fenText(Number(left.amount_fen) - Number(left.refunded_fen)),
      });
    }
    await debit(trx, hotelId, fen);
    return insertOrder(trx, {
      hotel_id: hotelId,
      user_id: ctx.user.id,
      stay_id: order.stay_id,
      room_id: order.room_id,
      kind: 'refund',
      amount_fen: fen,
      refund_of: order.id,
      status: 'done',
      note,
      created_at: now,
    });
  });
}

/** Records a recharge as paid and adds it to the balance. Answers the order's id. */
export async function recharge(
  ctx: UserContext,
  hotelId: number,
  fen: number,
  note: string,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertOrder(trx, {
      hotel_id: hotelId,
      user_id: ctx.user.id,
      kind: 'recharge',
      amount_fen: fen,
      status: orderStatus('recharge', fen, 0),
      note,
      created_at: ctx.now(),
    });
    await credit(trx, hotelId, fen);
    return id;
  });
}

/**
 * Withdraws from the balance to the bank account of order/setCashData: CASH_DATA_REQUIRED without one,
 * BALANCE_INSUFFICIENT beyond the balance. Answers the order's id.
 */
export async function withdraw(
  ctx: UserContext,
  hotelId: number,
  fen: number,
  note: string,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const hotel = await cashAccountOf(trx, hotelId);
    if (!hotel.cash_account) throw failure('CASH_DATA_REQUIRED');
    await debit(trx, hotelId, fen);
    return insertOrder(trx, {
      hotel_id: hotelId,
      user_id: ctx.user.id,
      kind: 'withdrawal',
      amount_fen: fen,
      bank_holder: hotel.cash_holder,
      bank_name: hotel.cash_bank,
      bank_account: hotel.cash_account,
      status: 'done',
      note,
      created_at: ctx.now(),
    });
  });
}

/**
 * Revenue and occupancy per hotel day (UTC+08:00): revenue = room charges − refunds of room charges of the day
 * (deposits are held, not earned); occupancy = rooms with a stay over the night that starts that day, over the
 * hotel's rooms. FIELD_INVALID for a bad day, or a range backwards or longer than MAX_STATISTICS_DAYS.
 */
export async function statistics(
  ctx: UserContext,
  hotelId: number,
  startDate: string,
  endDate: string,
): Promise<Statistics> {
  const start = hotelDayStart(startDate);
  const end = hotelDayStart(endDate);
  if (start === undefined) throw failure('FIELD_INVALID', { field: 'start_date' });
  if (end === undefined || end < start || (end - start) / DAY_MS + 1 > MAX_STATISTICS_DAYS) {
    throw failure('FIELD_INVALID', { field: 'end_date' });
  }
  const figures = await dayFigures(ctx.db, hotelId, startDate, endDate, start, end + DAY_MS);
  const rooms = await roomCount(ctx.db, hotelId);
  const days = figures.map((d) => ({
    day: d.day,
    income_fen: d.incomeFen,
    refund_fen: d.refundFen,
    revenue_fen: d.incomeFen - d.refundFen,
    occupied_rooms: d.occupied,
    rooms,
    // Per mille as an integer, so the figure is exact; the console shows it as a percentage.
    occupancy_permille: rooms === 0 ? 0 : Math.round((d.occupied * 1000) / rooms),
  }));
  return {
    start_date: startDate,
    end_date: endDate,
    days,
    totals: {
      income_fen: days.reduce((a, d) => a + d.income_fen, 0),
      refund_fen: days.reduce((a, d) => a + d.refund_fen, 0),
      revenue_fen: days.reduce((a, d) => a + d.revenue_fen, 0),
    },
  };
}
