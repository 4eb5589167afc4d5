/**
 * Closing a stay ends the guest's key (issue 19 §1): a check-out on the last day, a check-out days early, a
 * cancelled reservation and the old room of a move each withdraw the stay's key cards, faces and fingerprints in
 * the closing's own transaction; each lock that holds them shows them waiting (lock/inLockList) until its next
 * Bluetooth unlock (the device API's sync) delivers the withdrawal; a card already withdrawn by hand is not queued
 * again; the operation log names what was withdrawn and why; room/setRoomStatus refuses to make a room vacant while
 * a stay is open in it. Every credential is made through the calls the console uses, every sync through the device
 * API as a lock makes it, through inject() on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import type { LockState } from '../src/services/lock-state.js';
import { type Plan, VirtualCard, writeAndConfirm } from './card-helpers.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import { fakeUpload, TEMPLATE_HEX } from './media-helpers.js';
import { checkInBody, DAY, expectRefused, HOUR, ok } from './room-helpers.js';

interface Delivery {
  kind: string;
  action: 'add' | 'remove';
  ref_id: number | null;
  subject: string;
  state: 'issued' | 'waiting' | 'confirmed';
}
interface InLock {
  waiting: number;
  list: Delivery[];
}
interface DeviceAnswer<T> {
  errno: number;
  errmsg: string;
  data: T;
}

/** A call of the device API as a lock makes it. */
async function device<T>(t: TestApp, path: string, secret: string, body: unknown): Promise<T> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/device/v1/${path}`,
    headers: { authorization: `Lock ${secret}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const answer = res.json() as DeviceAnswer<T>;
  expect([res.statusCode, answer.errno, answer.errmsg]).toEqual([200, 0, '']);
  return answer.data;
}

/** A Bluetooth unlock: the lock takes the state it must hold and confirms it. Answers that state. */
async function sync(t: TestApp, secret: string): Promise<LockState> {
  const started = await device<{ sync_id: string; state: LockState }>(t, 'sync/start', secret, {
    operator: 'Desk',
  });
  await device(t, 'sync/finish', secret, { sync_id: started.sync_id });
  return started.state;
}

/** The closing paths of a stay, each with the words its operation-log line gives as the reason. */
const PATHS = ['check-out', 'early end', 'cancel', 'move'] as const;
type ClosingPath = (typeof PATHS)[number];
const REASON: Record<ClosingPath, string> = {
  'check-out': 'withdrawn (stay checked out)',
  'early end': 'withdrawn (stay checked out)',
  cancel: 'withdrawn (stay cancelled)',
  move: 'withdrawn (stay moved)',
};
const CALL: Record<ClosingPath, string> = {
  'check-out': 'room/checkOut',
  'early end': 'room/checkOut',
  cancel: 'room/checkOut',
  move: 'room/exchangeHouses',
};

