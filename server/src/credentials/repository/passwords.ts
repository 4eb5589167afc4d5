/**
 * The SQL of a room's PIN passwords (API.md §5, contract A of issue 8): the rows with their room, stay and issuer,
 * the stays a new password may be for, the room's live PINs (stored form only), issuing, withdrawing, deleting.
 * A password's status as answered is worked out here twice, in SQL (isLive, withStatus) and on a row
 * (passwordStatus), side by side so they agree.
 */
import type { PasswordStatus } from '@lockdesk/protocol';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, Stay } from '../../db/schema.js';
import { pageOf } from '../../fields.js';

/** The password rows (not deleted) with what an answer shows: room name, the stay's guest, who issued it. */
function passwordQuery(db: Db) {
  return db
    .selectFrom('lock_passwords as p')
    .innerJoin('rooms as r', 'r.id', 'p.room_id')
    .leftJoin('stays as s', 's.id', 'p.stay_id')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select([
      'p.id',
      'p.hotel_id',
      'p.room_id',
      'r.name as room_name',
      'p.stay_id',
      's.nickname',
      's.mobile',
      'p.kind',
      'p.single_use',
      'p.start_time',
      'p.end_time',
      'p.status',
      's.status as stay_status',
      'p.created_at',
      'u.nickname as user_nickname',
      'u.name as user_name',
      'u.mobile as user_mobile',
    ])
    .where('p.deleted_at', 'is', null);
}

export type PasswordRow = Awaited<ReturnType<ReturnType<typeof passwordQuery>['executeTakeFirstOrThrow']>>;

/** Stays whose passwords still hold: a closed stay (checked out, moved, cancelled) ends them. */
const OPEN_STAY = ['active', 'reserved'] as const;

/** A status as answered at `nowMs`. */
export function passwordStatus(
  row: { status: string; end_time: Date; stay_id: number | null; stay_status: string | null },
  nowMs: number,
): PasswordStatus {
  if (row.status === 'active') {
    const stayOpen = row.stay_id === null || OPEN_STAY.includes(row.stay_status as never);
    return row.end_time.getTime() > nowMs && stayOpen ? 'active' : 'expired';
  }
  return row.status === 'used' ? 'used' : 'revoked';
}

type PasswordTables = Database & { p: Database['lock_passwords']; s: Database['stays'] };

/** Active and still valid at `now`: not expired, its stay (if any) still open. */
function isLive(now: Date) {
  return (eb: ExpressionBuilder<PasswordTables, 'p' | 's'>) =>
    eb.and([
      eb('p.status', '=', 'active'),
      eb('p.end_time', '>', now),
      eb.or([eb('p.stay_id', 'is', null), eb('s.status', 'in', OPEN_STAY)]),
    ]);
}

/** Keeps the rows with the answered status `status` at `now`. */
export function withStatus(status: PasswordStatus, now: Date) {
  return (eb: ExpressionBuilder<PasswordTables, 'p' | 's'>) => {
    if (status === 'active') return isLive(now)(eb);
    if (status === 'expired') return eb.and([eb('p.status', '=', 'active'), eb.not(isLive(now)(eb))]);
    return eb('p.status', '=', status);
  };
}

/** A password of the hotel, not deleted. */
export function findPassword(db: Db, hotelId: number, id: number): Promise<PasswordRow | undefined> {
  return passwordQuery(db).where('p.id', '=', id).where('p.hotel_id', '=', hotelId).executeTakeFirst();
}

/** A password known to be there (just issued or changed). */
export function readPassword(db: Db, id: number): Promise<PasswordRow> {
  return passwordQuery(db).where('p.id', '=', id).executeTakeFirstOrThrow();
}

/** One page of a room's passwords (those `filter` keeps), newest first. */
export async function roomPasswordPage(
  db: Db,
  roomId: number,
  filter: ReturnType<typeof withStatus> | undefined,
  body: { page?: number; limit?: number },
) {
  const { page, limit, offset } = pageOf(body);
  let q = passwordQuery(db).where('p.room_id', '=', roomId);
  if (filter) q = q.where(filter);
  const [count, rows] = await Promise.all([
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { rows, total: Number(count.n), page, limit };
}

/** A stay of the room by id, whatever its status. */
export function findRoomStay(db: Db, roomId: number, stayId: number): Promise<Stay | undefined> {
  return db
    .selectFrom('stays')
    .selectAll()
    .where('id', '=', stayId)
    .where('room_id', '=', roomId)
    .executeTakeFirst();
}

/** The room's current guest: its latest active stay. */
export function currentStay(db: Db, roomId: number): Promise<Stay | undefined> {
  return db
    .selectFrom('stays')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('status', '=', 'active')
    .orderBy('check_in', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The room's next reservation not over at `now`. */
export function nextReservation(db: Db, roomId: number, now: Date): Promise<Stay | undefined> {
  return db
    .selectFrom('stays')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('status', '=', 'reserved')
    .where('check_out', '>', now)
    .orderBy('check_in', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** Takes the room's row lock for the rest of the transaction: issues for one room take turns. */
export async function lockRoomRow(trx: Db, roomId: number): Promise<void> {
  await trx.selectFrom('rooms').select('id').where('id', '=', roomId).forUpdate().execute();
}

/** The stored (lock-verifiable) forms of the room's passwords live at `now`. */
export async function livePinHashes(trx: Db, roomId: number, now: Date): Promise<string[]> {
  const active = await trx
    .selectFrom('lock_passwords as p')
    .leftJoin('stays as s', 's.id', 'p.stay_id')
    .select('p.pin_hash')
    .where('p.room_id', '=', roomId)
    .where('p.deleted_at', 'is', null)
    .where(isLive(now))
    .execute();
  return active.map((a) => a.pin_hash);
}

/** Stores an active password (its PIN in stored form only). Answers its id. */
export async function insertPassword(
  trx: Db,
  password: {
    hotelId: number;
    roomId: number;
    stayId: number | null;
    kind: 'remote' | 'custom';
    pinHash: string;
    start: Date;
    end: Date;
    singleUse: boolean;
    createdBy: number;
    now: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('lock_passwords')
    .values({
      hotel_id: password.hotelId,
      room_id: password.roomId,
      stay_id: password.stayId,
      kind: password.kind,
      pin_hash: password.pinHash,
      start_time: password.start,
      end_time: password.end,
      single_use: password.singleUse,
      status: 'active',
      created_by: password.createdBy,
      created_at: password.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes an active password for the lock's next sync; false when it was no longer active (a parallel call). */
export async function revokePassword(db: Db, id: number, now: Date): Promise<boolean> {
  const revoked = await db
    .updateTable('lock_passwords')
    .set({ status: 'revoked', revoked_at: now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .returning('id')
    .executeTakeFirst();
  return revoked !== undefined;
}

/**
 * Removes a password from the history, still in status `status` (an active one is revoked in the same step); the
 * row stays (deleted_at) for the lock's next sync. False when a parallel call changed or removed it first.
 */
export async function removePassword(
  db: Db,
  id: number,
  status: PasswordRow['status'],
  now: Date,
): Promise<boolean> {
  const removed = await db
    .updateTable('lock_passwords')
    .set(status === 'active' ? { deleted_at: now, status: 'revoked', revoked_at: now } : { deleted_at: now })
    .where('id', '=', id)
    .where('status', '=', status)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return removed !== undefined;
}
