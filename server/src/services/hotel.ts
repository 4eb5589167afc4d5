/** Hotel (merchant) information shared by routes. */
import { hotelInfoComplete } from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import type { Hotel } from '../db/schema.js';
import { failure } from '../errors.js';

/** True when name, address and telephone are filled in (spec §5 'Merchant or hotel information'); the protocol's rule. */
export { hotelInfoComplete };

/** The caller's hotel, or HOTEL_INFO_REQUIRED until its information is complete. */
export async function requireHotelInfo(ctx: UserContext): Promise<Hotel> {
  if (ctx.hotelId === null) throw failure('HOTEL_INFO_REQUIRED');
  const hotel = await ctx.db
    .selectFrom('hotels')
    .selectAll()
    .where('id', '=', ctx.hotelId)
    .executeTakeFirst();
  if (!hotel || !hotelInfoComplete(hotel)) throw failure('HOTEL_INFO_REQUIRED');
  return hotel;
}

/** The caller's hotel row (PERMISSION_DENIED for an account without a hotel). */
export async function callerHotel(ctx: UserContext): Promise<Hotel> {
  const id = ctx.requireHotelId();
  const hotel = await ctx.db.selectFrom('hotels').selectAll().where('id', '=', id).executeTakeFirst();
  if (!hotel) throw failure('NOT_FOUND');
  return hotel;
}
