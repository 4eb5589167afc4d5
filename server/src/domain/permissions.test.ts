import { describe, expect, it } from 'vitest';
import type { Permission } from '../auth/permissions.js';
import { type Actor, canAccessRoom, roomScope } from './permissions.js';

const assigned = { id: 1, hotelId: 10 };
const unassigned = { id: 2, hotelId: 10 };
const elsewhere = { id: 3, hotelId: 20 };

const actors: Record<string, Actor> = {
  super: { hotelId: 10, role: 'super' },
  secondary: { hotelId: 10, role: 'secondary', roomIds: new Set([1]) },
  staff: { hotelId: 10, role: 'staff', roomIds: new Set([1]) },
  manager: { hotelId: null, role: 'customer_manager' },
  otherSuper: { hotelId: 20, role: 'super' },
};

// One row per role and permission: allowed on [assigned room, unassigned room, other hotel's room].
const matrix: [string, Permission, [boolean, boolean, boolean]][] = [
  ['super', 'room.view', [true, true, false]],
  ['super', 'stay.manage', [true, true, false]],
  ['super', 'price.manage', [true, true, false]],
  ['secondary', 'room.view', [true, false, false]],
  ['secondary', 'stay.manage', [true, false, false]],
  ['secondary', 'price.manage', [true, false, false]],
  ['staff', 'room.view', [true, false, false]],
  ['staff', 'stay.manage', [true, false, false]],
  ['staff', 'room.status', [true, false, false]],
  ['staff', 'price.manage', [false, false, false]],
  ['staff', 'room.manage', [false, false, false]],
  ['manager', 'room.view', [false, false, false]],
  ['otherSuper', 'room.view', [false, false, true]],
  ['otherSuper', 'price.manage', [false, false, true]],
];

describe('canAccessRoom', () => {
  it.each(matrix)('%s with %s: assigned, unassigned, other hotel → %j', (who, permission, expected) => {
    const actor = actors[who]!;
    expect([assigned, unassigned, elsewhere].map((room) => canAccessRoom(actor, room, permission))).toEqual(
      expected,
    );
  });

  it('gives a staff member without granted rooms nothing, and granted authorities add to the role', () => {
    expect(canAccessRoom({ hotelId: 10, role: 'staff' }, assigned, 'room.view')).toBe(false);
    const granted: Actor = {
      hotelId: 10,
      role: 'staff',
      roomIds: new Set([1]),
      authorities: ['price.manage'],
    };
    expect(canAccessRoom(granted, assigned, 'price.manage')).toBe(true);
  });
});

describe('roomScope', () => {
  it('lists all rooms, the assigned ones, or none', () => {
    expect(roomScope({ ...actors.super!, id: 1 }, 10)).toEqual({ kind: 'all' });
    expect(roomScope({ ...actors.secondary!, id: 2 }, 10)).toEqual({ kind: 'assigned', userId: 2 });
    expect(roomScope({ ...actors.staff!, id: 3 }, 10)).toEqual({ kind: 'assigned', userId: 3 });
    expect(roomScope({ ...actors.otherSuper!, id: 4 }, 10)).toEqual({ kind: 'none' });
    expect(roomScope({ ...actors.manager!, id: 5 }, 10)).toEqual({ kind: 'none' });
  });
});
