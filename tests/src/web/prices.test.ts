// Price setting, price templates and the hotel information in a real browser against the real server (harness.ts):
// a room's prices set and read back after a reload, a template applied to rooms, and the HOTEL_INFO_REQUIRED
// redirect of a hotel whose information is still empty (a fresh install: create-admin, then start).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  type Console,
  type ConsoleLanguage,
  DEMO_ACCOUNTS,
  launchChromium,
  ROOT,
  SERVER_CLI,
  signIn,
  startConsole,
  startServer,
  stopProcess,
} from './harness.js';

let app: Console | undefined;
let browser: Browser | undefined;
let base = '';

beforeAll(async () => {
  app = await startConsole();
  browser = app.browser;
  base = app.base;
});

afterAll(async () => {
  await app?.stop();
});

/** 'YYYY-MM-DD' of the hotel day (Asia/Shanghai) `days` after today. */
function hotelDay(days = 0): string {
  return new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
/** Friday and Saturday nights take the weekend price. */
function isWeekendNight(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 5 || weekday === 6;
}

/** The input of an antd InputNumber carrying a test id. */
const numberInput = (scope: Page | Locator, id: string) =>
  scope.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

async function fillNumber(scope: Page | Locator, id: string, value: number | string): Promise<void> {
  const input = numberInput(scope, id);
  await input.fill('');
  await input.fill(String(value));
  await input.blur();
}

/** Picks rooms by name in a RoomPicker, typing each name as an operator would. */
async function pickRooms(page: Page, pickerId: string, names: string[]): Promise<void> {
  const select = page.getByTestId(`${pickerId}-select`);
  for (const name of names) {
    await select.locator('input').first().click();
    await select.locator('input').first().fill(name);
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).click();
  }
  await page.keyboard.press('Escape');
  await page
    .getByTestId(`${pickerId}-count`)
    .filter({ hasText: String(names.length) })
    .waitFor();
}

/** Sets a day's price on the calendar of a form. */
async function setDayPrice(page: Page, form: Locator, day: string, price: number): Promise<void> {
  await form.getByTestId(`price-day-${day}`).click();
  const modal = page.locator('.ant-modal:visible').filter({ has: page.getByTestId('day-price-input') });
  await fillNumber(modal, 'day-price-input', price);
  await modal.getByTestId('day-price-set').click();
  await form.locator(`[data-testid="price-day-${day}"][data-price="${price}"]`).waitFor();
}

async function openRoomPrices(page: Page, roomName: string): Promise<Locator> {
  await page.goto(`${base}/room/priceSet`);
  await page.getByTestId('price-set-page').waitFor();
  await pickRooms(page, 'room-picker', [roomName]);
  const editor = page.getByTestId('room-price-editor');
  await editor.getByTestId('price-form').waitFor();
  return editor;
}

async function setAndCheckRoomPrices(page: Page, language: ConsoleLanguage): Promise<void> {
  const room = language === 'en' ? '1105' : '1205';
  const day = hotelDay(0);
  const editor = await openRoomPrices(page, room);
  const form = editor.getByTestId('price-form');
  await fillNumber(form, 'price-usual', 288);
  await fillNumber(form, 'price-weekend', 338);
  await fillNumber(form, 'price-deposit', 150);
  const renew = form.getByTestId('price-renew');
  expect(await renew.getAttribute('aria-checked')).toBe('false');
  await renew.click();
  await setDayPrice(page, form, day, 388);
  await form.getByTestId('price-save').click();
  await page.locator('.ant-message-success').first().waitFor();
  await page.screenshot({ path: join(ARTIFACTS, `prices-room-${language}.png`), fullPage: true });

  // A reload reads everything back from the server: the URL kept the room.
  expect(new URL(page.url()).searchParams.get('room_id')).not.toBeNull();
  await page.reload();
  const again = page.getByTestId('room-price-editor');
  await again.getByTestId('price-form').waitFor();
  await again.locator('[data-testid="room-price-current"][data-price="288"]').waitFor({ state: 'attached' });
  expect(await numberInput(again, 'price-usual').inputValue()).toBe('288.00');
  expect(await numberInput(again, 'price-weekend').inputValue()).toBe('338.00');
  expect(await numberInput(again, 'price-deposit').inputValue()).toBe('150.00');
  expect(await again.getByTestId('price-renew').getAttribute('aria-checked')).toBe('true');
  await again.locator(`[data-testid="price-day-${day}"][data-price="388"]`).waitFor();

  // The quote of two nights from today: the specific day, then a weekend or usual night, plus the deposit.
  const second = isWeekendNight(hotelDay(1)) ? 338 : 288;
  await again
    .getByTestId('quote-total')
    .filter({ hasText: String(388 + second + 150) })
    .waitFor();

  // Clearing the day on the calendar and saving removes it.
  await again.getByTestId(`price-day-${day}`).click();
  await page.getByTestId('day-price-clear').click();
  await again.locator(`[data-testid="price-day-${day}"][data-price=""]`).waitFor();
  await again.getByTestId('price-save').click();
  await page.locator('.ant-message-success').nth(0).waitFor();
  await page.reload();
  await page.getByTestId('room-price-editor').getByTestId('price-form').waitFor();
  await page
    .getByTestId('room-price-editor')
    .locator('[data-testid="room-price-current"][data-price="288"]')
    .waitFor({ state: 'attached' });
  await page.locator(`[data-testid="price-day-${day}"][data-price=""]`).waitFor();
}

