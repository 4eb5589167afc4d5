// The equipment page and face grants in Chromium against the built server (issue 11 slice D, server/API.md §13):
// a room switched on as an access control and listed among the doors defined; a firmware file uploaded through the
// page, listed with the locks it applies to (none running it yet), and a text file refused before anything is sent;
// a library face granted to a room's lock, shown waiting for the lock's next sync, then revoked. Build the console
// into LOCKDESK_TEST_WEB_DIST and the server first (see harness.ts).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Console, signIn, startConsole } from './harness.js';

const POLL = { timeout: 15_000 };
const WAIT = { timeout: 20_000 };

/** A 1×1 PNG (the face image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A raw firmware image: no known signature, binary (NUL bytes). */
const FIRMWARE = Buffer.concat([Buffer.from([0x7a, 0x31, 0x00, 0x00, 0x10]), Buffer.alloc(2048, 0x5a)]);

let desk: Console | undefined;

beforeAll(async () => {
  desk = await startConsole();
}, 120_000);

afterAll(async () => {
  await desk?.stop();
});

async function pick(page: Page, testId: string, name: string) {
  const picker = page.getByTestId(testId);
  await picker.click();
  await picker.locator('input').fill(name);
  await page.locator(`.ant-select-dropdown .ant-select-item-option[title="${name}"]`).first().click();
}

describe('equipment', () => {
  it('switches a room on as an access control and lists it among the doors defined', async () => {
    const { context, page, problems } = await signIn(desk!.browser, desk!.base, { language: 'en' });
    await page.goto(`${desk!.base}/equipmentManagement/roomList?name=1105`);
    await page.getByTestId('equipment-page').waitFor(WAIT);
    expect(await page.getByTestId('not-built').count()).toBe(0);
    const row = page.locator('tr[data-room="1105"]');
    await row.waitFor(WAIT);
    const toggle = row.getByTestId('access-switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('true');
    await page.getByTestId('access-defined-item').filter({ hasText: '1105' }).waitFor(WAIT);
    // The page's state is in the URL: a reload shows the same search and the switch still on.
    await page.reload();
    await expect
      .poll(
        () => page.locator('tr[data-room="1105"]').getByTestId('access-switch').getAttribute('aria-checked'),
        POLL,
      )
      .toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('uploads a firmware file through the page and lists it with its locks; refuses a text file', async () => {
    const { context, page, problems } = await signIn(desk!.browser, desk!.base, { language: 'en' });
    await page.goto(`${desk!.base}/equipmentManagement/roomList?tab=firmware`);
    await page.getByTestId('firmware-bluetooth').waitFor(WAIT);
    await page.getByTestId('firmware-empty').waitFor(WAIT);

    await page.getByTestId('firmware-upload').click();
    // The dialog's root box has no size of its own: wait for a field in it.
    await page.getByTestId('firmware-name').waitFor(WAIT);
    const fileInput = page.getByTestId('firmware-file').locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('Only .bin and .zip files are accepted').waitFor(WAIT);
    await fileInput.setInputFiles({
      name: 'ld-a1-9.9.0.bin',
      mimeType: 'application/octet-stream',
      buffer: FIRMWARE,
    });
    await page.getByTestId('firmware-name').fill('LD-A1 autumn');
    await page.getByTestId('firmware-version').fill('9.9.0');
    await page.getByTestId('firmware-model').fill('LD-A1');
    await pick(page, 'firmware-rooms', '1101');
    await pick(page, 'firmware-rooms', '1102');
    await page.keyboard.press('Escape');
    await page.getByTestId('firmware-submit').click();

    const row = page.locator('tr[data-version="9.9.0"]');
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain('LD-A1 autumn');
    expect(await row.getByTestId('firmware-lock-count').textContent()).toBe('0 of 2 run it');
    await row.getByText('LD-A1 autumn').click();
    const locks = page.getByTestId('firmware-lock');
    await expect.poll(() => locks.count(), POLL).toBe(2);
    expect(await locks.allTextContents()).toEqual(['1101 · To upgrade', '1102 · To upgrade']);
    // The stored file is served back as a download.
    const href = await row.locator('a[download]').getAttribute('href');
    const served = await fetch(`${desk!.base}${href}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(FIRMWARE)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows both tabs in Arabic, right to left, in the language’s own words', async () => {
    const { context, page, problems } = await signIn(desk!.browser, desk!.base, { language: 'ar' });
    await page.goto(`${desk!.base}/equipmentManagement/roomList`);
    await page.getByTestId('access-rooms').waitFor(WAIT);
    expect(await page.getByTestId('equipment-tab-access').textContent()).toBe('التحكم في الدخول');
    await page.getByTestId('equipment-tab-firmware').click();
    await page.waitForURL(/tab=firmware/);
    const notice = page.getByTestId('firmware-bluetooth');
    await notice.waitFor(WAIT);
    expect(await notice.textContent()).toContain('البلوتوث');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('grants a library face to a lock, shows it waiting for the sync, and revokes it', async () => {
    const { context, page, problems } = await signIn(desk!.browser, desk!.base, { language: 'en' });
    await page.goto(`${desk!.base}/room/buildFace`);
    await page.getByTestId('face-form').waitFor(WAIT);
    const faceId = 'G-GRANT-1';
    await page.getByTestId('face-note').fill('Manager');
    await page.getByTestId('face-id').fill(faceId);
    await page
      .getByTestId('face-file')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('face-image-preview').waitFor(WAIT);
    await page.getByTestId('face-submit').click();
    const row = page.locator(`tr[data-face-id="${faceId}"]`);
    await row.waitFor(WAIT);

    await row.getByTestId('face-grant-open').click();
    const dialog = page.getByTestId('face-grants');
    await dialog.getByTestId('face-grant-rooms').waitFor(WAIT);
    await dialog.getByTestId('face-grant-empty').waitFor(WAIT);
    await pick(page, 'face-grant-rooms', '1203');
    await page.keyboard.press('Escape');
    await page.getByTestId('face-grant-submit').click();
    const grant = dialog.locator('tr[data-room="1203"]');
    await grant.waitFor(WAIT);
    expect(await grant.getByTestId('face-grant-state').getAttribute('data-state')).toBe('waiting');
    expect(await grant.getByTestId('face-grant-state').textContent()).toBe('Waiting for the next sync');

    await grant.getByTestId('face-grant-revoke').click();
    await page.getByTestId('face-grant-revoke-ok').click();
    await dialog.getByTestId('face-grant-empty').waitFor(WAIT);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
