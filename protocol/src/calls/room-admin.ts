/**
 * Adding and removing rooms from the console (server/API.md §5 'Rooms'): LockDesk has no phone app, so an
 * administrator adds a room, with its lock's MAC when the lock is fitted.
 */
import { normaliseMac } from '../fields.js';
import { call } from './contract.js';
import type { Room } from './rooms.js';
import { f } from './schema.js';

export const roomAdminCalls = {
  /** Adds a room; a room with a lock answers the lock's secret once (API.md §10). */
  addRoom: call({
    path: 'room/addRoom',
    summary: 'Add a room (and its lock) from the console',
    auth: 'user',
    mutates: true,
    permission: 'room.manage',
    schema: {
      name: f.string({ max: 50 }),
      category_id: f.int({ min: 0, optional: true }),
      building: f.int({ min: 0, max: 9999, optional: true }),
      floor: f.int({ min: -99, max: 999, optional: true }),
      mac_id: f.string({
        max: 17,
        optional: true,
        check: (v: string) => (normaliseMac(v) ? undefined : 'FIELD_INVALID'),
      }),
      bluetooth_name: f.string({ max: 64, optional: true }),
      remark: f.string({ max: 100, optional: true }),
    },
  }).answers<Room & { lock_secret?: string }>(),

  /** Deletes a room added by mistake; one with any history is refused (ROOM_HAS_HISTORY). */
  deleteRoom: call({
    path: 'room/deleteRoom',
    summary: 'Remove a room added by mistake',
    auth: 'user',
    mutates: true,
    permission: 'room.manage',
    schema: { room_id: f.id() },
  }).answers<{ room_id: number }>(),
};
