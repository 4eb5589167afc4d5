/**
 * passenger/list's guest filters and stay (issue 10 contract D): in house now, by room, by period, each guest with
 * the current or latest stay in the caller's rooms, fellow guests included, and the room scope of every role.
 * The demo's guests: six in house (1101, 1102, 1103, 2201, 2202, 2203), Kim Min-jun's reservation in 1104 and
 * Sato Yui's past stay in 1105.
 */
import type { ErrorCode } from '@lockdesk/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, expectRefused, HOUR, OTHER_ADMIN, ok } from './room-helpers.js';

interface Guest {
  id: number;
  mobile: string;
  nickname: string;
  stay: {
    id: number;
    room_id: number;
    room_name: string;
    check_in_time: number;
    estimated_check_out: number;
    status: string;
  } | null;
}
interface Page {
  list: Guest[];
  total: number;
  page: number;
  limit: number;
}

const IN_HOUSE = ['13900000001', '13900000002', '13900000003', '13900000004', '13900000005', '13900000006'];
const KIM = '13900000007';
const SATO = '13900000008';
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

describeEachDatabase('guest list filters', (t) => {
  const tokens: Record<string, string> = {};
  const room = (name: string) => t.ids.rooms[name]!;
  const list = (body: Record<string, unknown>, who = 'super') =>
    t.call<Page>('passenger/list', { limit: 100, ...body }, { token: tokens[who]! });
  const mobiles = (page: Page) => page.list.map((g) => g.mobile).sort();
  const stayOf = (name: string) =>
    t.db
      .selectFrom('stays')
      .selectAll()
      .where('room_id', '=', room(name))
      .orderBy('id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    await t.reset();
    await addOtherHotel(t.db, t.clock.ms);
    for (const who of ['super', 'secondary', 'staff'] as const)
      tokens[who] = await t.login(DEMO_ACCOUNTS[who]);
    tokens['other'] = await t.login(OTHER_ADMIN);
  });

  it('answers each guest with the current stay, else the latest, as the contract shapes it', async () => {
    const page = ok(await list({}));
    expect(page.total).toBe(8);
    const li = page.list.find((g) => g.mobile === '13900000001');
    const stay = await stayOf('1101');
    expect(li?.stay).toEqual({
      id: stay.id,
      room_id: room('1101'),
      room_name: '1101',
      check_in_time: seconds(stay.check_in),
      estimated_check_out: seconds(stay.check_out),
      status: 'active',
    });
    expect(page.list.find((g) => g.mobile === KIM)?.stay).toMatchObject({
      room_name: '1104',
      status: 'reserved',
    });
    expect(page.list.find((g) => g.mobile === SATO)?.stay).toMatchObject({
      room_name: '1105',
      status: 'checked_out',
    });
  });

  it('keeps the guests in house now, or those who are not', async () => {
    expect(mobiles(ok(await list({ in_house: 1 })))).toEqual(IN_HOUSE);
    expect(mobiles(ok(await list({ in_house: 0 })))).toEqual([KIM, SATO]);
    expect(mobiles(ok(await list({ in_house: 1, name: 'li' })))).toEqual(['13900000001']);
  });

  it('keeps the guests of a room, and of a period (a stay overlapping it)', async () => {
    expect(mobiles(ok(await list({ room_id: room('1105') })))).toEqual([SATO]);
    expect(ok(await list({ room_id: room('1105'), in_house: 1 })).total).toBe(0);
    expect(ok(await list({ room_id: room('1110') })).total).toBe(0);
    const sato = await stayOf('1105');
    expect(
      mobiles(
        ok(
          await list({
            start_time: seconds(sato.check_in) - 24 * 3600,
            end_time: seconds(sato.check_in) + 3600,
          }),
        ),
      ),
    ).toEqual([SATO]);
    const maria = await stayOf('2203');
    const lastHour = { start_time: seconds(maria.check_out) - 3600, end_time: seconds(maria.check_out) };
    expect(mobiles(ok(await list(lastHour)))).toEqual(['13900000006']);
    // Room and period hold for the same stay.
    expect(ok(await list({ ...lastHour, room_id: room('1105') })).total).toBe(0);
    expect(ok(await list({ start_time: seconds(maria.check_out) + HOUR / 1000 })).total).toBe(0);
  });

  it('counts a fellow guest in the stay, which becomes their current one', async () => {
    const sato = await t.db
      .selectFrom('passengers')
      .select('id')
      .where('mobile', '=', SATO)
      .executeTakeFirstOrThrow();
    const stay = await stayOf('1101');
    await t.db
      .insertInto('stay_guests')
      .values({ stay_id: stay.id, passenger_id: sato.id, position: 2, mobile: SATO, nickname: 'Sato Yui' })
      .execute();
    const page = ok(await list({ in_house: 1 }));
    expect(mobiles(page)).toEqual([...IN_HOUSE, SATO].sort());
    expect(page.list.find((g) => g.mobile === SATO)?.stay).toMatchObject({ id: stay.id, status: 'active' });
    expect(mobiles(ok(await list({ room_id: room('1101') })))).toEqual(['13900000001', SATO]);
    await t.db.deleteFrom('stay_guests').where('passenger_id', '=', sato.id).execute();
  });

  it("keeps every role to its rooms' guests and stays", async () => {
    // Staff have floor 1 of building 1.
    expect(mobiles(ok(await list({}, 'staff')))).toEqual([
      '13900000001',
      '13900000002',
      '13900000003',
      KIM,
      SATO,
    ]);
    expect(mobiles(ok(await list({ in_house: 1 }, 'staff')))).toEqual([
      '13900000001',
      '13900000002',
      '13900000003',
    ]);
    expect(mobiles(ok(await list({ in_house: 1 }, 'secondary')))).toEqual([
      '13900000001',
      '13900000002',
      '13900000003',
    ]);
    for (const g of ok(await list({}, 'staff')).list) expect(g.stay?.room_name.startsWith('11')).toBe(true);
    expectRefused(await list({ room_id: room('2201') }, 'staff'), 'PERMISSION_DENIED');
    expectRefused(await list({ room_id: room('1101') }, 'other'), 'NOT_FOUND');
    expect(ok(await list({ in_house: 1 }, 'other')).total).toBe(0);
  });

  describe('bad input', () => {
    const cases: [Record<string, unknown>, ErrorCode, Record<string, string>?][] = [
      [{ in_house: 2 }, 'FIELD_INVALID', { field: 'in_house' }],
      [{ in_house: 'yes' }, 'FIELD_INVALID', { field: 'in_house' }],
      [{ room_id: 0 }, 'FIELD_INVALID', { field: 'room_id' }],
      [{ start_time: 'later' }, 'FIELD_INVALID', { field: 'start_time' }],
      [{ start_time: 1_900_000_000, end_time: 1_800_000_000 }, 'END_BEFORE_START', { field: 'end_time' }],
      [{ room_id: 999_999 }, 'NOT_FOUND'],
    ];
    it(
      cases.map(([, code, params]) => `${code}${params ? ` ${params['field']}` : ''}`).join(', '),
      async () => {
        for (const [body, code, params] of cases) expectRefused(await list(body), code, params);
      },
    );
  });
});
