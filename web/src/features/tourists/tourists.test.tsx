import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportDownload } from '../../api/unlockRecords.ts';
import { touristsTexts, unlockRecordsTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type Handler, type SeenCall } from '../../test/fakeServer.ts';
import { renderRoutes } from '../../test/render.tsx';
import type { Guest, GuestInfo } from './api.ts';
import ExportPage, { exportRequestFilters } from './ExportPage.tsx';
import InHousePage from './InHousePage.tsx';
import { guestQuery, readGuestList, writeGuestList } from './listParams.ts';
import OpenHistoryPage from './OpenHistoryPage.tsx';
import { remainingUntil } from './remaining.ts';
import TouristDetailsPage from './TouristDetailsPage.tsx';
import TouristsListPage from './TouristsListPage.tsx';

const SLOW = { timeout: 60_000 };
// 2026-11-25 14:00 in the hotel (Asia/Shanghai).
const CHECK_IN = Date.UTC(2026, 10, 25, 6) / 1000;
const CHECK_OUT = CHECK_IN + 2 * 86_400 - 2 * 3600;

function guest(id: number, over: Partial<Guest> = {}): Guest {
  return {
    id,
    mobile: `1391234567${id}`,
    nickname: `Guest ${id}`,
    name: '',
    id_number: '',
    gender: null,
    nationality: '',
    created_at: CHECK_IN,
    updated_at: CHECK_IN,
    stay: {
      id: 40 + id,
      room_id: 17,
      room_name: '1106',
      check_in_time: CHECK_IN,
      estimated_check_out: CHECK_OUT,
      status: 'active',
    },
    ...over,
  };
}

const INFO: GuestInfo = {
  ...guest(7, { nickname: 'Li Wei', mobile: '13912345678', id_number: '110101199003074578' }),
  stays: [
    {
      stay_id: 41,
      room_id: 17,
      room_name: '1106',
      mobile: '13912345678',
      nickname: 'Li Wei',
      start_time: CHECK_IN,
      end_time: CHECK_OUT,
      checked_out_at: null,
      status: 'active',
      state: 'active',
      remaining: 1000,
      kind: 'card',
      price: 198,
      deposit: 100,
      frozen: false,
    },
    {
      stay_id: 12,
      room_id: 18,
      room_name: '1107',
      mobile: '13912345678',
      nickname: 'Li Wei',
      start_time: CHECK_IN - 30 * 86_400,
      end_time: CHECK_IN - 28 * 86_400,
      checked_out_at: CHECK_IN - 28 * 86_400,
      status: 'checked_out',
      state: 'checkedOut',
      remaining: 0,
      kind: 'password',
      price: 198,
      deposit: 100,
      frozen: false,
    },
  ],
};

const page = (list: unknown[], f: Record<string, unknown>, total = list.length) => ({
  errno: 0,
  data: { list, total, page: f['page'] ?? 1, limit: f['limit'] ?? 20 },
});

beforeAll(() => Promise.all([touristsTexts.load('en'), unlockRecordsTexts.load('en')]));

let seen: SeenCall[];
const handlers: Record<string, Handler> = {
  'passenger/list': (f) => {
    const all = [guest(1), guest(2, { stay: null, nickname: '' })];
    const name = String(f['name'] ?? '');
    const list = all.filter((g) => (!name || g.nickname.includes(name)) && (!f['in_house'] || g.stay));
    return page(list, f, list.length === 2 ? 41 : list.length);
  },
  'passenger/info': (f) =>
    f['id'] === 7 ? { errno: 0, data: INFO } : { errno: 1, errmsg: 'Not found', code: 'NOT_FOUND' },
  'room/cardList': (f) =>
    page(
      f['stay_id'] === 41
        ? [
            {
              id: 3,
              card_id: '00012345',
              type: 4,
              type_name: 'normal',
              status: 'issued',
              start_time: CHECK_IN,
              end_time: CHECK_OUT,
            },
            {
              id: 2,
              card_id: '00012300',
              type: 4,
              type_name: 'normal',
              status: 'issued',
              superseded: true,
              start_time: CHECK_IN,
              end_time: CHECK_OUT,
            },
          ]
        : [],
      f,
    ),
  'room/passwordHistory': (f) =>
    page(
      [
        {
          id: 7,
          room_id: 17,
          stay_id: 41,
          single_use: true,
          status: 'used',
          start_time: CHECK_IN,
          end_time: CHECK_OUT,
        },
        {
          id: 8,
          room_id: 17,
          stay_id: 99,
          single_use: false,
          status: 'active',
          start_time: CHECK_IN,
          end_time: CHECK_OUT,
        },
      ],
      f,
    ),
  'user/faceImgList': (f) =>
    page([{ id: 5, face_id: 'F5', note: 'Li Wei front', stay_id: 41, room_id: 17, created_at: CHECK_IN }], f),
  'lock/checkHistory': (f) =>
    page(
      [
        {
          id: 1,
          room_id: 17,
          room_name: '1106',
          time: CHECK_IN + 60,
          type: 'card',
          content: 'Guest card',
          from: 'card 00012345 / Li Wei',
          operator: '',
          stay_id: 41,
          nickname: 'Li Wei',
          mobile: '13912345678',
          opened: false,
          reason: 'superseded',
          credential: '00012345',
        },
      ],
      f,
    ),
  'room/allLock': () => ({
    errno: 0,
    data: {
      list: [
        {
          id: 17,
          room_id: 17,
          name: '1106',
          mac_id: 'A0B0C0010106',
          building: 1,
          floor: 1,
          status: 1,
          category_id: null,
        },
      ],
      total: 1,
    },
  }),
  'export/create': (f) => ({
    errno: 0,
    data: {
      url: '/export/tok9',
      file_name: `${String(f['kind'])}.${String(f['format'])}`,
      expires_at: CHECK_IN,
    },
  }),
};

