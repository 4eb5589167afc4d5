// The front desk in Chromium against the real server: a guest checked in with a password whose digits are shown
// once, then renewed, moved to another room and checked out, in English and once in Arabic (right to left), with a
// look at 375 px. The pages are driven by URL (`/room/checkIn?room_id=…`, `/room/roomDetails?id=…&tab=tenant`), so
// the suite does not depend on the room list. Build the console and the server first (see harness.ts).
import { join } from 'node:path';
import { translateError } from '@lockdesk/protocol';
import { manageCall } from '@lockdesk/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, type Console, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, startConsole } from './harness.js';

let app: Console | undefined;
let session: { token: string; uid: number } | undefined;

beforeAll(async () => {
  app = await startConsole();
  session = await call<{ token: string; uid: number }>('login', {
    mobile: DEMO_ACCOUNTS.super,
    password: DEMO_PASSWORD,
  });
});

afterAll(async () => {
  await app?.stop();
});

/** One /manage call from the test itself (as the super administrator once signed in). */
async function call<T>(path: string, fields: Record<string, unknown>): Promise<T> {
  const answer = await manageCall<T>(
    app!.base,
    path,
    fields,
    session ? { token: session.token, uid: session.uid } : {},
  );
  if (answer.errno !== 0) throw new Error(`${path}: ${answer.errno} ${answer.errmsg}`);
  return answer.data;
}

async function roomId(name: string): Promise<number> {
  const rooms = await call<{ list: { id: number; name: string }[] }>('room/allLock', { name });
  const room = rooms.list.find((r) => r.name === name);
  if (!room) throw new Error(`no room ${name}`);
  return room.id;
}

interface Stay {
  stay_id: number;
  state: string;
  status: string;
  end_time: number;
  price: number | string;
  breakfast: number;
  tenants: { mobile: string }[];
}

async function staysOf(id: number): Promise<Stay[]> {
  return (await call<{ list: Stay[] }>('room/tenant/list', { room_id: id })).list;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });
const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

