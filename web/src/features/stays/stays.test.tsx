import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo } from '../../api/session.ts';
import type { LockRoom, Stay } from '../../api/stays.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { staysTexts } from '../../i18n/namespaces.ts';
import { PasswordPanel } from '../../shared/stays/PasswordPanel.tsx';
import { searchRooms } from '../../shared/stays/RoomPicker.tsx';
import { TenantPanel } from '../../shared/stays/TenantPanel.tsx';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderConsole } from '../../test/render.tsx';

const SLOW = { timeout: 60_000 };
const NOW = Math.floor(Date.now() / 1000);
const ROOMS: LockRoom[] = [
  {
    id: 17,
    room_id: 17,
    name: '1106',
    mac_id: 'A0B0C0010106',
    building: 1,
    floor: 1,
    status: 0,
    category_id: 1,
  },
  {
    id: 18,
    room_id: 18,
    name: '1107',
    mac_id: 'A0B0C0010107',
    building: 1,
    floor: 1,
    status: 0,
    category_id: 1,
  },
];
const QUOTE = {
  room_id: 17,
  renewal: false,
  nights: 1,
  room_fee: 198,
  deposit: 100,
  total: 298,
  list: [{ date: '2026-11-25', price: 198, kind: 'usual' }],
};

function stay(over: Partial<Stay> = {}): Stay {
  return {
    stay_id: 41,
    room_id: 17,
    mobile: '13912345678',
    nickname: 'Li Wei',
    id_number: '',
    start_time: NOW - 3600,
    end_time: NOW + 2 * 86_400 + 3 * 3600 + 60,
    checked_out_at: null,
    other_information: '',
    breakfast: 0,
    unlock_by_id_card: false,
    disable_old_cards: false,
    kind: 'password',
    price: '396.00',
    deposit: '100.00',
    frozen: false,
    password_limited: false,
    status: 'active',
    state: 'active',
    remaining: 2 * 86_400 + 3 * 3600 + 60,
    moved_from_stay_id: null,
    tenants: [{ id: 5, position: 2, mobile: '13911112222', nickname: 'Friend', id_number: '' }],
    ...over,
  };
}

const PASSWORD = {
  id: 7,
  room_id: 17,
  room_name: '1106',
  stay_id: 41,
  nickname: 'Li Wei',
  mobile: '13912345678',
  kind: 'remote',
  single_use: true,
  start_time: NOW,
  end_time: NOW + 86_400,
  status: 'active',
  created_at: NOW,
  created_by: 'Demo owner',
};

const errorsShown = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent).filter(Boolean);
const fill = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const callsTo = (seen: SeenCall[], path: string) => seen.filter((c) => c.path === path);

beforeAll(async () => {
  await staysTexts.load('en');
});

describe('searchRooms (the room picker over up to 10,000 rooms)', () => {
  const many: LockRoom[] = Array.from({ length: 10_000 }, (_, i) => ({
    ...ROOMS[0]!,
    id: i + 1,
    room_id: i + 1,
    name: `R${String(i + 1).padStart(5, '0')}`,
    mac_id: `MAC${i}`,
  }));

  it('shows at most 100 rooms and counts every match', () => {
    const all = searchRooms(many, '');
    expect(all.shown).toHaveLength(100);
    expect(all.matched).toBe(10_000);
    const some = searchRooms(many, 'r0999');
    expect(some.shown.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `R0999${i}`));
    expect(some.matched).toBe(10);
  });

  it('puts names starting with the search first, then names containing it, and leaves out the excluded room', () => {
    const rooms = [
      { ...ROOMS[0]!, id: 1, name: 'A-110' },
      { ...ROOMS[0]!, id: 2, name: '1101' },
      { ...ROOMS[0]!, id: 3, name: '1102' },
    ];
    expect(searchRooms(rooms, '110').shown.map((r) => r.id)).toEqual([2, 3, 1]);
    expect(searchRooms(rooms, '110', { exclude: 2 }).shown.map((r) => r.id)).toEqual([3, 1]);
  });
});

