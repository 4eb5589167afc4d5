// API keys in a real browser against the real server (harness.ts): the super administrator creates a key on the
// third-party authorisation page, an outside client (Node fetch) signs in with it and lists the rooms, the page's
// try-out panel does the same through the second client; the key is revoked in the page, and the outside client's
// token and key fail at once.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Console, signIn, startConsole } from './harness.js';

let app: Console | undefined;
let browser: Browser;
let base = '';

beforeAll(async () => {
  app = await startConsole();
  browser = app.browser;
  base = app.base;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

async function outside(method: 'GET' | 'POST', path: string, input: Record<string, unknown>, token?: string) {
  const url = new URL(path, base);
  if (method === 'GET') for (const [k, v] of Object.entries(input)) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      code: number;
      msg: string;
      error?: string;
      data?: Record<string, unknown> & { token?: string; hotel_id?: number; total?: number };
    },
  };
}

describe('API keys in the browser', () => {
  it('creates a key in the page, an outside client uses it, revoking it in the page stops that client', {
    timeout: 120_000,
  }, async () => {
    const { context, page, problems } = await signIn(browser, base, { language: 'en' });
    try {
      await page.goto(`${base}/center/thirdPartyAuthorization`);
      await page.getByTestId('third-party-page').waitFor();
      await page.getByTestId('api-reference-link').waitFor();
      expect(await page.getByTestId('api-reference-link').getAttribute('href')).toBe('/api-docs/');

      await page.getByTestId('apikey-create').click();
      await page.getByTestId('apikey-name').fill('Front desk PMS');
      await page.getByTestId('apikey-create-ok').click();
      const shown = page.getByTestId('apikey-created-key');
      await shown.waitFor();
      const key = /ldk_[0-9a-f]{8}_[0-9a-f]{64}/.exec((await shown.textContent()) ?? '')?.[0] ?? '';
      expect(key).not.toBe('');
      await page.getByTestId('apikey-created-done').click();
      const row = page.getByTestId('apikey-row').filter({ hasText: 'Front desk PMS' });
      await row.waitFor();
      expect(await row.getAttribute('data-revoked')).toBe('false');
      // Shown once: gone from the page once the person has copied it.
      await expect
        .poll(async () => (await page.locator('body').textContent())?.includes(key.split('_')[2] as string), {
          timeout: 10_000,
        })
        .toBe(false);

      // An outside client signs in with the key and lists the hotel's rooms.
      const login = await outside('POST', '/auth/login', { api_key: key });
      expect(login.status).toBe(200);
      const token = login.body.data?.token as string;
      const hotelId = login.body.data?.hotel_id as number;
      const rooms = await outside('GET', '/linQuan/getRoomListByHotelId', { hotel_id: hotelId }, token);
      expect(rooms.body.code).toBe(200);
      expect(rooms.body.data?.total).toBeGreaterThan(0);

      // The page's try-out panel signs in through the second client and shows the rooms.
      await page.getByTestId('service-key').fill(key);
      await page.getByTestId('service-login').click();
      await page.getByTestId('service-signed-in').waitFor();
      await expect
        .poll(() => page.getByTestId('service-room-row').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);

      // Revoke in the page, after confirming.
      await row.getByTestId('apikey-revoke').click();
      await page.getByTestId('apikey-revoke-ok').click();
      await expect.poll(() => row.getAttribute('data-revoked'), { timeout: 15_000 }).toBe('true');

      const after = await outside('GET', '/linQuan/getRoomListByHotelId', { hotel_id: hotelId }, token);
      expect(after.status).toBe(401);
      expect(after.body.error).toBe('LOGIN_EXPIRED');
      const again = await outside('POST', '/auth/login', { api_key: key });
      expect(again.status).toBe(401);
      expect(again.body.error).toBe('API_KEY_INVALID');
      await page.screenshot({ path: `${process.cwd()}/.artifacts/api-keys.png`, fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
