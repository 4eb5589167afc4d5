import { STORAGE_KEYS } from '@lockdesk/protocol';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { encryptionTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import EncryptionSettingsPage from './EncryptionSettingsPage.tsx';
import SelectSectorsPage from './SelectSectorsPage.tsx';

let seen: SeenCall[];
let state: { enabled: boolean; sectors: number[] };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/center/cardEncryption', element: <EncryptionSettingsPage /> },
      { path: '/center/cardEncryptionByUserSelectSector', element: <SelectSectorsPage /> },
    ],
    { initialEntries: [path] },
  );
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

beforeAll(() => encryptionTexts.load('en'));

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(STORAGE_KEYS.language, 'en');
  state = { enabled: false, sectors: [] };
  seen = fakeServer({
    'room/cardEncryptionList': () => ({
      errno: 0,
      data: { ...state, encrypted_cards: 0, cards: [] },
    }),
    'room/cardEncryption': (f) => {
      state = { enabled: true, sectors: f['sectors'] as number[] };
      return { errno: 0, data: state };
    },
    'room/deleteCardEncryption': () => {
      state = { enabled: false, sectors: [] };
      return { errno: 0, data: null };
    },
  });
});

describe('choosing the encrypted sectors', () => {
  it('keeps 1 and 13, saves the chosen ones with room/cardEncryption and in local storage', async () => {
    const router = renderAt('/center/cardEncryptionByUserSelectSector');
    const sector1 = await screen.findByTestId('sector-1');
    expect((sector1 as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('sector-13') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('sector-7'));
    await waitFor(() => expect(screen.getByTestId('sector-summary').textContent).toContain('1, 7, 13'));
    fireEvent.click(screen.getByTestId('save-sectors'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/cardEncryption'));
    expect(seen.find((c) => c.path === 'room/cardEncryption')?.fields['sectors']).toEqual([1, 7, 13]);
    expect(window.localStorage.getItem(STORAGE_KEYS.encryptedSectors)).toBe('[1,7,13]');
    await waitFor(() => expect(screen.getByTestId('encryption-sectors').textContent).toBe('1, 7, 13'));
    expect(screen.getByTestId('encryption-state').textContent).toBe('Encryption on');
  });

  it('turns encryption off after a confirmation, and forgets the sectors', async () => {
    state = { enabled: true, sectors: [1, 13] };
    renderAt('/center/cardEncryption');
    fireEvent.click(await screen.findByTestId('turn-off'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('encryption-state').textContent).toBe('Encryption off'));
    expect(seen.some((c) => c.path === 'room/deleteCardEncryption')).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.encryptedSectors)).toBe('[]');
  });
});
