import type { LockRoom } from '../../api/locks.ts';

/**
 * The buildings and floors a building or floor card may name: those set on the locks of the rooms in the caller's
 * scope (room/allLock answers only the rooms a secondary administrator or staff member is assigned), spec §6.
 */
export function buildingsOf(rooms: readonly Pick<LockRoom, 'building'>[]): number[] {
  const set = new Set<number>();
  for (const r of rooms) if (typeof r.building === 'number' && r.building > 0) set.add(r.building);
  return [...set].sort((a, b) => a - b);
}

/** The floors of one building's rooms (none until a building is chosen). */
export function floorsOf(
  rooms: readonly Pick<LockRoom, 'building' | 'floor'>[],
  building: number | undefined,
): number[] {
  if (building === undefined) return [];
  const set = new Set<number>();
  for (const r of rooms)
    if (r.building === building && typeof r.floor === 'number' && r.floor > 0) set.add(r.floor);
  return [...set].sort((a, b) => a - b);
}