describe('check-in page (spec §4, §5; contract A)', () => {
  let seen: SeenCall[];
  beforeEach(() => {
    setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz', nickname: 'Reception' });
    seen = fakeServer({
      'room/allLock': () => ({ errno: 0, data: { list: ROOMS, total: ROOMS.length } }),
      'room/hotelBreakFastList': () => ({
        errno: 0,
        data: { enabled: true, list: [{ id: 1, name: 'Single breakfast', count: 1, price: 28, sort: 1 }] },
      }),
      'room/countRoomPriceNew': () => ({ errno: 0, data: QUOTE }),
      'room/tenant/update/checkIn': (f) => ({
        errno: 0,
        data: stay({
          room_id: Number(f['room_id']),
          start_time: Number(f['start_time']),
          end_time: Number(f['end_time']),
          kind: String(f['kind']),
        }),
      }),
      'room/password': () => ({ errno: 0, data: { ...PASSWORD, password: '482913' } }),
      'room/addPassword': (f) => ({
        errno: 0,
        data: { ...PASSWORD, kind: 'custom', password: f['password'] },
      }),
    });
  });

  it('without a room in the URL, asks for one with a picker searched as the operator types', async () => {
    const { router } = renderConsole('/room/checkIn');
    await screen.findByTestId('checkin-form', {}, SLOW);
    expect(screen.getByTestId('checkin-next').closest('button')?.disabled).toBe(true);
    const picker = within(screen.getByTestId('checkin-room')).getByRole('combobox');
    await userEvent.click(picker);
    await userEvent.type(picker, '1107');
    await userEvent.click(await screen.findByTitle('1107 · vacant', {}, SLOW));
    await waitFor(() => expect(router.state.location.search).toBe('?room_id=18'));
    expect(screen.getByTestId('checkin-next').closest('button')?.disabled).toBe(false);
  });

  it('refuses bad mobiles before any call, naming the fellow tenant by its index', async () => {
    renderConsole('/room/checkIn?room_id=17');
    await screen.findByTestId('checkin-form', {}, SLOW);
    fill(screen.getByTestId('checkin-mobile'), '12345');
    await userEvent.click(screen.getByTestId('checkin-add-fellow'));
    await userEvent.click(screen.getByTestId('checkin-add-fellow'));
    const [first, second] = screen.getAllByTestId('checkin-fellow-mobile');
    fill(first!, '13911112222');
    fill(second!, '139');
    fill(screen.getByTestId('checkin-nickname'), 'x'.repeat(33));
    await userEvent.click(screen.getByTestId('checkin-next'));
    await waitFor(() =>
      expect(errorsShown()).toEqual([
        'Incorrect mobile number format',
        'Nickname length exceeds 32 characters',
        'Incorrect mobile number format for tenant 2',
      ]),
    );
    expect(callsTo(seen, 'room/tenant/update/checkIn')).toEqual([]);
    expect(callsTo(seen, 'room/countRoomPriceNew')).toEqual([]);
  });

  it('quotes the price, checks in, then shows the generated digits once in a dialog only its button closes', async () => {
    renderConsole('/room/checkIn?room_id=17');
    await screen.findByTestId('checkin-form', {}, SLOW);
    fill(screen.getByTestId('checkin-mobile'), '13912345678');
    fill(screen.getByTestId('checkin-nickname'), 'Li Wei');
    await userEvent.click(screen.getByTestId('checkin-add-fellow'));
    fill(screen.getByTestId('checkin-fellow-mobile'), '13911112222');
    await userEvent.click(screen.getByTestId('checkin-next'));

    const confirm = await screen.findByTestId('checkin-confirm', {}, SLOW);
    expect((await within(confirm).findByTestId('quote-total')).textContent).toBe('298.00');
    const [quoteCall] = callsTo(seen, 'room/countRoomPriceNew');
    expect(quoteCall?.fields).toMatchObject({ room_id: 17 });
    expect(callsTo(seen, 'room/tenant/update/checkIn')).toEqual([]);

    await userEvent.click(screen.getByTestId('checkin-confirm-ok'));
    const digits = await screen.findByTestId('password-once-digits', {}, SLOW);
    expect(digits.textContent).toBe('482913');
    const [checkIn] = callsTo(seen, 'room/tenant/update/checkIn');
    expect(checkIn?.fields).toMatchObject({
      room_id: 17,
      mobile: '13912345678',
      nickname: 'Li Wei',
      kind: 'password',
      breakfast: 0,
      tenants: [{ mobile: '13911112222' }],
    });
    const fields = checkIn!.fields as { start_time: number; end_time: number };
    expect(fields.end_time - fields.start_time).toBeGreaterThanOrEqual(3600);
    expect(quoteCall?.fields).toMatchObject({ start_time: fields.start_time, end_time: fields.end_time });
    expect(callsTo(seen, 'room/password')[0]?.fields).toMatchObject({
      room_id: 17,
      stay_id: 41,
      single_use: true,
    });

    // Escape does not close it; its button does, and the digits are gone from the page.
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.getByTestId('password-once-digits')).toBeTruthy();
    await userEvent.click(screen.getByTestId('password-once-close'));
    await screen.findByTestId('checkin-password-done', {}, SLOW);
    await waitFor(() => expect(screen.queryByText('482913')).toBeNull());
  });

  it('sends a custom password of 6 digits with room/addPassword, after refusing other input', async () => {
    renderConsole('/room/checkIn?room_id=17');
    await screen.findByTestId('checkin-form', {}, SLOW);
    fill(screen.getByTestId('checkin-mobile'), '13912345678');
    await userEvent.click(within(screen.getByTestId('password-mode')).getByText('Custom (6 digits)'));
    fill(await screen.findByTestId('password-digits'), '12a45');
    await userEvent.click(screen.getByTestId('checkin-next'));
    await waitFor(() => expect(errorsShown()).toEqual(['The password is 6 digits']));
    fill(screen.getByTestId('password-digits'), '135790');
    await userEvent.click(screen.getByTestId('password-single-use'));
    await userEvent.click(screen.getByTestId('checkin-next'));
    await screen.findByTestId('quote-total', {}, SLOW);
    await userEvent.click(screen.getByTestId('checkin-confirm-ok'));
    expect((await screen.findByTestId('password-once-digits', {}, SLOW)).textContent).toBe('135790');
    expect(callsTo(seen, 'room/password')).toEqual([]);
    expect(callsTo(seen, 'room/addPassword')[0]?.fields).toMatchObject({
      room_id: 17,
      stay_id: 41,
      password: '135790',
      single_use: false,
    });
  });

  it('keeps the stay when its password is refused, and creates it on a retry', async () => {
    let tries = 0;
    seen = fakeServer({
      'room/allLock': () => ({ errno: 0, data: { list: ROOMS, total: ROOMS.length } }),
      'room/hotelBreakFastList': () => ({ errno: 0, data: { enabled: false, list: [] } }),
      'room/countRoomPriceNew': () => ({ errno: 0, data: QUOTE }),
      'room/tenant/update/checkIn': () => ({ errno: 0, data: stay() }),
      'room/password': () =>
        ++tries === 1
          ? { errno: 1, errmsg: 'Password already in use' }
          : { errno: 0, data: { ...PASSWORD, password: '771204' } },
    });
    renderConsole('/room/checkIn?room_id=17');
    await screen.findByTestId('checkin-form', {}, SLOW);
    fill(screen.getByTestId('checkin-mobile'), '13912345678');
    await userEvent.click(screen.getByTestId('password-single-use'));
    await userEvent.click(screen.getByTestId('checkin-next'));
    await screen.findByTestId('quote-total', {}, SLOW);
    await userEvent.click(screen.getByTestId('checkin-confirm-ok'));
    await userEvent.click(await screen.findByTestId('checkin-password-retry', {}, SLOW));
    expect((await screen.findByTestId('password-once-digits', {}, SLOW)).textContent).toBe('771204');
    // The retry keeps the options chosen in the form.
    expect(callsTo(seen, 'room/password').map((c) => c.fields['single_use'])).toEqual([false, false]);
    expect(callsTo(seen, 'room/tenant/update/checkIn')).toHaveLength(1);
  });

  it('a card check-in creates the stay and offers to write its card', async () => {
    renderConsole('/room/checkIn?room_id=17');
    await screen.findByTestId('checkin-form', {}, SLOW);
    fill(screen.getByTestId('checkin-mobile'), '13912345678');
    await userEvent.click(within(screen.getByTestId('checkin-kind')).getByText('Card'));
    await userEvent.click(screen.getByTestId('checkin-next'));
    await screen.findByTestId('quote-total', {}, SLOW);
    await userEvent.click(screen.getByTestId('checkin-confirm-ok'));
    await screen.findByTestId('guest-card-writer', {}, SLOW);
    expect(callsTo(seen, 'room/tenant/update/checkIn')[0]?.fields).toMatchObject({ kind: 'card' });
    expect(callsTo(seen, 'room/password')).toEqual([]);
  });
});