beforeEach(() => {
  seen = fakeServer(handlers);
});
afterEach(() => vi.restoreAllMocks());

/** A page at a URL, with a catch-all so navigation can be read back. */
function renderPage(Page: ComponentType, url: string) {
  return renderRoutes(
    [
      { path: url.split('?')[0]!, element: <Page /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    url,
  );
}
const calls = (path: string) => seen.filter((c) => c.path === path);
const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

describe('guest list state in the URL', () => {
  it('reads back what it writes, and asks passenger/list for hotel days', () => {
    const state = { name: 'Li', inHouse: true, room: 17, from: '2026-11-25', to: '2026-11-26', page: 2 };
    expect(readGuestList(writeGuestList(state))).toEqual(state);
    expect(guestQuery(state)).toMatchObject({
      name: 'Li',
      in_house: 1,
      room_id: 17,
      start_time: Date.UTC(2026, 10, 24, 16) / 1000,
      end_time: Date.UTC(2026, 10, 26, 16) / 1000 - 1,
      page: 2,
      limit: 20,
    });
    expect(
      readGuestList(new URLSearchParams('inHouse=yes&room=-1&from=2026-13-01&to=2026-12-01&page=0')),
    ).toEqual({
      inHouse: false,
      page: 1,
    });
  });

  it('words the time left in the two largest units, and an overdue check-out', () => {
    expect(remainingUntil(1000, 2000)).toEqual({ kind: 'overdue' });
    expect(remainingUntil(0 + 86_400 * 2 + 3600 * 3 + 59, 0)).toEqual({ kind: 'days', days: 2, hours: 3 });
    expect(remainingUntil(3600 * 5 + 60 * 7, 0)).toEqual({ kind: 'hours', hours: 5, minutes: 7 });
    expect(remainingUntil(59 * 60 + 30, 0)).toEqual({ kind: 'minutes', minutes: 59 });
  });
});

describe('guest list page', () => {
  it('lists guests with their current stay and opens one', async () => {
    const router = renderPage(TouristsListPage, '/tourists/touristsList');
    await waitFor(() => expect(screen.getAllByTestId('guest-row')).toHaveLength(2), SLOW);
    const [first, second] = screen.getAllByTestId('guest-row');
    expect(within(first!).getByText('1106')).toBeTruthy();
    expect(within(first!).getByText('In house')).toBeTruthy();
    expect(within(second!).getByText('No stay in your rooms')).toBeTruthy();
    expect(screen.getByText('Guests found: 41')).toBeTruthy();
    expect(calls('passenger/list')[0]?.fields).toMatchObject({ page: 1, limit: 20 });
    await userEvent.click(within(first!).getByText('Guest 1'));
    await waitFor(() => expect(where(router)).toBe('/tourists/touristsDetails?id=1'));
  });

  it('searches by name and keeps only guests in house, both in the URL', async () => {
    const router = renderPage(TouristsListPage, '/tourists/touristsList?page=2');
    await waitFor(() => expect(calls('passenger/list')).toHaveLength(1), SLOW);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name or mobile' }), 'Guest{Enter}');
    await waitFor(() =>
      expect(calls('passenger/list').at(-1)?.fields).toMatchObject({ name: 'Guest', page: 1 }),
    );
    await userEvent.click(screen.getByRole('switch', { name: 'In house now' }));
    await waitFor(() =>
      expect(calls('passenger/list').at(-1)?.fields).toMatchObject({ name: 'Guest', in_house: 1 }),
    );
    expect(where(router)).toBe('/tourists/touristsList?name=Guest&inHouse=1');
    await waitFor(() => expect(screen.getAllByTestId('guest-row')).toHaveLength(1));
  });

  it('says when no guest matches and clears the filters', async () => {
    const router = renderPage(TouristsListPage, '/tourists/touristsList?name=nobody');
    await screen.findByText('No guest matches these filters.', {}, SLOW);
    await waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(where(router)).toBe('/tourists/touristsList'));
  });

  it('exports the guests with the list’s filters', async () => {
    const start = vi.spyOn(exportDownload, 'start').mockImplementation(() => {});
    renderPage(TouristsListPage, '/tourists/touristsList?inHouse=1&room=17');
    await waitFor(() => expect(calls('passenger/list')).toHaveLength(1), SLOW);
    await userEvent.click(screen.getByTestId('guest-export'));
    await userEvent.click(await screen.findByText('Excel (XLSX)'));
    await waitFor(() => expect(start).toHaveBeenCalledWith('/export/tok9', 'guests.xlsx'));
    expect(calls('export/create')[0]?.fields).toMatchObject({
      kind: 'guests',
      format: 'xlsx',
      filters: { in_house: 1, room_id: 17 },
    });
  });
});

describe('guest detail page', () => {
  it('shows the guest, their stays with room links, the chosen stay’s credentials and their records', async () => {
    renderPage(TouristDetailsPage, '/tourists/touristsDetails?id=7');
    await screen.findByTestId('guest-detail', {}, SLOW);
    expect(screen.getByText('110101199003074578')).toBeTruthy();
    const stays = screen.getAllByTestId('guest-stay-row');
    expect(stays).toHaveLength(2);
    expect(within(stays[0]!).getByRole('link', { name: '1106' }).getAttribute('href')).toBe(
      '/room/roomDetails?id=17',
    );
    expect(within(stays[1]!).getByText('Checked out')).toBeTruthy();
    // The latest stay's credentials: its card, and of the room's passwords only the stay's own.
    await waitFor(() => expect(screen.getAllByTestId('guest-card-row')).toHaveLength(2));
    // The server's type name in the console's words; a card a newer one replaced says so instead of 'Issued'.
    expect(screen.getAllByTestId('guest-card-status').map((tag) => tag.textContent)).toEqual([
      'Issued',
      'Replaced by a newer card',
    ]);
    expect(
      screen.getAllByTestId('guest-card-row').map((row) => within(row).getByText('Guest card').tagName),
    ).toHaveLength(2);
    expect(calls('room/cardList')[0]?.fields).toMatchObject({ stay_id: 41 });
    await userEvent.click(screen.getByRole('tab', { name: 'PIN passwords' }));
    await waitFor(() => expect(screen.getAllByTestId('guest-password-row')).toHaveLength(1));
    expect(screen.getByText('Password #7')).toBeTruthy();
    expect(screen.getByText('Used')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Faces' }));
    expect(await screen.findByText('Li Wei front')).toBeTruthy();
    // Every unlock with the guest's mobile, refused ones too.
    await waitFor(() =>
      expect(calls('lock/checkHistory')[0]?.fields).toMatchObject({ mobile: '13912345678', limit: 10 }),
    );
    const records = screen.getByTestId('guest-records');
    expect(await within(records).findByText('Replaced by a newer card')).toBeTruthy();
  });

  it('switches the credentials to another stay, kept in the URL', async () => {
    const router = renderPage(TouristDetailsPage, '/tourists/touristsDetails?id=7');
    await screen.findByTestId('guest-detail', {}, SLOW);
    await userEvent.click(screen.getByRole('combobox', { name: 'Stay' }));
    await userEvent.click(await screen.findByTitle(/^Room 1107/));
    await waitFor(() => expect(where(router)).toBe('/tourists/touristsDetails?id=7&stay=12'));
    await waitFor(() => expect(calls('room/cardList').at(-1)?.fields).toMatchObject({ stay_id: 12 }));
    expect(await screen.findByText('No key card was issued for this stay.')).toBeTruthy();
  });

  it('says plainly when the guest is out of reach', async () => {
    renderPage(TouristDetailsPage, '/tourists/touristsDetails?id=8');
    expect(await screen.findByText('Guest not found', {}, SLOW)).toBeTruthy();
  });

  it('says so without asking the server when the id is missing', async () => {
    renderPage(TouristDetailsPage, '/tourists/touristsDetails');
    expect(await screen.findByText('Guest not found', {}, SLOW)).toBeTruthy();
    expect(calls('passenger/info')).toHaveLength(0);
  });
});

describe('in-house page', () => {
  it('asks for guests in house now and shows their room, stay and time left', async () => {
    vi.spyOn(Date, 'now').mockReturnValue((CHECK_OUT - (86_400 + 3 * 3600 + 120)) * 1000);
    renderPage(InHousePage, '/tourists/inPage');
    await waitFor(() => expect(screen.getAllByTestId('in-house-row')).toHaveLength(1), SLOW);
    expect(calls('passenger/list')[0]?.fields).toMatchObject({ in_house: 1, page: 1 });
    const row = screen.getByTestId('in-house-row');
    expect(within(row).getByRole('link', { name: '1106' })).toBeTruthy();
    expect(within(row).getByText('2026-11-25 14:00')).toBeTruthy();
    expect(within(row).getByText('1 d 3 h left')).toBeTruthy();
  });
});

describe('unlock records page', () => {
  it('shows the hotel’s records with every filter and export', async () => {
    renderPage(OpenHistoryPage, '/tourists/openHistory?result=deny');
    await waitFor(() => expect(calls('lock/checkHistory')).toHaveLength(1), SLOW);
    expect(calls('lock/checkHistory')[0]?.fields).toMatchObject({ result: 'deny' });
    for (const id of ['room', 'mobile', 'type', 'result', 'dates', 'keyword'])
      expect(screen.getAllByTestId(`unlock-filter-${id}`).length).toBeGreaterThan(0);
    expect(screen.getByTestId('unlock-export')).toBeTruthy();
  });
});

describe('export page', () => {
  it('sends each dataset only its own filters', () => {
    const form = {
      name: ' Li ',
      inHouse: true,
      room: 17,
      mobile: '13912345678',
      result: 'deny' as const,
      path: 'login',
    };
    expect(exportRequestFilters('guests', form)).toEqual({ name: 'Li', in_house: 1, room_id: 17 });
    expect(exportRequestFilters('unlock_records', form)).toEqual({
      room_id: 17,
      mobile: '13912345678',
      result: 'deny',
    });
    expect(exportRequestFilters('operation_log', form)).toEqual({ path: 'login' });
  });

  it('explains streaming, refuses a bad mobile, then exports unlock records as CSV', async () => {
    const start = vi.spyOn(exportDownload, 'start').mockImplementation(() => {});
    renderPage(ExportPage, '/tourists/export?kind=unlock_records');
    await screen.findByTestId('export-streaming', {}, SLOW);
    expect(screen.getByText(/100,000 rows/)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('CSV'));
    await userEvent.type(screen.getByTestId('export-mobile'), '12345');
    await userEvent.click(screen.getByTestId('export-submit'));
    expect(await screen.findByText('Incorrect mobile number format')).toBeTruthy();
    expect(calls('export/create')).toHaveLength(0);
    await userEvent.clear(screen.getByTestId('export-mobile'));
    await userEvent.type(screen.getByTestId('export-mobile'), '13912345678');
    await userEvent.click(screen.getByTestId('export-submit'));
    await waitFor(() => expect(start).toHaveBeenCalledWith('/export/tok9', 'unlock_records.csv'));
    expect(calls('export/create')[0]?.fields).toEqual(
      expect.objectContaining({ kind: 'unlock_records', format: 'csv', filters: { mobile: '13912345678' } }),
    );
    expect(await screen.findByText('The download of unlock_records.csv has started')).toBeTruthy();
  });

  it('exports the operation log with a call path', async () => {
    vi.spyOn(exportDownload, 'start').mockImplementation(() => {});
    renderPage(ExportPage, '/tourists/export');
    await screen.findByTestId('export-form', {}, SLOW);
    await userEvent.click(screen.getByText('Operation log'));
    await userEvent.type(await screen.findByTestId('export-path'), 'room/checkOut');
    await userEvent.click(screen.getByTestId('export-submit'));
    await waitFor(() => expect(calls('export/create')).toHaveLength(1));
    expect(calls('export/create')[0]?.fields).toMatchObject({
      kind: 'operation_log',
      format: 'xlsx',
      filters: { path: 'room/checkOut' },
    });
  });
});
