import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosResponse } from 'axios';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getSecondToken, secondHttp } from '../../api/secondClient.ts';
import { apiReferenceTexts, integrationsTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderRoutes } from '../../test/render.tsx';
import type { ApiKey } from './api.ts';
import ThirdPartyPage from './ThirdPartyPage.tsx';

const SLOW = { timeout: 60_000 };
const AT = Date.UTC(2026, 10, 25, 6) / 1000;
const KEY_TEXT = `ldk_1a2b3c4d_${'ab'.repeat(32)}`;

let seen: SeenCall[];
let keys: ApiKey[];
let serviceSeen: { method: string; url: string; auth: string | undefined }[];

beforeAll(async () => {
  await integrationsTexts.load('en');
  await apiReferenceTexts.load('en');
});

beforeEach(() => {
  sessionStorage.clear();
  keys = [];
  seen = fakeServer({
    'user/apiKeyList': (f) => {
      const list = keys.filter((k) => f['revoked'] === undefined || k.revoked === f['revoked']);
      return { errno: 0, data: { list, total: list.length, page: 1, limit: 20 } };
    },
    'user/apikey': (f) => {
      const key: ApiKey = {
        id: keys.length + 1,
        name: String(f['name']),
        prefix: '1a2b3c4d',
        created_at: AT,
        last_used_at: null,
        revoked: false,
        revoked_at: null,
        created_by_name: 'Demo owner',
      };
      keys = [key, ...keys];
      return { errno: 0, data: { ...key, key: KEY_TEXT } };
    },
    'user/apiKeyDel': (f) => {
      keys = keys.map((k) => (k.id === f['id'] ? { ...k, revoked: true, revoked_at: AT } : k));
      return { errno: 0, data: keys.find((k) => k.id === f['id']) };
    },
  });
  serviceSeen = [];
  secondHttp.defaults.adapter = async (config): Promise<AxiosResponse> => {
    const auth = config.headers.Authorization as string | undefined;
    serviceSeen.push({ method: String(config.method), url: String(config.url), auth });
    const reply = (status: number, data: unknown): AxiosResponse => ({
      data,
      status,
      statusText: '',
      headers: {},
      config,
    });
    if (config.url === '/auth/login') {
      const body = JSON.parse(config.data as string) as { api_key: string };
      return body.api_key === KEY_TEXT
        ? reply(200, {
            code: 200,
            msg: 'ok',
            data: {
              token: 'ldt_t',
              token_type: 'Bearer',
              expires_in: 7200,
              hotel_id: 1,
              key_prefix: '1a2b3c4d',
            },
          })
        : reply(401, {
            code: 401,
            msg: 'The API key is invalid or has been revoked',
            error: 'API_KEY_INVALID',
          });
    }
    if (config.url === '/linQuan/getRoomListByHotelId')
      return reply(200, {
        code: 200,
        msg: 'ok',
        data: {
          list: [
            {
              room_id: 5,
              name: '1105',
              building: 1,
              floor: 1,
              group_name: null,
              mac_id: 'A0B0C0010105',
              status: 0,
              stay: null,
            },
          ],
          total: 1,
          page: 1,
          limit: 10,
        },
      });
    if (config.url === '/linQuan/getAuthorizationRecord')
      return reply(200, { code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 10 } });
    return reply(404, { code: 404, msg: 'the requested record does not exist', error: 'NOT_FOUND' });
  };
});

function renderPage(url = '/center/thirdPartyAuthorization') {
  return renderRoutes([{ path: '/center/thirdPartyAuthorization', element: <ThirdPartyPage /> }], url);
}

describe('third-party authorisation page', () => {
  it(
    'creates a key, shows it once with a warning, lists it and revokes it after confirming',
    SLOW,
    async () => {
      const user = userEvent.setup();
      renderPage();
      expect(
        await screen.findByText('No API keys yet. Create one for each system that issues cards.'),
      ).toBeTruthy();
      await user.click(screen.getByTestId('apikey-create'));
      await user.type(await screen.findByTestId('apikey-name'), 'Front desk PMS');
      await user.click(screen.getByTestId('apikey-create-ok'));
      const shown = await screen.findByTestId('apikey-created-key');
      expect(shown.textContent).toContain(KEY_TEXT);
      expect(screen.getByText(/It is shown only this once/)).toBeTruthy();
      expect(seen.filter((c) => c.path === 'user/apikey').map((c) => c.fields['name'])).toEqual([
        'Front desk PMS',
      ]);
      await user.click(screen.getByTestId('apikey-created-done'));
      const row = await screen.findByTestId('apikey-row');
      expect(row.getAttribute('data-revoked')).toBe('false');
      expect(row.textContent).not.toContain(KEY_TEXT);
      await user.click(within(row).getByTestId('apikey-revoke'));
      await user.click(await screen.findByTestId('apikey-revoke-ok'));
      await waitFor(() => expect(screen.getByTestId('apikey-row').getAttribute('data-revoked')).toBe('true'));
      expect(seen.filter((c) => c.path === 'user/apiKeyDel').map((c) => c.fields['id'])).toEqual([1]);
    },
  );

  it('keeps the key filter in the URL', SLOW, async () => {
    const router = renderPage('/center/thirdPartyAuthorization?status=revoked');
    await waitFor(() => expect(seen.some((c) => c.path === 'user/apiKeyList')).toBe(true));
    expect(seen.find((c) => c.path === 'user/apiKeyList')?.fields['revoked']).toBe(true);
    expect(await screen.findByText('No keys match this filter.')).toBeTruthy();
    await userEvent.setup().click(screen.getByText('Show all keys'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it(
    'tries the card service: a wrong key is refused with the server message, the right one lists rooms',
    SLOW,
    async () => {
      const user = userEvent.setup();
      renderPage();
      await user.type(await screen.findByTestId('service-key'), 'ldk_wrong');
      await user.click(screen.getByTestId('service-login'));
      expect((await screen.findByTestId('service-login-error')).textContent).toContain(
        'The API key is invalid or has been revoked',
      );
      await user.clear(screen.getByTestId('service-key'));
      await user.type(screen.getByTestId('service-key'), KEY_TEXT);
      await user.click(screen.getByTestId('service-login'));
      expect((await screen.findByTestId('service-signed-in')).textContent).toContain('1a2b3c4d');
      expect(getSecondToken()).toBe('ldt_t');
      expect((await screen.findByTestId('service-room-row')).textContent).toContain('1105');
      expect(await screen.findByText('No card has been written through the API yet.')).toBeTruthy();
      const rooms = serviceSeen.find((c) => c.url === '/linQuan/getRoomListByHotelId');
      expect(rooms).toMatchObject({ method: 'get', auth: 'Bearer ldt_t' });
      await user.click(screen.getByTestId('service-logout'));
      expect(getSecondToken()).toBeNull();
    },
  );
});
