/**
 * Every room, stay, price and staff call, tried as every role (spec §6), and with missing and malformed fields.
 * A row per call; the columns are the roles, each on the room that role is being tested against.
 */
import { type ErrorCode, ROOM_STATUS } from '@lockdesk/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManageAnswer } from '../src/client.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { ROOM_BAD_INPUT as BAD_INPUT } from './bad-input-cases.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import { addOtherHotel, DAY, expectRefused, HOUR, OTHER_ADMIN } from './room-helpers.js';

/** A role and the room it is tried on. */
const COLUMNS = [
  { name: 'super administrator', mobile: DEMO_ACCOUNTS.super, room: '1106' },
  { name: 'secondary administrator, assigned room', mobile: DEMO_ACCOUNTS.secondary, room: '1106' },
  { name: 'secondary administrator, unassigned room', mobile: DEMO_ACCOUNTS.secondary, room: '2106' },
  { name: 'staff, granted room', mobile: DEMO_ACCOUNTS.staff, room: '1106' },
  { name: 'staff, room not granted', mobile: DEMO_ACCOUNTS.staff, room: '1206' },
  { name: "another hotel's administrator", mobile: OTHER_ADMIN, room: '1106' },
  { name: 'customer manager', mobile: DEMO_ACCOUNTS.customerManager, room: '1106' },
] as const;

/** What a row's body builder gets: the room under test and helpers to make the state a call needs. */
interface Cell {
  t: TestApp;
  roomId: number;
  roomName: string;
  /** An active stay in the room (created on first use). */
  stay(): Promise<number>;
  /** The id of a staff member added by the secondary administrator. */
  secondaryStaff(): Promise<number>;
}

interface Row {
  path: string;
  /** Allowed per column, in COLUMNS order. */
  allowed: [boolean, boolean, boolean, boolean, boolean, boolean, boolean];
  body(c: Cell): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** For lists and hotel-wide calls: did the call reach the room or the demo hotel? Default: errno 0. */
  reached?(c: Cell, res: ManageAnswer<Record<string, unknown>>): Promise<boolean> | boolean;
}

const ROOM = [true, true, false, true, false, false, false] as Row['allowed'];
const ROOM_CONFIG = [true, true, false, false, false, false, false] as Row['allowed'];
const HOTEL_VIEW = [true, true, true, true, true, false, false] as Row['allowed'];
const HOTEL_MANAGE = [true, true, true, false, false, false, false] as Row['allowed'];
const SUPER_ONLY = [true, false, false, false, false, false, false] as Row['allowed'];

const listed = (
  res: ManageAnswer<Record<string, unknown>>,
  pick: (item: Record<string, unknown>) => boolean,
) => res.errno === 0 && ((res.data['list'] as Record<string, unknown>[] | undefined) ?? []).some(pick);
const seconds = (ms: number) => Math.floor(ms / 1000);
let mobileSeq = 0;

