import { ROOM_STATUS } from '@lockdesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';
import { checkInBody, DAY, expectRefused, HOUR, ok } from './room-helpers.js';

interface StayAnswer {
  stay_id: number;
  room_id: number;
  state: string;
  status: string;
  remaining: number;
  price: number;
  deposit: number;
  start_time: number;
  end_time: number;
  tenants: { id: number; position: number; mobile: string }[];
}

describeEachDatabase('stays and guests', (t) => {
  let token: string;
  beforeEach(async () => {
    await t.reset();
    token = await t.login(DEMO_ACCOUNTS.super);
  });
  const call = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
    t.call<T>(path, body, { token });
  const roomStatus = async (id: number) =>
    (await t.db.selectFrom('rooms').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  describe('check-in', () => {
    it('checks a guest into a vacant room, priced by the room, with fellow tenants', async () => {
      const room = t.ids.rooms['1106']!;
      const stay = ok(
        await call<StayAnswer>(
          'room/tenant/update/checkIn',
          checkInBody(room, t.clock.ms, 24, {
            id_number: '110101199003074578',
            other_information: 'Late arrival',
            breakfast: 2,
            unlock_by_id_card: 1,
            disable_old_cards: true,
            tenants: [{ mobile: '13912345679', nickname: 'Friend' }],
          }),
        ),
      );
      expect(stay).toMatchObject({ room_id: room, state: 'active', status: 'active', deposit: 100 });
      // The clock carries milliseconds; times travel in whole seconds.
      expect(stay.remaining).toBeGreaterThanOrEqual(24 * 3600 - 1);
      expect(stay.tenants).toEqual([
        { id: expect.any(Number), position: 2, mobile: '13912345679', nickname: 'Friend', id_number: '' },
      ]);
      expect([198, 238, 396, 436, 476]).toContain(stay.price);
      expect(await roomStatus(room)).toBe(ROOM_STATUS.checkedIn);
      const listed = ok(await call<{ list: StayAnswer[] }>('room/tenant/list', { room_id: room }));
      expect(listed.list[0]).toMatchObject({
        stay_id: stay.stay_id,
        other_information: 'Late arrival',
        breakfast: 2,
        unlock_by_id_card: true,
      });
      const logged = await t.db
        .selectFrom('operation_log')
        .select(['path', 'summary', 'errno'])
        .where('path', '=', 'room/tenant/update/checkIn')
        .execute();
      expect(logged).toEqual([
        { path: 'room/tenant/update/checkIn', summary: 'Check-in: room 1106, Test Guest', errno: 0 },
      ]);
      const guests = ok(await call<{ list: { mobile: string }[] }>('passenger/list', { name: '1391234567' }));
      expect(guests.list.map((g) => g.mobile).sort()).toEqual(['13912345678', '13912345679']);
    });

    it('takes the agreed nightly price and reserves a later stay', async () => {
      const room = t.ids.rooms['1106']!;
      const stay = ok(
        await call<StayAnswer>(
          'room/tenant/update/checkIn',
          checkInBody(room, t.clock.ms + 2 * DAY, 48, { price: 99.5, deposit: 0 }),
        ),
      );
      expect(stay).toMatchObject({ state: 'upcoming', status: 'reserved', price: 199, deposit: 0 });
      expect(await roomStatus(room)).toBe(ROOM_STATUS.reserved);
    });

    it('edits an open stay with stay_id', async () => {
      const room = t.ids.rooms['1106']!;
      const stay = ok(
        await call<StayAnswer>('room/tenant/update/checkIn', checkInBody(room, t.clock.ms, 24)),
      );
      const edited = ok(
        await call<StayAnswer>(
          'room/tenant/update/checkIn',
          checkInBody(room, t.clock.ms, 48, { stay_id: stay.stay_id, nickname: 'Renamed' }),
        ),
      );
      expect(edited).toMatchObject({
        stay_id: stay.stay_id,
        nickname: 'Renamed',
        end_time: stay.end_time + 24 * 3600,
      });
      expectRefused(
        await call('room/tenant/update/checkIn', checkInBody(room, t.clock.ms, 24, { stay_id: 999999 })),
        'NOT_FOUND',
      );
    });

    it('turns a reservation into a check-in when staff confirm it with its stay_id', async () => {
      const room = t.ids.rooms['1106']!;
      const body = checkInBody(room, t.clock.ms + HOUR, 24);
      const reserved = ok(await call<StayAnswer>('room/tenant/update/checkIn', body));
      expect(reserved.status).toBe('reserved');
      t.clock.advance(2 * HOUR);
      const arrived = ok(
        await call<StayAnswer>('room/tenant/update/checkIn', { ...body, stay_id: reserved.stay_id }),
      );
      expect(arrived).toMatchObject({ stay_id: reserved.stay_id, status: 'active', state: 'active' });
      expect(await roomStatus(room)).toBe(ROOM_STATUS.checkedIn);
    });

    it('refuses an overlapping stay, a dirty room and a room under maintenance', async () => {
      expectRefused(
        await call('room/tenant/update/checkIn', checkInBody(t.ids.rooms['1101']!, t.clock.ms, 5)),
        'ROOM_OCCUPIED',
      );
      expectRefused(
        await call('room/tenant/update/checkIn', checkInBody(t.ids.rooms['1109']!, t.clock.ms, 5)),
        'ROOM_NOT_AVAILABLE',
      );
      expectRefused(
        await call('room/tenant/update/checkIn', checkInBody(t.ids.rooms['1108']!, t.clock.ms, 5)),
        'ROOM_NOT_AVAILABLE',
      );
      // The reservation of 1104 starts in two days: a stay ending before it fits, one reaching into it does not.
      const room = t.ids.rooms['1104']!;
      ok(await call('room/tenant/update/checkIn', checkInBody(room, t.clock.ms, 24)));
      expectRefused(
        await call('room/tenant/update/checkIn', checkInBody(room, t.clock.ms + 30 * HOUR, 72)),
        'ROOM_OCCUPIED',
      );
    });

    it('closes a stay that expired without a check-out when the next guest arrives', async () => {
      const room = t.ids.rooms['1102']!;
      t.clock.advance(2 * DAY);
      const stay = ok(
        await call<StayAnswer>('room/tenant/update/checkIn', checkInBody(room, t.clock.ms, 24)),
      );
      const history = ok(
        await call<{ list: StayAnswer[]; total: number }>('room/tenant/list', { room_id: room }),
      );
      expect(history.list.map((s) => [s.stay_id === stay.stay_id, s.state])).toEqual([
        [true, 'active'],
        [false, 'checkedOut'],
      ]);
      expect(ok(await call<{ total: number }>('room/tenant/list', { room_id: room, open: true })).total).toBe(
        1,
      );
    });

    it('applies the validation rules with the spec messages', async () => {
      const room = t.ids.rooms['1106']!;
      const now = t.clock.ms;
      const cases: [
        Record<string, unknown>,
        Parameters<typeof expectRefused>[1],
        Record<string, string | number>?,
      ][] = [
        [{ start_time: undefined }, 'CHECK_IN_TIME_REQUIRED', { field: 'start_time' }],
        [{ end_time: undefined }, 'CHECK_OUT_TIME_REQUIRED', { field: 'end_time' }],
        [{ start_time: 'soon' }, 'CHECK_IN_TIME_REQUIRED', { field: 'start_time' }],
        [{ end_time: Math.floor((now + HOUR - 1000) / 1000) }, 'STAY_TOO_SHORT'],
        [
          { start_time: Math.floor((now - 5 * HOUR) / 1000), end_time: Math.floor((now - HOUR) / 1000) },
          'EXPIRATION_NOT_FUTURE',
        ],
        [{ mobile: '12345678901' }, 'MOBILE_INVALID', { field: 'mobile' }],
        [{ mobile: undefined }, 'MOBILE_INVALID', { field: 'mobile' }],
        [
          { tenants: [{ mobile: '13900000001' }, { mobile: '1390000' }] },
          'TENANT_MOBILE_INVALID',
          { index: 2 },
        ],
        [{ tenants: ['13900000001'] }, 'FIELD_INVALID', { field: 'tenants' }],
        [{ nickname: 'n'.repeat(33) }, 'NICKNAME_TOO_LONG', { field: 'nickname' }],
        [{ tenants: [{ mobile: '13900000001', nickname: 'n'.repeat(33) }] }, 'NICKNAME_TOO_LONG'],
        [{ price: 0.99 }, 'PRICE_TOO_LOW', { field: 'price' }],
        [{ breakfast: -1 }, 'FIELD_INVALID', { field: 'breakfast' }],
        [{ kind: 'teleport' }, 'FIELD_INVALID', { field: 'kind' }],
        [{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
        [{ room_id: 999999 }, 'NOT_FOUND'],
      ];
      for (const [change, code, params] of cases) {
        expectRefused(
          await call('room/tenant/update/checkIn', { ...checkInBody(room, now, 24), ...change }),
          code,
          params,
        );
      }
      expect(await t.db.selectFrom('stays').select('id').where('room_id', '=', room).execute()).toEqual([]);
    });
  });

  describe('check-out and the stay afterwards', () => {
    it('checks out the guest in the room and leaves it dirty', async () => {
      const room = t.ids.rooms['1101']!;
      const out = ok(await call<StayAnswer & { room_status: number }>('room/checkOut', { room_id: room }));
      expect(out).toMatchObject({
        state: 'checkedOut',
        status: 'checked_out',
        room_status: ROOM_STATUS.dirty,
      });
      expectRefused(await call('room/checkOut', { room_id: room }), 'NO_TENANT_IN_ROOM');
      expectRefused(
        await call('room/tenant/update/checkIn', checkInBody(room, t.clock.ms, 5)),
        'ROOM_NOT_AVAILABLE',
      );
      ok(await call('room/setRoomStatus', { room_id: room, status: ROOM_STATUS.vacant }));
      ok(await call('room/tenant/update/checkIn', checkInBody(room, t.clock.ms, 5)));
    });

    it('cancels a reservation that has not begun, leaving the room vacant', async () => {
      const room = t.ids.rooms['1104']!;
      const out = ok(await call<StayAnswer & { room_status: number }>('room/checkOut', { room_id: room }));
      expect(out).toMatchObject({ status: 'cancelled', state: 'ended', room_status: ROOM_STATUS.vacant });
    });

    it('adds and removes fellow tenants of an open stay only', async () => {
      const room = t.ids.rooms['1101']!;
      const [stay] = ok(
        await call<{ list: StayAnswer[] }>('room/tenant/list', { room_id: room, open: true }),
      ).list;
      const guest = ok(
        await call<{ id: number; position: number }>('room/addPassenger', {
          stay_id: stay!.stay_id,
          mobile: '13911112222',
          nickname: 'Extra',
        }),
      );
      expect(guest.position).toBe(2);
      expectRefused(
        await call('room/addPassenger', { stay_id: stay!.stay_id, mobile: '1391111' }),
        'MOBILE_INVALID',
        { field: 'mobile' },
      );
      ok(await call('room/deletePassenger', { id: guest.id }));
      expectRefused(await call('room/deletePassenger', { id: guest.id }), 'NOT_FOUND');
      const again = ok(
        await call<{ id: number }>('room/addPassenger', { stay_id: stay!.stay_id, mobile: '13911112222' }),
      );
      ok(await call('room/checkOut', { room_id: room }));
      expectRefused(await call('room/deletePassenger', { id: again.id }), 'DELETE_FAILED');
      expectRefused(
        await call('room/addPassenger', { stay_id: stay!.stay_id, mobile: '13911113333' }),
        'FIELD_INVALID',
        { field: 'stay_id' },
      );
    });

    it('freezes and unfreezes a tenant, and limits PIN passwords', async () => {
      const [stay] = ok(
        await call<{ list: StayAnswer[] }>('room/tenant/list', { room_id: t.ids.rooms['1101'], open: true }),
      ).list;
      expect(ok(await call('user/freezeUser', { stay_id: stay!.stay_id, frozen: 1 }))).toEqual({
        stay_id: stay!.stay_id,
        frozen: true,
        result: 'success',
      });
      expect(ok(await call('user/freezeUser', { stay_id: stay!.stay_id, frozen: 0 }))).toEqual({
        stay_id: stay!.stay_id,
        frozen: false,
        result: 'cancelled',
      });
      expect(
        ok(await call('room/tenant/limitPassword', { stay_id: stay!.stay_id, limit: true })),
      ).toMatchObject({ password_limited: true });
      expectRefused(await call('user/freezeUser', { stay_id: stay!.stay_id }), 'FIELD_REQUIRED', {
        field: 'frozen',
      });
      expectRefused(
        await call('room/tenant/limitPassword', { stay_id: 'one', limit: true }),
        'FIELD_INVALID',
        { field: 'stay_id' },
      );
    });

    it('sets a later expiration as a renewal, refusing the past and closed stays', async () => {
      const room = t.ids.rooms['1101']!;
      const [stay] = ok(
        await call<{ list: StayAnswer[] }>('room/tenant/list', { room_id: room, open: true }),
      ).list;
      const later = stay!.end_time + 24 * 3600;
      const renewed = ok(
        await call<StayAnswer & { renewal_fee: number }>('user/setUserExpiration', {
          stay_id: stay!.stay_id,
          end_time: later,
        }),
      );
      expect(renewed.end_time).toBe(later);
      // 1101 is a Standard room (renewal at the set price off): the stay's own rate, 198 yuan over 3 nights.
      expect(renewed.renewal_fee).toBe(66);
      expect(renewed.price).toBe(stay!.price + renewed.renewal_fee);
      expectRefused(
        await call('user/setUserExpiration', {
          stay_id: stay!.stay_id,
          end_time: Math.floor(t.clock.ms / 1000) - 60,
        }),
        'EXPIRATION_NOT_FUTURE',
      );
      expectRefused(
        await call('user/setUserExpiration', { stay_id: stay!.stay_id, end_time: 'never' }),
        'SET_EXPIRATION_FAILED',
        { field: 'end_time' },
      );
      expectRefused(await call('user/setUserExpiration', { stay_id: stay!.stay_id }), 'FIELD_REQUIRED', {
        field: 'end_time',
      });
      ok(await call('room/checkOut', { room_id: room }));
      expectRefused(
        await call('user/setUserExpiration', { stay_id: stay!.stay_id, end_time: later }),
        'SET_EXPIRATION_FAILED',
      );
    });

    it('charges a renewal only for the nights it adds, and quotes what it charges', async () => {
      const room = t.ids.rooms['1106']!;
      const at = (text: string) => Date.parse(`${text}+08:00`) / 1000;
      ok(await call('room/setRenew', { room_id: room, renew: false }));
      const renewal = async (stayId: number, end: string) => {
        const quote = ok(
          await call<{ nights: number; total: number }>('room/countRoomPriceNew', {
            room_id: room,
            stay_id: stayId,
            end_time: at(end),
          }),
        );
        const renewed = ok(
          await call<StayAnswer & { renewal_fee: number }>('user/setUserExpiration', {
            stay_id: stayId,
            end_time: at(end),
          }),
        );
        // What the desk quotes is what the guest is charged.
        expect(quote.total).toBe(renewed.renewal_fee);
        return { quote, renewed };
      };
      // An hourly stay on Monday 7 January 2030 is charged as that date's night.
      const hourly = ok(
        await call<StayAnswer>('room/tenant/update/checkIn', {
          ...checkInBody(room, t.clock.ms),
          start_time: at('2030-01-07T10:00:00'),
          end_time: at('2030-01-07T14:00:00'),
          price: 100,
        }),
      );
      expect(hourly.price).toBe(100);
      // Staying until noon on the 8th is still that one night, already paid.
      const first = await renewal(hourly.stay_id, '2030-01-08T12:00:00');
      expect(first.quote.nights).toBe(0);
      expect(first.renewed).toMatchObject({ renewal_fee: 0, price: 100 });
      const second = await renewal(hourly.stay_id, '2030-01-09T12:00:00');
      expect(second.renewed).toMatchObject({ renewal_fee: 100, price: 200 });
      ok(await call('room/checkOut', { room_id: room, stay_id: hourly.stay_id }));

      // 20:00 on the 14th to 06:00 on the 16th: 34 hours, but two nights (the 14th and the 15th) at 100.
      const late = ok(
        await call<StayAnswer>('room/tenant/update/checkIn', {
          ...checkInBody(room, t.clock.ms),
          start_time: at('2030-01-14T20:00:00'),
          end_time: at('2030-01-16T06:00:00'),
          price: 100,
        }),
      );
      expect(late.price).toBe(200);
      const third = await renewal(late.stay_id, '2030-01-17T12:00:00');
      expect(third.renewed).toMatchObject({ renewal_fee: 100, price: 300 });
    });

    it('refuses an expiration that runs into the next reservation', async () => {
      const room = t.ids.rooms['1104']!;
      ok(await call('room/tenant/update/checkIn', checkInBody(room, t.clock.ms, 24)));
      const [current] = ok(
        await call<{ list: StayAnswer[] }>('room/tenant/list', { room_id: room, open: true }),
      ).list.filter((s) => s.state === 'active');
      expectRefused(
        await call('user/setUserExpiration', {
          stay_id: current!.stay_id,
          end_time: current!.end_time + 3 * 24 * 3600,
        }),
        'ROOM_OCCUPIED',
      );
    });
  });

  describe('guests', () => {
    it('lists the hotel guests and shows one with their stays', async () => {
      const all = ok(
        await call<{ list: { id: number; mobile: string }[]; total: number }>('passenger/list', {}),
      );
      expect(all.total).toBe(8);
      const li = all.list.find((p) => p.mobile === '13900000001')!;
      const info = ok(
        await call<{ nickname: string; stays: { room_name: string }[] }>('passenger/info', { id: li.id }),
      );
      expect(info).toMatchObject({ nickname: 'Li Wei', stays: [{ room_name: '1101' }] });
      expectRefused(await call('passenger/info', { id: 999999 }), 'NOT_FOUND');
    });

    it('shows staff only the guests of their rooms', async () => {
      const staff = await t.login(DEMO_ACCOUNTS.staff);
      const seen = ok(
        await t.call<{ list: { mobile: string }[] }>('passenger/list', { limit: 100 }, { token: staff }),
      );
      // Floor 1 of building 1: 1101–1105 had guests (1104 reserved, 1105 in the past).
      expect(seen.list.map((p) => p.mobile).sort()).toEqual([
        '13900000001',
        '13900000002',
        '13900000003',
        '13900000007',
        '13900000008',
      ]);
      const all = ok(
        await call<{ list: { id: number; mobile: string }[] }>('passenger/list', { limit: 100 }),
      );
      const wang = all.list.find((p) => p.mobile === '13900000004')!;
      expectRefused(await t.call('passenger/info', { id: wang.id }, { token: staff }), 'PERMISSION_DENIED');
    });
  });
});
