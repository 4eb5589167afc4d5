/**
 * Every SQL statement of the message area (the hotel's messages as the console lists, reads and deletes them; the
 * messages themselves are written by services/messages.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { RoomScope } from '../domain/permissions.js';
import { listPage } from '../fields.js';

/** The hotel's undeleted messages (`m`, with their room `r`) the scope lets the caller see. */
function visibleMessages(db: Db, hotelId: number, scope: RoomScope) {
  let q = db
    .selectFrom('messages as m')
    .leftJoin('rooms as r', 'r.id', 'm.room_id')
    .where('m.hotel_id', '=', hotelId)
    .where('m.deleted_at', 'is', null);
  if (scope.kind === 'none') q = q.where(sql<boolean>`false`);
  if (scope.kind === 'assigned')
    q = q.where((eb) =>
      eb.or([
        eb('m.room_id', 'is', null),
        eb(
          'm.room_id',
          'in',
          eb.selectFrom('user_rooms').select('room_id').where('user_id', '=', scope.userId),
        ),
      ]),
    );
  return q;
}

/** Unread and still open: what the badge counts. */
export async function unreadCount(db: Db, hotelId: number, scope: RoomScope): Promise<number> {
  const row = await visibleMessages(db, hotelId, scope)
    .where('m.read_at', 'is', null)
    .where('m.closed_at', 'is', null)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A message as stored, with its room's name. */
export interface MessageRow {
  id: number;
  kind: string;
  subject: string;
  params: Record<string, unknown>;
  room_id: number | null;
  room_name: string | null;
  title: string;
  content: string;
  read_at: Date | null;
  closed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * A page of the messages the scope lets the caller see, of a kind and only the unread open ones when asked; unread
 * open ones first, then newest ('unread'), or newest first ('time').
 */
export function messagePage<View>(
  db: Db,
  hotelId: number,
  scope: RoomScope,
  filter: { kind?: string | undefined; unreadOnly?: boolean | undefined; order: 'unread' | 'time' },
  page: { page?: number; limit?: number },
  view: (row: MessageRow) => View,
) {
  let q = visibleMessages(db, hotelId, scope);
  if (filter.kind) q = q.where('m.kind', '=', filter.kind);
  if (filter.unreadOnly) q = q.where('m.read_at', 'is', null).where('m.closed_at', 'is', null);
  return listPage(
    q,
    page,
    (rows) => {
      let ordered = rows.select([
        'm.id',
        'm.kind',
        'm.subject',
        'm.params',
        'm.room_id',
        'r.name as room_name',
        'm.title',
        'm.content',
        'm.read_at',
        'm.closed_at',
        'm.created_at',
        'm.updated_at',
      ]);
      if (filter.order === 'unread')
        ordered = ordered.orderBy(sql`(m.read_at IS NULL AND m.closed_at IS NULL)`, 'desc');
      return ordered.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc');
    },
    (row) => view(row as MessageRow),
  );
}

/** The ids of the visible unread messages. */
export async function unreadMessageIds(db: Db, hotelId: number, scope: RoomScope): Promise<number[]> {
  const rows = await visibleMessages(db, hotelId, scope)
    .where('m.read_at', 'is', null)
    .select('m.id')
    .execute();
  return rows.map((r) => r.id);
}

/** The hotel's undeleted messages among `ids`, with their rooms. */
export function hotelMessages(db: Db, hotelId: number, ids: readonly number[]) {
  return db
    .selectFrom('messages')
    .select(['id', 'room_id'])
    .where('hotel_id', '=', hotelId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

/** Deletes messages (for every account of the hotel); the ids deleted now. */
export async function deleteMessages(db: Db, ids: readonly number[], now: Date): Promise<number[]> {
  const deleted = await db
    .updateTable('messages')
    .set({ deleted_at: now, updated_at: now })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  return deleted.map((r) => r.id);
}

/** Marks unread messages read. */
export async function markMessagesRead(db: Db, ids: readonly number[], now: Date): Promise<void> {
  await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .execute();
}
