import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UnlockRecord } from '../../api/unlockRecords.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { roomsTexts, unlockRecordsTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
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

beforeAll(() => Promise.all([roomsTexts.load('en'), unlockRecordsTexts.load('en')]));

describe('the room’s unlock-records tab (the shared table, room fixed)', () => {
  let seen: SeenCall[];
  beforeEach(() => {
    seen = fakeServer({
      'lock/checkHistory': (f) => {
        const all = [
          record(1, { opened: false, reason: 'superseded', content: 'Denied: superseded' }),
          record(2, {
            type: 'bluetooth',
            reason: 'bluetooth',
            credential: '',
            from: '',
            operator: 'Wang Fang',
            stay_id: null,
            nickname: '',
            mobile: '',
          }),
          record(3),
        ];
        const list = all.filter(
          (r) =>
            (!f['type'] || r.type === f['type']) && (!f['result'] || (f['result'] === 'open') === r.opened),
        );
        return { errno: 0, data: { list, total: list.length, page: f['page'], limit: f['limit'] } };
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
  const calls = () => seen.filter((c) => c.path === 'lock/checkHistory');
  const at = (router: { state: { location: { search: string } } }) => router.state.location.search;

  it('asks lock/checkHistory for this room only and shows whether the door opened and why', async () => {
    renderTab();
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(3), SLOW);
    expect(calls()[0]?.fields).toMatchObject({ room_id: 17, page: 1, limit: 10 });
    const [denied, bluetooth, opened] = screen.getAllByTestId('unlock-row');
    expect(within(denied!).getByText('Refused')).toBeTruthy();
    expect(within(denied!).getByText('Replaced by a newer card')).toBeTruthy();
    expect(within(denied!).getByText('00012345')).toBeTruthy();
    expect(within(bluetooth!).getByText('Opened')).toBeTruthy();
    expect(within(bluetooth!).getByText('Bluetooth unlock from the phone')).toBeTruthy();
    expect(within(bluetooth!).getByText('Wang Fang')).toBeTruthy();
    expect(within(opened!).getByText('Guest card')).toBeTruthy();
    expect(within(opened!).getByText('2026-11-25 00:05:09')).toBeTruthy();
    // The room is fixed: no room filter to widen it.
    expect(screen.queryByTestId('unlock-filter-room')).toBeNull();
  });

  it('filters by result, kept in the URL under the tab’s prefix beside the detail’s own params', async () => {
    const router = renderTab();
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(3), SLOW);
    await userEvent.click(within(screen.getByTestId('unlock-filter-result')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Refused'));
    await waitFor(() =>
      expect(calls().at(-1)?.fields).toMatchObject({ room_id: 17, result: 'deny', page: 1 }),
    );
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(1));
    expect(at(router)).toBe('?id=17&tab=unlock&unlockResult=deny');
  });

  it('starts from a shared link: type and page read from the tab’s params, the room still fixed', async () => {
    renderTab('/room/roomDetails?id=17&tab=unlock&unlockType=card&unlockPage=2&unlockRoom=99');
    await waitFor(() => expect(calls()).toHaveLength(1), SLOW);
    expect(calls()[0]?.fields).toMatchObject({ room_id: 17, type: 'card', page: 2 });
  });
});