describeEachDatabase('closing a stay withdraws its credentials', (t) => {
  let token: string;
  let uidSeq = 0;
  beforeEach(async () => {
    await t.reset();
    token = await t.login(DEMO_ACCOUNTS.super);
  });

  const call = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
    t.call<T>(path, body, { token });
  const room = (name: string) => t.ids.rooms[name] as number;
  const inLock = (roomId: number) => call<InLock>('lock/inLockList', { room_id: roomId });
  const waitingOf = (answer: InLock) =>
    answer.list
      .filter((d) => d.state === 'waiting')
      .map((d) => `${d.kind} ${d.action} ${d.kind === 'card_delete' ? d.subject : d.ref_id}`)
      .sort();

  /** Writes and confirms a guest card of the stay on a new card; answers its record id and number. */
  async function guestCard(stayId: number): Promise<{ id: number; number: string }> {
    const uid = `0D${String(++uidSeq).padStart(6, '0')}`;
    const plan = ok(await call<Plan>('room/sendCard', { stay_id: stayId, card_uid: uid }));
    const issued = await writeAndConfirm(t, token, new VirtualCard(uid), plan);
    return { id: issued['id'] as number, number: String(issued['card_id'] ?? plan.card_id) };
  }

  /**
   * A guest in room `name` (checked in an hour ago for three days, or reserved from tomorrow) with two cards, one
   * withdrawn by hand already, a face granted to room 1110's lock too, and a fingerprint sent to the room's lock;
   * the room's lock (and 1110's) synced once, so they hold all of it.
   */
  async function guestWithCredentials(name: string, reserved = false) {
    const roomId = room(name);
    const startMs = reserved ? t.clock.ms + DAY : t.clock.ms - HOUR;
    const stay = ok(
      await call<{ stay_id: number; status: string }>(
        'room/tenant/update/checkIn',
        checkInBody(roomId, startMs, 72, { mobile: '13912340019', nickname: 'Leaving Guest' }),
      ),
    );
    const stayId = stay.stay_id;
    const handWithdrawn = await guestCard(stayId);
    const kept = await guestCard(stayId);
    ok(await call('passenger/deleteCardByCardId', { card_id: handWithdrawn.number }));
    const face = ok(
      await call<{ id: number; face_id: string }>('user/uploadTFaceImg', {
        face_id: `G-${name}`,
        note: 'Leaving Guest',
        image: await fakeUpload(t, 'face'),
        stay_id: stayId,
      }),
    );
    ok(
      await call('lock/empowerFace', {
        face: face.id,
        room_ids: [room('1110')],
        end_time: Math.floor((t.clock.ms + 2 * DAY) / 1000),
      }),
    );
    const finger = ok(
      await call<{ id: number; finger_id: string }>('fingerprint/addData', {
        note: 'right thumb',
        data: TEMPLATE_HEX,
        stay_id: stayId,
      }),
    );
    ok(await call('fingerprint/send', { id: finger.id, room_id: roomId }));
    const secret = ok(
      await call<{ lock_secret: string }>('lock/issueSecret', { room_id: roomId }),
    ).lock_secret;
    const gym = ok(
      await call<{ lock_secret: string }>('lock/issueSecret', { room_id: room('1110') }),
    ).lock_secret;
    const held = await sync(t, secret);
    expect(held.deleted_cards).toEqual([Number(handWithdrawn.number)]);
    expect(held.faces.map((f) => f.id)).toEqual([face.id]);
    expect(held.fingerprints.map((f) => f.id)).toEqual([finger.id]);
    expect((await sync(t, gym)).faces.map((f) => f.id)).toEqual([face.id]);
    expect(ok(await inLock(roomId)).waiting).toBe(0);
    return { roomId, stayId, handWithdrawn, kept, face, finger, secret, gym };
  }

  const cardRows = (cardId: number) =>
    t.db
      .selectFrom('card_lock_sync')
      .select(['room_id', 'action', 'synced_at'])
      .where('card_id', '=', cardId)
      .execute();
  const cardOf = (cardId: number) =>
    t.db
      .selectFrom('cards')
      .select(['status', 'withdrawn_at', 'lock_synced'])
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();

  describe.each(PATHS)('%s', (path) => {
    it('withdraws the stay’s cards, faces and fingerprints, waiting on the locks until their next sync, each card once, and logs them', async () => {
      const g = await guestWithCredentials('1107', path === 'cancel');
      const handRowsBefore = await cardRows(g.handWithdrawn.id);
      expect(handRowsBefore).toEqual([{ room_id: g.roomId, action: 'delete', synced_at: expect.any(Date) }]);

      if (path === 'check-out') t.clock.advance(3 * DAY - 3 * HOUR); // the last morning, before the estimated end
      const closedAt = new Date(t.clock.ms);
      if (path === 'move') {
        ok(await call(CALL[path], { room_id: g.roomId, new_room_id: room('1106'), stay_id: g.stayId }));
      } else {
        const closed = ok(
          await call<{ status: string }>(CALL[path], {
            room_id: g.roomId,
            ...(path === 'check-out' ? {} : { stay_id: g.stayId }),
          }),
        );
        expect(closed.status).toBe(path === 'cancel' ? 'cancelled' : 'checked_out');
      }

      // The card still issued is withdrawn, with one 'delete' for the room's lock; the one withdrawn by hand
      // before keeps its single, already delivered 'delete'.
      expect(await cardOf(g.kept.id)).toEqual({
        status: 'withdrawn',
        withdrawn_at: closedAt,
        lock_synced: false,
      });
      expect(await cardRows(g.kept.id)).toEqual([{ room_id: g.roomId, action: 'delete', synced_at: null }]);
      expect(await cardRows(g.handWithdrawn.id)).toEqual(handRowsBefore);
      // The face and the fingerprint are withdrawn; the face's grant to another lock is revoked.
      const face = await t.db
        .selectFrom('faces')
        .select('status')
        .where('id', '=', g.face.id)
        .executeTakeFirstOrThrow();
      expect(face.status).toBe('withdrawn');
      const grants = await t.db
        .selectFrom('face_grants')
        .select(['room_id', 'revoked_at'])
        .where('face_id', '=', g.face.id)
        .execute();
      expect(grants).toEqual([{ room_id: room('1110'), revoked_at: closedAt }]);
      const finger = await t.db
        .selectFrom('fingerprints')
        .select('status')
        .where('id', '=', g.finger.id)
        .executeTakeFirstOrThrow();
      expect(finger.status).toBe('withdrawn');
      const sent = await t.db
        .selectFrom('fingerprint_deliveries')
        .select(['room_id', 'status'])
        .where('fingerprint_id', '=', g.finger.id)
        .execute();
      expect(sent).toEqual([{ room_id: g.roomId, status: 'deleting' }]);

      // What the locks must learn waits for their next sync: the room's refuses the card, drops face and finger;
      // the other lock drops the face it was granted.
      const waiting = ok(await inLock(g.roomId));
      expect(waitingOf(waiting)).toEqual(
        [
          `card_delete add ${g.kept.number}`,
          `face remove ${g.face.id}`,
          `fingerprint remove ${g.finger.id}`,
        ].sort(),
      );
      expect(waiting.waiting).toBe(3);
      expect(waiting.list.filter((d) => d.kind === 'card').map((d) => d.ref_id)).toEqual([]);
      expect(waitingOf(ok(await inLock(room('1110'))))).toEqual([`face remove ${g.face.id}`]);

      // The operation log says what was withdrawn and why, on the closing's own line, and reaches both locks' rooms.
      const log = await t.db
        .selectFrom('operation_log')
        .select(['summary', 'room_ids', 'errno'])
        .where('path', '=', CALL[path])
        .execute();
      expect(log).toHaveLength(1);
      expect(log[0]?.errno).toBe(0);
      expect(log[0]?.summary).toContain(
        `${REASON[path]}: card ${g.kept.number}; face ${g.face.face_id}; fingerprint ${g.finger.finger_id}`,
      );
      // 'card <one number>; face' — the card withdrawn by hand before is not named (nor sent) again.
      expect(log[0]?.summary).not.toMatch(new RegExp(`cards? (\\d+, )*${g.handWithdrawn.number}\\b`));
      expect(log[0]?.room_ids).toEqual(expect.arrayContaining([g.roomId, room('1110')]));

      // The next sync delivers it: the lock refuses both cards, holds neither face nor finger, nothing waits.
      const after = await sync(t, g.secret);
      expect(after.deleted_cards).toEqual(
        [Number(g.handWithdrawn.number), Number(g.kept.number)].sort((a, b) => a - b),
      );
      expect([after.faces, after.fingerprints]).toEqual([[], []]);
      expect(ok(await inLock(g.roomId)).waiting).toBe(0);
      expect((await cardOf(g.kept.id)).lock_synced).toBe(true);
      expect(
        await t.db
          .selectFrom('fingerprint_deliveries')
          .select('status')
          .where('fingerprint_id', '=', g.finger.id)
          .execute(),
      ).toEqual([{ status: 'deleted' }]);
      expect((await sync(t, g.gym)).faces).toEqual([]);
      expect(ok(await inLock(room('1110'))).waiting).toBe(0);
      // Sent once: a sync more queues nothing again.
      expect(await cardRows(g.kept.id)).toHaveLength(1);
    });
  });

  it('the move leaves the new room’s lock nothing of the old stay and the moved guest a new card that opens it', async () => {
    const g = await guestWithCredentials('1107');
    const moved = ok(
      await call<{ stay_id: number }>('room/exchangeHouses', {
        room_id: g.roomId,
        new_room_id: room('1106'),
        stay_id: g.stayId,
      }),
    );
    const card = await guestCard(moved.stay_id);
    const newLock = ok(await call<{ lock_secret: string }>('lock/issueSecret', { room_id: room('1106') }));
    const state = await sync(t, newLock.lock_secret);
    expect([state.deleted_cards, state.faces, state.fingerprints]).toEqual([[], [], []]);
    const listed = ok(await inLock(room('1106')));
    expect(listed.list.filter((d) => d.kind === 'card').map((d) => [d.ref_id, d.state])).toEqual([
      [card.id, 'issued'],
    ]);
    expect((await cardOf(card.id)).status).toBe('issued');
  });

  it('withdraws the credentials of a stay that ran out unchecked when the next guest checks in, and says so', async () => {
    const g = await guestWithCredentials('1107');
    t.clock.advance(4 * DAY);
    // The stay is still open (never checked out): the room cannot be made vacant, and a check-in closes it.
    expectRefused(await call('room/setRoomStatus', { room_id: g.roomId, status: 0 }), 'ROOM_STAY_OPEN');
    ok(
      await call(
        'room/tenant/update/checkIn',
        checkInBody(g.roomId, t.clock.ms, 24, { mobile: '13912340020', nickname: 'Next Guest' }),
      ),
    );
    expect((await cardOf(g.kept.id)).status).toBe('withdrawn');
    const statuses = await Promise.all([
      t.db.selectFrom('faces').select('status').where('id', '=', g.face.id).executeTakeFirstOrThrow(),
      t.db
        .selectFrom('fingerprints')
        .select('status')
        .where('id', '=', g.finger.id)
        .executeTakeFirstOrThrow(),
    ]);
    expect(statuses.map((s) => s.status)).toEqual(['withdrawn', 'withdrawn']);
    const log = await t.db
      .selectFrom('operation_log')
      .select('summary')
      .where('path', '=', 'room/tenant/update/checkIn')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.summary).toContain(`withdrawn (stay expired): card ${g.kept.number}; face ${g.face.face_id}`);
  });

  describe('room/setRoomStatus', () => {
    it('refuses to make a room vacant while a stay is open in it, and allows it once the guest checked out', async () => {
      const roomId = room('1107');
      const stay = ok(
        await call<{ stay_id: number }>(
          'room/tenant/update/checkIn',
          checkInBody(roomId, t.clock.ms - HOUR, 24, { mobile: '13912340021' }),
        ),
      );
      expectRefused(await call('room/setRoomStatus', { room_id: roomId, status: 0 }), 'ROOM_STAY_OPEN');
      const still = await t.db
        .selectFrom('rooms')
        .select('status')
        .where('id', '=', roomId)
        .executeTakeFirstOrThrow();
      expect(still.status).toBe(1);
      const refusedLog = await t.db
        .selectFrom('operation_log')
        .select(['code'])
        .where('path', '=', 'room/setRoomStatus')
        .execute();
      expect(refusedLog).toEqual([{ code: 'ROOM_STAY_OPEN' }]);
      ok(await call('room/checkOut', { room_id: roomId, stay_id: stay.stay_id }));
      expect(
        ok(await call<{ status: number }>('room/setRoomStatus', { room_id: roomId, status: 0 })).status,
      ).toBe(0);
    });

    it('does not let a later reservation hold the room: a dirty room with one next week can be made vacant', async () => {
      const roomId = room('1107');
      ok(
        await call(
          'room/tenant/update/checkIn',
          checkInBody(roomId, t.clock.ms + 7 * DAY, 24, { mobile: '13912340022' }),
        ),
      );
      ok(await call('room/setRoomStatus', { room_id: roomId, status: 4 }));
      expect(
        ok(await call<{ status: number }>('room/setRoomStatus', { room_id: roomId, status: 0 })).status,
      ).toBe(0);
    });

    it('refuses in the caller’s language', async () => {
      const roomId = room('1101'); // Li Wei is in
      const res = await t.call(
        'room/setRoomStatus',
        { room_id: roomId, status: 0 },
        { token, language: 'chs' },
      );
      expect({ errno: res.errno, errmsg: res.errmsg }).toEqual({
        errno: 1,
        errmsg: messageFor('chs', 'ROOM_STAY_OPEN'),
      });
    });
  });
});
