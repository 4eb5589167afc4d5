/**
 * room/listNew — the room list (spec §2), a page of rooms with their groups and guests, the total and the count of
 * rooms per status (the status tabs), with sort and filters as rooms.ts's header describes.
 *
 * Where its time goes, and why it is built this way (server/bench: a page of 50 at 10,000 rooms):
 * - sealing the answer (the protocol's DES envelope, ~25 KB for 50 rooms) costs more than every query of the page
 *   together, and the database work (counting the hotel's rooms per status, a sorted OFFSET page, the guests of
 *   its rooms) competes for the same CPU as the server. The console asks the same pages again and again (paging,
 *   coming back to the list, several desks at once) while rooms change seldom in comparison: so the call declares
 *   `cache` (call.ts) and its sealed answers are kept until a room, a group, a stay or a room assignment changes
 *   (db/changes.ts: this process's writes at once, other replicas' through NOTIFY) or a guest's remaining time
 *   ticks (ctx.validUntil). Who may see what is checked on every call: the key holds the caller's hotel and room
 *   scope, and the session, role and permission are resolved before the cache is consulted.
 * - a page that is not kept costs two round trips: the counts per status (one aggregate, which also gives the
 *   total) and the page run in parallel, then the guests of the page's rooms.
 */
import { ROOM_STATUS } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineCall } from '../call.js';
import type { Stay } from '../db/schema.js';
import { ROOM_STATUS_NAMES } from '../domain/stays.js';
import { addDays, shanghaiDate, shanghaiMidnight } from '../domain/time.js';
import { f } from '../fields.js';
import { callerScope, inScope, likePattern, roomView, stayView } from './room-views.js';
import { datePickWindow } from './rooms.js';

const DATE_PICKS = ['today', 'yesterday', 'week'] as const;
const SORTS = ['asc', 'desc', 'A-Z', 'Z-A'] as const;
const STATUS_FILTER = [-1, 0, 1, 2, 3, 4] as const;
const STATUSES = Object.values(ROOM_STATUS);

/** Every table the list reads: a change to one of them drops the kept pages. */
const LIST_TABLES = ['rooms', 'room_categories', 'stays', 'user_rooms'] as const;

/** The stay shown on a room card: the guest checked in now, else the next reservation. */
function currentStays(stays: Stay[]): Map<number, Stay> {
  const byRoom = new Map<number, Stay>();
  for (const s of stays) {
    const held = byRoom.get(s.room_id);
    if (!held || (held.status !== 'active' && s.status === 'active')) byRoom.set(s.room_id, s);
  }
  return byRoom;
}

/**
 * The first server time after `nowMs` at which stayView of an open stay answers differently: its start (upcoming →
 * active), its end (→ expired), or the next tick of its remaining whole seconds.
 */
export function stayViewChangesAt(stay: Pick<Stay, 'check_in' | 'check_out'>, nowMs: number): number {
  const start = stay.check_in.getTime();
  const end = stay.check_out.getTime();
  if (nowMs >= end) return Number.POSITIVE_INFINITY;
  const remaining = Math.floor((end - nowMs) / 1000);
  const tick = end - 1000 * remaining + 1;
  return Math.min(nowMs < start ? start : Number.POSITIVE_INFINITY, end, tick);
}

