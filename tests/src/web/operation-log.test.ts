// The operation log and the customer page in Chromium against the real server on the demo data. The super
// administrator and the secondary administrator act on rooms through the API; in the console the super administrator
// filters the log by room (searched on the server) and by person, both kept in the URL, and exports the filtered log
// as CSV, which downloads with only that person's entries. The customer manager (13800138009) signs in, lands on its
// customers page and sees the demo hotel, with a sidebar of its own pages and no Card Reading button, and its user
// menu works; the super administrator sees that manager on the same page. Build the
// console and the server first (see harness.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manageCall } from '@lockdesk/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, type Console, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, startConsole } from './harness.js';

const POLL = { timeout: 15_000 };
const CUSTOMER_MANAGER = '13800138009';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let app: Console | undefined;

beforeAll(async () => {
  app = await startConsole();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

type Session = { token: string; uid: number };

/** One /manage call from the test itself; answers errno and data (refusals are entries of the log too). */
function call<T>(session: Session | undefined, path: string, fields: Record<string, unknown>) {
  return manageCall<T>(app!.base, path, fields, session ? { token: session.token, uid: session.uid } : {});
}

async function login(mobile: string): Promise<Session> {
  const answer = await call<Session>(undefined, 'login', { mobile, password: DEMO_PASSWORD });
  if (answer.errno !== 0) throw new Error(`login ${mobile}: ${answer.errmsg}`);
  return answer.data;
}

async function roomId(session: Session, name: string): Promise<number> {
  const rooms = await call<{ list: { id: number; name: string }[] }>(session, 'room/allLock', { name });
  const room = rooms.data.list.find((r) => r.name === name);
  if (!room) throw new Error(`no room ${name}`);
  return room.id;
}

/** Picks an option of an antd searchable select by typing and clicking the option's text. */
async function pick(page: Page, testId: string, typed: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(typed);
  await page.locator('.ant-select-item-option', { hasText: option }).first().click();
}

const rows = (page: Page) => page.getByTestId('oplog-row');

describe('operation log in the browser', () => {
  it('filters by room and by person in the URL, and exports the filtered log as CSV', async () => {
    const owner = await login(DEMO_ACCOUNTS.super);
    const manager = await login(DEMO_ACCOUNTS.secondary);
    const status = (s: Session, room: number, value: number) =>
      call(s, 'room/setRoomStatus', { room_id: room, status: value });
    await status(owner, await roomId(owner, '2106'), 3);
    await status(owner, await roomId(owner, '1101'), 3);
    await status(manager, await roomId(owner, '1206'), 3);

    const { context, page, problems } = await signIn(app!.browser, app!.base, { language: 'en' });
    try {
      await page.goto(`${app!.base}/operation/operation`);
      await page.getByTestId('operation-log').waitFor();
      await rows(page).first().waitFor();

      await pick(page, 'oplog-room', '2106', '2106');
      await expect.poll(() => page.url(), POLL).toMatch(/[?&]room=\d+/);
      await expect.poll(() => rows(page).count(), POLL).toBe(1);
      expect(await rows(page).first().textContent()).toContain('2106');

      // A shared link keeps the filter: open it afresh.
      await page.reload();
      await expect.poll(() => rows(page).count(), POLL).toBe(1);
      expect(await rows(page).first().textContent()).toContain('2106');

      await page.goto(`${app!.base}/operation/operation`);
      await rows(page).first().waitFor();
      await pick(page, 'oplog-person', 'Building', 'Building 1 manager');
      await expect.poll(() => page.url(), POLL).toMatch(/[?&]user=\d+/);
      await expect
        .poll(async () => (await rows(page).allTextContents()).join('\n'), POLL)
        .not.toContain('Demo owner');
      const texts = await rows(page).allTextContents();
      expect(texts.length).toBeGreaterThanOrEqual(2);
      for (const text of texts) expect(text).toContain('Building 1 manager');
      await page.screenshot({ path: join(ARTIFACTS, 'operation-log-person.png') });

      const downloaded = page.waitForEvent('download', POLL);
      await page.getByTestId('oplog-export').click();
      await page.locator('.ant-dropdown-menu-item', { hasText: 'CSV' }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/^operation-log-.*\.csv$/);
      const file = readFileSync((await download.path()) as string, 'utf8');
      expect(file).toContain('Building 1 manager');
      expect(file).toContain('room/setRoomStatus');
      expect(file).not.toContain('Demo owner');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('customers in the browser', () => {
  it('a customer manager lands on its clients; the super administrator sees its customer manager', async () => {
    const cm = await signIn(app!.browser, app!.base, { language: 'en', account: CUSTOMER_MANAGER });
    try {
      await expect.poll(() => new URL(cm.page.url()).pathname, POLL).toBe('/center/customer');
      await cm.page.getByTestId('customer-clients').waitFor();
      await cm.page.getByTestId('customer-row').first().waitFor();
      expect(await cm.page.getByTestId('customer-row').first().textContent()).toContain(
        'LockDesk Demo Hotel',
      );
      // Its sidebar lists what it may open (the customers page, highlighted, and the personal centre) and no
      // Card Reading button: it has no rooms or cards.
      const sidebar = cm.page.getByTestId('sidebar');
      const items = sidebar.locator('.ant-menu-item');
      await expect
        .poll(() => items.allTextContents(), POLL)
        .toEqual(['Personal center', 'Customer management']);
      expect(await sidebar.locator('.ant-menu-item-selected').textContent()).toBe('Customer management');
      expect(await cm.page.getByTestId('card-reading-button').count()).toBe(0);
      await cm.page.screenshot({ path: join(ARTIFACTS, 'customers-manager.png') });

      // The user menu: personal information, change password, and home back to the customers page.
      const pick = async (item: string) => {
        await cm.page.getByTestId('user-menu').click();
        await cm.page.locator(`.ant-dropdown:visible li[data-menu-id$="-${item}"]`).click();
      };
      await pick('personal');
      await cm.page.waitForURL((u) => u.pathname === '/center/personalCenter');
      await cm.page.getByTestId('personal-center').waitFor();
      expect(await cm.page.getByTestId('no-access').count()).toBe(0);
      await pick('password');
      await cm.page.waitForURL((u) => u.pathname === '/user/changePsw');
      await cm.page.getByTestId('change-password-form').waitFor();
      await pick('home');
      await cm.page.waitForURL((u) => u.pathname === '/center/customer');
      await cm.page.getByTestId('customer-row').first().waitFor();
      // The menu entry opens the personal centre too.
      await sidebar.getByText('Personal center').click();
      await cm.page.waitForURL((u) => u.pathname === '/center/personalCenter');
      expect(cm.problems).toEqual([]);
    } finally {
      await cm.context.close();
    }
    const owner = await signIn(app!.browser, app!.base, { language: 'en' });
    try {
      await owner.page.goto(`${app!.base}/center/customer`);
      expect(await owner.page.getByTestId('customer-manager-mobile').textContent()).toBe(CUSTOMER_MANAGER);

      // The personal centre: a picture uploaded through oss/token, shown at 80 × 80.
      await owner.page.goto(`${app!.base}/center/personalCenter`);
      await owner.page.getByTestId('account-avatar-change').waitFor();
      await owner.page
        .locator('[data-testid="account-card"] input[type="file"]')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      const img = owner.page.locator('[data-testid="account-avatar"] img');
      await expect
        .poll(async () => (await img.count()) > 0 && (await img.getAttribute('src')), POLL)
        .toMatch(/^\/files\/.+\.png$/);
      const box = await owner.page.getByTestId('account-avatar').boundingBox();
      expect(box?.width).toBe(80);
      expect(owner.problems).toEqual([]);
    } finally {
      await owner.context.close();
    }
  }, 120_000);
});
