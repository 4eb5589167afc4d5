/**
 * Every SQL statement of the operation log as the console reads it (the entries are written by the dispatcher,
 * call.ts). An account that sees every room of the hotel reads the whole hotel's log; a room-limited one reads its
 * own entries and the entries that touched a room in its scope (spec §6).
 */
import type { OPERATION_FILTERS } from '@lockdesk/protocol';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { operationAreaSql } from '../domain/operation-areas.js';
import type { Infer } from '../fields.js';
import { likePattern } from '../shared/room-views.js';

/** The operation-log filters, checked (operation/list and the operation-log export). */
export type OperationFilters = Infer<typeof OPERATION_FILTERS>;

/** Who reads the log: the account, and whether it sees every room of its hotel. */
export interface LogReader {
  hotelId: number;
  userId: number;
  seesAllRooms: boolean;
}

/** The entries (`l`, with their account `u`) the reader may read: its hotel's, narrowed for a room-limited one. */
function readableEntries(db: Db, reader: LogReader) {
  let q = db
    .selectFrom('operation_log as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .where('l.hotel_id', '=', reader.hotelId);
  if (!reader.seesAllRooms) {
    const me = reader.userId;
    q = q.where((eb) =>
      eb.or([
        eb('l.user_id', '=', me),
        sql<boolean>`l.room_ids && ARRAY(SELECT room_id FROM user_rooms WHERE user_id = ${me})`,
      ]),
    );
  }
  return q;
}

/**
 * The entries the reader may read, filtered (the room already checked against the reader's scope); neither ordered
 * nor paged: the list pages it, the export reads it in batches.
 */
export function filteredEntries(
  db: Db,
  reader: LogReader,
  filter: Omit<OperationFilters, 'room_id'>,
  roomId?: number,
) {
  let q = readableEntries(db, reader);
  if (roomId !== undefined) q = q.where(sql<boolean>`l.room_ids @> ARRAY[${roomId}]::integer[]`);
  if (filter.path) q = q.where(sql<boolean>`lower(l.path) = lower(${filter.path})`);
  if (filter.user_id) q = q.where('l.user_id', '=', filter.user_id);
  if (filter.area) q = q.where(operationAreaSql(sql.ref('l.path')), '=', filter.area);
  if (filter.result === 'ok') q = q.where('l.errno', '=', 0);
  if (filter.result === 'refused') q = q.where('l.errno', '<>', 0);
  if (filter.start_time) q = q.where('l.created_at', '>=', filter.start_time);
  if (filter.end_time) q = q.where('l.created_at', '<', filter.end_time);
  return q;
}

/** The entries query the list and the export read. */
export type EntriesQuery = ReturnType<typeof filteredEntries>;

/** The rooms an entry reached that the reader may see, as `[{ id, name }]` by name. */
function entryRooms(reader: LogReader) {
  const scope = reader.seesAllRooms
    ? sql``
    : sql`AND r.id IN (SELECT room_id FROM user_rooms WHERE user_id = ${reader.userId})`;
  return sql<{ id: number; name: string }[] | string>`COALESCE((
    SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name, r.id)
    FROM rooms r WHERE r.id = ANY(l.room_ids) AND r.hotel_id = l.hotel_id ${scope}
  ), '[]'::json)`;
}

/** A page of the entries, newest first, with their account, the rooms the reader may see and how many in all. */
export async function entryPage(q: EntriesQuery, reader: LogReader, page: { limit: number; offset: number }) {
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      'l.id',
      'l.created_at',
      'l.user_id',
      'u.mobile',
      'u.nickname',
      'u.role',
      'l.path',
      'l.summary',
      'l.errno',
      'l.code',
      'l.ip',
      'l.client_uuid',
      'l.user_agent',
    ])
    .select(entryRooms(reader).as('rooms'))
    .select(sql<number>`cardinality(l.room_ids)`.as('room_count'))
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total.n), rows };
}

/**
 * A page of the hotel's accounts with at least one entry the reader may read (whom the person filter can find), by
 * mobile, nickname or name.
 */
export async function accountsWithEntries(
  db: Db,
  reader: LogReader,
  keyword: string | undefined,
  page: { limit: number; offset: number },
) {
  const visible = readableEntries(db, reader).select('l.id').where(sql<boolean>`l.user_id = a.id`).limit(1);
  let q = db
    .selectFrom('users as a')
    .where('a.hotel_id', '=', reader.hotelId)
    .where((eb) => eb.exists(visible));
  if (keyword) {
    const like = likePattern(keyword);
    q = q.where((eb) =>
      eb.or([eb('a.mobile', 'ilike', like), eb('a.nickname', 'ilike', like), eb('a.name', 'ilike', like)]),
    );
  }
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['a.id', 'a.mobile', 'a.nickname', 'a.name', 'a.role'])
    .orderBy('a.nickname')
    .orderBy('a.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total.n), rows };
}
