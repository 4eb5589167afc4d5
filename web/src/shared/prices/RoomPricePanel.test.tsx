import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearUserInfo, setUserInfo } from '../../api/session.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { pricesTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { RoomPricePanel } from './RoomPricePanel.tsx';

const SLOW = { timeout: 60_000 };

const renderPanel = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={enUS}>
        <AntApp>
          <RoomPricePanel roomId={17} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );

beforeAll(() => pricesTexts.load('en'));
afterEach(() => clearUserInfo());

// antd's calendar is slow in jsdom on a busy machine.
describe('the room detail’s price tab', { timeout: 60_000 }, () => {
  let seen: SeenCall[];
  beforeEach(() => {
    seen = fakeServer({
      'room/priceInfo': () => ({
        errno: 0,
        data: {
          room_id: 17,
          deposit: 100,
          price: 198,
          weekend_price: 238,
          renew: false,
          price_template_id: null,
          date_prices: [{ day: '2045-02-01', price: 500 }],
        },
      }),
      'room/countRoomPriceNew': () => ({
        errno: 0,
        data: { room_id: 17, renewal: false, nights: 1, list: [], room_fee: 198, deposit: 100, total: 298 },
      }),
    });
  });

  it('reads any room by id from room/priceInfo (no lock, no room list needed)', async () => {
    setUserInfo({ uid: 2, token: 't', role: 'super', authorities: [] });
    renderPanel();
    await waitFor(() => expect(screen.getByTestId('room-price-current').dataset['price']).toBe('198'), SLOW);
    expect(seen.map((c) => c.path)).toContain('room/priceInfo');
    expect(seen.map((c) => c.path)).not.toContain('room/lockInfo');
    expect(seen.map((c) => c.path)).not.toContain('room/allLock');
    expect(screen.getByTestId('price-save')).toBeTruthy();
    expect(screen.queryByTestId('price-read-only')).toBeNull();
  });

  it('is read-only, with its note, for staff without price.manage', async () => {
    setUserInfo({ uid: 4, token: 't', role: 'staff', authorities: [] });
    renderPanel();
    await waitFor(() => expect(screen.getByTestId('price-read-only')).toBeTruthy(), SLOW);
    expect(screen.getByTestId('price-read-only').textContent).toContain('no price permission');
    expect(screen.queryByTestId('price-save')).toBeNull();
    expect((screen.getByTestId('price-usual') as HTMLInputElement).disabled).toBe(true);
  });

  it('is editable for staff granted price.manage', async () => {
    setUserInfo({ uid: 4, token: 't', role: 'staff', authorities: ['price.manage'] });
    renderPanel();
    await waitFor(() => expect(screen.getByTestId('price-save')).toBeTruthy(), SLOW);
    expect(screen.queryByTestId('price-read-only')).toBeNull();
  });
});
