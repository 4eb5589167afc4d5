/**
 * M1 cards (API.md §9.2): a MIFARE card registered by UID on a room's lock, its delivery status (pending →
 * delivered / failed through lockCardM1/notify), deletion (at once when never on the lock, 'deleting' until the lock
 * confirms otherwise), reading a UID's registrations; the role matrix (the room's scope) and bad input.
 */
import type { ErrorCode } from '@lockdesk/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManageAnswer } from '../src/client.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { OTHER_BAD_INPUT } from './bad-input-cases.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import { addOtherHotel, DAY, expectRefused, OTHER_ADMIN, ok } from './room-helpers.js';

interface M1Card {
  id: number;
  uid: string;
  note: string;
  room_id: number;
  room_name: string;
  mac_id: string | null;
  end_time: number;
  expired: boolean;
  status: string;
  delivered_at: number | null;
}
interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

const M1_CALLS = [
  'lockCardM1/add',
  'lockCardM1/lists',
  'lockCardM1/delCard',
  'lockCardM1/readCard',
  'lockCardM1/notify',
];

let uidSeq = 0;
const newUid = () => (0xa0000000 + ++uidSeq).toString(16).toUpperCase();

/** An M1 card registered on a room, straight in the database. */
async function makeM1(t: TestApp, roomId: number, status = 'pending'): Promise<number> {
  const row = await t.db
    .insertInto('m1_cards')
    .values({
      hotel_id: t.ids.hotelId,
      room_id: roomId,
      uid: newUid(),
      end_time: new Date(t.clock.ms + 30 * DAY),
      status: status as 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachDatabase('M1 cards', (t) => {
  let superToken: string;
  let staffToken: string;
  const room = (name: string) => t.ids.rooms[name]!;
  const end = () => Math.floor((t.clock.ms + 7 * DAY) / 1000);
  beforeAll(async () => {
    await t.reset();
    superToken = await t.login(DEMO_ACCOUNTS.super);
    staffToken = await t.login(DEMO_ACCOUNTS.staff);
  });

  it('registers a UID on a lock as pending, delivers it, and lists it with its status', async () => {
    const card = ok(
      await t.call<M1Card>(
        'lockCardM1/add',
        { room_id: room('1106'), card_uid: 'a1:b2:c3:d4', note: 'Spare', end_time: end() },
        { token: staffToken },
      ),
    );
    expect(card).toMatchObject({
      uid: 'A1B2C3D4',
      note: 'Spare',
      room_id: room('1106'),
      room_name: '1106',
      end_time: end(),
      expired: false,
      status: 'pending',
      delivered_at: null,
    });
    expect(card.mac_id).toMatch(/^[0-9A-F]{12}$/);
    const delivered = ok(
      await t.call<M1Card>('lockCardM1/notify', { id: card.id, status: 'delivered' }, { token: staffToken }),
    );
    expect(delivered).toMatchObject({ status: 'delivered', delivered_at: Math.floor(t.clock.ms / 1000) });
    const listed = ok(
      await t.call<Page<M1Card>>('lockCardM1/lists', { room_id: room('1106') }, { token: staffToken }),
    );
    expect(listed.list.map((c) => [c.uid, c.status])).toEqual([['A1B2C3D4', 'delivered']]);
    const byKeyword = ok(
      await t.call<Page<M1Card>>('lockCardM1/lists', { keyword: 'c3d4' }, { token: superToken }),
    );
    expect(byKeyword.list.map((c) => c.id)).toEqual([card.id]);
    const pending = ok(
      await t.call<Page<M1Card>>('lockCardM1/lists', { status: 'pending' }, { token: superToken }),
    );
    expect(pending.list.map((c) => c.id)).not.toContain(card.id);
  });

  it('a 7-byte UID; registering a UID again renews it and makes it pending again', async () => {
    const uid = '04A1B2C3D4E5F6';
    const first = ok(
      await t.call<M1Card>(
        'lockCardM1/add',
        { room_id: room('1107'), card_uid: uid, end_time: end() },
        { token: superToken },
      ),
    );
    ok(await t.call('lockCardM1/notify', { id: first.id, status: 'delivered' }, { token: superToken }));
    const later = end() + 86_400;
    const again = ok(
      await t.call<M1Card>(
        'lockCardM1/add',
        { room_id: room('1107'), card_uid: uid, end_time: later, note: 'Renewed' },
        { token: superToken },
      ),
    );
    expect(again).toMatchObject({
      id: first.id,
      end_time: later,
      note: 'Renewed',
      status: 'pending',
      delivered_at: null,
    });
    // The same card on another lock is another registration.
    const other = ok(
      await t.call<M1Card>(
        'lockCardM1/add',
        { room_id: room('1108'), card_uid: uid, end_time: end() },
        { token: superToken },
      ),
    );
    expect(other.id).not.toBe(first.id);
    const read = ok(
      await t.call<{ uid: string; list: M1Card[]; total: number }>(
        'lockCardM1/readCard',
        { card_uid: uid.toLowerCase() },
        { token: superToken },
      ),
    );
    expect(read.uid).toBe(uid);
    expect(read.list.map((c) => c.room_name)).toEqual(['1107', '1108']);
    // The front desk sees only the locks of its floor.
    const staffRead = ok(
      await t.call<{ list: M1Card[]; total: number }>(
        'lockCardM1/readCard',
        { card_uid: uid },
        { token: staffToken },
      ),
    );
    expect(staffRead.list.map((c) => c.room_name)).toEqual(['1107', '1108']);
    const elsewhere = ok(
      await t.call<M1Card>(
        'lockCardM1/add',
        { room_id: room('2106'), card_uid: uid, end_time: end() },
        { token: superToken },
      ),
    );
    const staffAgain = ok(
      await t.call<{ list: M1Card[]; total: number }>(
        'lockCardM1/readCard',
        { card_uid: uid },
        { token: staffToken },
      ),
    );
    expect(staffAgain.list.map((c) => c.id)).not.toContain(elsewhere.id);
  });

  it('a failed delivery can be retried; a card never on the lock is deleted at once', async () => {
    const card = ok(
      await t.call<M1Card>(
        'lockCardM1/add',
        { room_id: room('1109'), card_uid: newUid(), end_time: end() },
        { token: superToken },
      ),
    );
    expect(
      ok(await t.call<M1Card>('lockCardM1/notify', { id: card.id, status: 'failed' }, { token: superToken }))
        .status,
    ).toBe('failed');
    const deleted = ok(await t.call<M1Card>('lockCardM1/delCard', { id: card.id }, { token: superToken }));
    expect(deleted.status).toBe('deleted');
    const listed = ok(
      await t.call<Page<M1Card>>('lockCardM1/lists', { room_id: room('1109') }, { token: superToken }),
    );
    expect(listed.total).toBe(0);
    expectRefused(await t.call('lockCardM1/delCard', { id: card.id }, { token: superToken }), 'NOT_FOUND');
    expectRefused(
      await t.call('lockCardM1/notify', { id: card.id, status: 'delivered' }, { token: superToken }),
      'NOT_FOUND',
    );
  });

  it('a card on the lock is deleting until the lock confirms', async () => {
    const card = ok(
      await t.call<M1Card>(
        'lockCardM1/add',
        { room_id: room('1110'), card_uid: newUid(), end_time: end() },
        { token: superToken },
      ),
    );
    ok(await t.call('lockCardM1/notify', { id: card.id, status: 'delivered' }, { token: superToken }));
    expect(
      ok(await t.call<M1Card>('lockCardM1/delCard', { id: card.id }, { token: superToken })).status,
    ).toBe('deleting');
    // Still listed while the lock holds it; a failed sync leaves it deleting.
    expect(
      ok(await t.call<M1Card>('lockCardM1/notify', { id: card.id, status: 'failed' }, { token: superToken }))
        .status,
    ).toBe('deleting');
    const listed = ok(
      await t.call<Page<M1Card>>('lockCardM1/lists', { room_id: room('1110') }, { token: superToken }),
    );
    expect(listed.list.map((c) => c.status)).toEqual(['deleting']);
    expect(
      ok(
        await t.call<M1Card>(
          'lockCardM1/notify',
          { id: card.id, status: 'delivered' },
          { token: superToken },
        ),
      ).status,
    ).toBe('deleted');
    const after = ok(
      await t.call<Page<M1Card>>('lockCardM1/lists', { room_id: room('1110') }, { token: superToken }),
    );
    expect(after.total).toBe(0);
    // The history is still there for whoever asks for deleted cards.
    const history = ok(
      await t.call<Page<M1Card>>(
        'lockCardM1/lists',
        { room_id: room('1110'), status: 'deleted' },
        { token: superToken },
      ),
    );
    expect(history.list.map((c) => c.id)).toEqual([card.id]);
  });

  it('refuses an expiry that is past or beyond 2035 and another hotel’s room', async () => {
    expectRefused(
      await t.call(
        'lockCardM1/add',
        { room_id: room('1106'), card_uid: newUid(), end_time: Math.floor(t.clock.ms / 1000) - 1 },
        { token: superToken },
      ),
      'EXPIRATION_NOT_FUTURE',
    );
    expectRefused(
      await t.call(
        'lockCardM1/add',
        { room_id: room('1106'), card_uid: newUid(), end_time: '2036-01-01 00:00' },
        { token: superToken },
      ),
      'CARD_EXPIRY_TOO_LATE',
    );
    expectRefused(
      await t.call(
        'lockCardM1/add',
        { room_id: room('2106'), card_uid: newUid(), end_time: end() },
        { token: staffToken },
      ),
      'PERMISSION_DENIED',
    );
    const { roomId } = await addOtherHotel(t.db, t.clock.ms);
    expectRefused(
      await t.call(
        'lockCardM1/add',
        { room_id: roomId, card_uid: newUid(), end_time: end() },
        { token: superToken },
      ),
      'NOT_FOUND',
    );
  });

  it('a room whose lock has M1 cards is not deleted (the lock would keep opening for them unrecorded)', async () => {
    const added = ok(
      await t.call<{ room_id: number }>('room/addRoom', { name: 'M1 spare room' }, { token: superToken }),
    );
    await makeM1(t, added.room_id, 'deleted');
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
    interface Row {
      name: string;
      path: string;
      body(roomId: number): Promise<Record<string, unknown>>;
      reached?(res: ManageAnswer<Record<string, unknown>>): boolean;
    }
    let target = 0;
    const listed = (res: ManageAnswer<Record<string, unknown>>) =>
      res.errno === 0 && (res.data['list'] as { id: number }[]).some((c) => c.id === target);
    const ROWS: Row[] = [
      {
        name: 'a lock',
        path: 'lockCardM1/add',
        body: async (roomId) => ({ room_id: roomId, card_uid: newUid(), end_time: end() }),
      },
      { name: 'a room', path: 'lockCardM1/lists', body: async (roomId) => ({ room_id: roomId }) },
      {
        name: 'everything, holding a card of the room',
        path: 'lockCardM1/lists',
        body: async (roomId) => {
          target = await makeM1(t, roomId);
          return { limit: 100 };
        },
        reached: listed,
      },
      {
        name: 'a card of the room',
        path: 'lockCardM1/delCard',
        body: async (roomId) => ({ id: await makeM1(t, roomId) }),
      },
      {
        name: 'a card of the room',
        path: 'lockCardM1/readCard',
        body: async (roomId) => {
          target = await makeM1(t, roomId);
          const row = await t.db
            .selectFrom('m1_cards')
            .select('uid')
            .where('id', '=', target)
            .executeTakeFirstOrThrow();
          return { card_uid: row.uid };
        },
        reached: listed,
      },
      {
        name: 'a card of the room',
        path: 'lockCardM1/notify',
        body: async (roomId) => ({ id: await makeM1(t, roomId), status: 'delivered' }),
      },
    ];
    const refusals = new Set(
      (['PERMISSION_DENIED', 'NOT_FOUND'] as ErrorCode[]).map((c) => messageFor('en', c)),
    );
    const tokens = new Map<string, string>();
    beforeAll(async () => {
      await t.reset();
      await addOtherHotel(t.db, t.clock.ms);
      for (const col of COLUMNS)
        if (!tokens.has(col.mobile)) tokens.set(col.mobile, await t.login(col.mobile));
    });

    it('covers every call of this area', () => {
      expect([...new Set(ROWS.map((r) => r.path))].sort()).toEqual([...M1_CALLS].sort());
    });

    for (const row of ROWS) {
      it(`${row.path}, ${row.name}: ${ROOM.map((a, i) => `${COLUMNS[i]!.name} ${a ? 'yes' : 'no'}`).join('; ')}`, async () => {
        // Each column works on cards made for it.
        for (const [i, col] of COLUMNS.entries()) {
          const res = await t.call<Record<string, unknown>>(
            row.path,
            await row.body(t.ids.rooms[col.room]!),
            {
              token: tokens.get(col.mobile)!,
            },
          );
          const reached = row.reached ? row.reached(res) : res.errno === 0;
          expect({ column: col.name, reached }).toEqual({ column: col.name, reached: ROOM[i] });
          if (!ROOM[i] && res.errno !== 0)
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
    for (const path of M1_CALLS) {
      it(path, async () => {
        const cases = OTHER_BAD_INPUT[path] ?? [];
        expect(cases.length).toBeGreaterThan(0);
        for (const [body, code, params] of cases)
          expectRefused(await t.call(path, body, { token }), code, params);
      });
    }
  });
});
