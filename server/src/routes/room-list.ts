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
 *   total) and the page run in parallel, then the guests of the page's rooms; then one more for the marks of the
 *   page's locks (lockMarks: changes waiting for the next sync, last sync), whose tables also drop kept answers.
 */
import { ROOM_STATUS, roomCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { type SelectQueryBuilder, sql } from 'kysely';
import { defineCall } from '../call.js';
import { type ChangeFeed, changeFeed, VersionedCache } from '../db/changes.js';
import type { Db } from '../db/index.js';
import type { Room, Stay } from '../db/schema.js';
import { ROOM_STATUS_NAMES } from '../domain/stays.js';
import { addDays, shanghaiDate, shanghaiMidnight } from '../domain/time.js';
import { epochSeconds } from '../fields.js';
import { callerScope, inScope, likePattern, roomView, stayView } from '../shared/room-views.js';
import { type LockMark, lockMarks } from './lock-marks.js';
import { datePickWindow } from './rooms.js';

const STATUSES = Object.values(ROOM_STATUS);

/** Every table the list's rooms are read from: a change to one of them drops the kept pages. */
const LIST_TABLES = ['rooms', 'room_categories', 'stays', 'user_rooms'] as const;
/** The tables the marks of the page's locks are read from (lockMarks): a change drops the kept answers too. */
const LOCK_TABLES = [
  'lock_devices',
  'card_lock_sync',
  'cards',
  'lock_passwords',
  'faces',
  'face_grants',
  'fingerprint_deliveries',
] as const;

/** A page row as the page query answers it in JSON: the room, its group's name and its card's stay. */
interface PageRow {
  r: Record<string, unknown>;
  c: string | null;
  s: Record<string, unknown> | null;
}

/** The timestamp columns read from JSON (ISO text) back into Dates, as the drivers answer them. */
function withDates<T>(row: Record<string, unknown>, columns: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const c of columns) {
    const v = out[c];
    if (typeof v === 'string') out[c] = new Date(v);
  }
  return out as T;
}