describe('check-in with a face', () => {
  beforeEach(() => {
    setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz', nickname: 'Reception' });
    fakeServer({
      'room/allLock': () => ({ errno: 0, data: { list: ROOMS, total: ROOMS.length } }),
      'room/hotelBreakFastList': () => ({ errno: 0, data: { enabled: false, list: [] } }),
      'room/countRoomPriceNew': () => ({ errno: 0, data: QUOTE }),
      'room/tenant/update/checkIn': (f) => ({ errno: 0, data: stay({ kind: String(f['kind']) }) }),
      'room/tenant/list': () => ({
        errno: 0,
        data: { list: [stay({ kind: 'face' })], total: 1, page: 1, limit: 20 },
      }),
    });
  });

  it("opens the faces feature's enrolment for the new stay", async () => {
    renderConsole('/room/checkIn?room_id=17');
    await screen.findByTestId('checkin-form', {}, SLOW);
    fill(screen.getByTestId('checkin-mobile'), '13912345678');
    await userEvent.click(within(screen.getByTestId('checkin-kind')).getByText('Face'));
    await userEvent.click(screen.getByTestId('checkin-next'));
    await screen.findByTestId('quote-total', {}, SLOW);
    await userEvent.click(screen.getByTestId('checkin-confirm-ok'));
    const done = await screen.findByTestId('checkin-done', {}, SLOW);
    await within(done).findByTestId('face-form', {}, SLOW);
  });
});

