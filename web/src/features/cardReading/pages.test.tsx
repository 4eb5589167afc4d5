import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo } from '../../api/session.ts';
import { cardReadingTexts, roomsTexts, staysTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderConsole } from '../../test/render.tsx';

const START = 1_764_000_000;
const END = START + 86_400;
const SLOW = { timeout: 60_000 };

const ROOM = {
  id: 17,
  room_id: 17,
  name: '1106',
  category_id: 1,
  category_name: 'Standard',
  status: 1,
  status_name: 'checkedIn',
  mac_id: 'A0B0C0010106',
  lock_id: 'L1106',
  building: 1,
  floor: 1,
  remark: '',
  notice: '',
  picture: '',
  description: '',
  bluetooth_name: '',
  battery: 83,
  deposit: 100,
  price: 198,
  weekend_price: null,
  updated_at: START,
  tenant: null,
};

const STAY = {
  stay_id: 41,
  room_id: 17,
  mobile: '13912345678',
  nickname: 'Li Wei',
  id_number: '',
  start_time: START,
  end_time: END,
  checked_out_at: null,
  other_information: 'Late arrival',
  breakfast: 0,
  unlock_by_id_card: false,
  disable_old_cards: false,
  kind: 'card',
  price: 198,
  deposit: 100,
  frozen: false,
  password_limited: false,
  status: 'active',
  state: 'active',
  remaining: 80_000,
  moved_from_stay_id: null,
  tenants: [{ id: 3, position: 2, mobile: '13911112222', nickname: 'Friend', id_number: '' }],
};

const CARD = {
  id: 5,
  card_id: '1234',
  type: 4,
  type_name: 'normal',
  note: '',
  status: 'issued',
  room_id: 17,
  room_name: '1106',
  stay_id: 41,
  building: 1,
  floor: 1,
  mac_id: 'A0B0C0010106',
  start_time: START,
  end_time: END,
  uid: '0A1B2C3D',
  encrypted: false,
  unsubscribe_old: false,
  access_controls: [],
  issued_by_name: 'Demo',
  issued_at: START,
  lock_sync: 'none',
};

beforeAll(() => Promise.all([cardReadingTexts.load('en'), roomsTexts.load('en'), staysTexts.load('en')]));
beforeEach(() => {
  setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'super', nickname: 'Demo' });
});

describe('the guest details page of a card', () => {
  let seen: SeenCall[];
  beforeEach(() => {
    seen = fakeServer({
      'room/info': () => ({ errno: 0, data: ROOM }),
      'room/tenant/list': () => ({
        errno: 0,
        data: { list: [{ ...STAY, stay_id: 42 }, STAY], total: 2, page: 1, limit: 100 },
      }),
      'room/cardList': () => ({ errno: 0, data: { list: [CARD], total: 1, page: 1, pageSize: 20 } }),
    });
  });

  it('shows the room, guest, fellow tenant, times, time left, other information and cards of the stay', async () => {
    renderConsole('/room/thetouristsDetails?id=41&other_information=Late+arrival&room_id=17');
    const page = await screen.findByTestId('stay-details', {}, SLOW);
    expect(within(page).getByTestId('stay-details-room').textContent).toBe('1106');
    expect(within(page).getByTestId('stay-details-guest').textContent).toBe('Li Wei');
    expect(page.textContent).toContain('Friend');
    expect(page.textContent).toContain('2025-11-25 00:00');
    expect(within(page).getByTestId('stay-details-remaining').textContent).toBe('22 h 13 min left');
    expect(within(page).getByTestId('stay-details-other').textContent).toBe('Late arrival');
    const card = await within(page).findByTestId('stay-card');
    expect(card.textContent).toContain('1234');
    expect(card.textContent).toContain('Guest card');
    expect(card.textContent).toContain('Issued');
    expect(within(page).getByTestId('stay-details-room-link').getAttribute('href')).toBe(
      '/room/roomDetails?id=17&tab=tenant',
    );
  });

  it('finds the room through the stay’s cards when the link has only the stay', async () => {
    renderConsole('/room/thetouristsDetails?id=41&other_information=');
    await screen.findByTestId('stay-details', {}, SLOW);
    expect(seen.find((c) => c.path === 'room/info')?.fields['room_id']).toBe(17);
  });

  it('says so when the stay is not found', async () => {
    fakeServer({
      'room/info': () => ({ errno: 1, errmsg: 'not found', code: 'NOT_FOUND' }),
      'room/cardList': () => ({ errno: 0, data: { list: [], total: 0, page: 1, pageSize: 20 } }),
    });
    renderConsole('/room/thetouristsDetails?id=99&room_id=5');
    expect((await screen.findByTestId('stay-details-missing', {}, SLOW)).textContent).toContain(
      'This stay could not be found',
    );
  });
});

describe('the lock page of a card without a guest', () => {
  it('shows the lock’s room, battery and the card’s times in Asia/Shanghai', async () => {
    const seen = fakeServer({ 'room/lockInfo': () => ({ errno: 0, data: ROOM }) });
    renderConsole(
      `/room/thetouristsDetailsNoUser?mac_id=A0B0C0010106&card_id=1234&uid=0A1B2C3D&type=4&start_time=${START}&end_time=${END}`,
    );
    const page = await screen.findByTestId('lock-details', {}, SLOW);
    await waitFor(() => expect(within(page).getByTestId('lock-details-room').textContent).toBe('1106'));
    expect(seen.find((c) => c.path === 'room/lockInfo')?.fields['mac_id']).toBe('A0B0C0010106');
    expect(within(page).getByTestId('lock-details-mac').textContent).toBe('A0:B0:C0:01:01:06');
    expect(within(page).getByTestId('lock-details-start').textContent).toContain('2025-11-25 00:00:00');
    expect(within(page).getByTestId('lock-details-end').textContent).toContain('2025-11-26 00:00:00');
    expect(page.textContent).toContain('83');
  });

  it('says when no room of the hotel has the lock', async () => {
    fakeServer({ 'room/lockInfo': () => ({ errno: 1, errmsg: 'not found', code: 'NOT_FOUND' }) });
    renderConsole(
      '/room/thetouristsDetailsNoUser?mac_id=FFEEDDCCBBAA&card_id=9&type=4&start_time=0&end_time=0',
    );
    expect((await screen.findByTestId('lock-details-no-room', {}, SLOW)).textContent).toContain(
      'No room of this hotel has this lock',
    );
    expect(screen.getByTestId('lock-details-start').textContent).toBe('—');
  });
});
