// Staff and room permissions in Chromium against the built server (issue 11 slice C, server/API.md §5 and §12):
// the super administrator adds a staff member (a new mobile, with an initial password), grants two rooms through
// the room picker; the staff member signs in and sees exactly those two rooms and no staff, bill or operation
// menu, and the staff page's address shows 'no access'; revoking one room leaves one. Build the console into
// LOCKDESK_TEST_WEB_DIST and the server first (see harness.ts).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Console, signIn, startConsole } from './harness.js';

const POLL = { timeout: 15_000 };
const WAIT = { timeout: 20_000 };
const STAFF_MOBILE = '13600136077';
const STAFF_PASSWORD = 'staff1234';

let desk: Console | undefined;

beforeAll(async () => {
  desk = await startConsole();
}, 120_000);

afterAll(async () => {
  await desk?.stop();
});

/** Searches the picker for one room and ticks it. */
async function tick(page: Page, room: string) {
  const search = page.getByTestId('picker-search').locator('input');
  await search.fill(room);
  await search.press('Enter');
  await expect.poll(() => page.url(), POLL).toContain(`name=${room}`);
  const row = page.locator(`tr[data-room="${room}"]`);
  await row.waitFor(WAIT);
  await expect.poll(() => page.getByTestId('picker-row').count(), POLL).toBe(1);
  await row.getByRole('checkbox').check();
}

/** The names of the rooms the room list shows. */
async function roomNames(page: Page): Promise<string[]> {
  await page.goto(`${desk!.base}/room/roomList`);
  await page.getByTestId('room-list').waitFor(WAIT);
  await page.getByTestId('room-item').first().waitFor(WAIT);
  return (await page.getByTestId('room-open').allTextContents()).map((s) => s.trim()).sort();
}

const menuHas = (page: Page, path: string) => page.locator(`[data-menu-id$="${path}"]`).count();

describe('staff and room permissions', () => {
  it('adds a staff member, grants two rooms; they see exactly those, no staff, bill or operation pages', async () => {
    const admin = await signIn(desk!.browser, desk!.base, { language: 'en' });
    const { page } = admin;
    expect(await menuHas(page, '/worker/workerList')).toBe(1);
    await page.goto(`${desk!.base}/worker/workerList`);
    await page.getByTestId('staff-list').waitFor(WAIT);
    await page.getByTestId('staff-row').first().waitFor(WAIT);

    await page.getByTestId('staff-add').click();
    await page.getByTestId('staff-add-mobile').fill(STAFF_MOBILE);
    await page.getByTestId('staff-add-nickname').fill('Night desk');
    await page.getByTestId('staff-add-password').fill(STAFF_PASSWORD);
    await page.getByTestId('staff-add-submit').click();
    const row = page.getByTestId('staff-row').filter({ hasText: STAFF_MOBILE });
    await row.waitFor(WAIT);

    await row.getByTestId('staff-rooms').click();
    await page.getByTestId('room-permissions').waitFor(WAIT);
    expect(page.url()).toContain('/worker/permissionsList?id=');
    await tick(page, '2101');
    await page.getByTestId('picker-grant').click();
    await page.locator('tr[data-room="2101"]').getByTestId('picker-granted-tag').waitFor(WAIT);
    await tick(page, '2102');
    await page.getByTestId('picker-grant').click();
    await page.locator('tr[data-room="2102"]').getByTestId('picker-granted-tag').waitFor(WAIT);
    // The granted filter lists both, from the server.
    await page.getByTestId('picker-search').locator('input').fill('');
    await page.getByTestId('picker-search').locator('input').press('Enter');
    await page.getByTestId('picker-granted').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option[title="Granted"]').click();
    await expect.poll(() => page.url(), POLL).toContain('granted=granted');
    await expect
      .poll(
        async () =>
          (
            await page
              .getByTestId('picker-row')
              .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-room')))
          ).sort(),
        POLL,
      )
      .toEqual(['2101', '2102']);
    expect(admin.problems).toEqual([]);

    const staff = await signIn(desk!.browser, desk!.base, {
      language: 'en',
      account: STAFF_MOBILE,
      password: STAFF_PASSWORD,
    });
    expect(await roomNames(staff.page)).toEqual(['2101', '2102']);
    for (const path of ['/worker/workerList', '/bill/index', '/business/index', '/operation/operation'])
      expect(await menuHas(staff.page, path), path).toBe(0);
    expect(await menuHas(staff.page, '/room/roomList')).toBe(1);
    await staff.page.goto(`${desk!.base}/worker/workerList`);
    await staff.page.getByTestId('no-access').waitFor(WAIT);
    expect(await staff.page.getByTestId('staff-list').count()).toBe(0);

    // Revoking one room leaves the other.
    await page.locator('tr[data-room="2102"]').getByRole('checkbox').check();
    await page.getByTestId('picker-revoke').click();
    await expect.poll(() => page.getByTestId('picker-row').count(), POLL).toBe(1);
    expect(await roomNames(staff.page)).toEqual(['2101']);
    expect(staff.problems).toEqual([]);
    await staff.context.close();
    await admin.context.close();
  }, 180_000);
});
