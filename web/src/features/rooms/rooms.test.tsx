import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Room } from '../../api/rooms.ts';
import { setUserInfo } from '../../api/session.ts';
import { roomsTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderConsole } from '../../test/render.tsx';

const SLOW = { timeout: 60_000 };
const at = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;
const callsTo = (seen: SeenCall[], path: string) => seen.filter((c) => c.path === path);

function room(id: number, name: string, status: number, over: Partial<Room> = {}): Room {
  return {
    id,
    room_id: id,
    name,
    category_id: 1,
    category_name: 'Standard',
    status,
    mac_id: `A0B0C00101${String(id).padStart(2, '0')}`,
    lock_id: `L${name}`,
    building: 1,
    floor: 1,
    remark: '',
    notice: '',
    picture: '',
    description: '',
    bluetooth_name: '',
    battery: 80,
    deposit: 100,
    price: 198,
    weekend_price: null,
    updated_at: 1_764_000_000,
    tenant: null,
    ...over,
  };
}

const ROOMS = [room(17, '1101', 1), room(18, '1102', 0), room(19, '1103', 2), room(20, '1104', 4)];
const GROUPS = [{ id: 1, name: 'Standard', sort: 1, parent_id: null, kind: 'group', room_count: 4 }];

beforeAll(() => roomsTexts.load('en'));

beforeEach(() => {
  setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'super', nickname: 'Demo' });
});

describe('room list', () => {
  let seen: SeenCall[];
  let counts: Record<string, number> | undefined;
  beforeEach(() => {
    counts = undefined;
    seen = fakeServer({
      'room/listNew': (f) => {
        const list = ROOMS.filter((r) => f['status'] === undefined || r.status === f['status']);
        return {
          errno: 0,
          data: { list, total: list.length, page: 1, limit: 24, ...(counts ? { counts } : {}) },
        };
      },
      'room/category/list': () => ({ errno: 0, data: { list: GROUPS } }),
    });
  });

  it('shows each room with its status, and check-in only for vacant and reserved rooms', async () => {
    renderConsole('/room/roomList');
    await waitFor(() => expect(screen.getAllByTestId('room-item')).toHaveLength(4), SLOW);
    const byId = (id: number) =>
      screen.getAllByTestId('room-item').find((e) => e.getAttribute('data-room-id') === String(id))!;
    expect(byId(17).getAttribute('data-status')).toBe('checkedIn');
    expect(within(byId(17)).queryByTestId('room-check-in')).toBeNull();
    expect(within(byId(18)).getByTestId('room-check-in').getAttribute('href')).toBe(
      '/room/checkIn?room_id=18',
    );
    expect(within(byId(19)).getByTestId('room-check-in')).toBeTruthy();
    expect(within(byId(20)).queryByTestId('room-check-in')).toBeNull();
    expect(within(byId(20)).getByText('Dirty room')).toBeTruthy();
    // Without counts from the server, the status tabs carry none.
    expect(screen.queryByTestId('status-count-all')).toBeNull();
    expect(callsTo(seen, 'room/listNew')[0]?.fields).toMatchObject({ page: 1, limit: 24, sort: 'asc' });
  });

  it('shows the counts per status when the server gives them', async () => {
    counts = { all: 4, '0': 1, '1': 1, '2': 1, '3': 0, '4': 1 };
    renderConsole('/room/roomList');
    await screen.findByTestId('status-count-all', {}, SLOW);
    expect(screen.getByTestId('status-count-all').textContent).toBe('4');
    expect(screen.getByTestId('status-count-maintenance').textContent).toBe('0');
  });

  it('filters by status and searches by name through the URL', async () => {
    const { router } = renderConsole('/room/roomList');
    await waitFor(() => expect(screen.getAllByTestId('room-item')).toHaveLength(4), SLOW);
    await userEvent.click(screen.getByTestId('status-filter-vacant'));
    await waitFor(() => expect(at(router)).toBe('/room/roomList?status=0'));
    await waitFor(() => expect(screen.getAllByTestId('room-item')).toHaveLength(1));
    expect(callsTo(seen, 'room/listNew').at(-1)?.fields).toMatchObject({ status: 0 });

    fireEvent.change(screen.getByTestId('room-search'), { target: { value: ' 110 ' } });
    await waitFor(() => expect(at(router)).toBe('/room/roomList?status=0&name=110'), SLOW);
    await waitFor(() =>
      expect(callsTo(seen, 'room/listNew').at(-1)?.fields).toMatchObject({ name: '110', status: 0 }),
    );
  });

  it('starts from a shared link: filters, sort and page read from the URL', async () => {
    renderConsole('/room/roomList?group=1&status=4&date=week&sort=desc&page=2&limit=48');
    await waitFor(() => expect(callsTo(seen, 'room/listNew')).toHaveLength(1), SLOW);
    expect(callsTo(seen, 'room/listNew')[0]?.fields).toMatchObject({
      category_id: 1,
      status: 4,
      date: 'week',
      sort: 'desc',
      page: 2,
      limit: 48,
    });
  });

  it('refuses an empty group name and sort order with the spec messages, before any call', async () => {
    renderConsole('/room/roomList');
    await userEvent.click(await screen.findByTestId('open-groups', {}, SLOW));
    await userEvent.click(await screen.findByTestId('group-add'));
    fireEvent.change(await screen.findByTestId('group-name'), { target: { value: '  ' } });
    fireEvent.change(screen.getByTestId('group-sort'), { target: { value: '' } });
    await userEvent.click(screen.getByTestId('group-save'));
    await screen.findByText('Please enter the group name');
    await screen.findByText('Please enter the sort order');
    expect(callsTo(seen, 'room/addCategory')).toEqual([]);
  });
});