const ROWS: Row[] = [
  {
    path: 'room/listNew',
    allowed: ROOM,
    body: (c) => ({ name: c.roomName }),
    reached: (c, r) => listed(r, (i) => i['id'] === c.roomId),
  },
  {
    path: 'room/setRoomStatus',
    allowed: ROOM,
    body: (c) => ({ room_id: c.roomId, status: ROOM_STATUS.dirty }),
  },
  {
    path: 'room/allLock',
    allowed: ROOM,
    body: (c) => ({ name: c.roomName }),
    reached: (c, r) => listed(r, (i) => i['id'] === c.roomId),
  },
  {
    path: 'room/lockInfo',
    allowed: ROOM,
    body: async (c) => ({
      mac_id: (
        await c.t.db.selectFrom('rooms').select('mac_id').where('id', '=', c.roomId).executeTakeFirstOrThrow()
      ).mac_id,
    }),
  },
  {
    path: 'room/info',
    allowed: ROOM,
    body: (c) => ({ room_id: c.roomId }),
    reached: (c, r) => r.errno === 0 && r.data['room_id'] === c.roomId,
  },
  { path: 'room/setLockData', allowed: ROOM_CONFIG, body: (c) => ({ room_id: c.roomId, remark: 'checked' }) },
  // Adding a room is hotel-wide (an administrator of any scope adds to their own hotel); deleting one holds to the
  // room scope. The room deleted is a fresh one granted to the same people as the column's room: a demo room has
  // history, and a room with history is never deleted.
  {
    path: 'room/addRoom',
    allowed: HOTEL_MANAGE,
    body: () => ({ name: `Matrix room ${++mobileSeq}` }),
    reached: async (c, r) =>
      r.errno === 0 &&
      (await c.t.db
        .selectFrom('rooms')
        .select('id')
        .where('hotel_id', '=', c.t.ids.hotelId)
        .where('id', '=', Number(r.data['id']))
        .executeTakeFirst()) !== undefined,
  },
  {
    path: 'room/deleteRoom',
    allowed: ROOM_CONFIG,
    body: async (c) => ({ room_id: await roomLike(c) }),
    reached: async (c, r) =>
      r.errno === 0 &&
      (await c.t.db
        .selectFrom('rooms')
        .select('id')
        .where('id', '=', Number(r.data['room_id']))
        .executeTakeFirst()) === undefined,
  },
  {
    path: 'room/exchangeHouses',
    allowed: ROOM,
    body: async (c) => ({ room_id: c.roomId, new_room_id: c.t.ids.rooms['1107'], stay_id: await c.stay() }),
  },
  { path: 'room/setPrice', allowed: ROOM_CONFIG, body: (c) => ({ room_id: c.roomId, price: 120 }) },
  { path: 'room/setRenew', allowed: ROOM_CONFIG, body: (c) => ({ room_id: c.roomId, renew: true }) },
  {
    path: 'room/priceInfo',
    allowed: ROOM,
    body: (c) => ({ room_id: c.roomId }),
    reached: (c, r) => r.errno === 0 && r.data['room_id'] === c.roomId,
  },
  {
    path: 'room/countRoomPriceNew',
    allowed: ROOM,
    body: (c) => ({
      room_id: c.roomId,
      start_time: seconds(c.t.clock.ms),
      end_time: seconds(c.t.clock.ms + DAY),
    }),
  },
  {
    path: 'priceTemplate/setPriceTemplate',
    allowed: ROOM_CONFIG,
    body: async (c) => ({ id: await demoTemplate(c), room_ids: [c.roomId] }),
  },
  { path: 'room/tenant/list', allowed: ROOM, body: (c) => ({ room_id: c.roomId }) },
  {
    path: 'room/tenant/update/checkIn',
    allowed: ROOM,
    body: (c) => ({
      room_id: c.roomId,
      mobile: '13911110000',
      start_time: seconds(c.t.clock.ms),
      end_time: seconds(c.t.clock.ms + DAY),
    }),
  },
  {
    path: 'room/tenant/limitPassword',
    allowed: ROOM,
    body: async (c) => ({ stay_id: await c.stay(), limit: true }),
  },
  {
    path: 'room/checkOut',
    allowed: ROOM,
    body: async (c) => ({ room_id: c.roomId, stay_id: await c.stay() }),
  },
  {
    path: 'room/addPassenger',
    allowed: ROOM,
    body: async (c) => ({ stay_id: await c.stay(), mobile: '13911110001' }),
  },
  {
    path: 'room/deletePassenger',
    allowed: ROOM,
    body: async (c) => {
      const stayId = await c.stay();
      const guest = await c.t.db
        .insertInto('stay_guests')
        .values({ stay_id: stayId, position: 2 + ++mobileSeq, mobile: '13911110002' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: guest.id };
    },
  },
  { path: 'user/freezeUser', allowed: ROOM, body: async (c) => ({ stay_id: await c.stay(), frozen: true }) },
  {
    path: 'user/setUserExpiration',
    allowed: ROOM,
    body: async (c) => ({ stay_id: await c.stay(), end_time: seconds(c.t.clock.ms + 2 * DAY) }),
  },
  {
    path: 'passenger/list',
    allowed: ROOM,
    body: async (c) => {
      await c.stay();
      return { name: '13911119999' };
    },
    reached: (_c, r) => listed(r, (i) => i['mobile'] === '13911119999'),
  },
  { path: 'passenger/info', allowed: ROOM, body: async (c) => ({ id: await stayPassenger(c) }) },
  // Hotel-wide settings: the room column does not matter, the hotel does.
  {
    path: 'room/category/list',
    allowed: HOTEL_VIEW,
    body: () => ({}),
    reached: (_c, r) => listed(r, (i) => i['name'] === 'Suite'),
  },
  {
    path: 'room/addCategory',
    allowed: HOTEL_MANAGE,
    body: () => ({ name: 'Matrix group', sort: 9 }),
    reached: (c) => demoHas(c, 'Matrix group'),
  },
  {
    path: 'room/change/category',
    allowed: HOTEL_MANAGE,
    body: (c) => ({ id: c.t.ids.groups.Suite, name: 'Suites', sort: 3 }),
  },
  {
    path: 'hotel/delCategory',
    allowed: HOTEL_MANAGE,
    body: async (c) => ({
      id: (
        await c.t.db
          .insertInto('room_categories')
          .values({ hotel_id: c.t.ids.hotelId, name: 'Empty', kind: 'group' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    }),
  },
  {
    path: 'hotel/parentCategoryList',
    allowed: HOTEL_VIEW,
    body: () => ({}),
    reached: (_c, r) => listed(r, (i) => i['name'] === 'Building 1'),
  },
  {
    path: 'hotel/categoryList',
    allowed: HOTEL_VIEW,
    body: () => ({}),
    reached: (_c, r) => listed(r, (i) => i['name'] === 'Floor 1'),
  },
  {
    path: 'hotel/addRoomCategory',
    allowed: HOTEL_MANAGE,
    body: () => ({ name: 'Matrix building', sort: 9 }),
    reached: (c) => demoHas(c, 'Matrix building'),
  },
  {
    path: 'priceTemplate/lists',
    allowed: HOTEL_VIEW,
    body: () => ({}),
    reached: (_c, r) => listed(r, (i) => i['name'] === 'Holiday'),
  },
  { path: 'priceTemplate/info', allowed: HOTEL_VIEW, body: async (c) => ({ id: await demoTemplate(c) }) },
  {
    path: 'priceTemplate/add',
    allowed: HOTEL_MANAGE,
    body: () => ({ name: 'Matrix template', price: 100 }),
    reached: async (c) =>
      (await c.t.db
        .selectFrom('price_templates')
        .select('id')
        .where('hotel_id', '=', c.t.ids.hotelId)
        .where('name', '=', 'Matrix template')
        .executeTakeFirst()) !== undefined,
  },
  { path: 'priceTemplate/delete', allowed: HOTEL_MANAGE, body: async (c) => ({ id: await demoTemplate(c) }) },
  // Staff: a secondary administrator manages the staff it added, within its rooms.
  {
    path: 'room/staffList',
    allowed: SUPER_ONLY,
    body: () => ({}),
    reached: (_c, r) => listed(r, (i) => i['mobile'] === DEMO_ACCOUNTS.staff),
  },
  {
    path: 'room/addStaff',
    allowed: ROOM_CONFIG,
    body: (c) => ({ mobile: `1350000${String(++mobileSeq).padStart(4, '0')}`, room_ids: [c.roomId] }),
    reached: async (c, r) =>
      r.errno === 0 &&
      (await c.t.db
        .selectFrom('users')
        .select('id')
        .where('hotel_id', '=', c.t.ids.hotelId)
        .where('mobile', '=', String(r.data['mobile']))
        .executeTakeFirst()) !== undefined,
  },
  { path: 'room/deleteStaff', allowed: SUPER_ONLY, body: (c) => ({ id: c.t.ids.users.staff }) },
  {
    path: 'room/addStaffManageLock',
    allowed: ROOM_CONFIG,
    body: async (c) => ({ id: await c.secondaryStaff(), room_ids: [c.roomId], mode: 'add' }),
  },
  {
    path: 'room/staffManageRoomList',
    allowed: HOTEL_MANAGE,
    body: async (c) => ({ id: await c.secondaryStaff() }),
  },
  {
    path: 'room/staffManageRoomList1',
    allowed: HOTEL_MANAGE,
    body: async (c) => ({ id: await c.secondaryStaff() }),
  },
];

async function demoTemplate(c: Cell): Promise<number> {
  const row = await c.t.db
    .selectFrom('price_templates')
    .select('id')
    .where('hotel_id', '=', c.t.ids.hotelId)
    .where('name', '=', 'Holiday')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new room without history in the column room's hotel, assigned to whoever is assigned the column's room. */
async function roomLike(c: Cell): Promise<number> {
  const at = new Date(c.t.clock.ms);
  const source = await c.t.db
    .selectFrom('rooms')
    .select('hotel_id')
    .where('id', '=', c.roomId)
    .executeTakeFirstOrThrow();
  const room = await c.t.db
    .insertInto('rooms')
    .values({ hotel_id: source.hotel_id, name: `Matrix room ${++mobileSeq}`, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const grants = await c.t.db
    .selectFrom('user_rooms')
    .select(['user_id', 'granted_by'])
    .where('room_id', '=', c.roomId)
    .execute();
  if (grants.length > 0) {
    await c.t.db
      .insertInto('user_rooms')
      .values(grants.map((g) => ({ ...g, room_id: room.id, created_at: at })))
      .execute();
  }
  return room.id;
}

async function demoHas(c: Cell, name: string): Promise<boolean> {
  const row = await c.t.db
    .selectFrom('room_categories')
    .select('id')
    .where('hotel_id', '=', c.t.ids.hotelId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

async function stayPassenger(c: Cell): Promise<number> {
  const stayId = await c.stay();
  const row = await c.t.db
    .selectFrom('stays')
    .select('passenger_id')
    .where('id', '=', stayId)
    .executeTakeFirstOrThrow();
  return row.passenger_id!;
}

/** The calls this suite must cover, both in the matrix and in the bad-input table. */
export const ROOM_CALLS = ROWS.map((r) => r.path);

describeEachDatabase('room calls', (t) => {
  describe('by role', () => {
    const tokens = new Map<string, string>();
    const token = async (mobile: string) => {
      let held = tokens.get(mobile);
      if (!held) {
        held = await t.login(mobile);
        tokens.set(mobile, held);
      }
      return held;
    };
    // State made for a room (its stay) or for the hotel (a staff member), kept until the next reset.
    const made = new Map<string, number>();
    const fresh = async () => {
      await t.reset();
      await addOtherHotel(t.db, t.clock.ms);
      tokens.clear();
      made.clear();
    };

    const cellFor = (roomName: string): Cell => {
      const roomId = t.ids.rooms[roomName]!;
      return {
        t,
        roomId,
        roomName,
        async stay() {
          let stayId = made.get(`stay ${roomName}`);
          if (stayId === undefined) {
            const passenger = await t.db
              .insertInto('passengers')
              .values({
                hotel_id: t.ids.hotelId,
                mobile: '13911119999',
                nickname: `Matrix guest ${roomName}`,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            const row = await t.db
              .insertInto('stays')
              .values({
                hotel_id: t.ids.hotelId,
                room_id: roomId,
                passenger_id: passenger.id,
                mobile: '13911119999',
                check_in: new Date(t.clock.ms - HOUR),
                check_out: new Date(t.clock.ms + DAY),
                status: 'active',
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await t.db
              .updateTable('rooms')
              .set({ status: ROOM_STATUS.checkedIn })
              .where('id', '=', roomId)
              .execute();
            stayId = row.id;
            made.set(`stay ${roomName}`, stayId);
          }
          return stayId;
        },
        async secondaryStaff() {
          let staffId = made.get('staff');
          if (staffId === undefined) {
            const row = await t.db
              .insertInto('users')
              .values({
                mobile: '13511112222',
                password_hash: 'x',
                role: 'staff',
                hotel_id: t.ids.hotelId,
                created_by: t.ids.users.secondary,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            staffId = row.id;
            made.set('staff', staffId);
          }
          return staffId;
        },
      };
    };

    const refusals = new Set(
      (['PERMISSION_DENIED', 'NOT_FOUND'] as ErrorCode[]).map((code) => messageFor('en', code)),
    );

    it('covers every call the room areas register', () => {
      const registered = [...t.app.calls.keys()].filter((p) =>
        /^(room\/(addRoom|deleteRoom|listNew|setRoomStatus|allLock|lockInfo|info|setLockData|exchangeHouses|setPrice|setRenew|priceInfo|countRoomPriceNew|tenant|checkOut|addPassenger|deletePassenger|staff|addStaff|deleteStaff|addStaffManageLock|category|addCategory|change)|priceTemplate\/|passenger\/(list|info)|user\/(freezeUser|setUserExpiration)|hotel\/(parentCategoryList|categoryList|addRoomCategory|delCategory))/.test(
          p,
        ),
      );
      expect([...ROOM_CALLS].sort()).toEqual(registered.sort());
    });

    for (const row of ROWS) {
      it(`${row.path}: ${row.allowed.map((a, i) => `${COLUMNS[i]!.name} ${a ? 'yes' : 'no'}`).join('; ')}`, async () => {
        const mutates = t.app.calls.get(row.path)?.mutates ?? true;
        await fresh();
        // Refused roles first: they must leave the data as it was, so the allowed ones need no reset between them.
        const order = COLUMNS.map((col, i) => ({ col, allowed: row.allowed[i]! })).sort(
          (a, b) => Number(a.allowed) - Number(b.allowed),
        );
        let dirty = false;
        for (const { col, allowed } of order) {
          if (allowed && dirty && mutates) await fresh();
          const cell = cellFor(col.room);
          const body = await row.body(cell);
          const res = await t.call<Record<string, unknown>>(row.path, body, {
            token: await token(col.mobile),
          });
          const reached = row.reached ? await row.reached(cell, res) : res.errno === 0;
          expect({ column: col.name, reached }).toEqual({ column: col.name, reached: allowed });
          if (!allowed && res.errno !== 0) {
            expect({ column: col.name, errmsg: refusals.has(res.errmsg) }).toEqual({
              column: col.name,
              errmsg: true,
            });
          }
          if (allowed) dirty = true;
        }
      });
    }
  });

  describe('bad input', () => {
    let token: string;
    beforeAll(async () => {
      await t.reset();
      token = await t.login(DEMO_ACCOUNTS.super);
    });

    it('has cases for every call of the matrix', () => {
      expect(Object.keys(BAD_INPUT).sort()).toEqual([...ROOM_CALLS].sort());
    });

    for (const [path, cases] of Object.entries(BAD_INPUT)) {
      // Calls without required fields are still checked through a malformed optional one (or pass if none exist).
      const real = cases.filter(([, , params]) => params?.['field'] !== 'never');
      if (real.length === 0) {
        it(`${path} takes no fields and ignores unknown ones`, async () => {
          expect((await t.call(path, { unknown: 'x' }, { token })).errno).toBe(0);
        });
        continue;
      }
      it(`${path}: ${real.map(([, code]) => code).join(', ')}`, async () => {
        for (const [body, code, params] of real) {
          expectRefused(await t.call(path, body, { token }), code, params);
        }
      });
    }
  });
});
