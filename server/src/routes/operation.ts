/**
 * The operation log (route /operation/operation of the console). An account that sees every room of the hotel
 * (super administrator) reads the whole hotel's log; a room-limited one (secondary administrator, staff granted
 * `log.view`) reads its own entries and the entries that touched a room in its scope (spec §6), nothing else.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { seesAllRooms } from '../auth/permissions.js';
import { defineCall, type UserContext } from '../call.js';
import { epochSeconds, f, type Infer, pageFields, pageOf } from '../fields.js';

/** The filters of operation/list (every one optional); the operation-log export takes the same. */
export const OPERATION_FILTERS = {
  path: f.string({ optional: true, max: 100 }),
  user_id: f.id({ optional: true }),
  start_time: f.time({ optional: true }),
  end_time: f.time({ optional: true }),
};
export type OperationFilters = Infer<typeof OPERATION_FILTERS>;

/** The log entries (`l`, with their account `u`) the caller may read, filtered; neither ordered nor paged. */
export function operationLogQuery(ctx: UserContext, body: OperationFilters) {
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
  if (body.path) q = q.where('l.path', '=', body.path);
  if (body.user_id) q = q.where('l.user_id', '=', body.user_id);
  if (body.start_time) q = q.where('l.created_at', '>=', body.start_time);
  if (body.end_time) q = q.where('l.created_at', '<', body.end_time);
  return q;
}

export function operationRoutes(app: FastifyInstance): void {
  defineCall(app, {
    path: 'operation/list',
    auth: 'user',
    mutates: false,
    permission: 'log.view',
    schema: { ...pageFields, ...OPERATION_FILTERS },
    handler: async (ctx, body) => {
      const { page, limit, offset } = pageOf(body);
      const q = operationLogQuery(ctx, body);
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .select([
          'l.id',
          'l.created_at',
          'l.user_id',
          'u.mobile',
          'u.nickname',
          'l.path',
          'l.summary',
          'l.errno',
          'l.code',
          'l.ip',
          'l.client_uuid',
          'l.user_agent',
        ])
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
          path: r.path,
          summary: r.summary,
          errno: r.errno,
          code: r.code,
          ip: r.ip,
          uuid: r.client_uuid,
          user_agent: r.user_agent,
        })),
        total: Number(total.n),
        page,
        limit,
      };
    },
  });
}
