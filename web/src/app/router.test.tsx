import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo } from '../api/session.ts';
import common from '../i18n/common/en.ts';
import en from '../i18n/locales/en.ts';
import { isNotBuilt, ROUTES } from '../routes.tsx';
import { fakeServer } from '../test/fakeServer.ts';
import { renderConsole } from '../test/render.tsx';
import { buildRouteObjects } from './router.tsx';
import { flattenRoutes, type PageLoader } from './routeTable.ts';

const SLOW = { timeout: 60_000 };
beforeEach(() => {
  fakeServer();
});

const signIn = () => setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz', nickname: 'Reception' });
const at = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

describe('routes and guards in the console', () => {
  it('sends a visitor to login with the path in redirect, and shows the login form', async () => {
    const { router } = renderConsole('/card/floorCard?x=1');
    await waitFor(() => expect(at(router)).toBe('/login?redirect=%2Fcard%2FfloorCard%3Fx%3D1'));
    expect(await screen.findByTestId('login-form', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sign in - LockDesk'));
  });

  it('lets a visitor open password recovery', async () => {
    const { router } = renderConsole('/find');
    expect(await screen.findByTestId('find-form', {}, SLOW)).toBeTruthy();
    expect(at(router)).toBe('/find');
  });

  it('sends a signed-in user from /login to /room and on to the room list', async () => {
    signIn();
    const { router } = renderConsole('/login');
    await waitFor(() => expect(at(router)).toBe('/room/roomList'));
    // The landing page is the room list (built in issue 8), no longer the 'not built' placeholder.
    expect(await screen.findByTestId('room-list', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('not-built')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Room management - LockDesk'));
  });

  it('sends / to the room list and an unknown path to /404', async () => {
    signIn();
    const home = renderConsole('/');
    await waitFor(() => expect(at(home.router)).toBe('/room/roomList'));
    home.unmount();
    const lost = renderConsole('/no/such/page');
    await waitFor(() => expect(at(lost.router)).toBe('/404'));
    expect(await screen.findByTestId('not-found', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found - LockDesk'));
  });

  it('redirects each section to its first page, with the page and its breadcrumb', async () => {
    signIn();
    const { router } = renderConsole('/equipmentManagement');
    await waitFor(() => expect(at(router)).toBe('/equipmentManagement/roomList'));
    // Built in issue 11 (slice D): the equipment page, not the 'not built' notice.
    await screen.findByTestId('equipment-page', {}, SLOW);
    expect(screen.queryByTestId('not-built')).toBeNull();
    const crumbs = screen.getByTestId('breadcrumb').textContent;
    expect(crumbs).toContain('Equipment');
    expect(crumbs).toContain('Access control');
  });

  it('resolves every route of the table: sections redirect, pages show with their title and breadcrumb', async () => {
    signIn();
    const { router } = renderConsole('/message/messageList');
    // Built in issue 11 (slice B): the message centre, not the 'not built' notice.
    await screen.findByTestId('message-list', {}, SLOW);
    const routes = flattenRoutes(ROUTES).filter((r) => !r.entry.public && r.fullPath !== '/');
    // 11 sections with their redirect and the 50 pages under them.
    expect(routes).toHaveLength(61);
    for (const { fullPath, entry } of routes) {
      await act(() => router.navigate(fullPath));
      if (entry.redirect) {
        await waitFor(() => expect(at(router), fullPath).toBe(entry.redirect));
        continue;
      }
      const title = en.route[entry.title as keyof typeof en.route];
      await waitFor(() => expect(document.title, fullPath).toBe(`${title} - LockDesk`));
      expect(at(router)).toBe(fullPath);
      const crumbs = screen.getByTestId('breadcrumb').querySelectorAll('li:not(.ant-breadcrumb-separator)');
      expect(crumbs[crumbs.length - 1]?.textContent, fullPath).toBe(title);
      if (isNotBuilt(entry.page)) {
        const page = await screen.findByTestId('not-built', {}, SLOW);
        await waitFor(() =>
          expect(page.textContent, fullPath).toContain(`The page “${title}” is not built yet.`),
        );
      } else {
        expect(screen.queryByTestId('not-built'), fullPath).toBeNull();
      }
    }
    // The built pages of issue 8 (rooms, check-in, prices, faces, fingerprints, hotel) load their real modules.
  });

  it('keeps the frame when a page cannot be loaded (server down) and fetches it anew on Try again', async () => {
    signIn();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const loader: PageLoader = () => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : import('../features/notBuilt/NotBuiltPage.tsx');
    };
    const table = [
      { path: '/', redirect: '/room/roomList' },
      { path: '/room', title: 'roomList', children: [{ path: 'roomList', title: 'roomList', page: loader }] },
    ];
    try {
      renderConsole('/room/roomList', buildRouteObjects(table));
      const failed = await screen.findByTestId('page-load-failed', {}, SLOW);
      expect(failed.textContent).toContain(en.pageLoad.failed);
      expect(screen.getByTestId('console-layout')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: common.tryAgain }));
      expect(await screen.findByTestId('not-built', {}, SLOW)).toBeTruthy();
      expect(screen.queryByTestId('page-load-failed')).toBeNull();
      expect(calls).toBe(2);
    } finally {
      quiet.mockRestore();
    }
  });
});
