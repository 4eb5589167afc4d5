import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '../../api/cards.ts';
import { clearUserInfo, setUserInfo } from '../../api/session.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { hotelNow } from '../../app/time.ts';
import { CardServiceError } from '../../cardService/errors.ts';
import type { ReaderInfo } from '../../cardService/types.ts';
import { errorMessage } from '../../i18n/index.ts';
import { specialCardsTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { expiryRule } from './ExpiryField.tsx';
import { type FakeEncoder, fakeCardService, fakeEncoder, planFor } from './fakeEncoder.ts';
import { buildingsOf, floorsOf } from './scope.ts';

const encoder: { current: FakeEncoder } = { current: fakeEncoder() };
const service = { current: fakeCardService(encoder.current) };

// The pages reach the encoder only through the card service: here, the real write operation over a fake encoder.
vi.mock('../../cardService/service.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../cardService/service.ts')>();
  return { ...original, cardService: () => service.current };
});

const dispensed: string[] = [];
/** What the dispenser does with a hand-out (a test may make it fail). */
const dispenser: { fail: (() => Promise<void>) | null } = { fail: null };
vi.mock('./writer.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./writer.tsx')>();
  return {
    ...original,
    dispenseCard: async (macId: string) => {
      dispensed.push(macId);
      if (dispenser.fail) await dispenser.fail();
    },
  };
});

const { AddBuildingCardPage, AddFloorCardPage, AddMasterCardPage, AddUniversalCardPage } = await import(
  './IssueCardPage.tsx'
);
const { MasterCardsPage, BuildingCardsPage } = await import('./SpecialCardListPage.tsx');
const UniversalCardListPage = (await import('./UniversalCardListPage.tsx')).default;
const SetTimePage = (await import('./SetTimePage.tsx')).default;
const AddCpuCardPage = (await import('./AddCpuCardPage.tsx')).default;
const { default: CpuCardListPage, canSendCpuCard } = await import('./CpuCardListPage.tsx');

const SLOW = { timeout: 60_000 };
const UID = 'A1B2C3D4';

function card(id: number, over: Partial<Card> = {}): Card {
  return {
    id,
    card_id: `100000${id}`,
    type: 1,
    type_name: 'master',
    note: `Holder ${id}`,
    status: 'issued',
    room_id: null,
    room_name: null,
    stay_id: null,
    building: null,
    floor: null,
    mac_id: null,
    start_time: 1_764_000_000,
    end_time: 2_000_000_000,
    uid: UID,
    encrypted: false,
    unsubscribe_old: false,
    access_controls: [],
    room_ids: [],
    issuer_role: 'main',
    issued_by_name: 'Demo',
    issued_at: 1_764_000_000,
    superseded: false,
    replaces_id: null,
    lock_sync: 'none',
    ...over,
  };
}

function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
let cards: Card[];
const calls = (path: string) => seen.filter((c) => c.path === path).map((c) => c.fields);

const ROOMS = [
  { id: 1, room_id: 1, name: '101', mac_id: 'AA', building: 1, floor: 1, status: 0, category_id: null },
  { id: 2, room_id: 2, name: '201', mac_id: 'AB', building: 1, floor: 2, status: 0, category_id: null },
  { id: 3, room_id: 3, name: 'B101', mac_id: 'AC', building: 2, floor: 1, status: 0, category_id: null },
  {
    id: 4,
    room_id: 4,
    name: 'Lobby',
    mac_id: 'AD',
    building: null,
    floor: null,
    status: 0,
    category_id: null,
  },
];

beforeAll(async () => {
  await specialCardsTexts.load('en');
});