describe('price setting in Chromium against the real server', () => {
  it('English: sets a room’s prices and reads them back; a template applied to rooms reprices them', async () => {
    const { context, page, problems } = await signIn(browser!, base, { language: 'en' });
    await setAndCheckRoomPrices(page, 'en');

    // The room detail's price tab (helper "rooms" renders RoomPricePanel) shows the same prices.
    const roomId = new URL(page.url()).searchParams.get('room_id');
    await page.goto(`${base}/room/roomDetails?id=${roomId}&tab=price`);
    const panel = page.getByTestId('room-price-editor');
    await panel
      .locator('[data-testid="room-price-current"][data-price="288"]')
      .waitFor({ state: 'attached' });
    expect(await numberInput(panel, 'price-deposit').inputValue()).toBe('150.00');
    await page.screenshot({ path: join(ARTIFACTS, 'prices-room-detail-en.png'), fullPage: true });

    // A price below 1 is refused in the form with the spec's message.
    const form = page.getByTestId('room-price-editor').getByTestId('price-form');
    await fillNumber(form, 'price-usual', 0.5);
    await form.getByTestId('price-save').click();
    await form.getByText('Price cannot be less than 1!').waitFor();

    // Several rooms at once: the same prices saved into each, renewal left as each room had it.
    await page.goto(`${base}/room/priceSet`);
    await pickRooms(page, 'room-picker', ['2105', '2106']);
    const many = page.getByTestId('many-price-form');
    await fillNumber(many, 'price-usual', 210);
    await fillNumber(many, 'price-deposit', 20);
    await many.getByTestId('price-save').click();
    await page.getByText('The prices of 2 rooms are saved').waitFor();
    for (const name of ['2105', '2106']) {
      const editor = await openRoomPrices(page, name);
      await editor
        .locator('[data-testid="room-price-current"][data-price="210"]')
        .waitFor({ state: 'attached' });
      expect(await numberInput(editor, 'price-deposit').inputValue()).toBe('20.00');
      expect(await editor.getByTestId('price-renew').getAttribute('aria-checked')).toBe('false');
    }

    // A template: created with a specific day, applied to two rooms, which then carry its prices.
    const day = hotelDay(3);
    await page.goto(`${base}/room/priceSet?tab=templates`);
    await page.getByTestId('templates').waitFor();
    await page.getByTestId('template-new').click();
    const tForm = page.getByTestId('template-form');
    await tForm.getByTestId('template-name').fill('Festival E2E');
    await fillNumber(tForm, 'price-usual', 520);
    await fillNumber(tForm, 'price-deposit', 60);
    // Three days on is always on the month's grid (it shows at least five days of the next month).
    await setDayPrice(page, tForm, day, 666);
    await tForm.getByTestId('price-save').click();
    const row = page.locator('[data-testid="template-row"][data-name="Festival E2E"]');
    await row.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'prices-templates-en.png'), fullPage: true });

    await row.getByTestId('template-apply').click();
    await pickRooms(page, 'apply-picker', ['1106', '1107']);
    await page.getByTestId('apply-ok').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.getByText('The template now prices 2 rooms').waitFor();
    await row.locator('td').filter({ hasText: /^2$/ }).first().waitFor();

    for (const name of ['1106', '1107']) {
      const editor = await openRoomPrices(page, name);
      await editor
        .locator('[data-testid="room-price-current"][data-price="520"]')
        .waitFor({ state: 'attached' });
      expect(await numberInput(editor, 'price-deposit').inputValue()).toBe('60.00');
    }
    await page.locator(`[data-testid="price-day-${day}"][data-price="666"]`).waitFor();

    // Applied to a single room, the confirmation and the result say 'room', not 'rooms'.
    await page.goto(`${base}/room/priceSet?tab=templates`);
    await row.getByTestId('template-apply').click();
    await pickRooms(page, 'apply-picker', ['1108']);
    await page.getByTestId('apply-ok').click();
    await page
      .locator('.ant-modal-confirm-title')
      .filter({ hasText: 'Apply “Festival E2E” to 1 room?' })
      .waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.getByText('The template now prices 1 room', { exact: true }).waitFor();

    // Edited, then a throwaway template deleted after the confirmation.
    await page.goto(`${base}/room/priceSet?tab=templates`);
    await row.getByTestId('template-edit').click();
    const edit = page.getByTestId('template-form');
    expect(await edit.getByTestId('template-name').inputValue()).toBe('Festival E2E');
    await fillNumber(edit, 'price-usual', 530);
    await edit.getByTestId('price-save').click();
    await row.locator('td').filter({ hasText: /^530$/ }).waitFor();
    await row.getByTestId('template-delete').click();
    await page.getByTestId('template-delete-ok').click();
    await row.waitFor({ state: 'detached' });
    // The rooms keep the prices the template gave them.
    const kept = await openRoomPrices(page, '1106');
    await kept.locator('[data-testid="room-price-current"][data-price="520"]').waitFor({ state: 'attached' });

    expect(problems).toEqual([]);
    await context.close();
  });

  it('staff without the price permission see a room’s prices and the templates read-only, with a note', async () => {
    const { context, page, problems } = await signIn(browser!, base, {
      language: 'en',
      account: DEMO_ACCOUNTS.staff,
    });
    const editor = await openRoomPrices(page, '1106');
    await editor.getByTestId('price-read-only').waitFor();
    expect(await editor.getByTestId('price-save').count()).toBe(0);
    expect(await numberInput(editor, 'price-usual').isDisabled()).toBe(true);
    // The room detail's price tab reads the same prices (room/priceInfo), read-only as well.
    const roomId = new URL(page.url()).searchParams.get('room_id');
    await page.goto(`${base}/room/roomDetails?id=${roomId}&tab=price`);
    const panel = page.getByTestId('room-price-editor');
    await panel.getByTestId('price-read-only').waitFor();
    expect(await panel.getByTestId('price-save').count()).toBe(0);
    // Templates: listed and opened, never added, applied or deleted.
    await page.goto(`${base}/room/priceSet?tab=templates`);
    await page.getByTestId('templates').getByTestId('price-read-only').waitFor();
    expect(await page.getByTestId('template-new').count()).toBe(0);
    await page.getByTestId('template-view').first().click();
    const form = page.getByTestId('template-form');
    await form.waitFor();
    expect(await form.getByTestId('price-save').count()).toBe(0);
    expect(await page.getByTestId('template-delete').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Arabic, right to left: sets and reads back a room’s prices; 375 px wide', async () => {
    const { context, page, problems } = await signIn(browser!, base, { language: 'ar' });
    await setAndCheckRoomPrices(page, 'ar');
    expect(await page.evaluate('getComputedStyle(document.body).direction')).toBe('rtl');
    await page.goto(`${base}/room/priceSet?tab=templates`);
    const template = page.locator('[data-testid="template-row"]').first();
    await template.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'prices-templates-ar.png'), fullPage: true });
    // Arabic counts have six forms: one room is 'غرفة واحدة', not '1 غرفة'.
    const name = await template.getAttribute('data-name');
    await template.getByTestId('template-apply').click();
    await pickRooms(page, 'apply-picker', ['1208']);
    await page.getByTestId('apply-ok').click();
    await page
      .locator('.ant-modal-confirm-title')
      .filter({ hasText: `تطبيق «${name}» على غرفة واحدة؟` })
      .waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.getByText('القالب يسعّر الآن غرفة واحدة', { exact: true }).waitFor();
    await page.goto(`${base}/center/personalCenter`);
    await page.getByTestId('hotel-info-form').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'personal-center-ar.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();

    const narrow = await signIn(browser!, base, { language: 'en', viewport: { width: 375, height: 800 } });
    const editor = await openRoomPrices(narrow.page, '1110');
    await editor.getByTestId('quote-summary').waitFor();
    const overflow = await narrow.page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await narrow.page.screenshot({ path: join(ARTIFACTS, 'prices-room-375.png'), fullPage: true });
    await narrow.page.goto(`${base}/room/priceSet?tab=templates`);
    await narrow.page.locator('[data-testid="template-row"]').first().waitFor();
    await narrow.page.screenshot({ path: join(ARTIFACTS, 'prices-templates-375.png'), fullPage: true });
    await narrow.page.goto(`${base}/center/personalCenter`);
    await narrow.page.getByTestId('hotel-info-form').waitFor();
    await narrow.page.screenshot({ path: join(ARTIFACTS, 'personal-center-375.png'), fullPage: true });
    expect(narrow.problems).toEqual([]);
    await narrow.context.close();
  });
});

