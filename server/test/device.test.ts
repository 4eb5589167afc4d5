/**
 * The device API of the locks (API.md §10, issue 10): lock secrets, authentication and per-lock scoping, the full
 * STATE a sync hands out, records stored exactly once, and sync/finish confirming deliveries only once the lock
 * applied the state. Through inject() on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ErrorCode } from '@lockdesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { verifyPin } from '../src/domain/pin.js';
import { messageFor } from '../src/i18n.js';
import type { LockState } from '../src/services/lock-state.js';
import { activeStay, type Plan, VirtualCard, writeAndConfirm } from './card-helpers.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import { makeFace, makeFingerprint } from './media-helpers.js';
import { addOtherHotel, DAY, expectRefused, ok } from './room-helpers.js';

interface DeviceAnswer<T = Record<string, unknown>> {
  status: number;
  errno: number;
  errmsg: string;
  code?: string;
  data: T;
}

interface Record_ {
  record_uid: string;
  time: number;
  type: 'card' | 'password' | 'face' | 'fingerprint' | 'bluetooth';
  opened: boolean;
  reason: string;
  credential: string;
  card_uid?: string;
  operator?: string;
}

type Started = { sync_id: string; server_time: number; lock: Record<string, unknown>; state: LockState };

/** A call of the device API as a lock makes it. */
async function device<T = Record<string, unknown>>(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  options: {
    secret?: string;
    body?: unknown;
    raw?: string;
    language?: string;
    authorization?: string;
    /** The caller's address (inject's default is 127.0.0.1). */
    address?: string;
  } = {},
): Promise<DeviceAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined) headers['authorization'] = options.authorization;
  else if (options.secret !== undefined) headers['authorization'] = `Lock ${options.secret}`;
  if (options.language) headers['language'] = options.language;
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
  const res = await t.app.inject({
    method,
    url: `/device/v1/${path}`,
    headers,
    ...(options.address ? { remoteAddress: options.address } : {}),
    ...(options.raw !== undefined
      ? { payload: options.raw }
      : options.body !== undefined
        ? { payload: JSON.stringify(options.body) }
        : {}),
  });
  return { status: res.statusCode, ...(res.json() as Omit<DeviceAnswer<T>, 'status'>) };
}

/** Asserts a device refusal: HTTP status, errno 1, the code and its text. */
function expectDeviceRefused(
  res: DeviceAnswer<unknown>,
  status: number,
  code: ErrorCode,
  params?: Record<string, string | number>,
  language: Parameters<typeof messageFor>[0] = 'en',
) {
  expect({
    status: res.status,
    errno: res.errno,
    code: res.code,
    errmsg: res.errmsg,
    data: res.data,
  }).toEqual({
    status,
    errno: 1,
    code,
    errmsg: messageFor(language, code, params),
    data: null,
  });
}

function deviceOk<T>(res: DeviceAnswer<T>): T {
  expect({ status: res.status, errno: res.errno, errmsg: res.errmsg }).toEqual({
    status: 200,
    errno: 0,
    errmsg: '',
  });
  return res.data;
}

