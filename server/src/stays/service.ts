/**
 * The stays' rules that span several statements (spec §3 'Tenant/stay', §4 'Room status', §5): check-in, check-out,
 * a move to another room, a renewal, a fellow tenant added. Choices where the spec is silent:
 * - room/tenant/update/checkIn checks a guest in (or, with `stay_id`, edits that open stay); `price` is the agreed
 *   nightly price (else the room's prices decide, domain/pricing.ts); the stay stores the total room fee;
 * - a room under maintenance or not yet cleaned (dirty) cannot be checked into: ROOM_NOT_AVAILABLE;
 * - a stay whose estimated check-out has passed but was never checked out is closed (checked out at its
 *   estimated time) when the next guest checks into that room;
 * - the database refuses overlapping stays (exclusion constraint); that refusal is ROOM_OCCUPIED, so parallel
 *   check-ins into one room produce exactly one stay;
 * - check-out leaves the room dirty; cancelling a reservation that has not begun leaves it vacant (or reserved if
 *   another reservation remains);
 * - a move closes the old stay ('moved') and opens one in the new room that carries the rest of the fee and the
 *   deposit; the old stay's credentials end with it;
 * - a later expiration is a renewal charged with the renewal rules;
 * - a check-in needs the merchant (hotel) information first: HOTEL_INFO_REQUIRED (spec §5).
 * Every closing withdraws the stay's credentials in its transaction (stay-credentials.ts).
 */
import { type BodyOf, MAX_FELLOW_TENANTS, ROOM_STATUS, type stayCalls } from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import type { Db } from '../db/index.js';
import type { Room, Stay } from '../db/schema.js';
import { parseYuan, toYuan } from '../domain/money.js';
import { chargedNights, quoteRenewal, quoteStay, splitMovedFee } from '../domain/pricing.js';
import {
  checkRoomCheckable,
  checkStayPeriod,
  checkTenants,
  findOverlap,
  planMove,
  STATUS_AFTER_CHECK_OUT,
  statusAfterCheckIn,
  type TenantInput,
} from '../domain/stays.js';
import { failure } from '../errors.js';
import { roomPrices } from '../prices/service.js';
import { chargeStay } from '../services/orders.js';
import { guardOverlap, renewalBasis, yuanText } from '../shared/room-views.js';
import {
  copyFellowTenants,
  deleteFellowTenantsOf,
  findPassengerByMobile,
  findRoom,
  findStayOfHotel,
  insertFellowTenant,
  insertPassenger,
  insertStay,
  lastTenantPosition,
  lockRoom,
  lockRooms,
  openStaysOfRoom,
  openStayToClose,
  otherOpenStays,
  setRoomStatus,
  updateOpenStay,
  updatePassenger,
  updateStay,
} from './repository/stays.js';
import { type Withdrawn, withdrawStayCredentials } from './stay-credentials.js';

/** A guest as a check-in or a fellow tenant names them. */
interface GuestInput {
  mobile: string;
  nickname?: string;
  id_number?: string;
}

/** Open: the guest is in, or the stay has not begun. */
export const isOpen = (s: Stay): boolean => s.status === 'active' || s.status === 'reserved';

/** The stay of the caller's hotel, checked against the permission on its room. */
export async function requireStay(ctx: UserContext, stayId: number, permission: 'room.view' | 'stay.manage') {
  const stay = await findStayOfHotel(ctx.db, ctx.requireHotelId(), stayId);
  if (!stay) throw failure('NOT_FOUND');
  const room = await ctx.requireRoom(stay.room_id, permission);
  return { stay, room };
}

/** The guest record of a mobile in the hotel, created or refreshed. */
async function passengerFor(db: Db, hotelId: number, g: GuestInput, now: Date): Promise<number> {
  const known = await findPassengerByMobile(db, hotelId, g.mobile);
  const fields = {
    ...(g.nickname ? { nickname: g.nickname, name: g.nickname } : {}),
    ...(g.id_number ? { id_number: g.id_number } : {}),
  };
  if (known) {
    if (Object.keys(fields).length > 0) await updatePassenger(db, known.id, fields, now);
    return known.id;
  }
  return insertPassenger(db, hotelId, g.mobile, fields, now);
}

