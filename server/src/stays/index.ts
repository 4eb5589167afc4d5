/**
 * Stays and guests (spec §3 'Tenant/stay', §4 'Room status', §5): the calls of stayCalls. Their rules are in
 * service.ts, their statements in repository/. Choices where the spec is silent, besides the service's:
 * - user/freezeUser and user/setUserExpiration act on a stay's guest (the tenant's access), not on console
 *   accounts: freezing answers result 'success', unfreezing 'cancelled' (spec §4);
 * - room/tenant/limitPassword switches off the tenant's PIN passwords (limit true) or back on;
 * - a closed stay is history: its fellow tenants can be neither added nor removed.
 */
import { stayCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { toYuan } from '../domain/money.js';
import { failure } from '../errors.js';
import { epochSeconds, pageOf } from '../fields.js';
import { requireHotelInfo } from '../services/hotel.js';
import { callerScope, stayView } from '../shared/room-views.js';
import { filterGuests, guestStays } from './guest-filters.js';
import { findGuest, guestsOfHotel, pageOfGuests, staysOfGuestInScope } from './repository/guests.js';
import {
  deleteFellowTenant,
  fellowTenantsOf,
  findFellowTenant,
  pageOfRoomStays,
  updateStay,
} from './repository/stays.js';
import { addFellow, checkIn, checkOut, isOpen, requireStay, setExpiration } from './service.js';
import { touchWithdrawn, withdrawnText } from './stay-credentials.js';

/** Registers the stay and guest calls. */
export function stayRoutes(app: FastifyInstance): void {
  defineCall(app, stayCalls.list, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.view');
      const { page, limit, offset } = pageOf(body);
      const { total, rows } = await pageOfRoomStays(ctx.db, room.id, { open: !!body.open, limit, offset });
      const guests = await fellowTenantsOf(
        ctx.db,
        rows.map((r) => r.id),
      );
      const nowMs = ctx.now().getTime();
      return {
        list: rows.map((s) => ({ ...stayView(s, nowMs), tenants: guests.get(s.id) ?? [] })),
        total,
        page,
        limit,
      };
    },
  });

  defineCall(app, stayCalls.checkIn, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'stay.manage');
      await requireHotelInfo(ctx);
      const now = ctx.now();
      const { stay, withdrawn } = await checkIn(ctx, room, body, now);
      touchWithdrawn(ctx, withdrawn);
      ctx.audit(
        `${body.stay_id ? 'Stay edited' : 'Check-in'}: room ${room.name}, ${stay.nickname || stay.mobile}${withdrawn
          .map((w) => withdrawnText(w, 'expired'))
          .join('')}`,
      );
      const guests = await fellowTenantsOf(ctx.db, [stay.id]);
      return { ...stayView(stay, now.getTime()), tenants: guests.get(stay.id) ?? [] };
    },
  });

  defineCall(app, stayCalls.checkOut, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'stay.manage');
      const now = ctx.now();
      const { closed, roomStatus, withdrawn } = await checkOut(ctx, room, body.stay_id, now);
      touchWithdrawn(ctx, [withdrawn]);
      const reason = closed.status === 'cancelled' ? 'cancelled' : 'checked out';
      ctx.audit(
        `${reason === 'cancelled' ? 'Reservation cancelled' : 'Check-out'}: room ${room.name}, ${closed.nickname || closed.mobile}${withdrawnText(withdrawn, reason)}`,
      );
      return { ...stayView(closed, now.getTime()), room_status: roomStatus };
    },
  });

  defineCall(app, stayCalls.limitPasswords, {
    handler: async (ctx, body) => {
      const { stay, room } = await requireStay(ctx, body.stay_id, 'stay.manage');
      if (!isOpen(stay)) throw failure('NOT_FOUND');
      const updated = await updateStay(ctx.db, stay.id, {
        password_limited: body.limit,
        updated_at: ctx.now(),
      });
      ctx.audit(
        `Room ${room.name}: PIN passwords of ${stay.nickname || stay.mobile} ${body.limit ? 'limited' : 'allowed'}`,
      );
      return stayView(updated, ctx.now().getTime());
    },
  });

  defineCall(app, stayCalls.freezeTenant, {
    handler: async (ctx, body) => {
      const { stay, room } = await requireStay(ctx, body.stay_id, 'stay.manage');
      if (!isOpen(stay)) throw failure('NOT_FOUND');
      await updateStay(ctx.db, stay.id, { frozen: body.frozen, updated_at: ctx.now() });
      ctx.audit(`Room ${room.name}: ${stay.nickname || stay.mobile} ${body.frozen ? 'frozen' : 'unfrozen'}`);
      return {
        stay_id: stay.id,
        frozen: body.frozen,
        result: body.frozen ? ('success' as const) : ('cancelled' as const),
      };
    },
  });

  defineCall(app, stayCalls.setExpiration, {
    handler: async (ctx, body) => {
      const { stay, room } = await requireStay(ctx, body.stay_id, 'stay.manage');
      const now = ctx.now();
      const { updated, extraFen } = await setExpiration(ctx, stay, room, body.end_time.getTime(), now);
      ctx.audit(
        `Room ${room.name}: ${stay.nickname || stay.mobile} valid until ${body.end_time.toISOString()}`,
      );
      return { ...stayView(updated, now.getTime()), renewal_fee: toYuan(extraFen) };
    },
  });

  defineCall(app, stayCalls.guests, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const { page, limit, offset } = pageOf(body);
      const filtered = await filterGuests(ctx, guestsOfHotel(ctx.db, hotelId), body, hotelId, scope);
      const { total, rows } = await pageOfGuests(filtered, {
        hotelId,
        scope,
        name: body.name,
        limit,
        offset,
      });
      const stays = await guestStays(
        ctx,
        rows.map((p) => p.id),
        hotelId,
        scope,
      );
      return {
        list: rows.map((p) => ({
          id: p.id,
          mobile: p.mobile,
          nickname: p.nickname,
          name: p.name,
          id_number: p.id_number,
          gender: p.gender,
          nationality: p.nationality,
          created_at: epochSeconds(p.created_at),
          updated_at: epochSeconds(p.updated_at),
          stay: stays.get(p.id) ?? null,
        })),
        total,
        page,
        limit,
      };
    },
  });

  defineCall(app, stayCalls.guest, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const p = await findGuest(ctx.db, hotelId, body.id);
      if (!p) throw failure('NOT_FOUND');
      const stays = await staysOfGuestInScope(ctx.db, p.id, hotelId, scope);
      if (scope.kind !== 'all' && stays.length === 0) throw failure('PERMISSION_DENIED');
      const nowMs = ctx.now().getTime();
      return {
        id: p.id,
        mobile: p.mobile,
        nickname: p.nickname,
        name: p.name,
        id_number: p.id_number,
        gender: p.gender,
        nationality: p.nationality,
        created_at: epochSeconds(p.created_at),
        stays: stays.map((s) => ({ ...stayView(s, nowMs), room_name: s.room_name })),
      };
    },
  });

  defineCall(app, stayCalls.addFellow, {
    handler: async (ctx, body) => {
      const { stay, room } = await requireStay(ctx, body.stay_id, 'stay.manage');
      const guest = await addFellow(ctx, stay, body);
      ctx.audit(`Room ${room.name}: tenant ${guest.nickname || guest.mobile} added`);
      return {
        id: guest.id,
        stay_id: stay.id,
        position: guest.position,
        mobile: guest.mobile,
        nickname: guest.nickname,
        id_number: guest.id_number,
      };
    },
  });

  defineCall(app, stayCalls.removeFellow, {
    handler: async (ctx, body) => {
      const guest = await findFellowTenant(ctx.db, body.id);
      if (!guest) throw failure('NOT_FOUND');
      const { stay, room } = await requireStay(ctx, guest.stay_id, 'stay.manage');
      // A closed stay is history: its tenants stay as they were.
      if (!isOpen(stay)) throw failure('DELETE_FAILED');
      await deleteFellowTenant(ctx.db, guest.id);
      ctx.audit(`Room ${room.name}: tenant ${guest.nickname || guest.mobile} removed`);
      return { id: guest.id };
    },
  });
}
