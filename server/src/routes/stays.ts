/**
 * Stays and guests (spec §3 'Tenant/stay', §4 'Room status', §5). Choices where the spec is silent:
 * - room/tenant/update/checkIn checks a guest in (or, with `stay_id`, edits that open stay); `price` is the agreed
 *   nightly price (else the room's prices decide, domain/pricing.ts); the stay stores the total room fee;
 * - a room under maintenance or not yet cleaned (dirty) cannot be checked into: ROOM_NOT_AVAILABLE;
 * - a stay whose estimated check-out has passed but was never checked out is closed (checked out at its
 *   estimated time) when the next guest checks into that room;
 * - the database refuses overlapping stays (exclusion constraint); that refusal is ROOM_OCCUPIED, so parallel
 *   check-ins into one room produce exactly one stay;
 * - check-out leaves the room dirty; cancelling a reservation that has not begun leaves it vacant (or reserved if
 *   another reservation remains);
 * - user/freezeUser and user/setUserExpiration act on a stay's guest (the tenant's access), not on console
 *   accounts: freezing answers result 'success', unfreezing 'cancelled' (spec §4); a later expiration is a renewal
 *   charged with the renewal rules;
 * - room/tenant/limitPassword switches off the tenant's PIN passwords (limit true) or back on;
 * - a check-in needs the merchant (hotel) information first: HOTEL_INFO_REQUIRED (spec §5).
 */

