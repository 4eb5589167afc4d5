import { STORAGE_KEYS } from '@lockdesk/protocol';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Dispenser } from '../../api/equipment.ts';
import { clearUserInfo, setUserInfo } from '../../api/session.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import CardSenderPage from './CardSenderPage.tsx';
import { MyReaderPanel } from './MyReaderPanel.tsx';

let seen: SeenCall[];
let readers: Dispenser[];
let myReader: string;

function renderPage(node: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: node }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={enUS}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

beforeAll(() => equipmentTexts.load('en'));

beforeEach(() => {
  clearUserInfo();
  window.localStorage.clear();
  window.localStorage.setItem(STORAGE_KEYS.language, 'en');
  readers = [];
  myReader = '041780200001';
  seen = fakeServer({
    'cardDispenser/lists': () => ({
      errno: 0,
      data: { list: readers, total: readers.length, page: 1, limit: 10 },
    }),
    'cardDispenser/add': (f) => {
      const reader: Dispenser = {
        id: readers.length + 1,
        mac_id: String(f['mac_id']),
        name: String(f['name'] ?? ''),
        type: String(f['type']),
        status: 'unknown',
        last_seen_at: null,
        bound_user: null,
      };
      readers = [reader, ...readers];
      return { errno: 0, data: reader };
    },
    'cardDispenser/checkStatus': (f) => ({
      errno: 0,
      data: { mac_id: f['mac_id'], status: 'online', last_seen_at: 1764000000 },
    }),
    'cardDispenser/getUserBind': () => ({ errno: 0, data: { mac_id: myReader, type: '1' } }),
    'User/getUserDispenserType': () => ({ errno: 0, data: { type: '1' } }),
    'User/setUserDispenserType': (f) => ({ errno: 0, data: { type: f['type'] } }),
    'dispenser/brokerCredential': (f) => ({
      errno: 0,
      data: {
        username: `gateway-${String(f['mac_id'])}`,
        password: 'Zk3pQ9wXr2LmN7vB4tY8uE1oI6aS5dF0gH2jK4lM9nQ',
      },
    }),
  });
});

const READER: Dispenser = {
  id: 1,
  mac_id: '041780200001',
  name: 'Reception encoder',
  type: '1',
  status: 'online',
  last_seen_at: null,
  bound_user: null,
};

describe("a reader's gateway broker credential", () => {
  it('is issued by an administrator after a confirmation and shown once with where it goes', async () => {
    setUserInfo({ uid: 1, role: 'super', mobile: '13800138000' });
    readers = [READER];
    renderPage(<CardSenderPage />);
    fireEvent.click(await screen.findByTestId('broker-credential-041780200001'));
    // Issuing stops the old credential: nothing is sent before the operator confirms.
    fireEvent.click(await screen.findByRole('button', { name: 'Issue' }));
    await waitFor(() =>
      expect(screen.getByTestId('broker-credential-username').textContent).toContain('gateway-041780200001'),
    );
    expect(seen.find((c) => c.path === 'dispenser/brokerCredential')?.fields).toMatchObject({
      mac_id: '041780200001',
    });
    expect(screen.getByTestId('broker-credential-password').textContent).toContain(
      'Zk3pQ9wXr2LmN7vB4tY8uE1oI6aS5dF0gH2jK4lM9nQ',
    );
    expect(document.body.textContent).toContain('LOCKDESK_GW_BROKER_USERNAME');
    expect(document.body.textContent).toContain('Shown only this once');
    // Each value has its copy button.
    expect(screen.getAllByRole('button', { name: /copy/i }).length).toBeGreaterThanOrEqual(2);
  });

  it('is not offered to staff', async () => {
    setUserInfo({ uid: 3, role: 'staff', mobile: '13800138002' });
    readers = [READER];
    renderPage(<CardSenderPage />);
    await screen.findByTestId('bound-041780200001');
    expect(screen.queryByTestId('broker-credential-041780200001')).toBeNull();
  });
});

describe('the card dispenser page', () => {
  it('refuses an address that is not 12 digits, adds a valid one and shows its status', async () => {
    renderPage(<CardSenderPage />);
    fireEvent.change(await screen.findByTestId('reader-address'), { target: { value: '12345A' } });
    fireEvent.click(screen.getByTestId('add-reader'));
    await waitFor(() => expect(document.body.textContent).toContain('The card reader address is 12 digits'));
    expect(seen.some((c) => c.path === 'cardDispenser/add')).toBe(false);

    fireEvent.change(screen.getByTestId('reader-address'), { target: { value: '202511250001' } });
    fireEvent.change(screen.getByTestId('reader-name'), { target: { value: 'Front desk' } });
    fireEvent.click(screen.getByTestId('add-reader'));
    await screen.findByText('Reader 202511250001 is added');
    expect(seen.find((c) => c.path === 'cardDispenser/add')?.fields).toMatchObject({
      mac_id: '202511250001',
      name: 'Front desk',
      type: '1',
    });
    const status = await screen.findByTestId('reader-status-202511250001');
    await waitFor(() => expect(status.textContent).toBe('Online'));
    expect(screen.getByTestId('bound-202511250001').textContent).toBe('Nobody');
  });
});

describe("the operator's own reader", () => {
  it('keeps the bound reader as cardSenderID, and a dispenser type as the card-dispenser key', async () => {
    renderPage(<MyReaderPanel />);
    await waitFor(() => expect(screen.getByTestId('my-reader-id').textContent).toBe('041780200001'));
    expect(window.localStorage.getItem(STORAGE_KEYS.cardSenderID)).toBe('041780200001');
    expect(window.localStorage.getItem(STORAGE_KEYS.cardDispenserType)).toBe('1');
  });

  it('forgets cardSenderID when no reader is bound any more', async () => {
    window.localStorage.setItem(STORAGE_KEYS.cardSenderID, '041780200001');
    myReader = '';
    renderPage(<MyReaderPanel />);
    await waitFor(() =>
      expect(screen.getByTestId('my-reader-id').textContent).toBe('No reader is bound to you'),
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.cardSenderID)).toBeNull();
  });
});
