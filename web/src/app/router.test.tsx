import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo } from '../api/session.ts';
import { fakeServer } from '../test/fakeServer.ts';
import { renderConsole } from '../test/render.tsx';

const SLOW = { timeout: 15_000 };
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
    expect(await screen.findByTestId('not-built', {}, SLOW)).toBeTruthy();
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

  it('redirects each section to its first page and says plainly when a page is not built yet', async () => {
    signIn();
    const { router } = renderConsole('/equipmentManagement');
    await waitFor(() => expect(at(router)).toBe('/equipmentManagement/roomList'));
    const page = await screen.findByTestId('not-built', {}, SLOW);
    expect(page.textContent).toContain('Not built yet');
    expect(page.textContent).toContain('The page “Access control” is not built yet.');
    const crumbs = screen.getByTestId('breadcrumb').textContent;
    expect(crumbs).toContain('Equipment');
    expect(crumbs).toContain('Access control');
  });
});
