/** The hotel area's rules: the information answered and set, the breakfast settings checked and replaced. */
import type { BodyOf, HotelBreakfast, HotelInfo, hotelCalls } from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import type { Hotel } from '../db/schema.js';
import { failure } from '../errors.js';
import { callerHotel, hotelInfoComplete } from '../services/hotel.js';
import * as repo from './repository.js';

/** The hotel as answered by the info calls. */
export function hotelView(hotel: Hotel): HotelInfo {
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

/** The caller's hotel. */
export async function hotelInfo(ctx: UserContext): Promise<HotelInfo> {
  return hotelView(await callerHotel(ctx));
}

/** Sets the caller's hotel's information; a position not given stays as it was. */
export async function setHotelInfo(
  ctx: UserContext,
  body: BodyOf<typeof hotelCalls.setInfo>,
): Promise<HotelInfo> {
  const hotel = await callerHotel(ctx);
  const updated = await repo.updateHotelInfo(ctx.db, hotel.id, {
    name: body.name,
    address: body.address,
    telephone: body.telephone,
    latitude: body.latitude ?? hotel.latitude,
    longitude: body.longitude ?? hotel.longitude,
    now: ctx.now(),
  });
  ctx.audit(`Hotel information: ${body.name}, ${body.address}, ${body.telephone}`);
  return hotelView(updated);
}

async function breakfastView(ctx: UserContext, hotel: Hotel): Promise<HotelBreakfast> {
  const list = await repo.breakfastOptions(ctx.db, hotel.id);
  return {
    enabled: hotel.breakfast_enabled,
    start_time: hotel.breakfast_start,
    end_time: hotel.breakfast_end,
    price: hotel.breakfast_price,
    list,
  };
}

/** The caller's hotel's breakfast settings and options. */
export async function breakfast(ctx: UserContext): Promise<HotelBreakfast> {
  return breakfastView(ctx, await callerHotel(ctx));
}

const invalidList = () => failure('FIELD_INVALID', { field: 'list' });

/**
 * Saves the breakfast settings; `list`, when given, replaces the options (each a name of 1–50 characters, a
 * count 0–20 and a price 0–100,000). Run in the call's transaction: the settings and options change together.
 */
export async function setBreakfast(
  ctx: UserContext,
  body: BodyOf<typeof hotelCalls.setBreakfast>,
): Promise<HotelBreakfast> {
  const hotel = await callerHotel(ctx);
  const options = (body.list ?? []).map((item, i) => {
    const name = typeof item['name'] === 'string' ? item['name'].trim() : '';
    const count = Number(item['count'] ?? 0);
    const price = Number(item['price'] ?? 0);
    if (!name || name.length > 50) throw invalidList();
    if (!Number.isInteger(count) || count < 0 || count > 20) throw invalidList();
    if (!Number.isFinite(price) || price < 0 || price > 100_000) throw invalidList();
    return { name, count, price, sort: i };
  });
  const updated = await repo.updateBreakfastSettings(ctx.db, hotel.id, {
    enabled: body.enabled,
    start: body.start_time ?? hotel.breakfast_start,
    end: body.end_time ?? hotel.breakfast_end,
    price: body.price ?? hotel.breakfast_price,
    now: ctx.now(),
  });
  if (body.list) await repo.replaceBreakfastOptions(ctx.db, hotel.id, options);
  ctx.audit(`Breakfast ${body.enabled ? 'on' : 'off'}${body.list ? `, ${options.length} options` : ''}`);
  return breakfastView(ctx, updated);
}
