/**
 * What the room, stay and price calls share: the answer shapes (spec §3 field names), the caller's room scope as
 * SQL, money fields, and the stay guard that turns the database's overlap refusal into ROOM_OCCUPIED.
 */
import { type ExpressionBuilder, sql } from 'kysely';
import type { Permission } from '../auth/permissions.js';
import type { UserContext } from '../call.js';
import { isConstraintViolation } from '../db/index.js';
import type { Database, Room, Stay } from '../db/schema.js';
import { parseYuan } from '../domain/money.js';
import { type RoomScope, roomScope } from '../domain/permissions.js';
import { chargedNights } from '../domain/pricing.js';
import { stayState } from '../domain/stays.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';

// The money fields are the contracts' (protocol/src/calls/money-fields.ts); routes not on contracts import them here.
export { depositField, priceField } from '@lockdesk/protocol';

/** A LIKE pattern finding `text` anywhere, its wildcards escaped (a search for '10%' finds that text). */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Yuan as the string a numeric column is written with. */
export const yuanText = (yuan: number): string => (Math.round(yuan * 100) / 100).toFixed(2);

// The lock MAC rule is the contracts' too (protocol): the room and unlock-record routes still import it from here.
export { normaliseMac } from '@lockdesk/protocol';

/** The caller's room scope for lists; 'none' for an account without a hotel. */
export function callerScope(ctx: UserContext): { hotelId: number; scope: RoomScope } {
  const hotelId = ctx.requireHotelId();
  const scope = roomScope(
    { id: ctx.user.id, role: ctx.user.role, hotelId: ctx.hotelId, authorities: ctx.user.authorities },
    hotelId,
  );
  if (scope.kind === 'none') throw failure('PERMISSION_DENIED');
  return { hotelId, scope };
}

/** A where-clause keeping the rooms (aliased `r`) the scope lets the caller see. */
export function inScope(scope: RoomScope, hotelId: number) {
  return (eb: ExpressionBuilder<Database & { r: Database['rooms'] }, 'r'>) => {
    const ofHotel = eb('r.hotel_id', '=', hotelId);
    if (scope.kind === 'all') return ofHotel;
    if (scope.kind === 'none') return eb.and([ofHotel, sql<boolean>`false`]);
    return eb.and([
      ofHotel,
      eb('r.id', 'in', eb.selectFrom('user_rooms').select('room_id').where('user_id', '=', scope.userId)),
    ]);
  };
}

/** A stay as answered: the spec's tenant fields, its period in seconds and its state now. */
export function stayView(stay: Stay, nowMs: number) {
  const { state, remainingSeconds } = stayState(
    { startMs: stay.check_in.getTime(), endMs: stay.check_out.getTime(), status: stay.status },
    nowMs,
  );
  return {
    stay_id: stay.id,
    room_id: stay.room_id,
    mobile: stay.mobile,
    nickname: stay.nickname,
    id_number: stay.id_number,
    start_time: epochSeconds(stay.check_in),
    end_time: epochSeconds(stay.check_out),
    checked_out_at: epochSeconds(stay.checked_out_at),
    other_information: stay.other_information,
    breakfast: stay.breakfast,
    unlock_by_id_card: stay.unlock_by_id_card,
    disable_old_cards: stay.disable_old_cards,
    kind: stay.kind,
    price: stay.price,
    deposit: stay.deposit,
    frozen: stay.frozen,
    password_limited: stay.password_limited,
    status: stay.status,
    state,
    remaining: remainingSeconds,
    moved_from_stay_id: stay.moved_from_stay_id,
  };
}

/** A room as answered (spec §3 'Room/lock' and 'Room price'). */
export function roomView(room: Omit<Room, 'name_key'>, categoryName: string | null = null) {
  return {
    id: room.id,
    room_id: room.id,
    name: room.name,
    category_id: room.category_id,
    category_name: categoryName,
    status: room.status,
    mac_id: room.mac_id,
    lock_id: room.lock_id,
    building: room.building,
    floor: room.floor,
    remark: room.remark,
    notice: room.notice,
    picture: room.picture,
    description: room.description,
    bluetooth_name: room.bluetooth_name,
    battery: room.battery,
    deposit: room.deposit,
    price: room.usual_price,
    weekend_price: room.weekend_price,
    renew: room.renew,
    price_template_id: room.price_template_id,
    updated_at: epochSeconds(room.updated_at),
  };
}

/**
 * What a renewal of a stay is priced from (quoteRenewal): the check-in its fee counts from and its nightly rate,
 * the fee over its charged nights. A move (room/exchangeHouses) splits the fee between the stay it ends and the
 * new one (splitMovedFee), so the fee of a moved stay is the sum over its chain of moves, counted from the first
 * stay's check-in.
 */
export async function renewalBasis(
  ctx: UserContext,
  stay: Stay,
): Promise<{ checkInMs: number; nightlyFen: number }> {
  let checkIn = stay.check_in;
  let feeFen = parseYuan(stay.price) ?? 0;
  let from = stay.moved_from_stay_id;
  for (let hops = 0; from !== null && hops < 100; hops++) {
    const earlier = await ctx.db
      .selectFrom('stays')
      .select(['check_in', 'price', 'moved_from_stay_id'])
      .where('id', '=', from)
      .executeTakeFirst();
    if (!earlier) break;
    checkIn = earlier.check_in;
    feeFen += parseYuan(earlier.price) ?? 0;
    from = earlier.moved_from_stay_id;
  }
  const nights = chargedNights(checkIn.getTime(), stay.check_out.getTime()).length;
  return { checkInMs: checkIn.getTime(), nightlyFen: Math.round(feeFen / nights) };
}

/** Runs a write that may break the stays overlap rules; the database's refusal becomes ROOM_OCCUPIED. */
export async function guardOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isConstraintViolation(e, 'exclusion') || isConstraintViolation(e, 'unique'))
      throw failure('ROOM_OCCUPIED');
    throw e;
  }
}

/**
 * Like ctx.requireRoom for many rooms at once: NOT_FOUND if one is not the hotel's, PERMISSION_DENIED if out of scope;
 * once checked, the rooms are recorded as touched by the call (operation log).
 */
export async function requireRooms(
  ctx: UserContext,
  roomIds: number[],
  permission: Permission,
): Promise<void> {
  ctx.require(permission);
  const { hotelId, scope } = callerScope(ctx);
  const inHotel = await ctx.db
    .selectFrom('rooms as r')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('r.id', 'in', roomIds)
    .where('r.hotel_id', '=', hotelId)
    .executeTakeFirstOrThrow();
  if (Number(inHotel.n) !== roomIds.length) throw failure('NOT_FOUND');
  if (scope.kind !== 'all') {
    const allowed = await ctx.db
      .selectFrom('rooms as r')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('r.id', 'in', roomIds)
      .where(inScope(scope, hotelId))
      .executeTakeFirstOrThrow();
    if (Number(allowed.n) !== roomIds.length) throw failure('PERMISSION_DENIED');
  }
  ctx.touchRooms(roomIds);
}
