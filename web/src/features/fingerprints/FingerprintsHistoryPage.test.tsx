import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Delivery, Fingerprint } from '../../api/fingerprints.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { facesTexts, fingerprintsTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import FingerprintsHistoryPage from './FingerprintsHistoryPage.tsx';

const SLOW = { timeout: 60_000 };
const FINGER: Fingerprint = {
  id: 5,
  finger_id: 'F-0005',
  note: 'Li Wei right thumb',
  room_id: 17,
  room_name: '1106',
  stay_id: 41,
  status: 'active',
  created_at: 1764000000,
};

function renderPage(path: string) {
  const router = createMemoryRouter(
    [{ path: '/room/fingerprintsHistory', element: <FingerprintsHistoryPage /> }],
    { initialEntries: [path] },
  );
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
}

let seen: SeenCall[];
let deliveries: Delivery[];
let fingers: Fingerprint[];

beforeAll(async () => {
  await Promise.all([facesTexts.load('en'), fingerprintsTexts.load('en')]);
});

beforeEach(() => {
  deliveries = [];
  fingers = [FINGER];
  seen = fakeServer({
    'room/allLock': () => ({
      errno: 0,
      data: {
        list: [
          { id: 17, room_id: 17, name: '1106' },
          { id: 18, room_id: 18, name: '1107' },
        ],
        total: 2,
      },
    }),
    'fingerprint/dataLists': () => ({
      errno: 0,
      data: { list: fingers, total: fingers.length, page: 1, limit: 20 },
    }),
    'fingerprint/sendDataList': () => ({
      errno: 0,
      data: { list: deliveries, total: deliveries.length, page: 1, limit: 20 },
    }),
    'fingerprint/send': (f) => {
      const delivery: Delivery = {
        id: 9,
        fingerprint_id: Number(f['id']),
        finger_id: 'F-0005',
        note: 'Li Wei right thumb',
        room_id: Number(f['room_id']),
        room_name: f['room_id'] === 18 ? '1107' : '1106',
        status: 'pending',
        created_at: 1764000100,
        updated_at: 1764000100,
      };
      deliveries = [delivery];
      return { errno: 0, data: delivery };
    },
    'fingerprint/delSendData': (f) => {
      deliveries = deliveries.map((d) => (d.id === f['id'] ? { ...d, status: 'deleted' } : d));
      return { errno: 0, data: { id: f['id'] } };
    },
    'fingerprint/delData': (f) => ({ errno: 0, data: { id: f['id'] } }),
  });
});

describe('the fingerprint library (/room/fingerprintsHistory)', () => {
  it('sends a fingerprint to a lock, lists the delivery as pending and withdraws it after a confirm', async () => {
    const router = renderPage('/room/fingerprintsHistory');
    const row = (await screen.findByText('F-0005', {}, SLOW)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByTestId('finger-send'));
    const dialog = (await screen.findByText('Send fingerprint F-0005 to a lock')).closest(
      '.ant-modal',
    ) as HTMLElement;
    // The room of the fingerprint is proposed; the operator may choose another.
    expect(within(dialog).getByText('1106')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to a lock' }));
    await waitFor(() => expect(seen.some((c) => c.path === 'fingerprint/send')).toBe(true));
    expect(seen.find((c) => c.path === 'fingerprint/send')?.fields).toEqual({
      id: 5,
      room_id: 17,
      action: 'manage',
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Sent to locks' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=deliveries'));
    const delivery = await waitFor(() => {
      const found = document.querySelector('tr[data-delivery-id="9"]');
      if (!found) throw new Error('no delivery row yet');
      return found as HTMLElement;
    });
    expect(delivery.textContent).toContain('Pending (until the lock syncs)');
    fireEvent.click(within(delivery).getByTestId('delivery-delete'));
    const confirm = await screen.findByText('Remove fingerprint F-0005 from the lock of room 1106?');
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', {
        name: 'Remove from lock',
      }),
    );
    await waitFor(() =>
      expect(document.querySelector('tr[data-delivery-id="9"]')?.getAttribute('data-status')).toBe('deleted'),
    );
    expect(seen.find((c) => c.path === 'fingerprint/delSendData')?.fields).toEqual({
      id: 9,
      action: 'manage',
    });
  });

  it('refuses to send a library fingerprint without a chosen room', async () => {
    fingers = [{ ...FINGER, room_id: null, room_name: '', stay_id: null }];
    renderPage('/room/fingerprintsHistory');
    const row = (await screen.findByText('F-0005', {}, SLOW)).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Library only');
    fireEvent.click(within(row).getByTestId('finger-send'));
    const dialog = (await screen.findByText('Send fingerprint F-0005 to a lock')).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to a lock' }));
    expect(await within(dialog).findByText('Please select a room')).toBeTruthy();
    expect(seen.some((c) => c.path === 'fingerprint/send')).toBe(false);
  });

  it('deletes a fingerprint only after the confirm', async () => {
    renderPage('/room/fingerprintsHistory');
    const row = (await screen.findByText('F-0005', {}, SLOW)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByTestId('finger-delete'));
    const confirm = await screen.findByText('Delete fingerprint F-0005? Locks drop it at their next sync.');
    expect(seen.some((c) => c.path === 'fingerprint/delData')).toBe(false);
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(seen.find((c) => c.path === 'fingerprint/delData')?.fields).toEqual({ id: 5, action: 'manage' }),
    );
  });
});
