import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearUserInfo, setUserInfo } from '../../api/session.ts';
import { staffTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type Handler, type SeenCall } from '../../test/fakeServer.ts';
import { renderRoutes } from '../../test/render.tsx';
import AuthorityPage from './AuthorityPage.tsx';
import type { PickerRoom, StaffMember } from './api.ts';
import { pickerQuery, readPicker, readStaffList, writePicker, writeStaffList } from './listParams.ts';
import RoomPermissionsPage from './RoomPermissionsPage.tsx';
import StaffListPage from './StaffListPage.tsx';

const SLOW = { timeout: 60_000 };
const member = (id: number, over: Partial<StaffMember> = {}): StaffMember => ({
  id,
  uid: id,
  mobile: `1360013600${id}`,
  nickname: `Desk ${id}`,
  name: '',
  role: 'staff',
  authorities: [],
  frozen: false,
  valid_until: null,
  room_count: 2,
  created_at: 1_764_000_000,
  ...over,
});
const room = (id: number, granted: boolean): PickerRoom => ({
  id,
  room_id: id,
  name: `${1100 + id}`,
  mac_id: null,
  category_id: 1,
  building: 1,
  floor: 1,
  status: 0,
  granted,
});
const page = (list: unknown[], f: Record<string, unknown>, total = list.length) => ({
  errno: 0,
  data: { list, total, page: f['page'] ?? 1, limit: f['limit'] ?? 20 },
});

const handlers: Record<string, Handler> = {
  'room/staffList': (f) =>
    f['role'] === 'secondary'
      ? page([member(9, { role: 'secondary', authorities: ['log.view'], mobile: '13700000009' })], f)
      : page([member(1), member(2, { frozen: true })], f, 42),
  'room/addStaff': (f) => ({ errno: 0, data: member(3, { mobile: String(f['mobile']) }) }),
  'room/deleteStaff': (f) => ({ errno: 0, data: { id: f['id'] } }),
  'room/staffManageRoomList1': (f) => page([room(1, true), room(2, false), room(3, false)], f, 9000),
  'room/addStaffManageLock': (f) => ({ errno: 0, data: { id: f['id'], room_count: 5 } }),
  'room/category/list': () => ({ errno: 0, data: { list: [{ id: 1, name: 'Standard', sort: 1 }] } }),
  'user/setManager': (f) => ({
    errno: 0,
    data: { uid: 11, mobile: f['mobile'], nickname: 'East', authorities: f['authorities'], created: true },
  }),
};

let seen: SeenCall[];
beforeAll(() => staffTexts.load('en'));
beforeEach(() => {
  seen = fakeServer(handlers);
  setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'super', authorities: [] });
});
afterEach(() => clearUserInfo());