export function roomListRoutes(app: FastifyInstance): void {
  defineCall(app, {
    path: 'room/listNew',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: {
      page: f.int({ min: 1, max: 1_000_000, optional: true }),
      limit: f.int({ min: 1, max: 100, optional: true }),
      pageSize: f.int({ min: 1, max: 100, optional: true }),
      category_id: f.int({ min: 0, optional: true }),
      status: f.enum(STATUS_FILTER, { optional: true }),
      sort: f.enum(SORTS, { optional: true }),
      name: f.string({ max: 50, optional: true }),
      date: f.enum(DATE_PICKS, { optional: true }),
    },
    cache: {
      tables: LIST_TABLES,
      key: (ctx, body) => {
        // 'week' is the 7 days up to this millisecond: its window moves on every call.
        if (body.date === 'week') return null;
        const { hotelId, scope } = callerScope(ctx);
        return JSON.stringify([
          hotelId,
          scope,
          body.page ?? 1,
          body.limit ?? body.pageSize ?? 20,
          body.category_id ?? null,
          body.status ?? -1,
          body.sort === 'desc' || body.sort === 'Z-A',
          body.name ?? '',
          body.date ?? '',
        ]);
      },
    },
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const page = body.page ?? 1;
      const limit = body.limit ?? body.pageSize ?? 20;
      const nowMs = ctx.now().getTime();
      // Every filter but the status: the counts per status are taken over these rooms.
      let q = ctx.db.selectFrom('rooms as r').where(inScope(scope, hotelId));
      if (body.category_id === 0) q = q.where('r.category_id', 'is', null);
      else if (body.category_id !== undefined) {
        const id = body.category_id;
        q = q.where((eb) =>
          eb.or([
            eb('r.category_id', '=', id),
            eb(
              'r.category_id',
              'in',
              eb.selectFrom('room_categories').select('id').where('parent_id', '=', id),
            ),
          ]),
        );
      }
      if (body.name) q = q.where('r.name', 'ilike', likePattern(body.name));
      if (body.date) {
        const w = datePickWindow(body.date, nowMs);
        q = q.where('r.updated_at', '>=', new Date(w.from)).where('r.updated_at', '<', new Date(w.to));
        // 'today' and 'yesterday' hold until the next Asia/Shanghai midnight.
        ctx.validUntil(shanghaiMidnight(addDays(shanghaiDate(nowMs), 1)));
      }
      const status = body.status !== undefined && body.status !== -1 ? body.status : undefined;
      const shown = status === undefined ? q : q.where('r.status', '=', status);
      const desc = body.sort === 'desc' || body.sort === 'Z-A';
      const [perStatus, rows] = await Promise.all([
        q
          .select(['r.status', sql<number>`count(*)::int`.as('n')])
          .groupBy('r.status')
          .execute(),
        // The page is cut first and joined to its groups after, so skipped rows never touch room_categories.
        ctx.db
          .selectFrom(
            shown
              .selectAll('r')
              .orderBy('r.name_key', desc ? 'desc' : 'asc')
              .orderBy('r.id', desc ? 'desc' : 'asc')
              .limit(limit)
              .offset((page - 1) * limit)
              .as('p'),
          )
          .leftJoin('room_categories as c', 'c.id', 'p.category_id')
          .selectAll('p')
          .select('c.name as category_name')
          .orderBy('p.name_key', desc ? 'desc' : 'asc')
          .orderBy('p.id', desc ? 'desc' : 'asc')
          .execute(),
      ]);
      const counts: Record<string, number> = { all: 0 };
      for (const s of STATUSES) counts[String(s)] = 0;
      for (const c of perStatus) {
        counts[String(c.status)] = Number(c.n);
        counts['all'] = (counts['all'] ?? 0) + Number(c.n);
      }
      const ids = rows.map((r) => r.id);
      const stays =
        ids.length === 0
          ? []
          : await ctx.db
              .selectFrom('stays')
              .selectAll()
              .where('room_id', 'in', ids)
              .where('status', 'in', ['active', 'reserved'])
              .orderBy('check_in')
              .execute();
      const current = currentStays(stays);
      return {
        list: rows.map((r) => {
          const stay = current.get(r.id);
          if (stay) ctx.validUntil(stayViewChangesAt(stay, nowMs));
          return {
            ...roomView(r, r.category_name),
            status_name: ROOM_STATUS_NAMES[r.status] ?? null,
            tenant: stay ? stayView(stay, nowMs) : null,
          };
        }),
        total: status === undefined ? (counts['all'] ?? 0) : (counts[String(status)] ?? 0),
        page,
        limit,
        counts,
      };
    },
  });
}
