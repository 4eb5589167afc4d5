/**
 * room/listNew — the room list (spec §2), a page of rooms with their groups and guests, the total and the count of
 * rooms per status (the status tabs), with sort and filters as rooms.ts's header describes. Its
 * statements are repository/room-list.ts's; this module keeps what it read (below) and builds the answer.
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
import { type ROOM_DATE_PICKS, ROOM_STATUS, roomCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { type ChangeFeed, changeFeed, VersionedCache } from '../db/changes.js';
import type { Db } from '../db/index.js';
import type { Room, Stay } from '../db/schema.js';
import { ROOM_STATUS_NAMES } from '../domain/stays.js';
import { addDays, shanghaiDate, shanghaiMidnight } from '../domain/time.js';
import { epochSeconds } from '../fields.js';
import { callerScope, roomView, stayView } from '../shared/room-views.js';
import { type LockMark, lockMarks } from './repository/lock-marks.js';
import {
  type Anchor,
  countPerStatus,
  type FilteredRooms,
  filteredRooms,
  type PageRow,
  pageAnchors,
  pageRows,
  withStatus,
} from './repository/room-list.js';

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

/** The modified-date window of a quick pick, in epoch ms. */
export function datePickWindow(
  pick: (typeof ROOM_DATE_PICKS)[number],
  nowMs: number,
): { from: number; to: number } {
  const today = shanghaiDate(nowMs);
  if (pick === 'today') return { from: shanghaiMidnight(today), to: shanghaiMidnight(addDays(today, 1)) };
  if (pick === 'yesterday')
    return { from: shanghaiMidnight(addDays(today, -1)), to: shanghaiMidnight(today) };
  return { from: nowMs - 7 * 86_400_000, to: nowMs + 1 };
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

const keptAnchors = new WeakMap<ChangeFeed, VersionedCache<Anchor[]>>();

/**
 * The last row of every page of a filtered list (one pass over its rooms, kept like the pages): page p > 1 starts
 * right after anchors[p - 2]. Undefined when they cannot be kept (then the page is cut with OFFSET).
 */
async function keptPageAnchors(
  db: Db,
  shown: FilteredRooms,
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
  return kept.load(key, nowMs, until, () => pageAnchors(db, shown, limit, desc));
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

/** Registers room/listNew. */
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
      // 'today' and 'yesterday' hold until the next Asia/Shanghai midnight ('week' is never kept).
      let until = Number.POSITIVE_INFINITY;
      if (body.date) {
        until = body.date === 'week' ? nowMs : shanghaiMidnight(addDays(shanghaiDate(nowMs), 1));
        ctx.validUntil(until);
      }
      // Every filter but the status: the counts per status are taken over these rooms.
      const q = filteredRooms(ctx.db, hotelId, scope, {
        categoryId: body.category_id,
        name: body.name,
        modified: body.date ? datePickWindow(body.date, nowMs) : undefined,
      });
      const status = body.status !== undefined && body.status !== -1 ? body.status : undefined;
      const shown = withStatus(q, status);
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
        const counts: Record<string, number> = { all: 0 };
        for (const s of STATUSES) counts[String(s)] = 0;
        for (const c of await countPerStatus(q)) {
          counts[String(c.status)] = c.n;
          counts['all'] = (counts['all'] ?? 0) + c.n;
        }
        return counts;
      };
      // Page 1 starts at the top; a later page right after the last row of the page before it (pageAnchors), so
      // the index is entered at the page instead of walking (page - 1) × limit rows; OFFSET only without anchors.
      const anchorsKey = `${countsKey}\n${JSON.stringify([status ?? -1, desc, limit])}`;
      const readRows = (after: Anchor | undefined, offset: number, count: number): Promise<PageRow[]> =>
        pageRows(ctx.db, shown, after, offset, count, desc);
      // The page's rows. Read ahead: the rows of CHUNK_PAGES pages are read at once (from the anchor before the
      // first of them) and kept like the pages, so paging on costs no query; what cannot be kept (the moving
      // 'week' window) reads just its page.
      // The chunk the page was cut from (when chunks are kept): the lock marks are read and kept for all its rooms.
      let chunkOf: { key: string; rows: PageRow[] } | undefined;
      const readPage = async (): Promise<PageRow[]> => {
        const chunks = chunkCache(ctx.db);
        if (!chunks || until <= nowMs) return readRows(undefined, (page - 1) * limit, limit);
        const chunk = Math.floor((page - 1) / CHUNK_PAGES);
        const firstPage = chunk * CHUNK_PAGES + 1;
        const key = `${anchorsKey}\n${chunk}`;
        let after: Anchor | undefined;
        if (firstPage > 1 && !chunks.get(key, nowMs)) {
          const anchors = await keptPageAnchors(ctx.db, shown, anchorsKey, limit, desc, nowMs, until);
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
        readPage(),
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
