// The message centre in Chromium against the real server on the demo data (server/src/services/messages.ts
// seedDemoMessages: room 1105's lock battery at 12 %, room 2509's lock last synced ten days ago): the super
// administrator sees the low-battery message in their language, with the unread count in the menu, deletes it, and
// it stays gone after a reload; the kind filter lives in the URL. In English and in Arabic (right to left), each on
// a fresh server (a deleted message stays deleted while its condition holds). Build the console and the server
// first (see harness.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ConsoleLanguage, signIn, startConsole } from './harness.js';

const POLL = { timeout: 15_000 };

const lowBatteryRows = (page: Page) => page.locator('[data-testid="message-row"][data-kind="low_battery"]');

async function deleteLowBattery(
  language: ConsoleLanguage,
  expected: RegExp,
  kindLabel: string,
): Promise<void> {
  const app = await startConsole();
  try {
    const { context, page, problems } = await signIn(app.browser, app.base, { language });
    try {
      // The menu's badge: the two demo messages are unread.
      await expect.poll(() => page.getByTestId('menu-unread-messages').textContent(), POLL).toContain('2');

      await page.goto(`${app.base}/message/messageList`);
      await page.getByTestId('message-list').waitFor();
      await lowBatteryRows(page).first().waitFor();
      expect(await lowBatteryRows(page).count()).toBe(1);
      expect(await lowBatteryRows(page).getByTestId('message-text').textContent()).toMatch(expected);

      await lowBatteryRows(page).getByTestId('message-delete').click();
      await page.getByTestId('message-delete-ok').click();
      await expect.poll(() => lowBatteryRows(page).count(), POLL).toBe(0);

      await page.reload();
      await page.locator('[data-testid="message-row"][data-kind="lock_not_synced"]').waitFor();
      expect(await lowBatteryRows(page).count()).toBe(0);

      // The kind filter is in the URL: a shared link opens the same list.
      await page.goto(`${app.base}/message/messageList?kind=low_battery`);
      await page.getByTestId('message-list').waitFor();
      await page.locator('[data-testid="message-list"] .ant-empty').waitFor();
      expect(await page.getByTestId('message-kind').textContent()).toBe(kindLabel);
      expect(await page.getByTestId('message-row').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  } finally {
    await app.stop();
  }
}

describe('messages in the browser', () => {
  it('shows the low-battery message, deletes it, and it is gone after a reload (English)', async () => {
    await deleteLowBattery('en', /^Room 1105: lock battery 12 %/, 'Low battery');
  });

  it('the same in Arabic, right to left', async () => {
    await deleteLowBattery('ar', /^الغرفة 1105: بطارية القفل 12٪/, 'بطارية منخفضة');
  });
});
