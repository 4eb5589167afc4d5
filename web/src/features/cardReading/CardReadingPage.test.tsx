import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Notifier, setNotifier } from '../../api/notifier.ts';
import { setUserInfo } from '../../api/session.ts';
import { cardReadingTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import CardReadingPage from './CardReadingPage.tsx';
import { DeviceProvider } from './DeviceContext.tsx';
import type { CardDevice, DeviceLogEntry, SectorScanResult } from './device.ts';
import { type CardBlocks, fakeWorld, guestCardBlocks } from './fakes.ts';

const START = 1_764_000_000;
const END = START + 86_400;
const GUEST: CardBlocks = {
  ...guestCardBlocks({
    hotelId: 1,
    cardNumber: 1234,
    type: 4,
    mac_id: 'A0B0C0010106',
    start_time: START,
    end_time: END,
  }),
  53: '040A1B2C3D0000001122334455667788',
};

function deviceWith(scan: (signal: AbortSignal, onSector: (s: number) => void) => Promise<SectorScanResult>) {
  const { ports } = fakeWorld({ card: GUEST });
  const log: DeviceLogEntry[] = [{ time: START * 1000, kind: 'send', text: 'findCard' }];
  const device: CardDevice = {
    readCard: ports.readCard,
    readBlocks: ports.readBlocks,
    scanSectors: ({ signal, onSector }) => scan(signal, onSector),
    log: () => log,
    subscribeLog: () => () => {},
    errorText: (e) => String((e as Error).message),
  };
  return device;
}

function renderPage(device: CardDevice) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <DeviceProvider device={device}>
            <CardReadingPage />
          </DeviceProvider>
        ),
      },
    ],
    { initialEntries: ['/room/cardReading'] },
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
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the raw card page', () => {
  let seen: SeenCall[];
  let said: { kind: string; text: string }[];
  let restore: () => void;
  beforeAll(() => cardReadingTexts.load('en'));
  beforeEach(() => {
    vi.useFakeTimers();
    setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'super', nickname: 'Demo' });
    said = [];
    const spy: Notifier = {
      error: (text) => said.push({ kind: 'error', text }),
      warning: (text) => said.push({ kind: 'warning', text }),
      info: (text) => said.push({ kind: 'info', text }),
      success: (text) => said.push({ kind: 'success', text }),
      confirm: () => {},
    };
    restore = setNotifier(spy);
    seen = fakeServer({
      'room/sendCardCheck': () => ({
        errno: 0,
        data: { valid: false, reason: 'tampered', card: null },
      }),
    });
  });
  afterEach(() => {
    restore();
    vi.useRealTimers();
  });

  it('reads the card: UID, blocks, mac as colon pairs, times in Asia/Shanghai and the server’s verdict', async () => {
    renderPage(
      deviceWith(async () => ({
        uid: '',
        sectors: [],
        failedSectors: [],
        summary: { read: 0, failed: 0, total: 0 },
      })),
    );
    fireEvent.click(screen.getByTestId('card-read'));
    expect(screen.getByTestId('card-read-steps').getAttribute('data-step')).toBe('connect');
    for (let i = 0; i < 40 && !screen.queryByTestId('raw-verdict'); i++) await advance(100);
    const card = screen.getByTestId('raw-card');
    expect(within(card).getByTestId('raw-uid').textContent).toContain('0A1B2C3D');
    expect(within(card).getByTestId('raw-mac').textContent).toBe('A0:B0:C0:01:01:06');
    expect(within(card).getByTestId('raw-start').textContent).toContain('2025-11-25 00:00:00');
    expect(within(card).getByTestId('raw-card-id').textContent).toBe('1234');
    expect(within(card).getByTestId('raw-block-4').textContent).toContain(GUEST[4]);
    const verdict = screen.getByTestId('raw-verdict');
    expect(verdict.getAttribute('data-reason')).toBe('tampered');
    expect(verdict.textContent).toContain('Altered card: refused');
    expect(verdict.textContent).toContain('This card was altered and is refused');
    const check = seen.find((c) => c.path === 'room/sendCardCheck');
    expect(check?.fields['card_uid']).toBe('0A1B2C3D');
    expect(Object.keys(check?.fields['blocks'] as object).sort()).toEqual(['4', '5', '53', '54', '6']);
    expect(screen.getByTestId('device-log').textContent).toContain('findCard');
  });

  it('runs the sector check with its progress and summary', async () => {
    renderPage(
      deviceWith(async (_signal, onSector) => {
        for (let s = 1; s <= 15; s++) {
          onSector(s);
          await new Promise((r) => setTimeout(r, 100));
        }
        return {
          uid: '0A1B2C3D',
          sectors: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15].map((sector) => ({
            sector,
            block: sector * 4,
            data: '00',
          })),
          failedSectors: [1, 13].map((sector) => ({
            sector,
            block: sector * 4,
            code: 'AUTH_FAILED',
            message: 'x',
          })),
          summary: { read: 13, failed: 2, total: 15 },
        };
      }),
    );
    fireEvent.click(screen.getByTestId('sector-check'));
    await advance(450);
    expect(screen.getByTestId('sector-scan-progress').getAttribute('data-sector')).toBe('5');
    expect(screen.getByTestId('sector-scan-progress').textContent).toContain('Sector 5 of 15');
    await advance(1200);
    expect(screen.getByTestId('sector-scan-failed').textContent).toBe('1, 13');
    expect(screen.getByTestId('sector-scan-result').textContent).toContain('2 sectors use another key');
  });

  it('cancels the sector check with its cancel button: operation cancelled', async () => {
    renderPage(
      deviceWith(
        (signal) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () =>
              reject(Object.assign(new Error('x'), { cancelled: true })),
            );
          }),
      ),
    );
    fireEvent.click(screen.getByTestId('sector-check'));
    await advance(10);
    fireEvent.click(screen.getByTestId('card-operation-cancel'));
    await advance(10);
    expect(said).toContainEqual({ kind: 'warning', text: 'operation cancelled' });
    expect(screen.queryByTestId('sector-scan-progress')).toBeNull();
  });
});
