import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Delivery, LockDeliveries } from '../../api/door.ts';
import { setUserInfo } from '../../api/session.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { doorTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { CardDeliveryPopover } from './CardDeliveryPopover.tsx';
import { deliveryItem } from './format.ts';
import { LockDeliveriesPanel } from './LockDeliveriesPanel.tsx';
import { RoomLockMark } from './RoomLockMark.tsx';
import { setSimulator, simulatorClient } from './simulator.ts';

const SLOW = { timeout: 60_000 };
const MAC = 'A0B0C0010106';
// 2026-11-25 10:00:00 in the hotel (Asia/Shanghai).
const T = Date.UTC(2026, 10, 25, 2, 0, 0) / 1000;

beforeAll(() => doorTexts.load('en'));

/** The simulator's control service as a fake fetch: `locks` installed; every call recorded. */
function fakeSimulator(options: { running?: boolean; locks?: string[]; syncAnswer?: object } = {}) {
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const installed = new Set(options.locks ?? []);
  const json = (body: object) => new Response(JSON.stringify(body), { status: 200 });
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (options.running === false) throw new TypeError('Failed to fetch');
    const path = String(input).replace('http://127.0.0.1:13572', '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ method, path, body });
    if (method === 'GET' && path === '/locks')
      return json({
        ok: true,
        locks: [...installed].map((mac_id) => ({
          mac_id,
          room_id: 17,
          room_name: '1106',
          building: 1,
          floor: 1,
          installed_at: T,
          last_sync_at: null,
          buffered: 2,
          server: 'http://localhost:3000',
        })),
      });
    if (path === '/locks/install') {
      installed.add(String(body['mac_id']));
      return json({ ok: true, lock: { mac_id: body['mac_id'], room_id: 17 } });
    }
    const sync = /^\/locks\/([0-9A-F]{12})\/sync$/.exec(path);
    if (sync) {
      if (!installed.has(sync[1] ?? ''))
        return json({ ok: false, msg: 'not installed', error: 'LOCK_NOT_INSTALLED' });
      return json(
        options.syncAnswer ?? {
          ok: true,
          sync_id: 's-1',
          learned: { deleted_cards: [12], universal_cards: [], passwords: [], faces: [], fingerprints: [] },
          uploaded: 2,
          duplicates: 0,
        },
      );
    }
    return new Response('{}', { status: 404 });
  });
  setSimulator(simulatorClient({ fetchImpl: fetchImpl as unknown as typeof fetch }));
  return calls;
}

function delivery(over: Partial<Delivery>): Delivery {
  return {
    kind: 'card_delete',
    action: 'add',
    ref_id: 12,
    label: '00012345',
    subject: '00012345',
    guest: '',
    state: 'waiting',
    changed_at: T,
    confirmed_at: 0,
    ...over,
  };
}

/** lock/inLockList before the lock synced (a deleted card waiting, the guest's card issued), then after. */
function deliveries(synced: boolean): LockDeliveries {
  return {
    room_id: 17,
    mac_id: MAC,
    installed: true,
    last_sync_at: synced ? T + 60 : 0,
    waiting: synced ? 0 : 1,
    list: [
      delivery(synced ? { state: 'confirmed', confirmed_at: T + 60 } : {}),
      delivery({
        kind: 'card',
        ref_id: 13,
        label: 'Guest card 00012346 (Li Wei)',
        subject: '00012346',
        guest: 'Li Wei',
        state: 'issued',
      }),
    ],
    syncs: synced
      ? [
          {
            id: 5,
            started_at: T + 55,
            finished_at: T + 60,
            operator: 'Wang Fang',
            records_stored: 2,
            records_duplicate: 0,
          },
        ]
      : [],
  };
}

