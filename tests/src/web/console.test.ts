// The console in a real browser against the real server: Debian's Chromium driven through playwright-core, the
// server started from its build with demo data (harness.ts). It builds nothing: run `pnpm -r build` (or the root
// `pnpm test`, which does) first.
import { join } from 'node:path';
import { decryptEnvelope, encryptEnvelope } from '@lockdesk/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, type Console, DEMO_ACCOUNTS, DEMO_PASSWORD, startConsole } from './harness.js';

const DEMO = { account: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD };

let app: Console | undefined;
let browser: Browser | undefined;
let base = '';

const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

beforeAll(async () => {
  app = await startConsole();
  browser = app.browser;
  base = app.base;
});

afterAll(async () => {
  await app?.stop();
});

describe('the console in Chromium against the real server', () => {
  it('signs in, switches to Arabic, goes mobile, finds the 404 and signs out with the redirect kept', async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));

    // A visitor is sent to login with the path kept; English is chosen for the checks below.
    await page.goto(`${base}/room/roomList`);
    await page.waitForURL(/\/login\?redirect=%2Froom%2FroomList$/);
    await page.evaluate("window.localStorage.setItem('language', 'en')");
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(await page.title()).toBe('Sign in - LockDesk');
    await page.screenshot({ path: join(ARTIFACTS, 'login-en.png') });

    // A wrong password: the server's refusal, in the English wording of spec §8.
    await page.getByPlaceholder('Mobile number or email').fill(DEMO.account);
    await page.getByPlaceholder('At least 6 characters').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect password', { exact: true }).waitFor();

    // The demo account signs in and lands on the room page it asked for.
    await page.getByPlaceholder('At least 6 characters').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/room/roomList`);
    const layout = page.getByTestId('console-layout');
    await layout.waitFor();
    expect(await page.title()).toBe('Room management - LockDesk');
    expect(await page.locator('.ant-menu').first().textContent()).toContain('Equipment');
    expect(await layout.getAttribute('data-mobile')).toBe('false');
    // The landing page is the real room list (issue 8), inside the console layout.
    await layout.getByTestId('room-list').waitFor();
    await page.getByText('Incorrect password', { exact: true }).waitFor({ state: 'detached' });
    await page.screenshot({ path: join(ARTIFACTS, 'console-en.png'), fullPage: true });

    // Arabic: the page reloads right to left, in Arabic.
    await page.getByTestId('language-select').click();
    await Promise.all([
      page.waitForEvent('load'),
      page.locator('.ant-dropdown-menu').getByText('العربية').click(),
    ]);
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached' });
    await layout.waitFor();
    expect(await page.title()).toBe('إدارة الغرف - LockDesk');
    await layout.getByTestId('room-list').waitFor();
    const menu = await page.locator('.ant-menu').first().textContent();
    expect(menu).toContain('إدارة الغرف');
    expect(menu).toContain('إدارة البطاقات');
    expect(await page.locator('.ant-menu-rtl').count()).toBeGreaterThan(0);
    expect(await page.evaluate('getComputedStyle(document.body).direction')).toBe('rtl');
    const sidebar = await page.getByTestId('sidebar').boundingBox();
    expect(sidebar?.width).toBe(210);
    // Right to left: the sidebar sits at the right edge.
    expect(Math.round((sidebar?.x ?? 0) + (sidebar?.width ?? 0))).toBe(1280);
    await page.screenshot({ path: join(ARTIFACTS, 'console-ar.png'), fullPage: true });

    // An unknown path goes to /404.
    await page.goto(`${base}/no/such/page`);
    await page.waitForURL(`${base}/404`);
    await page.getByTestId('not-found').waitFor();

    // Below 992 px: mobile mode, sidebar closed (and remembered closed).
    await page.goto(`${base}/card/floorCard`);
    await layout.waitFor();
    expect(await layout.getAttribute('data-sidebar')).toBe('open');
    await page.setViewportSize({ width: 800, height: 800 });
    await page.locator('[data-testid="console-layout"][data-mobile="true"][data-sidebar="closed"]').waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await page.screenshot({ path: join(ARTIFACTS, 'console-ar-mobile.png') });
    // A phone: the navbar keeps one row (the page title, the language, the avatar) and nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    const bar = await page.locator('.ant-layout-header').boundingBox();
    const crumb = await page.getByTestId('breadcrumb').boundingBox();
    expect(bar?.height).toBe(56);
    expect(crumb && bar && crumb.y >= bar.y && crumb.y + crumb.height <= bar.y + bar.height).toBe(true);
    expect(await page.getByTestId('breadcrumb').textContent()).toBe('بطاقة الطابق');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

    // Sign-out keeps the current path in redirect, and the session is gone.
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown-menu').getByText('تسجيل الخروج').click();
    await page.waitForURL(`${base}/login?redirect=%2Fcard%2FfloorCard`);
    await page.getByTestId('login-form').waitFor();
    expect((await context.cookies()).find((c) => c.name === 'smart_lock_userinfo')).toBeUndefined();
    await page.goto(`${base}/room/roomList`);
    await page.waitForURL(/\/login\?redirect=%2Froom%2FroomList$/);

    expect(problems).toEqual([]);
    expect(pathOf(page)).toBe('/login?redirect=%2Froom%2FroomList');
    await context.close();
  });

  it('asks for the graphic code after three failed sign-ins, with the picture from the server', async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.evaluate("window.localStorage.setItem('language', 'en')");
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    // The staff demo account: the super administrator's failure count above stays untouched.
    await page.getByPlaceholder('Mobile number or email').fill('13800138002');
    await page.getByPlaceholder('At least 6 characters').fill('wrong-password');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Incorrect password', { exact: true }).first().waitFor();
      await page.getByText('Incorrect password', { exact: true }).first().waitFor({ state: 'detached' });
    }
    const picture = page.getByTestId('captcha').locator('img');
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please enter the graphic code').waitFor();
    await page.getByPlaceholder('4 digits').fill('12');
    await page.getByText('The graphic code is 4 digits').waitFor();

    // A wrong code (1 chance in 10,000 that 0000 is right): the English rewrite of the server's wording.
    await page.getByPlaceholder('4 digits').fill('0000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect verification code', { exact: true }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'login-graphic-code.png') });
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('recovers a password with the SMS code, signs in with it and changes it again', async () => {
    const mobile = '13800138001';
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.evaluate("window.localStorage.setItem('language', 'en')");
    await page.goto(`${base}/find`);
    await page.getByTestId('find-form').waitFor();
    await page.getByPlaceholder('11-digit mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(/^Resend in \d+ s$/).waitFor();

    // The demo server's outbox holds the text message the SMS provider would have sent.
    const outbox = await manage<{ list: { text: string }[] }>('dev/smsOutbox', { mobile });
    const code = /(\d{6})/.exec(outbox.list[0]?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByPlaceholder('Code from the text message').fill(code!);
    const [password, confirm] = await page.locator('input[type="password"]').all();
    await password!.fill('recovered1');
    await confirm!.fill('recovered1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(`${base}/login`);

    await page.getByPlaceholder('Mobile number or email').fill(mobile);
    await page.getByPlaceholder('At least 6 characters').fill('recovered1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/room/roomList`);

    await page.goto(`${base}/user`);
    await page.waitForURL(`${base}/user/changePsw`);
    await page.getByTestId('change-password-form').waitFor();
    const [old, fresh, again] = await page.locator('input[type="password"]').all();
    await old!.fill('wrong-old-password');
    await fresh!.fill('demo1234');
    await again!.fill('demo1234');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Incorrect password', { exact: true }).waitFor();
    await old!.fill('recovered1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed; your other sessions were signed out').waitFor();
    expect(pathOf(page)).toBe('/user/changePsw');
    await context.close();
  });
});

/** One /manage call from the test itself, through the envelope (the demo-only outbox). */
async function manage<T>(path: string, fields: Record<string, unknown>): Promise<T> {
  const sealed = encryptEnvelope({ ...fields, action: 'manage' });
  if (!sealed.ok) throw new Error(sealed.detail);
  const response = await fetch(`${base}/manage/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en' },
    body: JSON.stringify({ data: sealed.value, language: 'en' }),
  });
  const body = (await response.json()) as { data: string };
  const opened = decryptEnvelope<{ errno: number; errmsg: string; data: T }>(body.data);
  if (!opened.ok) throw new Error(opened.detail);
  if (opened.value.errno !== 0) throw new Error(`${path}: ${opened.value.errno} ${opened.value.errmsg}`);
  return opened.value.data;
}
