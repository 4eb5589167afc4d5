import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, demoMac } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, checkInBody, expectRefused, HOUR, OTHER_ADMIN, ok } from './room-helpers.js';

interface RoomAnswer {
  id: number;
  name: string;
  mac_id: string | null;
  category_id: number | null;
  building: number | null;
  floor: number | null;
}

describeEachDatabase('adding and deleting rooms', (t) => {
  let superToken: string;
  beforeEach(async () => {
    await t.reset();
    superToken = await t.login(DEMO_ACCOUNTS.super);
  });
  const add = (body: Record<string, unknown>, token = superToken) =>
    t.call<RoomAnswer>('room/addRoom', body, { token });
  const names = async (token: string) => {
    const page = ok(
      await t.call<{ list: { name: string }[] }>('room/listNew', { name: 'A-', pageSize: 50 }, { token }),
    );
    return page.list.map((r) => r.name);
  };

  describe('room/addRoom', () => {
    it('adds a room with its lock, group, building and floor, and the list shows it', async () => {
      const room = ok(
        await add({
          name: ' A-101 ',
          category_id: t.ids.groups.Deluxe,
          building: 3,
          floor: 1,
          mac_id: 'a0:b0:c0:99:01:01',
        }),
      );
      expect(room).toMatchObject({
        name: 'A-101',
        mac_id: 'A0B0C0990101',
        category_id: t.ids.groups.Deluxe,
        building: 3,
        floor: 1,
      });
      expect(await names(superToken)).toEqual(['A-101']);
      const log = await t.db
        .selectFrom('operation_log')
        .select(['summary', 'room_ids'])
        .where('path', '=', 'room/addRoom')
        .executeTakeFirstOrThrow();
      expect(log).toEqual({ summary: 'Room A-101 added with lock A0B0C0990101', room_ids: [room.id] });
    });

    it('refuses a name the hotel already uses and a lock bound to another room', async () => {
      expectRefused(await add({ name: '1101' }), 'ROOM_NAME_EXISTS');
      expectRefused(await add({ name: 'A-1', mac_id: demoMac(1, 1, 1) }), 'LOCK_MAC_IN_USE');
      // Nothing was written by the refusals.
      expect(await names(superToken)).toEqual([]);
    });

    it('allows the same name in another hotel', async () => {
      await addOtherHotel(t.db, t.clock.ms);
      const other = await t.login(OTHER_ADMIN);
      expect(ok(await add({ name: '1101' }, other)).name).toBe('1101');
    });

    it('refuses bad input field by field', async () => {
      expectRefused(await add({}), 'FIELD_REQUIRED', { field: 'name' });
      expectRefused(await add({ name: '   ' }), 'FIELD_REQUIRED', { field: 'name' });
      expectRefused(await add({ name: 'x'.repeat(51) }), 'FIELD_INVALID', { field: 'name' });
      expectRefused(await add({ name: 'A-2', mac_id: 'XYZ' }), 'FIELD_INVALID', { field: 'mac_id' });
      expectRefused(await add({ name: 'A-2', building: -1 }), 'FIELD_INVALID', { field: 'building' });
      expectRefused(await add({ name: 'A-2', floor: 'first' }), 'FIELD_INVALID', { field: 'floor' });
      expectRefused(await add({ name: 'A-2', category_id: 999_999 }), 'FIELD_INVALID', {
        field: 'category_id',
      });
    });

    it('lets a secondary administrator add a room they then manage; staff may not add rooms', async () => {
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      const room = ok(await add({ name: 'A-201' }, secondary));
      expect(await names(secondary)).toEqual(['A-201']);
      ok(
        await t.call('room/setLockData', { room_id: room.id, remark: 'by the window' }, { token: secondary }),
      );
      const staff = await t.login(DEMO_ACCOUNTS.staff);
      expectRefused(await add({ name: 'A-202' }, staff), 'PERMISSION_DENIED');
    });
  });

  describe('room/deleteRoom', () => {
    it('deletes a room added by mistake, and nothing else', async () => {
      const room = ok(await add({ name: 'A-301' }));
      expect(ok(await t.call('room/deleteRoom', { room_id: room.id }, { token: superToken }))).toEqual({
        room_id: room.id,
      });
      expect(await names(superToken)).toEqual([]);
      expectRefused(
        await t.call('room/deleteRoom', { room_id: room.id }, { token: superToken }),
        'NOT_FOUND',
      );
    });

    it('keeps a room that held a stay: its history stays with it', async () => {
      const room = ok(await add({ name: 'A-302' }));
      ok(
        await t.call('room/tenant/update/checkIn', checkInBody(room.id, t.clock.ms + HOUR, 24), {
          token: superToken,
        }),
      );
      expectRefused(
        await t.call('room/deleteRoom', { room_id: room.id }, { token: superToken }),
        'ROOM_HAS_HISTORY',
      );
      const stillThere = await t.db
        .selectFrom('rooms')
        .select('id')
        .where('id', '=', room.id)
        .executeTakeFirst();
      expect(stillThere).toBeDefined();
    });

    it('holds to the room scope: unassigned rooms, staff and other hotels are refused', async () => {
      const other = await addOtherHotel(t.db, t.clock.ms);
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      const staff = await t.login(DEMO_ACCOUNTS.staff);
      const mine = ok(await add({ name: 'A-401' }, secondary));
      const notMine = ok(await add({ name: 'A-402' }));
      expectRefused(
        await t.call('room/deleteRoom', { room_id: notMine.id }, { token: secondary }),
        'PERMISSION_DENIED',
      );
      expectRefused(
        await t.call('room/deleteRoom', { room_id: mine.id }, { token: staff }),
        'PERMISSION_DENIED',
      );
      expectRefused(
        await t.call('room/deleteRoom', { room_id: other.roomId }, { token: superToken }),
        'NOT_FOUND',
      );
      ok(await t.call('room/deleteRoom', { room_id: mine.id }, { token: secondary }));
      expectRefused(await t.call('room/deleteRoom', {}, { token: superToken }), 'FIELD_REQUIRED', {
        field: 'room_id',
      });
    });
  });
});
