/** The SQL of the bill centre: orders (with their rooms, guests and operators), the merchant account, the figures. */
import type { OrderKind } from '@lockdesk/protocol';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { OrdersTable } from '../db/schema.js';
import { listPage } from '../fields.js';
import { likePattern } from '../shared/room-views.js';

/** An order with the names it is shown with. */
export interface OrderRow {
  id: number;
  kind: string;
  amount_fen: number;
  refunded_fen: number;
  refund_of: number | null;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  nickname: string | null;
  mobile: string | null;
  operator: string | null;
  bank_holder: string | null;
  bank_name: string | null;
  bank_account: string | null;
  status: string;
  note: string;
  created_at: Date;
}

/** The hotel's orders joined to their rooms, stays and operators. */
function ordersOf(db: Db, hotelId: number) {
  return db
    .selectFrom('orders as o')
    .leftJoin('rooms as r', 'r.id', 'o.room_id')
    .leftJoin('stays as s', 's.id', 'o.stay_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .where('o.hotel_id', '=', hotelId);
}

const orderColumns = [
  'o.id',
  'o.kind',
  'o.amount_fen',
  'o.refunded_fen',
  'o.refund_of',
  'o.room_id',
  'r.name as room_name',
  'o.stay_id',
  's.nickname',
  's.mobile',
  'u.nickname as operator',
  'o.bank_holder',
  'o.bank_name',
  'o.bank_account',
  'o.status',
  'o.note',
  'o.created_at',
] as const;

/** One order of the hotel with its names. */
export async function findOrderRow(db: Db, hotelId: number, id: number): Promise<OrderRow | undefined> {
  return (await ordersOf(db, hotelId).select(orderColumns).where('o.id', '=', id).executeTakeFirst()) as
    | OrderRow
    | undefined;
}

/** What order/orderList filters by. */
export interface OrderFilters {
  kind?: OrderKind | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  roomId?: number | undefined;
  /** Part of the room's name, the guest's name or mobile, or the note. */
  keyword?: string | undefined;
}

/**
 * A page of the hotel's orders the filters keep, sorted by time or amount (then id), with the money in and out of
 * all of them.
 */
export async function ordersPage(
  db: Db,
  hotelId: number,
  filters: OrderFilters,
  paging: { page?: number | undefined; limit?: number | undefined },
  sort: { byAmount: boolean; ascending: boolean },
) {
  let q = ordersOf(db, hotelId);
  if (filters.kind) q = q.where('o.kind', '=', filters.kind);
  if (filters.from) q = q.where('o.created_at', '>=', filters.from);
  if (filters.to) q = q.where('o.created_at', '<=', filters.to);
  if (filters.roomId) q = q.where('o.room_id', '=', filters.roomId);
  if (filters.keyword) {
    const like = likePattern(filters.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('r.name', 'ilike', like),
        eb('s.nickname', 'ilike', like),
        eb('s.mobile', 'ilike', like),
        eb('o.note', 'ilike', like),
      ]),
    );
  }
  const totals = await q
    .select([
      sql<string>`coalesce(sum(o.amount_fen) FILTER (WHERE o.kind IN ('room', 'deposit', 'recharge')), 0)`.as(
        'in_fen',
      ),
      sql<string>`coalesce(sum(o.amount_fen) FILTER (WHERE o.kind IN ('refund', 'withdrawal')), 0)`.as(
        'out_fen',
      ),
    ])
    .executeTakeFirstOrThrow();
  const column = sort.byAmount ? 'o.amount_fen' : 'o.created_at';
  const direction = sort.ascending ? 'asc' : 'desc';
  const page = await listPage(
    q,
    paging,
    (rows) => rows.select(orderColumns).orderBy(column, direction).orderBy('o.id', direction),
    (row) => row as OrderRow,
  );
  return { page, totals: { in_fen: Number(totals.in_fen), out_fen: Number(totals.out_fen) } };
}

