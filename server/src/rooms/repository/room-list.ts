/**
 * The SQL of the room list (room/listNew): the filtered rooms of the caller's scope, their count per status, the
 * anchors that start each page, and a page's rows with their groups and card stays as one JSON text.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { RoomScope } from '../../domain/permissions.js';
import { inScope, likePattern } from '../../shared/room-views.js';

/** A page row as the page query answers it in JSON: the room, its group's name and its card's stay. */
export interface PageRow {
  r: Record<string, unknown>;
  c: string | null;
  s: Record<string, unknown> | null;
}

/** The sort position of a room: its name key and id (the list's order, and the rooms_hotel_* indexes'). */
export type Anchor = [nameKey: string, id: number];

/** The list's filters but the status. */
export interface RoomFilters {
  /** A group (with its child categories); 0: rooms without a group. */
  categoryId?: number | undefined;
  /** Part of the room's name. */
  name?: string | undefined;
  /** The modified-date window, epoch ms [from, to). */
  modified?: { from: number; to: number } | undefined;
}

/** The rooms of the caller's scope that every filter but the status keeps (the counts per status are over these). */
export function filteredRooms(db: Db, hotelId: number, scope: RoomScope, filters: RoomFilters) {
  let q = db.selectFrom('rooms as r').where(inScope(scope, hotelId));
  const id = filters.categoryId;
  if (id === 0) q = q.where('r.category_id', 'is', null);
  else if (id !== undefined) {
    q = q.where((eb) =>
      eb.or([
        eb('r.category_id', '=', id),
        eb('r.category_id', 'in', eb.selectFrom('room_categories').select('id').where('parent_id', '=', id)),
      ]),
    );
  }
  if (filters.name) q = q.where('r.name', 'ilike', likePattern(filters.name));
  if (filters.modified) {
    q = q
      .where('r.updated_at', '>=', new Date(filters.modified.from))
      .where('r.updated_at', '<', new Date(filters.modified.to));
  }
  return q;
}

/** A filtered list of rooms (filteredRooms, perhaps narrowed to one status). */
export type FilteredRooms = ReturnType<typeof filteredRooms>;

/** Narrows the rooms to one status (undefined: every status). */
export function withStatus(rooms: FilteredRooms, status: number | undefined): FilteredRooms {
  return status === undefined ? rooms : rooms.where('r.status', '=', status);
}

/** How many of the rooms are in each status. */
export async function countPerStatus(rooms: FilteredRooms): Promise<{ status: number; n: number }[]> {
  const rows = await rooms
    .select(['r.status', sql<number>`count(*)::int`.as('n')])
    .groupBy('r.status')
    .execute();
  return rows.map((c) => ({ status: c.status, n: Number(c.n) }));
}

/** The last row of every page of `limit` rooms, in the list's order: page p > 1 starts right after anchors[p - 2]. */
export async function pageAnchors(
  db: Db,
  rooms: FilteredRooms,
  limit: number,
  desc: boolean,
): Promise<Anchor[]> {
  const dir = desc ? sql`desc` : sql`asc`;
  const rows = await db
    .selectFrom(
      rooms
        .select([
          'r.name_key',
          'r.id',
          sql<number>`row_number() over (order by r.name_key ${dir}, r.id ${dir})`.as('n'),
        ])
        .as('x'),
    )
    .select(['x.name_key', 'x.id'])
    .where(sql<boolean>`x.n % ${limit} = 0`)
    .orderBy('x.n')
    .execute();
  return rows.map((r): Anchor => [String(r.name_key), Number(r.id)]);
}

/**
 * Rows from a position (after an anchor, else from the top) cut with OFFSET and LIMIT, joined to their groups and
 * card stays after the cut, so skipped rows never touch them.
 */
export async function pageRows(
  db: Db,
  rooms: FilteredRooms,
  after: Anchor | undefined,
  offset: number,
  count: number,
  desc: boolean,
): Promise<PageRow[]> {
  const row = await db
    .selectFrom(
      (after
        ? rooms.where((eb) =>
            eb(eb.refTuple('r.name_key', 'r.id'), desc ? '<' : '>', eb.tuple(after[0], after[1])),
          )
        : rooms
      )
        .selectAll('r')
        .orderBy('r.name_key', desc ? 'desc' : 'asc')
        .orderBy('r.id', desc ? 'desc' : 'asc')
        .limit(count)
        .offset(offset)
        .as('p'),
    )
    .leftJoin('room_categories as c', 'c.id', 'p.category_id')
    // The card's stay: the guest checked in now, else the next reservation.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('stays as s')
          .selectAll('s')
          .whereRef('s.room_id', '=', 'p.id')
          .where('s.status', 'in', ['active', 'reserved'])
          .orderBy(sql`s.status = 'active'`, 'desc')
          .orderBy('s.check_in')
          .limit(1)
          .as('t'),
      (join) => join.onTrue(),
    )
    // One JSON text for all the rows: decoding ~55 columns a row through the wire protocol cost more than the
    // query itself (PGlite above all); JSON.parse of one string is native.
    .select(
      sql<string>`coalesce(json_agg(json_build_object('r', to_jsonb(p), 'c', c.name, 's', to_jsonb(t))
        ORDER BY p.name_key ${desc ? sql`desc` : sql`asc`}, p.id ${desc ? sql`desc` : sql`asc`}), '[]')::text`.as(
        'page',
      ),
    )
    .executeTakeFirstOrThrow();
  return JSON.parse(row.page) as PageRow[];
}
