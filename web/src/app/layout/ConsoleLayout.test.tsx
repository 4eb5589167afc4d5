import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../api/browser.ts';
import { getUserInfo, setUserInfo } from '../../api/session.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderConsole } from '../../test/render.tsx';

const SLOW = { timeout: 60_000 };
let seen: SeenCall[];

beforeEach(() => {
  setUserInfo({ uid: 3, token: 'tok_abcdefghijklmnopqrstuvwxyz', nickname: 'Night desk' });
  seen = fakeServer({ logout: () => ({ errno: 0, data: null }) });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const layout = () => screen.findByTestId('console-layout', {}, SLOW);
const menuTexts = () => [...document.querySelectorAll('.ant-menu-title-content')].map((e) => e.textContent);

describe('the console layout', () => {
  it('builds the sidebar from the route table, 210 px wide, with the menu rules applied', async () => {
    renderConsole('/room/roomList');
    await layout();
    expect(screen.getByTestId('sidebar').style.width).toBe('210px');
    expect(menuTexts()).toEqual(
      expect.arrayContaining(['Room management', 'Staff management', 'Equipment', 'Card management']),
    );
    // English is stored: no business or bill; no dispenser type 4: no CPU card.
    expect(menuTexts()).not.toContain('Business information');
    expect(menuTexts()).not.toContain('Bill center');
    await userEvent.click(screen.getByText('Card management'));
    await waitFor(() => expect(menuTexts()).toContain('Floor card'));
    expect(menuTexts()).not.toContain('CPU card');
    expect(screen.getByTestId('filing-link').getAttribute('href')).toBe('https://beian.miit.gov.cn/');
  });

  it('shows business, bill and the CPU card when the language is unset and the dispenser type is "4"', async () => {
    window.localStorage.removeItem('language');
    window.localStorage.setItem('cardDispenserType', '4');
    renderConsole('/card/masterControlCard');
    await layout();
    // Texts stay English here (the test loaded English); the rules read the raw stored value.
    expect(menuTexts()).toEqual(expect.arrayContaining(['Business information', 'Bill center', 'CPU card']));
  });

  it('keeps the sidebar state in the sidebarStatus cookie', async () => {
    renderConsole('/room/roomList');
    const frame = await layout();
    expect(frame.dataset['sidebar']).toBe('open');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(frame.dataset['sidebar']).toBe('closed');
    expect(Cookies.get('sidebarStatus')).toBe('0');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('starts closed when the cookie says 0', async () => {
    Cookies.set('sidebarStatus', '0');
    renderConsole('/room/roomList');
    expect((await layout()).dataset['sidebar']).toBe('closed');
  });

  it('switches to mobile mode below 992 px and closes the sidebar', async () => {
    renderConsole('/card/floorCard');
    const frame = await layout();
    expect(frame.dataset['mobile']).toBe('false');
    expect(screen.getByTestId('breadcrumb').textContent).toBe('Card management/Floor card');
    expect(screen.getByTestId('user-menu').textContent).toContain('Night desk');
    act(() => {
      window.innerWidth = 991;
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(frame.dataset['mobile']).toBe('true'));
    expect(frame.dataset['sidebar']).toBe('closed');
    expect(Cookies.get('sidebarStatus')).toBe('0');
    // The narrow bar keeps the page title and the avatar (the name stays in the button's label).
    expect(screen.getByTestId('breadcrumb').textContent).toBe('Floor card');
    expect(screen.getByTestId('user-menu').textContent).not.toContain('Night desk');
    expect(screen.getByTestId('user-menu').getAttribute('aria-label')).toBe('Night desk');
    act(() => {
      window.innerWidth = 992;
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(frame.dataset['mobile']).toBe('false'));
  });

  it('signs out through the user menu and keeps the current path in redirect', async () => {
    const { router } = renderConsole('/card/floorCard');
    await layout();
    expect(screen.getByText('Night desk')).toBeTruthy();
    await userEvent.click(screen.getByTestId('user-menu'));
    await userEvent.click(await screen.findByText('Sign out'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/login?redirect=%2Fcard%2FfloorCard',
      ),
    );
    expect(seen.map((c) => c.path)).toContain('logout');
    expect(getUserInfo()).toBeUndefined();
  });

  it('gives a customer manager its menu and home, and no Card Reading button', async () => {
    setUserInfo({
      uid: 9,
      token: 'tok_abcdefghijklmnopqrstuvwxyz',
      nickname: 'Parent',
      role: 'customer_manager',
      authorities: [],
    });
    const { router } = renderConsole('/user/changePsw');
    await layout();
    expect(menuTexts()).toEqual(['Personal center', 'Customer management']);
    expect(screen.queryByTestId('card-reading-button')).toBeNull();
    expect(screen.queryByTestId('card-reading')).toBeNull();
    // The logo and the user menu's 'Home' lead to its landing, the customers page, not the rooms it has none of.
    expect(document.querySelector('.ant-layout-sider a')?.getAttribute('href')).toBe('/center/customer');
    await userEvent.click(screen.getByTestId('user-menu'));
    await userEvent.click(await screen.findByText('Personal information'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/personalCenter'));
    await userEvent.click(screen.getByTestId('user-menu'));
    await userEvent.click(await screen.findByText('Home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/customer'));
  });

  it('shows the Card Reading button to staff, who may read a card to find its room', async () => {
    setUserInfo({
      uid: 4,
      token: 'tok_abcdefghijklmnopqrstuvwxyz',
      nickname: 'Desk',
      role: 'staff',
      authorities: [],
    });
    const { router } = renderConsole('/user/changePsw');
    await layout();
    expect(screen.getByTestId('card-reading-button').textContent).toContain('Card reading');
    expect(menuTexts()).toContain('Room management');
    expect(menuTexts()).not.toContain('Customer management');
    expect(document.querySelector('.ant-layout-sider a')?.getAttribute('href')).toBe('/room');
    await userEvent.click(screen.getByTestId('user-menu'));
    await userEvent.click(await screen.findByText('Home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/room/roomList'));
  });

  it('stores the chosen language and reloads the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    renderConsole('/room/roomList');
    await layout();
    await userEvent.click(screen.getByTestId('language-select'));
    const dropdown = await waitFor(() => {
      const menu = document.querySelector<HTMLElement>('.ant-dropdown-menu');
      if (!menu) throw new Error('no language menu yet');
      return menu;
    });
    const options = within(dropdown).getAllByRole('menuitem');
    expect(options.map((o) => o.textContent)).toEqual([
      '简体中文',
      '繁體中文',
      'English',
      '한국어',
      'Deutsch',
      'Русский',
      'Español',
      'العربية',
      'Português',
      '日本語',
      'Français',
      'Italiano',
    ]);
    await userEvent.click(within(dropdown).getByText('العربية'));
    expect(window.localStorage.getItem('language')).toBe('ar');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