/** Chooses a room in a RoomPicker by typing its name (search as you type). */
async function pickRoom(page: Page, testId: string, name: string) {
  const picker = page.getByTestId(testId);
  await picker.click();
  await picker.locator('input').fill(name);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${name} · `) })
    .first()
    .click();
}

/** The text field of an antd date picker that carries a test id (on the field or on its wrapper). */
const pickerInput = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

/** 'YYYY-MM-DD HH:mm' read as a wall clock (milliseconds, as if UTC), and back. */
const wallClockMs = (text: string) => Date.parse(`${text.trim().replace(' ', 'T')}:00Z`);
const wallClockText = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

const RUNS = [
  { language: 'en', from: '1105', to: '1107', mobile: '13912340001', fellow: '13912340002' },
  { language: 'ar', from: '1205', to: '1207', mobile: '13912340011', fellow: '13912340012' },
] as const;

describe('check-in, renewal, move and check-out in Chromium', () => {
  for (const run of RUNS) {
    it(`${run.language}: checks a guest in with a password shown once, renews, moves and checks out`, async () => {
      const { context, page, problems } = await signIn(app!.browser, app!.base, { language: run.language });
      const base = app!.base;
      const from = await roomId(run.from);
      const to = await roomId(run.to);
      const en = run.language === 'en';

      // The check-in page of a room, by URL.
      await page.goto(`${base}/room/checkIn?room_id=${from}`);
      const form = page.getByTestId('checkin-form');
      await form.waitFor();
      await expect.poll(() => page.getByTestId('checkin-room').textContent()).toContain(run.from);

      // Bad mobiles are refused before any call, the fellow tenant's by its index.
      await page.getByTestId('checkin-mobile').fill('12345');
      await page.getByTestId('checkin-add-fellow').click();
      await page.getByTestId('checkin-fellow-mobile').fill('1391234');
      await page.getByTestId('checkin-next').click();
      const errors = form.locator('.ant-form-item-explain-error');
      await errors.nth(1).waitFor();
      expect(await errors.allTextContents()).toEqual([
        translateError(run.language, 'MOBILE_INVALID'),
        translateError(run.language, 'TENANT_MOBILE_INVALID', { index: 1 }),
      ]);
      if (en) expect(await errors.allTextContents()).toContain('Incorrect mobile number format for tenant 1');
      expect(await page.getByTestId('checkin-confirm').count()).toBe(0);

      // The times are the hotel's (Asia/Shanghai) though the browser is in London; a stay under an hour is refused.
      const startInput = pickerInput(page, 'checkin-start');
      const endInput = pickerInput(page, 'checkin-end');
      const startText = await startInput.inputValue();
      const hotelNowMs = Date.now() + 8 * 3600_000;
      expect(Math.abs(wallClockMs(startText) - hotelNowMs)).toBeLessThan(3 * 60_000);
      const endText = await endInput.inputValue();
      await endInput.click();
      await endInput.fill(wallClockText(wallClockMs(startText) + 30 * 60_000));
      await endInput.press('Enter');
      await page.getByTestId('checkin-next').click();
      await form.getByText(translateError(run.language, 'STAY_TOO_SHORT'), { exact: true }).waitFor();
      await endInput.click();
      await endInput.fill(endText);
      await endInput.press('Enter');
      await form
        .getByText(translateError(run.language, 'STAY_TOO_SHORT'), { exact: true })
        .waitFor({ state: 'detached' });

      await page.getByTestId('checkin-mobile').fill(run.mobile);
      await page.getByTestId('checkin-nickname').fill(en ? 'Test Guest' : 'ضيف تجريبي');
      await page.getByTestId('checkin-fellow-mobile').fill(run.fellow);
      // Breakfast: the hotel's options by their names (the demo hotel's, in English).
      await page.getByTestId('checkin-breakfast').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option[title="Double breakfast"]')
        .click();
      await shot(page, `stays-checkin-${run.language}.png`);

      // The price is quoted before the operator confirms.
      await page.getByTestId('checkin-next').click();
      const confirm = page.getByTestId('checkin-confirm');
      await confirm.waitFor();
      const total = Number(await page.getByTestId('quote-total').textContent());
      expect(total).toBeGreaterThan(0);
      await shot(page, `stays-checkin-quote-${run.language}.png`);
      await page.getByTestId('checkin-confirm-ok').click();

      // The password's digits, once, in a dialog only its button closes.
      const once = page.getByTestId('password-once');
      await once.waitFor();
      const digits = (await page.getByTestId('password-once-digits').textContent())?.trim() ?? '';
      expect(digits).toMatch(/^\d{6}$/);
      await shot(page, `stays-password-once-${run.language}.png`);
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 5);
      expect(await once.isVisible()).toBe(true);
      await page.getByTestId('password-once-close').click();
      await once.waitFor({ state: 'detached' });
      await page.getByTestId('checkin-password-done').waitFor();
      expect(await page.getByText(digits).count()).toBe(0);

      const [checkedIn] = await staysOf(from);
      expect(checkedIn?.state).toBe('active');
      expect(checkedIn?.tenants.map((t) => t.mobile)).toEqual([run.fellow]);
      expect(checkedIn?.breakfast).toBe(2);
      expect(Number(checkedIn?.price)).toBeGreaterThan(0);
      // No call ever answers the digits again.
      const passwords = await call<{ list: Record<string, unknown>[] }>('room/passwordList', {
        room_id: from,
      });
      expect(passwords.list).toHaveLength(1);
      expect(JSON.stringify(passwords.list)).not.toContain(digits);

      // The room's tenant tab: the stay, with the time left.
      await page.goto(`${base}/room/roomDetails?id=${from}&tab=tenant`);
      const card = page.locator(`[data-testid="stay-card"][data-stay-id="${checkedIn!.stay_id}"]`);
      await card.waitFor();
      expect(await card.getAttribute('data-state')).toBe('active');
      // The card names the breakfast as the form offered it, not by its count ('Breakfast: 2').
      await expect.poll(() => card.getByTestId('stay-breakfast').textContent()).toBe('Double breakfast');
      await page.getByTestId('password-table').locator('tbody tr.ant-table-row').first().waitFor();
      await shot(page, `stays-tenant-${run.language}.png`);

      // Renewal: one day more, quoted first.
      const endBefore = await card.getByTestId('stay-end').textContent();
      await card.getByTestId('stay-renew').click();
      await page.getByTestId('quote').waitFor();
      expect(Number(await page.getByTestId('quote-total').textContent())).toBeGreaterThan(0);
      await shot(page, `stays-renew-${run.language}.png`);
      await page.getByTestId('renew-ok').click();
      await page.getByTestId('renew-form').waitFor({ state: 'detached' });
      await expect.poll(() => card.getByTestId('stay-end').textContent()).not.toBe(endBefore);
      const [renewed] = await staysOf(from);
      expect(renewed!.end_time - checkedIn!.end_time).toBe(86_400);

      // Move to another room: search as you type, then confirm.
      await card.getByTestId('stay-move').click();
      await pickRoom(page, 'move-room', run.to);
      await page.getByTestId('move-next').click();
      await page.getByTestId('move-confirm-ok').click();
      await expect.poll(() => card.getAttribute('data-state')).toBe('ended');
      const [moved] = await staysOf(to);
      expect(moved?.state).toBe('active');
      expect(moved?.end_time).toBe(renewed!.end_time);

      // Check-out in the new room, after a confirm.
      await page.goto(`${base}/room/roomDetails?id=${to}&tab=tenant`);
      const movedCard = page.locator(`[data-testid="stay-card"][data-stay-id="${moved!.stay_id}"]`);
      await movedCard.waitFor();
      await movedCard.getByTestId('stay-check-out').click();
      await page.getByTestId('checkout-confirm-ok').click();
      await expect.poll(() => movedCard.getAttribute('data-state')).toBe('checkedOut');
      await page.getByTestId('checkout-confirm-ok').waitFor({ state: 'detached' });
      await shot(page, `stays-checked-out-${run.language}.png`);
      const [out] = await staysOf(to);
      expect(out?.status).toBe('checked_out');

      // A phone: the check-in form and the tenant tab fit 375 px.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`${base}/room/checkIn?room_id=${from}`);
      await page.getByTestId('checkin-form').waitFor();
      await noSidewaysScroll(page, 375);
      await shot(page, `stays-checkin-375-${run.language}.png`);
      await page.goto(`${base}/room/roomDetails?id=${to}&tab=tenant`);
      await movedCard.waitFor();
      await noSidewaysScroll(page, 375);
      await shot(page, `stays-tenant-375-${run.language}.png`);

      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