const ROOM_TIMES = ['created_at', 'updated_at'] as const satisfies readonly (keyof Room)[];
const STAY_TIMES = [
  'check_in',
  'check_out',
  'checked_out_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Stay)[];

/** Counts per status kept per filter set: paging through a list counts its rooms once, not once per page. */
const keptCounts = new WeakMap<ChangeFeed, VersionedCache<Record<string, number>>>();

function countsCache(db: Db): VersionedCache<Record<string, number>> | undefined {
  const feed = changeFeed(db);
  if (!feed) return undefined;
  let kept = keptCounts.get(feed);
  if (!kept) {
    kept = new VersionedCache(feed, LIST_TABLES, 1_000);
    keptCounts.set(feed, kept);
  }
  return kept;
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

/** Pages read at once when one of them is asked and not kept (500 rooms at 50 a page). */
const CHUNK_PAGES = 10;
/** Kept chunks, ~1 KB a room: at most ~60 × 500 rooms. */
const MAX_CHUNKS = 60;

const keptChunks = new WeakMap<ChangeFeed, VersionedCache<PageRow[]>>();

function chunkCache(db: Db): VersionedCache<PageRow[]> | undefined {
  const feed = changeFeed(db);
  if (!feed) return undefined;
  let kept = keptChunks.get(feed);
  if (!kept) {
    kept = new VersionedCache(feed, LIST_TABLES, MAX_CHUNKS);
    keptChunks.set(feed, kept);
  }
  return kept;
}

/** The sort position of a room: its name key and id (the list's order, and the rooms_hotel_* indexes'). */
type Anchor = [nameKey: string, id: number];

const keptAnchors = new WeakMap<ChangeFeed, VersionedCache<Anchor[]>>();

/**
 * The last row of every page of a filtered list (one pass over its rooms, kept like the pages): page p > 1 starts
 * right after anchors[p - 2]. Undefined when they cannot be kept (then the page is cut with OFFSET).
 */
async function pageAnchors(
  db: Db,
  // biome-ignore lint/suspicious/noExplicitAny: the filtered rooms query of the handler
  shown: SelectQueryBuilder<any, 'r', object>,
  key: string,
  limit: number,
  desc: boolean,
  nowMs: number,
  until: number,
): Promise<Anchor[] | undefined> {
  const feed = changeFeed(db);
  if (!feed || until <= nowMs) return undefined;
  let kept = keptAnchors.get(feed);
  if (!kept) {
    kept = new VersionedCache(feed, LIST_TABLES, 1_000);
    keptAnchors.set(feed, kept);
  }
  const dir = desc ? sql`desc` : sql`asc`;
  return kept.load(key, nowMs, until, async () => {
    const rows = await db
      .selectFrom(
        shown
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
  });
}

/** The lock marks of a chunk's rooms, and until when (server ms) they hold by time alone. */
interface ChunkMarks {
  marks: Map<number, LockMark>;
  holds: number;
}

const keptMarks = new WeakMap<ChangeFeed, VersionedCache<ChunkMarks>>();

/**
 * The lock marks of the page's rooms. Read for the whole chunk the page was cut from and kept with it (until a
 * room or a lock table changes, or a counted credential expires): one statement for CHUNK_PAGES pages, shared by
 * concurrent requests (PGlite runs one statement at a time), so paging through the list, or answering a page whose
 * kept answer another change dropped, reads no marks again.
 */
async function marksOf(
  db: Db,
  hotelId: number,
  chunk: { key?: string; rows: PageRow[] },
  nowMs: number,
  until: number,
): Promise<Map<number, LockMark>> {
  const ids = chunk.rows.map((row) => Number(row.r['id']));
  const feed = changeFeed(db);
  if (!feed || chunk.key === undefined) return lockMarks(db, hotelId, ids, new Date(nowMs));
  let kept = keptMarks.get(feed);
  if (!kept) {
    kept = new VersionedCache(feed, [...LIST_TABLES, ...LOCK_TABLES], MAX_CHUNKS);
    keptMarks.set(feed, kept);
  }
  const read = async (): Promise<ChunkMarks> => {
    const marks = await lockMarks(db, hotelId, ids, new Date(nowMs));
    let holds = Number.POSITIVE_INFINITY;
    for (const m of marks.values()) if (m.changesAt !== null) holds = Math.min(holds, m.changesAt);
    return { marks, holds };
  };
  let found = await kept.load(chunk.key, nowMs, until, read);
  if (found.holds <= nowMs) {
    kept.delete(chunk.key);
    found = await kept.load(chunk.key, nowMs, until, read);
  }
  return found.marks;
}

export function roomListRoutes(app: FastifyInstance): void {
  defineCall(app, roomCalls.list, {
    cache: {
      tables: [...LIST_TABLES, ...LOCK_TABLES],
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
      // 'today' and 'yesterday' hold until the next Asia/Shanghai midnight ('week' is never kept).
      let until = Number.POSITIVE_INFINITY;
      if (body.date) {
        const w = datePickWindow(body.date, nowMs);
        q = q.where('r.updated_at', '>=', new Date(w.from)).where('r.updated_at', '<', new Date(w.to));
        until = body.date === 'week' ? nowMs : shanghaiMidnight(addDays(shanghaiDate(nowMs), 1));
        ctx.validUntil(until);
      }
      const status = body.status !== undefined && body.status !== -1 ? body.status : undefined;
      const shown = status === undefined ? q : q.where('r.status', '=', status);
      const desc = body.sort === 'desc' || body.sort === 'Z-A';
      const kept = countsCache(ctx.db);
      const countsKey = JSON.stringify([
        hotelId,
        scope,
        body.category_id ?? null,
        body.name ?? '',
        body.date ?? '',
      ]);
      const readCounts = async (): Promise<Record<string, number>> => {
        const perStatus = await q
          .select(['r.status', sql<number>`count(*)::int`.as('n')])
          .groupBy('r.status')
          .execute();
        const counts: Record<string, number> = { all: 0 };
        for (const s of STATUSES) counts[String(s)] = 0;
        for (const c of perStatus) {
          counts[String(c.status)] = Number(c.n);
          counts['all'] = (counts['all'] ?? 0) + Number(c.n);
        }
        return counts;
      };
      // Page 1 starts at the top; a later page right after the last row of the page before it (pageAnchors), so
      // the index is entered at the page instead of walking (page - 1) × limit rows; OFFSET only without anchors.
      const anchorsKey = `${countsKey}\n${JSON.stringify([status ?? -1, desc, limit])}`;
      // Rows from a position (after an anchor, else from the top) cut with OFFSET and LIMIT, joined to their groups
      // and card stays after the cut, so skipped rows never touch them.
      const readRows = (after: Anchor | undefined, offset: number, count: number): Promise<PageRow[]> =>
        ctx.db
          .selectFrom(
            (after
              ? shown.where((eb) =>
                  eb(eb.refTuple('r.name_key', 'r.id'), desc ? '<' : '>', eb.tuple(after[0], after[1])),
                )
              : shown
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
          .executeTakeFirstOrThrow()
          .then((row) => JSON.parse(row.page) as PageRow[]);
      // The page's rows. Read ahead: the rows of CHUNK_PAGES pages are read at once (from the anchor before the
      // first of them) and kept like the pages, so paging on costs no query; what cannot be kept (the moving
      // 'week' window) reads just its page.
      // The chunk the page was cut from (when chunks are kept): the lock marks are read and kept for all its rooms.
      let chunkOf: { key: string; rows: PageRow[] } | undefined;
      const pageRows = async (): Promise<PageRow[]> => {
        const chunks = chunkCache(ctx.db);
        if (!chunks || until <= nowMs) return readRows(undefined, (page - 1) * limit, limit);
        const chunk = Math.floor((page - 1) / CHUNK_PAGES);
        const firstPage = chunk * CHUNK_PAGES + 1;
        const key = `${anchorsKey}\n${chunk}`;
        let after: Anchor | undefined;
        if (firstPage > 1 && !chunks.get(key, nowMs)) {
          const anchors = await pageAnchors(ctx.db, shown, anchorsKey, limit, desc, nowMs, until);
          after = anchors?.[firstPage - 2];
          // Past the last page: OFFSET answers it (an empty page).
          if (!after) return readRows(undefined, (page - 1) * limit, limit);
        }
        const rows = await chunks.load(key, nowMs, until, () => readRows(after, 0, CHUNK_PAGES * limit));
        chunkOf = { key, rows };
        const from = (page - firstPage) * limit;
        return rows.slice(from, from + limit);
      };
      const [counts, rows] = await Promise.all([
        kept ? kept.load(countsKey, nowMs, until, readCounts) : readCounts(),
        pageRows(),
      ]);
      const marks = await marksOf(ctx.db, hotelId, chunkOf ?? { rows }, nowMs, until);
      return {
        list: rows.map((row) => {
          const r = withDates<Room>(row.r, ROOM_TIMES);
          const stay = row.s ? withDates<Stay>(row.s, STAY_TIMES) : undefined;
          if (stay) ctx.validUntil(stayViewChangesAt(stay, nowMs));
          const mark = marks.get(r.id);
          if (mark?.changesAt) ctx.validUntil(mark.changesAt);
          return {
            ...roomView(r, row.c),
            status_name: ROOM_STATUS_NAMES[r.status] ?? null,
            tenant: stay ? stayView(stay, nowMs) : null,
            lock_waiting: mark?.waiting ?? 0,
            lock_synced_at: epochSeconds(mark?.syncedAt) ?? 0,
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
