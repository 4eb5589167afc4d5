import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportDownload, exportFilters, type UnlockRecord } from '../../api/unlockRecords.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { unlockRecordsTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { RECORD_REASONS, reasonKey } from './reasons.ts';
import {
  paramName,
  readTableFilters,
  tableParamNames,
  UnlockRecordTable,
  type UnlockRecordTableProps,
  writeTableFilters,
} from './UnlockRecordTable.tsx';

const SLOW = { timeout: 60_000 };
// 2026-11-24 16:05:09 UTC = 2026-11-25 00:05:09 in the hotel (Asia/Shanghai): the day differs from UTC's.
const LATE_EVENING_UTC = Date.UTC(2026, 10, 24, 16, 5, 9) / 1000;

function record(id: number, over: Partial<UnlockRecord> = {}): UnlockRecord {
  return {
    id,
    room_id: 17,
    room_name: '1106',
    time: LATE_EVENING_UTC,
    type: 'card',
    content: 'Guest card',
    from: 'card 00012345 / Li Wei',
    operator: '',
    stay_id: 41,
    nickname: 'Li Wei',
    mobile: '13912345678',
    opened: true,
    reason: 'guestCard',
    credential: '00012345',
    mac_id: 'A0B0C0010106',
    ...over,
  };
}

beforeAll(() => unlockRecordsTexts.load('en'));

describe('URL filters under a prefix', () => {
  it('names params with the prefix, or bare without one', () => {
    expect(paramName('unlock', 'page')).toBe('unlockPage');
    expect(paramName('', 'result')).toBe('result');
  });

  it('reads back what it writes, under the prefix and only the table’s own params', () => {
    const filters = {
      room: 17,
      mobile: '13912345678',
      stay: 41,
      type: 'card' as const,
      result: 'deny' as const,
      from: '2026-11-20',
      to: '2026-11-25',
      keyword: 'Li',
      page: 3,
    };
    const out = writeTableFilters(filters, 'rec');
    expect(out.get('recResult')).toBe('deny');
    expect([...out.keys()].filter((name) => !tableParamNames('rec').includes(name))).toEqual([]);
    expect(readTableFilters(out, 'rec')).toEqual(filters);
    expect(readTableFilters(out, '')).toEqual({ page: 1 });
  });

  it('drops what a hand-edited URL gets wrong', () => {
    const read = readTableFilters(
      new URLSearchParams('type=magic&result=maybe&from=2026-02-30&to=2026-03-01&page=-4&room=x&mobile=123'),
    );
    expect(read).toEqual({ page: 1 });
  });
});

describe('reasons', () => {
  it('has a label key for every reason of the lock rule and the lock’s other credentials', () => {
    expect(RECORD_REASONS).toContain('superseded');
    expect(RECORD_REASONS).toContain('fingerUnknown');
    expect(reasonKey('superseded')).toBe('reasons.superseded');
    expect(reasonKey('')).toBeUndefined();
    expect(reasonKey('somethingNew')).toBeUndefined();
  });
});

describe('exportFilters', () => {
  it('leaves out paging and empty filters', () => {
    expect(
      exportFilters({ page: 2, limit: 20, room_id: 17, keyword: '', mobile: undefined, result: 'deny' }),
    ).toEqual({ room_id: 17, result: 'deny' });
  });
});

