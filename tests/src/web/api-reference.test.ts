// The API reference in Chromium against the built server: the personal centre's card opens /api-docs/ in a new tab,
// the page (Swagger UI, served by the server itself: no request leaves the server's origin) shows a /manage call
// with its decrypted body's fields and its access; and the card reads in Arabic, right to left. Build the console
// and the server first (see harness.ts).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Console, signIn, startConsole } from './harness.js';

/** The browser and the server share two cores with other suites: give pages time. */
const POLL = { timeout: 20_000 };

let run: Console | undefined;

beforeAll(async () => {
  run = await startConsole();
}, 90_000);

afterAll(async () => {
  await run?.stop();
});

/** Requests of a page that went to another origin than the server's. */
function foreignRequests(page: Page, base: string): string[] {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(`${base}/`) && !url.startsWith('data:') && !url.startsWith('blob:'))
      foreign.push(url);
  });
  return foreign;
}

describe('the API reference', () => {
  it('opens from the personal centre and shows a /manage call with its body and access', async () => {
    if (!run) throw new Error('no console');
    const { context, page, problems } = await signIn(run.browser, run.base, { language: 'en' });
    try {
      await page.goto(`${run.base}/center/personalCenter`);
      const card = page.getByTestId('api-reference-card');
      await card.waitFor(POLL);
      expect(await card.textContent()).toContain('For developers');
      const link = page.getByTestId('api-reference-link');
      expect(await link.getAttribute('target')).toBe('_blank');

      const opened = context.waitForEvent('page', POLL);
      await link.click();
      const docs = await opened;
      const foreign = foreignRequests(docs, run.base);
      await docs.waitForURL(`${run.base}/api-docs/`, POLL);

      // The document's title and description, then the Account section's login call.
      await docs.getByText('LockDesk server API').first().waitFor(POLL);
      await docs.locator('#operations-tag-Account').click();
      const login = docs.locator('#operations-Account-manage_login');
      await login.waitFor(POLL);
      expect(await login.locator('.opblock-summary-path').textContent()).toContain('/manage/login');
      await login.locator('.opblock-summary-control').click();
      await login.getByText('Public: no session needed.').waitFor(POLL);
      // The decrypted body's schema lists the call's own fields.
      await login.getByText('Schema', { exact: true }).first().click();
      await login.getByText('captchaId').first().waitFor(POLL);

      expect(foreign).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('reads in Arabic, right to left', async () => {
    if (!run) throw new Error('no console');
    const { context, page, problems } = await signIn(run.browser, run.base, { language: 'ar' });
    try {
      await page.goto(`${run.base}/center/personalCenter`);
      const card = page.getByTestId('api-reference-card');
      await card.waitFor(POLL);
      expect(await card.textContent()).toContain('للمطوّرين');
      expect(await page.getByTestId('api-reference-link').textContent()).toContain('مرجع واجهة البرمجة');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
