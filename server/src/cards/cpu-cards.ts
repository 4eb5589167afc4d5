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
 * room) needs an administrator who may use the hotel's library (shared/credential-common.ts).
 */
import { type CpuCard, cpuCardCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import { requireDispenser } from '../equipment/dispensers.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { cardExpiry, hexId, pageOfCards, withPageSize } from '../shared/card-common.js';
import {
  canUseLibrary,
  findStay,
  requireCredentialScope,
  requireLibrary,
} from '../shared/credential-common.js';
import { callerScope } from '../shared/room-views.js';
import {
  type CpuRow,
  findLiveCpuCard,
  insertCpuCard,
  listCpuCards,
  markCpuCardDeleted,
  markCpuCardSending,
  readCpuCard,
  setCpuCardOutcome,
} from './repository/cpu-cards.js';

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

/** A live card of the caller's hotel the caller may manage (NOT_FOUND / PERMISSION_DENIED). */
async function requireCpu(ctx: UserContext, id: number): Promise<CpuRow> {
  const card = await findLiveCpuCard(ctx.db, ctx.requireHotelId(), id);
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
      const id = await insertCpuCard(
        ctx.db,
        {
          hotel_id: hotelId,
          room_id: room?.id ?? null,
          stay_id: stayId,
          serial,
          note: body.note ?? '',
          end_time: body.end_time,
          created_by: ctx.user.id,
        },
        now,
      );
      // The hotel has a live card of that serial.
      if (id === null) throw failure('FIELD_INVALID', { field: 'serial' });
      ctx.audit(`CPU card ${serial} added${room ? ` for room ${room.name}` : ' for the hotel'}`);
      return cpuView(await readCpuCard(ctx.db, hotelId, id), now.getTime());
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
      const hotelId = ctx.requireHotelId();
      const nowMs = ctx.now().getTime();
      return withPageSize(
        await listCpuCards(ctx.db, hotelId, { ...body, library, scope }, pageOfCards(body), (row) =>
          cpuView(row, nowMs),
        ),
      );
    },
  });

  defineCall(app, cpuCardCalls.deleteCpuCard, {
    handler: async (ctx, body) => {
      const card = await requireCpu(ctx, body.id);
      const now = ctx.now();
      await markCpuCardDeleted(ctx.db, card.id, now);
      ctx.audit(`CPU card ${card.serial} deleted${card.room_name ? ` (room ${card.room_name})` : ''}`);
      return cpuView(await readCpuCard(ctx.db, ctx.requireHotelId(), card.id), now.getTime());
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
        await markCpuCardSending(ctx.db, card.id, dispenser.id, now);
        ctx.audit(`CPU card ${card.serial} sent to dispenser ${dispenser.mac_id}`);
      } else {
        // The outcome of a send to this dispenser, reported once.
        if (card.status !== 'sending' || card.dispenser_mac_id !== dispenser.mac_id)
          throw failure('FIELD_INVALID', { field: 'result' });
        await setCpuCardOutcome(ctx.db, card.id, body.result, now);
        ctx.audit(`CPU card ${card.serial} from dispenser ${dispenser.mac_id}: ${body.result}`);
      }
      const row = await readCpuCard(ctx.db, ctx.requireHotelId(), card.id);
      return { ...cpuView(row, now.getTime()), id: row.id, status: row.status };
    },
  });
}