/** An order of the hotel, as stored. */
export function findOrder(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/**
 * Counts `fen` more refunded of an order, and sets its status, only while the refunds still fit its amount (the
 * conditional update is the guard against concurrent refunds). Undefined when it would not fit.
 */
export function addRefunded(db: Db, orderId: number, fen: number) {
  return db
    .updateTable('orders')
    .set({
      refunded_fen: sql`refunded_fen + ${fen}`,
      status: sql`CASE WHEN refunded_fen + ${fen} >= amount_fen THEN 'refunded' ELSE 'partly_refunded' END`,
    })
    .where('id', '=', orderId)
    .where(sql<boolean>`refunded_fen + ${fen} <= amount_fen`)
    .returning(['amount_fen', 'refunded_fen'])
    .executeTakeFirst();
}

/** An order's amount and what was refunded of it. */
export function orderAmounts(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['amount_fen', 'refunded_fen'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

/** Writes an order; answers its id. */
export async function insertOrder(db: Db, order: Insertable<OrdersTable>): Promise<number> {
  const row = await db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

// ---- The merchant account ----

/** The hotel's row (its balance and bank account). */
export function findHotel(db: Db, hotelId: number) {
  return db.selectFrom('hotels').selectAll().where('id', '=', hotelId).executeTakeFirstOrThrow();
}

/** An account's row. */
export function findUser(db: Db, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

/** The bank account withdrawals are paid to. */
export function cashAccountOf(db: Db, hotelId: number) {
  return db
    .selectFrom('hotels')
    .select(['cash_holder', 'cash_bank', 'cash_account'])
    .where('id', '=', hotelId)
    .executeTakeFirstOrThrow();
}

/** Sets the bank account withdrawals are paid to. */
export async function setCashAccount(
  db: Db,
  hotelId: number,
  account: { holder: string; bank: string; account: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('hotels')
    .set({
      cash_holder: account.holder,
      cash_bank: account.bank,
      cash_account: account.account,
      cash_set_at: now,
    })
    .where('id', '=', hotelId)
    .execute();
}

// ---- The figures ----

/**
 * Per hotel day from `startDate` to `endDate` ('YYYY-MM-DD', hotel time UTC+08:00; orders from `startMs`, the
 * start of the first day, up to `untilMs`, the end of the last): the room charges, the refunds of room charges, and the rooms with a stay over the night that starts that
 * day. An instant's day is (instant + 8 h) read as UTC.
 */
export async function dayFigures(
  db: Db,
  hotelId: number,
  startDate: string,
  endDate: string,
  startMs: number,
  untilMs: number,
) {
  const rows = await sql<{
    day: string;
    income_fen: string;
    refund_fen: string;
    occupied: string;
  }>`
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${startDate}::date, ${endDate}::date, interval '1 day') d
    ),
    money AS (
      SELECT ((o.created_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day,
             sum(o.amount_fen) FILTER (WHERE o.kind = 'room') AS income_fen,
             sum(o.amount_fen) FILTER (WHERE o.kind = 'refund' AND c.kind = 'room') AS refund_fen
      FROM orders o
      LEFT JOIN orders c ON c.id = o.refund_of
      WHERE o.hotel_id = ${hotelId}
        AND o.created_at >= ${new Date(startMs)} AND o.created_at < ${new Date(untilMs)}
      GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
           coalesce(money.income_fen, 0) AS income_fen,
           coalesce(money.refund_fen, 0) AS refund_fen,
           (SELECT count(DISTINCT s.room_id) FROM stays s
             WHERE s.hotel_id = ${hotelId}
               AND s.status IN ('active', 'checked_out', 'moved')
               AND s.check_in < ((days.day + 1)::timestamp - interval '8 hours') AT TIME ZONE 'UTC'
               AND coalesce(s.checked_out_at, s.check_out) > ((days.day + 1)::timestamp - interval '8 hours') AT TIME ZONE 'UTC'
           ) AS occupied
    FROM days LEFT JOIN money ON money.day = days.day
    ORDER BY days.day
  `.execute(db);
  return rows.rows.map((r) => ({
    day: r.day,
    incomeFen: Number(r.income_fen),
    refundFen: Number(r.refund_fen),
    occupied: Number(r.occupied),
  }));
}

/** How many rooms the hotel has. */
export async function roomCount(db: Db, hotelId: number): Promise<number> {
  const rooms = await db
    .selectFrom('rooms')
    .select(sql<string>`count(*)`.as('n'))
    .where('hotel_id', '=', hotelId)
    .executeTakeFirstOrThrow();
  return Number(rooms.n);
}
