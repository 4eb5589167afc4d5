/** Shared pieces of the room, stay, staff and permission suites. */
import type { ErrorCode } from '@lockdesk/protocol';
import { expect } from 'vitest';
import { hashPassword } from '../src/auth/password.js';
import type { ManageAnswer } from '../src/client.js';
import type { Db } from '../src/db/index.js';
import { DEMO_PASSWORD } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { TEST_SCRYPT_COST } from './helpers.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Asserts an answer is a refusal with the catalogue code's English text. */
export function expectRefused(
  res: ManageAnswer,
  code: ErrorCode,
  params?: Record<string, string | number>,
): void {
  expect({ errno: res.errno, errmsg: res.errmsg }).toEqual({
    errno: 1,
    errmsg: messageFor('en', code, params),
  });
}

/** Asserts an answer succeeded and returns its data. */
export function ok<T>(res: ManageAnswer<T>): T {
  expect({ errno: res.errno, errmsg: res.errmsg }).toEqual({ errno: 0, errmsg: '' });
  return res.data;
}

/** The mobile of the other hotel's super administrator created by addOtherHotel. */
export const OTHER_ADMIN = '13700137000';

/** A second hotel with its own super administrator and one room; returns the room id. */
export async function addOtherHotel(db: Db, nowMs: number): Promise<{ hotelId: number; roomId: number }> {
  const at = new Date(nowMs);
  const hotel = await db
    .insertInto('hotels')
    .values({
      name: 'Other Hotel',
      address: '1 Other Road',
      telephone: '010-12345678',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({
      mobile: OTHER_ADMIN,
      password_hash: await hashPassword(DEMO_PASSWORD, TEST_SCRYPT_COST),
      role: 'super',
      hotel_id: hotel.id,
      nickname: 'Other owner',
      created_at: at,
      updated_at: at,
      password_changed_at: at,
    })
    .execute();
  const room = await db
    .insertInto('rooms')
    .values({ hotel_id: hotel.id, name: '9901', usual_price: 100, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { hotelId: hotel.id, roomId: room.id };
}

/** A check-in body for a room from `startMs` for `hours`. */
export function checkInBody(
  roomId: number,
  startMs: number,
  hours = 24,
  extra: Record<string, unknown> = {},
) {
  return {
    room_id: roomId,
    mobile: '13912345678',
    nickname: 'Test Guest',
    start_time: Math.floor(startMs / 1000),
    end_time: Math.floor((startMs + hours * HOUR) / 1000),
    ...extra,
  };
}
