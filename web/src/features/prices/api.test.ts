import { describe, expect, it } from 'vitest';
import {
  fetchRoomPrices,
  matchRooms,
  type RoomGroup,
  type RoomOption,
  roomsOfGroup,
  setPriceFields,
  withDayPrice,
} from '../../api/prices.ts';
import { checkWeekendPrice } from '../../shared/prices/PriceForm.tsx';
import { fakeServer } from '../../test/fakeServer.ts';

const room = (id: number, name: string, category_id: number | null): RoomOption => ({
  id,
  room_id: id,
  name,
  mac_id: `A0B0C000${id}`,
  building: 1,
  floor: 1,
  status: 0,
  category_id,
});

describe('specific-date prices', () => {
  it('sets, replaces and clears one day, keeping the list in day order', () => {
    let list = withDayPrice([], '2026-10-02', 388);
    list = withDayPrice(list, '2026-10-01', 300);
    expect(list).toEqual([
      { day: '2026-10-01', price: 300 },
      { day: '2026-10-02', price: 388 },
    ]);
    list = withDayPrice(list, '2026-10-02', 400);
    expect(list).toEqual([
      { day: '2026-10-01', price: 300 },
      { day: '2026-10-02', price: 400 },
    ]);
    expect(withDayPrice(list, '2026-10-01', undefined)).toEqual([{ day: '2026-10-02', price: 400 }]);
  });

  it('reads a room’s prices, every specific-date price, from room/priceInfo alone (no lock needed)', async () => {
    const seen = fakeServer({
      'room/priceInfo': (f) => ({
        errno: 0,
        data: {
          room_id: f['room_id'],
          deposit: 100,
          price: 198,
          weekend_price: 0,
          renew: true,
          price_template_id: 4,
          date_prices: [
            { day: '2020-10-01', price: 388 },
            { day: '2045-02-01', price: '500.5' },
          ],
        },
      }),
    });
    expect(await fetchRoomPrices(17)).toEqual({
      room_id: 17,
      deposit: 100,
      price: 198,
      weekend_price: 0,
      renew: true,
      price_template_id: 4,
      date_prices: [
        { day: '2020-10-01', price: 388 },
        { day: '2045-02-01', price: 500.5 },
      ],
    });
    expect(seen.map((c) => [c.path, c.fields['room_id']])).toEqual([['room/priceInfo', 17]]);
  });

  it('sends date_prices only when given (undefined keeps the room’s, [] clears them)', () => {
    const base = { deposit: 100, price: 198, weekend_price: 0 };
    expect(setPriceFields(7, base)).toEqual({ room_id: 7, deposit: 100, price: 198, weekend_price: 0 });
    expect(setPriceFields(7, { ...base, date_prices: [] })).toHaveProperty('date_prices', []);
  });
});

describe('the room picker', () => {
  const rooms = [room(1, '1101', 10), room(2, '1102', 11), room(3, 'A-201', 20), room(4, 'B-301', null)];
  const groups: RoomGroup[] = [
    { id: 10, name: 'Standard', parent_id: null },
    { id: 11, name: 'Standard sea view', parent_id: 10 },
    { id: 20, name: 'Suites', parent_id: null },
  ];

  it('selects a group with the groups below it', () => {
    expect(roomsOfGroup(rooms, groups, 10)).toEqual([1, 2]);
    expect(roomsOfGroup(rooms, groups, 11)).toEqual([2]);
    expect(roomsOfGroup(rooms, groups, 20)).toEqual([3]);
  });

  it('searches names case-insensitively', () => {
    expect(matchRooms(rooms, 'a-2').map((r) => r.id)).toEqual([3]);
    expect(matchRooms(rooms, ' 110 ').map((r) => r.id)).toEqual([1, 2]);
    expect(matchRooms(rooms, '')).toHaveLength(4);
  });

  it('stays quick at 10,000 rooms', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => room(i + 1, `R${i + 1}`, (i % 50) + 100));
    const tree: RoomGroup[] = Array.from({ length: 50 }, (_, i) => ({
      id: i + 100,
      name: `G${i}`,
      parent_id: null,
    }));
    expect(roomsOfGroup(many, tree, 100)).toHaveLength(200);
    expect(matchRooms(many, 'R999').map((r) => r.name)).toEqual([
      'R999',
      'R9990',
      'R9991',
      'R9992',
      'R9993',
      'R9994',
      'R9995',
      'R9996',
      'R9997',
      'R9998',
      'R9999',
    ]);
  });
});

describe('the weekend price', () => {
  it('may be empty or 0 (no weekend price), else at least 1', () => {
    expect(checkWeekendPrice(null)).toBeUndefined();
    expect(checkWeekendPrice(0)).toBeUndefined();
    expect(checkWeekendPrice(1)).toBeUndefined();
    expect(checkWeekendPrice(0.5)).toBe('PRICE_TOO_LOW');
  });
});
