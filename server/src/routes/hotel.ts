/** Merchant or hotel information and breakfast settings. */
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import type { Hotel } from '../db/schema.js';
import { failure } from '../errors.js';
import { f } from '../fields.js';
import { callerHotel, hotelInfoComplete } from '../services/hotel.js';

const TELEPHONE = /^[0-9+\-() ]{5,20}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

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

const hotelInfoSchema = {
  name: f.string({ max: 100 }),
  address: f.string({ max: 200 }),
  telephone: f.string({ pattern: TELEPHONE }),
  latitude: f.number({ min: -90, max: 90, optional: true }),
  longitude: f.number({ min: -180, max: 180, optional: true }),
};

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

  for (const path of ['room/setHotelInfo', 'room/setHotelData']) {
    defineCall(app, {
      path,
      auth: 'user',
      mutates: true,
      permission: 'hotel.manage',
      schema: hotelInfoSchema,
      handler: setInfo,
    });
  }

  for (const path of ['room/hotelInfo', 'room/getHotelInfo']) {
    defineCall(app, {
      path,
      auth: 'user',
      mutates: false,
      schema: {},
      handler: async (ctx) => hotelView(await callerHotel(ctx)),
    });
  }

  defineCall(app, {
    path: 'room/hotelBreakFastList',
    auth: 'user',
    mutates: false,
    schema: {},
    handler: async (ctx) => breakfastView(ctx, await callerHotel(ctx)),
  });

  defineCall(app, {
    path: 'room/hotelBreakFast',
    auth: 'user',
    mutates: true,
    permission: 'hotel.manage',
    transaction: true,
    schema: {
      enabled: f.bool(),
      start_time: f.string({ pattern: CLOCK, optional: true }),
      end_time: f.string({ pattern: CLOCK, optional: true }),
      price: f.number({ min: 0, max: 100_000, optional: true }),
      list: f.array({ max: 20, optional: true, of: f.object() }),
    },
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