/** Reads `tenants: [{ mobile, nickname, id_number }]` (fellow tenants) with the spec's rules. */
function readFellows(value: unknown[] | undefined): GuestInput[] {
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

/** The room status once a stay has closed (or moved away): dirty after a guest left, else vacant or still reserved. */
export async function statusAfterClose(
  db: Db,
  room: Room,
  closed: Stay,
  begun: boolean,
  nowMs: number,
): Promise<number> {
  const others = await otherOpenStays(db, room.id, closed.id);
  if (others.some((s) => s.check_in.getTime() <= nowMs)) return ROOM_STATUS.checkedIn;
  if (begun) return STATUS_AFTER_CHECK_OUT;
  if (others.length > 0) return ROOM_STATUS.reserved;
  return room.status === ROOM_STATUS.reserved || room.status === ROOM_STATUS.checkedIn
    ? ROOM_STATUS.vacant
    : room.status;
}

/**
 * Checks a guest into `room` (or edits the open stay `stay_id`): the room fee and deposit, the stays whose time ran
 * out closed, the overlap refused, the guest records, the bill's orders, the fellow tenants and the room's status, in
 * one transaction. Answers the stay and what the closed stays withdrew.
 */
export async function checkIn(
  ctx: UserContext,
  room: Room,
  body: BodyOf<typeof stayCalls.checkIn>,
  now: Date,
): Promise<{ stay: Stay; withdrawn: Withdrawn[] }> {
  const fellows = readFellows(body.tenants);
  const tenants = checkTenants({ mobile: body.mobile, nickname: body.nickname }, fellows as TenantInput[]);
  if (!tenants.ok) throw failure(tenants.code, tenants.params);
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
      const locked = await lockRoom(trx, room.id);
      const stays = await openStaysOfRoom(trx, room.id);
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
        await updateStay(trx, s.id, {
          status: s.status === 'active' ? 'checked_out' : 'cancelled',
          checked_out_at: s.check_out,
          updated_at: now,
        });
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
        ? await updateStay(trx, editing.id, values)
        : await insertStay(trx, {
            ...values,
            hotel_id: room.hotel_id,
            room_id: room.id,
            created_by: ctx.user.id,
            created_at: now,
          });
      // The stay's room charge and deposit as orders of the bill centre (API.md §15).
      await chargeStay(trx, { stay: saved, roomFeeFen, depositFen, userId: ctx.user.id, now });
      await deleteFellowTenantsOf(trx, saved.id);
      for (const [i, g] of fellows.entries()) {
        await insertFellowTenant(trx, {
          stay_id: saved.id,
          passenger_id: await passengerFor(trx, room.hotel_id, g, now),
          position: i + 2,
          mobile: g.mobile,
          nickname: g.nickname ?? '',
          id_number: g.id_number ?? '',
        });
      }
      // A reservation made while another guest is in the room leaves the room checked in.
      const someoneIn = others.some((o) => o.startMs <= nowMs);
      const status = someoneIn ? ROOM_STATUS.checkedIn : statusAfterCheckIn(startMs, nowMs);
      await setRoomStatus(trx, room.id, status, now);
      return saved;
    }),
  );
  return { stay, withdrawn };
}

/**
 * Checks out the stay `stayId` of `room` (without one: the guest in the room now, else the earliest reservation):
 * checked out if it had begun, else cancelled; its credentials withdrawn and the room's status set, in one
 * transaction.
 */
export async function checkOut(
  ctx: UserContext,
  room: Room,
  stayId: number | undefined,
  now: Date,
): Promise<{ closed: Stay; roomStatus: number; withdrawn: Withdrawn }> {
  const nowMs = now.getTime();
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockRoom(trx, room.id);
    const stay = await openStayToClose(trx, room.id, stayId, 'in room first');
    if (!stay) throw failure('NO_TENANT_IN_ROOM');
    const begun = stay.check_in.getTime() <= nowMs;
    const closed = await updateStay(trx, stay.id, {
      status: begun ? 'checked_out' : 'cancelled',
      checked_out_at: now,
      updated_at: now,
    });
    // The guest's cards, faces and fingerprints end with the stay (issue 19), in this same transaction.
    const withdrawn = await withdrawStayCredentials(trx, closed, now);
    const roomStatus = await statusAfterClose(trx, locked, stay, begun, nowMs);
    await setRoomStatus(trx, room.id, roomStatus, now);
    return { closed, roomStatus, withdrawn };
  });
}

/**
 * Moves the stay `stayId` of room `from` (without one: the earliest check-in) to room `to`: the old stay closes as
 * 'moved' and keeps the nights spent, the new one carries the rest of the fee, the deposit and the fellow tenants;
 * both rooms' statuses follow, in one transaction.
 */
