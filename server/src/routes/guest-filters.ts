/**
 * The guest list's filters and its stay per guest (passenger/list, issue 10 contract D): in house now, stayed in a
 * room, stayed within a period; and the guest's current stay, else the latest, among the rooms in the caller's
 * scope. Exported for the guests export, which filters the same way. Choices where the contract is silent:
 * - a guest's stays are those where they are the guest or a fellow guest (room/addPassenger); cancelled stays are
 *   never stayed in;
 * - `room_id`, the period and `in_house: 1` hold for ONE stay together (in house now in that room); `in_house: 0`
 *   keeps the guests without an active stay in the caller's rooms;
 * - the period keeps a stay that overlaps it: checked in before its end and checked out (or due out) after its start.
 */
import { GUEST_FILTERS } from '@lockdesk/protocol';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { UserContext } from '../call.js';
import type { Database } from '../db/schema.js';
import type { RoomScope } from '../domain/permissions.js';
import { failure } from '../errors.js';
import { epochSeconds, type Infer } from '../fields.js';

// The filters passenger/list adds to `name` are its contract's (protocol/src/calls/stays.ts); the guests export
// takes them from here.
export { GUEST_FILTERS };
export type GuestFilters = Infer<typeof GUEST_FILTERS>;

type Guests = Database & { p: Database['passengers'] };

/** The stays (aliased `gs`, joined to their room `gr`) of the guest `p.id`, within the caller's rooms. */
function staysOfGuest(eb: ExpressionBuilder<Guests, 'p'>, hotelId: number, scope: RoomScope) {
  return eb
    .selectFrom('stays as gs')
    .innerJoin('rooms as gr', 'gr.id', 'gs.room_id')
    .where('gs.hotel_id', '=', hotelId)
    .where((w) =>
      w.or([
        w('gs.passenger_id', '=', w.ref('p.id')),
        w.exists(
          w
            .selectFrom('stay_guests as sg')
            .select('sg.id')
            .whereRef('sg.stay_id', '=', 'gs.id')
            .whereRef('sg.passenger_id', '=', 'p.id'),
        ),
      ]),
    )
    .where((w) => {
      if (scope.kind === 'all') return sql<boolean>`true`;
      if (scope.kind === 'none') return sql<boolean>`false`;
      return w(
        'gs.room_id',
        'in',
        w.selectFrom('user_rooms').select('room_id').where('user_id', '=', scope.userId),
      );
    });
}

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
  if (roomId !== undefined || start || end || body.in_house === 1) {
    q = q.where((eb) =>
      eb.exists(
        staysOfGuest(eb, hotelId, scope)
          .select('gs.id')
          .where('gs.status', '<>', 'cancelled')
          .$if(roomId !== undefined, (s) => s.where('gs.room_id', '=', roomId as number))
          .$if(body.in_house === 1, (s) => s.where('gs.status', '=', 'active'))
          .$if(end !== undefined, (s) => s.where('gs.check_in', '<=', end as Date))
          .$if(start !== undefined, (s) =>
            s.where(sql<Date>`coalesce(gs.checked_out_at, gs.check_out)`, '>=', start as Date),
          ),
      ),
    );
  }
  if (body.in_house === 0) {
    q = q.where((eb) =>
      eb.not(eb.exists(staysOfGuest(eb, hotelId, scope).select('gs.id').where('gs.status', '=', 'active'))),
    );
  }
  return q;
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
  const rows = await ctx.db
    .selectFrom('passengers as p')
    .innerJoinLateral(
      (eb) =>
        staysOfGuest(eb, hotelId, scope)
          .select(['gs.id', 'gs.room_id', 'gr.name as room_name', 'gs.check_in', 'gs.check_out', 'gs.status'])
          .orderBy(sql`gs.status = 'active'`, 'desc')
          .orderBy(sql`gs.status = 'cancelled'`, 'asc')
          .orderBy('gs.check_in', 'desc')
          .orderBy('gs.id', 'desc')
          .limit(1)
          .as('st'),
      (join) => join.onTrue(),
    )
    .select([
      'p.id as passenger_id',
      'st.id',
      'st.room_id',
      'st.room_name',
      'st.check_in',
      'st.check_out',
      'st.status',
    ])
    .where('p.id', 'in', passengerIds)
    .execute();
  for (const r of rows) {
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
