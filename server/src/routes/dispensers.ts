/**
 * Card dispensers and card readers (API.md §9.1): the hotel's readers by address and type, which account each is
 * bound to (the console keeps the caller's as `cardSenderID` for the remote reader), the account's dispenser type,
 * and a reader's status from the heartbeats consoles report.
 *
 * Choices where the spec is silent:
 * - a reader belongs to one hotel; adding an address of this hotel again renames it / changes its type; an address
 *   another hotel has is refused (FIELD_INVALID mac_id);
 * - an account has at most one reader bound: binding a reader to it unbinds its previous one; a secondary
 *   administrator binds readers to itself and to the staff it added (a super administrator to anyone of the hotel);
 * - `app/getAesEight` is the dispenser flows' name for room/getCheckData (card-encryption.ts): the same answer;
 * - status: 'unknown' before any heartbeat, 'online' when the last heartbeat is at most 3 heartbeat periods (60 s)
 *   old, else 'offline'. A console that sees a heartbeat on the broker reports it with `checkStatus { seen: 1 }`;
 *   those reports are not operations, so they are not in the operation log.
 */
import { BROKER, type DispenserStatus, type DispenserType, dispenserCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import { checkData } from '../cards/encryption-service.js';
import { isConstraintViolation } from '../db/index.js';
import { failure } from '../errors.js';
import { epochSeconds, listPage } from '../fields.js';
import { gatewayCredential, hotelDevices } from '../services/broker-credentials.js';
import { hexId, pageOfCards, readerAddress, withPageSize } from '../shared/card-common.js';
import { likePattern } from '../shared/room-views.js';

/** The remote reader's heartbeat period (spec §9) and how many may be missed before it counts as offline. */
export const HEARTBEAT_PERIOD_MS = BROKER.heartbeatMs;
export const MISSED_HEARTBEATS = 3;

/** A reader's status at `nowMs` from its last heartbeat. */
export function dispenserStatus(lastSeen: Date | null, nowMs: number): DispenserStatus {
  if (!lastSeen) return 'unknown';
  return nowMs - lastSeen.getTime() <= MISSED_HEARTBEATS * HEARTBEAT_PERIOD_MS ? 'online' : 'offline';
}

const dispenserColumns = [
  'd.id',
  'd.mac_id',
  'd.name',
  'd.type',
  'd.last_seen_at',
  'd.bound_user_id',
  'u.nickname as user_nickname',
  'u.name as user_name',
  'u.mobile as user_mobile',
] as const;

type DispenserRow = {
  id: number;
  mac_id: string;
  name: string;
  type: string;
  last_seen_at: Date | null;
  bound_user_id: number | null;
  user_nickname: string | null;
  user_name: string | null;
  user_mobile: string | null;
};

function dispenserView(row: DispenserRow, nowMs: number) {
  return {
    id: row.id,
    mac_id: row.mac_id,
    name: row.name,
    type: row.type,
    status: dispenserStatus(row.last_seen_at, nowMs),
    last_seen_at: epochSeconds(row.last_seen_at),
    bound_user:
      row.bound_user_id === null
        ? null
        : {
            uid: row.bound_user_id,
            name: row.user_nickname || row.user_name || '',
            mobile: row.user_mobile ?? '',
          },
  };
}

const dispensers = (ctx: UserContext) =>
  ctx.db
    .selectFrom('card_dispensers as d')
    .leftJoin('users as u', 'u.id', 'd.bound_user_id')
    .where('d.hotel_id', '=', ctx.requireHotelId());

/** A reader of the caller's hotel by address (NOT_FOUND otherwise). */
export async function requireDispenser(ctx: UserContext, macId: string): Promise<DispenserRow> {
  const row = await dispensers(ctx)
    .select(dispenserColumns)
    .where('d.mac_id', '=', readerAddress(macId) ?? '')
    .executeTakeFirst();
  if (!row) throw failure('NOT_FOUND');
  return row;
}

/** An account of the caller's hotel the caller may bind a reader to (NOT_FOUND / PERMISSION_DENIED). */
async function requireBindable(ctx: UserContext, userId: number): Promise<{ id: number; name: string }> {
  const target = await ctx.db
    .selectFrom('users')
    .select(['id', 'role', 'created_by', 'nickname', 'mobile'])
    .where('id', '=', userId)
    .where('hotel_id', '=', ctx.requireHotelId())
    .executeTakeFirst();
  if (!target || target.role === 'customer_manager') throw failure('NOT_FOUND');
  if (ctx.user.role !== 'super' && target.id !== ctx.user.id && target.created_by !== ctx.user.id)
    throw failure('PERMISSION_DENIED');
  return { id: target.id, name: target.nickname || target.mobile || String(target.id) };
}

export function dispenserRoutes(app: FastifyInstance): void {
  defineCall(app, dispenserCalls.add, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const macId = readerAddress(body.mac_id) as string;
      const type = body.type as DispenserType;
      const now = ctx.now();
      const owner = () =>
        ctx.db
          .selectFrom('card_dispensers')
          .select(['id', 'hotel_id'])
          .where('mac_id', '=', macId)
          .executeTakeFirst();
      let existing = await owner();
      if (!existing) {
        try {
          await ctx.db
            .insertInto('card_dispensers')
            .values({
              hotel_id: hotelId,
              mac_id: macId,
              name: body.name ?? '',
              type,
              created_at: now,
            })
            .execute();
        } catch (e) {
          // Added twice at once: the other call made it; it is updated below like any existing reader.
          if (!isConstraintViolation(e, 'unique')) throw e;
          existing = await owner();
        }
      }
      if (existing) {
        // A reader without a hotel (made by an installer) is claimed; another hotel's is not ours to change.
        if (existing.hotel_id !== null && existing.hotel_id !== hotelId)
          throw failure('FIELD_INVALID', { field: 'mac_id' });
        await ctx.db
          .updateTable('card_dispensers')
          .set({
            hotel_id: hotelId,
            type,
            ...(body.name === undefined ? {} : { name: body.name }),
          })
          .where('id', '=', existing.id)
          .execute();
      }
      // The hotel's console broker credentials may reach the new reader too (a managed broker keeps them in one role).
      const mirror = ctx.app.brokerMirror;
      if (mirror) {
        try {
          await mirror.hotelDevices(hotelId, await hotelDevices(ctx.db, hotelId));
        } catch (err) {
          ctx.log.warn({ err }, 'broker: the hotel role does not name the new reader yet');
        }
      }
      ctx.audit(`Card dispenser ${macId} (type ${type}) added`);
      return dispenserView(await requireDispenser(ctx, macId), now.getTime());
    },
  });

  defineCall(app, dispenserCalls.list, {
    handler: async (ctx, body) => {
      let q = dispensers(ctx);
      if (body.type !== undefined) q = q.where('d.type', '=', body.type as DispenserType);
      if (body.keyword) {
        const like = likePattern(body.keyword);
        q = q.where((eb) =>
          eb.or([
            eb('d.mac_id', 'ilike', like),
            eb('d.name', 'ilike', like),
            eb('u.nickname', 'ilike', like),
            eb('u.name', 'ilike', like),
            eb('u.mobile', 'like', like),
          ]),
        );
      }
      const nowMs = ctx.now().getTime();
      return withPageSize(
        await listPage(
          q,
          pageOfCards(body),
          (page) => page.select(dispenserColumns).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc'),
          (row: DispenserRow) => dispenserView(row, nowMs),
        ),
      );
    },
  });

  defineCall(app, dispenserCalls.checkStatus, {
    handler: async (ctx, body) => {
      const dispenser = await requireDispenser(ctx, body.mac_id);
      const now = ctx.now();
      let lastSeen = dispenser.last_seen_at;
      if (body.seen) {
        // Reports may arrive out of order (several consoles): the latest heartbeat wins.
        if (!lastSeen || lastSeen < now) {
          await ctx.db
            .updateTable('card_dispensers')
            .set({ last_seen_at: now, status: 'online' })
            .where('id', '=', dispenser.id)
            .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', now)]))
            .execute();
          lastSeen = now;
        }
      }
      return {
        mac_id: dispenser.mac_id,
        status: dispenserStatus(lastSeen, now.getTime()),
        last_seen_at: epochSeconds(lastSeen),
      };
    },
  });

  defineCall(app, dispenserCalls.userBind, {
    handler: async (ctx, body) => {
      const dispenser = await requireDispenser(ctx, body.mac_id);
      // Whoever holds the reader now must be someone the caller may unbind.
      if (dispenser.bound_user_id !== null && dispenser.bound_user_id !== body.user_id)
        await requireBindable(ctx, dispenser.bound_user_id);
      const target = body.user_id === 0 ? null : await requireBindable(ctx, body.user_id);
      const bind = () =>
        ctx.db.transaction().execute(async (trx) => {
          if (target)
            await trx
              .updateTable('card_dispensers')
              .set({ bound_user_id: null })
              .where('bound_user_id', '=', target.id)
              .where('id', '<>', dispenser.id)
              .execute();
          await trx
            .updateTable('card_dispensers')
            .set({ bound_user_id: target?.id ?? null })
            .where('id', '=', dispenser.id)
            .execute();
        });
      try {
        await bind();
      } catch (e) {
        // Another bind to the same account committed in between: bind again over it.
        if (!isConstraintViolation(e, 'unique')) throw e;
        await bind();
      }
      ctx.audit(
        target
          ? `Card dispenser ${dispenser.mac_id} bound to ${target.name}`
          : `Card dispenser ${dispenser.mac_id} unbound`,
      );
      return dispenserView(await requireDispenser(ctx, dispenser.mac_id), ctx.now().getTime());
    },
  });

  defineCall(app, dispenserCalls.brokerCredential, {
    handler: async (ctx, body) => {
      const dispenser = await requireDispenser(ctx, body.mac_id);
      const credential = await gatewayCredential(
        ctx.db,
        ctx.app.brokerMirror,
        { id: dispenser.id, mac_id: dispenser.mac_id, hotelId: ctx.requireHotelId() },
        ctx.now().getTime(),
      );
      ctx.audit(`Card dispenser ${dispenser.mac_id}: broker credential issued`);
      return credential;
    },
  });

  defineCall(app, dispenserCalls.getUserBind, {
    handler: async (ctx) => {
      const row =
        ctx.hotelId === null
          ? undefined
          : await ctx.db
              .selectFrom('card_dispensers')
              .select(['mac_id', 'type', 'name'])
              .where('bound_user_id', '=', ctx.user.id)
              .where('hotel_id', '=', ctx.hotelId)
              .executeTakeFirst();
      return { mac_id: row?.mac_id ?? '', type: row?.type ?? '', name: row?.name ?? '' };
    },
  });

  defineCall(app, dispenserCalls.setUserDispenserType, {
    handler: async (ctx, body) => {
      const type = body.type as DispenserType;
      await ctx.db
        .updateTable('users')
        .set({ dispenser_type: type, updated_at: ctx.now() })
        .where('id', '=', ctx.user.id)
        .execute();
      ctx.audit(`Dispenser type set to ${type}`);
      return { type };
    },
  });

  defineCall(app, dispenserCalls.getUserDispenserType, {
    handler: async (ctx) => {
      const row = await ctx.db
        .selectFrom('users')
        .select('dispenser_type')
        .where('id', '=', ctx.user.id)
        .executeTakeFirstOrThrow();
      return { type: row.dispenser_type ?? '' };
    },
  });

  defineCall(app, dispenserCalls.getAesEight, {
    handler: async (ctx, body) => checkData(ctx, hexId(body.card_uid)),
  });
}
