import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Notifier, setNotifier } from '../../api/notifier.ts';
import en from '../../i18n/locales/en.ts';
import { cardReadingTexts } from '../../i18n/namespaces.ts';
import { fakeServer } from '../../test/fakeServer.ts';
import { CardReadingButton } from './CardReadingButton.tsx';
import { DeviceProvider } from './DeviceContext.tsx';
import type { CardDevice } from './device.ts';
import { BLANK_CARD, type CardBlocks, fakeWorld, guestCardBlocks } from './fakes.ts';
import { createReadLockout } from './lockout.ts';

const START = 1_764_000_000;
const END = START + 86_400;
const GUEST = guestCardBlocks({
  hotelId: 1,
  cardNumber: 1234,
  type: 4,
  mac_id: 'A0B0C0010106',
  start_time: START,
  end_time: END,
});

/** A fake encoder with `card` on it, as the card pages see the card service. */
function fakeDevice(card: CardBlocks): CardDevice {
  const { ports } = fakeWorld({ card });
  return {
    readCard: ports.readCard,
    readBlocks: ports.readBlocks,
    scanSectors: async () => ({
      uid: '0A1B2C3D',
      sectors: [],
      failedSectors: [],
      summary: { read: 0, failed: 0, total: 0 },
    }),
    log: () => [],
    subscribeLog: () => () => {},
    errorText: (e) => String((e as Error).message),
  };
}

function renderButton(device: CardDevice, collapsed = false) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <DeviceProvider device={device}>
            <CardReadingButton collapsed={collapsed} />
          </DeviceProvider>
        ),
      },
    ],
    { initialEntries: ['/room/roomList'] },
  );
  render(
    <ConfigProvider locale={enUS}>
      <AntApp>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return router;
}

describe('read lockout', () => {
  it('refuses a second read within 2000 ms and allows one after', () => {
    const lockout = createReadLockout();
    expect(lockout.tryStart(10_000)).toBe(true);
    expect(lockout.locked(11_999)).toBe(true);
    expect(lockout.tryStart(11_999)).toBe(false);
    expect(lockout.locked(12_000)).toBe(false);
    expect(lockout.tryStart(12_000)).toBe(true);
  });
});

describe('the Card Reading button', () => {
  let said: { kind: string; text: string }[];
  let restore: () => void;
  beforeAll(async () => {
    await cardReadingTexts.load('en');
  });
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    said = [];
    const spy: Notifier = {
      error: (text) => said.push({ kind: 'error', text }),
      warning: (text) => said.push({ kind: 'warning', text }),
      info: (text) => said.push({ kind: 'info', text }),
      success: (text) => said.push({ kind: 'success', text }),
      confirm: () => {},
    };
    restore = setNotifier(spy);
  });
  afterEach(() => {
    restore();
    vi.useRealTimers();
  });

  it('keeps its name when the sidebar is collapsed and it shows only its icon', () => {
    renderButton(fakeDevice(GUEST), true);
    const button = screen.getByRole('button', { name: en.layout.cardReading });
    expect(button).toBe(screen.getByTestId('card-reading-button'));
    expect(button.textContent).toBe('');
  });

  it('is disabled for 2000 ms after a click and warns when clicked meanwhile', async () => {
    renderButton(fakeDevice(BLANK_CARD));
    const button = screen.getByTestId('card-reading-button');
    fireEvent.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(1999));
    fireEvent.click(button);
    expect(said).toContainEqual({
      kind: 'warning',
      text: 'Card reading in progress, please do not click too often',
    });
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(button.getAttribute('aria-disabled')).toBe('false');
  });

  it('reads a guest card to its guest details page, showing the steps as they happen', async () => {
    fakeServer({
      'passenger/getCardFunction': () => ({ errno: 0, data: { type: 0, mobile: '' } }),
      'passenger/getRoomInfo': () => ({
        errno: 0,
        data: {
          list: [
            {
              manage_id: 41,
              room_id: 17,
              room_name: '1106',
              mac_id: 'A0B0C0010106',
              start_time: START,
              end_time: END,
              other_information: 'Late',
            },
          ],
        },
      }),
    });
    const router = renderButton(fakeDevice(GUEST));
    fireEvent.click(screen.getByTestId('card-reading-button'));
    expect(screen.getByTestId('card-reading-step').textContent).toContain('Connecting to the encoder');
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(screen.getByTestId('card-reading-step').getAttribute('data-step')).toBe('findCard');
    for (let i = 0; i < 100 && router.state.location.pathname !== '/room/thetouristsDetails'; i++)
      await act(() => vi.advanceTimersByTimeAsync(100));
    expect(router.state.location.pathname).toBe('/room/thetouristsDetails');
    expect(router.state.location.search).toBe('?id=41&other_information=Late&room_id=17');
    expect(said).toContainEqual({ kind: 'success', text: 'card number read' });
    expect(screen.queryByTestId('card-reading-step')).toBeNull();
  });

  it('says an empty card has no guest data and may be written', async () => {
    fakeServer({});
    renderButton(fakeDevice(BLANK_CARD));
    fireEvent.click(screen.getByTestId('card-reading-button'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await vi.waitFor(() =>
      expect(said).toContainEqual({
        kind: 'info',
        text: 'no guest data on the card. The card is empty and may be written.',
      }),
    );
  });

  it('cancels the read with its cancel control and says so', async () => {
    renderButton(fakeDevice(GUEST));
    fireEvent.click(screen.getByTestId('card-reading-button'));
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.click(screen.getByTestId('card-reading-cancel'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(said).toContainEqual({ kind: 'warning', text: 'read card operation cancelled' });
    expect(screen.queryByTestId('card-reading-step')).toBeNull();
  });
});
