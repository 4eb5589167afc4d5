/** Every SQL statement of the hotel area: the hotel's information and its breakfast settings and options. */
import type { Db } from '../db/index.js';
import type { Hotel } from '../db/schema.js';

/** Sets the hotel's name, address, telephone and position; the hotel as it now is. */
export function updateHotelInfo(
  db: Db,
  hotelId: number,
  info: {
    name: string;
    address: string;
    telephone: string;
    latitude: number | null;
    longitude: number | null;
    now: Date;
  },
): Promise<Hotel> {
  return db
    .updateTable('hotels')
    .set({
      name: info.name,
      address: info.address,
      telephone: info.telephone,
      latitude: info.latitude,
      longitude: info.longitude,
      updated_at: info.now,
    })
    .where('id', '=', hotelId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The hotel's breakfast options, in their order. */
export function breakfastOptions(db: Db, hotelId: number) {
  return db
    .selectFrom('hotel_breakfasts')
    .select(['id', 'name', 'count', 'price', 'sort'])
    .where('hotel_id', '=', hotelId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Sets the breakfast settings on the hotel; the hotel as it now is. */
export function updateBreakfastSettings(
  db: Db,
  hotelId: number,
  set: { enabled: boolean; start: string | null; end: string | null; price: number; now: Date },
): Promise<Hotel> {
  return db
    .updateTable('hotels')
    .set({
      breakfast_enabled: set.enabled,
      breakfast_start: set.start,
      breakfast_end: set.end,
      breakfast_price: set.price,
      updated_at: set.now,
    })
    .where('id', '=', hotelId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces the hotel's breakfast options. */
export async function replaceBreakfastOptions(
  db: Db,
  hotelId: number,
  options: readonly { name: string; count: number; price: number; sort: number }[],
): Promise<void> {
  await db.deleteFrom('hotel_breakfasts').where('hotel_id', '=', hotelId).execute();
  if (options.length > 0)
    await db
      .insertInto('hotel_breakfasts')
      .values(options.map((o) => ({ hotel_id: hotelId, ...o })))
      .execute();
}
