/**
 * What faces and fingerprints (credentials/faces.ts, fingerprints.ts) share: who may manage a credential of a room
 * or of the hotel's library, which room and stay a new credential is for, and which credentials a list holds (the
 * caller's scope, narrowed to a room, a stay and a keyword). Their body fields are the contracts' (protocol's
 * calls/credential-fields.ts).
 */
import type { ExpressionBuilder } from 'kysely';
import { roleAllows } from '../auth/permissions.js';
import type { UserContext } from '../call.js';
import type { Room } from '../db/schema.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { callerScope, likePattern } from './room-views.js';

/** True when the caller may manage credentials without a room (the hotel's library). */
export function canUseLibrary(ctx: UserContext): boolean {
  const { role, authorities } = ctx.user;
  return (
    ctx.hotelId !== null &&
    roleAllows(role, authorities, 'credential.manage') &&
    roleAllows(role, authorities, 'room.manage')
  );
}

export function requireLibrary(ctx: UserContext): void {
  if (!canUseLibrary(ctx)) throw failure('PERMISSION_DENIED');
}

/** Checks the scope of a credential's room (or of the library when it has none). */
export async function requireCredentialScope(ctx: UserContext, roomId: number | null): Promise<void> {
  if (roomId === null) requireLibrary(ctx);
  else await ctx.requireRoom(roomId, 'credential.manage');
}

/** A stay of the caller's hotel by id (NOT_FOUND otherwise); the caller checks its room. */
export async function findStay(
  ctx: UserContext,
  stayId: number,
): Promise<{ id: number; room_id: number; status: string }> {
  const stay = await ctx.db
    .selectFrom('stays')
    .select(['id', 'room_id', 'status'])
    .where('id', '=', stayId)
    .where('hotel_id', '=', ctx.requireHotelId())
    .executeTakeFirst();
  if (!stay) throw failure('NOT_FOUND');
  return stay;
}

type Target = { room_id?: number | undefined; stay_id?: number | undefined };

/**
 * The room and stay a new credential is for: with a stay, that stay (reserved or active) of its room; with a room
 * only, the room's current guest (NO_TENANT_IN_ROOM without one); with neither, the library.
 */
export async function credentialTarget(
  ctx: UserContext,
  body: Target,
): Promise<{ room: Room | null; stayId: number | null }> {
  ctx.requireHotelId();
  const named = body.room_id === undefined ? null : await ctx.requireRoom(body.room_id, 'credential.manage');
  if (body.stay_id !== undefined) {
    const stay = await findStay(ctx, body.stay_id);
    const room = named ?? (await ctx.requireRoom(stay.room_id, 'credential.manage'));
    if (stay.room_id !== room.id || (stay.status !== 'active' && stay.status !== 'reserved'))
      throw failure('FIELD_INVALID', { field: 'stay_id' });
    return { room, stayId: stay.id };
  }
  if (named) {
    const current = await ctx.db
      .selectFrom('stays')
      .select('id')
      .where('room_id', '=', named.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!current) throw failure('NO_TENANT_IN_ROOM');
    return { room: named, stayId: current.id };
  }
  requireLibrary(ctx);
  return { room: null, stayId: null };
}

type CredentialAlias = 'fc' | 'fp';

/**
 * A where-clause keeping the credentials (faces `fc` or fingerprints `fp`) a list shows: those the caller may
 * manage (rooms in the caller's scope, and the library's when the caller may use it), of the room and the stay
 * named (each checked against the caller's scope), with the keyword in one of `keywordColumns`.
 */
export async function credentialsListed(
  ctx: UserContext,
  alias: CredentialAlias,
  body: Target & { keyword?: string | undefined },
  keywordColumns: readonly string[],
) {
  ctx.requireHotelId();
  const roomId =
    body.room_id === undefined ? undefined : (await ctx.requireRoom(body.room_id, 'credential.manage')).id;
  let stayId: number | undefined;
  if (body.stay_id !== undefined) {
    const stay = await findStay(ctx, body.stay_id);
    await ctx.requireRoom(stay.room_id, 'credential.manage');
    stayId = stay.id;
  }
  const { scope } = callerScope(ctx);
  const library = canUseLibrary(ctx);
  const like = body.keyword ? likePattern(body.keyword) : undefined;
  // biome-ignore lint/suspicious/noExplicitAny: the same clause serves faces and fingerprints
  return (eb: ExpressionBuilder<any, any>) => {
    const roomColumn = `${alias}.room_id`;
    const mayManage = [];
    if (library) mayManage.push(eb(roomColumn, 'is', null));
    if (scope.kind === 'all') mayManage.push(eb(roomColumn, 'is not', null));
    else if (scope.kind === 'assigned')
      mayManage.push(
        eb(
          roomColumn,
          'in',
          eb.selectFrom('user_rooms').select('room_id').where('user_id', '=', scope.userId),
        ),
      );
    const parts = [mayManage.length === 0 ? eb.lit(false) : eb.or(mayManage)];
    if (roomId !== undefined) parts.push(eb(roomColumn, '=', roomId));
    if (stayId !== undefined) parts.push(eb(`${alias}.stay_id`, '=', stayId));
    if (like !== undefined) parts.push(eb.or(keywordColumns.map((column) => eb(column, 'ilike', like))));
    return eb.and(parts);
  };
}

/** Where a credential is placed, as answered after its own fields (contracts D and E). */
export function credentialPlace(row: {
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  status: string;
  created_at: Date;
}) {
  return {
    room_id: row.room_id,
    room_name: row.room_name ?? '',
    stay_id: row.stay_id,
    status: row.status,
    created_at: epochSeconds(row.created_at),
  };
}