describeEachDatabase('device API of the locks', (t) => {
  let token: string;
  beforeEach(async () => {
    await t.reset();
    token = await t.login(DEMO_ACCOUNTS.super);
  });

  const call = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>, as = token) =>
    t.call<T>(path, body, { token: as });
  const room = (name: string) => t.ids.rooms[name] as number;
  const nowSeconds = () => Math.floor(t.clock.ms / 1000);

  /** Issues the lock of a demo room its secret, as the console does. */
  async function install(name: string): Promise<string> {
    const issued = ok(await call<{ lock_secret: string }>('lock/issueSecret', { room_id: room(name) }));
    return issued.lock_secret;
  }

  const record = (over: Partial<Record_> = {}): Record_ => ({
    record_uid: randomUUID(),
    time: nowSeconds() - 60,
    type: 'bluetooth',
    opened: true,
    reason: 'bluetooth',
    credential: '',
    operator: 'Desk',
    ...over,
  });

  const start = async (secret: string, body: Record<string, unknown> = {}) =>
    deviceOk(await device<Started>(t, 'POST', 'sync/start', { secret, body }));
  const upload = async (secret: string, records: Record_[], syncId?: string) =>
    deviceOk(
      await device<{ stored: number; duplicates: number }>(t, 'POST', 'records', {
        secret,
        body: syncId === undefined ? { records } : { sync_id: syncId, records },
      }),
    );
  const finish = async (secret: string, syncId: string) =>
    deviceOk(
      await device<{ sync_id: string; confirmed: number }>(t, 'POST', 'sync/finish', {
        secret,
        body: { sync_id: syncId },
      }),
    );

  const storedRecords = (roomId: number) =>
    t.db
      .selectFrom('unlock_records')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('record_uid', 'is not', null)
      .orderBy('id')
      .execute();

  /** A guest card of an active stay in the room, written and confirmed (answers its plan). */
  async function guestCard(name: string, uid: string, unsubscribe = false) {
    const { stayId, roomId } = await activeStay(t, name);
    const plan = ok(
      await call<Plan>('room/sendCard', { stay_id: stayId, card_uid: uid, unsubscribe_old: unsubscribe }),
    );
    await writeAndConfirm(t, token, new VirtualCard(uid), plan);
    return { plan, stayId, roomId };
  }

  describe('lock secrets', () => {
    it('issues a secret of the agreed form, shown once and stored only as its SHA-256', async () => {
      const res = ok(await call('lock/issueSecret', { room_id: room('1106') }));
      expect(res).toEqual({
        room_id: room('1106'),
        mac_id: 'A0B0C0010106',
        lock_secret: expect.stringMatching(new RegExp(`^lds_${room('1106')}_[A-Za-z0-9_-]{43}$`)),
        issued_at: nowSeconds(),
      });
      const row = await t.db
        .selectFrom('lock_devices')
        .selectAll()
        .where('room_id', '=', room('1106'))
        .executeTakeFirstOrThrow();
      expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(String(res['lock_secret']).slice(-43));
      // The operation log names the room and lock, never the secret.
      const log = await t.db
        .selectFrom('operation_log')
        .select(['summary'])
        .where('path', '=', 'lock/issueSecret')
        .execute();
      expect(log).toHaveLength(1);
      expect(log[0]?.summary).toContain('1106');
      expect(log[0]?.summary).not.toContain(String(res['lock_secret']).slice(-43));
    });

    it('answers the secret once with room/addRoom when the room has a lock, and none without', async () => {
      const added = ok(
        await call<Record<string, unknown>>('room/addRoom', { name: 'Gate', mac_id: 'aa:bb:cc:dd:ee:01' }),
      );
      expect(added['lock_secret']).toMatch(new RegExp(`^lds_${added['id']}_[A-Za-z0-9_-]{43}$`));
      const lock = deviceOk(await device(t, 'GET', 'lock', { secret: added['lock_secret'] as string }));
      expect(lock).toMatchObject({ room_id: added['id'], room_name: 'Gate', mac_id: 'AABBCCDDEE01' });

      const plain = ok(await call<Record<string, unknown>>('room/addRoom', { name: 'Store room' }));
      expect(plain).not.toHaveProperty('lock_secret');
      expectRefused(await call('lock/issueSecret', { room_id: plain['id'] as number }), 'ROOM_HAS_NO_LOCK');
    });

    it('refuses callers without room.manage on the room, and rooms of another hotel', async () => {
      const staff = await t.login(DEMO_ACCOUNTS.staff);
      expectRefused(await call('lock/issueSecret', { room_id: room('1101') }, staff), 'PERMISSION_DENIED');
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      ok(await call('lock/issueSecret', { room_id: room('1101') }, secondary));
      expectRefused(
        await call('lock/issueSecret', { room_id: room('2101') }, secondary),
        'PERMISSION_DENIED',
      );
      const other = await addOtherHotel(t.db, t.clock.ms);
      expectRefused(await call('lock/issueSecret', { room_id: other.roomId }), 'NOT_FOUND');
    });
  });

  describe('authentication', () => {
    it('refuses a missing, malformed, unknown or never-issued secret with 401 LOCK_AUTH_FAILED', async () => {
      const secret = await install('1106');
      expectDeviceRefused(await device(t, 'GET', 'lock'), 401, 'LOCK_AUTH_FAILED');
      expectDeviceRefused(await device(t, 'GET', 'lock', { authorization: secret }), 401, 'LOCK_AUTH_FAILED');
      expectDeviceRefused(
        await device(t, 'GET', 'lock', { authorization: `Bearer ${secret}` }),
        401,
        'LOCK_AUTH_FAILED',
      );
      expectDeviceRefused(await device(t, 'GET', 'lock', { secret: 'lds_1_short' }), 401, 'LOCK_AUTH_FAILED');
      const guessed = `lds_${room('1106')}_${randomBytes(32).toString('base64url')}`;
      expectDeviceRefused(await device(t, 'GET', 'lock', { secret: guessed }), 401, 'LOCK_AUTH_FAILED');
      // A room whose lock never got a secret.
      const never = `lds_${room('1107')}_${randomBytes(32).toString('base64url')}`;
      expectDeviceRefused(
        await device(t, 'POST', 'sync/start', { secret: never, body: {} }),
        401,
        'LOCK_AUTH_FAILED',
      );
      // The message follows the language header, as the console's do.
      expectDeviceRefused(
        await device(t, 'GET', 'lock', { secret: guessed, language: 'de' }),
        401,
        'LOCK_AUTH_FAILED',
        undefined,
        'de',
      );
      // Nothing was written by the refused calls.
      expect(await t.db.selectFrom('lock_syncs').select('id').execute()).toEqual([]);
    });

    it('tells a lock about itself: room, place, mac, the card MAC key and the server time', async () => {
      const secret = await install('2305');
      const lock = deviceOk(await device(t, 'GET', 'lock', { secret }));
      expect(lock).toEqual({
        room_id: room('2305'),
        room_name: '2305',
        hotel_id: t.ids.hotelId,
        building: 2,
        floor: 3,
        mac_id: 'A0B0C0020305',
        card_mac_key: await t.app.cardKeys.cardMacKey(t.db, t.ids.hotelId),
        server_time: nowSeconds(),
      });
      expect(lock['card_mac_key']).toMatch(/^[0-9a-f]{32}$/i);
      const seen = await t.db
        .selectFrom('lock_devices')
        .select('last_seen_at')
        .where('room_id', '=', room('2305'))
        .executeTakeFirstOrThrow();
      expect(seen.last_seen_at?.getTime()).toBe(t.clock.ms);
    });

    it('withdraws the old secret when a new one is issued', async () => {
      const first = await install('1106');
      deviceOk(await device(t, 'GET', 'lock', { secret: first }));
      const second = await install('1106');
      expect(second).not.toBe(first);
      expectDeviceRefused(await device(t, 'GET', 'lock', { secret: first }), 401, 'LOCK_AUTH_FAILED');
      expectDeviceRefused(
        await device(t, 'POST', 'records', { secret: first, body: { records: [record()] } }),
        401,
        'LOCK_AUTH_FAILED',
      );
      deviceOk(await device(t, 'GET', 'lock', { secret: second }));
      expect(await storedRecords(room('1106'))).toEqual([]);
    });

    it("keeps every lock to its own room: another room's secret neither reads nor writes this room", async () => {
      const mine = await install('1106');
      const theirs = await install('1107');
      // The random part of one secret does not open another room by changing the room id.
      const forged = mine.replace(`lds_${room('1106')}_`, `lds_${room('1107')}_`);
      expectDeviceRefused(await device(t, 'GET', 'lock', { secret: forged }), 401, 'LOCK_AUTH_FAILED');

      const sync = await start(mine);
      expectDeviceRefused(
        await device(t, 'POST', 'sync/finish', { secret: theirs, body: { sync_id: sync.sync_id } }),
        404,
        'LOCK_SYNC_UNKNOWN',
      );
      expectDeviceRefused(
        await device(t, 'POST', 'records', {
          secret: theirs,
          body: { sync_id: sync.sync_id, records: [record()] },
        }),
        404,
        'LOCK_SYNC_UNKNOWN',
      );
      // Records a lock uploads are its own room's, whatever they say.
      await upload(theirs, [record({ type: 'card', reason: 'guestCard', credential: '1' })]);
      expect(await storedRecords(room('1106'))).toEqual([]);
      expect(await storedRecords(room('1107'))).toEqual([
        expect.objectContaining({ room_id: room('1107'), mac_id: 'A0B0C0010107' }),
      ]);
      // The sync of this room is untouched by the refusals.
      expect(await finish(mine, sync.sync_id)).toEqual({ sync_id: sync.sync_id, confirmed: 0 });
    });
  });

  describe('the state a sync hands out', () => {
    it('is empty for a lock with nothing to hold, and tells the lock about itself', async () => {
      const secret = await install('1107');
      const sync = await start(secret, { operator: 'Desk', lock_time: nowSeconds() + 5 });
      expect(sync).toEqual({
        sync_id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        server_time: nowSeconds(),
        lock: expect.objectContaining({ room_id: room('1107'), mac_id: 'A0B0C0010107' }),
        state: {
          deleted_cards: [],
          universal_cards: [],
          sequences: {},
          passwords: [],
          faces: [],
          fingerprints: [],
        },
      });
      const row = await t.db
        .selectFrom('lock_syncs')
        .selectAll()
        .where('sync_uid', '=', sync.sync_id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        room_id: room('1107'),
        operator: 'Desk',
        finished_at: null,
        state: sync.state,
      });
      const lock = await t.db
        .selectFrom('lock_devices')
        .select('clock_drift_ms')
        .where('room_id', '=', room('1107'))
        .executeTakeFirstOrThrow();
      expect(lock.clock_drift_ms).toBe((nowSeconds() + 5) * 1000 - t.clock.ms);
    });

    it('holds the number of a withdrawn card until it expires, and the newest unsubscribe sequence', async () => {
      const secret = await install('1106');
      const first = await guestCard('1106', '04A1B2C3');
      const { plan: second } = await (async () => {
        const plan = ok(
          await call<Plan>('room/sendCard', {
            stay_id: first.stayId,
            card_uid: '04D5E6F7',
            unsubscribe_old: true,
          }),
        );
        await writeAndConfirm(t, token, new VirtualCard('04D5E6F7'), plan);
        return { plan };
      })();
      const sequence = (
        await t.db
          .selectFrom('cards')
          .select('sequence')
          .where('id', '=', second.id)
          .executeTakeFirstOrThrow()
      ).sequence;
      ok(await call('passenger/deleteCardByCardId', { card_id: first.plan.card_id }));

      const state = (await start(secret)).state;
      expect(state.deleted_cards).toEqual([Number(first.plan.card_id)]);
      expect(state.sequences).toEqual({ normal: sequence });
      // Another room's lock learns neither.
      const other = (await start(await install('1107'))).state;
      expect(other).toMatchObject({ deleted_cards: [], sequences: {} });

      // Past the card's end the lock refuses it anyway: it leaves the list.
      t.clock.advance(3 * DAY);
      expect((await start(secret)).state.deleted_cards).toEqual([]);
    });

    it('lists a universal card for the locks it opens, and moves it to the refused ones when deleted', async () => {
      const secret = await install('1106');
      const plan = ok(
        await call<Plan>('lock/managerAddNew', {
          type: 5,
          card_uid: '04A1B2C3',
          end_time: nowSeconds() + 30 * 86_400,
          room_ids: [room('1106')],
        }),
      );
      await writeAndConfirm(t, token, new VirtualCard('04A1B2C3'), plan);
      expect((await start(secret)).state).toMatchObject({
        universal_cards: [Number(plan.card_id)],
        deleted_cards: [],
      });
      expect((await start(await install('1107'))).state.universal_cards).toEqual([]);
      ok(await call('lock/managerDelete', { id: plan.id }));
      expect((await start(secret)).state).toMatchObject({
        universal_cards: [],
        deleted_cards: [Number(plan.card_id)],
      });
    });

    it('gives a building card with unsubscribe-old to the locks of its building only', async () => {
      const plan = ok(
        await call<Plan>('room/cardAdd', {
          type: 2,
          card_uid: '04A1B2C3',
          building: 1,
          end_time: nowSeconds() + 30 * 86_400,
          unsubscribe_old: true,
        }),
      );
      await writeAndConfirm(t, token, new VirtualCard('04A1B2C3'), plan);
      const sequence = (
        await t.db.selectFrom('cards').select('sequence').where('id', '=', plan.id).executeTakeFirstOrThrow()
      ).sequence;
      expect((await start(await install('1305'))).state.sequences).toEqual({ building: sequence });
      expect((await start(await install('2305'))).state.sequences).toEqual({});
    });

    it("holds the room's usable passwords with their pin_hash, and drops revoked ones and a frozen guest's", async () => {
      const secret = await install('1101');
      const made = ok(
        await call<{ id: number; password: string }>('room/password', { room_id: room('1101') }),
      );
      const kept = ok(
        await call<{ id: number; password: string; end_time: number; start_time: number }>(
          'room/addPassword',
          {
            room_id: room('1101'),
            password: '135790',
            single_use: false,
          },
        ),
      );
      const state = (await start(secret)).state;
      expect(state.passwords.map((p) => [p.id, p.single_use])).toEqual([
        [made.id, true],
        [kept.id, false],
      ]);
      const entered = state.passwords.find((p) => p.id === kept.id);
      expect(entered).toMatchObject({ start_time: kept.start_time, end_time: kept.end_time });
      expect(await verifyPin('135790', entered?.pin_hash ?? '')).toBe(true);
      expect(await verifyPin('135791', entered?.pin_hash ?? '')).toBe(false);

      ok(await call('room/callbackPassword', { id: made.id }));
      expect((await start(secret)).state.passwords.map((p) => p.id)).toEqual([kept.id]);

      await t.db.updateTable('stays').set({ frozen: true }).where('room_id', '=', room('1101')).execute();
      expect((await start(secret)).state.passwords).toEqual([]);
    });

    it('holds the faces granted to the room over their stay, and the fingerprints delivered or on their way', async () => {
      const secret = await install('1101');
      const faceId = await makeFace(t, room('1101'));
      const stay = await t.db
        .selectFrom('stays')
        .select(['id', 'check_in', 'check_out'])
        .where('room_id', '=', room('1101'))
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      await t.db.updateTable('faces').set({ stay_id: stay.id }).where('id', '=', faceId).execute();
      const face = await t.db
        .selectFrom('faces')
        .select('face_id')
        .where('id', '=', faceId)
        .executeTakeFirstOrThrow();
      const fingerprintId = await makeFingerprint(t, room('1101'));
      await t.db
        .updateTable('fingerprints')
        .set({ stay_id: stay.id })
        .where('id', '=', fingerprintId)
        .execute();
      const finger = await t.db
        .selectFrom('fingerprints')
        .select('finger_id')
        .where('id', '=', fingerprintId)
        .executeTakeFirstOrThrow();
      const delivery = ok(
        await call<{ id: number }>('fingerprint/send', { id: fingerprintId, room_id: room('1101') }),
      );

      const period = {
        start_time: Math.floor(stay.check_in.getTime() / 1000),
        end_time: Math.floor(stay.check_out.getTime() / 1000),
      };
      const state = (await start(secret)).state;
      expect(state.faces).toEqual([{ id: faceId, face_id: face.face_id, ...period }]);
      expect(state.fingerprints).toEqual([{ id: fingerprintId, finger_id: finger.finger_id, ...period }]);
      // Other rooms hold neither.
      expect((await start(await install('1102'))).state).toMatchObject({ faces: [], fingerprints: [] });

      await t.db.updateTable('faces').set({ status: 'deleted' }).where('id', '=', faceId).execute();
      ok(await call('fingerprint/delSendData', { id: delivery.id }));
      expect((await start(secret)).state).toMatchObject({ faces: [], fingerprints: [] });
    });
  });

  describe('records, exactly once', () => {
    it('stores a batch once however often it is uploaded, and only the new records of an overlapping one', async () => {
      const secret = await install('1106');
      const batch = [record(), record({ operator: 'Night desk' }), record()];
      expect(await upload(secret, batch)).toEqual({ stored: 3, duplicates: 0 });
      expect(await upload(secret, batch)).toEqual({ stored: 0, duplicates: 3 });
      const overlap = [batch[2] as Record_, record(), record()];
      expect(await upload(secret, overlap)).toEqual({ stored: 2, duplicates: 1 });
      // The same record twice in one batch counts once.
      const twice = record();
      expect(await upload(secret, [twice, { ...twice }])).toEqual({ stored: 1, duplicates: 1 });
      const stored = await storedRecords(room('1106'));
      expect(stored.map((r) => r.record_uid).sort()).toEqual(
        [...batch, ...overlap.slice(1), twice].map((r) => r.record_uid).sort(),
      );
      expect(stored[1]).toMatchObject({
        type: 'bluetooth',
        opened: true,
        reason: 'bluetooth',
        content: 'Bluetooth unlock',
        source: 'Bluetooth / Night desk',
        operator: 'Night desk',
        mac_id: 'A0B0C0010106',
        happened_at: new Date((nowSeconds() - 60) * 1000),
      });
    });

    it('stores each record once when the same batch arrives twice at the same time', async () => {
      const secret = await install('1106');
      const batch = Array.from({ length: 40 }, () => record());
      const answers = await Promise.all([
        upload(secret, batch),
        upload(secret, batch),
        upload(secret, batch),
      ]);
      expect(answers.reduce((n, a) => n + a.stored, 0)).toBe(40);
      expect(answers.reduce((n, a) => n + a.duplicates, 0)).toBe(80);
      expect(await storedRecords(room('1106'))).toHaveLength(40);
    });

    it('fills the stay, the text and the source from the credential', async () => {
      const secret = await install('1106');
      const { plan, stayId } = await guestCard('1106', '04A1B2C3');
      const opened = record({
        type: 'card',
        reason: 'guestCard',
        credential: plan.card_id,
        card_uid: '04A1B2C3',
        operator: undefined,
      });
      const denied = record({
        type: 'card',
        opened: false,
        reason: 'superseded',
        credential: plan.card_id.padStart(8, '0'),
        operator: undefined,
      });
      const foreign = record({
        type: 'card',
        opened: false,
        reason: 'wrongHotel',
        credential: plan.card_id,
        operator: undefined,
      });
      const unknownPin = record({
        type: 'password',
        opened: false,
        reason: 'passwordUnknown',
        credential: '',
        operator: undefined,
      });
      await upload(secret, [opened, denied, foreign, unknownPin]);
      const rows = await storedRecords(room('1106'));
      const view = (uid: string) => {
        const r = rows.find((x) => x.record_uid === uid);
        return (
          r && {
            type: r.type,
            opened: r.opened,
            reason: r.reason,
            credential: r.credential,
            content: r.content,
            source: r.source,
            stay_id: r.stay_id,
          }
        );
      };
      expect(view(opened.record_uid)).toEqual({
        type: 'card',
        opened: true,
        reason: 'guestCard',
        credential: plan.card_id,
        content: 'Guest card',
        source: `card ${plan.card_id} / Card Guest`,
        stay_id: stayId,
      });
      expect(view(denied.record_uid)).toMatchObject({
        opened: false,
        content: 'Denied: superseded',
        stay_id: stayId,
      });
      // Another hotel's card names nothing of this hotel, even with a number this hotel uses.
      expect(view(foreign.record_uid)).toMatchObject({
        content: 'Denied: card of another hotel',
        source: `card ${plan.card_id}`,
        stay_id: null,
      });
      expect(view(unknownPin.record_uid)).toMatchObject({
        type: 'password',
        content: 'Denied: unknown password',
        source: 'password',
        stay_id: null,
      });
    });

    it('spends a single-use password that opened, once, and leaves the others active', async () => {
      const secret = await install('1101');
      const single = ok(await call<{ id: number }>('room/password', { room_id: room('1101') }));
      const multi = ok(
        await call<{ id: number }>('room/password', { room_id: room('1101'), single_use: false }),
      );
      const denied = ok(await call<{ id: number }>('room/password', { room_id: room('1101') }));
      const batch = [
        record({ type: 'password', reason: '', credential: String(single.id), operator: undefined }),
        record({ type: 'password', reason: '', credential: String(multi.id), operator: undefined }),
        record({
          type: 'password',
          opened: false,
          reason: 'passwordExpired',
          credential: String(denied.id),
          operator: undefined,
        }),
      ];
      await upload(secret, batch);
      await upload(secret, batch);
      const statuses = await t.db
        .selectFrom('lock_passwords')
        .select(['id', 'status'])
        .where('room_id', '=', room('1101'))
        .orderBy('id')
        .execute();
      expect(statuses).toEqual([
        { id: single.id, status: 'used' },
        { id: multi.id, status: 'active' },
        { id: denied.id, status: 'active' },
      ]);
      const history = ok(
        await call<{ list: { id: number; status: string }[] }>('room/passwordHistory', {
          room_id: room('1101'),
        }),
      );
      expect(history.list.find((p) => p.id === single.id)?.status).toBe('used');
      const rows = await storedRecords(room('1101'));
      expect(rows.find((r) => r.credential === String(single.id))).toMatchObject({
        content: 'Password',
        source: `password #${single.id} / Li Wei`,
      });
      // The used password leaves the state.
      expect((await start(secret)).state.passwords.map((p) => p.id)).toEqual([multi.id, denied.id]);
    });

    it('refuses a bad upload with 400 and names the field', async () => {
      const secret = await install('1106');
      const bad = async (body: unknown, code: ErrorCode, field: string) =>
        expectDeviceRefused(await device(t, 'POST', 'records', { secret, body }), 400, code, { field });
      await bad({}, 'FIELD_REQUIRED', 'records');
      await bad({ records: [] }, 'FIELD_INVALID', 'records');
      await bad({ records: Array.from({ length: 501 }, () => record()) }, 'FIELD_INVALID', 'records');
      await bad(
        { records: [record({ record_uid: 'not-a-uuid' })] },
        'FIELD_INVALID',
        'records[0].record_uid',
      );
      await bad(
        { records: [record(), record({ type: 'remote' as never })] },
        'FIELD_INVALID',
        'records[1].type',
      );
      await bad({ records: [record({ time: 'soon' as never })] }, 'FIELD_INVALID', 'records[0].time');
      await bad({ records: [record({ opened: 'yes' as never })] }, 'FIELD_INVALID', 'records[0].opened');
      await bad({ records: [record({ reason: 'because' })] }, 'FIELD_INVALID', 'records[0].reason');
      await bad(
        { records: [record({ credential: 'x'.repeat(65) })] },
        'FIELD_INVALID',
        'records[0].credential',
      );
      await bad(
        { records: [{ ...record(), record_uid: undefined }] },
        'FIELD_REQUIRED',
        'records[0].record_uid',
      );
      expectDeviceRefused(
        await device(t, 'POST', 'records', { secret, raw: '{"records": [' }),
        400,
        'FIELD_INVALID',
        { field: 'body' },
      );
      expectDeviceRefused(
        await device(t, 'POST', 'sync/finish', { secret, body: {} }),
        400,
        'FIELD_REQUIRED',
        { field: 'sync_id' },
      );
      expectDeviceRefused(
        await device(t, 'POST', 'sync/start', { secret, body: { operator: 'x'.repeat(65) } }),
        400,
        'FIELD_INVALID',
        { field: 'operator' },
      );
      // Nothing of a refused batch is kept, not even its good records.
      expect(await storedRecords(room('1106'))).toEqual([]);
    });
  });

  describe('finishing a sync', () => {
    async function pendingDeliveries(roomId: number) {
      const cards = await t.db
        .selectFrom('card_lock_sync')
        .select(['card_id', 'synced_at'])
        .where('room_id', '=', roomId)
        .execute();
      const fingers = await t.db
        .selectFrom('fingerprint_deliveries')
        .select(['fingerprint_id', 'status'])
        .where('room_id', '=', roomId)
        .orderBy('id')
        .execute();
      return { cards: cards.map((c) => c.synced_at === null), fingers: fingers.map((f) => f.status) };
    }

    it('confirms deliveries only once the lock finished, after an interrupted sync as well; records stay once', async () => {
      const secret = await install('1106');
      const { plan } = await guestCard('1106', '04A1B2C3');
      ok(await call('passenger/deleteCardByCardId', { card_id: plan.card_id }));
      const fingerprintId = await makeFingerprint(t, null);
      ok(await call('fingerprint/send', { id: fingerprintId, room_id: room('1106') }));
      expect(await pendingDeliveries(room('1106'))).toEqual({ cards: [true], fingers: ['pending'] });

      // The first sync stops half way: records uploaded, no finish.
      const buffered = [
        record({ type: 'card', opened: false, reason: 'deleted', credential: plan.card_id }),
        record(),
      ];
      const broken = await start(secret, { operator: 'Desk' });
      expect(broken.state.deleted_cards).toEqual([Number(plan.card_id)]);
      expect(await upload(secret, buffered, broken.sync_id)).toEqual({ stored: 2, duplicates: 0 });
      expect(await pendingDeliveries(room('1106'))).toEqual({ cards: [true], fingers: ['pending'] });
      let lock = await t.db
        .selectFrom('lock_devices')
        .selectAll()
        .where('room_id', '=', room('1106'))
        .executeTakeFirstOrThrow();
      expect(lock).toMatchObject({ confirmed_state: {}, confirmed_sync_id: null, last_sync_at: null });
      expect(
        ok(await call<{ pending: number }>('room/manageCardSyncDataList', { room_id: room('1106') })).pending,
      ).toBe(1);

      // The full sync again: the same records (the lock never heard back) plus a new one.
      t.clock.advance(60_000);
      const again = await start(secret, { operator: 'Desk' });
      expect(again.state).toEqual(broken.state);
      const more = record();
      expect(await upload(secret, [...buffered, more], again.sync_id)).toEqual({ stored: 1, duplicates: 2 });
      expect(await finish(secret, again.sync_id)).toEqual({ sync_id: again.sync_id, confirmed: 2 });

      expect(await storedRecords(room('1106'))).toHaveLength(3);
      expect(await pendingDeliveries(room('1106'))).toEqual({ cards: [false], fingers: ['delivered'] });
      expect(
        ok(await call<{ pending: number }>('room/manageCardSyncDataList', { room_id: room('1106') })).pending,
      ).toBe(0);
      const card = await t.db
        .selectFrom('cards')
        .select('lock_synced')
        .where('id', '=', plan.id)
        .executeTakeFirstOrThrow();
      expect(card.lock_synced).toBe(true);
      lock = await t.db
        .selectFrom('lock_devices')
        .selectAll()
        .where('room_id', '=', room('1106'))
        .executeTakeFirstOrThrow();
      const againRow = await t.db
        .selectFrom('lock_syncs')
        .selectAll()
        .where('sync_uid', '=', again.sync_id)
        .executeTakeFirstOrThrow();
      expect(lock).toMatchObject({ confirmed_state: again.state, confirmed_sync_id: againRow.id });
      expect(lock.last_sync_at?.getTime()).toBe(t.clock.ms);
      expect(againRow).toMatchObject({ records_stored: 1, records_duplicate: 2, confirmed: 2 });
      expect(againRow.finished_at?.getTime()).toBe(t.clock.ms);
      const brokenRow = await t.db
        .selectFrom('lock_syncs')
        .selectAll()
        .where('sync_uid', '=', broken.sync_id)
        .executeTakeFirstOrThrow();
      expect(brokenRow).toMatchObject({ finished_at: null, records_stored: 2, records_duplicate: 0 });
    });

    it('answers a second finish as the first and changes nothing more', async () => {
      const secret = await install('1106');
      const fingerprintId = await makeFingerprint(t, null);
      ok(await call('fingerprint/send', { id: fingerprintId, room_id: room('1106') }));
      const sync = await start(secret);
      const first = await finish(secret, sync.sync_id);
      expect(first).toEqual({ sync_id: sync.sync_id, confirmed: 1 });
      const before = await t.db
        .selectFrom('lock_devices')
        .selectAll()
        .where('room_id', '=', room('1106'))
        .executeTakeFirstOrThrow();
      // Meanwhile a new delivery waits: a repeated finish of the old sync must not confirm it.
      const later = await makeFingerprint(t, null);
      ok(await call('fingerprint/send', { id: later, room_id: room('1106') }));
      t.clock.advance(5_000);
      expect(await finish(secret, sync.sync_id)).toEqual(first);
      const after = await t.db
        .selectFrom('lock_devices')
        .selectAll()
        .where('room_id', '=', room('1106'))
        .executeTakeFirstOrThrow();
      expect({ ...after, last_seen_at: null }).toEqual({ ...before, last_seen_at: null });
      expect((await pendingDeliveries(room('1106'))).fingers).toEqual(['delivered', 'pending']);
      // Two finishes at once answer the same too.
      const next = await start(secret);
      const both = await Promise.all([finish(secret, next.sync_id), finish(secret, next.sync_id)]);
      expect(both[0]).toEqual(both[1]);
      expect(both[0]?.confirmed).toBe(1);
    });

    it('leaves a change made during the sync waiting for the next one', async () => {
      const secret = await install('1106');
      const { plan } = await guestCard('1106', '04A1B2C3');
      const sync = await start(secret);
      ok(await call('passenger/deleteCardByCardId', { card_id: plan.card_id }));
      const withdrawal = await t.db.selectFrom('fingerprint_deliveries').select('id').execute();
      expect(withdrawal).toEqual([]);
      expect(await finish(secret, sync.sync_id)).toMatchObject({ confirmed: 0 });
      expect(
        ok(await call<{ deleted: string[] }>('room/manageCardSyncDataList', { room_id: room('1106') }))
          .deleted,
      ).toEqual([plan.card_id]);
      const next = await start(secret);
      expect(next.state.deleted_cards).toEqual([Number(plan.card_id)]);
      expect(await finish(secret, next.sync_id)).toMatchObject({ confirmed: 1 });
    });

    it('withdraws a fingerprint from the lock only when the lock confirmed it', async () => {
      const secret = await install('1106');
      const fingerprintId = await makeFingerprint(t, null);
      const delivery = ok(
        await call<{ id: number }>('fingerprint/send', { id: fingerprintId, room_id: room('1106') }),
      );
      await finish(secret, (await start(secret)).sync_id);
      ok(await call('fingerprint/delSendData', { id: delivery.id }));
      expect((await pendingDeliveries(room('1106'))).fingers).toEqual(['deleting']);
      const sync = await start(secret);
      expect(sync.state.fingerprints).toEqual([]);
      expect((await pendingDeliveries(room('1106'))).fingers).toEqual(['deleting']);
      expect(await finish(secret, sync.sync_id)).toMatchObject({ confirmed: 1 });
      expect((await pendingDeliveries(room('1106'))).fingers).toEqual(['deleted']);
    });

    it('ends a withdrawal that a new delivery of the same fingerprint overtook', async () => {
      const secret = await install('1106');
      const fingerprintId = await makeFingerprint(t, null);
      const first = ok(
        await call<{ id: number }>('fingerprint/send', { id: fingerprintId, room_id: room('1106') }),
      );
      await finish(secret, (await start(secret)).sync_id);
      ok(await call('fingerprint/delSendData', { id: first.id }));
      ok(await call('fingerprint/send', { id: fingerprintId, room_id: room('1106') }));
      expect((await pendingDeliveries(room('1106'))).fingers).toEqual(['deleting', 'pending']);
      const sync = await start(secret);
      expect(sync.state.fingerprints.map((f) => f.id)).toEqual([fingerprintId]);
      expect(await finish(secret, sync.sync_id)).toMatchObject({ confirmed: 2 });
      expect((await pendingDeliveries(room('1106'))).fingers).toEqual(['deleted', 'delivered']);
    });

    it('keeps the newer confirmed state when an older sync finishes late; refuses unknown syncs', async () => {
      const secret = await install('1106');
      const older = await start(secret);
      ok(
        await call('room/password', {
          room_id: room('1106'),
          start_time: nowSeconds(),
          end_time: nowSeconds() + 3600,
        }),
      );
      const newer = await start(secret);
      expect(newer.state.passwords).toHaveLength(1);
      await finish(secret, newer.sync_id);
      expect(await finish(secret, older.sync_id)).toEqual({ sync_id: older.sync_id, confirmed: 0 });
      const lock = await t.db
        .selectFrom('lock_devices')
        .select('confirmed_state')
        .where('room_id', '=', room('1106'))
        .executeTakeFirstOrThrow();
      expect(lock.confirmed_state).toEqual(newer.state);
      expectDeviceRefused(
        await device(t, 'POST', 'sync/finish', { secret, body: { sync_id: 'no-such-sync' } }),
        404,
        'LOCK_SYNC_UNKNOWN',
      );
      expectDeviceRefused(
        await device(t, 'POST', 'records', {
          secret,
          body: { sync_id: 'no-such-sync', records: [record()] },
        }),
        404,
        'LOCK_SYNC_UNKNOWN',
      );
    });
  });
});

