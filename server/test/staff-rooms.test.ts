/**
 * The room picker of the permission editor (/worker/permissionsList): room/staffManageRoomList1 answers one page
 * of the caller's rooms (name, group, granted filters) even at 10,000 rooms, and room/addStaffManageLock with
 * `all_matching` grants or revokes every room matching those filters in one call. Each tried as every role.
 */
import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, expectRefused, OTHER_ADMIN, ok } from './room-helpers.js';

interface RoomPage {
  list: { id: number; name: string; granted: boolean; category_id: number | null }[];
  total: number;
  page: number;
  limit: number;
}

describeEachDatabase('the room picker of the permission editor', (t) => {
  let superToken: string;
  let staffId: number;
  beforeEach(async () => {
    await t.reset();
    superToken = await t.login(DEMO_ACCOUNTS.super);
    staffId = t.ids.users.staff;
  });
  const asSuper = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
    t.call<T>(path, body, { token: superToken });

  it('answers one page of 10,000 rooms, searchable by name and group and by granted or not', async () => {
    const hotelId = t.ids.hotelId;
    const group = await t.db
      .insertInto('room_categories')
      .values({ hotel_id: hotelId, name: 'Annex', sort: 99, kind: 'group' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const existing = await t.db
      .selectFrom('rooms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow();
    const extra = 10_000 - Number(existing.n);
    const rows = Array.from({ length: extra }, (_, i) => ({
      hotel_id: hotelId,
      name: `A${String(i).padStart(5, '0')}`,
      category_id: i < 300 ? group.id : null,
      deposit: 0,
      usual_price: 0,
      weekend_price: 0,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.db
        .insertInto('rooms')
        .values(rows.slice(i, i + 1000))
        .execute();

    const first = ok(await asSuper<RoomPage>('room/staffManageRoomList1', { id: staffId, limit: 50 }));
    expect(first.total).toBe(10_000);
    expect(first.list).toHaveLength(50);
    const last = ok(
      await asSuper<RoomPage>('room/staffManageRoomList1', { id: staffId, limit: 100, page: 100 }),
    );
    expect(last.list).toHaveLength(100);
    expect(new Set([...first.list, ...last.list].map((r) => r.id)).size).toBe(150);

    const byName = ok(await asSuper<RoomPage>('room/staffManageRoomList1', { id: staffId, name: 'A0012' }));
    expect(byName.total).toBe(10);
    expect(byName.list.every((r) => r.name.startsWith('A0012'))).toBe(true);
    const byGroup = ok(
      await asSuper<RoomPage>('room/staffManageRoomList1', { id: staffId, category_id: group.id, limit: 10 }),
    );
    expect(byGroup.total).toBe(300);
    expect(byGroup.list.every((r) => r.category_id === group.id)).toBe(true);

    // Select all matching: the 300 rooms of the group, in one call, without sending their ids.
    const granted = ok(
      await asSuper<{ room_count: number; changed: number }>('room/addStaffManageLock', {
        id: staffId,
        all_matching: true,
        category_id: group.id,
        mode: 'add',
      }),
    );
    expect(granted).toEqual({ id: staffId, room_count: 310, changed: 300 });
    const grantedPage = ok(
      await asSuper<RoomPage>('room/staffManageRoomList1', { id: staffId, granted: true, limit: 5 }),
    );
    expect(grantedPage.total).toBe(310);
    expect(grantedPage.list.every((r) => r.granted)).toBe(true);
    const notGranted = ok(
      await asSuper<RoomPage>('room/staffManageRoomList1', { id: staffId, granted: false }),
    );
    expect(notGranted.total).toBe(10_000 - 310);
    expect(notGranted.list.every((r) => !r.granted)).toBe(true);

    // Revoke those matching a name among them; the rest stay.
    const revoked = ok(
      await asSuper<{ room_count: number; changed: number }>('room/addStaffManageLock', {
        id: staffId,
        all_matching: true,
        name: 'A001',
        mode: 'remove',
      }),
    );
    expect(revoked).toEqual({ id: staffId, room_count: 210, changed: 100 });
  });

  it("grants all matching only within the caller's scope, and refuses 'set', an unknown group and no rooms", async () => {
    const secondaryToken = await t.login(DEMO_ACCOUNTS.secondary);
    const added = ok(
      await t.call<{ id: number }>(
        'room/addStaff',
        { mobile: '13600136100', nickname: 'Wing desk' },
        { token: secondaryToken },
      ),
    );
    // The secondary administrator holds the 1xxx rooms: granting 'all' gives its staff member those 50 only.
    const all = ok(
      await t.call<{ room_count: number }>(
        'room/addStaffManageLock',
        { id: added.id, all_matching: true },
        { token: secondaryToken },
      ),
    );
    expect(all.room_count).toBe(50);
    const page = ok(
      await t.call<RoomPage>(
        'room/staffManageRoomList1',
        { id: added.id, granted: false },
        { token: secondaryToken },
      ),
    );
    expect(page.total).toBe(0);
    expectRefused(
      await asSuper('room/addStaffManageLock', { id: staffId, all_matching: true, mode: 'set' }),
      'FIELD_INVALID',
      { field: 'mode' },
    );
    expectRefused(
      await asSuper('room/addStaffManageLock', { id: staffId, all_matching: true, category_id: 999999 }),
      'NOT_FOUND',
    );
    expectRefused(await asSuper('room/addStaffManageLock', { id: staffId }), 'FIELD_REQUIRED', {
      field: 'room_ids',
    });
  });

  it('refuses the picker and the matching grant to accounts that may not manage this staff member', async () => {
    await addOtherHotel(t.db, t.clock.ms);
    const staffToken = await t.login(DEMO_ACCOUNTS.staff);
    const secondaryToken = await t.login(DEMO_ACCOUNTS.secondary);
    const otherToken = await t.login(OTHER_ADMIN);
    const managerToken = await t.login(DEMO_ACCOUNTS.customerManager);
    const cases: [string, string, 'PERMISSION_DENIED' | 'NOT_FOUND'][] = [
      ['staff', staffToken, 'PERMISSION_DENIED'],
      // The demo staff member was added by the super administrator, not by the secondary one.
      ['secondary', secondaryToken, 'PERMISSION_DENIED'],
      ["another hotel's administrator", otherToken, 'NOT_FOUND'],
      ['customer manager', managerToken, 'PERMISSION_DENIED'],
    ];
    for (const [, token, code] of cases) {
      expectRefused(await t.call('room/staffManageRoomList1', { id: staffId }, { token }), code);
      expectRefused(
        await t.call('room/addStaffManageLock', { id: staffId, all_matching: true }, { token }),
        code,
      );
    }
    const unchanged = ok(await asSuper<RoomPage>('room/staffManageRoomList', { id: staffId }));
    expect(unchanged.total).toBe(10);
    // The super administrator may.
    expect(ok(await asSuper<RoomPage>('room/staffManageRoomList1', { id: staffId })).total).toBeGreaterThan(
      10,
    );
  });
});
