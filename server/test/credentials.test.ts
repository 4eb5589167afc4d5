/**
 * Faces and fingerprints (API.md §7.2, §7.3): each call, the role matrix (room faces and fingerprints follow the
 * room scope; the library needs an administrator), and bad input for each field.
 */
import type { ErrorCode } from '@lockdesk/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManageAnswer } from '../src/client.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { OTHER_BAD_INPUT } from './bad-input-cases.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import {
  activeStay,
  fakeUpload,
  HTML,
  makeDelivery,
  makeFace,
  makeFingerprint,
  PNG,
  TEMPLATE_HEX,
  tempDataDir,
  upload,
} from './media-helpers.js';
import { addOtherHotel, expectRefused, OTHER_ADMIN, ok } from './room-helpers.js';

interface Face {
  id: number;
  face_id: string;
  note: string;
  lock_note: string;
  image: string;
  room_id: number | null;
  room_name: string;
  stay_id: number | null;
  status: string;
  created_at: number;
}
interface Fingerprint {
  id: number;
  finger_id: string;
  note: string;
  room_id: number | null;
  room_name: string;
  stay_id: number | null;
  status: string;
}
interface Delivery {
  id: number;
  fingerprint_id: number;
  room_id: number;
  room_name: string;
  status: string;
}
interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

const MEDIA_CALLS = [
  'oss/token',
  'user/uploadTFaceImg',
  'user/faceImgList',
  'user/updateFaceNote',
  'user/updateLockFaceNote',
  'user/deleteTFaceImg',
  'fingerprint/addData',
  'fingerprint/dataLists',
  'fingerprint/delData',
  'fingerprint/send',
  'fingerprint/sendDataList',
  'fingerprint/delSendData',
];

