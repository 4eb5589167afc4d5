/**
 * CPU cards (API.md §9.3): a CPU card by serial for a stay, a room or the hotel, issued from a CPU card dispenser
 * (dispenser type '4'; the console drives it over the broker: request a card, eject it).
 *
 * States: 'pending' (registered) → `lockCardCpu/sendCard { id, mac_id }` queues it on the dispenser: 'sending' →
 * the console reports the dispenser's outcome with `lockCardCpu/sendCard { id, mac_id, result }`: 'delivered' or
 * 'failed' (a failed card may be sent again). Deleting makes it 'deleted' (hidden from lists; its serial may be
 * registered again). One live card per serial in a hotel.
 *
 * Scope: a card of a room (or of a stay, whose room it is) follows the room's permissions; a card of the hotel (no
 * room) needs an administrator who may use the hotel's library (credential-common.ts).
 */
import { type CpuCard, cpuCardCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import { isConstraintViolation } from '../db/index.js';
import type { CpuCardStatus } from '../db/schema.js';
import { requireDispenser } from '../equipment/dispensers.js';
import { failure } from '../errors.js';
import { epochSeconds, listPage } from '../fields.js';
import { cardExpiry, hexId, pageOfCards, withPageSize } from '../shared/card-common.js';
import {
  canUseLibrary,
  findStay,
  requireCredentialScope,
  requireLibrary,
} from '../shared/credential-common.js';
import { callerScope, likePattern } from '../shared/room-views.js';

const cpuColumns = [
  'c.id',
  'c.serial',
  'c.note',
  'c.room_id',
  'r.name as room_name',
  'c.stay_id',
  's.nickname as guest_name',
  'c.end_time',
  'c.status',
  'd.mac_id as dispenser_mac_id',
  'c.sent_at',
  'c.created_at',
  'c.updated_at',
] as const;

type CpuRow = {
  id: number;
  serial: string;
  note: string;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  guest_name: string | null;
  end_time: Date;
  status: CpuCardStatus;
  dispenser_mac_id: string | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

function cpuView(row: CpuRow, nowMs: number): CpuCard {
  return {
    id: row.id,
    serial: row.serial,
    note: row.note,
    room_id: row.room_id,
    room_name: row.room_name ?? '',
    stay_id: row.stay_id,
    guest_name: row.guest_name ?? '',
    end_time: epochSeconds(row.end_time),
    expired: row.end_time.getTime() <= nowMs,
    status: row.status,
    dispenser_mac_id: row.dispenser_mac_id,
    sent_at: epochSeconds(row.sent_at),
    created_at: epochSeconds(row.created_at),
    updated_at: epochSeconds(row.updated_at),
  };
}

const cpuCards = (ctx: UserContext) =>
  ctx.db
    .selectFrom('cpu_cards as c')
    .leftJoin('rooms as r', 'r.id', 'c.room_id')
    .leftJoin('stays as s', 's.id', 'c.stay_id')
    .leftJoin('card_dispensers as d', 'd.id', 'c.dispenser_id')
    .where('c.hotel_id', '=', ctx.requireHotelId());

const readCpu = (ctx: UserContext, id: number): Promise<CpuRow> =>
  cpuCards(ctx).select(cpuColumns).where('c.id', '=', id).executeTakeFirstOrThrow();

/** A live card of the caller's hotel the caller may manage (NOT_FOUND / PERMISSION_DENIED). */
async function requireCpu(ctx: UserContext, id: number): Promise<CpuRow> {
  const card = await cpuCards(ctx)
    .select(cpuColumns)
    .where('c.id', '=', id)
    .where('c.status', '<>', 'deleted')
    .executeTakeFirst();
  if (!card) throw failure('NOT_FOUND');
  await requireCredentialScope(ctx, card.room_id);
  return card;
}

export function cpuCardRoutes(app: FastifyInstance): void {
  defineCall(app, cpuCardCalls.addCpuCard, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const now = ctx.now();
      const refused = cardExpiry(body.end_time, now.getTime());
      if (refused) throw failure(refused, { field: 'end_time' });
      let room = body.room_id === undefined ? null : await ctx.requireRoom(body.room_id, 'credential.manage');
      let stayId: number | null = null;
      if (body.stay_id !== undefined) {
        const stay = await findStay(ctx, body.stay_id);
        room ??= await ctx.requireRoom(stay.room_id, 'credential.manage');
        if (stay.room_id !== room.id || (stay.status !== 'active' && stay.status !== 'reserved'))
          throw failure('FIELD_INVALID', { field: 'stay_id' });
        stayId = stay.id;
      }
      if (!room) requireLibrary(ctx);
      const serial = hexId(body.serial);
      let id: number;
      try {
        const row = await ctx.db
          .insertInto('cpu_cards')
          .values({
            hotel_id: hotelId,
            room_id: room?.id ?? null,
            stay_id: stayId,
            serial,
            note: body.note ?? '',
            end_time: body.end_time,
            created_by: ctx.user.id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      } catch (e) {
        if (isConstraintViolation(e, 'unique')) throw failure('FIELD_INVALID', { field: 'serial' });
        throw e;
      }
      ctx.audit(`CPU card ${serial} added${room ? ` for room ${room.name}` : ' for the hotel'}`);
      return cpuView(await readCpu(ctx, id), now.getTime());
    },
  });

  defineCall(app, cpuCardCalls.cpuCardList, {
    handler: async (ctx, body) => {
      if (body.room_id !== undefined) await ctx.requireRoom(body.room_id, 'credential.manage');
      if (body.stay_id !== undefined) {
        const stay = await findStay(ctx, body.stay_id);
        await ctx.requireRoom(stay.room_id, 'credential.manage');
      }
      const { scope } = callerScope(ctx);
      const library = canUseLibrary(ctx);
      let q = cpuCards(ctx).where((eb) => {
        const mayManage = [];
        if (library) mayManage.push(eb('c.room_id', 'is', null));
        if (scope.kind === 'all') mayManage.push(eb('c.room_id', 'is not', null));
        else if (scope.kind === 'assigned')
          mayManage.push(
            eb(
              'c.room_id',
              'in',
              eb.selectFrom('user_rooms').select('room_id').where('user_id', '=', scope.userId),
            ),
          );
        return mayManage.length === 0 ? eb.lit(false) : eb.or(mayManage);
      });
      if (body.room_id !== undefined) q = q.where('c.room_id', '=', body.room_id);
      if (body.stay_id !== undefined) q = q.where('c.stay_id', '=', body.stay_id);
      q =
        body.status === undefined
          ? q.where('c.status', '<>', 'deleted')
          : q.where('c.status', '=', body.status as CpuCardStatus);
      if (body.keyword) {
        const like = likePattern(body.keyword);
        const serialLike = likePattern(hexId(body.keyword));
        q = q.where((eb) =>
          eb.or([
            eb('c.serial', 'like', serialLike),
            eb('c.note', 'ilike', like),
            eb('r.name', 'ilike', like),
            eb('s.nickname', 'ilike', like),
          ]),
        );
      }
      const nowMs = ctx.now().getTime();
      return withPageSize(
        await listPage(
          q,
          pageOfCards(body),
          (page) => page.select(cpuColumns).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc'),
          (row: CpuRow) => cpuView(row, nowMs),
        ),
      );
    },
  });

  defineCall(app, cpuCardCalls.deleteCpuCard, {
    handler: async (ctx, body) => {
      const card = await requireCpu(ctx, body.id);
      const now = ctx.now();
      await ctx.db
        .updateTable('cpu_cards')
        .set({ status: 'deleted', updated_at: now })
        .where('id', '=', card.id)
        .execute();
      ctx.audit(`CPU card ${card.serial} deleted${card.room_name ? ` (room ${card.room_name})` : ''}`);
      return cpuView(await readCpu(ctx, card.id), now.getTime());
    },
  });

  defineCall(app, cpuCardCalls.sendCpuCard, {
    handler: async (ctx, body) => {
      const card = await requireCpu(ctx, body.id);
      const dispenser = await requireDispenser(ctx, body.mac_id);
      // Only a CPU card dispenser issues CPU cards.
      if (dispenser.type !== '4') throw failure('FIELD_INVALID', { field: 'mac_id' });
      const now = ctx.now();
      if (body.result === undefined) {
        if (card.status === 'delivered' || card.end_time.getTime() <= now.getTime())
          throw failure('FIELD_INVALID', { field: 'id' });
        await ctx.db
          .updateTable('cpu_cards')
          .set({ status: 'sending', dispenser_id: dispenser.id, sent_at: now, updated_at: now })
          .where('id', '=', card.id)
          .execute();
        ctx.audit(`CPU card ${card.serial} sent to dispenser ${dispenser.mac_id}`);
      } else {
        // The outcome of a send to this dispenser, reported once.
        if (card.status !== 'sending' || card.dispenser_mac_id !== dispenser.mac_id)
          throw failure('FIELD_INVALID', { field: 'result' });
        await ctx.db
          .updateTable('cpu_cards')
          .set({ status: body.result, updated_at: now })
          .where('id', '=', card.id)
          .where('status', '=', 'sending')
          .execute();
        ctx.audit(`CPU card ${card.serial} from dispenser ${dispenser.mac_id}: ${body.result}`);
      }
      const row = await readCpu(ctx, card.id);
      return { ...cpuView(row, now.getTime()), id: row.id, status: row.status };
    },
  });
}
