/**
 * Unlock records (spec §3 'Unlock record': time, content, from, type, operator; contract B of issue 8, contract D of
 * issue 10), as the locks report them (the device API writes them; read here). Choices where the spec is silent:
 * - every list is newest first and holds only records of rooms in the caller's scope: a super administrator sees
 *   the hotel's, a secondary administrator or staff member those of the rooms assigned to them; a record whose
 *   room is gone is seen by the super administrator only;
 * - room/openHistoryByPeople and lock/checkHistory find a person by a stay (its records) or by a mobile: every
 *   stay of the hotel whose guest or fellow guest has that mobile;
 * - `keyword` searches content, from, credential, operator, room name and the stay's guest (name or mobile);
 * - `result` keeps the doors that opened (`open`) or stayed shut (`deny`).
 * The filtered query (checkHistoryQuery) and the answer's shape (recordColumns, recordView) are exported for the
 * unlock-record export, which streams the same rows.
 */
import {
  type CHECK_HISTORY_FILTERS,
  type UnlockRecord,
  type UnlockType,
  unlockRecordCalls,
} from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import type { Database } from '../db/schema.js';
import type { RoomScope } from '../domain/permissions.js';
import { failure } from '../errors.js';
import { epochSeconds, type Infer, listPage } from '../fields.js';
import { findStay } from '../shared/credential-common.js';
import { callerScope, likePattern, normaliseMac } from '../shared/room-views.js';

export {
  CHECK_HISTORY_FILTERS,
  UNLOCK_RECORD_RESULTS as UNLOCK_RESULTS,
  UNLOCK_RECORD_TYPES as UNLOCK_TYPES,
  type UnlockType,
} from '@lockdesk/protocol';

type Tables = Database & {
  u: Database['unlock_records'];
  r: Database['rooms'];
  s: Database['stays'];
};

/** The records of the hotel the caller's scope lets them see, with their room and stay. */
function recordQuery(ctx: UserContext, hotelId: number, scope: RoomScope) {
  let q = ctx.db
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

export type RecordQuery = SelectQueryBuilder<Tables, 'u' | 'r' | 's', object>;

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
function recordPage(q: RecordQuery, body: { page?: number; limit?: number }) {
  return listPage(
    q,
    body,
    (page) => page.select(recordColumns).orderBy('u.happened_at', 'desc').orderBy('u.id', 'desc'),
    (row) => recordView(row as RecordRow),
  );
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

export type CheckHistoryFilters = Infer<typeof CHECK_HISTORY_FILTERS>;

/**
 * The records lock/checkHistory answers, filtered and scoped (not ordered, not paged): NOT_FOUND for a room or
 * stay of another hotel, PERMISSION_DENIED for one out of the caller's scope, END_BEFORE_START for a reversed period.
 */
export async function checkHistoryQuery(ctx: UserContext, body: CheckHistoryFilters): Promise<RecordQuery> {
  if (body.start_time && body.end_time && body.end_time < body.start_time) {
    throw failure('END_BEFORE_START', { field: 'end_time' });
  }
  const { hotelId, scope } = callerScope(ctx);
  let q = recordQuery(ctx, hotelId, scope);
  if (body.room_id !== undefined) {
    const room = await ctx.requireRoom(body.room_id, 'room.view');
    q = q.where('u.room_id', '=', room.id);
  }
  if (body.mac_id !== undefined) {
    const mac = normaliseMac(body.mac_id) as string;
    // A record names the lock that reported it; older records only their room.
    q = q.where((eb) =>
      eb.or([eb('u.mac_id', '=', mac), eb.and([eb('u.mac_id', 'is', null), eb('r.mac_id', '=', mac)])]),
    );
  }
  if (body.stay_id !== undefined) {
    const stay = await findStay(ctx, body.stay_id);
    await ctx.requireRoom(stay.room_id, 'room.view');
    q = q.where('u.stay_id', '=', stay.id);
  }
  if (body.mobile !== undefined) q = q.where(ofMobile(hotelId, body.mobile));
  if (body.type) q = q.where('u.type', '=', body.type);
  if (body.result) q = q.where('u.opened', '=', body.result === 'open');
  if (body.start_time) q = q.where('u.happened_at', '>=', body.start_time);
  if (body.end_time) q = q.where('u.happened_at', '<=', body.end_time);
  if (body.keyword) q = q.where(hasKeyword(body.keyword));
  return q;
}

export function unlockRecordRoutes(app: FastifyInstance): void {
  defineCall(app, unlockRecordCalls.openHistory, {
    handler: async (ctx, body) => recordPage(await checkHistoryQuery(ctx, body), body),
  });

  defineCall(app, unlockRecordCalls.openHistoryByPeople, {
    handler: async (ctx, body) => {
      if (body.stay_id === undefined && body.mobile === undefined) {
        throw failure('FIELD_REQUIRED', { field: 'stay_id' });
      }
      return recordPage(await checkHistoryQuery(ctx, body), body);
    },
  });

  defineCall(app, unlockRecordCalls.checkHistory, {
    handler: async (ctx, body) => recordPage(await checkHistoryQuery(ctx, body), body),
  });
}
