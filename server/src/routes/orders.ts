/**
 * The bill centre and business information (API.md §15; spec §2 /business, /bill, §7 Orders). Money is integer
 * fen in the database, in every sum and in the answers (`*_fen`, with a yuan text beside for API readers);
 * requests take `amount_fen`. Choices where the spec is silent:
 * - the balance is the hotel's (the merchant's), shared by its administrators; `bill.view` reads it, its orders
 *   and the figures, `bill.manage` moves money; both are hotel-wide (money is not split by room);
 * - a stay's room charge and deposit are income orders written at check-in (services/orders.ts): the stay's money
 *   is taken as collected into the merchant account, so refunding it takes it out of the balance again;
 * - a refund refers to one room or deposit order and never exceeds what is left refundable of it; a withdrawal
 *   goes to the bank account of order/setCashData and never exceeds the balance; both use conditional updates,
 *   so concurrent calls cannot over-refund or overdraw;
 * - a recharge is recorded as paid (no payment provider is part of this product);
 * - order/statistics counts days in hotel time (UTC+08:00): revenue = room charges − refunds of room charges of
 *   the day (deposits are held, not earned: they stay out of it); occupancy = rooms with a stay over the night
 *   that starts that day, over the hotel's rooms.
 */
import { HOTEL_DAY, type Order, type OrderKind, orderCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds, listPage } from '../fields.js';
import { credit, debit, fenText, INCOME_KINDS, orderStatus, REFUNDABLE_KINDS } from '../services/orders.js';
import { serviceStatus } from '../services/service-period.js';
import { likePattern } from '../shared/room-views.js';

export { MAX_AMOUNT_FEN } from '@lockdesk/protocol';
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

interface OrderRow {
  id: number;
  kind: string;
  amount_fen: number;
  refunded_fen: number;
  refund_of: number | null;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  nickname: string | null;
  mobile: string | null;
  operator: string | null;
  bank_holder: string | null;
  bank_name: string | null;
  bank_account: string | null;
  status: string;
  note: string;
  created_at: Date;
}

