/**
 * The operation log (route /operation/operation of the console). An account that sees every room of the hotel
 * (super administrator) reads the whole hotel's log; a room-limited one (secondary administrator, staff granted
 * `log.view`) reads its own entries and the entries that touched a room in its scope (spec §6), nothing else.
 */
import type { BodyOf, LogAccount, OperationEntry, operationLogCalls, Page } from '@lockdesk/protocol';
import { seesAllRooms } from '../auth/permissions.js';
import type { UserContext } from '../call.js';
import { operationArea } from '../domain/operation-areas.js';
import { failure } from '../errors.js';
import { epochSeconds, pageOf } from '../fields.js';
import * as repo from './repository.js';

export type { OperationFilters } from './repository.js';

/** The caller as a reader of the log. */
function readerOf(ctx: UserContext): repo.LogReader {
  return { hotelId: ctx.requireHotelId(), userId: ctx.user.id, seesAllRooms: seesAllRooms(ctx.user.role) };
}

/**
 * The log entries (`l`, with their account `u`) the caller may read, filtered; neither ordered nor paged (the
 * operation-log export reads it too). END_BEFORE_START for a reversed period; a room of another hotel (or none)
 * NOT_FOUND, one out of the caller's scope PERMISSION_DENIED (as lock/checkHistory).
 */
export async function operationLogQuery(
  ctx: UserContext,
  body: repo.OperationFilters,
): Promise<repo.EntriesQuery> {
  if (body.start_time && body.end_time && body.end_time < body.start_time) {
    throw failure('END_BEFORE_START', { field: 'end_time' });
  }
  const reader = readerOf(ctx);
  const room = body.room_id === undefined ? undefined : await ctx.requireRoom(body.room_id, 'log.view');
  return repo.filteredEntries(ctx.db, reader, body, room?.id);
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** A page of the entries the caller may read, newest first. */
export async function listEntries(
  ctx: UserContext,
  body: BodyOf<typeof operationLogCalls.list>,
): Promise<Page<OperationEntry>> {
  const { page, limit, offset } = pageOf(body);
  const q = await operationLogQuery(ctx, body);
  const { total, rows } = await repo.entryPage(q, readerOf(ctx), { limit, offset });
  return {
    list: rows.map((r) => ({
      id: r.id,
      time: epochSeconds(r.created_at),
      user_id: r.user_id,
      mobile: r.mobile,
      nickname: r.nickname,
      role: r.role,
      path: r.path,
      area: operationArea(r.path),
      summary: r.summary,
      errno: r.errno,
      code: r.code,
      ip: r.ip,
      uuid: r.client_uuid,
      user_agent: r.user_agent,
      rooms: parsed(r.rooms),
      room_count: Number(r.room_count),
    })),
    total,
    page,
    limit,
  };
}

/** The accounts of the hotel with entries the caller may read: whom the person filter can find. */
export async function logAccounts(
  ctx: UserContext,
  body: BodyOf<typeof operationLogCalls.accounts>,
): Promise<Page<LogAccount>> {
  const { page, limit, offset } = pageOf(body);
  const { total, rows } = await repo.accountsWithEntries(ctx.db, readerOf(ctx), body.keyword, {
    limit,
    offset,
  });
  return {
    list: rows.map((r) => ({ id: r.id, mobile: r.mobile, nickname: r.nickname, name: r.name, role: r.role })),
    total,
    page,
    limit,
  };
}
