import { describe, expect, it } from 'vitest';
import {
  changeListState,
  DEFAULT_PAGE_SIZE,
  type RoomListState,
  readListState,
  requestOf,
  writeListState,
} from './listParams.ts';

const read = (query: string) => readListState(new URLSearchParams(query));
const DEFAULTS: RoomListState = { page: 1, limit: DEFAULT_PAGE_SIZE, sort: 'asc', view: 'cards' };

describe('room list state in the URL', () => {
  it('reads a bare URL as the defaults and writes the defaults as a bare URL', () => {
    expect(read('')).toEqual(DEFAULTS);
    expect(writeListState(DEFAULTS).toString()).toBe('');
  });

  it('round-trips every filter, the sort, the page, the page size and the view', () => {
    const state: RoomListState = {
      page: 3,
      limit: 48,
      sort: 'desc',
      view: 'table',
      status: 0,
      group: 0,
      name: '11 0',
      date: 'yesterday',
    };
    const query = writeListState(state).toString();
    expect(query).toBe('group=0&status=0&name=11+0&date=yesterday&sort=desc&page=3&limit=48&view=table');
    expect(read(query)).toEqual(state);
  });

  it('drops what a hand-edited URL gets wrong rather than breaking the page', () => {
    expect(read('status=5&group=-1&page=0&limit=33&sort=up&date=month&view=grid&name=%20%20')).toEqual(
      DEFAULTS,
    );
    expect(read('status=1.5&page=abc')).toEqual(DEFAULTS);
    expect(read(`name=${'x'.repeat(80)}`).name).toHaveLength(50);
  });

  it('goes back to page 1 when a filter, the sort or the page size changes, not when the page or view does', () => {
    const on3: RoomListState = { ...DEFAULTS, page: 3, status: 1 };
    expect(changeListState(on3, { status: 4 }).page).toBe(1);
    expect(changeListState(on3, { sort: 'desc' }).page).toBe(1);
    expect(changeListState(on3, { limit: 96 }).page).toBe(1);
    expect(changeListState(on3, { name: 'a' }).page).toBe(1);
    expect(changeListState(on3, { view: 'table' }).page).toBe(3);
    expect(changeListState(on3, { page: 4 }).page).toBe(4);
    // The same value again is no change.
    expect(changeListState(on3, { status: 1 }).page).toBe(3);
  });

  it('removes a filter set to undefined', () => {
    const next = changeListState({ ...DEFAULTS, status: 2, group: 5 }, { status: undefined });
    expect(next).toEqual({ ...DEFAULTS, group: 5 });
    expect('status' in next).toBe(false);
  });

  it('asks the server without the view, so switching it reuses the cached page', () => {
    expect(requestOf({ ...DEFAULTS, view: 'table', status: 3 })).toEqual({
      page: 1,
      limit: DEFAULT_PAGE_SIZE,
      sort: 'asc',
      status: 3,
    });
  });
});