/** An order as answered. */
function orderView(o: OrderRow): Order {
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

function ordersOf(ctx: UserContext, hotelId: number) {
  return ctx.db
    .selectFrom('orders as o')
    .leftJoin('rooms as r', 'r.id', 'o.room_id')
    .leftJoin('stays as s', 's.id', 'o.stay_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .where('o.hotel_id', '=', hotelId);
}

const orderColumns = [
  'o.id',
  'o.kind',
  'o.amount_fen',
  'o.refunded_fen',
  'o.refund_of',
  'o.room_id',
  'r.name as room_name',
  'o.stay_id',
  's.nickname',
  's.mobile',
  'u.nickname as operator',
  'o.bank_holder',
  'o.bank_name',
  'o.bank_account',
  'o.status',
  'o.note',
  'o.created_at',
] as const;

async function readOrder(ctx: UserContext, hotelId: number, id: number) {
  const row = await ordersOf(ctx, hotelId).select(orderColumns).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw failure('NOT_FOUND');
  return orderView(row as OrderRow);
}

/** The merchant account as order/macMember answers it. */
async function merchant(ctx: UserContext, hotelId: number) {
  const hotel = await ctx.db
    .selectFrom('hotels')
    .selectAll()
    .where('id', '=', hotelId)
    .executeTakeFirstOrThrow();
  const me = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
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

export function orderRoutes(app: FastifyInstance): void {
  defineCall(app, orderCalls.orderList, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      if (body.start_time && body.end_time && body.start_time > body.end_time) {
        throw failure('FIELD_INVALID', { field: 'end_time' });
      }
      let q = ordersOf(ctx, hotelId);
      if (body.kind) q = q.where('o.kind', '=', body.kind);
      if (body.start_time) q = q.where('o.created_at', '>=', body.start_time);
      if (body.end_time) q = q.where('o.created_at', '<=', body.end_time);
      if (body.room_id) q = q.where('o.room_id', '=', body.room_id);
      if (body.keyword) {
        const like = likePattern(body.keyword);
        q = q.where((eb) =>
          eb.or([
            eb('r.name', 'ilike', like),
            eb('s.nickname', 'ilike', like),
            eb('s.mobile', 'ilike', like),
            eb('o.note', 'ilike', like),
          ]),
        );
      }
      const totals = await q
        .select([
          sql<string>`coalesce(sum(o.amount_fen) FILTER (WHERE o.kind IN ('room', 'deposit', 'recharge')), 0)`.as(
            'in_fen',
          ),
          sql<string>`coalesce(sum(o.amount_fen) FILTER (WHERE o.kind IN ('refund', 'withdrawal')), 0)`.as(
            'out_fen',
          ),
        ])
        .executeTakeFirstOrThrow();
      const column = body.sort === 'amount' ? 'o.amount_fen' : 'o.created_at';
      const direction = body.order === 'asc' ? 'asc' : 'desc';
      const page = await listPage(
        q,
        body,
        (rows) => rows.select(orderColumns).orderBy(column, direction).orderBy('o.id', direction),
        (row) => orderView(row as OrderRow),
      );
      return { ...page, totals: { in_fen: Number(totals.in_fen), out_fen: Number(totals.out_fen) } };
    },
  });

  defineCall(app, orderCalls.refund, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const now = ctx.now();
      const refundId = await ctx.db.transaction().execute(async (trx) => {
        // The conditional update is the guard: of concurrent refunds, only those that still fit go through.
        const order = await trx
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', body.order_id)
          .where('hotel_id', '=', hotelId)
          .executeTakeFirst();
        if (!order) throw failure('NOT_FOUND');
        if (!(REFUNDABLE_KINDS as readonly string[]).includes(order.kind))
          throw failure('ORDER_NOT_REFUNDABLE');
        const updated = await trx
          .updateTable('orders')
          .set({
            refunded_fen: sql`refunded_fen + ${body.amount_fen}`,
            status: sql`CASE WHEN refunded_fen + ${body.amount_fen} >= amount_fen THEN 'refunded' ELSE 'partly_refunded' END`,
          })
          .where('id', '=', order.id)
          .where(sql<boolean>`refunded_fen + ${body.amount_fen} <= amount_fen`)
          .returning(['amount_fen', 'refunded_fen'])
          .executeTakeFirst();
        if (!updated) {
          const now = await trx
            .selectFrom('orders')
            .select(['amount_fen', 'refunded_fen'])
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow();
          throw failure('REFUND_TOO_LARGE', {
            max: fenText(Number(now.amount_fen) - Number(now.refunded_fen)),
          });
        }
        await debit(trx, hotelId, body.amount_fen);
        const refund = await trx
          .insertInto('orders')
          .values({
            hotel_id: hotelId,
            user_id: ctx.user.id,
            stay_id: order.stay_id,
            room_id: order.room_id,
            kind: 'refund',
            amount_fen: body.amount_fen,
            refund_of: order.id,
            status: 'done',
            note: body.note ?? '',
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return refund.id;
      });
      const refund = await readOrder(ctx, hotelId, refundId);
      if (refund.room_id !== null) ctx.touchRooms([refund.room_id]);
      ctx.audit(`Refund of order ${body.order_id}: ${refund.amount} yuan`);
      return { refund, order: await readOrder(ctx, hotelId, body.order_id) };
    },
  });

  defineCall(app, orderCalls.recharge, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const id = await ctx.db.transaction().execute(async (trx) => {
        const order = await trx
          .insertInto('orders')
          .values({
            hotel_id: hotelId,
            user_id: ctx.user.id,
            kind: 'recharge',
            amount_fen: body.amount_fen,
            status: orderStatus('recharge', body.amount_fen, 0),
            note: body.note ?? '',
            created_at: ctx.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await credit(trx, hotelId, body.amount_fen);
        return order.id;
      });
      const order = await readOrder(ctx, hotelId, id);
      ctx.audit(`Recharge: ${order.amount} yuan`);
      return { order, account: await merchant(ctx, hotelId) };
    },
  });

  defineCall(app, orderCalls.cash, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const id = await ctx.db.transaction().execute(async (trx) => {
        const hotel = await trx
          .selectFrom('hotels')
          .select(['cash_holder', 'cash_bank', 'cash_account'])
          .where('id', '=', hotelId)
          .executeTakeFirstOrThrow();
        if (!hotel.cash_account) throw failure('CASH_DATA_REQUIRED');
        await debit(trx, hotelId, body.amount_fen);
        const order = await trx
          .insertInto('orders')
          .values({
            hotel_id: hotelId,
            user_id: ctx.user.id,
            kind: 'withdrawal',
            amount_fen: body.amount_fen,
            bank_holder: hotel.cash_holder,
            bank_name: hotel.cash_bank,
            bank_account: hotel.cash_account,
            status: 'done',
            note: body.note ?? '',
            created_at: ctx.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return order.id;
      });
      const order = await readOrder(ctx, hotelId, id);
      ctx.audit(`Withdrawal: ${order.amount} yuan to ${order.bank?.account ?? ''}`);
      return { order, account: await merchant(ctx, hotelId) };
    },
  });

  defineCall(app, orderCalls.setCashData, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const account = body.account.replace(/ /g, '');
      if (!/^\d{10,30}$/.test(account)) throw failure('FIELD_INVALID', { field: 'account' });
      await ctx.db
        .updateTable('hotels')
        .set({
          cash_holder: body.holder,
          cash_bank: body.bank,
          cash_account: account,
          cash_set_at: ctx.now(),
        })
        .where('id', '=', hotelId)
        .execute();
      ctx.audit(`Bank account for withdrawals set: ${body.bank} ${maskAccount(account)}`);
      return merchant(ctx, hotelId);
    },
  });

  defineCall(app, orderCalls.macMember, {
    handler: async (ctx) => merchant(ctx, ctx.requireHotelId()),
  });

  defineCall(app, orderCalls.statistics, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const start = hotelDayStart(body.start_date);
      const end = hotelDayStart(body.end_date);
      if (start === undefined) throw failure('FIELD_INVALID', { field: 'start_date' });
      if (end === undefined || end < start || (end - start) / DAY_MS + 1 > MAX_STATISTICS_DAYS) {
        throw failure('FIELD_INVALID', { field: 'end_date' });
      }
      // Days as hotel-time calendar dates; an instant's day is (instant + 8 h) read as UTC.
      const rows = await sql<{
        day: string;
        income_fen: string;
        refund_fen: string;
        occupied: string;
      }>`
        WITH days AS (
          SELECT d::date AS day FROM generate_series(${body.start_date}::date, ${body.end_date}::date, interval '1 day') d
        ),
        money AS (
          SELECT ((o.created_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day,
                 sum(o.amount_fen) FILTER (WHERE o.kind = 'room') AS income_fen,
                 sum(o.amount_fen) FILTER (WHERE o.kind = 'refund' AND c.kind = 'room') AS refund_fen
          FROM orders o
          LEFT JOIN orders c ON c.id = o.refund_of
          WHERE o.hotel_id = ${hotelId}
            AND o.created_at >= ${new Date(start)} AND o.created_at < ${new Date(end + DAY_MS)}
          GROUP BY 1
        )
        SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
               coalesce(money.income_fen, 0) AS income_fen,
               coalesce(money.refund_fen, 0) AS refund_fen,
               (SELECT count(DISTINCT s.room_id) FROM stays s
                 WHERE s.hotel_id = ${hotelId}
                   AND s.status IN ('active', 'checked_out', 'moved')
                   AND s.check_in < ((days.day + 1)::timestamp - interval '8 hours') AT TIME ZONE 'UTC'
                   AND coalesce(s.checked_out_at, s.check_out) > ((days.day + 1)::timestamp - interval '8 hours') AT TIME ZONE 'UTC'
               ) AS occupied
        FROM days LEFT JOIN money ON money.day = days.day
        ORDER BY days.day
      `.execute(ctx.db);
      const rooms = await ctx.db
        .selectFrom('rooms')
        .select(sql<string>`count(*)`.as('n'))
        .where('hotel_id', '=', hotelId)
        .executeTakeFirstOrThrow();
      const roomCount = Number(rooms.n);
      const days = rows.rows.map((r) => {
        const income = Number(r.income_fen);
        const refunds = Number(r.refund_fen);
        const occupied = Number(r.occupied);
        return {
          day: r.day,
          income_fen: income,
          refund_fen: refunds,
          revenue_fen: income - refunds,
          occupied_rooms: occupied,
          rooms: roomCount,
          // Per mille as an integer, so the figure is exact; the console shows it as a percentage.
          occupancy_permille: roomCount === 0 ? 0 : Math.round((occupied * 1000) / roomCount),
        };
      });
      return {
        start_date: body.start_date,
        end_date: body.end_date,
        days,
        totals: {
          income_fen: days.reduce((a, d) => a + d.income_fen, 0),
          refund_fen: days.reduce((a, d) => a + d.refund_fen, 0),
          revenue_fen: days.reduce((a, d) => a + d.revenue_fen, 0),
        },
      };
    },
  });
}

/** Kinds that bring money in (re-exported for the demo and tests). */
export { INCOME_KINDS };
