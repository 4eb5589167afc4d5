/**
 * Issue 11 slice D (API.md §13): firmware (lock/addFirmwares, lock/getFirmwaresList) and faces granted to more locks
 * (lock/empowerFace, lock/empowerFaceList, lock/deleteEmpowerFace): who may call them, the refusals with their
 * catalogue codes, and a grant in the state its lock must hold and in lock/inLockList.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { roomLockMarks } from '../src/rooms/repository/lock-marks.js';
import { lockState } from '../src/services/lock-state.js';
import { apiDocText, apiSections } from './api-doc.js';
import { describeEachDatabase } from './helpers.js';
import { FIRMWARE_BIN, HTML, JPEG, makeFace, tempDataDir, upload, ZIP } from './media-helpers.js';
import { addOtherHotel, DAY, expectRefused, HOUR, OTHER_ADMIN, ok } from './room-helpers.js';

const CALLS = [
  'lock/addFirmwares',
  'lock/getFirmwaresList',
  'lock/empowerFace',
  'lock/empowerFaceList',
  'lock/deleteEmpowerFace',
];

interface FirmwareItem {
  id: number;
  name: string;
  version: string;
  model: string;
  sha256: string;
  size: number;
  applies_to: 'all' | 'chosen';
  lock_count: number;
  current_count: number;
  locks: { room_id: number; name: string; lock_version: string; current: boolean }[];
}
interface FirmwareList {
  list: FirmwareItem[];
  total: number;
}
interface Grant {
  id: number;
  face: number;
  room_id: number;
  room_name: string;
  start_time: number;
  end_time: number;
  state: string;
}

describe('slice D calls: documented in API.md §13', () => {
  it('has a heading per call in section 13', () => {
    const section = apiSections(apiDocText()).find((s) => s.number === 13);
    expect(section).toBeDefined();
    expect(CALLS.filter((c) => !section?.calls.has(c))).toEqual([]);
  });
});

describeEachDatabase(
  'firmware',
  (t) => {
    let superToken: string;
    beforeEach(async () => {
      await t.reset();
      superToken = await t.login(DEMO_ACCOUNTS.super);
    });

    const uploadFirmware = async (token: string, data = FIRMWARE_BIN, name = 'lock.bin') => {
      const res = await upload(t, token, 'firmware', data, name, 'application/octet-stream');
      expect(res.errno, res.errmsg).toBe(0);
      return res.data?.url as string;
    };
    const add = (token: string, body: Record<string, unknown>) =>
      t.call('lock/addFirmwares', body, { token });
    const list = async (token: string, body: Record<string, unknown> = {}) =>
      ok(await t.call<FirmwareList>('lock/getFirmwaresList', body, { token }));

    it('records an uploaded image with its SHA-256 and lists the chosen locks and which run it', async () => {
      const file = await uploadFirmware(superToken);
      const rooms = [t.ids.rooms['1101'], t.ids.rooms['1102']] as number[];
      await t.db
        .updateTable('rooms')
        .set({ lock_version: 'V2.4.0' })
        .where('id', '=', rooms[0] as number)
        .execute();
      const added = ok(
        await add(superToken, {
          file,
          file_name: 'LD-A1 2.4.0.BIN',
          name: 'LD-A1 spring',
          version: '2.4.0',
          model: 'LD-A1',
          room_ids: [rooms[1], rooms[0], rooms[1]],
          note: 'battery fix',
        }),
      ) as FirmwareItem;
      expect(added).toMatchObject({
        name: 'LD-A1 spring',
        version: '2.4.0',
        model: 'LD-A1',
        size: FIRMWARE_BIN.length,
        sha256: createHash('sha256').update(FIRMWARE_BIN).digest('hex'),
        applies_to: 'chosen',
      });
      const { list: items, total } = await list(superToken);
      expect(total).toBe(1);
      expect(items[0]).toMatchObject({ id: added.id, lock_count: 2, current_count: 1 });
      expect(items[0]?.locks.map((l) => [l.name, l.current])).toEqual([
        ['1101', true],
        ['1102', false],
      ]);
      expect((await list(superToken, { keyword: 'ld-a1' })).total).toBe(1);
      expect((await list(superToken, { keyword: 'nothing' })).total).toBe(0);
    });

    it('applies a firmware without chosen rooms to every lock of the hotel', async () => {
      const file = await uploadFirmware(superToken, ZIP, 'pack.zip');
      ok(await add(superToken, { file, file_name: 'pack.zip', name: 'All', version: 'v2.3.1' }));
      const [item] = (await list(superToken)).list;
      expect(item?.applies_to).toBe('all');
      const withLock = await t.db
        .selectFrom('rooms')
        .select('id')
        .where('hotel_id', '=', t.ids.hotelId)
        .where('mac_id', 'is not', null)
        .execute();
      expect(withLock.length).toBeGreaterThan(2);
      expect(item?.lock_count).toBe(withLock.length);
      // Every demo lock runs v2.3.1.
      expect(item?.current_count).toBe(withLock.length);
    });

    it('refuses files that are no firmware, too large, or named unlike their type', async () => {
      const html = await upload(t, superToken, 'firmware', HTML, 'x.bin', 'application/octet-stream');
      expect(html.code).toBe('FILE_TYPE_NOT_ALLOWED');
      const jpeg = await upload(t, superToken, 'firmware', JPEG, 'x.bin', 'application/octet-stream');
      expect(jpeg.code).toBe('FILE_TYPE_NOT_ALLOWED');
      const big = Buffer.concat([FIRMWARE_BIN, Buffer.alloc(8 * 1024 * 1024, 1)]);
      const large = await upload(t, superToken, 'firmware', big, 'x.bin', 'application/octet-stream');
      expect(large.code).toBe('FILE_TOO_LARGE');

      const file = await uploadFirmware(superToken);
      const body = { file, file_name: 'lock.bin', name: 'N', version: '1.0.0' };
      expectRefused(await add(superToken, { ...body, file_name: 'lock.hex' }), 'FILE_TYPE_NOT_ALLOWED', {
        types: 'BIN, ZIP',
      });
      expectRefused(await add(superToken, { ...body, file_name: 'lock.zip' }), 'FILE_TYPE_NOT_ALLOWED', {
        types: 'BIN, ZIP',
      });
      expectRefused(await add(superToken, { ...body, version: 'latest' }), 'FIELD_INVALID', {
        field: 'version',
      });
      expectRefused(await add(superToken, { ...body, file: '/files/nothing.bin' }), 'UPLOAD_FILE_INVALID', {
        field: 'file',
      });
      const face = await upload(t, superToken, 'face', JPEG, 'f.jpg', 'image/jpeg');
      expectRefused(await add(superToken, { ...body, file: face.data?.url }), 'UPLOAD_FILE_INVALID', {
        field: 'file',
      });
      ok(await add(superToken, body));
      // The same model and version again, and the same file again.
      const other = await uploadFirmware(superToken);
      expectRefused(await add(superToken, { ...body, file: other }), 'FIRMWARE_VERSION_EXISTS');
      expectRefused(await add(superToken, { ...body, version: '1.0.1' }), 'UPLOAD_FILE_INVALID', {
        field: 'file',
      });
      expect((await list(superToken)).total).toBe(1);
    });

    it('is for firmware.manage: the super administrator, or a secondary administrator granted it', async () => {
      const file = await uploadFirmware(superToken);
      ok(await add(superToken, { file, file_name: 'a.bin', name: 'A', version: '3.0' }));
      for (const mobile of [DEMO_ACCOUNTS.secondary, DEMO_ACCOUNTS.staff, DEMO_ACCOUNTS.customerManager]) {
        const token = await t.login(mobile);
        expectRefused(await t.call('oss/token', { purpose: 'firmware' }, { token }), 'PERMISSION_DENIED');
        expectRefused(await t.call('lock/getFirmwaresList', {}, { token }), 'PERMISSION_DENIED');
        expectRefused(
          await add(token, { file, file_name: 'a.bin', name: 'A', version: '3.1' }),
          'PERMISSION_DENIED',
        );
      }

      await t.db
        .updateTable('users')
        .set({ authorities: JSON.stringify(['firmware.manage']) })
        .where('id', '=', t.ids.users.secondary)
        .execute();
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      const own = await uploadFirmware(secondary);
      const body = { file: own, file_name: 'b.bin', name: 'B', version: '3.2' };
      expectRefused(await add(secondary, body), 'FIELD_REQUIRED', { field: 'room_ids' });
      expectRefused(await add(secondary, { ...body, room_ids: [t.ids.rooms['2101']] }), 'PERMISSION_DENIED');
      ok(await add(secondary, { ...body, room_ids: [t.ids.rooms['1101']] }));
      const seen = await list(secondary);
      expect(seen.total).toBe(2);
      // The hotel-wide firmware shows the secondary administrator's locks (building 1) only.
      const all = seen.list.find((x) => x.version === '3.0');
      const building1 = Object.keys(t.ids.rooms).filter((name) => name.startsWith('1'));
      expect(all?.lock_count).toBe(building1.length);
      expect(all?.locks.every((l) => l.name.startsWith('1'))).toBe(true);

      const other = await addOtherHotel(t.db, t.clock.ms);
      const otherToken = await t.login(OTHER_ADMIN);
      expect((await list(otherToken)).total).toBe(0);
      expectRefused(
        await add(otherToken, { file, file_name: 'a.bin', name: 'A', version: '9.9' }),
        'UPLOAD_FILE_INVALID',
        { field: 'file' },
      );
      const theirs = await uploadFirmware(otherToken);
      expectRefused(
        await add(otherToken, {
          file: theirs,
          file_name: 'a.bin',
          name: 'A',
          version: '9.9',
          room_ids: [t.ids.rooms['1101']],
        }),
        'NOT_FOUND',
      );
      ok(
        await add(otherToken, {
          file: theirs,
          file_name: 'a.bin',
          name: 'A',
          version: '9.9',
          room_ids: [other.roomId],
        }),
      );
    });
  },
  { dataDir: tempDataDir() },
);

describeEachDatabase('face grants', (t) => {
  let superToken: string;
  let face: number;
  let rooms: Record<string, number>;
  beforeEach(async () => {
    await t.reset();
    superToken = await t.login(DEMO_ACCOUNTS.super);
    face = await makeFace(t, null);
    rooms = t.ids.rooms;
  });

  const period = () => ({
    start_time: Math.floor((t.clock.ms - HOUR) / 1000),
    end_time: Math.floor((t.clock.ms + 2 * DAY) / 1000),
  });
  const grant = (token: string, body: Record<string, unknown>) =>
    t.call<{ list: Grant[] }>('lock/empowerFace', body, { token });
  const grants = async (token: string, body: Record<string, unknown> = {}) =>
    ok(await t.call<{ list: Grant[]; total: number }>('lock/empowerFaceList', body, { token }));

  it('puts a granted face in the state of each lock, waiting in lock/inLockList, until revoked', async () => {
    const p = period();
    const given = ok(await grant(superToken, { face, room_ids: [rooms['1102'], rooms['1101']], ...p }));
    expect(given.list.map((g) => [g.room_name, g.state])).toEqual([
      ['1101', 'waiting'],
      ['1102', 'waiting'],
    ]);
    const state = await lockState(t.db, t.ids.hotelId, rooms['1101'] as number, new Date(t.clock.ms));
    expect(state.faces).toContainEqual(expect.objectContaining({ id: face, ...p }));
    const inLock = ok(
      await t.call<{ list: { kind: string; ref_id: number; state: string; action: string }[] }>(
        'lock/inLockList',
        { room_id: rooms['1101'] },
        { token: superToken },
      ),
    );
    expect(inLock.list).toContainEqual(
      expect.objectContaining({ kind: 'face', ref_id: face, action: 'add', state: 'waiting' }),
    );

    // The lock confirms it at a sync: the grant reads confirmed.
    await t.db
      .insertInto('lock_devices')
      .values({
        room_id: rooms['1101'] as number,
        hotel_id: t.ids.hotelId,
        secret_hash: 'x',
        secret_issued_at: new Date(t.clock.ms),
        confirmed_state: JSON.stringify(state) as never,
        last_sync_at: new Date(t.clock.ms),
      })
      .execute();
    const after = await grants(superToken, { face });
    expect(after.total).toBe(2);
    expect(after.list.find((g) => g.room_id === rooms['1101'])?.state).toBe('confirmed');

    // Granting again changes the period of the same grant.
    const later = { ...p, end_time: p.end_time + 3600 };
    ok(await grant(superToken, { face, room_ids: [rooms['1101']], ...later }));
    const again = await grants(superToken, { room_id: rooms['1101'] });
    expect(again.list.map((g) => [g.end_time, g.state])).toEqual([[later.end_time, 'waiting']]);

    const id = again.list[0]?.id as number;
    ok(await t.call('lock/deleteEmpowerFace', { id }, { token: superToken }));
    expectRefused(await t.call('lock/deleteEmpowerFace', { id }, { token: superToken }), 'NOT_FOUND');
    const gone = await lockState(t.db, t.ids.hotelId, rooms['1101'] as number, new Date(t.clock.ms));
    expect(gone.faces.map((x) => x.id)).not.toContain(face);
    const removal = ok(
      await t.call<{ list: { kind: string; ref_id: number; state: string; action: string }[] }>(
        'lock/inLockList',
        { room_id: rooms['1101'] },
        { token: superToken },
      ),
    );
    expect(removal.list).toContainEqual(
      expect.objectContaining({ kind: 'face', ref_id: face, action: 'remove', state: 'waiting' }),
    );
    expect((await grants(superToken, { face })).total).toBe(1);
  });

  it('counts in the room list’s waiting mark, and leaves the state when the period ends', async () => {
    const p = period();
    const room = rooms['1101'] as number;
    const before = await roomLockMarks(t.db, t.ids.hotelId, room, t.clock.ms);
    ok(await grant(superToken, { face, room_ids: [room], ...p }));
    const after = await roomLockMarks(t.db, t.ids.hotelId, room, t.clock.ms);
    expect(after.lock_waiting).toBe(before.lock_waiting + 1);
    const ended = await lockState(
      t.db,
      t.ids.hotelId,
      rooms['1101'] as number,
      new Date(t.clock.ms + 3 * DAY),
    );
    expect(ended.faces.map((x) => x.id)).not.toContain(face);
  });

  it('refuses a bad period, the face’s own room, a room without a lock and unknown faces', async () => {
    const p = period();
    expectRefused(
      await grant(superToken, {
        face,
        room_ids: [rooms['1101']],
        start_time: p.end_time,
        end_time: p.start_time,
      }),
      'END_BEFORE_START',
    );
    expectRefused(
      await grant(superToken, {
        face,
        room_ids: [rooms['1101']],
        start_time: p.start_time - 7200,
        end_time: p.start_time,
      }),
      'EXPIRATION_NOT_FUTURE',
    );
    expectRefused(await grant(superToken, { face, room_ids: [], ...p }), 'FIELD_REQUIRED', {
      field: 'room_ids',
    });
    const roomFace = await makeFace(t, rooms['1101'] as number);
    expectRefused(
      await grant(superToken, { face: roomFace, room_ids: [rooms['1101']], ...p }),
      'FIELD_INVALID',
      {
        field: 'room_ids',
      },
    );
    await t.db
      .updateTable('rooms')
      .set({ mac_id: null })
      .where('id', '=', rooms['1103'] as number)
      .execute();
    expectRefused(await grant(superToken, { face, room_ids: [rooms['1103']], ...p }), 'ROOM_HAS_NO_LOCK');
    expectRefused(await grant(superToken, { face: 999_999, room_ids: [rooms['1101']], ...p }), 'NOT_FOUND');
    expectRefused(await grant(superToken, { face, room_ids: [999_999], ...p }), 'NOT_FOUND');
    expect((await grants(superToken)).total).toBe(0);
  });

  it('checks the face and every room against the caller', async () => {
    const p = period();
    const secondary = await t.login(DEMO_ACCOUNTS.secondary);
    const staff = await t.login(DEMO_ACCOUNTS.staff);
    const manager = await t.login(DEMO_ACCOUNTS.customerManager);

    // The secondary administrator: library faces to their rooms (building 1) only.
    ok(await grant(secondary, { face, room_ids: [rooms['1201']], ...p }));
    expectRefused(
      await grant(secondary, { face, room_ids: [rooms['1202'], rooms['2101']], ...p }),
      'PERMISSION_DENIED',
    );
    // Staff: no library faces; a face of their room to another room of theirs.
    expectRefused(await grant(staff, { face, room_ids: [rooms['1101']], ...p }), 'PERMISSION_DENIED');
    const roomFace = await makeFace(t, rooms['1101'] as number);
    ok(await grant(staff, { face: roomFace, room_ids: [rooms['1102']], ...p }));
    expectRefused(
      await grant(staff, { face: roomFace, room_ids: [rooms['1201']], ...p }),
      'PERMISSION_DENIED',
    );
    // The staff member sees the grants of their rooms only; the super administrator all.
    expect((await grants(staff)).list.map((g) => g.room_name)).toEqual(['1102']);
    expect((await grants(superToken)).total).toBe(2);
    const onSecondary = (await grants(superToken, { room_id: rooms['1201'] })).list[0] as Grant;
    expectRefused(
      await t.call('lock/deleteEmpowerFace', { id: onSecondary.id }, { token: staff }),
      'PERMISSION_DENIED',
    );
    expectRefused(
      await t.call('lock/empowerFaceList', { room_id: rooms['2101'] }, { token: secondary }),
      'PERMISSION_DENIED',
    );

    expectRefused(await grant(manager, { face, room_ids: [rooms['1101']], ...p }), 'PERMISSION_DENIED');
    expectRefused(await t.call('lock/empowerFaceList', {}, { token: manager }), 'PERMISSION_DENIED');

    await addOtherHotel(t.db, t.clock.ms);
    const other = await t.login(OTHER_ADMIN);
    expectRefused(await grant(other, { face, room_ids: [rooms['1101']], ...p }), 'NOT_FOUND');
    expectRefused(
      await t.call('lock/deleteEmpowerFace', { id: onSecondary.id }, { token: other }),
      'NOT_FOUND',
    );
    expect((await grants(other)).total).toBe(0);
    ok(await t.call('lock/deleteEmpowerFace', { id: onSecondary.id }, { token: secondary }));
  });

  it('drops the grants of a deleted face', async () => {
    const p = period();
    ok(await grant(superToken, { face, room_ids: [rooms['1101']], ...p }));
    ok(await t.call('user/deleteTFaceImg', { id: face }, { token: superToken }));
    expect((await grants(superToken)).total).toBe(0);
    const state = await lockState(t.db, t.ids.hotelId, rooms['1101'] as number, new Date(t.clock.ms));
    expect(state.faces.map((x) => x.id)).not.toContain(face);
  });
});