describe('the unlock records table (lock/checkHistory)', () => {
  let seen: SeenCall[];
  beforeEach(() => {
    seen = fakeServer({
      'lock/checkHistory': (f) => {
        const all = [
          record(1),
          record(2, {
            opened: false,
            reason: 'superseded',
            content: 'Denied: superseded',
            credential: '00012300',
          }),
          record(3, { type: 'password', reason: 'passwordUnknown', opened: false, nickname: '', mobile: '' }),
        ];
        const list = all.filter(
          (r) =>
            (!f['type'] || r.type === f['type']) && (!f['result'] || (f['result'] === 'open') === r.opened),
        );
        return {
          errno: 0,
          data: { list, total: list.length === 3 ? 45 : list.length, page: f['page'], limit: f['limit'] },
        };
      },
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
            {
              id: 18,
              room_id: 18,
              name: '1107',
              mac_id: 'A0B0C0010107',
              building: 1,
              floor: 1,
              status: 0,
              category_id: null,
            },
          ],
          total: 2,
        },
      }),
      'export/create': () => ({
        errno: 0,
        data: {
          url: '/export/tok123',
          file_name: 'unlock-records-2026-11-25.csv',
          expires_at: LATE_EVENING_UTC + 300,
        },
      }),
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const renderTable = (url = '/tourists/openHistory', props: UnlockRecordTableProps = {}) => {
    const router = createMemoryRouter([{ path: '*', element: <UnlockRecordTable {...props} /> }], {
      initialEntries: [url],
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ConfigProvider locale={enUS}>
          <AntApp>
            <RouterProvider router={router} />
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>,
    );
    return router;
  };
  const calls = () => seen.filter((c) => c.path === 'lock/checkHistory');
  const at = (router: { state: { location: { search: string } } }) => router.state.location.search;

  it('shows time in hotel time, the result with its reason, the credential and the guest', async () => {
    renderTable();
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(3), SLOW);
    const [first, second, third] = screen.getAllByTestId('unlock-row');
    expect(within(first!).getByText('2026-11-25 00:05:09')).toBeTruthy();
    expect(within(first!).getByText('Opened')).toBeTruthy();
    expect(within(first!).getByText('Guest card')).toBeTruthy();
    expect(within(first!).getByText('00012345')).toBeTruthy();
    expect(within(first!).getByText('13912345678')).toBeTruthy();
    // The source is told in the console's words, not the server's English ('card 00012345 / Li Wei').
    expect(within(first!).getByText('Card 00012345 / Li Wei')).toBeTruthy();
    expect(within(second!).getByText('Refused')).toBeTruthy();
    expect(within(second!).getByText('Replaced by a newer card')).toBeTruthy();
    expect(within(third!).getByText('Unknown password')).toBeTruthy();
    expect(within(third!).getByText('Password')).toBeTruthy();
    expect(calls()[0]?.fields).toMatchObject({ page: 1, limit: 20 });
    expect(screen.getByText('Records found: 45')).toBeTruthy();
  });

  it('fixes the page’s filters and hides their inputs', async () => {
    renderTable('/room/roomDetails?id=17', {
      query: { room_id: 17 },
      filters: ['room', 'result'],
      paramPrefix: 'unlock',
    });
    await waitFor(() => expect(calls()).toHaveLength(1), SLOW);
    expect(calls()[0]?.fields).toMatchObject({ room_id: 17 });
    expect(screen.queryByTestId('unlock-filter-room')).toBeNull();
    expect(screen.queryByTestId('unlock-filter-keyword')).toBeNull();
    expect(screen.getByTestId('unlock-filter-result')).toBeTruthy();
  });

  it('filters refused records and pages, both kept in the URL under the prefix', async () => {
    const router = renderTable('/room/roomDetails?id=17', { paramPrefix: 'unlock' });
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(3), SLOW);
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls().at(-1)?.fields).toMatchObject({ page: 2 }));
    expect(at(router)).toBe('?id=17&unlockPage=2');
    await userEvent.click(screen.getByRole('combobox', { name: 'Result' }));
    await userEvent.click(await screen.findByTitle('Refused'));
    await waitFor(() => expect(calls().at(-1)?.fields).toMatchObject({ result: 'deny', page: 1 }));
    expect(at(router)).toBe('?id=17&unlockResult=deny');
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(2));
  });

  it('narrows to one room picked from the hotel’s locks, kept in the URL', async () => {
    const router = renderTable();
    await waitFor(() => expect(calls()).toHaveLength(1), SLOW);
    await userEvent.click(screen.getByRole('combobox', { name: 'Room' }));
    await userEvent.click(await screen.findByTitle('1107'));
    await waitFor(() => expect(calls().at(-1)?.fields).toMatchObject({ room_id: 18, page: 1 }));
    expect(at(router)).toBe('?room=18');
  });

  it('searches a guest’s mobile, refusing one that is not a mobile number', async () => {
    const router = renderTable();
    await waitFor(() => expect(calls()).toHaveLength(1), SLOW);
    const box = screen.getByRole('searchbox', { name: 'Guest mobile' });
    await userEvent.type(box, '12345{Enter}');
    await screen.findByTestId('unlock-filter-mobile-error');
    expect(calls()).toHaveLength(1);
    await userEvent.clear(box);
    await userEvent.type(box, '13912345678{Enter}');
    await waitFor(() => expect(calls().at(-1)?.fields).toMatchObject({ mobile: '13912345678' }));
    expect(at(router)).toBe('?mobile=13912345678');
  });

  it('starts from a shared link: room, days and keyword in hotel days', async () => {
    renderTable('/x?room=17&from=2026-11-25&to=2026-11-26&keyword=Li&stay=41');
    await waitFor(() => expect(calls()).toHaveLength(1), SLOW);
    expect(calls()[0]?.fields).toMatchObject({
      room_id: 17,
      stay_id: 41,
      keyword: 'Li',
      start_time: Date.UTC(2026, 10, 24, 16) / 1000,
      end_time: Date.UTC(2026, 10, 26, 16) / 1000 - 1,
    });
    expect(await screen.findByText('Stay #41')).toBeTruthy();
  });

  it('says when nothing matches, and clears the filters', async () => {
    const router = renderTable('/x?type=face');
    await screen.findByText('No unlock records match these filters', {}, SLOW);
    // The table's loading veil lets no click through until the answer is in.
    await waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(at(router)).toBe(''));
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(3));
  });

  it('shows the empty state when there are no records at all', async () => {
    fakeServer({
      'lock/checkHistory': () => ({ errno: 0, data: { list: [], total: 0, page: 1, limit: 20 } }),
    });
    renderTable('/x', { filters: [] });
    await screen.findByText('No unlock records yet', {}, SLOW);
  });

  it('shows the error state with a retry when the records cannot be loaded', async () => {
    fakeServer({ 'lock/checkHistory': () => ({ errno: 1, errmsg: 'boom', code: 'ERROR' }) });
    renderTable('/x', { filters: [] });
    await screen.findByTestId('unlock-error', {}, SLOW);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('exports the filtered records and downloads the answered link', async () => {
    const start = vi.spyOn(exportDownload, 'start').mockImplementation(() => {});
    renderTable('/x?result=deny&page=2', { exportable: true });
    await waitFor(() => expect(calls()).toHaveLength(1), SLOW);
    await userEvent.click(screen.getByTestId('unlock-export'));
    await userEvent.click(await screen.findByText('CSV'));
    await waitFor(() =>
      expect(start).toHaveBeenCalledWith('/export/tok123', 'unlock-records-2026-11-25.csv'),
    );
    const create = seen.find((c) => c.path === 'export/create');
    expect(create?.fields).toMatchObject({
      kind: 'unlock_records',
      format: 'csv',
      filters: { result: 'deny' },
    });
    expect(create?.fields['filters']).not.toHaveProperty('page');
  });
});
