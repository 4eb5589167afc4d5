import { LANGUAGE_CODES } from '@lockdesk/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guardRedirect } from '../../app/guards.ts';
import { landingFor, PATHS } from '../../app/paths.ts';
import { operationLogTexts, unlockRecordsTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderRoutes } from '../../test/render.tsx';
import { OPERATION_AREAS, type OperationEntry } from './api.ts';
import { logQuery, readLogList, writeLogList } from './listParams.ts';
import OperationLogPage from './OperationLogPage.tsx';

const SLOW = { timeout: 60_000 };
const AT = Date.UTC(2026, 10, 25, 6) / 1000;

const entry = (id: number, over: Partial<OperationEntry> = {}): OperationEntry => ({
  id,
  time: AT + id,
  user_id: 2,
  mobile: '13800138000',
  nickname: 'Demo owner',
  role: 'super',
  path: 'room/tenant/update/checkIn',
  area: 'stays',
  summary: `Check-in: room 1106, Guest ${id}`,
  errno: 0,
  code: null,
  ip: '10.0.0.8',
  uuid: null,
  user_agent: null,
  rooms: [{ id: 17, name: '1106' }],
  room_count: 1,
  ...over,
});

let seen: SeenCall[];
const page = (list: unknown[], f: Record<string, unknown>) => ({
  errno: 0,
  data: { list, total: list.length, page: f['page'] ?? 1, limit: f['limit'] ?? 20 },
});

beforeAll(() => Promise.all([operationLogTexts.load('en'), unlockRecordsTexts.load('en')]));
beforeEach(() => {
  seen = fakeServer({
    'operation/list': (f) =>
      page(
        f['result'] === 'refused'
          ? [
              entry(3, {
                errno: 1,
                code: 'PERMISSION_DENIED',
                area: 'rooms',
                path: 'room/setRoomStatus',
                rooms: [],
                room_count: 0,
              }),
            ]
          : [entry(1), entry(2, { rooms: [{ id: 17, name: '1106' }], room_count: 3 })],
        f,
      ),
    'operation/accounts': (f) =>
      page(
        [
          { id: 2, mobile: '13800138000', nickname: 'Demo owner', name: 'Demo owner', role: 'super' },
          { id: 3, mobile: '13800138001', nickname: 'Building 1 manager', name: '', role: 'secondary' },
        ].filter(
          (a) => !f['keyword'] || a.nickname.toLowerCase().includes(String(f['keyword']).toLowerCase()),
        ),
        f,
      ),
    'room/listNew': (f) =>
      page(
        [
          { id: 17, name: '1106' },
          { id: 18, name: '1107' },
        ].filter((r) => !f['name'] || r.name.includes(String(f['name']))),
        f,
      ),
  });
});

function renderPage(url: string) {
  return renderRoutes([{ path: PATHS.operation, element: <OperationLogPage /> }], url);
}
const calls = (path: string) => seen.filter((c) => c.path === path);

describe('operation log state in the URL', () => {
  it('reads back what it writes and asks for hotel days', () => {
    const state = {
      user: 3,
      area: 'stays' as const,
      room: 17,
      result: 'refused' as const,
      from: '2026-11-24',
      to: '2026-11-25',
      page: 2,
    };
    expect(readLogList(writeLogList(state))).toEqual(state);
    expect(logQuery(state)).toMatchObject({
      user_id: 3,
      area: 'stays',
      room_id: 17,
      result: 'refused',
      start_time: Date.UTC(2026, 10, 23, 16) / 1000,
      page: 2,
      limit: 20,
    });
    expect(readLogList(new URLSearchParams('area=kitchen&result=maybe&user=-1&page=x'))).toEqual({ page: 1 });
  });

  it('names every area in every language', async () => {
    for (const code of LANGUAGE_CODES) {
      const texts = (await import(`./locales/${code}.ts`)) as { default: { areas: Record<string, string> } };
      for (const area of OPERATION_AREAS) expect(texts.default.areas[area], `${code} ${area}`).toBeTruthy();
    }
  });
});

describe('operation log page', () => {
  it('shows who, when, what, rooms, result and IP per row', async () => {
    renderPage('/operation/operation');
    await waitFor(() => expect(screen.getAllByTestId('oplog-row')).toHaveLength(2), SLOW);
    const [first, second] = screen.getAllByTestId('oplog-row');
    expect(within(first!).getByText('Demo owner')).toBeTruthy();
    expect(within(first!).getByText('Stays and guests')).toBeTruthy();
    expect(within(first!).getByText('Check-in: room 1106, Guest 1')).toBeTruthy();
    expect(within(first!).getByText('Succeeded')).toBeTruthy();
    expect(within(first!).getByText('10.0.0.8')).toBeTruthy();
    expect(within(second!).getByText('+2 other rooms')).toBeTruthy();
    expect(calls('operation/list')[0]?.fields).toMatchObject({ page: 1, limit: 20 });
  });

  it('filters by result and area from the URL, and shows the refusal code', async () => {
    renderPage('/operation/operation?result=refused&area=rooms');
    await waitFor(() => expect(screen.getAllByTestId('oplog-row')).toHaveLength(1), SLOW);
    expect(calls('operation/list')[0]?.fields).toMatchObject({ result: 'refused', area: 'rooms' });
    const [row] = screen.getAllByTestId('oplog-row');
    expect(within(row!).getByText('Refused')).toBeTruthy();
    expect(within(row!).getByText('PERMISSION_DENIED')).toBeTruthy();
  });

  it('picks a person searched on the server and keeps it in the URL', async () => {
    const router = renderPage('/operation/operation');
    await waitFor(() => expect(screen.getAllByTestId('oplog-row')).toHaveLength(2), SLOW);
    await userEvent.click(screen.getByRole('combobox', { name: 'Person' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Person' }), 'building');
    await waitFor(() =>
      expect(calls('operation/accounts').at(-1)?.fields).toMatchObject({ keyword: 'building' }),
    );
    await userEvent.click(await screen.findByText('Building 1 manager · 13800138001'));
    await waitFor(() =>
      expect(calls('operation/list').at(-1)?.fields).toMatchObject({ user_id: 3, page: 1 }),
    );
    expect(router.state.location.search).toBe('?user=3');
  });
});

describe('landing by role', () => {
  it('sends a customer manager to its customers page, everyone else to the rooms', () => {
    expect(landingFor('customer_manager')).toBe(PATHS.customer);
    expect(landingFor('super')).toBe('/room');
    expect(guardRedirect('/login', '', true, 'customer_manager')).toBe(PATHS.customer);
    expect(guardRedirect('/', '', true, 'customer_manager')).toBe(PATHS.customer);
    expect(guardRedirect('/', '', true, 'super')).toBeUndefined();
    expect(guardRedirect('/login', '', true, 'staff')).toBe('/room');
  });
});
