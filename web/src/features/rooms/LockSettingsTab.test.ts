import { describe, expect, it } from 'vitest';
import type { Room } from '../../api/rooms.ts';
import { lockChanges, lockFormOf } from './LockSettingsTab.tsx';

const ROOM: Room = {
  id: 17,
  room_id: 17,
  name: '1106',
  category_id: 1,
  category_name: 'Standard',
  status: 0,
  mac_id: 'A0B0C0010106',
  lock_id: 'L1106',
  building: 1,
  floor: 1,
  remark: '',
  notice: '',
  picture: '',
  description: 'Standard room 1106',
  bluetooth_name: 'LD-1106',
  battery: 83,
  deposit: 100,
  price: 198,
  weekend_price: 238,
  updated_at: 1_764_000_000,
};

describe('lock settings changes', () => {
  it('sends only the room when nothing changed', () => {
    expect(lockChanges(ROOM, lockFormOf(ROOM))).toEqual({ room_id: 17 });
  });

  it('sends the changed fields, trimmed, including a cleared text and a removed group', () => {
    const values = {
      ...lockFormOf(ROOM),
      name: ' 1106A ',
      description: '',
      floor: 7,
      category_id: 0,
      picture: '/files/ab.png',
    };
    expect(lockChanges(ROOM, values)).toEqual({
      room_id: 17,
      name: '1106A',
      description: '',
      floor: 7,
      category_id: 0,
      picture: '/files/ab.png',
    });
  });

  it('does not send an emptied number field (the server keeps the old one)', () => {
    expect(lockChanges(ROOM, { ...lockFormOf(ROOM), building: null })).toEqual({ room_id: 17 });
  });
});
