// The console's first language in a real browser (issue 19 §4): with nothing in local storage, Chromium started in
// a language of the 12 (its `locale`, which sets navigator.languages) lands on the login page in that language, and
// one in none of them in Chinese. Nothing is stored: the business and bill menus keep the spec's unset rule. The
// collapsed sidebar's Card Reading button keeps its accessible name. Run `pnpm -r build` first.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Console, DEMO_ACCOUNTS, DEMO_PASSWORD, startConsole } from './harness.js';

/** The English texts looked for (web/src/i18n/locales/en.ts). */
const EN = {
  signIn: 'Sign in',
  account: 'Mobile number or email',
  password: 'At least 6 characters',
  business: 'Business information',
  bill: 'Bill center',
  cardReading: 'Card reading',
};

let app: Console | undefined;
let browser: Browser;
let base = '';

beforeAll(async () => {
  app = await startConsole();
  browser = app.browser;
  base = app.base;
});

afterAll(async () => {
  await app?.stop();
});

/** A fresh Chromium context in `locale` (nothing stored) on the login page, once its form is shown. */
async function loginPageIn(locale: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByTestId('login-form').waitFor();
  return { context, page };
}

describe('the console’s first language', () => {
  it('is the browser’s when it is one of the 12: English for en-US, nothing stored, business and bill still shown', async () => {
    const { context, page } = await loginPageIn('en-US');
    try {
      expect(await page.evaluate('navigator.languages[0]')).toBe('en-US');
      await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
      expect(await page.title()).toBe(`${EN.signIn} - LockDesk`);
      await page.getByRole('button', { name: EN.signIn }).waitFor();
      expect(await page.evaluate("window.localStorage.getItem('language')")).toBeNull();

      await page.getByPlaceholder(EN.account).fill(DEMO_ACCOUNTS.super);
      await page.getByPlaceholder(EN.password).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: EN.signIn }).click();
      const layout = page.getByTestId('console-layout');
      await layout.waitFor();
      // Spec §1: business and bill are shown while the stored language is Chinese or unset — it is unset.
      const menu = page.locator('.ant-menu').first();
      await menu.getByText(EN.business, { exact: true }).waitFor();
      await menu.getByText(EN.bill, { exact: true }).waitFor();
      expect(await page.evaluate("window.localStorage.getItem('language')")).toBeNull();

      // The sidebar collapsed: the Card Reading button shows only its icon, and keeps its name.
      await page.getByTestId('sidebar-toggle').click();
      await page.locator('[data-testid="console-layout"][data-sidebar="closed"]').waitFor();
      const reading = page.getByRole('button', { name: EN.cardReading, exact: true });
      await reading.waitFor();
      expect((await reading.textContent())?.trim()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('is Chinese for a browser in none of the 12', async () => {
    const { context, page } = await loginPageIn('sv-SE');
    try {
      await page.locator('html[lang="zh-CN"]').waitFor({ state: 'attached' });
      expect(await page.title()).toBe('登录 - LockDesk');
    } finally {
      await context.close();
    }
  });
});