import { type FellowTenant, MAX_FELLOW_TENANTS, ROOM_STATUS, stayCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import type { Database, Room, Stay } from '../db/schema.js';
import { parseYuan, toYuan } from '../domain/money.js';
import { chargedNights, quoteRenewal, quoteStay } from '../domain/pricing.js';
import {
  checkRoomCheckable,
  checkStayPeriod,
  checkTenants,
  findOverlap,
  STATUS_AFTER_CHECK_OUT,
  statusAfterCheckIn,
  type TenantInput,
} from '../domain/stays.js';
import { failure } from '../errors.js';
import { epochSeconds, pageOf } from '../fields.js';
import { roomPrices } from '../prices/service.js';
import { requireHotelInfo } from '../services/hotel.js';
import { chargeStay } from '../services/orders.js';
import {
  callerScope,
  guardOverlap,
  inScope,
  likePattern,
  renewalBasis,
  stayView,
  yuanText,
} from '../shared/room-views.js';
import { filterGuests, guestStays } from './guest-filters.js';
import {
  touchWithdrawn,
  type Withdrawn,
  withdrawnText,
  withdrawStayCredentials,
} from './stay-credentials.js';

type Trx = Transaction<Database>;

/** The stay of the caller's hotel, checked against the permission on its room. */
async function requireStay(ctx: UserContext, stayId: number, permission: 'room.view' | 'stay.manage') {
  const hotelId = ctx.requireHotelId();
  const stay = await ctx.db
    .selectFrom('stays')
    .selectAll()
    .where('id', '=', stayId)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
  if (!stay) throw failure('NOT_FOUND');
  const room = await ctx.requireRoom(stay.room_id, permission);
  return { stay, room };
}

const isOpen = (s: Stay) => s.status === 'active' || s.status === 'reserved';

/** The guest record of a mobile in the hotel, created or refreshed. */
async function passengerFor(
  trx: Trx,
  hotelId: number,
  g: { mobile: string; nickname?: string; id_number?: string },
  now: Date,
) {
  const known = await trx
    .selectFrom('passengers')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('mobile', '=', g.mobile)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const fields = {
    ...(g.nickname ? { nickname: g.nickname, name: g.nickname } : {}),
    ...(g.id_number ? { id_number: g.id_number } : {}),
  };
  if (known) {
    if (Object.keys(fields).length > 0) {
      await trx
        .updateTable('passengers')
        .set({ ...fields, updated_at: now })
        .where('id', '=', known.id)
        .execute();
    }
    return known.id;
  }
  const row = await trx
    .insertInto('passengers')
    .values({ hotel_id: hotelId, mobile: g.mobile, ...fields, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Reads `tenants: [{ mobile, nickname, id_number }]` (fellow tenants) with the spec's rules. */
function readFellows(
  value: unknown[] | undefined,
): { mobile: string; nickname?: string; id_number?: string }[] {
  if (!value) return [];
  if (value.some((t) => t === null || typeof t !== 'object' || Array.isArray(t))) {
    throw failure('FIELD_INVALID', { field: 'tenants' });
  }
  return (value as Record<string, unknown>[]).map((t) => ({
    mobile: typeof t['mobile'] === 'string' ? t['mobile'].trim() : String(t['mobile'] ?? ''),
    ...(typeof t['nickname'] === 'string' ? { nickname: t['nickname'].trim() } : {}),
    ...(typeof t['id_number'] === 'string' ? { id_number: t['id_number'].trim().slice(0, 32) } : {}),
  }));
}

/** The open (active or reserved) stays of a room other than `exceptStayId`. */
export function otherOpenStays(trx: Trx, roomId: number, exceptStayId: number) {
  return trx
    .selectFrom('stays')
    .select(['status', 'check_in', 'check_out'])
    .where('room_id', '=', roomId)
    .where('id', '!=', exceptStayId)
    .where('status', 'in', ['active', 'reserved'])
    .execute();
}

/** The room status once a stay has closed (or moved away): dirty after a guest left, else vacant or still reserved. */
export async function statusAfterClose(
  trx: Trx,
  room: Room,
  closed: Stay,
  begun: boolean,
  nowMs: number,
): Promise<number> {
  const others = await otherOpenStays(trx, room.id, closed.id);
  if (others.some((s) => s.check_in.getTime() <= nowMs)) return ROOM_STATUS.checkedIn;
  if (begun) return STATUS_AFTER_CHECK_OUT;
  if (others.length > 0) return ROOM_STATUS.reserved;
  return room.status === ROOM_STATUS.reserved || room.status === ROOM_STATUS.checkedIn
    ? ROOM_STATUS.vacant
    : room.status;
}

async function guestsOf(ctx: UserContext, stayIds: number[]) {
  if (stayIds.length === 0) return new Map<number, FellowTenant[]>();
  const rows = await ctx.db
    .selectFrom('stay_guests')
    .selectAll()
    .where('stay_id', 'in', stayIds)
    .orderBy('position')
    .execute();
  const byStay = new Map<number, FellowTenant[]>();
  for (const g of rows) {
    const list = byStay.get(g.stay_id) ?? [];
    list.push({
      id: g.id,
      position: g.position,
      mobile: g.mobile,
      nickname: g.nickname,
      id_number: g.id_number,
    });
    byStay.set(g.stay_id, list);
  }
  return byStay;
}

export function stayRoutes(app: FastifyInstance): void {
  defineCall(app, stayCalls.list, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.view');
      const { page, limit, offset } = pageOf(body);
      let q = ctx.db.selectFrom('stays').where('room_id', '=', room.id);
      if (body.open) q = q.where('status', 'in', ['active', 'reserved']);
      const [count, rows] = await Promise.all([
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
        q.selectAll().orderBy('check_in', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      ]);
      const guests = await guestsOf(
        ctx,
        rows.map((r) => r.id),
      );
      const nowMs = ctx.now().getTime();
      return {
        list: rows.map((s) => ({ ...stayView(s, nowMs), tenants: guests.get(s.id) ?? [] })),
        total: Number(count.n),
        page,
        limit,
      };
    },
  });

  defineCall(app, stayCalls.checkIn, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'stay.manage');
      await requireHotelInfo(ctx);
      const fellows = readFellows(body.tenants);
      const tenants = checkTenants(
        { mobile: body.mobile, nickname: body.nickname },
        fellows as TenantInput[],
      );
      if (!tenants.ok) throw failure(tenants.code, tenants.params);
      const now = ctx.now();
      const nowMs = now.getTime();
      const period = checkStayPeriod(body.start_time.getTime(), body.end_time.getTime(), nowMs);
      if (!period.ok) throw failure(period.code, period.params);
      const { startMs, endMs } = period.value;

      let roomFeeFen: number;
      if (body.price !== undefined) {
        roomFeeFen = (parseYuan(body.price) ?? 0) * chargedNights(startMs, endMs).length;
      } else {
        const quote = quoteStay(await roomPrices(ctx, room), startMs, endMs);
        // A room without a price set is checked into free of charge: not every hotel bills through the locks.
        roomFeeFen = quote.ok ? quote.value.roomFeeFen : 0;
      }
      const depositFen =
        body.deposit !== undefined ? (parseYuan(body.deposit) ?? 0) : (parseYuan(room.deposit) ?? 0);

      let withdrawn: Withdrawn[] = [];
      const stay = await guardOverlap(() =>
        ctx.db.transaction().execute(async (trx) => {
          withdrawn = [];
          // One check-in per room at a time: later ones wait here, then see the stay the first one wrote.
          const locked = await trx
            .selectFrom('rooms')
            .selectAll()
            .where('id', '=', room.id)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const stays = await trx
            .selectFrom('stays')
            .selectAll()
            .where('room_id', '=', room.id)
            .where('status', 'in', ['active', 'reserved'])
            .execute();
          let editing: Stay | undefined;
          if (body.stay_id !== undefined) {
            editing = stays.find((s) => s.id === body.stay_id);
            if (!editing) throw failure('NOT_FOUND');
          } else {
            const refused = checkRoomCheckable(locked.status);
            if (refused) throw failure(refused);
          }
          // Guests whose time ran out without a check-out leave the way for the next one.
          const expired = stays.filter((s) => s !== editing && s.check_out.getTime() <= nowMs);
          for (const s of expired) {
            await trx
              .updateTable('stays')
              .set({
                status: s.status === 'active' ? 'checked_out' : 'cancelled',
                checked_out_at: s.check_out,
                updated_at: now,
              })
              .where('id', '=', s.id)
              .execute();
            // Its credentials end with it, as at a check-out.
            withdrawn.push(await withdrawStayCredentials(trx, s, now));
          }
          const others = stays
            .filter((s) => s !== editing && !expired.includes(s))
            .map((s) => ({ startMs: s.check_in.getTime(), endMs: s.check_out.getTime(), status: s.status }));
          if (findOverlap({ startMs, endMs }, others)) throw failure('ROOM_OCCUPIED');

          const passengerId = await passengerFor(trx, room.hotel_id, body, now);
          const values = {
            passenger_id: passengerId,
            mobile: body.mobile,
            nickname: body.nickname ?? '',
            id_number: body.id_number ?? '',
            check_in: new Date(startMs),
            check_out: new Date(endMs),
            other_information: body.other_information ?? '',
            breakfast: body.breakfast ?? 0,
            unlock_by_id_card: body.unlock_by_id_card ?? false,
            disable_old_cards: body.disable_old_cards ?? false,
            status: startMs <= nowMs ? ('active' as const) : ('reserved' as const),
            ...(body.kind ? { kind: body.kind } : {}),
            price: yuanText(toYuan(roomFeeFen)),
            deposit: yuanText(toYuan(depositFen)),
            updated_at: now,
          };
          const saved = editing
            ? await trx
                .updateTable('stays')
                .set(values)
                .where('id', '=', editing.id)
                .returningAll()
                .executeTakeFirstOrThrow()
            : await trx
                .insertInto('stays')
                .values({
                  ...values,
                  hotel_id: room.hotel_id,
                  room_id: room.id,
                  created_by: ctx.user.id,
                  created_at: now,
                })
                .returningAll()
                .executeTakeFirstOrThrow();
          // The stay's room charge and deposit as orders of the bill centre (API.md §15).
          await chargeStay(trx, { stay: saved, roomFeeFen, depositFen, userId: ctx.user.id, now });
          await trx.deleteFrom('stay_guests').where('stay_id', '=', saved.id).execute();
          for (const [i, g] of fellows.entries()) {
            await trx
              .insertInto('stay_guests')
              .values({
                stay_id: saved.id,
                passenger_id: await passengerFor(trx, room.hotel_id, g, now),
                position: i + 2,
                mobile: g.mobile,
                nickname: g.nickname ?? '',
                id_number: g.id_number ?? '',
              })
              .execute();
          }
          // A reservation made while another guest is in the room leaves the room checked in.
          const someoneIn = others.some((o) => o.startMs <= nowMs);
          const status = someoneIn ? ROOM_STATUS.checkedIn : statusAfterCheckIn(startMs, nowMs);
          await trx.updateTable('rooms').set({ status, updated_at: now }).where('id', '=', room.id).execute();
          return saved;
        }),
      );
      touchWithdrawn(ctx, withdrawn);
      ctx.audit(
        `${body.stay_id ? 'Stay edited' : 'Check-in'}: room ${room.name}, ${stay.nickname || stay.mobile}${withdrawn
          .map((w) => withdrawnText(w, 'expired'))
          .join('')}`,
      );
      const guests = await guestsOf(ctx, [stay.id]);
      return { ...stayView(stay, nowMs), tenants: guests.get(stay.id) ?? [] };
    },
  });

  defineCall(app, stayCalls.checkOut, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'stay.manage');
      const now = ctx.now();
      const nowMs = now.getTime();
      const { closed, roomStatus, withdrawn } = await ctx.db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('rooms')
          .selectAll()
          .where('id', '=', room.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        let q = trx
          .selectFrom('stays')
          .selectAll()
          .where('room_id', '=', room.id)
          .where('status', 'in', ['active', 'reserved']);
        // Without a stay id: the guest in the room now, else the earliest reservation.
        q =
          body.stay_id !== undefined
            ? q.where('id', '=', body.stay_id)
            : q.orderBy('status').orderBy('check_in').limit(1);
        const stay = await q.executeTakeFirst();
        if (!stay) throw failure('NO_TENANT_IN_ROOM');
        const begun = stay.check_in.getTime() <= nowMs;
        const closed = await trx
          .updateTable('stays')
          .set({ status: begun ? 'checked_out' : 'cancelled', checked_out_at: now, updated_at: now })
          .where('id', '=', stay.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        // The guest's cards, faces and fingerprints end with the stay (issue 19), in this same transaction.
        const withdrawn = await withdrawStayCredentials(trx, closed, now);
        const roomStatus = await statusAfterClose(trx, locked, stay, begun, nowMs);
        await trx
          .updateTable('rooms')
          .set({ status: roomStatus, updated_at: now })
          .where('id', '=', room.id)
          .execute();
        return { closed, roomStatus, withdrawn };
      });
      touchWithdrawn(ctx, [withdrawn]);
      const reason = closed.status === 'cancelled' ? 'cancelled' : 'checked out';
      ctx.audit(
        `${reason === 'cancelled' ? 'Reservation cancelled' : 'Check-out'}: room ${room.name}, ${closed.nickname || closed.mobile}${withdrawnText(withdrawn, reason)}`,
      );
      return { ...stayView(closed, nowMs), room_status: roomStatus };
    },
  });

  defineCall(app, stayCalls.limitPasswords, {
    handler: async (ctx, body) => {
      const { stay, room } = await requireStay(ctx, body.stay_id, 'stay.manage');
      if (!isOpen(stay)) throw failure('NOT_FOUND');
      const updated = await ctx.db
        .updateTable('stays')
        .set({ password_limited: body.limit, updated_at: ctx.now() })
        .where('id', '=', stay.id)
        .returningAll()
        .executeTakeFirstOrThrow();
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
      await ctx.db
        .updateTable('stays')
        .set({ frozen: body.frozen, updated_at: ctx.now() })
        .where('id', '=', stay.id)
        .execute();
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
      const nowMs = now.getTime();
      const endMs = body.end_time.getTime();
      if (endMs <= nowMs) throw failure('EXPIRATION_NOT_FUTURE');
      if (!isOpen(stay)) throw failure('SET_EXPIRATION_FAILED');
      const period = checkStayPeriod(stay.check_in.getTime(), endMs, nowMs);
      if (!period.ok) throw failure(period.code, period.params);
      let extraFen = 0;
      if (endMs > stay.check_out.getTime()) {
        const { checkInMs, nightlyFen } = await renewalBasis(ctx, stay);
        const quote = quoteRenewal(
          await roomPrices(ctx, room),
          nightlyFen,
          checkInMs,
          stay.check_out.getTime(),
          endMs,
        );
        extraFen = quote.ok ? quote.value.totalFen : 0;
      }
      const updated = await guardOverlap(() =>
        ctx.db
          .updateTable('stays')
          .set({
            check_out: new Date(endMs),
            price: yuanText(toYuan((parseYuan(stay.price) ?? 0) + extraFen)),
            updated_at: now,
          })
          .where('id', '=', stay.id)
          .where('status', 'in', ['active', 'reserved'])
          .returningAll()
          .executeTakeFirst(),
      );
      if (!updated) throw failure('SET_EXPIRATION_FAILED');
      ctx.audit(
        `Room ${room.name}: ${stay.nickname || stay.mobile} valid until ${body.end_time.toISOString()}`,
      );
      return { ...stayView(updated, nowMs), renewal_fee: toYuan(extraFen) };
    },
  });

  defineCall(app, stayCalls.guests, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const { page, limit, offset } = pageOf(body);
      let q = ctx.db.selectFrom('passengers as p').where('p.hotel_id', '=', hotelId);
      q = await filterGuests(ctx, q, body, hotelId, scope);
      if (scope.kind !== 'all') {
        // Room-limited accounts see the guests who stayed in their rooms.
        q = q.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('stays as s')
              .innerJoin('rooms as r', 'r.id', 's.room_id')
              .select('s.id')
              .whereRef('s.passenger_id', '=', 'p.id')
              .where(inScope(scope, hotelId)),
          ),
        );
      }
      if (body.name) {
        const like = likePattern(body.name);
        q = q.where((eb) =>
          eb.or([eb('p.nickname', 'ilike', like), eb('p.mobile', 'like', like), eb('p.name', 'ilike', like)]),
        );
      }
      const [count, rows] = await Promise.all([
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
        q
          .selectAll('p')
          .orderBy('p.updated_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
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
        total: Number(count.n),
        page,
        limit,
      };
    },
  });

  defineCall(app, stayCalls.guest, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const p = await ctx.db
        .selectFrom('passengers')
        .selectAll()
        .where('id', '=', body.id)
        .where('hotel_id', '=', hotelId)
        .executeTakeFirst();
      if (!p) throw failure('NOT_FOUND');
      const stays = await ctx.db
        .selectFrom('stays as s')
        .innerJoin('rooms as r', 'r.id', 's.room_id')
        .selectAll('s')
        .select('r.name as room_name')
        .where((eb) =>
          eb.or([
            eb('s.passenger_id', '=', p.id),
            eb('s.id', 'in', eb.selectFrom('stay_guests').select('stay_id').where('passenger_id', '=', p.id)),
          ]),
        )
        .where(inScope(scope, hotelId))
        .orderBy('s.check_in', 'desc')
        .limit(100)
        .execute();
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
      if (!isOpen(stay)) throw failure('FIELD_INVALID', { field: 'stay_id' });
      const now = ctx.now();
      const guest = await ctx.db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('stay_guests')
          .select(sql<number>`coalesce(max(position), 1)::int`.as('n'))
          .where('stay_id', '=', stay.id)
          .executeTakeFirstOrThrow();
        if (Number(last.n) - 1 >= MAX_FELLOW_TENANTS) throw failure('FIELD_INVALID', { field: 'stay_id' });
        return trx
          .insertInto('stay_guests')
          .values({
            stay_id: stay.id,
            passenger_id: await passengerFor(trx, room.hotel_id, body, now),
            position: Number(last.n) + 1,
            mobile: body.mobile,
            nickname: body.nickname ?? '',
            id_number: body.id_number ?? '',
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
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
      const guest = await ctx.db
        .selectFrom('stay_guests')
        .selectAll()
        .where('id', '=', body.id)
        .executeTakeFirst();
      if (!guest) throw failure('NOT_FOUND');
      const { stay, room } = await requireStay(ctx, guest.stay_id, 'stay.manage');
      // A closed stay is history: its tenants stay as they were.
      if (!isOpen(stay)) throw failure('DELETE_FAILED');
      await ctx.db.deleteFrom('stay_guests').where('id', '=', guest.id).execute();
      ctx.audit(`Room ${room.name}: tenant ${guest.nickname || guest.mobile} removed`);
      return { id: guest.id };
    },
  });
}