/** Runs `lockdesk-server create-admin` on a data directory: a hotel with a name only. */
function createAdmin(dataDir: string, mobile: string, password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [SERVER_CLI, 'create-admin', '--mobile', mobile, '--password', password, '--data-dir', dataDir],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`create-admin failed:\n${output}`)),
    );
  });
}

describe('the hotel information first (spec §5)', () => {
  it('a refusal for missing hotel information sends the operator to the form, and back once it is saved', async () => {
    // A fresh install: the administrator's hotel has no address nor telephone (the demo, which has them, is
    // written only into an empty install).
    const dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-hotel-'));
    const mobile = '13911112222';
    const password = 'fresh-admin-1';
    await createAdmin(dataDir, mobile, password);
    const server = await startServer(dataDir);
    const chromium = await launchChromium();
    try {
      const { page, problems } = await signIn(chromium, server.url, {
        language: 'en',
        account: mobile,
        password,
      });
      await page.goto(`${server.url}/room/priceSet?tab=templates`);
      // The login answer's hotelInfo: false shows as a banner before anything is tried.
      await page.getByTestId('hotel-info-notice').waitFor();

      await page.getByTestId('template-new').click();
      const form = page.getByTestId('template-form');
      await form.getByTestId('template-name').fill('Opening week');
      await fillNumber(form, 'price-usual', 300);
      await form.getByTestId('price-save').click();

      // The request layer sends the operator to the hotel information, naming the page to return to.
      await page.waitForURL(
        /\/center\/personalCenter\?reason=hotelInfo&redirect=%2Froom%2FpriceSet%3Ftab%3Dtemplates$/,
      );
      await page
        .getByTestId('hotel-info-required')
        .getByText('Merchant or hotel information must be completed first')
        .waitFor();
      const info = page.getByTestId('hotel-info-form');
      await info.waitFor();

      // Validation with the catalogue's messages; the map link appears only with a valid position.
      await info.getByTestId('hotel-save').click();
      await info.getByText('Merchant or hotel name is required').waitFor();
      await info.getByTestId('hotel-name').fill('Harbour View Inn');
      await info.getByTestId('hotel-address').fill('1 Harbour Road, Qingdao');
      await info.getByTestId('hotel-telephone').fill('0532-8888 1234');
      await fillNumber(info, 'hotel-latitude', 95);
      await fillNumber(info, 'hotel-longitude', 120.38);
      await info.getByText('Map latitude is invalid').waitFor();
      expect(await info.getByTestId('hotel-map-link').count()).toBe(0);
      await fillNumber(info, 'hotel-latitude', 36.06);
      const link = info.getByTestId('hotel-map-link');
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(
        'https://www.openstreetmap.org/?mlat=36.06&mlon=120.38#map=17/36.06/120.38',
      );
      await page.screenshot({ path: join(ARTIFACTS, 'personal-center-en.png'), fullPage: true });

      // Saved: back to the templates, where the same template can now be created.
      await info.getByTestId('hotel-save').click();
      await page.waitForURL(/\/room\/priceSet\?tab=templates$/);
      await page.getByTestId('templates').waitFor();
      expect(await page.getByTestId('hotel-info-notice').count()).toBe(0);
      await page.getByTestId('template-new').click();
      const again = page.getByTestId('template-form');
      await again.getByTestId('template-name').fill('Opening week');
      await fillNumber(again, 'price-usual', 300);
      await again.getByTestId('price-save').click();
      await page.locator('[data-testid="template-row"][data-name="Opening week"]').waitFor();

      // The information reads back after a reload.
      await page.goto(`${server.url}/center/personalCenter`);
      await page.getByTestId('hotel-info-form').waitFor();
      expect(await page.getByTestId('hotel-name').inputValue()).toBe('Harbour View Inn');
      expect(await page.getByTestId('hotel-telephone').inputValue()).toBe('0532-8888 1234');
      expect(await page.getByTestId('hotel-info-required').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await chromium.close().catch(() => {});
      await stopProcess(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
