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
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { gatewayCredential } from '../services/broker-credentials.js';
import { hexId, pageOfCards, readerAddress, withPageSize } from '../shared/card-common.js';
import {
  type DispenserRow,
  dispenserTypeOf,
  findAccount,
  findDispenser,
  pageOfDispensers,
  readerBoundTo,
  recordHeartbeat,
  setDispenserType,
} from './repository.js';
import { addDispenser, bindDispenser } from './service.js';

/** The remote reader's heartbeat period (spec §9) and how many may be missed before it counts as offline. */
const HEARTBEAT_PERIOD_MS = BROKER.heartbeatMs;
const MISSED_HEARTBEATS = 3;

/** A reader's status at `nowMs` from its last heartbeat. */
function dispenserStatus(lastSeen: Date | null, nowMs: number): DispenserStatus {
  if (!lastSeen) return 'unknown';
  return nowMs - lastSeen.getTime() <= MISSED_HEARTBEATS * HEARTBEAT_PERIOD_MS ? 'online' : 'offline';
}

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

/** A reader of the caller's hotel by address (NOT_FOUND otherwise). */
export async function requireDispenser(ctx: UserContext, macId: string): Promise<DispenserRow> {
  const row = await findDispenser(ctx.db, ctx.requireHotelId(), readerAddress(macId) ?? '');
  if (!row) throw failure('NOT_FOUND');
  return row;
}

/** An account of the caller's hotel the caller may bind a reader to (NOT_FOUND / PERMISSION_DENIED). */
async function requireBindable(ctx: UserContext, userId: number): Promise<{ id: number; name: string }> {
  const target = await findAccount(ctx.db, ctx.requireHotelId(), userId);
  if (!target || target.role === 'customer_manager') throw failure('NOT_FOUND');
  if (ctx.user.role !== 'super' && target.id !== ctx.user.id && target.created_by !== ctx.user.id)
    throw failure('PERMISSION_DENIED');
  return { id: target.id, name: target.nickname || target.mobile || String(target.id) };
}

/** Registers the card reader calls. */
export function dispenserRoutes(app: FastifyInstance): void {
  defineCall(app, dispenserCalls.add, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const macId = readerAddress(body.mac_id) as string;
      const type = body.type as DispenserType;
      const now = ctx.now();
      await addDispenser(ctx, hotelId, { macId, type, name: body.name }, now);
      ctx.audit(`Card dispenser ${macId} (type ${type}) added`);
      return dispenserView(await requireDispenser(ctx, macId), now.getTime());
    },
  });

  defineCall(app, dispenserCalls.list, {
    handler: async (ctx, body) => {
      const filters = { type: body.type as DispenserType | undefined, keyword: body.keyword };
      const hotelId = ctx.requireHotelId();
      const nowMs = ctx.now().getTime();
      const page = await pageOfDispensers(ctx.db, hotelId, filters, pageOfCards(body));
      return withPageSize({ ...page, list: page.list.map((row) => dispenserView(row, nowMs)) });
    },
  });

  defineCall(app, dispenserCalls.checkStatus, {
    handler: async (ctx, body) => {
      const dispenser = await requireDispenser(ctx, body.mac_id);
      const now = ctx.now();
      let lastSeen = dispenser.last_seen_at;
      // Reports may arrive out of order (several consoles): the latest heartbeat wins.
      if (body.seen && (!lastSeen || lastSeen < now)) {
        await recordHeartbeat(ctx.db, dispenser.id, now);
        lastSeen = now;
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
      await bindDispenser(ctx, dispenser.id, target?.id ?? null);
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
      const row = ctx.hotelId === null ? undefined : await readerBoundTo(ctx.db, ctx.hotelId, ctx.user.id);
      return { mac_id: row?.mac_id ?? '', type: row?.type ?? '', name: row?.name ?? '' };
    },
  });

  defineCall(app, dispenserCalls.setUserDispenserType, {
    handler: async (ctx, body) => {
      const type = body.type as DispenserType;
      await setDispenserType(ctx.db, ctx.user.id, type, ctx.now());
      ctx.audit(`Dispenser type set to ${type}`);
      return { type };
    },
  });

  defineCall(app, dispenserCalls.getUserDispenserType, {
    handler: async (ctx) => ({ type: (await dispenserTypeOf(ctx.db, ctx.user.id)) ?? '' }),
  });

  defineCall(app, dispenserCalls.getAesEight, {
    handler: async (ctx, body) => checkData(ctx, hexId(body.card_uid)),
  });
}
