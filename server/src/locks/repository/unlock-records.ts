/**
 * The unlock records' statements (room/openHistory, room/openHistoryByPeople, lock/checkHistory and the unlock-record
 * export): the records of the caller's rooms with their room and stay, the filters as where-clauses, and a page of
 * them newest first. The locks write them through the device API (device/records.ts).
 */
import type { UnlockRecord, UnlockType } from '@lockdesk/protocol';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { RoomScope } from '../../domain/permissions.js';
import { epochSeconds, listPage } from '../../fields.js';
import { likePattern } from '../../shared/room-views.js';

type Tables = Database & {
  u: Database['unlock_records'];
  r: Database['rooms'];
  s: Database['stays'];
};

export type RecordQuery = SelectQueryBuilder<Tables, 'u' | 'r' | 's', object>;

/** The records of the hotel the caller's scope lets them see, with their room and stay. */
export function recordsInScope(db: Db, hotelId: number, scope: RoomScope): RecordQuery {
  let q = db
    .selectFrom('unlock_records as u')
    .leftJoin('rooms as r', 'r.id', 'u.room_id')
    .leftJoin('stays as s', 's.id', 'u.stay_id')
    .where('u.hotel_id', '=', hotelId);
  if (scope.kind === 'none') q = q.where(sql<boolean>`false`);
  if (scope.kind === 'assigned') {
    q = q.where((eb) =>
      eb(
        'u.room_id',
        'in',
        eb.selectFrom('user_rooms').select('room_id').where('user_id', '=', scope.userId),
      ),
    );
  }
  return q;
}

/** The record filters once checked (room and stay resolved in the caller's scope, the lock's mac normalised). */
export interface RecordWhere {
  roomId?: number | undefined;
  mac?: string | undefined;
  stayId?: number | undefined;
  mobile?: string | undefined;
  type?: string | undefined;
  result?: 'open' | 'deny' | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  keyword?: string | undefined;
}

/** Text found in the record, its room or its guest. */
function hasKeyword(keyword: string) {
  const pattern = likePattern(keyword);
  return (eb: ExpressionBuilder<Tables, 'u' | 'r' | 's'>) =>
    eb.or([
      eb('u.content', 'ilike', pattern),
      eb('u.source', 'ilike', pattern),
      eb('u.credential', 'ilike', pattern),
      eb('u.operator', 'ilike', pattern),
      eb('r.name', 'ilike', pattern),
      eb('s.nickname', 'ilike', pattern),
      eb('s.mobile', 'ilike', pattern),
    ]);
}

/** The records of every stay of the hotel whose guest or fellow guest has the mobile. */
function ofMobile(hotelId: number, mobile: string) {
  return (eb: ExpressionBuilder<Tables, 'u' | 'r' | 's'>) =>
    eb(
      'u.stay_id',
      'in',
      eb
        .selectFrom('stays as ps')
        .select('ps.id')
        .where('ps.hotel_id', '=', hotelId)
        .where((inner) =>
          inner.or([
            inner('ps.mobile', '=', mobile),
            inner.exists(
              inner
                .selectFrom('stay_guests as g')
                .select('g.id')
                .whereRef('g.stay_id', '=', 'ps.id')
                .where('g.mobile', '=', mobile),
            ),
          ]),
        ),
    );
}

/** The record filters as where-clauses. */
export function whereRecordFilters(q: RecordQuery, where: RecordWhere, hotelId: number): RecordQuery {
  if (where.roomId !== undefined) q = q.where('u.room_id', '=', where.roomId);
  const { mac } = where;
  if (mac !== undefined) {
    // A record names the lock that reported it; older records only their room.
    q = q.where((eb) =>
      eb.or([eb('u.mac_id', '=', mac), eb.and([eb('u.mac_id', 'is', null), eb('r.mac_id', '=', mac)])]),
    );
  }
  if (where.stayId !== undefined) q = q.where('u.stay_id', '=', where.stayId);
  if (where.mobile !== undefined) q = q.where(ofMobile(hotelId, where.mobile));
  if (where.type) q = q.where('u.type', '=', where.type);
  if (where.result) q = q.where('u.opened', '=', where.result === 'open');
  if (where.start) q = q.where('u.happened_at', '>=', where.start);
  if (where.end) q = q.where('u.happened_at', '<=', where.end);
  if (where.keyword) q = q.where(hasKeyword(where.keyword));
  return q;
}

/** The columns a record is answered from. */
export const recordColumns = [
  'u.id',
  'u.room_id',
  'r.name as room_name',
  'u.mac_id',
  'r.mac_id as room_mac_id',
  'u.happened_at',
  'u.type',
  'u.opened',
  'u.reason',
  'u.credential',
  'u.content',
  'u.source',
  'u.operator',
  'u.stay_id',
  's.nickname',
  's.mobile',
] as const;

/** A record row as recordColumns selects it. */
export interface RecordRow {
  id: number;
  room_id: number | null;
  room_name: string | null;
  mac_id: string | null;
  room_mac_id: string | null;
  happened_at: Date;
  type: string;
  opened: boolean;
  reason: string;
  credential: string;
  content: string;
  source: string;
  operator: string;
  stay_id: number | null;
  nickname: string | null;
  mobile: string | null;
}

/** A record as answered (API.md §6 'the record'). */
export function recordView(row: RecordRow): UnlockRecord {
  return {
    id: row.id,
    room_id: row.room_id,
    room_name: row.room_name ?? '',
    // The lock that reported it; records written before locks reported their mac carry their room's.
    mac_id: row.mac_id ?? row.room_mac_id ?? '',
    time: epochSeconds(row.happened_at) as number,
    // The column holds the types the device API accepts (UNLOCK_TYPES).
    type: row.type as UnlockType,
    opened: row.opened,
    reason: row.reason,
    credential: row.credential,
    content: row.content,
    from: row.source,
    operator: row.operator,
    stay_id: row.stay_id,
    nickname: row.nickname ?? '',
    mobile: row.mobile ?? '',
  };
}

/** One page of records, newest first, in the answer's shape. */
export function pageOfRecords(q: RecordQuery, body: { page?: number; limit?: number }) {
  return listPage(
    q,
    body,
    (page) => page.select(recordColumns).orderBy('u.happened_at', 'desc').orderBy('u.id', 'desc'),
    (row) => recordView(row as RecordRow),
  );
}
