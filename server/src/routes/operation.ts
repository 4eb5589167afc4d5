/**
 * The operation log (route /operation/operation of the console). An account that sees every room of the hotel
 * (super administrator) reads the whole hotel's log; a room-limited one (secondary administrator, staff granted
 * `log.view`) reads its own entries and the entries that touched a room in its scope (spec §6), nothing else.
 */
import { type OPERATION_FILTERS, operationLogCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { seesAllRooms } from '../auth/permissions.js';
import { defineCall, type UserContext } from '../call.js';
import { operationArea, operationAreaSql } from '../domain/operation-areas.js';
import { failure } from '../errors.js';
import { epochSeconds, type Infer, pageOf } from '../fields.js';
import { likePattern } from '../shared/room-views.js';

export type OperationFilters = Infer<typeof OPERATION_FILTERS>;

/** The entries (`l`) the caller may read: the hotel's, narrowed to its rooms and its own for a room-limited one. */
function scopedLog(ctx: UserContext) {
  const hotelId = ctx.requireHotelId();
  let q = ctx.db
    .selectFrom('operation_log as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .where('l.hotel_id', '=', hotelId);
  if (!seesAllRooms(ctx.user.role)) {
    const me = ctx.user.id;
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
 * The log entries (`l`, with their account `u`) the caller may read, filtered; neither ordered nor paged.
 * END_BEFORE_START for a reversed period; a room of another hotel (or none) NOT_FOUND, one out of the caller's
 * scope PERMISSION_DENIED (as lock/checkHistory).
 */
export async function operationLogQuery(ctx: UserContext, body: OperationFilters) {
  if (body.start_time && body.end_time && body.end_time < body.start_time) {
    throw failure('END_BEFORE_START', { field: 'end_time' });
  }
  let q = scopedLog(ctx);
  if (body.room_id !== undefined) {
    const room = await ctx.requireRoom(body.room_id, 'log.view');
    q = q.where(sql<boolean>`l.room_ids @> ARRAY[${room.id}]::integer[]`);
  }
  if (body.path) q = q.where(sql<boolean>`lower(l.path) = lower(${body.path})`);
  if (body.user_id) q = q.where('l.user_id', '=', body.user_id);
  if (body.area) q = q.where(operationAreaSql(sql.ref('l.path')), '=', body.area);
  if (body.result === 'ok') q = q.where('l.errno', '=', 0);
  if (body.result === 'refused') q = q.where('l.errno', '<>', 0);
  if (body.start_time) q = q.where('l.created_at', '>=', body.start_time);
  if (body.end_time) q = q.where('l.created_at', '<', body.end_time);
  return q;
}

/** The rooms an entry reached that the caller may see, as `[{ id, name }]` by name. */
function entryRooms(ctx: UserContext) {
  const scope = seesAllRooms(ctx.user.role)
    ? sql``
    : sql`AND r.id IN (SELECT room_id FROM user_rooms WHERE user_id = ${ctx.user.id})`;
  return sql<{ id: number; name: string }[] | string>`COALESCE((
    SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name, r.id)
    FROM rooms r WHERE r.id = ANY(l.room_ids) AND r.hotel_id = l.hotel_id ${scope}
  ), '[]'::json)`;
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function operationRoutes(app: FastifyInstance): void {
  defineCall(app, operationLogCalls.list, {
    handler: async (ctx, body) => {
      const { page, limit, offset } = pageOf(body);
      const q = await operationLogQuery(ctx, body);
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
        .select(entryRooms(ctx).as('rooms'))
        .select(sql<number>`cardinality(l.room_ids)`.as('room_count'))
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        list: rows.map((r) => ({
          id: r.id,
          time: epochSeconds(r.created_at),
          user_id: r.user_id,
          mobile: r.mobile,
          nickname: r.nickname,
          role: r.role,
          path: r.path,
          area: operationArea(r.path),
          summary: r.summary,
          errno: r.errno,
          code: r.code,
          ip: r.ip,
          uuid: r.client_uuid,
          user_agent: r.user_agent,
          rooms: parsed(r.rooms),
          room_count: Number(r.room_count),
        })),
        total: Number(total.n),
        page,
        limit,
      };
    },
  });

  defineCall(app, operationLogCalls.accounts, {
    handler: async (ctx, body) => {
      const { page, limit, offset } = pageOf(body);
      const hotelId = ctx.requireHotelId();
      // The accounts of the hotel with at least one entry the caller may read: whom the person filter can find.
      const visible = scopedLog(ctx).select('l.id').where(sql<boolean>`l.user_id = a.id`).limit(1);
      let q = ctx.db
        .selectFrom('users as a')
        .where('a.hotel_id', '=', hotelId)
        .where((eb) => eb.exists(visible));
      if (body.keyword) {
        const like = likePattern(body.keyword);
        q = q.where((eb) =>
          eb.or([
            eb('a.mobile', 'ilike', like),
            eb('a.nickname', 'ilike', like),
            eb('a.name', 'ilike', like),
          ]),
        );
      }
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .select(['a.id', 'a.mobile', 'a.nickname', 'a.name', 'a.role'])
        .orderBy('a.nickname')
        .orderBy('a.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        list: rows.map((r) => ({
          id: r.id,
          mobile: r.mobile,
          nickname: r.nickname,
          name: r.name,
          role: r.role,
        })),
        total: Number(total.n),
        page,
        limit,
      };
    },
  });
}