describeEachDatabase(
  'device API: failed authentications',
  (t) => {
    beforeEach(() => t.reset());

    /** Issues a secret to the locks of the first `count` demo rooms that have one; answers them by room id. */
    async function installAll(count = 12): Promise<Map<number, string>> {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const rooms = await t.db
        .selectFrom('rooms')
        .select('id')
        .where('hotel_id', '=', t.ids.hotelId)
        .where('mac_id', 'is not', null)
        .orderBy('id')
        .limit(count)
        .execute();
      const secrets = new Map<number, string>();
      for (const { id } of rooms) {
        const issued = ok(
          await t.call<{ lock_secret: string }>('lock/issueSecret', { room_id: id }, { token }),
        );
        secrets.set(id, issued.lock_secret);
      }
      return secrets;
    }
    const wrongFor = (roomId: number) => `lds_${roomId}_${randomBytes(32).toString('base64url')}`;
    const status = async (authorization: string | undefined, address?: string) =>
      (
        await device(t, 'GET', 'lock', {
          ...(authorization === undefined ? {} : { authorization }),
          ...(address ? { address } : {}),
        })
      ).status;

    it('refuses the failures past the budget of the lock they claimed with 429 until the minute passes; its good secret still opens', async () => {
      const secrets = await installAll();
      const [a, b] = [...secrets.keys()] as [number, number];
      for (let i = 0; i < 3; i++)
        expectDeviceRefused(
          await device(t, 'GET', 'lock', { secret: wrongFor(a), address: '10.0.0.7' }),
          401,
          'LOCK_AUTH_FAILED',
        );
      expectDeviceRefused(
        await device(t, 'GET', 'lock', { secret: wrongFor(a), address: '10.0.0.7' }),
        429,
        'TOO_MANY_ATTEMPTS',
      );
      // The budget is the claimed lock's, from any address; another lock has its own.
      expect(await status(`Lock ${wrongFor(a)}`, '10.0.0.8')).toBe(429);
      expect(await status(`Lock ${wrongFor(b)}`, '10.0.0.7')).toBe(401);
      // The lock itself, with its secret, is not refused for what others sent in its name.
      deviceOk(await device(t, 'GET', 'lock', { secret: secrets.get(a) as string, address: '10.0.0.7' }));
      deviceOk(await device(t, 'GET', 'lock', { secret: secrets.get(a) as string, address: '10.0.0.8' }));
      t.clock.advance(60_000);
      expect(await status(`Lock ${wrongFor(a)}`, '10.0.0.7')).toBe(401);
    });

    it('counts per address only what claims no known lock', async () => {
      const secrets = await installAll();
      const [a] = [...secrets.keys()] as [number];
      const unknown = ['Lock junk', 'Bearer x', undefined, `Lock ${wrongFor(2_000_000_000)}`];
      const answers: number[] = [];
      for (const authorization of unknown) answers.push(await status(authorization, '10.0.0.9'));
      expect(answers).toEqual([401, 401, 401, 429]);
      // Another address has its own budget; a known lock's wrong secret counts against the lock, not the address.
      expect(await status('Lock junk', '10.0.0.10')).toBe(401);
      expect(await status(`Lock ${wrongFor(a)}`, '10.0.0.9')).toBe(401);
      deviceOk(await device(t, 'GET', 'lock', { secret: secrets.get(a) as string, address: '10.0.0.9' }));
    });

    it('keeps every lock behind one address syncing while junk is sent from it, in its own and in their names', async () => {
      const secrets = await installAll();
      expect(secrets.size).toBe(12);
      const bridge = '192.168.1.20';
      const junkAnswers: number[] = [];
      const junk = async () => {
        for (const authorization of ['Lock junk', undefined, `Lock ${wrongFor(2_000_000_000)}`])
          junkAnswers.push(await status(authorization, bridge));
        for (const roomId of secrets.keys())
          junkAnswers.push(await status(`Lock ${wrongFor(roomId)}`, bridge));
      };
      for (let round = 0; round < 4; round++) {
        await junk();
        // Every lock syncs in full from the same address, its calls interleaved with more junk.
        await Promise.all([
          junk(),
          ...[...secrets.values()].map(async (secret) => {
            const started = deviceOk(
              await device<Started>(t, 'POST', 'sync/start', { secret, body: {}, address: bridge }),
            );
            const opened: Record_ = {
              record_uid: randomUUID(),
              time: Math.floor(t.clock.ms / 1000) - 60,
              type: 'bluetooth',
              opened: true,
              reason: 'bluetooth',
              credential: '',
              operator: 'Desk',
            };
            deviceOk(
              await device(t, 'POST', 'records', {
                secret,
                body: { sync_id: started.sync_id, records: [opened] },
                address: bridge,
              }),
            );
            deviceOk(
              await device(t, 'POST', 'sync/finish', {
                secret,
                body: { sync_id: started.sync_id },
                address: bridge,
              }),
            );
          }),
        ]);
      }
      // The junk itself was refused: 401 within each budget, 429 past it, never let in.
      expect(new Set(junkAnswers)).toEqual(new Set([401, 429]));
      const synced = await t.db
        .selectFrom('lock_devices')
        .select('confirmed_sync_id')
        .where('room_id', 'in', [...secrets.keys()])
        .execute();
      expect(synced.every((l) => l.confirmed_sync_id !== null)).toBe(true);
      const records = await t.db
        .selectFrom('unlock_records')
        .select('room_id')
        .where('room_id', 'in', [...secrets.keys()])
        .where('record_uid', 'is not', null)
        .execute();
      expect(records).toHaveLength(secrets.size * 4);
    });
  },
  { publicCallsPerMinute: 3 },
);