describe('room list when the server refuses', () => {
  it('shows the error state with a retry that asks again', async () => {
    let fail = true;
    const seen = fakeServer({
      'room/listNew': () =>
        fail
          ? { errno: 1, errmsg: 'Permission denied' }
          : { errno: 0, data: { list: ROOMS, total: 4, page: 1, limit: 24 } },
      'room/category/list': () => ({ errno: 0, data: { list: GROUPS } }),
    });
    renderConsole('/room/roomList');
    const error = await screen.findByTestId('rooms-error', {}, SLOW);
    fail = false;
    await userEvent.click(within(error).getByRole('button'));
    await waitFor(() => expect(screen.getAllByTestId('room-item')).toHaveLength(4), SLOW);
    expect(callsTo(seen, 'room/listNew').length).toBeGreaterThanOrEqual(2);
  });
});

describe('room detail', () => {
  let seen: SeenCall[];
  beforeEach(() => {
    seen = fakeServer({
      'room/info': (f) => {
        const found = ROOMS.find((r) => r.id === f['room_id']);
        if (found) return { errno: 0, data: found };
        // As the server: a room of another hotel (or none) is NOT_FOUND, one out of scope PERMISSION_DENIED.
        return f['room_id'] === 998
          ? { errno: 1, errmsg: 'Permission denied', code: 'PERMISSION_DENIED' }
          : { errno: 1, errmsg: 'Not found', code: 'NOT_FOUND' };
      },
      'room/category/list': () => ({ errno: 0, data: { list: GROUPS } }),
      'room/setRoomStatus': (f) => ({
        errno: 0,
        data: { room_id: f['room_id'], status: f['status'], status_name: 'x' },
      }),
    });
  });

  it('reads the room by id in one call and opens the tab of the URL', async () => {
    renderConsole('/room/roomDetails?id=18&tab=status');
    await screen.findByTestId('status-tab', {}, SLOW);
    expect(screen.getByTestId('room-detail-name').textContent).toBe('1102');
    expect(callsTo(seen, 'room/info').map((c) => c.fields['room_id'])).toEqual([18]);
    expect(seen.filter((c) => c.path === 'room/listNew' || c.path === 'room/allLock')).toEqual([]);
    // 'Checked in' is never offered by hand.
    expect(screen.queryByTestId('status-choice-checkedIn')).toBeNull();
    await userEvent.click(screen.getByTestId('status-choice-dirty'));
    await userEvent.click(screen.getByTestId('status-apply'));
    await waitFor(() =>
      expect(callsTo(seen, 'room/setRoomStatus')[0]?.fields).toMatchObject({ room_id: 18, status: 4 }),
    );
  });

  it('opens the first tab without one in the URL, and keeps the chosen tab in the URL', async () => {
    const { router } = renderConsole('/room/roomDetails?id=19');
    await screen.findByTestId('card-checkin-form', {}, SLOW);
    expect(screen.getByTestId('room-detail-name').textContent).toBe('1103');
    await userEvent.click(screen.getByTestId('room-tab-unlock'));
    await waitFor(() => expect(at(router)).toBe('/room/roomDetails?id=19&tab=unlock'));
  });

  it('links a room of the list to its detail by id and tab alone', async () => {
    fakeServer({
      'room/listNew': () => ({ errno: 0, data: { list: ROOMS, total: 4, page: 1, limit: 24 } }),
      'room/category/list': () => ({ errno: 0, data: { list: GROUPS } }),
    });
    renderConsole('/room/roomList');
    await waitFor(() => expect(screen.getAllByTestId('room-item')).toHaveLength(4), SLOW);
    const open = within(screen.getAllByTestId('room-item')[1]!).getByTestId('room-open');
    expect(open.getAttribute('href')).toBe('/room/roomDetails?id=18');
  });

  it('says plainly when the room is not among the rooms in reach', async () => {
    renderConsole('/room/roomDetails?id=999');
    await screen.findByTestId('room-detail-missing', {}, SLOW);
    renderConsole('/room/roomDetails?id=998');
    await waitFor(() => expect(screen.getAllByTestId('room-detail-missing')).toHaveLength(2), SLOW);
    renderConsole('/room/roomDetails?id=abc');
    await waitFor(() => expect(screen.getAllByTestId('room-detail-missing')).toHaveLength(3), SLOW);
    expect(callsTo(seen, 'room/info').map((c) => c.fields['room_id'])).toEqual([999, 998]);
  });

  it('offers a retry when the room cannot be read for another reason', async () => {
    let fail = true;
    const calls = fakeServer({
      'room/info': () => (fail ? { errno: 1, errmsg: 'Error', code: 'ERROR' } : { errno: 0, data: ROOMS[0] }),
      'room/category/list': () => ({ errno: 0, data: { list: GROUPS } }),
    });
    renderConsole('/room/roomDetails?id=17');
    const error = await screen.findByTestId('room-detail-error', {}, SLOW);
    fail = false;
    await userEvent.click(within(error).getByRole('button'));
    await screen.findByTestId('room-detail-name', {}, SLOW);
    expect(screen.getByTestId('room-detail-name').textContent).toBe('1101');
    expect(callsTo(calls, 'room/info')).toHaveLength(2);
  });
});
