import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.ts';
import { isNotBuilt, ROUTES } from '../routes.tsx';
import { selectedMenuKey } from './layout/SideMenu.tsx';
import { PATHS } from './paths.ts';
import { breadcrumbOf, buildMenu, flattenRoutes, matchRoute, titleKeyOf } from './routeTable.ts';

const paths = () => flattenRoutes(ROUTES).map((r) => r.fullPath);

describe('the route table (spec §2)', () => {
  it('holds every section with its redirect', () => {
    const redirects = Object.fromEntries(
      flattenRoutes(ROUTES)
        .filter((r) => r.entry.redirect)
        .map((r) => [r.fullPath, r.entry.redirect]),
    );
    expect(redirects).toEqual({
      '/': '/room/roomList',
      '/user': '/user/changePsw',
      '/room': '/room/roomList',
      '/worker': '/worker/workerList',
      '/equipmentManagement': '/equipmentManagement/roomList',
      '/tourists': '/tourists/touristsList',
      '/card': '/card/masterControlCard',
      '/message': '/message/messageList',
      '/operation': '/operation/operation',
      '/business': '/business/index',
      '/bill': '/bill/index',
      '/center': '/center/personalCenter',
    });
  });

  it('holds every page of the spec, each with a title and a page', () => {
    const expected = [
      '/login',
      '/find',
      '/404',
      '/user/changePsw',
      ...[
        'roomList',
        'roomDetails',
        'checkIn',
        'priceSet',
        'faceHistory',
        'buildFace',
        'fingerprintsHistory',
        'thetouristsDetails',
        'thetouristsDetailsNoUser',
        'cardReading',
      ].map((p) => `/room/${p}`),
      '/worker/workerList',
      '/worker/permissionsList',
      '/worker/Authority',
      '/equipmentManagement/roomList',
      '/equipmentManagement/cardSender',
      ...['touristsList', 'touristsDetails', 'inPage', 'openHistory', 'export'].map((p) => `/tourists/${p}`),
      ...[
        'masterControlCard',
        'BuildingCard',
        'floorCard',
        'featureCard/addMasterControlCard',
        'featureCard/addBuildingCard',
        'featureCard/addFloorCard',
        'universalCardList',
        'universalCardList/addUniversalCard',
        'cpuCard',
        'addCpuCard',
        'setTime',
      ].map((p) => `/card/${p}`),
      '/message/messageList',
      '/operation/operation',
      '/business/index',
      '/bill/index',
      ...[
        'personalCenter',
        'customer',
        'cardEncryption',
        'thirdPartyAuthorization',
        'cardList',
        'addCard',
        'cardReaderAndUserList',
        'bindCardReaderToUser',
        'selectRoomList',
        'cardSenderFingerTest',
        'mqttTest',
        'cardEncryptionPage',
        'cardEncryptionManagement',
        'cardEncryptionByUserSelectSector',
      ].map((p) => `/center/${p}`),
    ];
    expect(paths()).toEqual(expect.arrayContaining(expected));
    for (const path of expected) {
      const route = matchRoute(ROUTES, path);
      expect(route?.entry.page, path).toBeTypeOf('function');
      expect(route?.entry.title, path).toBeTruthy();
    }
    // The account screens are built, and so is the message centre (issue 11 slice B).
    expect(isNotBuilt(matchRoute(ROUTES, '/login')?.entry.page)).toBe(false);
    expect(isNotBuilt(matchRoute(ROUTES, '/user/changePsw')?.entry.page)).toBe(false);
    expect(isNotBuilt(matchRoute(ROUTES, '/message/messageList')?.entry.page)).toBe(false);
  });

  it('knows every path of the paths module, with a page', () => {
    for (const [key, path] of Object.entries(PATHS)) {
      const route = matchRoute(ROUTES, path);
      expect(route, `${key} ${path}`).toBeDefined();
      expect(route?.entry.page ?? route?.entry.redirect, `${key} ${path}`).toBeDefined();
    }
  });

  it('names only titles the console has texts for', () => {
    for (const { fullPath, entry } of flattenRoutes(ROUTES)) {
      if (entry.title) expect(Object.keys(en.route), fullPath).toContain(entry.title);
    }
  });

  it('lists in the menu exactly the pages the spec shows; every other page is hidden', () => {
    // Everything allowed (language unset, dispenser type "4"): what is left out is left out by its hidden flag.
    const leaves = buildMenu(ROUTES, { language: null, dispenserType: '4' }).flatMap((n) =>
      (n.children ?? [n]).map((c) => c.key),
    );
    expect(leaves).toEqual([
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
    const hiddenPages = flattenRoutes(ROUTES).filter(
      (r) => r.entry.page && !r.entry.public && !leaves.includes(r.fullPath),
    );
    for (const r of hiddenPages)
      expect(
        r.chain.some((e) => e.hidden),
        r.fullPath,
      ).toBe(true);
    // room 9, worker 2, tourists 4, card 6, user 1, center 14.
    expect(hiddenPages).toHaveLength(36);
  });

  it('marks /user and /center hidden and /login, /find, /404 public', () => {
    const top = (p: string) => ROUTES.find((r) => r.path === p);
    expect(top('/user')?.hidden).toBe(true);
    expect(top('/center')?.hidden).toBe(true);
    expect(ROUTES.filter((r) => r.public).map((r) => r.path)).toEqual(['/login', '/find', '/404']);
  });

  it('gives titles and breadcrumbs from the table', () => {
    expect(titleKeyOf(ROUTES, '/card/featureCard/addFloorCard')).toBe('addFloorCard');
    expect(titleKeyOf(ROUTES, '/room/roomDetails/')).toBe('roomDetails');
    expect(titleKeyOf(ROUTES, '/nowhere')).toBeUndefined();
    expect(breadcrumbOf(ROUTES, '/room/roomDetails')).toEqual([
      { title: 'roomList', path: '/room/roomList' },
      { title: 'roomDetails', path: '/room/roomDetails' },
    ]);
    expect(breadcrumbOf(ROUTES, '/card/floorCard')).toEqual([
      { title: 'card', path: '/card/masterControlCard' },
      { title: 'floorCard', path: '/card/floorCard' },
    ]);
    expect(breadcrumbOf(ROUTES, '/message/messageList')).toEqual([
      { title: 'message', path: '/message/messageList' },
    ]);
  });
});

describe('menu rules (spec §2, §6)', () => {
  const keys = (language: string | null, dispenserType: string | null) =>
    buildMenu(ROUTES, { language, dispenserType }).flatMap((n) => [
      n.key,
      ...(n.children ?? []).map((c) => c.key),
    ]);

  it('lists sections in order, hidden pages left out, single-page sections as one item', () => {
    const menu = buildMenu(ROUTES, { language: 'chs', dispenserType: null });
    expect(menu.map((n) => n.key)).toEqual([
      '/room/roomList',
      '/worker/workerList',
      '/equipmentManagement',
      '/tourists/touristsList',
      '/card',
      '/message/messageList',
      '/operation/operation',
      '/business/index',
      '/bill/index',
    ]);
    expect(menu.map((n) => n.icon)).toEqual([
      'room',
      'admin',
      'equipment',
      'userList',
      'card',
      'message',
      'operation',
      'business',
      'bill',
    ]);
    expect(menu.find((n) => n.key === '/equipmentManagement')?.children?.map((c) => c.key)).toEqual([
      '/equipmentManagement/roomList',
      '/equipmentManagement/cardSender',
    ]);
    expect(menu.find((n) => n.key === '/card')?.children?.map((c) => c.key)).toEqual([
      '/card/masterControlCard',
      '/card/BuildingCard',
      '/card/floorCard',
      '/card/universalCardList',
    ]);
    const all = keys('chs', null);
    for (const hidden of [
      '/room/roomDetails',
      '/worker/permissionsList',
      '/user/changePsw',
      '/center/personalCenter',
    ])
      expect(all).not.toContain(hidden);
  });

  it('shows business and bill only when the stored language is Chinese or unset', () => {
    for (const language of [null, '', 'chs', 'chsTW']) {
      expect(keys(language, null)).toEqual(expect.arrayContaining(['/business/index', '/bill/index']));
    }
    for (const language of ['en', 'ar', 'de', 'ja', 'ko', 'ru', 'es', 'pt', 'fr', 'it']) {
      const menu = keys(language, null);
      expect(menu).not.toContain('/business/index');
      expect(menu).not.toContain('/bill/index');
    }
  });

  it('highlights the page, or for a hidden page the entry it belongs to', () => {
    const menu = buildMenu(ROUTES, { language: 'en', dispenserType: '4' });
    const selected = (path: string) => selectedMenuKey(ROUTES, menu, path);
    expect(selected('/card/floorCard')).toBe('/card/floorCard');
    expect(selected('/card/floorCard/')).toBe('/card/floorCard');
    expect(selected('/card/featureCard/addFloorCard')).toBe('/card/floorCard');
    expect(selected('/card/featureCard/addBuildingCard')).toBe('/card/BuildingCard');
    expect(selected('/card/featureCard/addMasterControlCard')).toBe('/card/masterControlCard');
    expect(selected('/card/universalCardList/addUniversalCard')).toBe('/card/universalCardList');
    expect(selected('/card/addCpuCard')).toBe('/card/cpuCard');
    expect(selected('/room/thetouristsDetails')).toBe('/room/roomList');
    expect(selected('/tourists/openHistory')).toBe('/tourists/touristsList');
    expect(selected('/center/customer')).toBeUndefined();
  });

  it('shows the CPU card entry only when the stored card-dispenser type is "4"', () => {
    expect(keys('en', '4')).toContain('/card/cpuCard');
    for (const type of [null, '1', '2', '3', '04', '4 '])
      expect(keys('en', type)).not.toContain('/card/cpuCard');
  });
});