function renderPanel(node: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: node }], {
    initialEntries: ['/room/roomDetails?id=17&tab=tenant'],
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={enUS}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

describe('TenantPanel', () => {
  let seen: SeenCall[];
  let stays: Stay[];
  beforeEach(() => {
    stays = [
      stay(),
      stay({
        stay_id: 30,
        state: 'checkedOut',
        status: 'checked_out',
        checked_out_at: NOW - 86_400,
        nickname: 'Old guest',
        tenants: [],
      }),
    ];
    seen = fakeServer({
      'room/tenant/list': () => ({ errno: 0, data: { list: stays, total: stays.length, page: 1, limit: 5 } }),
      'room/allLock': () => ({ errno: 0, data: { list: ROOMS, total: ROOMS.length } }),
      'room/hotelBreakFastList': () => ({
        errno: 0,
        data: {
          enabled: true,
          list: [
            { id: 1, name: 'Single breakfast', count: 1, price: 28, sort: 1 },
            { id: 2, name: 'Double breakfast', count: 2, price: 48, sort: 2 },
          ],
        },
      }),
      'room/checkOut': () => {
        stays[0] = stay({ state: 'checkedOut', status: 'checked_out', checked_out_at: NOW });
        return { errno: 0, data: { ...stays[0], room_status: 4 } };
      },
      'user/freezeUser': (f) => {
        stays[0] = stay({ frozen: f['frozen'] === true });
        return {
          errno: 0,
          data: { stay_id: 41, frozen: f['frozen'], result: f['frozen'] ? 'success' : 'cancelled' },
        };
      },
    });
  });

  it('shows each stay with its time left or its end, and its fellow tenants', async () => {
    renderPanel(<TenantPanel roomId={17} />);
    const cards = await screen.findAllByTestId('stay-card', {}, SLOW);
    expect(cards.map((c) => c.getAttribute('data-state'))).toEqual(['active', 'checkedOut']);
    expect(within(cards[0]!).getByTestId('stay-time').textContent).toBe('2 d 3 h left');
    expect(within(cards[1]!).getByTestId('stay-time').textContent).toMatch(
      /^Checked out at \u2066\d{4}-\d\d-\d\d \d\d:\d\d\u2069$/,
    );
    expect(within(cards[0]!).getByTestId('stay-fellow').textContent).toContain(
      'Fellow tenant 1: Friend · 13911112222',
    );
    // A closed stay offers no actions.
    expect(within(cards[1]!).queryByTestId('stay-check-out')).toBeNull();
  });

  it("names each stay's breakfast as the check-in form offered it, not by its count", async () => {
    const closed = { state: 'checkedOut', status: 'checked_out', checked_out_at: NOW - 86_400 } as const;
    stays = [
      stay({ breakfast: 2 }),
      stay({ ...closed, stay_id: 30, breakfast: 0 }),
      // An option the hotel has since deleted: the count in words.
      stay({ ...closed, stay_id: 31, breakfast: 3 }),
    ];
    renderPanel(<TenantPanel roomId={17} />);
    await screen.findAllByTestId('stay-card', {}, SLOW);
    await waitFor(() =>
      expect(screen.getAllByTestId('stay-breakfast').map((e) => e.textContent)).toEqual([
        'Double breakfast',
        'No breakfast',
        '3 breakfasts',
      ]),
    );
    expect(callsTo(seen, 'room/hotelBreakFastList')).toHaveLength(1);
  });

  it('checks out only after the confirm', async () => {
    renderPanel(<TenantPanel roomId={17} />);
    const [card] = await screen.findAllByTestId('stay-card', {}, SLOW);
    await userEvent.click(within(card!).getByTestId('stay-check-out'));
    await screen.findByTestId('checkout-confirm-ok');
    expect(callsTo(seen, 'room/checkOut')).toEqual([]);
    await userEvent.click(screen.getByTestId('checkout-confirm-ok'));
    await waitFor(() =>
      expect(callsTo(seen, 'room/checkOut')[0]?.fields).toMatchObject({ room_id: 17, stay_id: 41 }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('stay-card')[0]?.getAttribute('data-state')).toBe('checkedOut'),
    );
  });

  it('turns a reservation into the guest in the room when the guest arrives', async () => {
    const later = Math.floor(Date.now() / 1000) + 86_400 + 300;
    stays = [stay({ state: 'upcoming', status: 'reserved', start_time: later, end_time: later + 86_400 })];
    seen = fakeServer({
      'room/tenant/list': () => ({ errno: 0, data: { list: stays, total: 1, page: 1, limit: 5 } }),
      'room/tenant/update/checkIn': () => ({ errno: 0, data: stays[0] }),
    });
    renderPanel(<TenantPanel roomId={17} />);
    const [card] = await screen.findAllByTestId('stay-card', {}, SLOW);
    expect(within(card!).getByTestId('stay-time').textContent).toBe('Starts in 1 d 0 h');
    await userEvent.click(within(card!).getByTestId('stay-arrived'));
    await userEvent.click(await screen.findByTestId('arrive-confirm-ok'));
    await waitFor(() => expect(callsTo(seen, 'room/tenant/update/checkIn')).toHaveLength(1));
    const fields = callsTo(seen, 'room/tenant/update/checkIn')[0]!.fields;
    expect(fields).toMatchObject({
      room_id: 17,
      stay_id: 41,
      mobile: '13912345678',
      end_time: later + 86_400,
      kind: 'password',
      tenants: [{ mobile: '13911112222', nickname: 'Friend' }],
    });
    expect(Math.abs(Number(fields['start_time']) - Date.now() / 1000)).toBeLessThan(60);
  });

  it("freezes the tenant and says the server's result", async () => {
    renderPanel(<TenantPanel roomId={17} />);
    const [card] = await screen.findAllByTestId('stay-card', {}, SLOW);
    await userEvent.click(within(card!).getByTestId('stay-freeze'));
    await userEvent.click(await screen.findByTestId('freeze-confirm-ok'));
    await screen.findByText('Li Wei frozen', {}, SLOW);
    expect(callsTo(seen, 'user/freezeUser')[0]?.fields).toMatchObject({ stay_id: 41, frozen: true });
  });
});

describe('PasswordPanel', () => {
  let seen: SeenCall[];
  beforeEach(() => {
    seen = fakeServer({
      'room/passwordList': () => ({ errno: 0, data: { list: [PASSWORD], total: 1, page: 1, limit: 10 } }),
      'room/callbackPassword': () => ({ errno: 0, data: { ...PASSWORD, status: 'revoked' } }),
      'room/deletePassword': () => ({ errno: 0, data: { id: 7 } }),
      'room/password': () => ({ errno: 0, data: { ...PASSWORD, id: 8, password: '204613' } }),
    });
  });

  it('withdraws a password only after the confirm', async () => {
    renderPanel(<PasswordPanel roomId={17} stayId={41} />);
    await userEvent.click(await screen.findByTestId('password-withdraw', {}, SLOW));
    expect(callsTo(seen, 'room/callbackPassword')).toEqual([]);
    await userEvent.click(await screen.findByTestId('password-withdraw-ok'));
    await waitFor(() => expect(callsTo(seen, 'room/callbackPassword')[0]?.fields).toMatchObject({ id: 7 }));
  });

  it('lists the history, filtered by status', async () => {
    seen = fakeServer({
      'room/passwordList': () => ({ errno: 0, data: { list: [], total: 0, page: 1, limit: 10 } }),
      'room/passwordHistory': (f) => ({
        errno: 0,
        data: { list: [{ ...PASSWORD, status: f['status'] ?? 'used' }], total: 1, page: 1, limit: 10 },
      }),
    });
    renderPanel(<PasswordPanel roomId={17} />);
    await screen.findByText('No active password', {}, SLOW);
    await userEvent.click(screen.getByText('History'));
    await screen.findByText('Used', {}, SLOW);
    expect(callsTo(seen, 'room/passwordHistory')[0]?.fields).toMatchObject({ room_id: 17, page: 1 });
    expect(callsTo(seen, 'room/passwordHistory')[0]?.fields).not.toHaveProperty('status');
    await userEvent.click(within(screen.getByTestId('password-status-filter')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Withdrawn'));
    await waitFor(() =>
      expect(callsTo(seen, 'room/passwordHistory').at(-1)?.fields).toMatchObject({ status: 'revoked' }),
    );
  });

  it('creates a remote password for the stay and shows its digits once', async () => {
    renderPanel(<PasswordPanel roomId={17} stayId={41} />);
    await userEvent.click(await screen.findByTestId('password-new', {}, SLOW));
    await userEvent.click(await screen.findByTestId('password-create-ok'));
    expect((await screen.findByTestId('password-once-digits', {}, SLOW)).textContent).toBe('204613');
    expect(callsTo(seen, 'room/password')[0]?.fields).toMatchObject({
      room_id: 17,
      stay_id: 41,
      single_use: true,
    });
    await userEvent.click(screen.getByTestId('password-once-close'));
    await waitFor(() => expect(screen.queryByText('204613')).toBeNull());
  });
});
