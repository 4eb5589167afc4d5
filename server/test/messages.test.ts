/**
 * Messages (API.md §14): each kind produced from its condition, one open message per condition, resolved when the
 * condition ends, room scope, the permission matrix, read and delete.
 */
import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { postMessage, REFRESH_INTERVAL_MS, refreshHotelMessages } from '../src/services/messages.js';
import { activeStay, type Plan, VirtualCard } from './card-helpers.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, DAY, expectRefused, OTHER_ADMIN, ok } from './room-helpers.js';

interface Message {
  id: number;
  kind: string;
  params: Record<string, unknown>;
  room_id: number | null;
  room_name: string;
  read: boolean;
  resolved: boolean;
}
interface MessagePage {
  list: Message[];
  total: number;
  page: number;
  limit: number;
  unread: number;
}

describeEachDatabase('messages', (t) => {
  let superToken: string;
  beforeEach(async () => {
    await t.reset();
    superToken = await t.login(DEMO_ACCOUNTS.super);
  });

  /** The list, after the throttle's minute has passed (so the conditions are looked at again). */
  async function list(body: Record<string, unknown> = {}, token = superToken): Promise<MessagePage> {
    t.clock.advance(REFRESH_INTERVAL_MS);
    return ok(await t.call<MessagePage>('lock/messageList', body, { token }));
  }
  const open = (page: MessagePage, kind: string) => page.list.filter((m) => m.kind === kind && !m.resolved);

  it('shows the demo: room 1105 low battery, room 2509 not synced for ten days', async () => {
    const page = await list();
    expect(page.list.map((m) => [m.kind, m.room_name, m.params]).sort()).toEqual(
      [
        ['low_battery', '1105', { room_name: '1105', battery: 12 }],
        ['lock_not_synced', '2509', { room_name: '2509', days: 10, last_sync_at: expect.any(Number) }],
      ].sort(),
    );
    expect(page.unread).toBe(2);
    expect(page.total).toBe(2);
    // Unread first, then newest: reading one puts it last.
    const battery = page.list.find((m) => m.kind === 'low_battery') as Message;
    expect(ok(await t.call('lock/readMessage', { id: battery.id }, { token: superToken }))).toEqual({
      unread: 1,
    });
    const after = await list();
    expect(after.list.map((m) => [m.kind, m.read])).toEqual([
      ['lock_not_synced', false],
      ['low_battery', true],
    ]);
    expect(after.unread).toBe(1);
    // By kind.
    expect((await list({ kind: 'low_battery' })).list.map((m) => m.id)).toEqual([battery.id]);
    expect((await list({ unread_only: true })).list.map((m) => m.kind)).toEqual(['lock_not_synced']);
  });

  it('low battery: one open message per room while the battery is low, updated, resolved when replaced', async () => {
    const room = t.ids.rooms['1203'] as number;
    await t.db.updateTable('rooms').set({ battery: 15 }).where('id', '=', room).execute();
    const first = open(await list(), 'low_battery').filter((m) => m.room_id === room);
    expect(first).toHaveLength(1);
    expect(first[0]?.params).toEqual({ room_name: '1203', battery: 15 });
    // Lower still: the same message, its figure brought up to date.
    await t.db.updateTable('rooms').set({ battery: 9 }).where('id', '=', room).execute();
    const second = open(await list(), 'low_battery').filter((m) => m.room_id === room);
    expect(second.map((m) => [m.id, m.params['battery']])).toEqual([[first[0]?.id, 9]]);
    // Replaced: resolved (no longer unread), and a new low battery later opens a new message.
    await t.db.updateTable('rooms').set({ battery: 100 }).where('id', '=', room).execute();
    const third = await list({ kind: 'low_battery' });
    expect(third.list.find((m) => m.id === first[0]?.id)).toMatchObject({ resolved: true });
    // The badge counts every kind: 1105 is still low and 2509 still silent.
    expect(third.unread).toBe(2);
    await t.db.updateTable('rooms').set({ battery: 5 }).where('id', '=', room).execute();
    const fourth = open(await list(), 'low_battery').filter((m) => m.room_id === room);
    expect(fourth).toHaveLength(1);
    expect(fourth[0]?.id).not.toBe(first[0]?.id);
  });

  it('refreshes at most once a minute per hotel, and twice is the same as once', async () => {
    const room = t.ids.rooms['1203'] as number;
    await list();
    await t.db.updateTable('rooms').set({ battery: 3 }).where('id', '=', room).execute();
    // Within the minute: not looked at again yet.
    const soon = ok(await t.call<MessagePage>('lock/messageList', {}, { token: superToken }));
    expect(soon.list.some((m) => m.room_id === room)).toBe(false);
    const later = await list();
    expect(later.list.filter((m) => m.room_id === room)).toHaveLength(1);
    await refreshHotelMessages(t.db, t.ids.hotelId, new Date(t.clock.ms));
    await refreshHotelMessages(t.db, t.ids.hotelId, new Date(t.clock.ms));
    const rows = await t.db.selectFrom('messages').select('id').where('room_id', '=', room).execute();
    expect(rows).toHaveLength(1);
  });

  it('service expiring: days left and the customer manager, resolved when renewed', async () => {
    await t.db
      .updateTable('users')
      .set({ service_expires_at: new Date(t.clock.ms + 5 * DAY - 1000) })
      .where('id', '=', t.ids.users.super)
      .execute();
    const page = await list({ kind: 'service_expiring' });
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      room_id: null,
      resolved: false,
      params: { days: 5, manager_mobile: DEMO_ACCOUNTS.customerManager },
    });
    // A day on: the same message, one day less.
    t.clock.advance(DAY);
    const next = await list({ kind: 'service_expiring' });
    expect(next.list.map((m) => [m.id, m.params['days']])).toEqual([[page.list[0]?.id, 4]]);
    // The secondary administrator sees it too (it is the hotel's, not a room's).
    const secondary = await t.login(DEMO_ACCOUNTS.secondary);
    expect((await list({ kind: 'service_expiring' }, secondary)).total).toBe(1);
    // Renewed for a year: resolved.
    await t.db
      .updateTable('users')
      .set({ service_expires_at: new Date(t.clock.ms + 365 * DAY) })
      .where('id', '=', t.ids.users.super)
      .execute();
    expect((await list({ kind: 'service_expiring' })).list[0]).toMatchObject({ resolved: true });
  });

  it('lock not synced: an installed lock silent for seven days, resolved by a sync', async () => {
    const stale = t.ids.rooms['2509'] as number;
    const room = t.ids.rooms['1101'] as number;
    await t.db
      .insertInto('lock_devices')
      .values({
        room_id: room,
        hotel_id: t.ids.hotelId,
        secret_hash: '1'.repeat(64),
        secret_issued_at: new Date(t.clock.ms - 30 * DAY),
        last_sync_at: new Date(t.clock.ms - 6 * DAY),
      })
      .execute();
    expect(open(await list(), 'lock_not_synced').map((m) => m.room_id)).toEqual([stale]);
    t.clock.advance(DAY + 1000);
    expect(
      open(await list(), 'lock_not_synced')
        .map((m) => [m.room_id, m.params['days']])
        .sort(),
    ).toEqual(
      [
        [stale, 11],
        [room, 7],
      ].sort(),
    );
    await t.db
      .updateTable('lock_devices')
      .set({ last_sync_at: new Date(t.clock.ms) })
      .where('room_id', '=', room)
      .execute();
    expect(open(await list(), 'lock_not_synced').map((m) => m.room_id)).toEqual([stale]);
    // A lock that never synced counts from when its secret was issued.
    await t.db
      .updateTable('lock_devices')
      .set({ last_sync_at: null, secret_issued_at: new Date(t.clock.ms - 8 * DAY) })
      .where('room_id', '=', room)
      .execute();
    expect(open(await list(), 'lock_not_synced').find((m) => m.room_id === room)?.params).toMatchObject({
      days: 8,
      last_sync_at: null,
    });
  });

  it('a card write that did not verify posts one message per card until it is read', async () => {
    const { stayId, roomId } = await activeStay(t, '1106');
    const plan = ok(
      await t.call<Plan>('room/sendCard', { stay_id: stayId, card_uid: '04A1B2C3' }, { token: superToken }),
    );
    const card = new VirtualCard('04A1B2C3');
    card.run(plan.writes);
    const read = card.readBack(plan.verify);
    read['5'] = `${read['5']?.slice(0, 30)}00`;
    const step2 = { id: plan.id, card_uid: '04A1B2C3', blocks: read };
    for (let i = 0; i < 2; i++)
      expectRefused(
        await t.call('room/addCardStepTwoNew', step2, { token: superToken }),
        'CARD_WRITE_UNVERIFIED',
      );
    const failed = (await list({ kind: 'card_write_failed' })).list;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      room_id: roomId,
      room_name: '1106',
      params: { card_id: plan.card_id, room_name: '1106', uid: '04A1B2C3' },
      resolved: false,
    });
    // Read: the next failure is news again.
    ok(await t.call('lock/readMessage', { ids: [failed[0]?.id] }, { token: superToken }));
    expectRefused(
      await t.call('room/addCardStepTwoNew', step2, { token: superToken }),
      'CARD_WRITE_UNVERIFIED',
    );
    // Another refusal (another card on the encoder) is no write failure.
    expectRefused(
      await t.call('room/addCardStepTwoNew', { ...step2, card_uid: '04D5E6F7' }, { token: superToken }),
      'WRONG_CARD',
    );
    const again = (await list({ kind: 'card_write_failed' })).list;
    expect(again.map((m) => m.read)).toEqual([false, true]);
  });

  it('postMessage is idempotent while unread and undeleted', async () => {
    const post = () =>
      postMessage(t.db, {
        hotelId: t.ids.hotelId,
        kind: 'card_write_failed',
        subject: 'card:999',
        params: { card_id: '999', room_name: '', uid: '01020304' },
        now: new Date(t.clock.ms),
      });
    const a = await post();
    expect(await post()).toBe(a);
    ok(await t.call('lock/deleteMessage', { id: a }, { token: superToken }));
    const b = await post();
    expect(b).not.toBe(a);
  });

  it('a room message is seen only by accounts whose scope holds the room', async () => {
    // Staff granted message.view: floor 1 of building 1 only.
    await t.db
      .updateTable('users')
      .set({ authorities: JSON.stringify(['message.view']) })
      .where('id', '=', t.ids.users.staff)
      .execute();
    const outOfScope = t.ids.rooms['1203'] as number;
    await t.db.updateTable('rooms').set({ battery: 4 }).where('id', '=', outOfScope).execute();
    const staff = await t.login(DEMO_ACCOUNTS.staff);
    const secondary = await t.login(DEMO_ACCOUNTS.secondary);
    expect((await list({}, staff)).list.map((m) => m.room_name)).toEqual(['1105']);
    expect((await list({}, secondary)).list.map((m) => m.room_name).sort()).toEqual(['1105', '1203']);
    expect((await list({}, superToken)).total).toBe(3);
    // Deleting or reading a message of a room out of scope is refused, and nothing changes.
    const msg = (await list({}, superToken)).list.find((m) => m.room_id === outOfScope) as Message;
    const mine = (await list({}, staff)).list[0] as Message;
    expectRefused(
      await t.call('lock/deleteMessage', { ids: [mine.id, msg.id] }, { token: staff }),
      'PERMISSION_DENIED',
    );
    expectRefused(await t.call('lock/readMessage', { id: msg.id }, { token: staff }), 'PERMISSION_DENIED');
    expect((await list({}, superToken)).total).toBe(3);
    // Read all marks only what the caller sees.
    expect(ok(await t.call('lock/readMessage', { all: true }, { token: staff }))).toEqual({ unread: 0 });
    expect((await list({}, superToken)).unread).toBe(2);
  });

  it('permission matrix: super and secondary read; staff, customer manager and another hotel do not', async () => {
    const messageId = (await list()).list[0]?.id as number;
    const secondary = await t.login(DEMO_ACCOUNTS.secondary);
    expect((await list({}, secondary)).total).toBe(1); // 1105 only: 2509 is building 2
    for (const mobile of [DEMO_ACCOUNTS.staff, DEMO_ACCOUNTS.customerManager]) {
      const token = await t.login(mobile);
      for (const [path, body] of [
        ['lock/messageList', {}],
        ['lock/deleteMessage', { id: messageId }],
        ['lock/readMessage', { all: true }],
      ] as const)
        expectRefused(await t.call(path, body, { token }), 'PERMISSION_DENIED');
    }
    await addOtherHotel(t.db, t.clock.ms);
    const other = await t.login(OTHER_ADMIN);
    expect((await list({}, other)).total).toBe(0);
    expectRefused(await t.call('lock/deleteMessage', { id: messageId }, { token: other }), 'NOT_FOUND');
    expectRefused(await t.call('lock/readMessage', { ids: [messageId] }, { token: other }), 'NOT_FOUND');
    expect((await list()).total).toBe(2);
  });

  it('deletes one or several; a deleted condition message stays deleted while the condition holds', async () => {
    const page = await list();
    const [a, b] = page.list as [Message, Message];
    expect(ok(await t.call('lock/deleteMessage', { id: a.id }, { token: superToken }))).toEqual({
      ids: [a.id],
    });
    expect((await list()).list.map((m) => m.id)).toEqual([b.id]);
    // Already deleted, unknown, or none given.
    expectRefused(await t.call('lock/deleteMessage', { id: a.id }, { token: superToken }), 'NOT_FOUND');
    expectRefused(
      await t.call('lock/deleteMessage', { ids: [b.id, 987654] }, { token: superToken }),
      'NOT_FOUND',
    );
    expectRefused(await t.call('lock/deleteMessage', {}, { token: superToken }), 'FIELD_REQUIRED', {
      field: 'ids',
    });
    expectRefused(await t.call('lock/deleteMessage', { ids: 'x' }, { token: superToken }), 'FIELD_INVALID', {
      field: 'ids',
    });
    expectRefused(await t.call('lock/messageList', { kind: 'x' }, { token: superToken }), 'FIELD_INVALID', {
      field: 'kind',
    });
    expect((await list()).total).toBe(1);
    // Several at once (and the same id twice counts once).
    await t.db
      .updateTable('rooms')
      .set({ battery: 1 })
      .where('id', '=', t.ids.rooms['2101'] as number)
      .execute();
    const ids = (await list()).list.map((m) => m.id);
    expect(ids).toHaveLength(2);
    expect(
      ok(
        await t.call<{ ids: number[] }>(
          'lock/deleteMessage',
          { ids: [...ids, ids[0]] },
          { token: superToken },
        ),
      ).ids,
    ).toEqual([...ids].sort((x, y) => x - y));
    expect((await list()).total).toBe(0);
  });
});
