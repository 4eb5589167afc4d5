/**
 * Unlock records (room/openHistory, room/openHistoryByPeople, lock/checkHistory): what the lock said (opened,
 * reason, credential, its mac), filters, paging newest first, the person's records by stay or mobile, the room scope
 * of every role (records of rooms outside it never appear) and bad input.
 * Records are written by locks (the virtual lock); here they are inserted directly.
 */
import type { ErrorCode } from '@lockdesk/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, expectRefused, HOUR, OTHER_ADMIN, ok } from './room-helpers.js';

interface UnlockRecord {
  id: number;
  room_id: number | null;
  room_name: string;
  mac_id: string;
  time: number;
  type: string;
  opened: boolean;
  reason: string;
  credential: string;
  content: string;
  from: string;
  operator: string;
  stay_id: number | null;
  nickname: string;
  mobile: string;
}
interface Page {
  list: UnlockRecord[];
  total: number;
  page: number;
  limit: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

describeEachDatabase('unlock records', (t) => {
  const tokens: Record<string, string> = {};
  // Record ids by label, and what the fixture wrote.
  const rec: Record<string, number> = {};
  let base: number;
  let other: { hotelId: number; roomId: number };
  const room = (name: string) => t.ids.rooms[name]!;
  const macOf = async (roomName: string) =>
    (
      await t.db
        .selectFrom('rooms')
        .select('mac_id')
        .where('id', '=', room(roomName))
        .executeTakeFirstOrThrow()
    ).mac_id;
  const stayIn = async (roomName: string) =>
    (
      await t.db
        .selectFrom('stays')
        .select('id')
        .where('room_id', '=', room(roomName))
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    await t.reset();
    other = await addOtherHotel(t.db, t.clock.ms);
    for (const [who, mobile] of Object.entries({ ...DEMO_ACCOUNTS, other: OTHER_ADMIN })) {
      if (who !== 'customerManager') tokens[who] = await t.login(mobile);
    }
    tokens['customerManager'] = await t.login(DEMO_ACCOUNTS.customerManager);
    base = Math.floor(t.clock.ms / 1000) * 1000 - 10 * HOUR;
    // Li Wei (13900000001) is in 1101; an earlier stay of the same mobile was in 2205, and she is a fellow guest
    // of Chen Jie in 2202.
    const earlier = await t.db
      .insertInto('stays')
      .values({
        hotel_id: t.ids.hotelId,
        room_id: room('2205'),
        mobile: '13900000001',
        nickname: 'Li Wei',
        check_in: new Date(base - 30 * HOUR),
        check_out: new Date(base - 20 * HOUR),
        checked_out_at: new Date(base - 20 * HOUR),
        status: 'checked_out',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('stay_guests')
      .values({ stay_id: await stayIn('2202'), position: 2, mobile: '13900000001', nickname: 'Li Wei' })
      .execute();
    // What the locks said beyond the text: [opened, reason, credential, mac reported]; the rest opened, reason ''.
    const said: Record<string, [boolean, string, string, string | null]> = {
      card1101: [true, 'guestCard', '00012345', 'A0B0C0DDEE01'],
      old2205: [false, 'superseded', '00099999', null],
      fellow2202: [false, 'expired', '00022222', null],
      face1102: [false, 'faceUnknown', 'G-01', null],
    };
    const rows: [string, number | null, string, number, number | null, string, string, string, number?][] = [
      // label, room, type, hours after base, stay, content, from, operator, hotel
      ['card1101', room('1101'), 'card', 1, await stayIn('1101'), 'Guest card', 'card 00012345 / Li Wei', ''],
      ['pin1101', room('1101'), 'password', 3, await stayIn('1101'), 'PIN #7', 'password / Li Wei', ''],
      ['remote1101', room('1101'), 'remote', 5, null, 'Opened from the console', 'console', 'Front desk'],
      ['face1102', room('1102'), 'face', 2, await stayIn('1102'), 'Face G-01', 'face / Zhang Min', ''],
      ['bt1201', room('1201'), 'bluetooth', 4, null, 'Cleaner phone', 'bluetooth / 100% done', ''],
      [
        'fp2201',
        room('2201'),
        'fingerprint',
        6,
        await stayIn('2201'),
        'Right thumb',
        'fingerprint / Wang',
        '',
      ],
      ['old2205', room('2205'), 'card', -25, earlier.id, 'Guest card', 'card 00099999 / Li Wei', ''],
      ['fellow2202', room('2202'), 'card', 7, await stayIn('2202'), 'Fellow card', 'card 00022222', ''],
      ['gone', null, 'card', 8, null, 'Lock of a removed room', 'card 00033333', ''],
      ['other', other.roomId, 'card', 9, null, 'Other hotel card', 'card 00012345', '', other.hotelId],
    ];
    for (const [label, roomId, type, hours, stayId, content, source, operator, hotel] of rows) {
      const [opened, reason, credential, macId] = said[label] ?? [true, '', '', null];
      const inserted = await t.db
        .insertInto('unlock_records')
        .values({
          opened,
          reason,
          credential,
          mac_id: macId,
          hotel_id: hotel ?? t.ids.hotelId,
          room_id: roomId,
          type,
          content,
          source,
          operator,
          stay_id: stayId,
          happened_at: new Date(base + hours * HOUR),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      rec[label] = inserted.id;
    }
  });

  const history = (body: Record<string, unknown>, who = 'super') =>
    t.call<Page>('room/openHistory', body, { token: tokens[who]! });
  const byPeople = (body: Record<string, unknown>, who = 'super') =>
    t.call<Page>('room/openHistoryByPeople', body, { token: tokens[who]! });
  const ids = (page: Page) => page.list.map((r) => r.id);
  const labels = (...names: string[]) => names.map((n) => rec[n]!);

  describe('room/openHistory', () => {
    it("lists the hotel's records newest first, each as the contract answers it", async () => {
      const page = ok(await history({}));
      expect(ids(page)).toEqual(
        labels(
          'gone',
          'fellow2202',
          'fp2201',
          'remote1101',
          'bt1201',
          'pin1101',
          'face1102',
          'card1101',
          'old2205',
        ),
      );
      expect(page).toMatchObject({ total: 9, page: 1, limit: 20 });
      expect(page.list.find((r) => r.id === rec['pin1101'])).toEqual({
        id: rec['pin1101'],
        room_id: room('1101'),
        room_name: '1101',
        mac_id: await macOf('1101'),
        time: seconds(base + 3 * HOUR),
        type: 'password',
        opened: true,
        reason: '',
        credential: '',
        content: 'PIN #7',
        from: 'password / Li Wei',
        operator: '',
        stay_id: await stayIn('1101'),
        nickname: 'Li Wei',
        mobile: '13900000001',
      });
      expect(page.list.find((r) => r.id === rec['remote1101'])).toMatchObject({
        operator: 'Front desk',
        stay_id: null,
        nickname: '',
        mobile: '',
      });
      expect(page.list.find((r) => r.id === rec['gone'])).toMatchObject({ room_id: null, room_name: '' });
    });

    it('filters by room, type, period and keyword, and pages', async () => {
      expect(ids(ok(await history({ room_id: room('1101') })))).toEqual(
        labels('remote1101', 'pin1101', 'card1101'),
      );
      expect(ids(ok(await history({ type: 'card' })))).toEqual(
        labels('gone', 'fellow2202', 'card1101', 'old2205'),
      );
      expect(ids(ok(await history({ room_id: room('1101'), type: 'password' })))).toEqual(labels('pin1101'));
      const period = { start_time: seconds(base + 2 * HOUR), end_time: seconds(base + 4 * HOUR) };
      expect(ids(ok(await history(period)))).toEqual(labels('bt1201', 'pin1101', 'face1102'));
      expect(ids(ok(await history({ start_time: seconds(base + 7 * HOUR) })))).toEqual(
        labels('gone', 'fellow2202'),
      );
      expect(ids(ok(await history({ end_time: seconds(base) })))).toEqual(labels('old2205'));
      // Content, from, operator, room name, the guest's name and mobile; wildcards are text.
      expect(ids(ok(await history({ keyword: 'thumb' })))).toEqual(labels('fp2201'));
      expect(ids(ok(await history({ keyword: '00012345' })))).toEqual(labels('card1101'));
      expect(ids(ok(await history({ keyword: 'front DESK' })))).toEqual(labels('remote1101'));
      expect(ids(ok(await history({ keyword: '1102' })))).toEqual(labels('face1102'));
      expect(ids(ok(await history({ keyword: 'zhang' })))).toEqual(labels('face1102'));
      expect(ids(ok(await history({ keyword: '13900000004' })))).toEqual(labels('fp2201'));
      expect(ids(ok(await history({ keyword: '100%' })))).toEqual(labels('bt1201'));
      expect(ok(await history({ keyword: '%' })).total).toBe(1);
      expect(ok(await history({ keyword: '_' })).total).toBe(0);
      const second = ok(await history({ limit: 2, page: 2 }));
      expect(second).toMatchObject({ total: 9, page: 2, limit: 2 });
      expect(ids(second)).toEqual(labels('fp2201', 'remote1101'));
      expect(ok(await history({ page: 9 })).list).toEqual([]);
    });

    it("shows each role only the records of its rooms, and no other hotel's", async () => {
      // The secondary administrator runs building 1; staff have floor 1 of building 1.
      expect(ids(ok(await history({}, 'secondary')))).toEqual(
        labels('remote1101', 'bt1201', 'pin1101', 'face1102', 'card1101'),
      );
      expect(ids(ok(await history({}, 'staff')))).toEqual(
        labels('remote1101', 'pin1101', 'face1102', 'card1101'),
      );
      expect(ids(ok(await history({ keyword: 'card' }, 'staff')))).toEqual(labels('card1101'));
      expect(ids(ok(await history({}, 'other')))).toEqual(labels('other'));
      expect(ids(ok(await history({ room_id: room('1101') }, 'staff')))).toEqual(
        labels('remote1101', 'pin1101', 'card1101'),
      );
      expectRefused(await history({ room_id: room('2201') }, 'secondary'), 'PERMISSION_DENIED');
      expectRefused(await history({ room_id: room('1201') }, 'staff'), 'PERMISSION_DENIED');
      expectRefused(await history({ room_id: room('1101') }, 'other'), 'NOT_FOUND');
      expectRefused(await history({ room_id: other.roomId }), 'NOT_FOUND');
      expectRefused(await history({}, 'customerManager'), 'PERMISSION_DENIED');
    });
  });

  describe('room/openHistoryByPeople', () => {
    it("lists a stay's records", async () => {
      const page = ok(await byPeople({ stay_id: await stayIn('1101') }));
      expect(ids(page)).toEqual(labels('pin1101', 'card1101'));
      expect(page).toMatchObject({ total: 2, page: 1, limit: 20 });
      expect(ids(ok(await byPeople({ stay_id: await stayIn('1101'), limit: 1, page: 2 })))).toEqual(
        labels('card1101'),
      );
    });

    it('lists every stay of a mobile, as guest or fellow guest, within the room scope', async () => {
      const mobile = '13900000001';
      expect(ids(ok(await byPeople({ mobile })))).toEqual(
        labels('fellow2202', 'pin1101', 'card1101', 'old2205'),
      );
      expect(ids(ok(await byPeople({ mobile, room_id: room('2205') })))).toEqual(labels('old2205'));
      expect(ids(ok(await byPeople({ mobile, stay_id: await stayIn('1101') })))).toEqual(
        labels('pin1101', 'card1101'),
      );
      expect(ids(ok(await byPeople({ mobile }, 'secondary')))).toEqual(labels('pin1101', 'card1101'));
      expect(ids(ok(await byPeople({ mobile }, 'staff')))).toEqual(labels('pin1101', 'card1101'));
      expect(ok(await byPeople({ mobile }, 'other')).total).toBe(0);
      expect(ok(await byPeople({ mobile: '13900000099' })).total).toBe(0);
    });

    it('refuses a stay or room out of scope, of another hotel, or unknown', async () => {
      expectRefused(await byPeople({ stay_id: await stayIn('2201') }, 'secondary'), 'PERMISSION_DENIED');
      expectRefused(await byPeople({ stay_id: await stayIn('1102') }, 'other'), 'NOT_FOUND');
      expectRefused(await byPeople({ stay_id: 999_999 }), 'NOT_FOUND');
      expectRefused(
        await byPeople({ mobile: '13900000001', room_id: room('1201') }, 'staff'),
        'PERMISSION_DENIED',
      );
      expectRefused(await byPeople({ mobile: '13900000001' }, 'customerManager'), 'PERMISSION_DENIED');
    });
  });

  describe('what the lock said: opened, reason, credential, mac', () => {
    it("answers the lock reported by the record, else its room's, and the decision as the lock made it", async () => {
      const page = ok(await history({}));
      expect(page.list.find((r) => r.id === rec['card1101'])).toMatchObject({
        opened: true,
        reason: 'guestCard',
        credential: '00012345',
        mac_id: 'A0B0C0DDEE01',
      });
      expect(page.list.find((r) => r.id === rec['old2205'])).toMatchObject({
        opened: false,
        reason: 'superseded',
        credential: '00099999',
        mac_id: await macOf('2205'),
      });
      expect(page.list.find((r) => r.id === rec['gone'])).toMatchObject({ mac_id: '', opened: true });
    });

    it('room/openHistory and room/openHistoryByPeople keep the opened or the refused with `result`', async () => {
      expect(ids(ok(await history({ result: 'deny' })))).toEqual(labels('fellow2202', 'face1102', 'old2205'));
      expect(ok(await history({ result: 'open' })).total).toBe(6);
      expect(ids(ok(await history({ result: 'deny', type: 'card' })))).toEqual(
        labels('fellow2202', 'old2205'),
      );
      expect(ids(ok(await history({ result: 'deny' }, 'staff')))).toEqual(labels('face1102'));
      expect(ids(ok(await byPeople({ mobile: '13900000001', result: 'deny' })))).toEqual(
        labels('fellow2202', 'old2205'),
      );
      expect(ids(ok(await byPeople({ mobile: '13900000001', result: 'open' })))).toEqual(
        labels('pin1101', 'card1101'),
      );
      // The credential is searched too.
      expect(ids(ok(await history({ keyword: 'G-01' })))).toEqual(labels('face1102'));
    });
  });

  describe('lock/checkHistory', () => {
    const check = (body: Record<string, unknown>, who = 'super') =>
      t.call<Page>('lock/checkHistory', body, { token: tokens[who]! });

    it('without filters lists what room/openHistory lists', async () => {
      expect(ok(await check({}))).toEqual(ok(await history({})));
      expect(ok(await check({ limit: 3, page: 2 }))).toEqual(ok(await history({ limit: 3, page: 2 })));
    });

    it('filters by room, lock, stay, mobile, type, result, period and keyword, together', async () => {
      expect(ids(ok(await check({ room_id: room('1101') })))).toEqual(
        labels('remote1101', 'pin1101', 'card1101'),
      );
      // The lock that reported it, in any spelling; a record without one is its room's lock's.
      expect(ids(ok(await check({ mac_id: 'a0:b0:c0:dd:ee:01' })))).toEqual(labels('card1101'));
      const mac1102 = (await macOf('1102')) as string;
      expect(ids(ok(await check({ mac_id: mac1102 })))).toEqual(labels('face1102'));
      expect(ok(await check({ mac_id: 'FFFFFFFFFFFF' })).total).toBe(0);
      expect(ids(ok(await check({ stay_id: await stayIn('1101') })))).toEqual(labels('pin1101', 'card1101'));
      expect(ids(ok(await check({ mobile: '13900000001' })))).toEqual(
        labels('fellow2202', 'pin1101', 'card1101', 'old2205'),
      );
      expect(ids(ok(await check({ mobile: '13900000001', type: 'card', result: 'open' })))).toEqual(
        labels('card1101'),
      );
      expect(ids(ok(await check({ type: 'bluetooth' })))).toEqual(labels('bt1201'));
      expect(ids(ok(await check({ result: 'deny', start_time: seconds(base) })))).toEqual(
        labels('fellow2202', 'face1102'),
      );
      expect(
        ids(ok(await check({ end_time: seconds(base + 4 * HOUR), keyword: 'li wei', result: 'open' }))),
      ).toEqual(labels('pin1101', 'card1101'));
    });

    it("keeps every role to its rooms' records and refuses what is out of scope", async () => {
      expect(ids(ok(await check({}, 'staff')))).toEqual(
        labels('remote1101', 'pin1101', 'face1102', 'card1101'),
      );
      expect(ids(ok(await check({ mobile: '13900000001' }, 'secondary')))).toEqual(
        labels('pin1101', 'card1101'),
      );
      expect(ok(await check({ mac_id: (await macOf('2205')) as string }, 'staff')).total).toBe(0);
      expect(ids(ok(await check({}, 'other')))).toEqual(labels('other'));
      expectRefused(await check({ room_id: room('2201') }, 'secondary'), 'PERMISSION_DENIED');
      expectRefused(await check({ stay_id: await stayIn('2201') }, 'staff'), 'PERMISSION_DENIED');
      expectRefused(await check({ stay_id: await stayIn('1101') }, 'other'), 'NOT_FOUND');
      expectRefused(await check({ room_id: other.roomId }), 'NOT_FOUND');
      expectRefused(await check({}, 'customerManager'), 'PERMISSION_DENIED');
    });
  });

  describe('bad input', () => {
    const cases: Record<string, [Record<string, unknown>, ErrorCode, Record<string, string>?][]> = {
      'room/openHistory': [
        [{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
        [{ room_id: 0 }, 'FIELD_INVALID', { field: 'room_id' }],
        [{ type: 'door' }, 'FIELD_INVALID', { field: 'type' }],
        [{ start_time: 'yesterday' }, 'FIELD_INVALID', { field: 'start_time' }],
        [{ end_time: -1 }, 'FIELD_INVALID', { field: 'end_time' }],
        [{ start_time: 1_900_000_000, end_time: 1_800_000_000 }, 'END_BEFORE_START', { field: 'end_time' }],
        [{ keyword: 'k'.repeat(51) }, 'FIELD_INVALID', { field: 'keyword' }],
        [{ keyword: ['a'] }, 'FIELD_INVALID', { field: 'keyword' }],
        [{ page: 0 }, 'FIELD_INVALID', { field: 'page' }],
        [{ limit: 101 }, 'FIELD_INVALID', { field: 'limit' }],
        [{ room_id: 999_999 }, 'NOT_FOUND'],
        [{ result: 'opened' }, 'FIELD_INVALID', { field: 'result' }],
      ],
      'lock/checkHistory': [
        [{ room_id: 0 }, 'FIELD_INVALID', { field: 'room_id' }],
        [{ mac_id: 'A0B0C0' }, 'FIELD_INVALID', { field: 'mac_id' }],
        [{ mac_id: 'ZZZZZZZZZZZZ' }, 'FIELD_INVALID', { field: 'mac_id' }],
        [{ stay_id: 'x' }, 'FIELD_INVALID', { field: 'stay_id' }],
        [{ mobile: '123' }, 'MOBILE_INVALID', { field: 'mobile' }],
        [{ type: 'door' }, 'FIELD_INVALID', { field: 'type' }],
        [{ result: 'maybe' }, 'FIELD_INVALID', { field: 'result' }],
        [{ start_time: 'soon' }, 'FIELD_INVALID', { field: 'start_time' }],
        [{ start_time: 1_900_000_000, end_time: 1_800_000_000 }, 'END_BEFORE_START', { field: 'end_time' }],
        [{ keyword: 'k'.repeat(51) }, 'FIELD_INVALID', { field: 'keyword' }],
        [{ limit: 101 }, 'FIELD_INVALID', { field: 'limit' }],
        [{ room_id: 999_999 }, 'NOT_FOUND'],
        [{ stay_id: 999_999 }, 'NOT_FOUND'],
      ],
      'room/openHistoryByPeople': [
        [{}, 'FIELD_REQUIRED', { field: 'stay_id' }],
        [{ room_id: 1 }, 'FIELD_REQUIRED', { field: 'stay_id' }],
        [{ stay_id: 'x' }, 'FIELD_INVALID', { field: 'stay_id' }],
        [{ mobile: '12345' }, 'MOBILE_INVALID', { field: 'mobile' }],
        [{ mobile: '13900000001', room_id: -4 }, 'FIELD_INVALID', { field: 'room_id' }],
        [{ mobile: '13900000001', page: 'last' }, 'FIELD_INVALID', { field: 'page' }],
        [{ mobile: '13900000001', limit: 0 }, 'FIELD_INVALID', { field: 'limit' }],
        [{ mobile: '13900000001', room_id: 999_999 }, 'NOT_FOUND'],
        [{ mobile: '13900000001', result: 1 }, 'FIELD_INVALID', { field: 'result' }],
      ],
    };
    for (const [path, list] of Object.entries(cases)) {
      it(`${path}: ${list.map(([, code, params]) => `${code}${params ? ` ${params['field']}` : ''}`).join(', ')}`, async () => {
        for (const [body, code, params] of list) {
          expectRefused(await t.call(path, body, { token: tokens['super']! }), code, params);
        }
      });
    }
  });
});
