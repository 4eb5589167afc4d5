import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import type { UnlockRecord } from './api.ts';
import { roomsTexts } from './texts.ts';
import { UnlockRecordsTab } from './UnlockRecordsTab.tsx';

const SLOW = { timeout: 15_000 };
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
        const list = all.filter((r) => !f['type'] || r.type === f['type']);
        return { errno: 0, data: { list, total: 23, page: f['page'], limit: f['limit'] } };
      },
    });
  });

  const renderTab = () =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ConfigProvider locale={enUS}>
          <AntApp>
            <UnlockRecordsTab roomId={17} />
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>,
    );

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

  it('asks for one type and for the next page', async () => {
    renderTab();
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(2), SLOW);
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(seen.at(-1)?.fields).toMatchObject({ page: 2 }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Unlock type' }));
    await userEvent.click(await screen.findByTitle('Password'));
    await waitFor(() => expect(seen.at(-1)?.fields).toMatchObject({ type: 'password', page: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('unlock-row')).toHaveLength(1));
  });

  it('shows the empty state when the room has no records', async () => {
    fakeServer({
      'room/openHistory': () => ({ errno: 0, data: { list: [], total: 0, page: 1, limit: 10 } }),
    });
    renderTab();
    await screen.findByText('No unlock records', {}, SLOW);
  });
});
