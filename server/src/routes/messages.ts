/**
 * Messages (spec §2 /message, §7 lock/messageList, lock/deleteMessage; API.md §14). Choices where the spec is silent:
 * - a message is the hotel's: who reads or deletes it does so for every account of the hotel;
 * - a room's message is seen (and deleted) only by accounts whose room scope holds the room; a hotel-wide one (the
 *   service period, a hotel-wide card) by every account holding `message.view`;
 * - reading the list marks nothing read: `lock/readMessage` does (some ids, or all the caller sees);
 * - the list refreshes the condition messages first (services/messages.ts), at most once a minute per hotel.
 */
import { messageCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import type { RoomScope } from '../domain/permissions.js';
import { failure } from '../errors.js';
import { epochSeconds, listPage } from '../fields.js';
import { refreshHotelMessagesThrottled } from '../services/messages.js';
import { callerScope, requireRooms } from '../shared/room-views.js';

/** Kinds the list answers (the state-based ones are 'resolved' once closed). */
const CONDITION_KINDS: readonly string[] = ['low_battery', 'service_expiring', 'lock_not_synced'];

/** The hotel's undeleted messages the scope lets the caller see. */
function visibleMessages(ctx: UserContext, hotelId: number, scope: RoomScope) {
  let q = ctx.db
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
async function unreadCount(ctx: UserContext, hotelId: number, scope: RoomScope): Promise<number> {
  const row = await visibleMessages(ctx, hotelId, scope)
    .where('m.read_at', 'is', null)
    .where('m.closed_at', 'is', null)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface MessageRow {
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

/** A message as answered (API.md §14 'the message'). */
function messageView(row: MessageRow) {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    room_id: row.room_id,
    room_name: row.room_name ?? '',
    read: row.read_at !== null,
    read_at: epochSeconds(row.read_at),
    resolved: CONDITION_KINDS.includes(row.kind) && row.closed_at !== null,
    created_at: epochSeconds(row.created_at) as number,
    updated_at: epochSeconds(row.updated_at) as number,
    // Rows older than the kinds (kind 'notice') carry their own text.
    title: row.title,
    content: row.content,
  };
}

/** The distinct ids of `id` and `ids`; FIELD_REQUIRED {field: ids} when neither is given. */
function requestedIds(body: { id?: number; ids?: unknown[] }): number[] {
  const ids = new Set<number>([...((body.ids as number[] | undefined) ?? []), ...(body.id ? [body.id] : [])]);
  if (ids.size === 0) throw failure('FIELD_REQUIRED', { field: 'ids' });
  return [...ids];
}

/**
 * The messages `ids` of the caller's hotel, undeleted: NOT_FOUND when one is not (unknown, deleted, another
 * hotel's), PERMISSION_DENIED when one is of a room outside the caller's scope.
 */
async function requireMessages(ctx: UserContext, ids: number[]): Promise<number[]> {
  const hotelId = ctx.requireHotelId();
  const rows = await ctx.db
    .selectFrom('messages')
    .select(['id', 'room_id'])
    .where('hotel_id', '=', hotelId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== ids.length) throw failure('NOT_FOUND');
  const roomIds = [...new Set(rows.flatMap((r) => (r.room_id === null ? [] : [r.room_id])))];
  if (roomIds.length > 0) await requireRooms(ctx, roomIds, 'message.view');
  return rows.map((r) => r.id);
}

export function messageRoutes(app: FastifyInstance): void {
  defineCall(app, messageCalls.list, {
    // It refreshes the condition messages, but that is upkeep, not the caller's act: not logged.
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      await refreshHotelMessagesThrottled(ctx.db, hotelId, ctx.now());
      let q = visibleMessages(ctx, hotelId, scope);
      if (body.kind) q = q.where('m.kind', '=', body.kind);
      if (body.unread_only) q = q.where('m.read_at', 'is', null).where('m.closed_at', 'is', null);
      const page = await listPage(
        q,
        body,
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
          if ((body.order ?? 'unread') === 'unread')
            ordered = ordered.orderBy(sql`(m.read_at IS NULL AND m.closed_at IS NULL)`, 'desc');
          return ordered.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc');
        },
        (row) => messageView(row as MessageRow),
      );
      return { ...page, unread: await unreadCount(ctx, hotelId, scope) };
    },
  });

  defineCall(app, messageCalls.remove, {
    handler: async (ctx, body) => {
      const ids = await requireMessages(ctx, requestedIds(body));
      const now = ctx.now();
      const deleted = await ctx.db
        .updateTable('messages')
        .set({ deleted_at: now, updated_at: now })
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .returning('id')
        .execute();
      ctx.audit(`Messages deleted: ${ids.length}`);
      return { ids: deleted.map((r) => r.id).sort((a, b) => a - b) };
    },
  });

  defineCall(app, messageCalls.markRead, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const now = ctx.now();
      let ids: number[];
      if (body.all) {
        const rows = await visibleMessages(ctx, hotelId, scope)
          .where('m.read_at', 'is', null)
          .select('m.id')
          .execute();
        ids = rows.map((r) => r.id);
      } else {
        ids = await requireMessages(ctx, requestedIds(body));
      }
      if (ids.length > 0)
        await ctx.db
          .updateTable('messages')
          .set({ read_at: now })
          .where('id', 'in', ids)
          .where('read_at', 'is', null)
          .execute();
      ctx.audit(body.all ? 'Messages read: all' : `Messages read: ${ids.length}`);
      return { unread: await unreadCount(ctx, hotelId, scope) };
    },
  });
}
