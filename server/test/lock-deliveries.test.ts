/**
 * Delivery status per lock (issue 10 §4): lock/inLockList (what a lock must learn, waiting → confirmed after a
 * finished sync, what it must drop), lock/cardDelivery (a card across its locks) and the room list's marks
 * (lock_waiting, lock_synced_at), with the room scope of every role. Credentials are written directly and a sync
 * is finished the way the device API's sync/finish does (lock_devices.confirmed_state = the sync's state).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { changeFeed } from '../src/db/changes.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { lockState } from '../src/services/lock-state.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, DAY, expectRefused, OTHER_ADMIN, ok } from './room-helpers.js';

interface Delivery {
  kind: string;
  action: 'add' | 'remove';
  ref_id: number | null;
  label: string;
  subject: string;
  guest: string;
  card_type?: string;
  sequence?: number;
  state: 'issued' | 'waiting' | 'confirmed';
  changed_at: number;
  confirmed_at: number;
}
interface InLock {
  room_id: number;
  mac_id: string | null;
  installed: boolean;
  last_sync_at: number;
  waiting: number;
  list: Delivery[];
  syncs: {
    id: number;
    started_at: number;
    finished_at: number;
    operator: string;
    records_stored: number;
    records_duplicate: number;
  }[];
}
interface CardDelivery {
  card_id: number;
  card_number: string;
  list: {
    room_id: number;
    room_name: string;
    action: string;
    state: string;
    changed_at: number;
    confirmed_at: number;
    last_sync_at: number;
  }[];
}
interface RoomPage {
  list: { id: number; name: string; lock_waiting: number; lock_synced_at: number }[];
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const MINUTE = 60_000;

describeEachDatabase('lock deliveries', (t) => {
  const tokens: Record<string, string> = {};
  const room = (name: string) => t.ids.rooms[name]!;
  const card: Record<string, number> = {};
  let password: number;
  let face: number;
  let finger: number;
  let other: { hotelId: number; roomId: number };
  let start: number;

  const at = (offset = 0) => new Date(t.clock.ms + offset);
  const stayIn = async (name: string) =>
    (
      await t.db
        .selectFrom('stays')
        .select('id')
        .where('room_id', '=', room(name))
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const addCard = async (
    label: string,
    values: { type: number; card_number: string; status: 'issued' | 'deleted'; room?: string } & Record<
      string,
      unknown
    >,
  ) => {
    const { room: roomName, ...rest } = values;
    const row = await t.db
      .insertInto('cards')
      .values({
        hotel_id: t.ids.hotelId,
        room_id: roomName ? room(roomName) : null,
        stay_id: roomName && values.type === 4 ? await stayIn(roomName) : null,
        start_time: at(-DAY),
        end_time: at(DAY),
        issued_at: at(),
        created_at: at(),
        ...rest,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    card[label] = row.id;
    return row.id;
  };
  const lockMust = async (label: string, roomName: string, action: 'delete' | 'learn') =>
    t.db
      .insertInto('card_lock_sync')
      .values({
        hotel_id: t.ids.hotelId,
        card_id: card[label]!,
        room_id: room(roomName),
        action,
        created_at: at(),
      })
      .execute();

  /** What the device API's sync/start and sync/finish leave behind for a lock that applied the state. */
  const finishSync = async (roomName: string, operator: string) => {
    const roomId = room(roomName);
    const state = await lockState(t.db, t.ids.hotelId, roomId, at());
    const sync = await t.db
      .insertInto('lock_syncs')
      .values({
        hotel_id: t.ids.hotelId,
        room_id: roomId,
        sync_uid: `sync-${roomName}-${t.clock.ms}`,
        state: JSON.stringify(state),
        operator,
        started_at: at(),
        finished_at: at(2000),
        records_stored: 2,
        records_duplicate: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('lock_devices')
      .values({
        room_id: roomId,
        hotel_id: t.ids.hotelId,
        secret_hash: 'f'.repeat(64),
        secret_issued_at: at(-DAY),
        confirmed_state: JSON.stringify(state),
        confirmed_sync_id: sync.id,
        last_sync_at: at(2000),
      })
      .onConflict((oc) =>
        oc.column('room_id').doUpdateSet({
          confirmed_state: JSON.stringify(state),
          confirmed_sync_id: sync.id,
          last_sync_at: at(2000),
        }),
      )
      .execute();
    await t.db
      .updateTable('card_lock_sync')
      .set({ synced_at: at(2000) })
      .where('room_id', '=', roomId)
      .where('synced_at', 'is', null)
      .execute();
    await t.db
      .updateTable('fingerprint_deliveries')
      .set({ status: 'delivered', updated_at: at(2000) })
      .where('room_id', '=', roomId)
      .where('status', '=', 'pending')
      .execute();
    return seconds(t.clock.ms + 2000);
  };

  const inLock = (roomName: string | number, who = 'super') =>
    t.call<InLock>(
      'lock/inLockList',
      { room_id: typeof roomName === 'number' ? roomName : room(roomName) },
      {
        token: tokens[who]!,
      },
    );
  const delivery = (label: string, who = 'super') =>
    t.call<CardDelivery>('lock/cardDelivery', { card_id: card[label]! }, { token: tokens[who]! });
  const marks = async (name: string, who = 'super') => {
    const page = ok(await t.call<RoomPage>('room/listNew', { name }, { token: tokens[who]! }));
    const found = page.list.find((r) => r.name === name);
    return found && { lock_waiting: found.lock_waiting, lock_synced_at: found.lock_synced_at };
  };
  const find = (answer: InLock, kind: string, action = 'add', state?: string) =>
    answer.list.filter((d) => d.kind === kind && d.action === action && (!state || d.state === state));

  beforeAll(async () => {
    await t.reset();
    other = await addOtherHotel(t.db, t.clock.ms);
    for (const who of ['super', 'secondary', 'staff'] as const)
      tokens[who] = await t.login(DEMO_ACCOUNTS[who]);
    tokens['other'] = await t.login(OTHER_ADMIN);
    start = t.clock.ms;
    // Room 1101 (Li Wei): a valid guest card that unsubscribes older ones, a deleted card, a universal card for
    // every lock, a password, a face and a fingerprint sent to the lock. Room 2201: a deleted card of its own.
    await addCard('guest', {
      type: 4,
      card_number: '00012345',
      status: 'issued',
      room: '1101',
      sequence: 5,
      unsubscribe_old: true,
    });
    await addCard('deleted', {
      type: 4,
      card_number: '00011111',
      status: 'deleted',
      room: '1101',
      deleted_at: at(),
      issued_at: at(-DAY),
    });
    await lockMust('deleted', '1101', 'delete');
    await addCard('universal', {
      type: 5,
      card_number: '00077777',
      status: 'issued',
      end_time: at(10 * DAY),
    });
    await lockMust('universal', '1101', 'learn');
    await lockMust('universal', '2201', 'learn');
    await addCard('deleted2201', { type: 4, card_number: '00022222', status: 'deleted', room: '2201' });
    await lockMust('deleted2201', '2201', 'delete');
    password = (
      await t.db
        .insertInto('lock_passwords')
        .values({
          hotel_id: t.ids.hotelId,
          room_id: room('1101'),
          stay_id: await stayIn('1101'),
          kind: 'remote',
          pin_hash: 'pbkdf2-sha256$20000$c2FsdA==$a2V5',
          start_time: at(-MINUTE),
          end_time: at(DAY),
          created_at: at(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    face = (
      await t.db
        .insertInto('faces')
        .values({
          hotel_id: t.ids.hotelId,
          room_id: room('1101'),
          stay_id: await stayIn('1101'),
          face_id: 'G-01',
          note: 'Li Wei',
          image: '/files/face-1',
          created_at: at(),
          updated_at: at(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    finger = (
      await t.db
        .insertInto('fingerprints')
        .values({
          hotel_id: t.ids.hotelId,
          room_id: room('1101'),
          stay_id: await stayIn('1101'),
          finger_id: 'F-07',
          note: 'right thumb',
          data: 'ab'.repeat(16),
          created_at: at(),
          updated_at: at(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('fingerprint_deliveries')
      .values({
        hotel_id: t.ids.hotelId,
        fingerprint_id: finger,
        room_id: room('1101'),
        created_at: at(),
        updated_at: at(),
      })
      .execute();
  });

  describe('before the first sync', () => {
    it('lists everything the lock must learn as waiting, and the guest cards as issued', async () => {
      const answer = ok(await inLock('1101'));
      expect(answer).toMatchObject({
        room_id: room('1101'),
        installed: false,
        last_sync_at: 0,
        waiting: 6,
        syncs: [],
      });
      expect(answer.mac_id).toMatch(/^[0-9A-F]{12}$/);
      expect(find(answer, 'card_delete')).toEqual([
        {
          kind: 'card_delete',
          action: 'add',
          ref_id: card['deleted'],
          label: '00011111',
          subject: '00011111',
          guest: 'Li Wei',
          state: 'waiting',
          changed_at: seconds(start),
          confirmed_at: 0,
        },
      ]);
      expect(find(answer, 'universal_card')).toMatchObject([
        { ref_id: card['universal'], label: '00077777', subject: '00077777', guest: '', state: 'waiting' },
      ]);
      // The sequence the lock must learn, and the guest card itself (its own kind, on the card: issued).
      expect(find(answer, 'sequence', 'add', 'waiting')).toMatchObject([
        {
          ref_id: card['guest'],
          label: 'normal #5 (card 00012345)',
          subject: '00012345',
          guest: 'Li Wei',
          card_type: 'normal',
          sequence: 5,
        },
      ]);
      expect(find(answer, 'sequence', 'add', 'issued')).toEqual([]);
      expect(find(answer, 'card', 'add', 'issued')).toEqual([
        {
          kind: 'card',
          action: 'add',
          ref_id: card['guest'],
          label: 'Guest card 00012345 (Li Wei)',
          subject: '00012345',
          guest: 'Li Wei',
          state: 'issued',
          changed_at: seconds(start),
          confirmed_at: 0,
        },
      ]);
      expect(find(answer, 'password')).toMatchObject([
        {
          ref_id: password,
          label: `Password #${password} (Li Wei)`,
          subject: String(password),
          guest: 'Li Wei',
          state: 'waiting',
          changed_at: seconds(start),
        },
      ]);
      expect(find(answer, 'face')).toMatchObject([
        {
          ref_id: face,
          state: 'waiting',
          label: 'Face G-01 Li Wei (Li Wei)',
          subject: 'G-01 Li Wei',
          guest: 'Li Wei',
        },
      ]);
      expect(find(answer, 'fingerprint')).toMatchObject([
        { ref_id: finger, state: 'waiting', subject: 'F-07 right thumb', guest: 'Li Wei' },
      ]);
      // Only sequences name a card type and a sequence.
      for (const d of answer.list.filter((x) => x.kind !== 'sequence'))
        expect([d.kind, d.card_type, d.sequence]).toEqual([d.kind, undefined, undefined]);
      // What waits comes first.
      expect(answer.list.slice(0, 6).every((d) => d.state === 'waiting')).toBe(true);
    });

    it('marks the room on the room list with its changes waiting and no sync yet', async () => {
      // Deleted card + universal card + the guest card's 'unsubscribe old card' sequence + password + face +
      // fingerprint: what lock/inLockList counts waiting.
      expect(await marks('1101')).toEqual({ lock_waiting: 6, lock_synced_at: 0 });
      // The universal card and the deleted card of 2201.
      expect(await marks('2201')).toEqual({ lock_waiting: 2, lock_synced_at: 0 });
      expect(await marks('1102')).toEqual({ lock_waiting: 0, lock_synced_at: 0 });
    });

    it('reads the marks without counting as a write (which would drop every kept answer)', async () => {
      const feed = changeFeed(t.db);
      if (!feed) throw new Error('no change feed');
      const tables = ['rooms', 'stays', 'lock_devices', 'card_lock_sync', 'lock_passwords', 'faces'];
      const before = feed.version(tables);
      await marks('1201');
      await marks('2201');
      expect(feed.version(tables)).toBe(before);
    });

    it('follows a card through its locks', async () => {
      const universal = ok(await delivery('universal'));
      expect(universal).toMatchObject({ card_id: card['universal'], card_number: '00077777' });
      expect(
        universal.list.map((r) => [r.room_name, r.action, r.state, r.confirmed_at, r.last_sync_at]),
      ).toEqual([
        ['2201', 'learn', 'waiting', 0, 0],
        ['1101', 'learn', 'waiting', 0, 0],
      ]);
      expect(ok(await delivery('guest')).list).toEqual([]);
    });
  });

  describe('after a finished sync', () => {
    let syncedAt: number;
    beforeAll(async () => {
      t.clock.advance(MINUTE);
      syncedAt = await finishSync('1101', 'Front desk');
      t.clock.advance(MINUTE);
    });

    it('confirms what the lock learned, with the sync that confirmed it', async () => {
      const answer = ok(await inLock('1101'));
      expect(answer).toMatchObject({ installed: true, last_sync_at: syncedAt, waiting: 0 });
      expect(answer.list.filter((d) => d.state === 'waiting')).toEqual([]);
      for (const kind of ['card_delete', 'universal_card', 'password', 'face', 'fingerprint'])
        expect(find(answer, kind, 'add', 'confirmed'), kind).toHaveLength(1);
      expect(find(answer, 'sequence', 'add', 'confirmed')).toHaveLength(1);
      expect(find(answer, 'card', 'add', 'issued')).toHaveLength(1);
      for (const d of answer.list) expect(d.confirmed_at).toBe(d.state === 'confirmed' ? syncedAt : 0);
      expect(answer.syncs).toEqual([
        {
          id: expect.any(Number),
          started_at: syncedAt - 2,
          finished_at: syncedAt,
          operator: 'Front desk',
          records_stored: 2,
          records_duplicate: 1,
        },
      ]);
    });

    it('clears the mark on the room list and shows the time of the sync (kept pages are dropped)', async () => {
      expect(await marks('1101')).toEqual({ lock_waiting: 0, lock_synced_at: syncedAt });
      expect(await marks('2201')).toEqual({ lock_waiting: 2, lock_synced_at: 0 });
    });

    it('shows the card confirmed on the lock that synced, waiting on the other', async () => {
      const universal = ok(await delivery('universal'));
      expect(universal.list.map((r) => [r.room_name, r.state, r.confirmed_at, r.last_sync_at])).toEqual([
        ['2201', 'waiting', 0, 0],
        ['1101', 'confirmed', syncedAt, syncedAt],
      ]);
    });

    it('waits again for what changed since: a withdrawn password, a deleted universal card, a renewed stay', async () => {
      await t.db
        .updateTable('lock_passwords')
        .set({ status: 'revoked', revoked_at: at() })
        .where('id', '=', password)
        .execute();
      await t.db
        .updateTable('cards')
        .set({ status: 'deleted', deleted_at: at() })
        .where('id', '=', card['universal']!)
        .execute();
      await lockMust('universal', '1101', 'delete');
      await t.db
        .updateTable('stays')
        .set({ check_out: at(3 * DAY) })
        .where('id', '=', await stayIn('1101'))
        .execute();
      const answer = ok(await inLock('1101'));
      expect(find(answer, 'password', 'remove', 'waiting')).toMatchObject([
        { ref_id: password, changed_at: seconds(t.clock.ms) },
      ]);
      expect(find(answer, 'password', 'add')).toEqual([]);
      expect(find(answer, 'universal_card', 'remove', 'waiting')).toMatchObject([
        { ref_id: card['universal'] },
      ]);
      expect(find(answer, 'card_delete', 'add', 'waiting')).toMatchObject([{ label: '00077777' }]);
      // The face and the fingerprint now end with the renewed stay: the lock must learn the new end.
      expect(find(answer, 'face', 'add', 'waiting')).toHaveLength(1);
      expect(find(answer, 'fingerprint', 'add', 'waiting')).toHaveLength(1);
      expect(answer.waiting).toBe(5);
      // The cheap count: the new delete, the withdrawn password (the renewal is not a credential change).
      expect(await marks('1101')).toEqual({ lock_waiting: 2, lock_synced_at: expect.any(Number) });
      const syncedAgain = await finishSync('1101', 'Housekeeping');
      const after = ok(await inLock('1101'));
      expect(after.waiting).toBe(0);
      // A removal the lock confirmed leaves the list.
      expect(find(after, 'password')).toEqual([]);
      expect(find(after, 'universal_card')).toEqual([]);
      expect(after.syncs.map((s) => s.operator)).toEqual(['Housekeeping', 'Front desk']);
      expect(await marks('1101')).toEqual({ lock_waiting: 0, lock_synced_at: syncedAgain });
    });

    it("marks a guest card issued with 'unsubscribe old card' since the last sync, once, as lock/inLockList does", async () => {
      t.clock.advance(MINUTE);
      const guestCard = (label: string, number: string, sequence: number, unsubscribe: boolean) =>
        addCard(label, {
          type: 4,
          card_number: number,
          status: 'issued',
          room: '1101',
          sequence,
          unsubscribe_old: unsubscribe,
        });
      await guestCard('next', '00012346', 6, true);
      await guestCard('nextAgain', '00012347', 7, true);
      // A card issued without it leaves the lock nothing to learn.
      await guestCard('plain', '00012348', 8, false);
      const answer = ok(await inLock('1101'));
      expect(answer.waiting).toBe(1);
      expect(find(answer, 'sequence', 'add', 'waiting')).toMatchObject([
        { ref_id: card['nextAgain'], subject: '00012347', card_type: 'normal', sequence: 7 },
      ]);
      expect(find(answer, 'card', 'add', 'issued').map((d) => d.subject)).toEqual([
        '00012345',
        '00012346',
        '00012347',
        '00012348',
      ]);
      expect(await marks('1101')).toEqual({ lock_waiting: 1, lock_synced_at: expect.any(Number) });
      const synced = await finishSync('1101', 'Front desk');
      expect(await marks('1101')).toEqual({ lock_waiting: 0, lock_synced_at: synced });
      expect(ok(await inLock('1101')).waiting).toBe(0);
    });
  });

  describe('through the device API', () => {
    const lockCall = async <T>(secret: string, path: string, body: unknown): Promise<T> => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/device/v1/${path}`,
        headers: { authorization: `Lock ${secret}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: T }).data;
    };

    it('goes from waiting to confirmed when the lock finishes a sync, and shows its records', async () => {
      const roomId = room('1102');
      const pin = await t.db
        .insertInto('lock_passwords')
        .values({
          hotel_id: t.ids.hotelId,
          room_id: roomId,
          stay_id: await stayIn('1102'),
          kind: 'custom',
          pin_hash: 'pbkdf2-sha256$20000$c2FsdA==$a2V5',
          start_time: at(-MINUTE),
          end_time: at(DAY),
          created_at: at(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = ok(await inLock('1102'));
      expect(before).toMatchObject({ installed: false, waiting: 1 });
      expect(find(before, 'password', 'add', 'waiting')).toMatchObject([{ ref_id: pin.id }]);

      const { lock_secret: secret } = ok(
        await t.call<{ lock_secret: string }>(
          'lock/issueSecret',
          { room_id: roomId },
          { token: tokens['super']! },
        ),
      );
      expect(ok(await inLock('1102'))).toMatchObject({ installed: true, waiting: 1, last_sync_at: 0 });
      const started = await lockCall<{ sync_id: string }>(secret, 'sync/start', { operator: 'Front desk' });
      // Started, not finished: still waiting, the sync listed as unfinished.
      const during = ok(await inLock('1102'));
      expect(during.waiting).toBe(1);
      expect(during.syncs).toMatchObject([{ operator: 'Front desk', finished_at: 0 }]);
      await lockCall(secret, 'records', {
        sync_id: started.sync_id,
        records: [
          {
            record_uid: '6f1d2c1e-0000-4000-8000-000000000001',
            time: seconds(t.clock.ms) - 60,
            type: 'password',
            opened: false,
            reason: 'passwordUnknown',
            credential: '',
          },
        ],
      });
      t.clock.advance(1000);
      await lockCall(secret, 'sync/finish', { sync_id: started.sync_id });
      const after = ok(await inLock('1102'));
      expect(after).toMatchObject({ waiting: 0, last_sync_at: seconds(t.clock.ms) });
      expect(find(after, 'password', 'add', 'confirmed')).toMatchObject([
        { ref_id: pin.id, confirmed_at: seconds(t.clock.ms) },
      ]);
      expect(after.syncs).toMatchObject([
        { operator: 'Front desk', records_stored: 1, finished_at: seconds(t.clock.ms) },
      ]);
      expect(await marks('1102')).toEqual({ lock_waiting: 0, lock_synced_at: seconds(t.clock.ms) });
      const records = ok(
        await t.call<{ list: { opened: boolean; reason: string; mac_id: string }[] }>(
          'lock/checkHistory',
          { room_id: roomId, result: 'deny' },
          { token: tokens['staff']! },
        ),
      );
      expect(records.list).toMatchObject([
        { opened: false, reason: 'passwordUnknown', mac_id: before.mac_id },
      ]);
    });
  });

  describe('room scope', () => {
    it('shows each role only the locks and deliveries of its rooms', async () => {
      expect(ok(await inLock('1101', 'staff')).room_id).toBe(room('1101'));
      expectRefused(await inLock('2201', 'staff'), 'PERMISSION_DENIED');
      expectRefused(await inLock('2201', 'secondary'), 'PERMISSION_DENIED');
      expectRefused(await inLock('1101', 'other'), 'NOT_FOUND');
      expectRefused(await inLock(other.roomId), 'NOT_FOUND');
      // A hotel-wide card shows a room-limited account the locks of its rooms only.
      expect(ok(await delivery('universal', 'staff')).list.map((r) => r.room_name)).toEqual(['1101', '1101']);
      expect(ok(await delivery('universal', 'secondary')).list.map((r) => r.room_name)).toEqual([
        '1101',
        '1101',
      ]);
      expect(ok(await delivery('deleted', 'staff')).list).toHaveLength(1);
      expectRefused(await delivery('deleted2201', 'staff'), 'PERMISSION_DENIED');
      expectRefused(await delivery('deleted', 'other'), 'NOT_FOUND');
      // The marks follow the list's scope: a staff member never sees 2201.
      expect(await marks('2201', 'staff')).toBeUndefined();
    });
  });
});