function renderWithQuery(node: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={enUS}>
        <AntApp>{node}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const states = () => screen.getAllByTestId('door-delivery-row').map((r) => r.getAttribute('data-state'));

describe('the room’s lock panel (lock/inLockList, the virtual lock)', () => {
  let seen: SeenCall[];
  let synced: boolean;
  beforeEach(() => {
    synced = false;
    setUserInfo({ uid: 1, token: 'tok', nickname: 'Wang Fang', role: 'super' });
    seen = fakeServer({
      'lock/inLockList': () => ({ errno: 0, data: deliveries(synced) }),
      'lock/issueSecret': (f) => ({
        errno: 0,
        data: { room_id: f['room_id'], mac_id: MAC, lock_secret: 'lds_17_secret', issued_at: T },
      }),
    });
  });
  afterEach(() => setSimulator(null));

  it('shows the deliveries with their states and, on Bluetooth unlock, what the lock learned and the new states', async () => {
    const calls = fakeSimulator({ locks: [MAC] });
    // The server confirms what the lock learned once the simulator has synced it.
    renderWithQuery(<LockDeliveriesPanel room={{ id: 17, mac_id: MAC }} />);
    await waitFor(() => expect(states()).toEqual(['waiting', 'issued']), SLOW);
    // Each row in the console's words: its kind (an issued guest card has no learn/forget tag) and its item.
    const [refused, guestCard] = screen.getAllByTestId('door-delivery-row');
    expect(within(refused!).getByText('Card to refuse')).toBeTruthy();
    expect(within(refused!).getByText('Learn')).toBeTruthy();
    expect(within(refused!).getByTestId('door-delivery-label').textContent).toBe('Card 00012345');
    expect(within(guestCard!).getByText('Guest card')).toBeTruthy();
    expect(within(guestCard!).queryByText('Learn')).toBeNull();
    expect(within(guestCard!).getByTestId('door-delivery-label').textContent).toBe(
      'Guest card 00012346 (guest: Li Wei)',
    );
    expect(screen.getByTestId('door-last-sync').textContent).toBe('Never synced');
    expect(screen.getByTestId('door-waiting').getAttribute('data-count')).toBe('1');
    expect(screen.getByText('Waiting for the lock’s next sync')).toBeTruthy();
    const virtual = await screen.findByTestId('door-virtual', {}, SLOW);
    expect(virtual.getAttribute('data-installed')).toBe('true');
    expect(within(virtual).getByTestId('door-simulated').textContent).toBe('SIMULATED');
    expect(within(virtual).getByTestId('door-buffered').textContent).toBe('Records waiting in the lock: 2');
    expect(seen.find((c) => c.path === 'lock/inLockList')?.fields).toMatchObject({ room_id: 17 });

    synced = true;
    await userEvent.click(screen.getByTestId('door-bluetooth'));
    const result = await screen.findByTestId('door-sync-result', {}, SLOW);
    expect(result.getAttribute('data-uploaded')).toBe('2');
    expect(result.textContent).toContain('1 cards to refuse');
    expect(result.textContent).toContain('Unlock records uploaded: 2 (already known: 0).');
    expect(calls.find((c) => c.path === `/locks/${MAC}/sync`)?.body).toEqual({ operator: 'Wang Fang' });
    // The deliveries are asked again: the card to refuse is now confirmed by the lock, and the sync is listed.
    await waitFor(() => expect(states()).toEqual(['confirmed', 'issued']));
    expect(screen.getByTestId('door-waiting').getAttribute('data-count')).toBe('0');
    expect(screen.getByTestId('door-last-sync').textContent).toBe('2026-11-25 10:01');
    const sync = screen.getByTestId('door-sync-row');
    expect(within(sync).getByText('Wang Fang')).toBeTruthy();
    expect(within(sync).getByText('2 stored, 0 already known')).toBeTruthy();
  });

  it('without a simulator explains that the phone app beside the door does the Bluetooth unlock', async () => {
    fakeSimulator({ running: false });
    renderWithQuery(<LockDeliveriesPanel room={{ id: 17, mac_id: MAC }} />);
    const note = await screen.findByTestId('door-phone-app', {}, SLOW);
    expect(note.textContent).toContain('phone app beside the door');
    expect(screen.queryByTestId('door-bluetooth')).toBeNull();
    expect(screen.queryByTestId('door-install')).toBeNull();
    await waitFor(() => expect(states()).toEqual(['waiting', 'issued']));
  });

  it('installs the room’s virtual lock with a new secret and this console as its server', async () => {
    const calls = fakeSimulator({ locks: [] });
    renderWithQuery(<LockDeliveriesPanel room={{ id: 17, mac_id: 'a0:b0:c0:01:01:06' }} />);
    const virtual = await screen.findByTestId('door-virtual', {}, SLOW);
    expect(virtual.getAttribute('data-installed')).toBe('false');
    expect(screen.queryByTestId('door-bluetooth')).toBeNull();
    await userEvent.click(screen.getByTestId('door-install'));
    await waitFor(() =>
      expect(screen.getByTestId('door-virtual').getAttribute('data-installed')).toBe('true'),
    );
    expect(seen.find((c) => c.path === 'lock/issueSecret')?.fields).toMatchObject({ room_id: 17 });
    expect(calls.find((c) => c.path === '/locks/install')?.body).toEqual({
      mac_id: MAC,
      secret: 'lds_17_secret',
      server: window.location.origin,
    });
    expect(screen.getByTestId('door-bluetooth')).toBeTruthy();
  });

  it('offers no install to staff without room.manage', async () => {
    setUserInfo({ uid: 3, token: 'tok', nickname: 'Staff', role: 'staff' });
    fakeSimulator({ locks: [] });
    renderWithQuery(<LockDeliveriesPanel room={{ id: 17, mac_id: MAC }} />);
    await screen.findByText('Only an administrator can install the lock.', {}, SLOW);
    expect(screen.queryByTestId('door-install')).toBeNull();
  });

  it('says why a Bluetooth unlock failed: the lock is not installed in the simulator', async () => {
    fakeSimulator({
      locks: [MAC],
      syncAnswer: { ok: false, msg: 'lock gone', error: 'LOCK_NOT_INSTALLED' },
    });
    renderWithQuery(<LockDeliveriesPanel room={{ id: 17, mac_id: MAC }} />);
    await userEvent.click(await screen.findByTestId('door-bluetooth', {}, SLOW));
    const error = await screen.findByTestId('door-sync-error', {}, SLOW);
    expect(error.textContent).toContain('This lock is not installed in the simulator.');
    expect(screen.queryByTestId('door-sync-result')).toBeNull();
  });

  it('shows the server’s refusal in the panel and tries again', async () => {
    fakeSimulator({ locks: [MAC] });
    let fail = true;
    fakeServer({
      'lock/inLockList': () =>
        fail
          ? { errno: 1, errmsg: 'Room not found', code: 'NOT_FOUND' }
          : { errno: 0, data: deliveries(false) },
    });
    renderWithQuery(<LockDeliveriesPanel room={{ id: 17, mac_id: MAC }} />);
    const error = await screen.findByTestId('door-error', {}, SLOW);
    expect(error.textContent).toContain('Room not found');
    fail = false;
    await userEvent.click(within(error).getByRole('button'));
    await waitFor(() => expect(states()).toEqual(['waiting', 'issued']));
  });

  it('says that a room without a lock has nothing delivered, and asks nothing', async () => {
    const calls = fakeSimulator({ locks: [MAC] });
    renderWithQuery(<LockDeliveriesPanel room={{ id: 18, mac_id: null }} />);
    await screen.findByTestId('door-no-lock', {}, SLOW);
    expect(seen.filter((c) => c.path === 'lock/inLockList')).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('a delivery’s item in the operator’s language (not the server’s English label)', () => {
  beforeAll(() => Promise.all((['chs', 'ar', 'de'] as const).map((code) => doorTexts.load(code))));
  const items = (code: string) => {
    const t = i18next.getFixedT(code, 'door');
    return [
      delivery({ kind: 'card_delete', subject: '00011111', guest: 'Li Wei' }),
      delivery({ kind: 'universal_card', subject: '00077777' }),
      delivery({
        kind: 'sequence',
        label: 'normal #5 (card 00012345)',
        subject: '00012345',
        guest: 'Li Wei',
        card_type: 'normal',
        sequence: 5,
      }),
      delivery({ kind: 'sequence', label: 'master #2', subject: '', card_type: 'master', sequence: 2 }),
      delivery({ kind: 'card', subject: '00012345', guest: '13800138000', state: 'issued' }),
      delivery({
        kind: 'password',
        action: 'remove',
        label: 'Password #7 (Li Wei)',
        subject: '7',
        guest: 'Li Wei',
      }),
      delivery({ kind: 'face', subject: 'G-01 Li Wei', guest: 'Li Wei' }),
      delivery({ kind: 'fingerprint', subject: 'F-07 right thumb' }),
    ].map((d) => deliveryItem(t, d));
  };

  it('writes each kind with its subject and guest in English, Chinese, Arabic and German', () => {
    expect(items('en')).toEqual([
      'Card 00011111 (guest: Li Wei)',
      'Card 00077777',
      'Guest card, sequence 5, card 00012345 (guest: Li Wei)',
      'Master card, sequence 2',
      'Guest card 00012345 (guest: 13800138000)',
      'Password #7 (guest: Li Wei)',
      'Face G-01 Li Wei (guest: Li Wei)',
      'Fingerprint F-07 right thumb',
    ]);
    expect(items('chs')).toEqual([
      '卡号 00011111（住客：Li Wei）',
      '卡号 00077777',
      '客人卡，序号 5，卡号 00012345（住客：Li Wei）',
      '总控卡，序号 2',
      '客人卡 00012345（住客：13800138000）',
      '密码 #7（住客：Li Wei）',
      '人脸 G-01 Li Wei（住客：Li Wei）',
      '指纹 F-07 right thumb',
    ]);
    expect(items('ar')).toEqual([
      'البطاقة رقم 00011111 (النزيل: Li Wei)',
      'البطاقة رقم 00077777',
      'بطاقة النزيل، رقم التسلسل 5، البطاقة رقم 00012345 (النزيل: Li Wei)',
      'البطاقة الرئيسية، رقم التسلسل 2',
      'بطاقة النزيل رقم 00012345 (النزيل: 13800138000)',
      'كلمة المرور رقم 7 (النزيل: Li Wei)',
      'الوجه G-01 Li Wei (النزيل: Li Wei)',
      'بصمة الإصبع F-07 right thumb',
    ]);
    expect(items('de')[2]).toBe('Gästekarte, Folgenummer 5, Karte 00012345 (Gast: Li Wei)');
  });

  it('shows the server’s label for a kind it does not know (a newer server)', () => {
    const t = i18next.getFixedT('de', 'door');
    expect(
      deliveryItem(t, delivery({ kind: 'badge' as Delivery['kind'], label: 'Badge 9', subject: '9' })),
    ).toBe('Badge 9');
  });
});

describe('the room list’s lock mark', () => {
  it('shows the changes waiting and the last sync, nothing without a lock or from an older server', async () => {
    const { rerender } = renderWithQuery(
      <RoomLockMark room={{ mac_id: MAC, lock_waiting: 3, lock_synced_at: T }} />,
    );
    expect((await screen.findByTestId('room-lock-waiting', {}, SLOW)).textContent).toBe('Waiting: 3');
    expect(screen.getByTestId('room-lock-synced').textContent).toBe('Last lock sync: 2026-11-25 10:00');
    rerender(<RoomLockMark room={{ mac_id: MAC, lock_waiting: 0, lock_synced_at: 0 }} />);
    expect(screen.queryByTestId('room-lock-waiting')).toBeNull();
    expect(screen.getByTestId('room-lock-synced').textContent).toBe('The lock has not synced yet');
    rerender(<RoomLockMark room={{ mac_id: null, lock_waiting: 2, lock_synced_at: T }} />);
    expect(screen.queryByTestId('room-lock-mark')).toBeNull();
    rerender(<RoomLockMark room={{ mac_id: MAC }} />);
    expect(screen.queryByTestId('room-lock-mark')).toBeNull();
  });
});

describe('a card’s delivery per lock (lock/cardDelivery)', () => {
  it('asks only when opened and lists each lock with its state', async () => {
    const seen = fakeServer({
      'lock/cardDelivery': (f) => ({
        errno: 0,
        data: {
          card_id: f['card_id'],
          card_number: '00012345',
          list: [
            {
              room_id: 17,
              room_name: '1106',
              action: 'delete',
              state: 'waiting',
              changed_at: T,
              confirmed_at: 0,
              last_sync_at: 0,
            },
            {
              room_id: 18,
              room_name: '1107',
              action: 'delete',
              state: 'confirmed',
              changed_at: T,
              confirmed_at: T + 120,
              last_sync_at: T + 120,
            },
          ],
        },
      }),
    });
    renderWithQuery(
      <CardDeliveryPopover cardId={7}>
        <span>Waits for a Bluetooth unlock</span>
      </CardDeliveryPopover>,
    );
    await screen.findByText('Waits for a Bluetooth unlock', {}, SLOW);
    expect(seen.filter((c) => c.path === 'lock/cardDelivery')).toEqual([]);
    await userEvent.click(screen.getByTestId('card-delivery'));
    await waitFor(() => expect(screen.getAllByTestId('card-delivery-row')).toHaveLength(2), SLOW);
    expect(seen.find((c) => c.path === 'lock/cardDelivery')?.fields).toMatchObject({ card_id: 7 });
    const [waiting, confirmed] = screen.getAllByTestId('card-delivery-row');
    expect(waiting!.getAttribute('data-state')).toBe('waiting');
    expect(within(waiting!).getByText('1106')).toBeTruthy();
    expect(within(waiting!).getByText('Refuse the card')).toBeTruthy();
    expect(within(waiting!).getByText(/Lock never synced/)).toBeTruthy();
    expect(within(confirmed!).getByText('Confirmed by the lock')).toBeTruthy();
    expect(within(confirmed!).getByText(/Lock synced 2026-11-25 10:02/)).toBeTruthy();
  });

  it('says when the states could not be loaded', async () => {
    fakeServer({
      'lock/cardDelivery': () => ({ errno: 1, errmsg: 'Card not found', code: 'NOT_FOUND' }),
    });
    renderWithQuery(
      <CardDeliveryPopover cardId={9}>
        <span>Up to date</span>
      </CardDeliveryPopover>,
    );
    await userEvent.click(await screen.findByTestId('card-delivery', {}, SLOW));
    const error = await screen.findByTestId('card-delivery-error', {}, SLOW);
    expect(error.textContent).toContain('Card not found');
  });
});