beforeEach(() => {
  setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'super', authorities: [] });
  encoder.current = fakeEncoder();
  service.current = fakeCardService(encoder.current);
  cards = [card(1), card(2, { lock_sync: 'pending' })];
  seen = fakeServer({
    'room/allLock': () => ({ errno: 0, data: { list: ROOMS, total: ROOMS.length } }),
    'lock/accessControlList': () => ({ errno: 0, data: [{ room_id: 4, name: 'Lobby', mac_id: 'AD' }] }),
    'room/cardList': (f) => ({
      errno: 0,
      data: {
        list: cards.filter(
          (c) =>
            (f['type'] === undefined || c.type === f['type']) &&
            c.status !== 'deleted' &&
            (f['status'] === undefined || c.status === f['status']),
        ),
        total: 31,
        page: f['page'],
        limit: f['limit'],
      },
    }),
    'lock/managerList': (f) => ({
      errno: 0,
      data: { list: cards.filter((c) => c.type >= 5), total: 1, page: f['page'], limit: f['limit'] },
    }),
    'room/delcard': (f) => {
      cards = cards.map((c) => (c.id === f['id'] ? { ...c, status: 'deleted' } : c));
      return { errno: 0, data: { id: f['id'], status: 'deleted', lock_sync: 'pending' } };
    },
    'lock/managerDelete': (f) => {
      cards = cards.map((c) => (c.id === f['id'] ? { ...c, status: 'deleted' } : c));
      return { errno: 0, data: { id: f['id'], lock_sync: 'pending' } };
    },
    'room/cardAdd': (f) => ({
      errno: 0,
      data: planFor(
        50,
        String(f['card_uid']),
        card(50, { type: f['type'] as Card['type'], status: 'pending' }),
      ),
    }),
    'lock/managerAddNew': (f) => ({
      errno: 0,
      data: planFor(
        60,
        String(f['card_uid']),
        card(60, { type: f['type'] as Card['type'], status: 'pending' }),
      ),
    }),
    'room/addCardStepTwoNew': (f) => {
      // A rewrite (replace_id) withdraws the card it replaces.
      const replaced = calls('room/cardAdd').at(-1)?.['replace_id'];
      if (replaced) cards = cards.map((c) => (c.id === replaced ? { ...c, status: 'withdrawn' } : c));
      return {
        errno: 0,
        data: card(Number(f['id']), {
          card_id: '1000001',
          type: (calls('lock/managerAddNew').length ? 5 : 2) as Card['type'],
        }),
      };
    },
    'lockCardCpu/add': (f) => ({ errno: 0, data: { id: 9, serial: f['serial'], status: 'pending' } }),
    'lockCardCpu/lists': (f) => ({
      errno: 0,
      data: {
        list: [
          {
            id: 9,
            serial: '04A1B2C3D4E5F6',
            note: 'Spare',
            room_id: 1,
            room_name: '101',
            stay_id: null,
            guest_name: '',
            end_time: 2_000_000_000,
            expired: false,
            status: calls('lockCardCpu/sendCard').length ? 'delivered' : 'pending',
            dispenser_mac_id: null,
            sent_at: null,
            created_at: 1_764_000_000,
          },
        ],
        total: 1,
        page: f['page'],
        limit: f['limit'],
      },
    }),
    'cardDispenser/lists': () => ({
      errno: 0,
      data: {
        list: [{ id: 1, mac_id: '041780200004', name: 'Lobby', type: '4', status: 'online' }],
        total: 1,
      },
    }),
    'lockCardCpu/sendCard': (f) => ({ errno: 0, data: { id: f['id'], status: f['result'] ?? 'sending' } }),
  });
});

afterEach(() => {
  clearUserInfo();
});

