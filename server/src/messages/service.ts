/**
 * Messages (spec §2 /message, §7 lock/messageList, lock/deleteMessage; API.md §14). Choices where the spec is silent:
 * - a message is the hotel's: who reads or deletes it does so for every account of the hotel;
 * - a room's message is seen (and deleted) only by accounts whose room scope holds the room; a hotel-wide one (the
 *   service period, a hotel-wide card) by every account holding `message.view`;
 * - reading the list marks nothing read: `lock/readMessage` does (some ids, or all the caller sees);
 * - the list refreshes the condition messages first (services/messages.ts), at most once a minute per hotel.
 */
import type { BodyOf, Message, MessagePage, messageCalls } from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { refreshHotelMessagesThrottled } from '../services/messages.js';
import { callerScope, requireRooms } from '../shared/room-views.js';
import * as repo from './repository.js';

/** Kinds the list answers as 'resolved' once closed (the state-based ones). */
const CONDITION_KINDS: readonly string[] = ['low_battery', 'service_expiring', 'lock_not_synced'];

/** A message as answered (API.md §14 'the message'). */
function messageView(row: repo.MessageRow): Message {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    room_id: row.room_id,
    room_name: row.room_name ?? '',
    read: row.read_at !== null,
    read_at: epochSeconds(row.read_at),
    resolved: CONDITION_KINDS.includes(row.kind) && row.closed_at !== null,
    created_at: epochSeconds(row.created_at),
    updated_at: epochSeconds(row.updated_at),
    // Rows older than the kinds (kind 'notice') carry their own text.
    title: row.title,
    content: row.content,
  };
}

/** A page of the messages the caller sees, after refreshing the condition messages, with the unread count. */
export async function listMessages(
  ctx: UserContext,
  body: BodyOf<typeof messageCalls.list>,
): Promise<MessagePage> {
  const { hotelId, scope } = callerScope(ctx);
  await refreshHotelMessagesThrottled(ctx.db, hotelId, ctx.now());
  const page = await repo.messagePage(
    ctx.db,
    hotelId,
    scope,
    { kind: body.kind, unreadOnly: body.unread_only, order: body.order ?? 'unread' },
    body,
    messageView,
  );
  return { ...page, unread: await repo.unreadCount(ctx.db, hotelId, scope) };
}

/** The distinct ids of `id` and `ids`; FIELD_REQUIRED {field: ids} when neither is given. */
function requestedIds(body: { id?: number; ids?: number[] }): number[] {
  const ids = new Set<number>([...(body.ids ?? []), ...(body.id ? [body.id] : [])]);
  if (ids.size === 0) throw failure('FIELD_REQUIRED', { field: 'ids' });
  return [...ids];
}

/**
 * The messages `ids` of the caller's hotel, undeleted: NOT_FOUND when one is not (unknown, deleted, another
 * hotel's), PERMISSION_DENIED when one is of a room outside the caller's scope.
 */
async function requireMessages(ctx: UserContext, ids: number[]): Promise<number[]> {
  const rows = await repo.hotelMessages(ctx.db, ctx.requireHotelId(), ids);
  if (rows.length !== ids.length) throw failure('NOT_FOUND');
  const roomIds = [...new Set(rows.flatMap((r) => (r.room_id === null ? [] : [r.room_id])))];
  if (roomIds.length > 0) await requireRooms(ctx, roomIds, 'message.view');
  return rows.map((r) => r.id);
}

/** Deletes messages the caller sees, for every account of the hotel. */
export async function deleteMessages(
  ctx: UserContext,
  body: BodyOf<typeof messageCalls.remove>,
): Promise<{ ids: number[] }> {
  const ids = await requireMessages(ctx, requestedIds(body));
  const deleted = await repo.deleteMessages(ctx.db, ids, ctx.now());
  ctx.audit(`Messages deleted: ${ids.length}`);
  return { ids: deleted.sort((a, b) => a - b) };
}

/** Marks messages read: some ids, or every one the caller sees; the unread count after. */
export async function readMessages(
  ctx: UserContext,
  body: BodyOf<typeof messageCalls.markRead>,
): Promise<{ unread: number }> {
  const { hotelId, scope } = callerScope(ctx);
  const now = ctx.now();
  const ids = body.all
    ? await repo.unreadMessageIds(ctx.db, hotelId, scope)
    : await requireMessages(ctx, requestedIds(body));
  if (ids.length > 0) await repo.markMessagesRead(ctx.db, ids, now);
  ctx.audit(body.all ? 'Messages read: all' : `Messages read: ${ids.length}`);
  return { unread: await repo.unreadCount(ctx.db, hotelId, scope) };
}
