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
 * The rules are service.ts's, the SQL repository.ts's.
 */
import { orderCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { failure } from '../errors.js';
import { ordersPage, setCashAccount } from './repository.js';
import {
  maskAccount,
  merchant,
  orderView,
  readOrder,
  recharge,
  refund,
  statistics,
  withdraw,
} from './service.js';

/** Registers the bill centre's calls. */
export function billRoutes(app: FastifyInstance): void {
  defineCall(app, orderCalls.orderList, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      if (body.start_time && body.end_time && body.start_time > body.end_time) {
        throw failure('FIELD_INVALID', { field: 'end_time' });
      }
      const { page, totals } = await ordersPage(
        ctx.db,
        hotelId,
        {
          kind: body.kind,
          from: body.start_time,
          to: body.end_time,
          roomId: body.room_id,
          keyword: body.keyword,
        },
        body,
        { byAmount: body.sort === 'amount', ascending: body.order === 'asc' },
      );
      return { ...page, list: page.list.map(orderView), totals };
    },
  });

  defineCall(app, orderCalls.refund, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const refundId = await refund(ctx, hotelId, body.order_id, body.amount_fen, body.note ?? '');
      const done = await readOrder(ctx, hotelId, refundId);
      if (done.room_id !== null) ctx.touchRooms([done.room_id]);
      ctx.audit(`Refund of order ${body.order_id}: ${done.amount} yuan`);
      return { refund: done, order: await readOrder(ctx, hotelId, body.order_id) };
    },
  });

  defineCall(app, orderCalls.recharge, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const order = await readOrder(
        ctx,
        hotelId,
        await recharge(ctx, hotelId, body.amount_fen, body.note ?? ''),
      );
      ctx.audit(`Recharge: ${order.amount} yuan`);
      return { order, account: await merchant(ctx, hotelId) };
    },
  });

  defineCall(app, orderCalls.cash, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const order = await readOrder(
        ctx,
        hotelId,
        await withdraw(ctx, hotelId, body.amount_fen, body.note ?? ''),
      );
      ctx.audit(`Withdrawal: ${order.amount} yuan to ${order.bank?.account ?? ''}`);
      return { order, account: await merchant(ctx, hotelId) };
    },
  });

  defineCall(app, orderCalls.setCashData, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const account = body.account.replace(/ /g, '');
      if (!/^\d{10,30}$/.test(account)) throw failure('FIELD_INVALID', { field: 'account' });
      await setCashAccount(ctx.db, hotelId, { holder: body.holder, bank: body.bank, account }, ctx.now());
      ctx.audit(`Bank account for withdrawals set: ${body.bank} ${maskAccount(account)}`);
      return merchant(ctx, hotelId);
    },
  });

  defineCall(app, orderCalls.macMember, {
    handler: async (ctx) => merchant(ctx, ctx.requireHotelId()),
  });

  defineCall(app, orderCalls.statistics, {
    handler: async (ctx, body) => statistics(ctx, ctx.requireHotelId(), body.start_date, body.end_date),
  });
}
