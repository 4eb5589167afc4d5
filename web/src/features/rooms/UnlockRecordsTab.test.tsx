import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import type { UnlockRecord } from './api.ts';
import { roomsTexts } from './texts.ts';
import { UnlockRecordsTab } from './UnlockRecordsTab.tsx';

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
    content: 'Card 00012345',
    from: 'card 00012345 / Li Wei',
    operator: 'Demo owner',
    stay_id: 41,
    nickname: 'Li Wei',
    mobile: '13912345678',
    ...over,
  };
}

beforeAll(() => roomsTexts.load('en'));

describe('unlock records tab (contract B)', () => {
  let seen: SeenCall[];
  beforeEach(() => {
    seen = fakeServer({
      'room/openHistory': (f) => {
        const all = [record(1), record(2, { type: 'password', content: 'PIN', nickname: '', mobile: '' })];
        const keyword = String(f['keyword'] ?? '').toLowerCase();
        const list = all.filter(
          (r) =>
            (!f['type'] || r.type === f['type']) &&
            (!keyword || `${r.content} ${r.nickname}`.toLowerCase().includes(keyword)),
        );
        return { errno: 0, data: { list, total: 23, page: f['page'], limit: f['limit'] } };
      },
    });
  });

  /** The tab on the room detail's URL; returns the router to read the URL back. */
  const renderTab = (url = '/room/roomDetails?id=17&tab=unlock') => {
    const router = createMemoryRouter([{ path: '*', element: <UnlockRecordsTab roomId={17} /> }], {
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
  const calls = () => seen.filter((c) => c.path === 'room/openHistory');
  const at = (router: { state: { location: { search: string } } }) => router.state.location.search;

  it('lists the room’s records in hotel time, newest first as the server pages them', async () => {
    renderTab();
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(2), SLOW);
    const [first, second] = screen.getAllByTestId('unlock-row');
    expect(within(first!).getByText('2026-11-25 00:05:09')).toBeTruthy();
    expect(within(first!).getByText('Card')).toBeTruthy();
    expect(within(first!).getByText('Li Wei')).toBeTruthy();
    expect(within(second!).getByText('Password')).toBeTruthy();
    expect(within(second!).getByText('—')).toBeTruthy();
    expect(seen.filter((c) => c.path === 'room/openHistory')[0]?.fields).toMatchObject({
      room_id: 17,
      page: 1,
      limit: 10,
    });
    expect(seen[0]?.fields).not.toHaveProperty('type');
  });

  it('asks for one type and for the next page, both kept in the URL', async () => {
    const router = renderTab();
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(2), SLOW);
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(seen.at(-1)?.fields).toMatchObject({ page: 2 }));
    expect(at(router)).toBe('?id=17&tab=unlock&unlockPage=2');
    await userEvent.click(screen.getByRole('combobox', { name: 'Unlock type' }));
    await userEvent.click(await screen.findByTitle('Password'));
    await waitFor(() => expect(seen.at(-1)?.fields).toMatchObject({ type: 'password', page: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(1));
  });

  it('searches by keyword on Enter, keeps it in the URL, and clears it with the box', async () => {
    const router = renderTab('/room/roomDetails?id=17&tab=unlock&unlockPage=3');
    await waitFor(() => expect(calls()).toHaveLength(1), SLOW);
    const box = within(screen.getByTestId('unlock-records')).getByRole('searchbox', { name: 'Keyword' });
    await userEvent.type(box, '  pin ');
    // Typing alone asks nothing; Enter searches the trimmed keyword from the first page.
    expect(calls()).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls().at(-1)?.fields).toMatchObject({ keyword: 'pin', page: 1 }));
    expect(at(router)).toBe('?id=17&tab=unlock&unlockKeyword=pin');
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(1));

    await userEvent.clear(box);
    await waitFor(() => expect(at(router)).toBe('?id=17&tab=unlock'));
    await waitFor(() => expect(calls().at(-1)?.fields).not.toHaveProperty('keyword'));
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(2));
  });

  it('starts from a shared link: keyword, type, days and page read from the URL', async () => {
    renderTab(
      '/room/roomDetails?id=17&tab=unlock&unlockKeyword=PIN&unlockType=password&unlockFrom=2026-11-25&unlockTo=2026-11-26&unlockPage=2',
    );
    await waitFor(() => expect(calls()).toHaveLength(1), SLOW);
    expect(calls()[0]?.fields).toMatchObject({
      room_id: 17,
      keyword: 'PIN',
      type: 'password',
      // Hotel days (Asia/Shanghai): 2026-11-25 00:00 to 2026-11-26 23:59:59.999.
      start_time: Date.UTC(2026, 10, 24, 16) / 1000,
      page: 2,
    });
    expect(screen.getByRole('searchbox', { name: 'Keyword' })).toHaveProperty('value', 'PIN');
  });

  it('leaves out what a hand-edited URL gets wrong', async () => {
    renderTab(
      '/room/roomDetails?id=17&tab=unlock&unlockType=magic&unlockFrom=2026-02-30&unlockTo=2026-03-01&unlockPage=-4',
    );
    await waitFor(() => expect(calls()).toHaveLength(1), SLOW);
    const fields = calls()[0]?.fields;
    expect(fields).toMatchObject({ room_id: 17, page: 1 });
    for (const key of ['type', 'start_time', 'end_time', 'keyword']) expect(fields).not.toHaveProperty(key);
  });

  it('says when no record matches the keyword', async () => {
    renderTab('/room/roomDetails?id=17&tab=unlock&unlockKeyword=nobody');
    await screen.findByText('No unlock records match these filters', {}, SLOW);
  });

  it('shows the empty state when the room has no records', async () => {
    fakeServer({
      'room/openHistory': () => ({ errno: 0, data: { list: [], total: 0, page: 1, limit: 10 } }),
    });
    renderTab();
    await screen.findByText('No unlock records', {}, SLOW);
  });
});
