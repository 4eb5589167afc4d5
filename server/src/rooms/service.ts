/**
 * The room rules that span several statements: a room as answered with its guest and lock marks, its status set by
 * hand, a room added with its lock, and a stay moved to another room. Their SQL is repository/'s.
 */
import { ROOM_STATUS } from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import type { Room, Stay } from '../db/schema.js';
import { parseYuan, toYuan } from '../domain/money.js';
import { splitMovedFee } from '../domain/pricing.js';
import { checkRoomCheckable, planMove, ROOM_STATUS_NAMES, statusAfterCheckIn } from '../domain/stays.js';
import { failure } from '../errors.js';
import { type Withdrawn, withdrawStayCredentials } from '../routes/stay-credentials.js';
import { otherOpenStays, statusAfterClose } from '../routes/stays.js';
import { issueLockSecret } from '../services/lock-secrets.js';
import { guardOverlap, roomView, stayView, yuanText } from '../shared/room-views.js';
import { roomLockMarks } from './repository/lock-marks.js';
import {
  assignRoom,
  categoryName,
  copyStayGuests,
  findRoom,
  insertRoom,
  insertStay,
  lockRoomRows,
  openStaysOfRoom,
  openStayToMove,
  roomHasStayOpenNow,
  setRoomStatus,
  updateStay,
} from './repository/rooms.js';

/** The stay shown on a room card: the guest checked in now, else the next reservation. */
function currentStays(stays: Stay[]): Map<number, Stay> {
  const byRoom = new Map<number, Stay>();
  for (const s of stays) {
    const held = byRoom.get(s.room_id);
    if (!held || (held.status !== 'active' && s.status === 'active')) byRoom.set(s.room_id, s);
  }
  return byRoom;
}

/**
 * A room as room/lockInfo and room/info answer it: the room with its group's name, its status name and the stay
 * shown on its card (the guest in it now, else the next reservation), as room/listNew's items.
 */
export async function roomWithTenant(ctx: UserContext, room: Room) {
  const category = room.category_id ? await categoryName(ctx.db, room.category_id) : undefined;
  const stay = currentStays(await openStaysOfRoom(ctx.db, room.id)).get(room.id);
  return {
    ...roomView(room, category ?? null),
    status_name: ROOM_STATUS_NAMES[room.status] ?? null,
    tenant: stay ? stayView(stay, ctx.now().getTime()) : null,
    ...(await roomLockMarks(ctx.db, room.hotel_id, room.id, ctx.now().getTime())),
  };
}

/**
 * Sets a room's status by hand. A vacant room invites the next guest: one whose stay is still open (in the room now,
 * or a reservation whose time has begun) must be checked out first, which also ends the guest's key.
 */
export async function setStatusByHand(ctx: UserContext, room: Room, status: number): Promise<Room> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    // The room's row first, as a check-in takes it: no guest can arrive between the check and the write.
    await lockRoomRows(trx, [room.id]);
    if (status === ROOM_STATUS.vacant && (await roomHasStayOpenNow(trx, room.id, now)))
      throw failure('ROOM_STAY_OPEN');
    return setRoomStatus(trx, room.id, status, now);
  });
}

/** A room to add: its fields as the contract checked them, the lock's MAC normalised. */
export interface NewRoomInput {
  name: string;
  categoryId: number | null;
  building: number | null;
  floor: number | null;
  mac: string | null;
  bluetoothName: string;
  remark: string;
}

/**
 * Adds a room in one step: a caller who is not the super administrator is assigned it (or they could not see what
 * they made), and a room with a lock gets the lock's secret (answered once, API.md §10).
 */
export async function addRoom(
  ctx: UserContext,
  hotelId: number,
  input: NewRoomInput,
  now: Date,
): Promise<Room & { lock_secret: string | undefined }> {
  return ctx.db.transaction().execute(async (trx) => {
    const added = await insertRoom(trx, {
      hotel_id: hotelId,
      name: input.name,
      category_id: input.categoryId,
      building: input.building,
      floor: input.floor,
      mac_id: input.mac,
      bluetooth_name: input.bluetoothName,
      remark: input.remark,
      created_at: now,
      updated_at: now,
    });
    if (ctx.user.role !== 'super') await assignRoom(trx, ctx.user.id, added.id, ctx.user.id, now);
    const lock = added.mac_id ? await issueLockSecret(trx, added, now) : null;
    return { ...added, lock_secret: lock?.secret };
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
      await lockRoomRows(trx, [from.id, to.id]);
      const stay = await openStayToMove(trx, from.id, stayId);
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
      await copyStayGuests(trx, stay.id, moved.id);
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
