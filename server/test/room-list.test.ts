/**
 * room/listNew's counts per status (contracts F2) and its kept answers (routes/room-list.ts, call.ts `cache`): a
 * kept page is never answered once a room, stay, group or assignment changed, once a guest's remaining time ticked,
 * or to a caller of another scope; a revoked session is refused on its very next call.
 */
import { ERRNO, ROOM_STATUS } from '@lockdesk/protocol';
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { revokeSessions } from '../src/auth/sessions.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { stayViewChangesAt } from '../src/rooms/room-list.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, checkInBody, HOUR, OTHER_ADMIN, ok } from './room-helpers.js';

interface RoomPage {
  list: {
    id: number;
    name: string;
    status: number;
    tenant: { nickname: string; state: string; remaining: number } | null;
  }[];
  total: number;
  page: number;
  limit: number;
  counts: Record<string, number>;
}

describeEachDatabase('room/listNew counts and kept answers', (t) => {
  beforeEach(() => t.reset());
  const list = (body: Record<string, unknown>, token: string) =>
    t.call<RoomPage>('room/listNew', body, { token });

  /** Rooms per status of the demo hotel, read from the database (optionally only names containing `name`). */
  async function countsInDb(name = ''): Promise<Record<string, number>> {
    const rows = await t.db
      .selectFrom('rooms')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('hotel_id', '=', t.ids.hotelId)
      .where('name', 'like', `%${name}%`)
      .groupBy('status')
      .execute();
    const counts: Record<string, number> = { all: 0, '0': 0, '1': 0, '2': 0, '3': 0, '4': 0 };
    for (const r of rows) {
      counts[String(r.status)] = Number(r.n);
      counts['all'] = (counts['all'] ?? 0) + Number(r.n);
    }
    return counts;
  }

  it('answers the rooms per status with every filter but the status applied', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const all = ok(await list({}, token));
    expect(all.counts).toEqual(await countsInDb());
    expect(all.counts['all']).toBe(100);
    expect(all.total).toBe(100);
    // The status filter narrows the list and the total, not the counts.
    const checkedIn = ok(await list({ status: ROOM_STATUS.checkedIn, limit: 100 }, token));
    expect(checkedIn.counts).toEqual(all.counts);
    expect(checkedIn.total).toBe(all.counts[String(ROOM_STATUS.checkedIn)]);
    expect(checkedIn.list.every((r) => r.status === ROOM_STATUS.checkedIn)).toBe(true);
    expect(checkedIn.list).toHaveLength(checkedIn.total);
    // The name filter narrows the counts.
    const named = ok(await list({ name: '21', status: ROOM_STATUS.vacant }, token));
    expect(named.counts).toEqual(await countsInDb('21'));
    expect(named.total).toBe(named.counts[String(ROOM_STATUS.vacant)]);
    // A group filter too: every count is that of the group's rooms.
    const suites = ok(await list({ category_id: t.ids.groups.Suite }, token));
    expect(suites.counts['all']).toBe(suites.total);
    expect(Object.values(suites.counts).reduce((a, b) => a + b, 0)).toBe(2 * suites.total);
    // Nothing matches: every count is 0.
    const none = ok(await list({ name: 'no such room' }, token));
    expect(none).toMatchObject({
      total: 0,
      list: [],
      counts: { all: 0, '0': 0, '1': 0, '2': 0, '3': 0, '4': 0 },
    });
  });

  it('pages through the list in order, both ways, also right after rooms change', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const walk = async (body: Record<string, unknown>) => {
      const names: string[] = [];
      for (let page = 1; page <= 20; page++) {
        const got = ok(await list({ ...body, page, limit: 7 }, token));
        names.push(...got.list.map((r) => r.name));
        if (got.list.length < 7) break;
      }
      return names;
    };
    for (const sort of ['asc', 'desc']) {
      const whole = ok(await list({ sort, limit: 100 }, token)).list.map((r) => r.name);
      expect(await walk({ sort })).toEqual(whole);
      expect(await walk({ sort, status: ROOM_STATUS.vacant })).toEqual(
        ok(await list({ sort, status: ROOM_STATUS.vacant, limit: 100 }, token)).list.map((r) => r.name),
      );
    }
    // Deleting a room of page 1 shifts every later page by one.
    const second = ok(await list({ page: 2, limit: 7 }, token)).list.map((r) => r.name);
    const first = ok(await list({ page: 1, limit: 7 }, token)).list[0];
    await t.db
      .deleteFrom('rooms')
      .where('id', '=', first?.id ?? 0)
      .execute();
    const shifted = ok(await list({ page: 2, limit: 7 }, token)).list.map((r) => r.name);
    expect(shifted.slice(0, 6)).toEqual(second.slice(1));
    // Past the last page: an empty page, the total still right.
    expect(ok(await list({ page: 500, limit: 7 }, token))).toMatchObject({ list: [], total: 99 });
  });

  it('counts only the rooms in the caller’s scope', async () => {
    const staff = await t.login(DEMO_ACCOUNTS.staff);
    const mine = ok(await list({ limit: 100 }, staff));
    expect(mine.counts['all']).toBe(mine.total);
    expect(mine.total).toBe(mine.list.length);
    expect(mine.list.every((r) => r.name.startsWith('11'))).toBe(true);
    expect(mine.total).toBeLessThan(100);
  });

  it('never answers a kept page to a caller of another scope or hotel', async () => {
    const superToken = await t.login(DEMO_ACCOUNTS.super);
    const staffToken = await t.login(DEMO_ACCOUNTS.staff);
    const body = { page: 1, limit: 100 };
    expect(ok(await list(body, superToken)).total).toBe(100);
    const staff = ok(await list(body, staffToken));
    expect(staff.list.every((r) => r.name.startsWith('11'))).toBe(true);
    expect(ok(await list(body, superToken)).total).toBe(100);
    // Another hotel's administrator sees that hotel's one room, not the kept demo page.
    await addOtherHotel(t.db, t.clock.ms);
    const other = await t.login(OTHER_ADMIN);
    expect(ok(await list(body, other)).list.map((r) => r.name)).toEqual(['9901']);
  });

  it('answers a room change at once, whether made by a call or written to the database', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const dirty = async () => ok(await list({ status: ROOM_STATUS.dirty, limit: 100 }, token));
    const before = await dirty();
    const room = ok(await list({ status: ROOM_STATUS.vacant }, token)).list[0];
    if (!room) throw new Error('no vacant room');
    ok(await t.call('room/setRoomStatus', { room_id: room.id, status: ROOM_STATUS.dirty }, { token }));
    const after = await dirty();
    expect(after.total).toBe(before.total + 1);
    expect(after.counts[String(ROOM_STATUS.dirty)]).toBe(before.total + 1);
    expect(after.list.map((r) => r.id)).toContain(room.id);
    // A write that is not a call (another tool, a test) is seen by the next call too.
    await t.db.updateTable('rooms').set({ name: 'Renamed 1' }).where('id', '=', room.id).execute();
    expect((await dirty()).list.find((r) => r.id === room.id)?.name).toBe('Renamed 1');
    await t.db.deleteFrom('rooms').where('id', '=', room.id).execute();
    expect((await dirty()).total).toBe(before.total);
  });

  it('answers a check-in at once, and a remaining time that ticks with the clock', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const room = ok(await list({ name: '2305' }, token)).list[0];
    if (!room) throw new Error('no room 2305');
    expect(room.tenant).toBeNull();
    ok(await t.call('room/tenant/update/checkIn', checkInBody(room.id, t.clock.ms, 24), { token }));
    const first = ok(await list({ name: '2305' }, token)).list[0]?.tenant;
    expect(first).toMatchObject({ nickname: 'Test Guest', state: 'active' });
    t.clock.advance(5_000);
    const later = ok(await list({ name: '2305' }, token)).list[0]?.tenant;
    expect(later?.remaining).toBe((first?.remaining ?? 0) - 5);
    t.clock.advance(25 * HOUR);
    expect(ok(await list({ name: '2305' }, token)).list[0]?.tenant).toMatchObject({
      state: 'expired',
      remaining: 0,
    });
  });

  it('refuses a revoked session on its very next call (9000005)', async () => {
    const token = await t.login(DEMO_ACCOUNTS.secondary);
    ok(await list({}, token));
    ok(await list({}, token));
    await revokeSessions(t.db, t.ids.users.secondary, 'test', t.clock.ms);
    expect((await list({}, token)).errno).toBe(ERRNO.sessionRevoked);
    // Signing out through the console does the same.
    const again = await t.login(DEMO_ACCOUNTS.secondary);
    ok(await list({}, again));
    ok(await t.call('logout', {}, { token: again }));
    expect((await list({}, again)).errno).toBe(ERRNO.sessionRevoked);
  });

  it('refuses a session once its account is frozen or loses the permission', async () => {
    const token = await t.login(DEMO_ACCOUNTS.staff);
    ok(await list({}, token));
    await t.db.updateTable('users').set({ frozen: true }).where('id', '=', t.ids.users.staff).execute();
    expect((await list({}, token)).errno).not.toBe(0);
  });
});

it('knows when the view of a stay changes next', () => {
  const at = (ms: number) => new Date(ms);
  const stay = { check_in: at(10_000), check_out: at(100_000) };
  // Before the start: the remaining time ticks already, and the state turns active at the start.
  expect(stayViewChangesAt(stay, 5_000)).toBe(5_001);
  expect(stayViewChangesAt({ check_in: at(10_000), check_out: at(100_500) }, 9_800)).toBe(10_000);
  // Running: when the remaining whole seconds drop (80.5 s left at 19,500: 80 until 20,000, 79 from 20,001).
  expect(stayViewChangesAt(stay, 19_500)).toBe(20_001);
  expect(stayViewChangesAt(stay, 99_999)).toBe(100_000);
  // Ended: nothing changes with time any more.
  expect(stayViewChangesAt(stay, 100_000)).toBe(Number.POSITIVE_INFINITY);
});
