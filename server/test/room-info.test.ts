/**
 * room/info: one room by id, answered as room/lockInfo answers it (room + status_name + tenant), for any room in
 * scope whether or not it has a lock. Its row in the role matrix and bad input is also in permissions.test.ts and
 * bad-input-cases.ts; here each role is tried explicitly with the refusal it must get.
 */
import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, checkInBody, DAY, expectRefused, HOUR, OTHER_ADMIN, ok } from './room-helpers.js';

interface RoomInfo {
  id: number;
  room_id: number;
  name: string;
  mac_id: string | null;
  status: number;
  status_name: string | null;
  category_name: string | null;
  tenant: { stay_id: number; nickname: string; state: string } | null;
}

describeEachDatabase('room/info', (t) => {
  beforeEach(() => t.reset());

  const info = (roomId: unknown, token: string) =>
    t.call<RoomInfo>('room/info', { room_id: roomId }, { token });

  it('answers the room as room/lockInfo and room/listNew do, with its guest', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const room = t.ids.rooms['1101']!;
    const byId = ok(await info(room, token));
    expect(byId).toMatchObject({
      id: room,
      room_id: room,
      name: '1101',
      status_name: 'checkedIn',
      tenant: { nickname: 'Li Wei', state: 'active' },
    });
    const byMac = ok(await t.call<RoomInfo>('room/lockInfo', { mac_id: byId.mac_id }, { token }));
    expect(byId).toEqual(byMac);
    const listed = ok(
      await t.call<{ list: RoomInfo[] }>('room/listNew', { name: '1101', limit: 100 }, { token }),
    ).list.find((r) => r.id === room);
    expect(byId).toEqual(listed);
  });

  it('answers a room without a lock, and its next reservation as the tenant', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const added = ok(await t.call<{ id: number }>('room/addRoom', { name: 'No lock 7' }, { token }));
    const bare = ok(await info(added.id, token));
    expect(bare).toMatchObject({
      id: added.id,
      name: 'No lock 7',
      mac_id: null,
      status: 0,
      status_name: 'vacant',
      category_name: null,
      tenant: null,
    });
    const start = t.clock.ms + 2 * DAY;
    const stay = ok(
      await t.call<{ stay_id: number }>(
        'room/tenant/update/checkIn',
        checkInBody(added.id, start, 24, { nickname: 'Zhao Min' }),
        { token },
      ),
    );
    const reserved = ok(await info(added.id, token));
    expect(reserved).toMatchObject({
      status_name: 'reserved',
      tenant: { stay_id: stay.stay_id, nickname: 'Zhao Min', state: 'upcoming' },
    });
  });

  it('holds to the room scope of every role', async () => {
    const other = await addOtherHotel(t.db, t.clock.ms);
    const rooms = t.ids.rooms;
    const superToken = await t.login(DEMO_ACCOUNTS.super);
    const secondary = await t.login(DEMO_ACCOUNTS.secondary);
    const staff = await t.login(DEMO_ACCOUNTS.staff);
    const otherAdmin = await t.login(OTHER_ADMIN);

    expect(ok(await info(rooms['2106'], superToken)).name).toBe('2106');
    expect(ok(await info(rooms['1106'], secondary)).name).toBe('1106');
    expectRefused(await info(rooms['2106'], secondary), 'PERMISSION_DENIED');
    expect(ok(await info(rooms['1106'], staff)).name).toBe('1106');
    expectRefused(await info(rooms['1206'], staff), 'PERMISSION_DENIED');
    expectRefused(await info(rooms['1106'], otherAdmin), 'NOT_FOUND');
    expectRefused(await info(other.roomId, superToken), 'NOT_FOUND');
    expect(ok(await info(other.roomId, otherAdmin)).room_id).toBe(other.roomId);
    expectRefused(await info(999_999, superToken), 'NOT_FOUND');
  });

  it('changes nothing and writes no operation log', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const room = t.ids.rooms['1106']!;
    const before = await t.db
      .selectFrom('rooms')
      .selectAll()
      .where('id', '=', room)
      .executeTakeFirstOrThrow();
    t.clock.advance(HOUR);
    ok(await info(room, token));
    const after = await t.db.selectFrom('rooms').selectAll().where('id', '=', room).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const log = await t.db.selectFrom('operation_log').select('id').where('path', '=', 'room/info').execute();
    expect(log).toEqual([]);
  });

  it('checks room_id', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    expectRefused(await t.call('room/info', {}, { token }), 'FIELD_REQUIRED', { field: 'room_id' });
    for (const bad of ['x', -1, 0, 1.5, '17; drop table rooms'])
      expectRefused(await info(bad, token), 'FIELD_INVALID', { field: 'room_id' });
  });
});
