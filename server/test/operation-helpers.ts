/** The operation-log suites' shared scenario (operation, operation-filters). */
import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import type { TestApp } from './helpers.js';

/** Checks a guest into a demo room (by name) for a day from now. */
export const checkIn = (t: TestApp, token: string, room: string, nickname: string) =>
  t.call(
    'room/tenant/update/checkIn',
    {
      room_id: t.ids.rooms[room],
      mobile: '13911112222',
      nickname,
      start_time: Math.floor(t.clock.ms / 1000),
      end_time: Math.floor((t.clock.ms + 86_400_000) / 1000),
    },
    { token },
  );

/**
 * The super administrator checks guests into an assigned room (1106) and an unassigned one (2106) of the secondary
 * administrator and renames the hotel; the secondary administrator sets 1206 to maintenance and is refused 2106 (the
 * secondary administrator's own entry, with no room recorded).
 */
export async function roomScopeScenario(t: TestApp): Promise<{ superToken: string; secondary: string }> {
  const superToken = await t.login(DEMO_ACCOUNTS.super);
  const secondary = await t.login(DEMO_ACCOUNTS.secondary);
  expect((await checkIn(t, superToken, '1106', 'Assigned Guest')).errno).toBe(0);
  expect((await checkIn(t, superToken, '2106', 'Unassigned Guest')).errno).toBe(0);
  const hotel = { name: 'Renamed', address: 'Road 2', telephone: '12345678' };
  expect((await t.call('room/setHotelInfo', hotel, { token: superToken })).errno).toBe(0);
  const status = (room: string) =>
    t.call('room/setRoomStatus', { room_id: t.ids.rooms[room], status: 3 }, { token: secondary });
  expect((await status('1206')).errno).toBe(0);
  expect((await status('2106')).code).toBe('PERMISSION_DENIED');
  return { superToken, secondary };
}