function renderPage(Page: ComponentType, url: string) {
  return renderRoutes(
    [
      { path: url.split('?')[0]!, element: <Page /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    url,
  );
}
const calls = (path: string) => seen.filter((c) => c.path === path).map((c) => c.fields);

describe('URL state of the staff pages', () => {
  it('reads and writes the list and the picker, dropping what is unreadable', () => {
    expect(readStaffList(new URLSearchParams('tab=secondary&name=%20li%20&page=3'))).toEqual({
      role: 'secondary',
      name: 'li',
      page: 3,
    });
    expect(readStaffList(new URLSearchParams('tab=x&page=-1'))).toEqual({
      role: 'staff',
      name: undefined,
      page: 1,
    });
    expect(writeStaffList({ role: 'staff', page: 1 }).toString()).toBe('');
    const picker = readPicker(new URLSearchParams('id=5&group=2&granted=notGranted&page=2&name=11'));
    expect(pickerQuery(picker)).toEqual({
      id: 5,
      name: '11',
      category_id: 2,
      granted: false,
      page: 2,
      limit: 50,
    });
    expect(readPicker(writePicker(picker))).toEqual(picker);
    expect(readPicker(new URLSearchParams('granted=maybe')).granted).toBe('all');
  });
});

describe('the staff list', () => {
  it('lists staff paged by the server, searches through the URL and adds a member', async () => {
    const user = userEvent.setup();
    const router = renderPage(StaffListPage, '/worker/workerList');
    expect(await screen.findAllByTestId('staff-row', {}, SLOW)).toHaveLength(2);
    expect(screen.getByText('Frozen')).toBeTruthy();
    expect(calls('room/staffList')[0]).toMatchObject({ role: 'staff', page: 1, limit: 20 });

    await user.type(screen.getByLabelText('Name or mobile'), 'desk{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?name=desk'));
    await waitFor(() => expect(calls('room/staffList').at(-1)).toMatchObject({ name: 'desk' }));

    await user.click(screen.getByTestId('staff-add'));
    await user.type(await screen.findByTestId('staff-add-mobile'), '13600136003');
    await user.type(screen.getByTestId('staff-add-nickname'), 'Night desk');
    await user.click(screen.getByTestId('staff-add-submit'));
    await waitFor(() =>
      expect(calls('room/addStaff')).toEqual([
        expect.objectContaining({ mobile: '13600136003', nickname: 'Night desk' }),
      ]),
    );
  });

  it('refuses a bad mobile in the form without calling the server', async () => {
    const user = userEvent.setup();
    renderPage(StaffListPage, '/worker/workerList');
    await screen.findAllByTestId('staff-row', {}, SLOW);
    await user.click(screen.getByTestId('staff-add'));
    await user.type(await screen.findByTestId('staff-add-mobile'), '123');
    await user.click(screen.getByTestId('staff-add-submit'));
    expect(await screen.findByText(/mobile/i, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(calls('room/addStaff')).toEqual([]);
  });

  it('deletes a member after confirmation', async () => {
    const user = userEvent.setup();
    renderPage(StaffListPage, '/worker/workerList');
    const rows = await screen.findAllByTestId('staff-row', {}, SLOW);
    await user.click(within(rows[0]!).getByTestId('staff-delete'));
    await user.click(await screen.findByTestId('staff-delete-ok'));
    await waitFor(() => expect(calls('room/deleteStaff')).toEqual([expect.objectContaining({ id: 1 })]));
  });

  it('shows secondary administrators with their authorities on their tab', async () => {
    renderPage(StaffListPage, '/worker/workerList?tab=secondary');
    const rows = await screen.findAllByTestId('staff-row', {}, SLOW);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Read the operation log')).toBeTruthy();
    expect(calls('room/staffList')[0]).toMatchObject({ role: 'secondary' });
  });

  it('shows no administrators tab to an account that may not manage them', async () => {
    setUserInfo({ uid: 2, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'secondary', authorities: [] });
    renderPage(StaffListPage, '/worker/workerList?tab=secondary');
    await screen.findAllByTestId('staff-row', {}, SLOW);
    expect(screen.queryByTestId('staff-tab-secondary')).toBeNull();
    expect(calls('room/staffList').every((f) => f['role'] === 'staff')).toBe(true);
  });
});

describe('the room picker', () => {
  it('grants the ticked rooms of the page, and all rooms matching the filters in one call', async () => {
    const user = userEvent.setup();
    renderPage(RoomPermissionsPage, '/worker/permissionsList?id=4&who=Desk&group=1');
    const rows = await screen.findAllByTestId('picker-row', {}, SLOW);
    expect(rows).toHaveLength(3);
    expect(calls('room/staffManageRoomList1')[0]).toMatchObject({ id: 4, category_id: 1, limit: 50 });
    await user.click(within(rows[1]!).getByRole('checkbox'));
    await user.click(within(rows[2]!).getByRole('checkbox'));
    await user.click(screen.getByTestId('picker-grant'));
    await waitFor(() =>
      expect(calls('room/addStaffManageLock')).toEqual([
        expect.objectContaining({ id: 4, mode: 'add', room_ids: [2, 3] }),
      ]),
    );
    await user.click(screen.getByTestId('picker-grant-matching'));
    await user.click(await screen.findByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(calls('room/addStaffManageLock')).toHaveLength(2));
    const matching = calls('room/addStaffManageLock')[1]!;
    expect(matching).toMatchObject({ id: 4, mode: 'add', all_matching: true, category_id: 1 });
    expect(matching['room_ids']).toBeUndefined();
  });

  it('asks for a member when none is named', async () => {
    renderPage(RoomPermissionsPage, '/worker/permissionsList');
    expect(await screen.findByText('Choose a staff member in the staff list first.', {}, SLOW)).toBeTruthy();
    expect(calls('room/staffManageRoomList1')).toEqual([]);
  });
});

describe('management authority', () => {
  it('adds a secondary administrator with the ticked authorities and goes on to their rooms', async () => {
    const user = userEvent.setup();
    const router = renderPage(AuthorityPage, '/worker/Authority');
    await user.type(await screen.findByTestId('authority-mobile', {}, SLOW), '13700000011');
    await user.click(screen.getByTestId('authority-log.view'));
    await user.click(screen.getByTestId('authority-bill.view'));
    await user.click(screen.getByTestId('authority-submit'));
    await waitFor(() =>
      expect(calls('user/setManager')).toEqual([
        expect.objectContaining({ mobile: '13700000011', authorities: ['log.view', 'bill.view'] }),
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/worker/permissionsList'));
    expect(router.state.location.search).toContain('id=11');
  });
});
