import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';
import { expectRefused, ok } from './room-helpers.js';

interface StaffPage {
  list: { id: number; mobile: string; role: string; room_count: number }[];
  total: number;
}
interface RoomPage {
  list: { id: number; name: string; granted: boolean }[];
  total: number;
}

describeEachDatabase('staff and room permissions', (t) => {
  let superToken: string;
  let secondaryToken: string;
  beforeEach(async () => {
    await t.reset();
    superToken = await t.login(DEMO_ACCOUNTS.super);
    secondaryToken = await t.login(DEMO_ACCOUNTS.secondary);
  });
  const asSuper = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
    t.call<T>(path, body, { token: superToken });
  const asSecondary = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
    t.call<T>(path, body, { token: secondaryToken });

  it('lists staff, and secondary administrators on request', async () => {
    const staff = ok(await asSuper<StaffPage>('room/staffList', {}));
    expect(staff.list).toEqual([
      expect.objectContaining({ mobile: DEMO_ACCOUNTS.staff, role: 'staff', room_count: 10 }),
    ]);
    const managers = ok(await asSuper<StaffPage>('room/staffList', { role: 'secondary' }));
    expect(managers.list).toEqual([
      expect.objectContaining({ mobile: DEMO_ACCOUNTS.secondary, room_count: 50 }),
    ]);
    // The secondary administrator sees only the staff it added, and no administrators.
    expect(ok(await asSecondary<StaffPage>('room/staffList', {})).total).toBe(0);
    expectRefused(await asSecondary('room/staffList', { role: 'secondary' }), 'PERMISSION_DENIED');
  });

  it('adds a staff member with rooms, who can then log in and see those rooms only', async () => {
    const rooms = [t.ids.rooms['2101']!, t.ids.rooms['2102']!];
    const added = ok(
      await asSuper<{ id: number }>('room/addStaff', {
        mobile: '13600136000',
        nickname: 'Night desk',
        password: 'secret12',
        room_ids: rooms,
      }),
    );
    const token = await t.login('13600136000', 'secret12');
    const seen = ok(await t.call<{ list: { name: string }[] }>('room/listNew', {}, { token }));
    expect(seen.list.map((r) => r.name)).toEqual(['2101', '2102']);
    expect(
      ok(await asSuper<RoomPage>('room/staffManageRoomList', { id: added.id })).list.map((r) => r.name),
    ).toEqual(['2101', '2102']);
    expectRefused(await asSuper('room/addStaff', { mobile: '13600136000' }), 'ACCOUNT_EXISTS');
    expectRefused(await asSuper('room/addStaff', { mobile: '136' }), 'MOBILE_INVALID', { field: 'mobile' });
    expectRefused(
      await asSuper('room/addStaff', { mobile: '13600136001', password: '123' }),
      'PASSWORD_TOO_SHORT',
      { field: 'password' },
    );
    expectRefused(
      await asSuper('room/addStaff', { mobile: '13600136001', nickname: 'x'.repeat(33) }),
      'NICKNAME_TOO_LONG',
      { field: 'nickname' },
    );
    expectRefused(await asSuper('room/addStaff', { mobile: '13600136001', room_ids: [999999] }), 'NOT_FOUND');
  });

  it('grants, adds and removes rooms; the editor list flags granted rooms', async () => {
    const staff = t.ids.users.staff;
    const [a, b, c] = [t.ids.rooms['1201']!, t.ids.rooms['1202']!, t.ids.rooms['1203']!];
    expect(ok(await asSuper('room/addStaffManageLock', { id: staff, room_ids: [a, b] }))).toEqual({
      id: staff,
      room_count: 2,
    });
    expect(ok(await asSuper('room/addStaffManageLock', { id: staff, room_ids: [c], mode: 'add' }))).toEqual({
      id: staff,
      room_count: 3,
    });
    expect(
      ok(await asSuper('room/addStaffManageLock', { id: staff, room_ids: [a], mode: 'remove' })),
    ).toEqual({ id: staff, room_count: 2 });
    const editor = ok(await asSuper<RoomPage>('room/staffManageRoomList1', { id: staff, name: '120' }));
    expect(editor.list.filter((r) => r.granted).map((r) => r.name)).toEqual(['1202', '1203']);
    expect(editor.total).toBe(9);
    expectRefused(await asSuper('room/addStaffManageLock', { id: staff, room_ids: 'all' }), 'FIELD_INVALID', {
      field: 'room_ids',
    });
    expectRefused(
      await asSuper('room/addStaffManageLock', { id: staff, room_ids: [a], mode: 'swap' }),
      'FIELD_INVALID',
      { field: 'mode' },
    );
    expectRefused(
      await asSuper('room/addStaffManageLock', { id: t.ids.users.super, room_ids: [a] }),
      'NOT_FOUND',
    );
  });

  it('lets a secondary administrator grant only its own rooms, to its own staff', async () => {
    const added = ok(
      await asSecondary<{ id: number }>('room/addStaff', {
        mobile: '13600136002',
        room_ids: [t.ids.rooms['1301']!],
      }),
    );
    expectRefused(
      await asSecondary('room/addStaffManageLock', { id: added.id, room_ids: [t.ids.rooms['2301']!] }),
      'PERMISSION_DENIED',
    );
    expectRefused(
      await asSecondary('room/addStaffManageLock', {
        id: t.ids.users.staff,
        room_ids: [t.ids.rooms['1301']!],
      }),
      'PERMISSION_DENIED',
    );
    expectRefused(
      await asSecondary('room/addStaffManageLock', { id: t.ids.users.secondary, room_ids: [] }),
      'PERMISSION_DENIED',
    );
    const editor = ok(await asSecondary<RoomPage>('room/staffManageRoomList1', { id: added.id, limit: 100 }));
    expect(editor.total).toBe(50);
    expect(editor.list.filter((r) => r.granted).map((r) => r.name)).toEqual(['1301']);
    // 'set' within its scope leaves grants others made outside it.
    ok(
      await asSuper('room/addStaffManageLock', {
        id: added.id,
        room_ids: [t.ids.rooms['2301']!],
        mode: 'add',
      }),
    );
    ok(await asSecondary('room/addStaffManageLock', { id: added.id, room_ids: [t.ids.rooms['1302']!] }));
    expect(
      ok(await asSuper<RoomPage>('room/staffManageRoomList', { id: added.id })).list.map((r) => r.name),
    ).toEqual(['1302', '2301']);
  });

  it('grants rooms to a secondary administrator (super only)', async () => {
    const secondary = t.ids.users.secondary;
    ok(
      await asSuper('room/addStaffManageLock', {
        id: secondary,
        room_ids: [t.ids.rooms['2101']!],
        mode: 'add',
      }),
    );
    expect(ok(await t.call<{ total: number }>('room/listNew', {}, { token: secondaryToken })).total).toBe(51);
  });

  it('deletes a staff member, who can no longer call', async () => {
    const token = await t.login(DEMO_ACCOUNTS.staff);
    expectRefused(await asSuper('room/deleteStaff', { id: t.ids.users.super }), 'DELETE_FAILED');
    expectRefused(await asSuper('room/deleteStaff', { id: t.ids.users.secondary }), 'DELETE_FAILED');
    expectRefused(await asSecondary('room/deleteStaff', { id: t.ids.users.staff }), 'PERMISSION_DENIED');
    expect(ok(await asSuper('room/deleteStaff', { id: t.ids.users.staff }))).toEqual({
      id: t.ids.users.staff,
    });
    expectRefused(await asSuper('room/deleteStaff', { id: t.ids.users.staff }), 'NOT_FOUND');
    expectRefused(await asSuper('room/deleteStaff', {}), 'FIELD_REQUIRED', { field: 'id' });
    const after = await t.call('room/listNew', {}, { token });
    expect(after.errno).not.toBe(0);
  });
});
