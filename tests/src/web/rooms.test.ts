// The rooms area in Chromium against the real server with demo data (harness.ts): the room list (filters, search,
// sort, quick dates, pages, all in the URL), room groups, the room detail and its tabs, a status change and the
// lock settings with a picture upload. It runs in English and once in Arabic (right to left), and looks at a phone.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decryptEnvelope, encryptEnvelope } from '@lockdesk/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, type Console, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, startConsole } from './harness.js';

let app: Console | undefined;
let base = '';

beforeAll(async () => {
  app = await startConsole();
  base = app.base;
});

afterAll(async () => {
  await app?.stop();
});

/** One /manage call from the test itself, through the envelope, with a session token when given. */
async function manage<T>(
  path: string,
  fields: Record<string, unknown>,
  token?: string,
): Promise<{ errno: number; errmsg: string; data: T }> {
  const sealed = encryptEnvelope({ ...fields, action: 'manage' });
  if (!sealed.ok) throw new Error(sealed.detail);
  const headers: Record<string, string> = { 'content-type': 'application/json', language: 'en' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  const response = await fetch(`${base}/manage/${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ data: sealed.value, language: 'en' }),
  });
  const body = (await response.json()) as { data: string };
  const opened = decryptEnvelope<{ errno: number; errmsg: string; data: T }>(body.data);
  if (!opened.ok) throw new Error(opened.detail);
  return opened.value;
}

async function tokenOf(account: string): Promise<string> {
  const answer = await manage<{ token: string }>('login', { mobile: account, password: DEMO_PASSWORD });
  if (answer.errno !== 0) throw new Error(`login: ${answer.errmsg}`);
  return answer.data.token;
}

const search = (page: Page) => new URL(page.url()).searchParams;

/** The room list drawn from the answer for the URL's own state (not the previous page kept while loading). */
async function listSettled(page: Page): Promise<void> {
  const params = new URL(page.url()).search.replace(/^\?/, '');
  await page.locator(`[data-testid="room-list"][data-loading="false"][data-params="${params}"]`).waitFor();
}

async function roomNames(page: Page): Promise<string[]> {
  await listSettled(page);
  return page.getByTestId('room-item').locator('[data-testid="room-open"]').allTextContents();
}

async function roomStatuses(page: Page): Promise<string[]> {
  await listSettled(page);
  return page
    .getByTestId('room-item')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-status') ?? ''));
}

const numericAware = (a: string, b: string) =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/** The texts of the two languages that the steps below look for. */
const TEXT = {
  en: {
    groupCreated: 'Group created',
    groupSaved: 'Group saved',
    groupDeleted: 'Group deleted',
    statusChanged: 'Room status changed to Maintenance',
    lockSaved: 'Lock settings saved',
    dirtyRule: 'A dirty room cannot be self-checked-in',
    unlockNoMatch: 'No unlock records match these filters',
    hundredRooms: '100 rooms',
    oneRoom: '1 room',
  },
  ar: {
    groupCreated: 'تم إنشاء المجموعة',
    groupSaved: 'تم حفظ المجموعة',
    groupDeleted: 'تم حذف المجموعة',
    statusChanged: 'تم تغيير حالة الغرفة إلى صيانة',
    lockSaved: 'تم حفظ إعدادات القفل',
    dirtyRule: 'لا يمكن تسجيل الوصول الذاتي',
    unlockNoMatch: 'لا توجد سجلات فتح تطابق عوامل التصفية هذه',
    hundredRooms: '100 غرفة',
    oneRoom: 'غرفة واحدة',
  },
} as const;

describe.each(['en', 'ar'] as const)('rooms in Chromium (%s)', (language) => {
  const text = TEXT[language];

  it('lists, filters, searches, sorts, dates and pages the rooms, all kept in the URL', async () => {
    const { context, page, problems } = await signIn(app!.browser, base, { language });
    await page.waitForURL(`${base}/room/roomList`);
    const list = page.getByTestId('room-list');
    await list.waitFor();
    await listSettled(page);
    if (language === 'ar')
      expect(await page.evaluate('getComputedStyle(document.body).direction')).toBe('rtl');

    // The demo hotel's 100 rooms, 24 to a page, A–Z with numbers read as numbers.
    expect(await list.getAttribute('data-total')).toBe('100');
    expect(await page.getByTestId('room-total').textContent()).toBe(text.hundredRooms);
    const first = await roomNames(page);
    expect(first).toHaveLength(24);
    expect(first).toEqual([...first].sort(numericAware));
    expect(first[0]).toBe('1101');
    const card = page.getByTestId('room-item').first();
    expect(Number(await card.getAttribute('data-room-id'))).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, `rooms-list-${language}.png`), fullPage: true });

    // Status: six guests are in; every card shown is checked in, and the count tabs (contract F2) agree.
    await page.getByTestId('status-filter-checkedIn').click();
    await page.waitForURL(/status=1/);
    expect(await roomStatuses(page)).toEqual(Array(6).fill('checkedIn'));
    const counted = page.getByTestId('status-count-checkedIn');
    if ((await counted.count()) > 0) {
      expect((await counted.textContent())?.replace(/\D/g, '')).toBe('6');
      expect((await page.getByTestId('status-count-all').textContent())?.replace(/\D/g, '')).toBe('100');
    }
    // A checked-in room offers no check-in; a vacant one does, to the check-in page with its id.
    expect(await page.getByTestId('room-check-in').count()).toBe(0);
    await page.getByTestId('status-filter-vacant').click();
    await page.waitForURL(/status=0/);
    expect(new Set(await roomStatuses(page))).toEqual(new Set(['vacant']));
    const vacant = page.getByTestId('room-item').first();
    const vacantId = await vacant.getAttribute('data-room-id');
    expect(await vacant.getByTestId('room-check-in').getAttribute('href')).toBe(
      `/room/checkIn?room_id=${vacantId}`,
    );
    await page.getByTestId('status-filter-all').click();
    await page.waitForURL((u) => !u.searchParams.has('status'));

    // Search by name: every room with '110' in its name, and the words stay in the URL.
    await page.getByTestId('room-search').fill('110');
    await page.waitForURL(/name=110/);
    const found = await roomNames(page);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((n) => n.includes('110'))).toBe(true);
    expect(found, found.join()).toContain('1101');

    // Z–A, and a reload keeps search and sort.
    await page.getByTestId('sort-desc').click();
    await page.waitForURL(/sort=desc/);
    const descending = await roomNames(page);
    expect(descending).toEqual([...found].sort(numericAware).reverse());
    await page.reload();
    await listSettled(page);
    expect(await page.getByTestId('room-search').inputValue()).toBe('110');
    expect(await roomNames(page)).toEqual(descending);
    // One room found: the total in the singular of the page's language ('1 room', Arabic's own form for one).
    await page.getByTestId('room-search').fill('1101');
    await page.waitForURL(/name=1101/);
    expect(await roomNames(page)).toEqual(['1101']);
    await expect.poll(() => page.getByTestId('room-total').textContent()).toBe(text.oneRoom);
    await page.getByTestId('room-search').fill('');
    await page.waitForURL((u) => !u.searchParams.has('name'));

    // Quick dates: the demo rooms were all written today; none yesterday (the empty state says so).
    await page.getByTestId('date-today').click();
    await page.waitForURL(/date=today/);
    await listSettled(page);
    expect(await list.getAttribute('data-total')).toBe('100');
    await page.getByTestId('date-yesterday').click();
    await page.waitForURL(/date=yesterday/);
    await page.getByTestId('rooms-empty').waitFor();
    await page.getByTestId('date-week').click();
    await page.waitForURL(/date=week/);
    await listSettled(page);
    expect(await list.getAttribute('data-total')).toBe('100');

    // Pages: page 2 of Z–A starts where page 1 stopped, and back returns to page 1.
    const pageOne = await roomNames(page);
    await page.getByTestId('room-pagination').locator('.ant-pagination-item-2').click();
    await page.waitForURL(/page=2/);
    const pageTwo = await roomNames(page);
    expect(pageTwo).toHaveLength(24);
    expect(numericAware(pageOne.at(-1)!, pageTwo[0]!)).toBeGreaterThan(0);
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('page'));
    expect(await roomNames(page)).toEqual(pageOne);
    expect(search(page).get('sort')).toBe('desc');

    // The compact table shows the same page.
    await page.getByTestId('view-switch').locator('.ant-segmented-item').nth(1).click();
    await page.waitForURL(/view=table/);
    expect(await page.locator('tr[data-testid="room-item"]').count()).toBe(24);

    // The toolbar's links.
    expect(await page.getByTestId('link-price-set').getAttribute('href')).toBe('/room/priceSet');
    expect(await page.getByTestId('link-face-history').getAttribute('href')).toBe('/room/faceHistory');
    expect(await page.getByTestId('link-fingerprints-history').getAttribute('href')).toBe(
      '/room/fingerprintsHistory',
    );

    expect(problems).toEqual([]);
    await context.close();
  });

  it('creates, edits and deletes a room group, and filters by it', async () => {
    const { context, page, problems } = await signIn(app!.browser, base, { language });
    await page.getByTestId('room-list').waitFor();
    await page.getByTestId('open-groups').click();
    const modal = page.getByTestId('groups-modal');
    await modal.waitFor();
    await modal.getByTestId('group-row').first().waitFor();
    const before = await modal.getByTestId('group-row').count();

    // Name and sort order are required: the spec's messages, before any call.
    await page.getByTestId('group-add').click();
    await page.getByTestId('group-name').fill(' ');
    await page.getByTestId('group-sort').fill('');
    await page.getByTestId('group-save').click();
    await page.getByTestId('group-form').locator('.ant-form-item-explain-error').first().waitFor();
    const errors = await page
      .getByTestId('group-form')
      .locator('.ant-form-item-explain-error')
      .allTextContents();
    expect(errors).toHaveLength(2);

    const name = `Suite ${language} ${Date.now() % 10_000}`;
    await page.getByTestId('group-name').fill(name);
    await page.getByTestId('group-sort').fill('7');
    await page.getByTestId('group-save').click();
    await page.getByText(text.groupCreated).waitFor();
    const row = modal.getByTestId('group-row').filter({ hasText: name });
    await row.waitFor();
    expect(await modal.getByTestId('group-row').count()).toBe(before + 1);
    await page.screenshot({ path: join(ARTIFACTS, `rooms-groups-${language}.png`) });

    // Edit: a new name and sort order.
    await row.getByTestId('group-edit').click();
    await page.getByTestId('group-name').fill(`${name} B`);
    await page.getByTestId('group-sort').fill('8');
    await page.getByTestId('group-save').click();
    await page.getByText(text.groupSaved).waitFor();
    const edited = modal.getByTestId('group-row').filter({ hasText: `${name} B` });
    await edited.waitFor();
    expect(await edited.locator('td').nth(1).textContent()).toBe('8');

    // The new group is in the list's filter, and holds no room yet.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await page.getByTestId('group-filter').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `${name} B` })
      .click();
    await page.waitForURL(/group=\d+/);
    await page.getByTestId('rooms-empty').waitFor();

    // Delete, after the confirm.
    await page.getByTestId('open-groups').click();
    await modal.waitFor();
    await modal
      .getByTestId('group-row')
      .filter({ hasText: `${name} B` })
      .getByTestId('group-delete')
      .click();
    await page.getByTestId('group-delete-ok').click();
    await page.getByText(text.groupDeleted).waitFor();
    await modal
      .getByTestId('group-row')
      .filter({ hasText: `${name} B` })
      .waitFor({ state: 'detached' });
    expect(await modal.getByTestId('group-row').count()).toBe(before);

    // A group that still holds rooms is refused by the server, and stays.
    const full = modal.getByTestId('group-row').first();
    const fullName = await full.locator('td').first().textContent();
    await full.getByTestId('group-delete').click();
    await page.getByTestId('group-delete-ok').click();
    await page.locator('.ant-message-error').waitFor();
    expect(await modal.getByTestId('group-row').first().locator('td').first().textContent()).toBe(fullName);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens a room, walks its tabs, changes its status and edits its lock settings', async () => {
    const { context, page, problems } = await signIn(app!.browser, base, { language });
    await page.getByTestId('room-list').waitFor();
    // A vacant room of floor 2 (rooms 12xx have no guests in the demo); Arabic and English use different ones.
    const roomName = language === 'en' ? '1206' : '1207';
    await page.getByTestId('room-search').fill(roomName);
    await page.waitForURL(new RegExp(`name=${roomName}`));
    await listSettled(page);
    const item = page.getByTestId('room-item').first();
    const roomId = await item.getAttribute('data-room-id');
    await item.getByTestId('room-open').click();
    await page.waitForURL(/\/room\/roomDetails\?/);
    expect(search(page).get('id')).toBe(roomId);
    expect(search(page).get('name')).toBeNull();
    const detail = page.getByTestId('room-detail');
    await detail.waitFor();
    expect(await page.getByTestId('room-detail-name').textContent()).toBe(roomName);
    expect(await page.getByTestId('room-detail-mac').textContent()).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);

    // The card tab of a vacant room checks a guest in with a card (card-issue.test.ts writes it), and offers the
    // other kinds of check-in.
    await page.getByTestId('room-pane-card').waitFor();
    await page.getByTestId('card-checkin-form').waitFor();
    expect(await page.getByTestId('card-other-kinds').getAttribute('href')).toBe(
      `/room/checkIn?room_id=${roomId}`,
    );
    await page.screenshot({ path: join(ARTIFACTS, `rooms-detail-card-${language}.png`), fullPage: true });

    // Every tab opens, and the URL names it (a reload reopens it).
    for (const tab of ['tenant', 'unlock', 'lock', 'price', 'status'] as const) {
      await page.getByTestId(`room-tab-${tab}`).click();
      await page.waitForURL(new RegExp(`tab=${tab}`));
      await page.getByTestId(`room-pane-${tab}`).waitFor();
    }
    await page.getByTestId('room-tab-unlock').click();
    await page.getByTestId('unlock-records').waitFor();
    // Unlock records (contract B): a table; a keyword no record holds is kept in the URL and says nothing matches.
    await page.getByTestId('unlock-records').locator('.ant-table').waitFor();
    // The keyword box (the shared records table also has a guest-mobile box).
    await page
      .getByTestId('unlock-records')
      .locator('[data-testid="unlock-filter-keyword"] input, input[data-testid="unlock-filter-keyword"]')
      .first()
      .fill('no-such-guest');
    await page.keyboard.press('Enter');
    await page.waitForURL(/unlockKeyword=no-such-guest/);
    await page.getByTestId('unlock-records').getByText(text.unlockNoMatch).waitFor();
    const token = await tokenOf(DEMO_ACCOUNTS.super);
    await page.screenshot({ path: join(ARTIFACTS, `rooms-detail-unlock-${language}.png`), fullPage: true });

    // Status: the rule about dirty rooms is shown; maintenance, then back to vacant.
    await page.getByTestId('room-tab-status').click();
    await page.getByTestId('status-tab').waitFor();
    expect(await page.getByTestId('status-tab').textContent()).toContain(text.dirtyRule);
    await page.getByTestId('status-choice-maintenance').click();
    await page.getByTestId('status-apply').click();
    await page.getByText(text.statusChanged).waitFor();
    await page
      .locator('[data-testid="room-detail"] [data-testid="room-status"][data-status="maintenance"]')
      .first()
      .waitFor();
    await page.screenshot({ path: join(ARTIFACTS, `rooms-detail-status-${language}.png`), fullPage: true });
    await page.reload();
    await page.getByTestId('status-tab').waitFor();
    await page.locator('[data-testid="room-status"][data-status="maintenance"]').first().waitFor();
    await page.getByTestId('status-choice-vacant').click();
    await page.getByTestId('status-apply').click();
    await page
      .locator('[data-testid="room-detail"] [data-testid="room-status"][data-status="vacant"]')
      .first()
      .waitFor();

    // Lock settings: the name is required; remark, notice, building, floor and Bluetooth name are saved.
    await page.getByTestId('room-tab-lock').click();
    const form = page.getByTestId('lock-form');
    await form.waitFor();
    await page.getByTestId('lock-name').fill('');
    await page.getByTestId('lock-save').click();
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    await page.getByTestId('lock-name').fill(roomName);
    await page.getByTestId('lock-remark').fill(`Remark ${language}`);
    await page.getByTestId('lock-notice').fill(`Quiet floor ${language}`);
    await page.getByTestId('lock-building').fill('3');
    await page.getByTestId('lock-floor').fill('7');
    await page.getByTestId('lock-bluetooth').fill(`LD-${roomName}-${language}`);
    await page.getByTestId('lock-description').fill(`Sea view ${language}`);

    // The picture, once the server takes uploads (contracts C: oss/token, POST /upload).
    const uploads = (await manage('oss/token', { purpose: 'lock_picture' }, token)).errno === 0;
    if (uploads) {
      const png = join(ARTIFACTS, 'rooms-lock-picture.png');
      writeFileSync(png, TINY_PNG);
      await page.getByTestId('lock-picture-upload').locator('input[type="file"]').setInputFiles(png);
      await page.getByTestId('lock-picture-preview').waitFor();
    }
    await page.getByTestId('lock-save').click();
    await page.getByText(text.lockSaved).waitFor();
    await page.reload();
    await page.getByTestId('lock-form').waitFor();
    expect(await page.getByTestId('lock-remark').inputValue()).toBe(`Remark ${language}`);
    expect(await page.getByTestId('lock-notice').inputValue()).toBe(`Quiet floor ${language}`);
    expect(await page.getByTestId('lock-building').inputValue()).toBe('3');
    expect(await page.getByTestId('lock-floor').inputValue()).toBe('7');
    expect(await page.getByTestId('lock-bluetooth').inputValue()).toBe(`LD-${roomName}-${language}`);
    const rooms = await manage<{ list: { id: number; picture: string; remark: string }[] }>(
      'room/listNew',
      { name: roomName },
      token,
    );
    const saved = rooms.data.list.find((r) => String(r.id) === roomId);
    expect(saved?.remark).toBe(`Remark ${language}`);
    if (uploads) {
      expect(saved?.picture).toMatch(/^\/files\//);
      const file = await fetch(`${base}${saved?.picture}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain('image/png');
    }
    await page.screenshot({ path: join(ARTIFACTS, `rooms-detail-lock-${language}.png`), fullPage: true });

    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds a room and deletes it again (administrator)', async () => {
    const { context, page, problems } = await signIn(app!.browser, base, { language });
    await page.getByTestId('room-list').waitFor();
    await page.getByTestId('open-add-room').click();
    const name = `T-${language}-${Date.now() % 100_000}`;
    await page.getByTestId('add-room-name').fill(name);
    await page.getByTestId('add-room-submit').click();
    await page.waitForURL(/\/room\/roomDetails\?.*tab=lock/);
    await page.getByTestId('room-detail').waitFor();
    expect(await page.getByTestId('room-detail-name').textContent()).toBe(name);
    // A fresh link (id and tab alone) reads the room by id through room/info, lock or not.
    const id = search(page).get('id');
    await page.goto(`${base}/room/roomDetails?id=${id}&tab=lock`);
    await page.getByTestId('room-detail').waitFor();
    expect(await page.getByTestId('room-detail-name').textContent()).toBe(name);
    await page.getByTestId('room-delete').click();
    await page.getByTestId('room-delete-ok').click();
    await page.waitForURL(`${base}/room/roomList`);
    await page.goto(`${base}/room/roomDetails?id=${id}`);
    await page.getByTestId('room-detail-missing').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('rooms for a staff member', () => {
  it('lists only the rooms granted, with no administrator buttons, and lets the status change', async () => {
    const { context, page, problems } = await signIn(app!.browser, base, {
      language: 'en',
      account: DEMO_ACCOUNTS.staff,
    });
    const list = page.getByTestId('room-list');
    await list.waitFor();
    await listSettled(page);
    // The demo staff member holds the rooms of building 1, floor 1.
    expect(await list.getAttribute('data-total')).toBe('10');
    expect((await roomNames(page)).every((n) => n.startsWith('11'))).toBe(true);
    expect(await page.getByTestId('open-add-room').count()).toBe(0);
    await page.getByTestId('open-groups').click();
    await page.getByTestId('groups-modal').getByTestId('group-row').first().waitFor();
    expect(await page.getByTestId('group-add').count()).toBe(0);
    expect(await page.getByTestId('group-edit').count()).toBe(0);
    await page.keyboard.press('Escape');

    // A room outside the staff member's rooms is not found.
    const token = await tokenOf(DEMO_ACCOUNTS.super);
    const other = await manage<{ list: { id: number }[] }>('room/listNew', { name: '2201' }, token);
    await page.goto(`${base}/room/roomDetails?id=${other.data.list[0]?.id}`);
    await page.getByTestId('room-detail-missing').waitFor();

    // Their own room: lock settings read only, the status theirs to change (room.status).
    await page.goto(`${base}/room/roomList?name=1105`);
    await listSettled(page);
    await page.getByTestId('room-item').first().getByTestId('room-open').click();
    await page.getByTestId('room-tab-lock').click();
    await page.getByTestId('lock-form').waitFor();
    expect(await page.getByTestId('lock-name').isDisabled()).toBe(true);
    expect(await page.getByTestId('room-delete').count()).toBe(0);
    await page.getByTestId('room-tab-status').click();
    await page.getByTestId('status-choice-dirty').click();
    await page.getByTestId('status-apply').click();
    await page
      .locator('[data-testid="room-detail"] [data-testid="room-status"][data-status="dirty"]')
      .first()
      .waitFor();
    await page.getByTestId('status-choice-vacant').click();
    await page.getByTestId('status-apply').click();
    await page
      .locator('[data-testid="room-detail"] [data-testid="room-status"][data-status="vacant"]')
      .first()
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('rooms on a phone (375 px)', () => {
  it('draws the list and a room without sideways scrolling, in English and in Arabic', async () => {
    for (const language of ['en', 'ar'] as const) {
      const { context, page, problems } = await signIn(app!.browser, base, {
        language,
        viewport: { width: 375, height: 812 },
      });
      await page.getByTestId('room-list').waitFor();
      await listSettled(page);
      await page.screenshot({ path: join(ARTIFACTS, `rooms-list-375-${language}.png`) });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await page.getByTestId('room-item').first().getByTestId('room-open').click();
      await page.getByTestId('room-detail').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await page.screenshot({ path: join(ARTIFACTS, `rooms-detail-375-${language}.png`) });
      await page.getByTestId('room-tab-lock').click();
      await page.getByTestId('lock-form').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await page.screenshot({
        path: join(ARTIFACTS, `rooms-detail-lock-375-${language}.png`),
        fullPage: true,
      });
      for (const tab of ['unlock', 'status', 'card'] as const) {
        await page.getByTestId(`room-tab-${tab}`).click();
        await page.getByTestId(`room-pane-${tab}`).waitFor();
        expect(await page.evaluate('document.documentElement.scrollWidth'), tab).toBeLessThanOrEqual(375);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

/** A 1×1 PNG: enough for the server to sniff the type from the bytes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
