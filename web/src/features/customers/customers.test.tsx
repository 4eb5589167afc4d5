import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearUserInfo, setUserInfo } from '../../api/session.ts';
import { PATHS } from '../../app/paths.ts';
import { customersTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderRoutes } from '../../test/render.tsx';
import type { Client } from './api.ts';
import CustomersPage from './CustomersPage.tsx';

const SLOW = { timeout: 60_000 };
const AT = Date.UTC(2026, 10, 25, 6) / 1000;

const client = (id: number, over: Partial<Client> = {}): Client => ({
  id,
  mobile: `1360000000${id}`,
  nickname: `Owner ${id}`,
  name: '',
  frozen: false,
  hotel_id: id,
  hotel_name: `Hotel ${id}`,
  service_expires_at: AT + 100 * 86_400,
  days_left: 100,
  expired: false,
  expiring: false,
  ...over,
});

let seen: SeenCall[];
let manager: { id: number; mobile: string; nickname: string; name: string; email: null } | null;
const managerView = () => ({
  errno: 0,
  data: { view: 'manager', manager, service_expires_at: AT, days_left: 9, expired: false, expiring: true },
});

beforeAll(() => customersTexts.load('en'));
beforeEach(() => {
  manager = { id: 9, mobile: '13800138009', nickname: 'Customer manager', name: '', email: null };
  seen = fakeServer({
    'room/clientList': (f) => {
      if (currentRole !== 'customer_manager') return managerView();
      const all = [client(1, { expired: true, days_left: 0 }), client(2, { expiring: true, days_left: 5 })];
      const list = all.filter((c) => !f['keyword'] || c.hotel_name.includes(String(f['keyword'])));
      return {
        errno: 0,
        data: { view: 'clients', list, total: list.length, page: f['page'] ?? 1, limit: 20 },
      };
    },
    'room/clientSet': (f) => {
      if (f['mobile'] !== '13800138009')
        return { errno: 1, errmsg: 'account does not exist', code: 'ACCOUNT_NOT_FOUND' };
      manager = { id: 9, mobile: '13800138009', nickname: 'Customer manager', name: '', email: null };
      return managerView();
    },
    'room/clientDelete': (f) => {
      if (f['id'] === undefined) manager = null;
      return f['id'] === undefined ? managerView() : { errno: 0, data: { id: f['id'] } };
    },
  });
});
let currentRole = 'super';
afterEach(() => clearUserInfo());

function renderAs(role: string, url = PATHS.customer) {
  currentRole = role;
  setUserInfo({ uid: 1, token: 't', role } as never);
  return renderRoutes([{ path: PATHS.customer, element: <CustomersPage /> }], url);
}
const calls = (path: string) => seen.filter((c) => c.path === path);

describe('customer page, super administrator', () => {
  it('shows the customer manager and the service period, and removes the manager', async () => {
    renderAs('super');
    expect((await screen.findByTestId('customer-manager-mobile', {}, SLOW)).textContent).toBe('13800138009');
    expect(screen.getByText('Days left: 9')).toBeTruthy();
    await userEvent.click(screen.getByTestId('customer-manager-remove'));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await screen.findByTestId('customer-manager-none');
    expect(calls('room/clientDelete')[0]?.fields).not.toHaveProperty('id');
  });

  it('refuses an empty mobile in the form and sets a manager by mobile', async () => {
    manager = null;
    renderAs('super');
    await screen.findByTestId('customer-manager-none', {}, SLOW);
    await userEvent.click(screen.getByTestId('customer-manager-save'));
    await screen.findByText('Customer manager mobile number cannot be empty');
    expect(calls('room/clientSet')).toHaveLength(0);
    await userEvent.type(screen.getByTestId('customer-manager-input'), '123');
    await userEvent.click(screen.getByTestId('customer-manager-save'));
    await screen.findByText('Incorrect mobile number format');
    await userEvent.clear(screen.getByTestId('customer-manager-input'));
    await userEvent.type(screen.getByTestId('customer-manager-input'), '13800138009');
    await userEvent.click(screen.getByTestId('customer-manager-save'));
    await waitFor(() => expect(calls('room/clientSet')[0]?.fields).toMatchObject({ mobile: '13800138009' }));
    expect((await screen.findByTestId('customer-manager-mobile')).textContent).toBe('13800138009');
  });
});

describe('customer page, customer manager', () => {
  it('lists its clients with their service state, searches in the URL and drops one', async () => {
    const router = renderAs('customer_manager');
    await waitFor(() => expect(screen.getAllByTestId('customer-row')).toHaveLength(2), SLOW);
    const [first, second] = screen.getAllByTestId('customer-row');
    expect(within(first!).getByText('Hotel 1')).toBeTruthy();
    expect(within(first!).getByText('Expired')).toBeTruthy();
    expect(within(second!).getByText('Days left: 5')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Hotel, mobile or name' }), 'Hotel 2{Enter}');
    await waitFor(() =>
      expect(calls('room/clientList').at(-1)?.fields).toMatchObject({ keyword: 'Hotel 2' }),
    );
    expect(router.state.location.search).toBe('?q=Hotel+2');
    await waitFor(() => expect(screen.getAllByTestId('customer-row')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('customer-remove'));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls('room/clientDelete')[0]?.fields).toMatchObject({ id: 2 }));
  });
});
