// The bill centre and business information in a real browser against the real server (harness.ts), on the demo's
// money (server/src/demo-money.ts): the super administrator, in Chinese, recharges, refunds an order and sees the
// right balance after each; the business page draws real charts; in English the menu hides both pages (spec §1).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Console, type ConsoleLanguage, signIn, startConsole } from './harness.js';

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

/** '¥1,234.56' as fen, read from the digits so no float is involved. */
function fenOf(text: string): number {
  const m = /(-?)¥([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`not a yuan amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number((m[2] as string).replace(/,/g, '')) * 100 + Number(m[3]));
}

async function balanceFen(page: Page): Promise<number> {
  const balance = page.getByTestId('account-balance');
  await expect.poll(async () => /¥/.test((await balance.textContent()) ?? '')).toBe(true);
  return fenOf((await balance.textContent()) ?? '');
}

/** Waits until the balance shown is the expected one (the page refetches it after each move). */
async function expectBalance(page: Page, fen: number): Promise<void> {
  await expect.poll(() => balanceFen(page), { timeout: 15_000 }).toBe(fen);
}

// The console's language for Chinese (the harness types its two suite languages; any stored code works).
const CHINESE = 'chs' as unknown as ConsoleLanguage;

describe('bills in the browser', () => {
  it('recharges, refunds an order and shows the right balance after each (Chinese)', async () => {
    const { context, page, problems } = await signIn(browser, base, { language: CHINESE });
    try {
      const menu = (await page.locator('.ant-menu').first().textContent()) ?? '';
      expect(menu).toContain('商户信息');
      expect(menu).toContain('账单中心');

      await page.goto(`${base}/bill/index`);
      await page.getByTestId('bill-page').waitFor();
      const start = await balanceFen(page);
      expect(start).toBeGreaterThan(0);

      // Recharge ¥0.10 three times: exactly 30 fen more.
      for (let i = 0; i < 3; i++) {
        await page.getByTestId('recharge-open').click();
        await page.getByTestId('recharge-amount').fill('0.10');
        await page.getByTestId('recharge-submit').click();
        await page.getByTestId('recharge-amount').waitFor({ state: 'detached' });
        await expectBalance(page, start + 10 * (i + 1));
      }
      const recharged = start + 30;

      // Refund ¥12.34 of the first refundable order, the form offering all that is refundable first.
      const row = page
        .getByTestId('bill-row')
        .filter({ has: page.getByTestId('bill-refund') })
        .first();
      await row.getByTestId('bill-refund').click();
      const refundable = fenOf((await page.getByTestId('refund-refundable').textContent()) ?? '');
      expect(refundable).toBeGreaterThan(1234);
      const amount = page.getByTestId('refund-amount');
      expect(fenOf(`¥${await amount.inputValue()}`)).toBe(refundable);
      await amount.fill('12.34');
      await page.getByTestId('refund-submit').click();
      await amount.waitFor({ state: 'detached' });
      await expectBalance(page, recharged - 1234);

      // The refund is listed, and the URL keeps the kind filter across a reload.
      await page.goto(`${base}/bill/index?kind=refund`);
      await page.getByTestId('bill-row').first().waitFor();
      expect(await page.getByTestId('bill-amount').first().textContent()).toContain('¥12.34');
      await page.reload();
      await page.getByTestId('bill-row').first().waitFor();
      expect(page.url()).toContain('kind=refund');
      await expectBalance(page, recharged - 1234);

      // Business information: the same balance and real charts (canvas) of the last 30 days.
      await page.goto(`${base}/business/index`);
      await page.getByTestId('business-page').waitFor();
      await expectBalance(page, recharged - 1234);
      await page.getByTestId('chart-revenue').locator('canvas').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('chart-occupancy').locator('canvas').first().waitFor({ timeout: 30_000 });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('hides business and bill from the menu in English', async () => {
    const { context, page } = await signIn(browser, base, { language: 'en' });
    try {
      const menu = (await page.locator('.ant-menu').first().textContent()) ?? '';
      expect(menu).toContain('Equipment');
      expect(menu).not.toContain('Business information');
      expect(menu).not.toContain('Bill center');
    } finally {
      await context.close();
    }
  });
});