describeEachDatabase(
  'faces and fingerprints',
  (t) => {
    let superToken: string;
    let staffToken: string;
    beforeAll(async () => {
      await t.reset();
      superToken = await t.login(DEMO_ACCOUNTS.super);
      staffToken = await t.login(DEMO_ACCOUNTS.staff);
    });
    const room = (name: string) => t.ids.rooms[name]!;

    describe('faces', () => {
      it('adds a face for the current guest of a room, lists, edits and deletes it', async () => {
        const stayId = await activeStay(t, room('1106'));
        const image = (await upload(t, staffToken, 'face', PNG)).data!;
        const face = ok(
          await t.call<Face>(
            'user/uploadTFaceImg',
            { face_id: 'G-20261125-01', note: 'Li Wei', image: image.url, room_id: room('1106') },
            { token: staffToken },
          ),
        );
        expect(face).toMatchObject({
          face_id: 'G-20261125-01',
          note: 'Li Wei',
          lock_note: '',
          image: image.url,
          room_id: room('1106'),
          room_name: '1106',
          stay_id: stayId,
          status: 'active',
        });
        expect(face.created_at).toBe(Math.floor(t.clock.ms / 1000));

        const list = ok(
          await t.call<Page<Face>>('user/faceImgList', { room_id: room('1106') }, { token: staffToken }),
        );
        expect(list).toMatchObject({ total: 1, page: 1, limit: 20 });
        expect(list.list[0]).toEqual(face);
        expect(
          ok(await t.call<Page<Face>>('user/faceImgList', { stay_id: stayId }, { token: staffToken })).total,
        ).toBe(1);
        expect(
          ok(await t.call<Page<Face>>('user/faceImgList', { keyword: 'li w' }, { token: superToken })).total,
        ).toBe(1);
        expect(
          ok(await t.call<Page<Face>>('user/faceImgList', { keyword: '1106' }, { token: superToken })).total,
        ).toBe(1);
        expect(
          ok(await t.call<Page<Face>>('user/faceImgList', { keyword: 'nobody' }, { token: superToken }))
            .total,
        ).toBe(0);

        const noted = ok(
          await t.call<Face>(
            'user/updateFaceNote',
            { id: face.id, note: 'Li Wei (VIP)' },
            { token: staffToken },
          ),
        );
        expect(noted.note).toBe('Li Wei (VIP)');
        const lockNoted = ok(
          await t.call<Face>(
            'user/updateLockFaceNote',
            { id: face.id, lock_note: 'LI W' },
            { token: staffToken },
          ),
        );
        expect(lockNoted).toMatchObject({ note: 'Li Wei (VIP)', lock_note: 'LI W' });
        expect(
          ok(await t.call<Face>('user/updateLockFaceNote', { id: face.id }, { token: staffToken })).lock_note,
        ).toBe('');

        expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
        expect(ok(await t.call('user/deleteTFaceImg', { id: face.id }, { token: staffToken }))).toEqual({
          id: face.id,
        });
        // The image goes with the face; the face leaves the lists and cannot be edited any more.
        expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
        expect(
          ok(await t.call<Page<Face>>('user/faceImgList', { room_id: room('1106') }, { token: staffToken }))
            .total,
        ).toBe(0);
        expectRefused(
          await t.call('user/updateFaceNote', { id: face.id, note: 'x' }, { token: staffToken }),
          'NOT_FOUND',
        );
        expectRefused(
          await t.call('user/deleteTFaceImg', { id: face.id }, { token: staffToken }),
          'NOT_FOUND',
        );
        // Its face id is free again.
        const again = (await upload(t, staffToken, 'face', PNG)).data!;
        expect(
          (
            await t.call(
              'user/uploadTFaceImg',
              { face_id: 'G-20261125-01', note: 'Li Wei', image: again.url, room_id: room('1106') },
              { token: staffToken },
            )
          ).errno,
        ).toBe(0);
      });

      it('adds a face for a named stay, or to the library', async () => {
        const reserved = await t.db
          .insertInto('stays')
          .values({
            hotel_id: t.ids.hotelId,
            room_id: room('1107'),
            mobile: '13911110077',
            check_in: new Date(t.clock.ms + 5 * 86_400_000),
            check_out: new Date(t.clock.ms + 6 * 86_400_000),
            status: 'reserved',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const forStay = ok(
          await t.call<Face>(
            'user/uploadTFaceImg',
            {
              face_id: 'G-STAY',
              note: 'Early guest',
              image: await fakeUpload(t, 'face'),
              stay_id: reserved.id,
            },
            { token: superToken },
          ),
        );
        expect(forStay).toMatchObject({ room_id: room('1107'), room_name: '1107', stay_id: reserved.id });
        const library = ok(
          await t.call<Face>(
            'user/uploadTFaceImg',
            { face_id: 'G-LIB', note: 'Housekeeping lead', image: await fakeUpload(t, 'face') },
            { token: superToken },
          ),
        );
        expect(library).toMatchObject({ room_id: null, room_name: '', stay_id: null });
        const all = ok(await t.call<Page<Face>>('user/faceImgList', { limit: 100 }, { token: superToken }));
        expect(all.list.map((f) => f.face_id)).toEqual(expect.arrayContaining(['G-STAY', 'G-LIB']));
        // Staff see neither: 1107 is granted to them but the library is not theirs; the list holds only rooms.
        const staffList = ok(
          await t.call<Page<Face>>('user/faceImgList', { limit: 100 }, { token: staffToken }),
        );
        expect(staffList.list.some((f) => f.face_id === 'G-LIB')).toBe(false);
        expect(staffList.list.some((f) => f.face_id === 'G-STAY')).toBe(true);
      });

      it('refuses an image that is not a face upload of this hotel, a used image and a taken face id', async () => {
        const roomId = room('1109');
        await activeStay(t, roomId);
        const add = (body: Record<string, unknown>) =>
          t.call<Face>(
            'user/uploadTFaceImg',
            { face_id: 'G-X1', note: 'Guest', room_id: roomId, ...body },
            { token: superToken },
          );
        expectRefused(await add({ image: await fakeUpload(t, 'lock_picture') }), 'UPLOAD_FILE_INVALID', {
          field: 'image',
        });
        expectRefused(await add({ image: `/files/${'ef'.repeat(16)}.png` }), 'UPLOAD_FILE_INVALID', {
          field: 'image',
        });
        expectRefused(await add({ image: 'https://example.com/face.png' }), 'UPLOAD_FILE_INVALID', {
          field: 'image',
        });
        const other = await addOtherHotel(t.db, t.clock.ms);
        expectRefused(
          await add({ image: await fakeUpload(t, 'face', other.hotelId) }),
          'UPLOAD_FILE_INVALID',
          {
            field: 'image',
          },
        );
        const image = await fakeUpload(t, 'face');
        ok(await add({ image }));
        expectRefused(await add({ image, face_id: 'G-X2' }), 'UPLOAD_FILE_INVALID', { field: 'image' });
        expectRefused(await add({ image: await fakeUpload(t, 'face') }), 'FACE_ID_EXISTS');
        // A room without a guest, and a stay of another room.
        expectRefused(
          await add({ image: await fakeUpload(t, 'face'), face_id: 'G-X3', room_id: room('1110') }),
          'NO_TENANT_IN_ROOM',
        );
        const elsewhere = await activeStay(t, room('1103'));
        expectRefused(
          await add({ image: await fakeUpload(t, 'face'), face_id: 'G-X4', stay_id: elsewhere }),
          'FIELD_INVALID',
          { field: 'stay_id' },
        );
        expectRefused(
          await add({ image: await fakeUpload(t, 'face'), face_id: 'G-X5', room_id: 999_999 }),
          'NOT_FOUND',
        );
        expectRefused(
          await add({
            image: await fakeUpload(t, 'face'),
            face_id: 'G-X6',
            room_id: undefined,
            stay_id: 999_999,
          }),
          'NOT_FOUND',
        );
        // The upload went through /upload for real, but as a lock picture.
        const picture = (await upload(t, superToken, 'lock_picture', PNG)).data!;
        expectRefused(await add({ image: picture.url, face_id: 'G-X7' }), 'UPLOAD_FILE_INVALID', {
          field: 'image',
        });
        // And an image that is no image never becomes an upload at all.
        expect((await upload(t, superToken, 'face', HTML)).errno).toBe(1);
      });
    });

    describe('fingerprints', () => {
      it('adds templates in hex or base64, never answers them, and deletes them', async () => {
        const stayId = await activeStay(t, room('1105'));
        const hex = ok(
          await t.call<Fingerprint>(
            'fingerprint/addData',
            { note: 'Li Wei right thumb', data: TEMPLATE_HEX, room_id: room('1105') },
            { token: staffToken },
          ),
        );
        expect(hex).toMatchObject({
          note: 'Li Wei right thumb',
          room_id: room('1105'),
          room_name: '1105',
          stay_id: stayId,
          status: 'active',
        });
        expect(hex.finger_id).toMatch(/^F-\d{8}-[0-9A-F]{6}$/);
        expect(Object.keys(hex)).not.toContain('data');
        expect(JSON.stringify(hex)).not.toContain(TEMPLATE_HEX.slice(0, 16));
        const stored = await t.db
          .selectFrom('fingerprints')
          .select('data')
          .where('id', '=', hex.id)
          .executeTakeFirstOrThrow();
        expect(stored.data).toBe(TEMPLATE_HEX.toLowerCase());

        const b64 = Buffer.from(TEMPLATE_HEX, 'hex').toString('base64');
        const fromBase64 = ok(
          await t.call<Fingerprint>(
            'fingerprint/addData',
            { finger_id: 'F-LEFT-1', note: 'left index', data: b64, stay_id: stayId },
            { token: superToken },
          ),
        );
        expect(fromBase64).toMatchObject({ finger_id: 'F-LEFT-1', room_id: room('1105'), stay_id: stayId });
        expectRefused(
          await t.call(
            'fingerprint/addData',
            { finger_id: 'F-LEFT-1', note: 'again', data: b64, stay_id: stayId },
            { token: superToken },
          ),
          'FINGERPRINT_ID_EXISTS',
        );

        const list = ok(
          await t.call<Page<Fingerprint & { data?: string }>>(
            'fingerprint/dataLists',
            { room_id: room('1105') },
            { token: staffToken },
          ),
        );
        expect(list.total).toBe(2);
        expect(list.list.every((f) => f.data === undefined)).toBe(true);
        expect(
          ok(
            await t.call<Page<Fingerprint>>(
              'fingerprint/dataLists',
              { keyword: 'thumb' },
              { token: staffToken },
            ),
          ).total,
        ).toBe(1);
        expect(
          ok(
            await t.call<Page<Fingerprint>>(
              'fingerprint/dataLists',
              { stay_id: stayId, limit: 1 },
              { token: staffToken },
            ),
          ),
        ).toMatchObject({
          total: 2,
          limit: 1,
        });

        expect(ok(await t.call('fingerprint/delData', { id: hex.id }, { token: staffToken }))).toEqual({
          id: hex.id,
        });
        const gone = await t.db
          .selectFrom('fingerprints')
          .select(['data', 'status'])
          .where('id', '=', hex.id)
          .executeTakeFirstOrThrow();
        expect(gone).toEqual({ data: '', status: 'deleted' });
        expect(
          ok(
            await t.call<Page<Fingerprint>>(
              'fingerprint/dataLists',
              { room_id: room('1105') },
              { token: staffToken },
            ),
          ).total,
        ).toBe(1);
        expectRefused(
          await t.call('fingerprint/delData', { id: hex.id }, { token: staffToken }),
          'NOT_FOUND',
        );
      });

      it('sends a fingerprint to locks, pending until they sync, and withdraws it', async () => {
        const fp = ok(
          await t.call<Fingerprint>(
            'fingerprint/addData',
            { note: 'Master', data: TEMPLATE_HEX },
            { token: superToken },
          ),
        );
        expect(fp.room_id).toBeNull();
        const sent = ok(
          await t.call<Delivery>(
            'fingerprint/send',
            { id: fp.id, room_id: room('1101') },
            { token: superToken },
          ),
        );
        expect(sent).toMatchObject({
          fingerprint_id: fp.id,
          room_id: room('1101'),
          room_name: '1101',
          status: 'pending',
        });
        // Sending again answers the same delivery.
        expect(
          ok(
            await t.call<Delivery>(
              'fingerprint/send',
              { id: fp.id, room_id: room('1101') },
              { token: superToken },
            ),
          ).id,
        ).toBe(sent.id);
        const second = ok(
          await t.call<Delivery>(
            'fingerprint/send',
            { id: fp.id, room_id: room('1102') },
            { token: superToken },
          ),
        );

        const listed = ok(
          await t.call<Page<Delivery>>(
            'fingerprint/sendDataList',
            { fingerprint_id: fp.id },
            { token: superToken },
          ),
        );
        expect(listed.list.map((d) => d.id)).toEqual([second.id, sent.id]);
        expect(
          ok(
            await t.call<Page<Delivery>>(
              'fingerprint/sendDataList',
              { room_id: room('1102') },
              { token: staffToken },
            ),
          ).list.map((d) => d.id),
        ).toContain(second.id);

        // A pending delivery never reached the lock: withdrawn at once. A delivered one waits for the lock.
        expect(
          ok(await t.call<Delivery>('fingerprint/delSendData', { id: sent.id }, { token: superToken }))
            .status,
        ).toBe('deleted');
        await t.db
          .updateTable('fingerprint_deliveries')
          .set({ status: 'delivered' })
          .where('id', '=', second.id)
          .execute();
        expect(
          ok(await t.call<Delivery>('fingerprint/delSendData', { id: second.id }, { token: superToken }))
            .status,
        ).toBe('deleting');
        expect(
          ok(await t.call<Delivery>('fingerprint/delSendData', { id: second.id }, { token: superToken }))
            .status,
        ).toBe('deleting');
        expect(
          ok(
            await t.call<Page<Delivery>>(
              'fingerprint/sendDataList',
              { status: 'deleting' },
              { token: superToken },
            ),
          ).list.map((d) => d.id),
        ).toEqual([second.id]);

        // Deleting the fingerprint withdraws what is left on locks.
        const again = ok(
          await t.call<Delivery>(
            'fingerprint/send',
            { id: fp.id, room_id: room('1101') },
            { token: superToken },
          ),
        );
        expect(again.id).not.toBe(sent.id);
        const third = ok(
          await t.call<Delivery>(
            'fingerprint/send',
            { id: fp.id, room_id: room('1103') },
            { token: superToken },
          ),
        );
        await t.db
          .updateTable('fingerprint_deliveries')
          .set({ status: 'delivered' })
          .where('id', '=', third.id)
          .execute();
        ok(await t.call('fingerprint/delData', { id: fp.id }, { token: superToken }));
        const states = await t.db
          .selectFrom('fingerprint_deliveries')
          .select(['id', 'status'])
          .where('fingerprint_id', '=', fp.id)
          .orderBy('id')
          .execute();
        expect(states).toEqual([
          { id: sent.id, status: 'deleted' },
          { id: second.id, status: 'deleting' },
          { id: again.id, status: 'deleted' },
          { id: third.id, status: 'deleting' },
        ]);
        expectRefused(
          await t.call('fingerprint/send', { id: fp.id, room_id: room('1101') }, { token: superToken }),
          'NOT_FOUND',
        );
        expectRefused(
          await t.call('fingerprint/delSendData', { id: 999_999 }, { token: superToken }),
          'NOT_FOUND',
        );
      });
    });

    describe('by role', () => {
      /** Columns as in permissions.test.ts: a role and the room it is tried on. */
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
      const LIBRARY: Allowed = [true, true, true, false, false, false, false];
      interface Cell {
        t: TestApp;
        roomId: number;
      }
      interface Row {
        name: string;
        path: string;
        allowed: Allowed;
        body(c: Cell): Promise<Record<string, unknown>>;
        reached?(c: Cell, res: ManageAnswer<Record<string, unknown>>): boolean | Promise<boolean>;
        /** Refusals other than PERMISSION_DENIED / NOT_FOUND this row may answer. */
        refusedAlso?: ErrorCode[];
      }
      const ofDemoHotel = async (c: Cell, table: 'faces' | 'fingerprints', id: number) =>
        (await c.t.db.selectFrom(table).select('hotel_id').where('id', '=', id).executeTakeFirst())
          ?.hotel_id === c.t.ids.hotelId;
      const listed = (res: ManageAnswer<Record<string, unknown>>, id: number) =>
        res.errno === 0 && (res.data['list'] as { id: number }[]).some((i) => i.id === id);
      let target = 0;
      const ROWS: Row[] = [
        {
          name: 'a room face',
          path: 'user/uploadTFaceImg',
          allowed: ROOM,
          body: async (c) => {
            await activeStay(c.t, c.roomId);
            return {
              face_id: `G-R-${Math.random()}`,
              note: 'n',
              image: await fakeUpload(c.t, 'face'),
              room_id: c.roomId,
            };
          },
        },
        {
          name: 'a library face',
          path: 'user/uploadTFaceImg',
          allowed: LIBRARY,
          body: async (c) => ({
            face_id: `G-L-${Math.random()}`,
            note: 'n',
            image: await fakeUpload(c.t, 'face'),
          }),
          // Another hotel's administrator may fill their own library, but not with this hotel's image.
          refusedAlso: ['UPLOAD_FILE_INVALID'],
        },
        {
          name: 'a room',
          path: 'user/faceImgList',
          allowed: ROOM,
          body: async (c) => ({ room_id: c.roomId }),
        },
        {
          name: 'everything, holding a room face',
          path: 'user/faceImgList',
          allowed: ROOM,
          body: async (c) => {
            target = await makeFace(c.t, c.roomId);
            return { limit: 100 };
          },
          reached: (_c, r) => listed(r, target),
        },
        {
          name: 'everything, holding a library face',
          path: 'user/faceImgList',
          allowed: LIBRARY,
          body: async (c) => {
            target = await makeFace(c.t, null);
            return { limit: 100 };
          },
          reached: (_c, r) => listed(r, target),
        },
        {
          name: 'a room face',
          path: 'user/updateFaceNote',
          allowed: ROOM,
          body: async (c) => ({ id: await makeFace(c.t, c.roomId), note: 'n2' }),
        },
        {
          name: 'a library face',
          path: 'user/updateFaceNote',
          allowed: LIBRARY,
          body: async (c) => ({ id: await makeFace(c.t, null), note: 'n2' }),
        },
        {
          name: 'a room face',
          path: 'user/updateLockFaceNote',
          allowed: ROOM,
          body: async (c) => ({ id: await makeFace(c.t, c.roomId), lock_note: 'L' }),
        },
        {
          name: 'a library face',
          path: 'user/updateLockFaceNote',
          allowed: LIBRARY,
          body: async (c) => ({ id: await makeFace(c.t, null), lock_note: 'L' }),
        },
        {
          name: 'a room face',
          path: 'user/deleteTFaceImg',
          allowed: ROOM,
          body: async (c) => ({ id: await makeFace(c.t, c.roomId) }),
        },
        {
          name: 'a library face',
          path: 'user/deleteTFaceImg',
          allowed: LIBRARY,
          body: async (c) => ({ id: await makeFace(c.t, null) }),
        },
        {
          name: 'a room fingerprint',
          path: 'fingerprint/addData',
          allowed: ROOM,
          body: async (c) => {
            await activeStay(c.t, c.roomId);
            return { note: 'n', data: TEMPLATE_HEX, room_id: c.roomId };
          },
        },
        {
          name: 'a library fingerprint',
          path: 'fingerprint/addData',
          allowed: LIBRARY,
          body: async () => ({ note: 'n', data: TEMPLATE_HEX }),
          // Another hotel's administrator adds to their own library, never to this hotel's.
          reached: async (c, r) =>
            r.errno === 0 && (await ofDemoHotel(c, 'fingerprints', r.data['id'] as number)),
        },
        {
          name: 'a room',
          path: 'fingerprint/dataLists',
          allowed: ROOM,
          body: async (c) => ({ room_id: c.roomId }),
        },
        {
          name: 'everything, holding a room fingerprint',
          path: 'fingerprint/dataLists',
          allowed: ROOM,
          body: async (c) => {
            target = await makeFingerprint(c.t, c.roomId);
            return { limit: 100 };
          },
          reached: (_c, r) => listed(r, target),
        },
        {
          name: 'everything, holding a library fingerprint',
          path: 'fingerprint/dataLists',
          allowed: LIBRARY,
          body: async (c) => {
            target = await makeFingerprint(c.t, null);
            return { limit: 100 };
          },
          reached: (_c, r) => listed(r, target),
        },
        {
          name: 'a room fingerprint',
          path: 'fingerprint/delData',
          allowed: ROOM,
          body: async (c) => ({ id: await makeFingerprint(c.t, c.roomId) }),
        },
        {
          name: 'a library fingerprint',
          path: 'fingerprint/delData',
          allowed: LIBRARY,
          body: async (c) => ({ id: await makeFingerprint(c.t, null) }),
        },
        {
          name: 'a room fingerprint to its room',
          path: 'fingerprint/send',
          allowed: ROOM,
          body: async (c) => ({ id: await makeFingerprint(c.t, c.roomId), room_id: c.roomId }),
        },
        {
          // A library fingerprint: the library (administrators) and the room (scope) are both needed.
          name: 'a library fingerprint to the room',
          path: 'fingerprint/send',
          allowed: [true, true, false, false, false, false, false],
          body: async (c) => ({ id: await makeFingerprint(c.t, null), room_id: c.roomId }),
        },
        {
          name: 'a room',
          path: 'fingerprint/sendDataList',
          allowed: ROOM,
          body: async (c) => ({ room_id: c.roomId }),
        },
        {
          name: 'everything, holding a delivery to the room',
          path: 'fingerprint/sendDataList',
          allowed: ROOM,
          body: async (c) => {
            target = await makeDelivery(c.t, c.roomId);
            return { limit: 100 };
          },
          reached: (_c, r) => listed(r, target),
        },
        {
          name: 'a delivery to the room',
          path: 'fingerprint/delSendData',
          allowed: ROOM,
          body: async (c) => ({ id: await makeDelivery(c.t, c.roomId) }),
        },
      ];

      const refusals = new Set(
        (['PERMISSION_DENIED', 'NOT_FOUND'] as ErrorCode[]).map((code) => messageFor('en', code)),
      );
      const tokens = new Map<string, string>();
      beforeAll(async () => {
        await t.reset();
        await addOtherHotel(t.db, t.clock.ms);
        for (const col of COLUMNS)
          if (!tokens.has(col.mobile)) tokens.set(col.mobile, await t.login(col.mobile));
      });

      it('covers every call of this area', () => {
        expect([...new Set(ROWS.map((r) => r.path)), 'oss/token'].sort()).toEqual([...MEDIA_CALLS].sort());
      });

      for (const row of ROWS) {
        it(`${row.path}, ${row.name}: ${row.allowed.map((a, i) => `${COLUMNS[i]!.name} ${a ? 'yes' : 'no'}`).join('; ')}`, async () => {
          // Each column works on objects made for it, so no column sees another's changes.
          for (const [i, col] of COLUMNS.entries()) {
            const cell = { t, roomId: t.ids.rooms[col.room]! };
            const body = await row.body(cell);
            const res = await t.call<Record<string, unknown>>(row.path, body, {
              token: tokens.get(col.mobile)!,
            });
            const reached = row.reached ? await row.reached(cell, res) : res.errno === 0;
            expect({ column: col.name, reached }).toEqual({ column: col.name, reached: row.allowed[i] });
            const also = (row.refusedAlso ?? []).map((code) => messageFor('en', code, { field: 'image' }));
            if (!row.allowed[i] && res.errno !== 0)
              expect({
                column: col.name,
                refused: refusals.has(res.errmsg) || also.includes(res.errmsg),
              }).toEqual({
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
      it('has cases for every call of this area (run here and in bad-input.test.ts)', () => {
        for (const path of MEDIA_CALLS)
          expect({ path, cases: (OTHER_BAD_INPUT[path]?.length ?? 0) > 0 }).toEqual({ path, cases: true });
      });
      for (const path of MEDIA_CALLS) {
        it(path, async () => {
          for (const [body, code, params] of OTHER_BAD_INPUT[path] ?? []) {
            expectRefused(await t.call(path, body, { token }), code, params);
          }
        });
      }
    });
  },
  { dataDir: tempDataDir() },
);
