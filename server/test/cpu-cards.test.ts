/**
 * CPU cards (API.md §9.3): a card by serial for a stay, a room or the hotel; sending it to a CPU card dispenser
 * (type '4') and the dispenser's outcome; deleting; the role matrix (the room's scope, the hotel's cards for
 * administrators) and bad input.
 */
import type { ErrorCode } from '@lockdesk/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManageAnswer } from '../src/client.js';
import { DEMO_ACCOUNTS, DEMO_DISPENSER } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { OTHER_BAD_INPUT } from './bad-input-cases.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import { activeStay } from './media-helpers.js';
import { addOtherHotel, DAY, expectRefused, OTHER_ADMIN, ok } from './room-helpers.js';

interface CpuCard {
  id: number;
  serial: string;
  note: string;
  room_id: number | null;
  room_name: string;
  stay_id: number | null;
  guest_name: string;
  end_time: number;
  expired: boolean;
  status: string;
  dispenser_mac_id: string | null;
  sent_at: number | null;
}
interface Page<T> {
  list: T[];
  total: number;
}

const CPU_CALLS = ['lockCardCpu/add', 'lockCardCpu/lists', 'lockCardCpu/delCard', 'lockCardCpu/sendCard'];
/** A CPU card dispenser of the demo hotel (added in beforeAll / by cpuDispenser). */
const CPU_DISPENSER = '990000000404';

let serialSeq = 0;
const newSerial = () => `CB${String(++serialSeq).padStart(10, '0')}`;

async function cpuDispenser(t: TestApp): Promise<void> {
  await t.db
    .insertInto('card_dispensers')
    .values({ hotel_id: t.ids.hotelId, mac_id: CPU_DISPENSER, type: '4', name: 'CPU dispenser' })
    .onConflict((oc) => oc.column('mac_id').doNothing())
    .execute();
}

