/**
 * The guests' statements (passenger/list, passenger/info and the guests export): the hotel's guest records, the
 * guest filters as where-clauses, and each guest's stay within the caller's rooms. Choices where the contract is
 * silent:
 * - a guest's stays are those where they are the guest or a fellow guest (room/addPassenger); cancelled stays are
 *   never stayed in;
 * - `room_id`, the period and `in_house: 1` hold for ONE stay together (in house now in that room); `in_house: 0`
 *   keeps the guests without an active stay in the caller's rooms;
 * - the period keeps a stay that overlaps it: checked in before its end and checked out (or due out) after its start.
 */
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { RoomScope } from '../../domain/permissions.js';
import { inScope, likePattern } from '../../shared/room-views.js';

/** The tables a guest query reads: the guest records as `p`. */
export type Guests = Database & { p: Database['passengers'] };

/** The guest filters once checked (the room resolved in the caller's scope, the period in order). */
export interface GuestWhere {
  roomId?: number | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  inHouse?: number | undefined;
}

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

/** The guest filters as where-clauses on a query over `passengers as p`. */
export function whereGuestFilters<O>(
  q: SelectQueryBuilder<Guests, 'p', O>,
  where: GuestWhere,
  hotelId: number,
  scope: RoomScope,
): SelectQueryBuilder<Guests, 'p', O> {
  const { roomId, start, end } = where;
  if (roomId !== undefined || start || end || where.inHouse === 1) {
    q = q.where((eb) =>
      eb.exists(
        staysOfGuest(eb, hotelId, scope)
          .select('gs.id')
          .where('gs.status', '<>', 'cancelled')
          .$if(roomId !== undefined, (s) => s.where('gs.room_id', '=', roomId as number))
          .$if(where.inHouse === 1, (s) => s.where('gs.status', '=', 'active'))
          .$if(end !== undefined, (s) => s.where('gs.check_in', '<=', end as Date))
          .$if(start !== undefined, (s) =>
            s.where(sql<Date>`coalesce(gs.checked_out_at, gs.check_out)`, '>=', start as Date),
          ),
      ),
    );
  }
  if (where.inHouse === 0) {
    q = q.where((eb) =>
      eb.not(eb.exists(staysOfGuest(eb, hotelId, scope).select('gs.id').where('gs.status', '=', 'active'))),
    );
  }
  return q;
}

/** The hotel's guest records, to be filtered. */
export function guestsOfHotel(db: Db, hotelId: number) {
  return db.selectFrom('passengers as p').where('p.hotel_id', '=', hotelId);
}

/**
 * One page of the filtered guests, most recently changed first, and how many there are. A room-limited account sees
 * the guests who stayed in its rooms; `name` finds a name, nickname or mobile.
 */
export async function pageOfGuests<O>(
  filtered: SelectQueryBuilder<Guests, 'p', O>,
  o: { hotelId: number; scope: RoomScope; name: string | undefined; limit: number; offset: number },
) {
  let q = filtered;
  const { hotelId, scope } = o;
  if (scope.kind !== 'all') {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('stays as s')
          .innerJoin('rooms as r', 'r.id', 's.room_id')
          .select('s.id')
          .whereRef('s.passenger_id', '=', 'p.id')
          .where(inScope(scope, hotelId)),
      ),
    );
  }
  if (o.name) {
    const like = likePattern(o.name);
    q = q.where((eb) =>
      eb.or([eb('p.nickname', 'ilike', like), eb('p.mobile', 'like', like), eb('p.name', 'ilike', like)]),
    );
  }
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    q
      .selectAll('p')
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(o.limit)
      .offset(o.offset)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** A guest record of the hotel by id. */
export function findGuest(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('passengers')
    .selectAll()
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/** The latest 100 stays of a guest (as the guest or a fellow guest) in the caller's rooms, with their room's name. */
export function staysOfGuestInScope(db: Db, passengerId: number, hotelId: number, scope: RoomScope) {
  return db
    .selectFrom('stays as s')
    .innerJoin('rooms as r', 'r.id', 's.room_id')
    .selectAll('s')
    .select('r.name as room_name')
    .where((eb) =>
      eb.or([
        eb('s.passenger_id', '=', passengerId),
        eb(
          's.id',
          'in',
          eb.selectFrom('stay_guests').select('stay_id').where('passenger_id', '=', passengerId),
        ),
      ]),
    )
    .where(inScope(scope, hotelId))
    .orderBy('s.check_in', 'desc')
    .limit(100)
    .execute();
}

/**
 * Per guest: the current (active) stay, else the latest by check-in (cancelled ones last), in the caller's rooms,
 * with its room's name.
 */
export function latestStayOfGuests(db: Db, passengerIds: number[], hotelId: number, scope: RoomScope) {
  return db
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
}
