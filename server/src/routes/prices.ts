/**
 * Room prices and price templates (spec §3 'Room price', 'Price template'). Prices are yuan with 2 decimals, at
 * least 1 (PRICE_TOO_LOW); computed in fen (domain/pricing.ts). Choices where the spec is silent:
 * - a weekend price of 0 clears it (weekend nights then cost the usual price); a deposit may be 0;
 * - `date_prices` replaces the room's specific-date prices when given (an empty list clears them);
 * - setting a room's price by hand detaches it from its template; applying a template copies the template's
 *   prices into each room (later template edits do not move rooms silently);
 * - priceTemplate/add with an `id` edits that template (the console has no separate edit call);
 * - setting prices (room/setPrice, setRenew, priceTemplate/add, setPriceTemplate) needs the merchant (hotel)
 *   information first: HOTEL_INFO_REQUIRED (spec §5).
 */
import { type DatePrice, priceCalls, type QuoteNightKind } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import type { Room } from '../db/schema.js';
import { parseYuan, toYuan } from '../domain/money.js';
import { quoteRenewal, quoteStay, type RoomPrices } from '../domain/pricing.js';
import { isCalendarDate } from '../domain/time.js';
import { failure } from '../errors.js';
import { epochSeconds, pageOf } from '../fields.js';
import { requireHotelInfo } from '../services/hotel.js';
import { renewalBasis, requireRooms, yuanText } from '../shared/room-views.js';

/** Reads `date_prices: [{ day: 'YYYY-MM-DD', price }]`: FIELD_INVALID for a bad day, PRICE_TOO_LOW for a price. */
function readDatePrices(value: unknown[] | undefined): DatePrice[] | undefined {
  if (value === undefined) return undefined;
  const seen = new Map<string, number>();
  for (const item of value) {
    const { day, price } = (item ?? {}) as { day?: unknown; date?: unknown; price?: unknown };
    const date = day ?? (item as { date?: unknown } | null)?.date;
    if (!isCalendarDate(date)) throw failure('FIELD_INVALID', { field: 'date_prices' });
    const yuan = typeof price === 'string' ? Number(price) : price;
    if (typeof yuan !== 'number' || !Number.isFinite(yuan) || yuan < 1) throw failure('PRICE_TOO_LOW');
    if (parseYuan(yuan) === undefined) throw failure('FIELD_INVALID', { field: 'date_prices' });
    seen.set(date, yuan);
  }
  return [...seen].map(([day, price]) => ({ day, price })).sort((a, b) => a.day.localeCompare(b.day));
}

/** A room's prices in fen, for the pricing rules. */
export async function roomPrices(ctx: UserContext, room: Room): Promise<RoomPrices> {
  const dates = await ctx.db
    .selectFrom('room_date_prices')
    .select(['day', 'price'])
    .where('room_id', '=', room.id)
    .execute();
  return {
    depositFen: parseYuan(room.deposit) ?? 0,
    usualFen: room.usual_price > 0 ? parseYuan(room.usual_price) : undefined,
    weekendFen: room.weekend_price > 0 ? parseYuan(room.weekend_price) : undefined,
    specificFen: Object.fromEntries(dates.map((d) => [d.day, parseYuan(d.price) ?? 0])),
    renewAtSetPrice: room.renew,
  };
}

async function roomPriceView(ctx: UserContext, room: Room) {
  const dates = await ctx.db
    .selectFrom('room_date_prices')
    .select(['day', 'price'])
    .where('room_id', '=', room.id)
    .orderBy('day')
    .execute();
  return {
    room_id: room.id,
    deposit: room.deposit,
    price: room.usual_price,
    weekend_price: room.weekend_price,
    date_prices: dates,
    renew: room.renew,
    price_template_id: room.price_template_id,
  };
}

function quoteView(q: {
  nights: { date: string; priceFen: number; kind: QuoteNightKind }[];
  roomFeeFen: number;
  depositFen: number;
  totalFen: number;
}) {
  return {
    nights: q.nights.length,
    list: q.nights.map((n) => ({ date: n.date, price: toYuan(n.priceFen), kind: n.kind })),
    room_fee: toYuan(q.roomFeeFen),
    deposit: toYuan(q.depositFen),
    total: toYuan(q.totalFen),
  };
}

