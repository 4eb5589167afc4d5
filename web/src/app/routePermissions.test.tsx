import { PERMISSIONS, ROUTE_PERMISSIONS, routePermission } from '@lockdesk/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearUserInfo, setUserInfo } from '../api/session.ts';
import { ROUTES } from '../routes.tsx';
import { fakeServer } from '../test/fakeServer.ts';
import { renderConsole } from '../test/render.tsx';
import { can } from './permissions.ts';
import { buildMenu, flattenRoutes, routeAllowed } from './routeTable.ts';

const SLOW = { timeout: 60_000 };
afterEach(() => clearUserInfo());

/** The menu's page keys for an account of a role (language unset, dispenser type "4": every other rule passes). */
const menuOf = (role: string, authorities: string[] = []) =>
  buildMenu(ROUTES, {
    language: null,
    dispenserType: '4',
    allows: (p) => can(p, { uid: 1, role, authorities }),
  }).flatMap((n) => (n.children ?? [n]).map((c) => c.key));

describe('the one role/route table (ROUTE_PERMISSIONS)', () => {
  it('names every page route of the console, and only those', () => {
    const pages = flattenRoutes(ROUTES)
      .filter((r) => r.entry.page && !r.entry.public && !r.entry.redirect)
      .map((r) => r.fullPath);
    expect(pages.filter((p) => !Object.hasOwn(ROUTE_PERMISSIONS, p))).toEqual([]);
    expect(Object.keys(ROUTE_PERMISSIONS).filter((p) => !pages.includes(p))).toEqual([]);
    for (const p of Object.values(ROUTE_PERMISSIONS))
      if (p !== null) expect(PERMISSIONS as readonly string[]).toContain(p);
  });

  it('leaves public pages and redirects open, and trims a trailing slash', () => {
    expect(routePermission('/login')).toBeUndefined();
    expect(routePermission('/worker')).toBeUndefined();
    expect(routePermission('/worker/workerList/')).toBe('staff.manage');
    expect(routeAllowed('/login', () => false)).toBe(true);
    expect(routeAllowed('/center/personalCenter', () => false)).toBe(true);
    expect(routeAllowed('/bill/index', () => false)).toBe(false);
    expect(routeAllowed('/bill/index', undefined)).toBe(true);
  });

  it('builds each role its menu: staff see no staff, bill or operation entries', () => {
    expect(menuOf('super')).toEqual([
      '/room/roomList',
      '/worker/workerList',
      '/equipmentManagement/roomList',
      '/equipmentManagement/cardSender',
      '/tourists/touristsList',
      '/card/masterControlCard',
      '/card/BuildingCard',
      '/card/floorCard',
      '/card/universalCardList',
      '/card/cpuCard',
      '/message/messageList',
      '/operation/operation',
      '/business/index',
      '/bill/index',
    ]);
    const staff = menuOf('staff');
    expect(staff).toContain('/room/roomList');
    expect(staff).toContain('/tourists/touristsList');
    for (const p of ['/worker/workerList', '/bill/index', '/business/index', '/operation/operation'])
      expect(staff).not.toContain(p);
    // The secondary administrator manages staff and reads the log, but sees no money.
    const secondary = menuOf('secondary');
    expect(secondary).toContain('/worker/workerList');
    expect(secondary).toContain('/operation/operation');
    expect(secondary).not.toContain('/bill/index');
    // A granted authority opens its route.
    expect(menuOf('staff', ['log.view'])).toContain('/operation/operation');
    // A customer manager sees no hotel pages, only the hidden section's pages marked `menuFallback` it may open.
    expect(menuOf('customer_manager')).toEqual(['/center/personalCenter', '/center/customer']);
    // Those pages stay out of the menu of an account that has hotel pages (the spec's /center is hidden).
    for (const role of ['super', 'secondary', 'staff'])
      for (const p of ['/center/personalCenter', '/center/customer']) expect(menuOf(role)).not.toContain(p);
  });

  it('lists the fallback pages top-level with their icons, and only those the table lets the account open', () => {
    const onlyCustomers = buildMenu(ROUTES, {
      language: null,
      dispenserType: null,
      allows: (p) => p === 'customer.view',
    });
    expect(onlyCustomers).toEqual([
      { key: '/center/personalCenter', title: 'personalCenter', icon: 'personal' },
      { key: '/center/customer', title: 'customer', icon: 'customer' },
    ]);
    // An account allowed nothing keeps the pages every account may open (the personal centre).
    expect(buildMenu(ROUTES, { language: null, dispenserType: null, allows: () => false })).toEqual([
      { key: '/center/personalCenter', title: 'personalCenter', icon: 'personal' },
    ]);
  });
});

describe('the route guard', () => {
  beforeEach(() => {
    fakeServer();
  });

  it("shows 'no access' on a route the account lacks instead of the page", async () => {
    setUserInfo({ uid: 3, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'staff', authorities: [] });
    renderConsole('/worker/workerList');
    const page = await screen.findByTestId('no-access', {}, SLOW);
    expect(page.textContent).toContain('No access');
    expect(screen.queryByTestId('staff-list')).toBeNull();
  });

  it("sends a customer manager from 'no access' back to its customers page, not to the rooms", async () => {
    setUserInfo({
      uid: 9,
      token: 'tok_abcdefghijklmnopqrstuvwxyz',
      role: 'customer_manager',
      authorities: [],
    });
    const { router } = renderConsole('/room/roomList');
    const page = await screen.findByTestId('no-access', {}, SLOW);
    const back = within(page).getByRole('button');
    expect(back.textContent).toBe('Back to home');
    await userEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/customer'));
  });

  it('opens the page for an account holding the permission', async () => {
    setUserInfo({ uid: 3, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'staff', authorities: [] });
    const { router } = renderConsole('/room/roomList');
    expect(await screen.findByTestId('room-list', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/room/roomList'));
    expect(screen.queryByTestId('no-access')).toBeNull();
  });
});