export async function moveStay(
  ctx: UserContext,
  from: Room,
  to: Room,
  stayId: number | undefined,
  now: Date,
): Promise<{ moved: Stay; withdrawn: Withdrawn }> {
  const nowMs = now.getTime();
  return guardOverlap(() =>
    ctx.db.transaction().execute(async (trx) => {
      await lockRooms(trx, [from.id, to.id]);
      const stay = await openStayToClose(trx, from.id, stayId || undefined, 'earliest check-in');
      if (!stay) throw failure('NO_TENANT_IN_ROOM');
      const refused = checkRoomCheckable((await findRoom(trx, to.id)).status);
      if (refused) throw failure(refused);
      const plan = planMove(
        { startMs: stay.check_in.getTime(), endMs: stay.check_out.getTime(), status: stay.status },
        nowMs,
      );
      if (!plan.ok) throw failure(plan.code, plan.params);
      // The money is counted once: the old stay keeps the nights spent in the old room, the new stay carries
      // the rest of the fee and the deposit (refunded when the guest finally leaves).
      const fee = splitMovedFee(
        parseYuan(stay.price) ?? 0,
        stay.check_in.getTime(),
        stay.check_out.getTime(),
        plan.value.oldEndsMs,
      );
      await updateStay(trx, stay.id, {
        status: 'moved',
        checked_out_at: new Date(plan.value.oldEndsMs),
        price: yuanText(toYuan(fee.oldFen)),
        deposit: yuanText(0),
        updated_at: now,
      });
      // The old room's lock must stop opening for the guest: the old stay's credentials end with it (issue 19).
      const withdrawn = await withdrawStayCredentials(trx, stay, now);
      const { id: _, created_at: __, updated_at: ___, ...rest } = stay;
      const moved = await insertStay(trx, {
        ...rest,
        room_id: to.id,
        check_in: new Date(plan.value.newStartMs),
        check_out: new Date(plan.value.newEndMs),
        checked_out_at: null,
        status: plan.value.newStartMs <= nowMs ? 'active' : 'reserved',
        moved_from_stay_id: stay.id,
        price: yuanText(toYuan(fee.newFen)),
        created_by: ctx.user.id,
      });
      await copyFellowTenants(trx, stay.id, moved.id);
      // The old room follows the stays it still holds: a guest still in keeps it checked in.
      const fromRoom = await findRoom(trx, from.id);
      const fromStatus = await statusAfterClose(trx, fromRoom, stay, stay.status === 'active', nowMs);
      // A reservation moved next to a guest in the target room leaves that room checked in.
      const targetStays = await otherOpenStays(trx, to.id, moved.id);
      const someoneIn = targetStays.some(
        (s) => s.check_in.getTime() <= nowMs && s.check_out.getTime() > nowMs,
      );
      const toStatus = someoneIn ? ROOM_STATUS.checkedIn : statusAfterCheckIn(plan.value.newStartMs, nowMs);
      await setRoomStatus(trx, from.id, fromStatus, now);
      await setRoomStatus(trx, to.id, toStatus, now);
      return { moved, withdrawn };
    }),
  );
}

/**
 * Moves an open stay's estimated check-out to `endMs`: a later one is a renewal, its nights charged with the
 * renewal rules and added to the stay's fee. SET_EXPIRATION_FAILED when the stay closed meanwhile.
 */
export async function setExpiration(
  ctx: UserContext,
  stay: Stay,
  room: Room,
  endMs: number,
  now: Date,
): Promise<{ updated: Stay; extraFen: number }> {
  const nowMs = now.getTime();
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
    updateOpenStay(ctx.db, stay.id, {
      check_out: new Date(endMs),
      price: yuanText(toYuan((parseYuan(stay.price) ?? 0) + extraFen)),
      updated_at: now,
    }),
  );
  if (!updated) throw failure('SET_EXPIRATION_FAILED');
  return { updated, extraFen };
}

/** Adds a fellow tenant to an open stay, after the last one (at most MAX_FELLOW_TENANTS). */
export async function addFellow(ctx: UserContext, stay: Stay, guest: GuestInput) {
  if (!isOpen(stay)) throw failure('FIELD_INVALID', { field: 'stay_id' });
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const last = await lastTenantPosition(trx, stay.id);
    if (last - 1 >= MAX_FELLOW_TENANTS) throw failure('FIELD_INVALID', { field: 'stay_id' });
    return insertFellowTenant(trx, {
      stay_id: stay.id,
      passenger_id: await passengerFor(trx, stay.hotel_id, guest, now),
      position: last + 1,
      mobile: guest.mobile,
      nickname: guest.nickname ?? '',
      id_number: guest.id_number ?? '',
    });
  });
}
