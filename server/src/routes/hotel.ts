/** Merchant or hotel information and breakfast settings. */
import { hotelCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import type { Hotel } from '../db/schema.js';
import { failure } from '../errors.js';
import { callerHotel, hotelInfoComplete } from '../services/hotel.js';

/** The hotel as answered by the info calls. */
export function hotelView(hotel: Hotel) {
  return {
    id: hotel.id,
    name: hotel.name,
    address: hotel.address,
    telephone: hotel.telephone,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    complete: hotelInfoComplete(hotel),
  };
}

async function breakfastView(ctx: UserContext, hotel: Hotel) {
  const list = await ctx.db
    .selectFrom('hotel_breakfasts')
    .select(['id', 'name', 'count', 'price', 'sort'])
    .where('hotel_id', '=', hotel.id)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return {
    enabled: hotel.breakfast_enabled,
    start_time: hotel.breakfast_start,
    end_time: hotel.breakfast_end,
    price: hotel.breakfast_price,
    list,
  };
}

export function hotelRoutes(app: FastifyInstance): void {
  const setInfo = async (
    ctx: UserContext,
    body: { name: string; address: string; telephone: string; latitude?: number; longitude?: number },
  ) => {
    const hotel = await callerHotel(ctx);
    const updated = await ctx.db
      .updateTable('hotels')
      .set({
        name: body.name,
        address: body.address,
        telephone: body.telephone,
        latitude: body.latitude ?? hotel.latitude,
        longitude: body.longitude ?? hotel.longitude,
        updated_at: ctx.now(),
      })
      .where('id', '=', hotel.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    ctx.audit(`Hotel information: ${body.name}, ${body.address}, ${body.telephone}`);
    return hotelView(updated);
  };

  // Each under the newer and the older console's name.
  for (const contract of [hotelCalls.setInfo, hotelCalls.setData])
    defineCall(app, contract, { handler: setInfo });
  for (const contract of [hotelCalls.info, hotelCalls.getInfo])
    defineCall(app, contract, { handler: async (ctx) => hotelView(await callerHotel(ctx)) });

  defineCall(app, hotelCalls.breakfast, {
    handler: async (ctx) => breakfastView(ctx, await callerHotel(ctx)),
  });

  defineCall(app, hotelCalls.setBreakfast, {
    transaction: true,
    handler: async (ctx, body) => {
      const hotel = await callerHotel(ctx);
      const options = (body.list ?? []).map((item, i) => {
        const name = typeof item['name'] === 'string' ? item['name'].trim() : '';
        const count = Number(item['count'] ?? 0);
        const price = Number(item['price'] ?? 0);
        if (!name || name.length > 50) throw failureField('list');
        if (!Number.isInteger(count) || count < 0 || count > 20) throw failureField('list');
        if (!Number.isFinite(price) || price < 0 || price > 100_000) throw failureField('list');
        return { hotel_id: hotel.id, name, count, price, sort: i };
      });
      const updated = await ctx.db
        .updateTable('hotels')
        .set({
          breakfast_enabled: body.enabled,
          breakfast_start: body.start_time ?? hotel.breakfast_start,
          breakfast_end: body.end_time ?? hotel.breakfast_end,
          breakfast_price: body.price ?? hotel.breakfast_price,
          updated_at: ctx.now(),
        })
        .where('id', '=', hotel.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (body.list) {
        await ctx.db.deleteFrom('hotel_breakfasts').where('hotel_id', '=', hotel.id).execute();
        if (options.length > 0) await ctx.db.insertInto('hotel_breakfasts').values(options).execute();
      }
      ctx.audit(`Breakfast ${body.enabled ? 'on' : 'off'}${body.list ? `, ${options.length} options` : ''}`);
      return breakfastView(ctx, updated);
    },
  });
}

const failureField = (field: string) => failure('FIELD_INVALID', { field });
