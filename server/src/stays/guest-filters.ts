/**
 * The guest list's filters and its stay per guest (passenger/list, issue 10 contract D): in house now, stayed in a
 * room, stayed within a period; and the guest's current stay, else the latest, among the rooms in the caller's
 * scope. Exported for the guests export, which filters the same way. The filters' meaning is written beside their
 * statements (repository/guests.ts).
 */
import { GUEST_FILTERS } from '@lockdesk/protocol';
import type { SelectQueryBuilder } from 'kysely';
import type { UserContext } from '../call.js';
import type { RoomScope } from '../domain/permissions.js';
import { failure } from '../errors.js';
import { epochSeconds, type Infer } from '../fields.js';
import { type Guests, latestStayOfGuests, whereGuestFilters } from './repository/guests.js';

// The filters passenger/list adds to `name` are its contract's (protocol/src/calls/stays.ts); the guests export
// takes them from here.
export { GUEST_FILTERS };
export type GuestFilters = Infer<typeof GUEST_FILTERS>;

/**
 * The guest filters applied to a query over `passengers as p`: NOT_FOUND / PERMISSION_DENIED for a room outside the
 * hotel or the caller's scope, END_BEFORE_START for a reversed period.
 */
export async function filterGuests<O>(
  ctx: UserContext,
  q: SelectQueryBuilder<Guests, 'p', O>,
  body: GuestFilters,
  hotelId: number,
  scope: RoomScope,
): Promise<SelectQueryBuilder<Guests, 'p', O>> {
  const { start_time: start, end_time: end } = body;
  if (start && end && end < start) throw failure('END_BEFORE_START', { field: 'end_time' });
  const roomId =
    body.room_id === undefined ? undefined : (await ctx.requireRoom(body.room_id, 'room.view')).id;
  return whereGuestFilters(q, { roomId, start, end, inHouse: body.in_house }, hotelId, scope);
}

/** A guest's stay as the guest list answers it. */
export interface GuestStay {
  id: number;
  room_id: number;
  room_name: string;
  check_in_time: number;
  estimated_check_out: number;
  status: string;
}

/** Per guest id: the current (active) stay, else the latest by check-in (cancelled ones last), in the caller's rooms. */
export async function guestStays(
  ctx: UserContext,
  passengerIds: number[],
  hotelId: number,
  scope: RoomScope,
): Promise<Map<number, GuestStay>> {
  const stays = new Map<number, GuestStay>();
  if (passengerIds.length === 0) return stays;
  for (const r of await latestStayOfGuests(ctx.db, passengerIds, hotelId, scope)) {
    stays.set(r.passenger_id, {
      id: r.id,
      room_id: r.room_id,
      room_name: r.room_name,
      check_in_time: epochSeconds(r.check_in) as number,
      estimated_check_out: epochSeconds(r.check_out) as number,
      status: r.status,
    });
  }
  return stays;
}
