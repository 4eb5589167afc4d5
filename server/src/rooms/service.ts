/**
 * The room rules that span several statements: a room as answered with its guest and lock marks, its status set by
 * hand, a room added with its lock, and a stay moved to another room. Their SQL is repository/'s.
 */
import { ROOM_STATUS } from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import type { Room, Stay } from '../db/schema.js';
import { ROOM_STATUS_NAMES } from '../domain/stays.js';
import { failure } from '../errors.js';
import { issueLockSecret } from '../services/lock-secrets.js';
import { roomView, stayView } from '../shared/room-views.js';
import { roomLockMarks } from './repository/lock-marks.js';
import {
  assignRoom,
  categoryName,
  insertRoom,
  lockRoomRows,
  openStaysOfRoom,
  roomHasStayOpenNow,
  setRoomStatus,
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
