/**
 * Customers (route /center/customer of the console, API.md §16). The customer manager (parent account, spec §6) is
 * the contact a hotel is told to call when its service period ends ('Service has expired, please contact customer
 * manager {parentMobile}'). The relation is `users.parent_id` of a hotel's super administrator.
 *
 * - A super administrator sees its customer manager and its own service period, sets or changes the manager by
 *   mobile (room/clientSet) and removes it (room/clientDelete).
 * - A customer manager sees its clients: the hotels whose super administrator has it as parent, with their service
 *   expiry and days left, searched and paged by the server; it may drop a client (room/clientDelete { id }).
 */
import { customerCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds, pageOf } from '../fields.js';
import { likePattern } from '../shared/room-views.js';

const DAY_MS = 86_400_000;

/** Days left of a service period (rounded up), whether it has ended and whether the end is near. */
function serviceState(ctx: UserContext, expiresAt: Date | null) {
  if (expiresAt === null)
    return { service_expires_at: null, days_left: null, expired: false, expiring: false };
  const left = expiresAt.getTime() - ctx.now().getTime();
  const days = Math.ceil(left / DAY_MS);
  return {
    service_expires_at: epochSeconds(expiresAt),
    days_left: Math.max(days, 0),
    expired: left <= 0,
    expiring: left > 0 && days <= ctx.config.serviceWarningDays,
  };
}

/** The super administrator's own view: its customer manager and its service period. */
async function managerView(ctx: UserContext) {
  const me = await ctx.db
    .selectFrom('users')
    .select(['parent_id', 'service_expires_at'])
    .where('id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  const manager =
    me.parent_id === null
      ? undefined
      : await ctx.db
          .selectFrom('users')
          .select(['id', 'mobile', 'nickname', 'name', 'email'])
          .where('id', '=', me.parent_id)
          .where('role', '=', 'customer_manager')
          .executeTakeFirst();
  return { view: 'manager' as const, manager: manager ?? null, ...serviceState(ctx, me.service_expires_at) };
}

export function customerRoutes(app: FastifyInstance): void {
  defineCall(app, customerCalls.list, {
    handler: async (ctx, body) => {
      if (ctx.user.role === 'super') return managerView(ctx);
      const { page, limit, offset } = pageOf(body);
      const now = ctx.now();
      const warnUntil = new Date(now.getTime() + ctx.config.serviceWarningDays * DAY_MS);
      let q = ctx.db
        .selectFrom('users as s')
        .leftJoin('hotels as h', 'h.id', 's.hotel_id')
        .where('s.parent_id', '=', ctx.user.id)
        .where('s.role', '=', 'super');
      if (body.keyword) {
        const like = likePattern(body.keyword);
        q = q.where((eb) =>
          eb.or([
            eb('h.name', 'ilike', like),
            eb('s.mobile', 'ilike', like),
            eb('s.nickname', 'ilike', like),
            eb('s.name', 'ilike', like),
          ]),
        );
      }
      if (body.state === 'expired') q = q.where('s.service_expires_at', '<=', now);
      if (body.state === 'expiring')
        q = q.where('s.service_expires_at', '>', now).where('s.service_expires_at', '<=', warnUntil);
      if (body.state === 'active')
        q = q.where((eb) =>
          eb.or([eb('s.service_expires_at', 'is', null), eb('s.service_expires_at', '>', warnUntil)]),
        );
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .select([
          's.id',
          's.mobile',
          's.nickname',
          's.name',
          's.frozen',
          's.service_expires_at',
          's.hotel_id',
          'h.name as hotel_name',
        ])
        // The most urgent first: ended, then ending soonest; no end last.
        .orderBy(sql`s.service_expires_at ASC NULLS LAST`)
        .orderBy('s.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        view: 'clients' as const,
        list: rows.map((r) => ({
          id: r.id,
          mobile: r.mobile,
          nickname: r.nickname,
          name: r.name,
          frozen: r.frozen,
          hotel_id: r.hotel_id,
          hotel_name: r.hotel_name ?? '',
          ...serviceState(ctx, r.service_expires_at),
        })),
        total: Number(total.n),
        page,
        limit,
      };
    },
  });

  defineCall(app, customerCalls.setManager, {
    handler: async (ctx, body) => {
      const mobile = body.mobile.trim();
      const manager = await ctx.db
        .selectFrom('users')
        .select(['id', 'mobile', 'nickname', 'name', 'email'])
        .where('mobile', '=', mobile)
        .where('role', '=', 'customer_manager')
        .executeTakeFirst();
      if (!manager) throw failure('ACCOUNT_NOT_FOUND');
      await ctx.db
        .updateTable('users')
        .set({ parent_id: manager.id, updated_at: ctx.now() })
        .where('id', '=', ctx.user.id)
        .execute();
      ctx.audit(`Customer manager set to ${manager.mobile}`);
      return managerView(ctx);
    },
  });

  defineCall(app, customerCalls.remove, {
    handler: async (ctx, body) => {
      if (ctx.user.role === 'super') {
        const removed = await ctx.db
          .updateTable('users')
          .set({ parent_id: null, updated_at: ctx.now() })
          .where('id', '=', ctx.user.id)
          .where('parent_id', 'is not', null)
          .$if(body.id !== undefined, (q) => q.where('parent_id', '=', body.id as number))
          .returning('id')
          .executeTakeFirst();
        if (!removed) throw failure('NOT_FOUND');
        ctx.audit('Customer manager removed');
        return managerView(ctx);
      }
      if (body.id === undefined) throw failure('FIELD_REQUIRED', { field: 'id' });
      const removed = await ctx.db
        .updateTable('users')
        .set({ parent_id: null, updated_at: ctx.now() })
        .where('id', '=', body.id)
        .where('parent_id', '=', ctx.user.id)
        .where('role', '=', 'super')
        .returning(['id', 'mobile'])
        .executeTakeFirst();
      if (!removed) throw failure('NOT_FOUND');
      ctx.audit(`Client ${removed.mobile ?? removed.id} removed`);
      return { id: removed.id };
    },
  });
}
