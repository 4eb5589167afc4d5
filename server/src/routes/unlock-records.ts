/**
 * Unlock records (spec §3 'Unlock record': time, content, from, type, operator; contract B of issue 8), as the
 * locks report them (written by the virtual lock; read here). Choices where the spec is silent:
 * - both lists are newest first and hold only records of rooms in the caller's scope: a super administrator sees
 *   the hotel's, a secondary administrator or staff member those of the rooms assigned to them; a record whose
 *   room is gone is seen by the super administrator only;
 * - room/openHistoryByPeople finds a person by a stay (its records) or by a mobile: every stay of the hotel whose
 *   guest or fellow guest has that mobile;
 * - `keyword` searches content, from, operator, room name and the stay's guest (name or mobile).
 */
import type { FastifyInstance } from 'fastify';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import type { Database } from '../db/schema.js';
import type { RoomScope } from '../domain/permissions.js';
import { failure } from '../errors.js';
import { epochSeconds, f, listPage, pageFields } from '../fields.js';
import { findStay } from './credential-common.js';
import { callerScope, likePattern } from './room-views.js';

/** How a lock was opened. */
export const UNLOCK_TYPES = ['card', 'password', 'face', 'fingerprint', 'bluetooth', 'remote'] as const;
export type UnlockType = (typeof UNLOCK_TYPES)[number];

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

type RecordQuery = SelectQueryBuilder<Tables, 'u' | 'r' | 's', object>;

/** One page of records, newest first, in the answer's shape. */
function recordPage(q: RecordQuery, body: { page?: number; limit?: number }) {
  return listPage(
    q,
    body,
    (page) =>
      page
        .select([
          'u.id',
          'u.room_id',
          'r.name as room_name',
          'u.happened_at',
          'u.type',
          'u.content',
          'u.source',
          'u.operator',
          'u.stay_id',
          's.nickname',
          's.mobile',
        ])
        .orderBy('u.happened_at', 'desc')
        .orderBy('u.id', 'desc'),
    (row) => ({
      id: row.id,
      room_id: row.room_id,
      room_name: row.room_name ?? '',
      time: epochSeconds(row.happened_at),
      type: row.type,
      content: row.content,
      from: row.source,
      operator: row.operator,
      stay_id: row.stay_id,
      nickname: row.nickname ?? '',
      mobile: row.mobile ?? '',
    }),
  );
}

/** Text found in the record, its room or its guest. */
function hasKeyword(keyword: string) {
  const pattern = likePattern(keyword);
  return (eb: ExpressionBuilder<Tables, 'u' | 'r' | 's'>) =>
    eb.or([
      eb('u.content', 'ilike', pattern),
      eb('u.source', 'ilike', pattern),
      eb('u.operator', 'ilike', pattern),
      eb('r.name', 'ilike', pattern),
      eb('s.nickname', 'ilike', pattern),
      eb('s.mobile', 'ilike', pattern),
    ]);
}

export function unlockRecordRoutes(app: FastifyInstance): void {
  defineCall(app, {
    path: 'room/openHistory',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: {
      room_id: f.id({ optional: true }),
      type: f.enum(UNLOCK_TYPES, { optional: true }),
      start_time: f.time({ optional: true }),
      end_time: f.time({ optional: true }),
      keyword: f.string({ optional: true, max: 50 }),
      ...pageFields,
    },
    handler: async (ctx, body) => {
      if (body.start_time && body.end_time && body.end_time < body.start_time) {
        throw failure('END_BEFORE_START', { field: 'end_time' });
      }
      const { hotelId, scope } = callerScope(ctx);
      let q = recordQuery(ctx, hotelId, scope);
      if (body.room_id !== undefined) {
        const room = await ctx.requireRoom(body.room_id, 'room.view');
        q = q.where('u.room_id', '=', room.id);
      }
      if (body.type) q = q.where('u.type', '=', body.type);
      if (body.start_time) q = q.where('u.happened_at', '>=', body.start_time);
      if (body.end_time) q = q.where('u.happened_at', '<=', body.end_time);
      if (body.keyword) q = q.where(hasKeyword(body.keyword));
      return recordPage(q, body);
    },
  });

  defineCall(app, {
    path: 'room/openHistoryByPeople',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: {
      stay_id: f.id({ optional: true }),
      mobile: f.mobile({ optional: true }),
      room_id: f.id({ optional: true }),
      ...pageFields,
    },
    handler: async (ctx, body) => {
      if (body.stay_id === undefined && body.mobile === undefined) {
        throw failure('FIELD_REQUIRED', { field: 'stay_id' });
      }
      const { hotelId, scope } = callerScope(ctx);
      let q = recordQuery(ctx, hotelId, scope);
      if (body.stay_id !== undefined) {
        const stay = await findStay(ctx, body.stay_id);
        await ctx.requireRoom(stay.room_id, 'room.view');
        q = q.where('u.stay_id', '=', stay.id);
      }
      if (body.mobile !== undefined) {
        const mobile = body.mobile;
        q = q.where((eb) =>
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
          ),
        );
      }
      if (body.room_id !== undefined) {
        const room = await ctx.requireRoom(body.room_id, 'room.view');
        q = q.where('u.room_id', '=', room.id);
      }
      return recordPage(q, body);
    },
  });
}