describe('the expiry rule (spec §5)', () => {
  const message = async (value: unknown) => {
    try {
      await (expiryRule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  };
  it('requires an expiry, in the future, not beyond 2035', async () => {
    expect(await message(undefined)).toBe('Please select the card expiry time');
    expect(await message(hotelNow().subtract(1, 'hour'))).toBe(
      'Expiration time must be later than current time',
    );
    expect(await message(hotelNow().year(2036))).toBe('Card expiry cannot exceed the year 2035');
    expect(await message(hotelNow().add(1, 'week'))).toBeNull();
  });
});

describe('buildings and floors offered', () => {
  it('come from the locks of the rooms in scope, a building first', () => {
    expect(buildingsOf(ROOMS)).toEqual([1, 2]);
    expect(floorsOf(ROOMS, 1)).toEqual([1, 2]);
    expect(floorsOf(ROOMS, 2)).toEqual([1]);
    expect(floorsOf(ROOMS, undefined)).toEqual([]);
  });
});

describe('the master card list (/card/masterControlCard)', () => {
  it('asks for master cards with the status and page of the URL and shows what the locks learned', async () => {
    renderAt('/card/masterControlCard?status=issued&page=2&limit=10', [
      { path: '/card/masterControlCard', element: <MasterCardsPage /> },
    ]);
    await screen.findByText('1000001', {}, SLOW);
    expect(calls('room/cardList')[0]).toMatchObject({ type: 1, status: 'issued', page: 2, limit: 10 });
    expect(screen.getByText('Waiting for a Bluetooth unlock')).toBeTruthy();
    expect(screen.getByText('31 cards')).toBeTruthy();
  });

  it('deletes a card after the confirm and says the locks learn it at their next Bluetooth unlock', async () => {
    renderAt('/card/masterControlCard', [{ path: '/card/masterControlCard', element: <MasterCardsPage /> }]);
    await screen.findByText('1000001', {}, SLOW);
    const row = document.querySelector('tr[data-card-id="1000001"]') as HTMLElement;
    fireEvent.click(within(row).getByTestId('card-delete'));
    await screen.findByText('Delete card 1000001? The locks refuse it after their next Bluetooth unlock.');
    expect(calls('room/delcard')).toEqual([]);
    fireEvent.click(await screen.findByTestId('card-delete-ok'));
    expect(await screen.findByTestId('bluetooth-notice')).toBeTruthy();
    expect(screen.getByText('Takes effect on the lock after the next Bluetooth unlock')).toBeTruthy();
    expect(calls('room/delcard')[0]).toMatchObject({ id: 1 });
    await waitFor(() => expect(document.querySelector('tr[data-card-id="1000001"]')).toBeNull());
  });

  it('keeps the add button from a secondary administrator, whose master card is not valid', async () => {
    setUserInfo({ uid: 2, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'secondary', authorities: [] });
    renderAt('/card/masterControlCard', [{ path: '/card/masterControlCard', element: <MasterCardsPage /> }]);
    await screen.findByText('1000001', {}, SLOW);
    expect((screen.getByTestId('card-add') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets a secondary administrator issue building cards', async () => {
    setUserInfo({ uid: 2, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'secondary', authorities: [] });
    cards = [card(3, { type: 2, building: 1 })];
    renderAt('/card/BuildingCard', [{ path: '/card/BuildingCard', element: <BuildingCardsPage /> }]);
    await screen.findByText('Building 1', {}, SLOW);
    expect((screen.getByTestId('card-add') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('issuing a building card (/card/featureCard/addBuildingCard)', () => {
  it('needs an expiry and a building, then writes the card and issues it only once it read back', async () => {
    encoder.current.place(UID);
    renderAt('/card/featureCard/addBuildingCard', [
      { path: '/card/featureCard/addBuildingCard', element: <AddBuildingCardPage /> },
    ]);
    fireEvent.click(await screen.findByTestId('card-write', {}, SLOW));
    expect(await screen.findByText('Please select the card expiry time')).toBeTruthy();
    expect(await screen.findByText(/building/i, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(calls('room/cardAdd')).toEqual([]);

    fireEvent.click(screen.getByTestId('card-quick-week'));
    fireEvent.mouseDown(within(screen.getByTestId('card-building')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Building 2'));
    fireEvent.click(screen.getByTestId('card-write'));

    expect(await screen.findByTestId('card-issued', {}, SLOW)).toBeTruthy();
    const asked = calls('room/cardAdd')[0] as Record<string, unknown>;
    expect(asked).toMatchObject({ type: 2, card_uid: UID, building: 2, unsubscribe_old: 0 });
    expect(asked['uid']).toBe(1); // the caller's account, never the card
    const week = Math.floor(Date.now() / 1000) + 7 * 86_400;
    expect(Math.abs(Number(asked['end_time']) - week)).toBeLessThan(120);
    expect(calls('room/addCardStepTwoNew')[0]).toMatchObject({ id: 50, card_uid: UID });
    expect(Object.keys((calls('room/addCardStepTwoNew')[0] as { blocks: object }).blocks).sort()).toEqual([
      '4',
      '5',
      '53',
      '54',
      '6',
    ]);
    expect(encoder.current.card?.blocks[54]).toBe('00000000000000000000000000000036');
    expect(screen.getByText('Card 1000001 written and issued')).toBeTruthy();
  });

  it('confirms nothing when the card is taken off the encoder', async () => {
    renderAt('/card/featureCard/addBuildingCard', [
      { path: '/card/featureCard/addBuildingCard', element: <AddBuildingCardPage /> },
    ]);
    await screen.findByTestId('card-write', {}, SLOW);
    fireEvent.click(screen.getByTestId('card-quick-month'));
    fireEvent.mouseDown(within(screen.getByTestId('card-building')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Building 1'));
    fireEvent.click(screen.getByTestId('card-write'));
    const error = await screen.findByTestId('card-write-error', {}, SLOW);
    expect(error.textContent).toContain('The card was not issued');
    expect(error.textContent).toContain('No card detected!');
    expect(calls('room/cardAdd')).toEqual([]);
    expect(calls('room/addCardStepTwoNew')).toEqual([]);
  });
});

describe('access controls', () => {
  it('offers the hotel’s access controls and takes at most 3', async () => {
    seen = fakeServer({
      'room/allLock': () => ({ errno: 0, data: { list: ROOMS, total: 4 } }),
      'lock/accessControlList': () => ({
        errno: 0,
        data: [1, 2, 3, 4].map((n) => ({ room_id: 10 + n, name: `Gate ${n}`, mac_id: `B${n}` })),
      }),
      'room/cardAdd': (f) => ({
        errno: 0,
        data: planFor(51, String(f['card_uid']), card(51, { status: 'pending' })),
      }),
      'room/addCardStepTwoNew': (f) => ({ errno: 0, data: card(Number(f['id'])) }),
    });
    encoder.current.place(UID);
    renderAt('/card/featureCard/addMasterControlCard', [
      { path: '/card/featureCard/addMasterControlCard', element: <AddMasterCardPage /> },
    ]);
    await screen.findByTestId('card-write', {}, SLOW);
    fireEvent.mouseDown(within(screen.getByTestId('card-access-controls')).getByRole('combobox'));
    for (const n of [1, 2, 3]) fireEvent.click(await screen.findByTitle(`Gate ${n}`));
    const fourth = (await screen.findByTitle('Gate 4')).closest('.ant-select-item-option') as HTMLElement;
    expect(fourth.className).toContain('ant-select-item-option-disabled');
    fireEvent.click(screen.getByTestId('card-quick-week'));
    fireEvent.click(screen.getByTestId('card-write'));
    await screen.findByTestId('card-issued', {}, SLOW);
    expect(calls('room/cardAdd')[0]).toMatchObject({ type: 1, access_controls: [11, 12, 13] });
  });
});

describe('issuing a floor card', () => {
  it('offers the floors of the chosen building and sends building and floor', async () => {
    encoder.current.place(UID);
    renderAt('/card/featureCard/addFloorCard', [
      { path: '/card/featureCard/addFloorCard', element: <AddFloorCardPage /> },
    ]);
    await screen.findByTestId('card-write', {}, SLOW);
    fireEvent.click(screen.getByTestId('card-quick-threeMonths'));
    fireEvent.mouseDown(within(screen.getByTestId('card-building')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Building 1'));
    await waitFor(() =>
      expect(screen.getByTestId('card-floor').className).not.toContain('ant-select-disabled'),
    );
    fireEvent.mouseDown(within(screen.getByTestId('card-floor')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Floor 2'));
    fireEvent.click(screen.getByTestId('card-write'));
    await screen.findByTestId('card-issued', {}, SLOW);
    expect(calls('room/cardAdd')[0]).toMatchObject({ type: 3, building: 1, floor: 2 });
  });
});

describe('a master card by a secondary administrator', () => {
  it('says it is not valid and shows the server refusal, issuing nothing', async () => {
    setUserInfo({ uid: 2, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'secondary', authorities: [] });
    seen = fakeServer({
      'room/allLock': () => ({ errno: 0, data: { list: ROOMS, total: 4 } }),
      'lock/accessControlList': () => ({ errno: 0, data: [] }),
      'room/cardAdd': () => ({
        errno: 1,
        errmsg: 'no permission for this operation',
        code: 'PERMISSION_DENIED',
      }),
    });
    encoder.current.place(UID);
    renderAt('/card/featureCard/addMasterControlCard', [
      { path: '/card/featureCard/addMasterControlCard', element: <AddMasterCardPage /> },
    ]);
    expect(await screen.findByTestId('card-master-secondary', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByTestId('card-quick-week'));
    fireEvent.click(screen.getByTestId('card-write'));
    const error = await screen.findByTestId('card-write-error', {}, SLOW);
    expect(error.textContent).toContain('no permission for this operation');
    expect(encoder.current.writes).toBe(0);
  });
});

describe('universal cards', () => {
  it('issue with the chosen locks and say the card works after a Bluetooth unlock', async () => {
    encoder.current.place(UID);
    renderAt('/card/universalCardList/addUniversalCard', [
      { path: '/card/universalCardList/addUniversalCard', element: <AddUniversalCardPage /> },
    ]);
    await screen.findByTestId('card-write', {}, SLOW);
    fireEvent.click(screen.getByTestId('card-quick-week'));
    fireEvent.click(screen.getByTestId('card-write'));
    await screen.findByTestId('card-issued', {}, SLOW);
    expect(calls('lock/managerAddNew')[0]).toMatchObject({ type: 5, card_uid: UID });
    expect(screen.getByTestId('bluetooth-notice').textContent).toContain(
      'A new universal card opens a lock only after that lock’s next Bluetooth unlock.',
    );
  });

  it('lists universal and super cards and deletes one with the notice', async () => {
    cards = [
      card(7, { type: 5, card_id: '1000007' }),
      card(8, { type: 6, card_id: '1000008' }),
      card(9, { type: 5, card_id: '1000009', status: 'withdrawn' }),
    ];
    renderAt('/card/universalCardList?type=6', [
      { path: '/card/universalCardList', element: <UniversalCardListPage /> },
    ]);
    await screen.findByText('1000007', {}, SLOW);
    expect(calls('lock/managerList')[0]).toMatchObject({ type: 6, page: 1 });
    // lock/managerList answers withdrawn cards too: the server still deletes them, their validity is over.
    const withdrawn = document.querySelector('tr[data-card-id="1000009"]') as HTMLElement;
    expect(within(withdrawn).getByTestId('card-delete')).toBeTruthy();
    expect(within(withdrawn).queryByTestId('card-change-time')).toBeNull();
    const row = document.querySelector('tr[data-card-id="1000007"]') as HTMLElement;
    fireEvent.click(within(row).getByTestId('card-delete'));
    fireEvent.click(await screen.findByTestId('card-delete-ok'));
    expect(await screen.findByTestId('bluetooth-notice')).toBeTruthy();
    expect(calls('lock/managerDelete')[0]).toMatchObject({ id: 7 });
  });

  it('hides the super card from a secondary administrator and asks for the locks', async () => {
    setUserInfo({ uid: 2, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'secondary', authorities: [] });
    encoder.current.place(UID);
    renderAt('/card/universalCardList/addUniversalCard', [
      { path: '/card/universalCardList/addUniversalCard', element: <AddUniversalCardPage /> },
    ]);
    await screen.findByTestId('card-write', {}, SLOW);
    fireEvent.mouseDown(within(screen.getByTestId('card-type')).getByRole('combobox'));
    await screen.findAllByText('Universal card');
    expect(screen.queryByTitle('Super card')).toBeNull();
    fireEvent.click(screen.getByTestId('card-quick-week'));
    fireEvent.click(screen.getByTestId('card-write'));
    expect(
      await screen.findAllByText(
        'Choose the locks it opens: only the super administrator can issue a card for every lock.',
      ),
    ).toBeTruthy();
    expect(calls('lock/managerAddNew')).toEqual([]);
  });
});

describe('changing the validity (/card/setTime)', () => {
  it('rewrites the card with replace_id, keeping its scope', async () => {
    cards = [card(3, { type: 2, building: 1, card_id: '1000003', note: 'Night' })];
    encoder.current.place(UID);
    renderAt('/card/setTime?id=3&type=2&card=1000003', [{ path: '/card/setTime', element: <SetTimePage /> }]);
    await screen.findByText('Building 1', {}, SLOW);
    expect(calls('room/cardList')[0]).toMatchObject({ type: 2, keyword: '1000003' });
    fireEvent.click(screen.getByTestId('card-quick-month'));
    fireEvent.click(screen.getByTestId('card-write'));
    await screen.findByTestId('card-issued', {}, SLOW);
    expect(calls('room/cardAdd')[0]).toMatchObject({
      type: 2,
      building: 1,
      note: 'Night',
      replace_id: 3,
      card_uid: UID,
    });
    // The replaced record is withdrawn now and the lists reload: the confirmation stays.
    await waitFor(() => expect(calls('room/cardList').length).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('set-time-not-found')).toBeNull();
    expect(screen.getByTestId('card-issued').getAttribute('data-card-id')).toBe('1000001');
  });

  it('says so when the card is not found', async () => {
    cards = [];
    renderAt('/card/setTime?id=99&type=1&card=1', [{ path: '/card/setTime', element: <SetTimePage /> }]);
    expect(await screen.findByTestId('set-time-not-found', {}, SLOW)).toBeTruthy();
  });
});

describe('adding a CPU card (/card/addCpuCard)', () => {
  it('reads the serial from the encoder, checks it, and registers the card', async () => {
    encoder.current.place('04A1B2C3D4E5F6');
    renderAt('/card/addCpuCard', [
      { path: '/card/addCpuCard', element: <AddCpuCardPage /> },
      { path: '/card/cpuCard', element: <div data-testid="cpu-list-page" /> },
    ]);
    const serial = (await screen.findByTestId('cpu-serial', {}, SLOW)) as HTMLInputElement;
    fireEvent.change(serial, { target: { value: 'XYZ' } });
    fireEvent.click(screen.getByTestId('cpu-save'));
    expect(await screen.findByText('The serial number is 8 to 20 hexadecimal characters')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cpu-read-serial'));
    await waitFor(() => expect(serial.value).toBe('04A1B2C3D4E5F6'));
    fireEvent.click(screen.getByTestId('card-quick-week'));
    fireEvent.click(screen.getByTestId('cpu-save'));
    expect(await screen.findByTestId('cpu-list-page', {}, SLOW)).toBeTruthy();
    expect(calls('lockCardCpu/add')[0]).toMatchObject({ serial: '04A1B2C3D4E5F6' });
  });
});

describe('the CPU cards (/card/cpuCard)', () => {
  it('sends a card through a CPU card dispenser and reports that it was handed out', async () => {
    dispensed.length = 0;
    renderAt('/card/cpuCard', [{ path: '/card/cpuCard', element: <CpuCardListPage /> }]);
    await screen.findByText('04A1B2C3D4E5F6', {}, SLOW);
    expect(screen.getByText('Registered')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cpu-send-open'));
    fireEvent.mouseDown(within(await screen.findByTestId('cpu-dispenser')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Lobby (041780200004)'));
    fireEvent.click(screen.getByTestId('cpu-send-ok'));
    await screen.findByText('CPU card 04A1B2C3D4E5F6 sent to the dispenser', {}, SLOW);
    expect(calls('lockCardCpu/sendCard')).toMatchObject([
      { id: 9, mac_id: '041780200004' },
      { id: 9, mac_id: '041780200004', result: 'delivered' },
    ]);
    expect(dispensed).toEqual(['041780200004']);
    await screen.findByText('Delivered', {}, SLOW);
    // The server refuses to send a delivered card again.
    await waitFor(() =>
      expect((screen.getByTestId('cpu-send-open') as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('offers to send only a card the server would send: not delivered, not expired', () => {
    expect(canSendCpuCard({ status: 'pending', expired: false })).toBe(true);
    expect(canSendCpuCard({ status: 'failed', expired: false })).toBe(true);
    expect(canSendCpuCard({ status: 'sending', expired: false })).toBe(true);
    expect(canSendCpuCard({ status: 'delivered', expired: false })).toBe(false);
    expect(canSendCpuCard({ status: 'pending', expired: true })).toBe(false);
  });

  it('a dispenser that refuses to take a card says so in catalogue words, not its raw status', async () => {
    dispensed.length = 0;
    const { DispenserStepError } = await vi.importActual<typeof import('./writer.tsx')>('./writer.tsx');
    dispenser.fail = async () => {
      throw new DispenserStepError(
        'request',
        new CardServiceError('OPERATION_FAILED', { status: '09', message: 'requestCard status 09' }),
      );
    };
    try {
      renderAt('/card/cpuCard', [{ path: '/card/cpuCard', element: <CpuCardListPage /> }]);
      await screen.findByText('04A1B2C3D4E5F6', {}, SLOW);
      fireEvent.click(screen.getByTestId('cpu-send-open'));
      fireEvent.mouseDown(within(await screen.findByTestId('cpu-dispenser')).getByRole('combobox'));
      fireEvent.click(await screen.findByTitle('Lobby (041780200004)'));
      fireEvent.click(screen.getByTestId('cpu-send-ok'));
      const failure = await screen.findByTestId('cpu-send-error', {}, SLOW);
      const text = failure.textContent ?? '';
      expect(text).toContain('The dispenser did not hand out the card');
      expect(text).toContain(
        `${errorMessage('READER_ERROR_CODE', { message: errorMessage('CARD_READER_ABNORMAL'), retval: 9 })} (${errorMessage('HINT_REQUEST_CARD')})`,
      );
      expect(text).not.toContain('requestCard');
      expect(text).not.toContain('operation failed');
      await waitFor(() =>
        expect(calls('lockCardCpu/sendCard')).toMatchObject([
          { id: 9, mac_id: '041780200004' },
          { id: 9, mac_id: '041780200004', result: 'failed' },
        ]),
      );
    } finally {
      dispenser.fail = null;
    }
  });
});

describe('a CPU card hand-out (dispenseCard, dispenserFailureText)', () => {
  const real = () => vi.importActual<typeof import('./writer.tsx')>('./writer.tsx');
  const online: ReaderInfo = { kind: 4, online: true, simulated: true, description: 'fake dispenser' };
  function dispenserReader(fail: Partial<Record<'connect' | 'requestCard' | 'ejectCard', CardServiceError>>) {
    const done: string[] = [];
    const run = (name: 'connect' | 'requestCard' | 'ejectCard') => async () => {
      done.push(name);
      if (fail[name]) throw fail[name];
    };
    return {
      done,
      reader: {
        connect: async () => {
          await run('connect')();
          return online;
        },
        requestCard: run('requestCard'),
        ejectCard: run('ejectCard'),
        close: () => done.push('close'),
      },
    };
  }

  it('takes a card from the stack, pushes it out and lets the reader go', async () => {
    const { dispenseCard } = await real();
    const fake = dispenserReader({});
    await dispenseCard('041780200004', () => fake.reader);
    expect(fake.done).toEqual(['connect', 'requestCard', 'ejectCard', 'close']);
  });

  it('names the step a refusal stopped at, and says it in catalogue words', async () => {
    const { dispenseCard, dispenserFailureText, DispenserStepError } = await real();
    const refused = new CardServiceError('OPERATION_FAILED', {
      status: '08',
      message: 'requestCard status 08',
    });
    const fake = dispenserReader({ requestCard: refused });
    const error = await dispenseCard('041780200004', () => fake.reader).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DispenserStepError);
    expect((error as InstanceType<typeof DispenserStepError>).step).toBe('request');
    expect(fake.done).toEqual(['connect', 'requestCard', 'close']);
    const abnormal = errorMessage('CARD_READER_ABNORMAL');
    expect(dispenserFailureText(error)).toBe(
      `${errorMessage('READER_ERROR_CODE', { message: abnormal, retval: 8 })} (${errorMessage('HINT_REQUEST_CARD')})`,
    );
    // Pushing the card out: no card-request hint.
    const eject = new DispenserStepError(
      'eject',
      new CardServiceError('OPERATION_FAILED', { status: '01', message: 'ejectCard status 01' }),
    );
    expect(dispenserFailureText(eject)).toBe(
      errorMessage('READER_ERROR_CODE', { message: abnormal, retval: 1 }),
    );
    // A dispenser out of reach keeps the card service's own catalogue text.
    const silent = await dispenseCard(
      '041780200004',
      () => dispenserReader({ connect: new CardServiceError('BROKER_DEVICE_NOT_CONNECTED') }).reader,
    ).catch((e: unknown) => e);
    expect(dispenserFailureText(silent)).toBe(errorMessage('BROKER_DEVICE_NOT_CONNECTED'));
    const timeout = new DispenserStepError('request', new CardServiceError('BROKER_RESPONSE_TIMEOUT'));
    expect(dispenserFailureText(timeout)).toBe(errorMessage('BROKER_RESPONSE_TIMEOUT'));
  });
});