type Template = {
  id: number;
  name: string;
  deposit: number;
  usual_price: number;
  weekend_price: number;
  date_prices: DatePrice[];
  created_at: Date;
  updated_at: Date;
};

function templateView(t: Template, roomCount?: number) {
  return {
    id: t.id,
    name: t.name,
    deposit: t.deposit,
    price: t.usual_price,
    weekend_price: t.weekend_price,
    date_prices: t.date_prices,
    created_at: epochSeconds(t.created_at),
    updated_at: epochSeconds(t.updated_at),
    ...(roomCount === undefined ? {} : { room_count: roomCount }),
  };
}

async function findTemplate(ctx: UserContext, id: number) {
  const hotelId = ctx.requireHotelId();
  const row = await ctx.db
    .selectFrom('price_templates')
    .selectAll()
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
  if (!row) throw failure('NOT_FOUND');
  return row;
}

export function priceRoutes(app: FastifyInstance): void {
  defineCall(app, priceCalls.setPrice, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'price.manage');
      await requireHotelInfo(ctx);
      const datePrices = readDatePrices(body.date_prices);
      const updated = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('rooms')
          .set({
            usual_price: yuanText(body.price),
            ...(body.deposit === undefined ? {} : { deposit: yuanText(body.deposit) }),
            ...(body.weekend_price === undefined ? {} : { weekend_price: yuanText(body.weekend_price) }),
            price_template_id: null,
            updated_at: ctx.now(),
          })
          .where('id', '=', room.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (datePrices) {
          await trx.deleteFrom('room_date_prices').where('room_id', '=', room.id).execute();
          if (datePrices.length > 0) {
            await trx
              .insertInto('room_date_prices')
              .values(datePrices.map((d) => ({ room_id: room.id, day: d.day, price: yuanText(d.price) })))
              .execute();
          }
        }
        return row;
      });
      ctx.audit(
        `Room ${room.name}: price ${updated.usual_price}, weekend ${updated.weekend_price}, deposit ${updated.deposit}`,
      );
      return roomPriceView(ctx, updated);
    },
  });

  defineCall(app, priceCalls.setRenew, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'price.manage');
      await requireHotelInfo(ctx);
      const updated = await ctx.db
        .updateTable('rooms')
        .set({ renew: body.renew, updated_at: ctx.now() })
        .where('id', '=', room.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      ctx.audit(`Room ${room.name}: renewal at the set price ${body.renew ? 'on' : 'off'}`);
      return roomPriceView(ctx, updated);
    },
  });

  defineCall(app, priceCalls.priceInfo, {
    handler: async (ctx, body) => roomPriceView(ctx, await ctx.requireRoom(body.room_id, 'room.view')),
  });

  defineCall(app, priceCalls.quote, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.view');
      const prices = await roomPrices(ctx, room);
      if (body.stay_id !== undefined) {
        // A renewal: from the stay's current check-out to the new one.
        const stay = await ctx.db
          .selectFrom('stays')
          .selectAll()
          .where('id', '=', body.stay_id)
          .where('room_id', '=', room.id)
          .executeTakeFirst();
        if (!stay) throw failure('NOT_FOUND');
        // Only a stay still open can be renewed (user/setUserExpiration refuses the others too).
        if (stay.status !== 'active' && stay.status !== 'reserved') throw failure('STAY_CLOSED');
        // Priced exactly as user/setUserExpiration will charge it.
        const { checkInMs, nightlyFen } = await renewalBasis(ctx, stay);
        const quote = quoteRenewal(
          prices,
          nightlyFen,
          checkInMs,
          stay.check_out.getTime(),
          body.end_time.getTime(),
        );
        if (!quote.ok) throw failure(quote.code, quote.params);
        return { room_id: room.id, stay_id: stay.id, renewal: true, ...quoteView(quote.value) };
      }
      if (!body.start_time) throw failure('CHECK_IN_TIME_REQUIRED');
      const quote = quoteStay(prices, body.start_time.getTime(), body.end_time.getTime());
      if (!quote.ok) throw failure(quote.code, quote.params);
      return { room_id: room.id, renewal: false, ...quoteView(quote.value) };
    },
  });

  defineCall(app, priceCalls.templates, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const { page, limit, offset } = pageOf(body);
      const q = ctx.db.selectFrom('price_templates as t').where('t.hotel_id', '=', hotelId);
      const [count, rows] = await Promise.all([
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
        q
          .selectAll('t')
          .select((eb) =>
            eb
              .selectFrom('rooms')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('rooms.price_template_id', '=', 't.id')
              .as('room_count'),
          )
          .orderBy('t.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return {
        list: rows.map((t) => templateView(t as Template, Number(t.room_count ?? 0))),
        total: Number(count.n),
        page,
        limit,
      };
    },
  });

  defineCall(app, priceCalls.template, {
    handler: async (ctx, body) => templateView((await findTemplate(ctx, body.id)) as Template),
  });

  defineCall(app, priceCalls.saveTemplate, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      await requireHotelInfo(ctx);
      const datePrices = readDatePrices(body.date_prices);
      const values = {
        name: body.name,
        usual_price: yuanText(body.price),
        deposit: yuanText(body.deposit ?? 0),
        weekend_price: yuanText(body.weekend_price ?? 0),
        date_prices: JSON.stringify(datePrices ?? []),
        updated_at: ctx.now(),
      };
      let row: Template;
      if (body.id !== undefined) {
        await findTemplate(ctx, body.id);
        row = (await ctx.db
          .updateTable('price_templates')
          .set(values)
          .where('id', '=', body.id)
          .returningAll()
          .executeTakeFirstOrThrow()) as Template;
        ctx.audit(`Price template edited: ${row.name}`);
      } else {
        row = (await ctx.db
          .insertInto('price_templates')
          .values({ ...values, hotel_id: hotelId })
          .returningAll()
          .executeTakeFirstOrThrow()) as Template;
        ctx.audit(`Price template added: ${row.name}`);
      }
      return templateView(row);
    },
  });

  defineCall(app, priceCalls.deleteTemplate, {
    handler: async (ctx, body) => {
      const template = await findTemplate(ctx, body.id);
      await ctx.db.deleteFrom('price_templates').where('id', '=', template.id).execute();
      ctx.audit(`Price template deleted: ${template.name}`);
      return { id: template.id };
    },
  });

  defineCall(app, priceCalls.applyTemplate, {
    handler: async (ctx, body) => {
      const roomIds = [...new Set(body.room_ids)];
      if (roomIds.length === 0) throw failure('FIELD_REQUIRED', { field: 'room_ids' });
      const template = (await findTemplate(ctx, body.id)) as Template;
      // Every room must be the caller's to price: one refused room refuses the whole call.
      await requireRooms(ctx, roomIds, 'price.manage');
      await requireHotelInfo(ctx);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('rooms')
          .set({
            usual_price: template.usual_price,
            deposit: template.deposit,
            weekend_price: template.weekend_price,
            price_template_id: template.id,
            updated_at: ctx.now(),
          })
          .where('id', 'in', roomIds)
          .execute();
        await trx.deleteFrom('room_date_prices').where('room_id', 'in', roomIds).execute();
        const rows = roomIds.flatMap((room_id) =>
          template.date_prices.map((d) => ({ room_id, day: d.day, price: yuanText(d.price) })),
        );
        // Batches keep each statement well under the bind-parameter limit.
        for (let i = 0; i < rows.length; i += 5_000) {
          await trx
            .insertInto('room_date_prices')
            .values(rows.slice(i, i + 5_000))
            .execute();
        }
      });
      ctx.audit(`Price template ${template.name} applied to ${roomIds.length} rooms`);
      return { id: template.id, count: roomIds.length };
    },
  });
}