/** A CPU card straight in the database (of a room, or of the hotel when roomId is null). */
async function makeCpu(t: TestApp, roomId: number | null, status = 'pending'): Promise<number> {
  const row = await t.db
    .insertInto('cpu_cards')
    .values({
      hotel_id: t.ids.hotelId,
      room_id: roomId,
      serial: newSerial(),
      end_time: new Date(t.clock.ms + 30 * DAY),
      status: status as 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachDatabase('CPU cards', (t) => {
  let superToken: string;
  let staffToken: string;
  const room = (name: string) => t.ids.rooms[name]!;
  const end = () => Math.floor((t.clock.ms + 7 * DAY) / 1000);
  beforeAll(async () => {
    await t.reset();
    await cpuDispenser(t);
    superToken = await t.login(DEMO_ACCOUNTS.super);
    staffToken = await t.login(DEMO_ACCOUNTS.staff);
  });

  it('adds a card for a stay, sends it to the CPU dispenser and records the outcome', async () => {
    const stayId = await activeStay(t, room('1106'));
    const card = ok(
      await t.call<CpuCard>(
        'lockCardCpu/add',
        { stay_id: stayId, serial: 'cb:00:11:22:33', note: 'Guest', end_time: end() },
        { token: staffToken },
      ),
    );
    expect(card).toMatchObject({
      serial: 'CB00112233',
      room_id: room('1106'),
      room_name: '1106',
      stay_id: stayId,
      guest_name: 'Media Guest',
      status: 'pending',
      dispenser_mac_id: null,
      expired: false,
    });
    const sending = ok(
      await t.call<CpuCard>(
        'lockCardCpu/sendCard',
        { id: card.id, mac_id: CPU_DISPENSER },
        { token: staffToken },
      ),
    );
    expect(sending).toMatchObject({
      id: card.id,
      status: 'sending',
      dispenser_mac_id: CPU_DISPENSER,
      sent_at: Math.floor(t.clock.ms / 1000),
    });
    const listed = ok(
      await t.call<Page<CpuCard>>('lockCardCpu/lists', { stay_id: stayId }, { token: staffToken }),
    );
    expect(listed.list.map((c) => [c.id, c.status])).toEqual([[card.id, 'sending']]);
    const done = ok(
      await t.call<CpuCard>(
        'lockCardCpu/sendCard',
        { id: card.id, mac_id: CPU_DISPENSER, result: 'delivered' },
        { token: staffToken },
      ),
    );
    expect(done.status).toBe('delivered');
    // Reported once; a delivered card is not sent again.
    expectRefused(
      await t.call(
        'lockCardCpu/sendCard',
        { id: card.id, mac_id: CPU_DISPENSER, result: 'failed' },
        { token: staffToken },
      ),
      'FIELD_INVALID',
      { field: 'result' },
    );
    expectRefused(
      await t.call('lockCardCpu/sendCard', { id: card.id, mac_id: CPU_DISPENSER }, { token: staffToken }),
      'FIELD_INVALID',
      { field: 'id' },
    );
    // One live card per serial.
    expectRefused(
      await t.call(
        'lockCardCpu/add',
        { room_id: room('1107'), serial: 'CB00112233', end_time: end() },
        { token: superToken },
      ),
      'FIELD_INVALID',
      { field: 'serial' },
    );
  });

  it('only a CPU card dispenser of the hotel issues CPU cards; a failed send may be retried', async () => {
    const card = ok(
      await t.call<CpuCard>(
        'lockCardCpu/add',
        { room_id: room('1107'), serial: newSerial(), end_time: end() },
        { token: superToken },
      ),
    );
    // The demo encoder is type 1.
    expectRefused(
      await t.call('lockCardCpu/sendCard', { id: card.id, mac_id: DEMO_DISPENSER }, { token: superToken }),
      'FIELD_INVALID',
      { field: 'mac_id' },
    );
    expectRefused(
      await t.call('lockCardCpu/sendCard', { id: card.id, mac_id: '123456789012' }, { token: superToken }),
      'NOT_FOUND',
    );
    // An outcome before any send.
    expectRefused(
      await t.call(
        'lockCardCpu/sendCard',
        { id: card.id, mac_id: CPU_DISPENSER, result: 'delivered' },
        { token: superToken },
      ),
      'FIELD_INVALID',
      { field: 'result' },
    );
    ok(await t.call('lockCardCpu/sendCard', { id: card.id, mac_id: CPU_DISPENSER }, { token: superToken }));
    expect(
      ok(
        await t.call<CpuCard>(
          'lockCardCpu/sendCard',
          { id: card.id, mac_id: CPU_DISPENSER, result: 'failed' },
          { token: superToken },
        ),
      ).status,
    ).toBe('failed');
    expect(
      ok(
        await t.call<CpuCard>(
          'lockCardCpu/sendCard',
          { id: card.id, mac_id: CPU_DISPENSER },
          { token: superToken },
        ),
      ).status,
    ).toBe('sending');
  });

  it('a hotel card needs an administrator; deleting frees the serial', async () => {
    const serial = newSerial();
    expectRefused(
      await t.call('lockCardCpu/add', { serial, end_time: end() }, { token: staffToken }),
      'PERMISSION_DENIED',
    );
    const card = ok(
      await t.call<CpuCard>('lockCardCpu/add', { serial, end_time: end() }, { token: superToken }),
    );
    expect(card).toMatchObject({ room_id: null, room_name: '', stay_id: null });
    // The front desk does not see the hotel's cards.
    const staffList = ok(
      await t.call<Page<CpuCard>>('lockCardCpu/lists', { keyword: serial }, { token: staffToken }),
    );
    expect(staffList.total).toBe(0);
    const superList = ok(
      await t.call<Page<CpuCard>>(
        'lockCardCpu/lists',
        { keyword: serial.toLowerCase() },
        { token: superToken },
      ),
    );
    expect(superList.list.map((c) => c.id)).toEqual([card.id]);
    expectRefused(
      await t.call('lockCardCpu/delCard', { id: card.id }, { token: staffToken }),
      'PERMISSION_DENIED',
    );
    expect(
      ok(await t.call<CpuCard>('lockCardCpu/delCard', { id: card.id }, { token: superToken })).status,
    ).toBe('deleted');
    expect(
      ok(await t.call<Page<CpuCard>>('lockCardCpu/lists', { keyword: serial }, { token: superToken })).total,
    ).toBe(0);
    expectRefused(await t.call('lockCardCpu/delCard', { id: card.id }, { token: superToken }), 'NOT_FOUND');
    // The serial may be registered again.
    ok(await t.call('lockCardCpu/add', { serial, end_time: end() }, { token: superToken }));
  });

  it('refuses a stay of another room, an ended expiry, and another hotel’s room', async () => {
    const stayId = await activeStay(t, room('1108'));
    expectRefused(
      await t.call(
        'lockCardCpu/add',
        { room_id: room('1109'), stay_id: stayId, serial: newSerial(), end_time: end() },
        { token: superToken },
      ),
      'FIELD_INVALID',
      { field: 'stay_id' },
    );
    expectRefused(
      await t.call(
        'lockCardCpu/add',
        { room_id: room('1109'), serial: newSerial(), end_time: Math.floor(t.clock.ms / 1000) - 60 },
        { token: superToken },
      ),
      'EXPIRATION_NOT_FUTURE',
    );
    const { roomId } = await addOtherHotel(t.db, t.clock.ms);
    expectRefused(
      await t.call(
        'lockCardCpu/add',
        { room_id: roomId, serial: newSerial(), end_time: end() },
        { token: superToken },
      ),
      'NOT_FOUND',
    );
  });

  it('a room with CPU cards is not deleted', async () => {
    const added = ok(
      await t.call<{ room_id: number }>('room/addRoom', { name: 'CPU spare room' }, { token: superToken }),
    );
    await makeCpu(t, added.room_id);
    expectRefused(
      await t.call('room/deleteRoom', { room_id: added.room_id }, { token: superToken }),
      'ROOM_HAS_HISTORY',
    );
  });

  describe('by role', () => {
    const COLUMNS = [
      { name: 'super administrator', mobile: DEMO_ACCOUNTS.super, room: '1106' },
      { name: 'secondary administrator, assigned room', mobile: DEMO_ACCOUNTS.secondary, room: '1106' },
      { name: 'secondary administrator, unassigned room', mobile: DEMO_ACCOUNTS.secondary, room: '2106' },
      { name: 'staff, granted room', mobile: DEMO_ACCOUNTS.staff, room: '1106' },
      { name: 'staff, room not granted', mobile: DEMO_ACCOUNTS.staff, room: '1206' },
      { name: "another hotel's administrator", mobile: OTHER_ADMIN, room: '1106' },
      { name: 'customer manager', mobile: DEMO_ACCOUNTS.customerManager, room: '1106' },
    ] as const;
    type Allowed = [boolean, boolean, boolean, boolean, boolean, boolean, boolean];
    const ROOM: Allowed = [true, true, false, true, false, false, false];
    const HOTEL: Allowed = [true, true, true, false, false, false, false];
    interface Row {
      name: string;
      path: string;
      allowed: Allowed;
      body(roomId: number): Promise<Record<string, unknown>>;
      reached?(res: ManageAnswer<Record<string, unknown>>): boolean | Promise<boolean>;
    }
    let target = 0;
    const listed = (res: ManageAnswer<Record<string, unknown>>) =>
      res.errno === 0 && (res.data['list'] as { id: number }[]).some((c) => c.id === target);
    const ROWS: Row[] = [
      {
        name: 'a room card',
        path: 'lockCardCpu/add',
        allowed: ROOM,
        body: async (roomId) => ({ room_id: roomId, serial: newSerial(), end_time: end() }),
      },
      {
        name: 'a hotel card',
        path: 'lockCardCpu/add',
        allowed: HOTEL,
        body: async () => ({ serial: newSerial(), end_time: end() }),
        // Another hotel's administrator adds to its own hotel, never to this one.
        reached: async (r) =>
          r.errno === 0 &&
          (
            await t.db
              .selectFrom('cpu_cards')
              .select('hotel_id')
              .where('id', '=', Number(r.data['id']))
              .executeTakeFirst()
          )?.hotel_id === t.ids.hotelId,
      },
      {
        name: 'a room',
        path: 'lockCardCpu/lists',
        allowed: ROOM,
        body: async (roomId) => ({ room_id: roomId }),
      },
      {
        name: 'everything, holding a room card',
        path: 'lockCardCpu/lists',
        allowed: ROOM,
        body: async (roomId) => {
          target = await makeCpu(t, roomId);
          return { limit: 100 };
        },
        reached: listed,
      },
      {
        name: 'everything, holding a hotel card',
        path: 'lockCardCpu/lists',
        allowed: HOTEL,
        body: async () => {
          target = await makeCpu(t, null);
          return { limit: 100 };
        },
        reached: listed,
      },
      {
        name: 'a room card',
        path: 'lockCardCpu/delCard',
        allowed: ROOM,
        body: async (roomId) => ({ id: await makeCpu(t, roomId) }),
      },
      {
        name: 'a hotel card',
        path: 'lockCardCpu/delCard',
        allowed: HOTEL,
        body: async () => ({ id: await makeCpu(t, null) }),
      },
      {
        name: 'a room card',
        path: 'lockCardCpu/sendCard',
        allowed: ROOM,
        body: async (roomId) => ({ id: await makeCpu(t, roomId), mac_id: CPU_DISPENSER }),
      },
    ];
    const refusals = new Set(
      (['PERMISSION_DENIED', 'NOT_FOUND'] as ErrorCode[]).map((c) => messageFor('en', c)),
    );
    const tokens = new Map<string, string>();
    beforeAll(async () => {
      await t.reset();
      await cpuDispenser(t);
      await addOtherHotel(t.db, t.clock.ms);
      for (const col of COLUMNS)
        if (!tokens.has(col.mobile)) tokens.set(col.mobile, await t.login(col.mobile));
    });

    it('covers every call of this area', () => {
      expect([...new Set(ROWS.map((r) => r.path))].sort()).toEqual([...CPU_CALLS].sort());
    });

    for (const row of ROWS) {
      it(`${row.path}, ${row.name}: ${row.allowed.map((a, i) => `${COLUMNS[i]!.name} ${a ? 'yes' : 'no'}`).join('; ')}`, async () => {
        for (const [i, col] of COLUMNS.entries()) {
          const res = await t.call<Record<string, unknown>>(
            row.path,
            await row.body(t.ids.rooms[col.room]!),
            {
              token: tokens.get(col.mobile)!,
            },
          );
          const reached = row.reached ? await row.reached(res) : res.errno === 0;
          expect({ column: col.name, reached }).toEqual({ column: col.name, reached: row.allowed[i] });
          if (!row.allowed[i] && res.errno !== 0)
            expect({ column: col.name, refused: refusals.has(res.errmsg) }).toEqual({
              column: col.name,
              refused: true,
            });
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
    for (const path of CPU_CALLS) {
      it(path, async () => {
        const cases = OTHER_BAD_INPUT[path] ?? [];
        expect(cases.length).toBeGreaterThan(0);
        for (const [body, code, params] of cases)
          expectRefused(await t.call(path, body, { token }), code, params);
      });
    }
  });
});
