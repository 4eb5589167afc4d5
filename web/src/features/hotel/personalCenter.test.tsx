import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearUserInfo, setUserInfo } from '../../api/session.ts';
import { PATHS } from '../../app/paths.ts';
import { apiReferenceTexts, hotelTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderRoutes } from '../../test/render.tsx';
import { CENTRE_PAGES, centrePages } from './CentreLinks.tsx';
import PersonalCenterPage from './PersonalCenterPage.tsx';

const SLOW = { timeout: 60_000 };
let seen: SeenCall[];
let role = 'super';

const info = () => ({
  uid: 2,
  mobile: '13800138000',
  email: null,
  avatar: '/files/abc.png',
  name: 'Wang Fang',
  nickname: 'Demo owner',
  gender: 2,
  nationality: 'CN',
  birth_date: '1990-03-07',
  id_number: '110101199003074578',
  role,
  hotel_id: role === 'customer_manager' ? null : 1,
  hotel_name: role === 'customer_manager' ? '' : 'LockDesk Demo Hotel',
  balance_fen: role === 'customer_manager' ? null : 123_405,
  created_at: Date.UTC(2026, 0, 2, 4) / 1000,
});

beforeAll(() => Promise.all([hotelTexts.load('en'), apiReferenceTexts.load('en')]));
beforeEach(() => {
  seen = fakeServer({
    'user/info': () => ({ errno: 0, data: info() }),
    'room/hotelInfo': () => ({
      errno: 0,
      data: {
        id: 1,
        name: 'LockDesk Demo Hotel',
        address: 'x',
        telephone: '12345678',
        latitude: null,
        longitude: null,
        complete: true,
      },
    }),
    'room/hotelBreakFastList': () => ({
      errno: 0,
      data: { enabled: false, start_time: null, end_time: null, price: 0, list: [] },
    }),
    'cardDispenser/getUserBind': () => ({ errno: 0, data: null }),
    'cardDispenser/lists': () => ({ errno: 0, data: { list: [], total: 0 } }),
  });
});
afterEach(() => clearUserInfo());

function renderAs(r: string) {
  role = r;
  setUserInfo({ uid: 2, token: 't', role: r } as never);
  renderRoutes([{ path: PATHS.personalCenter, element: <PersonalCenterPage /> }], PATHS.personalCenter);
}

describe('personal centre account', () => {
  it('shows the user info of spec §3 with the picture at 80 × 80', async () => {
    renderAs('super');
    await screen.findByText('110101199003074578', {}, SLOW);
    expect(screen.getByText('Female')).toBeTruthy();
    expect(screen.getByText('1990-03-07')).toBeTruthy();
    expect(screen.getByText('1234.05')).toBeTruthy();
    expect(screen.getByText('2026-01-02 12:00')).toBeTruthy();
    const avatar = screen.getByTestId('account-avatar');
    expect(avatar.getAttribute('style')).toContain('80px');
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe('/files/abc.png');
    expect(screen.getByTestId('account-avatar-change')).toBeTruthy();
  });

  it('shows a customer manager its account only, asking nothing of a hotel', async () => {
    renderAs('customer_manager');
    await screen.findByText('110101199003074578', {}, SLOW);
    await waitFor(() => expect(seen.map((c) => c.path)).toContain('user/info'));
    expect(seen.map((c) => c.path)).not.toContain('room/hotelInfo');
    expect(seen.map((c) => c.path)).not.toContain('cardDispenser/getUserBind');
    expect(screen.queryByTestId('account-avatar-change')).toBeNull();
  });
});

describe("personal centre's other pages", () => {
  it('lists to a super administrator every page of the hidden /center section it may open, by the role table', async () => {
    renderAs('super');
    const links = await screen.findByTestId('centre-links', {}, SLOW);
    const customer = screen.getByTestId('centre-link-customer');
    expect(customer.getAttribute('href')).toBe(PATHS.customer);
    expect(customer.textContent).toBe('Customer management');
    expect(screen.getByTestId('centre-link-thirdPartyAuthorization').getAttribute('href')).toBe(
      PATHS.thirdPartyAuthorization,
    );
    expect(links.querySelectorAll('a')).toHaveLength(centrePages().length);
  });

  it('keeps from staff the pages its role lacks (API keys, customers)', () => {
    setUserInfo({ uid: 4, token: 't', role: 'staff', authorities: [] } as never);
    const pages = centrePages();
    expect(pages).not.toContain('thirdPartyAuthorization');
    expect(pages).not.toContain('customer');
    expect(pages).toContain('cardList');
    setUserInfo({ uid: 2, token: 't', role: 'super', authorities: [] } as never);
    expect(centrePages()).toEqual([...CENTRE_PAGES]);
  });
});
