// The special card pages in Chromium (issue 9 §3), against the real server and the real gateway with its simulated
// encoder (contract E), in English and in Arabic (right to left): a master, a building, a floor and a universal card
// issued from the browser — the form, the card service writing the server's plan on the simulated encoder, read back
// and confirmed — and found in their lists; a card deleted with the Bluetooth notice; the expiry rules' messages; a
// secondary administrator's master card refused by the server; a card's validity changed by rewriting it; a CPU card
// registered by the serial read from the encoder and handed out by a type-4 dispenser over the embedded broker.
// Build first: `pnpm -r build` (or LOCKDESK_TEST_WEB_DIST).
import { join } from 'node:path';
import { decryptEnvelope, encryptEnvelope } from '@lockdesk/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedGateway, startGateway } from './gateway-harness.js';
import {
  ARTIFACTS,
  type Console,
  type ConsoleLanguage,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  signIn,
  startConsole,
} from './harness.js';

const WAIT = { timeout: 30_000 };

let app: Console | undefined;
let gateway: StartedGateway | undefined;
/** The gateway's remote-reader bridge, registered as the hotel's CPU card dispenser (type '4'). */
const CPU_DISPENSER = '041780200004';

/** One /manage call from the test itself, as the demo super administrator. */
async function call<T>(
  path: string,
  fields: Record<string, unknown>,
  session?: { token: string; uid: number },
) {
  const sealed = encryptEnvelope({ ...fields, action: 'manage', ...(session ? { uid: session.uid } : {}) });
  if (!sealed.ok) throw new Error(sealed.detail);
  const response = await fetch(`${app!.base}/manage/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      language: 'en',
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
    },
    body: JSON.stringify({ data: sealed.value, language: 'en' }),
  });
  const body = (await response.json()) as { data: string };
  const opened = decryptEnvelope<{ errno: number; errmsg: string; data: T }>(body.data);
  if (!opened.ok) throw new Error(opened.detail);
  if (opened.value.errno !== 0) throw new Error(`${path}: ${opened.value.errno} ${opened.value.errmsg}`);
  return opened.value.data;
}

beforeAll(async () => {
  app = await startConsole();
  gateway = await startGateway({ consoleOrigin: app.base, broker: 'embedded', deviceId: CPU_DISPENSER });
  const session = await call<{ token: string; uid: number }>('login', {
    mobile: DEMO_ACCOUNTS.super,
    password: DEMO_PASSWORD,
  });
  await call('cardDispenser/add', { mac_id: CPU_DISPENSER, name: 'CPU', type: '4' }, session);
}, 180_000);

afterAll(async () => {
  await gateway?.stop();
  await app?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });

const TEXTS: Record<
  ConsoleLanguage,
  {
    building: (n: number) => string;
    floor: (n: number) => string;
    required: string;
    past: string;
    tooLate: string;
    bluetooth: string;
    deleted: string;
    universalNotice: string;
    denied: string;
  }
> = {
  en: {
    building: (n) => `Building ${n}`,
    floor: (n) => `Floor ${n}`,
    required: 'Please select the card expiry time',
    past: 'Expiration time must be later than current time',
    tooLate: 'Card expiry cannot exceed the year 2035',
    bluetooth: 'Takes effect on the lock after the next Bluetooth unlock',
    deleted: 'Deleted',
    universalNotice: 'A new universal card opens a lock only after that lock’s next Bluetooth unlock.',
    denied: 'no permission for this operation',
  },
  ar: {
    building: (n) => `المبنى ${n}`,
    floor: (n) => `الطابق ${n}`,
    required: 'يرجى تحديد وقت انتهاء صلاحية البطاقة',
    past: 'يجب أن يكون وقت انتهاء الصلاحية بعد الوقت الحالي',
    tooLate: 'لا يمكن أن تتجاوز صلاحية البطاقة عام 2035',
    bluetooth: 'يسري على القفل بعد فتحه التالي عبر البلوتوث',
    deleted: 'محذوفة',
    universalNotice: 'لا تفتح البطاقة العامة الجديدة قفلًا إلا بعد الفتح التالي لذلك القفل بالبلوتوث.',
    denied: 'ليست لديك صلاحية لتنفيذ هذه العملية',
  },
};

/** Picks an option of an antd Select by its visible label. */
async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .first()
    .click();
}

/** Fills the issue form's expiry by its one-week quick pick, writes the card, and answers its card number. */
async function writeCard(page: Page): Promise<string> {
  await page.getByTestId('card-quick-week').click();
  await page.getByTestId('card-write').click();
  // The steps of the write as they happen, then the confirmation.
  await page.getByTestId('card-write-steps').waitFor(WAIT);
  const issued = page.getByTestId('card-issued');
  await issued.waitFor(WAIT);
  const number = await issued.getAttribute('data-card-id');
  if (!number) throw new Error('no card number on the confirmation');
  return number;
}

/** The list row of a card, once the list shows it. */
async function listed(page: Page, path: string, cardNumber: string) {
  await page.goto(`${app!.base}${path}`);
  const row = page.locator(`tr[data-card-id="${cardNumber}"]`);
  await row.waitFor(WAIT);
  return row;
}

describe.each(['en', 'ar'] as const)('special cards in %s', (language) => {
  const texts = TEXTS[language];
  const uidBase = language === 'en' ? 'C1' : 'D2';

  it('issues a master, a building, a floor and a universal card on the simulated encoder and lists them', async () => {
    const { context, page, problems } = await signIn(app!.browser, app!.base, { language });
    try {
      // Master card.
      await gateway!.sim.placeBlank(`${uidBase}000001`);
      await page.goto(`${app!.base}/card/masterControlCard`);
      await page.getByTestId('card-add').click();
      await page.waitForURL(/\/card\/featureCard\/addMasterControlCard$/, WAIT);
      const master = await writeCard(page);
      const masterRow = await listed(page, '/card/masterControlCard', master);
      expect(await masterRow.getByTestId('card-status').getAttribute('class')).toContain('green');

      // Building card: building 2 of the demo hotel.
      await gateway!.sim.placeBlank(`${uidBase}000002`);
      await page.goto(`${app!.base}/card/featureCard/addBuildingCard`);
      await choose(page, 'card-building', texts.building(2));
      const building = await writeCard(page);
      const buildingRow = await listed(page, '/card/BuildingCard', building);
      expect(await buildingRow.textContent()).toContain(texts.building(2));

      // Floor card: building 1, floor 3.
      await gateway!.sim.placeBlank(`${uidBase}000003`);
      await page.goto(`${app!.base}/card/featureCard/addFloorCard`);
      await choose(page, 'card-building', texts.building(1));
      await choose(page, 'card-floor', texts.floor(3));
      const floor = await writeCard(page);
      const floorRow = await listed(page, '/card/floorCard', floor);
      expect(await floorRow.textContent()).toContain(texts.floor(3));

      // Universal card for every lock (the super administrator), with its Bluetooth notice.
      await gateway!.sim.placeBlank(`${uidBase}000004`);
      await page.goto(`${app!.base}/card/universalCardList/addUniversalCard`);
      const universal = await writeCard(page);
      expect(await page.getByTestId('bluetooth-notice').textContent()).toContain(texts.universalNotice);
      await listed(page, '/card/universalCardList', universal);

      // Change its validity: the card on the encoder (the universal card) is rewritten with the same number.
      expect((await gateway!.sim.state()).card?.uid).toBe(`${uidBase}000004`);
      const universalRow = await listed(page, '/card/universalCardList', universal);
      const before = await universalRow.textContent();
      await universalRow.getByTestId('card-change-time').click();
      await page.waitForURL(/\/card\/setTime\?/, WAIT);
      await page.getByTestId('set-time-page').waitFor(WAIT);
      await page.getByTestId('card-quick-threeMonths').click();
      await page.getByTestId('card-write').click();
      await page.getByTestId('card-issued').waitFor(WAIT);
      expect(await page.getByTestId('card-issued').getAttribute('data-card-id')).toBe(universal);
      const inThreeMonths = new Date(Date.now() + 89 * 86_400_000)
        .toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' })
        .slice(0, 7);
      await page.goto(`${app!.base}/card/universalCardList`);
      const rewritten = page.locator(`tr[data-card-id="${universal}"]`).filter({ hasText: inThreeMonths });
      await rewritten.waitFor(WAIT);
      expect(await rewritten.getByTestId('card-status').getAttribute('class')).toContain('green');
      expect(before).not.toContain(inThreeMonths);
      if (language === 'ar') expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await shot(page, `special-cards-universal-${language}.png`);

      // Delete the master card: the locks learn it at their next Bluetooth unlock.
      const row = await listed(page, '/card/masterControlCard', master);
      await row.getByTestId('card-delete').click();
      await page.getByTestId('card-delete-ok').click();
      await page.getByTestId('bluetooth-notice').waitFor(WAIT);
      expect(await page.getByTestId('bluetooth-notice').textContent()).toBe(texts.bluetooth);
      await expect.poll(() => row.getByTestId('card-status').textContent(), WAIT).toBe(texts.deleted);
      expect(await row.getByTestId('card-lock-sync').getAttribute('class')).toContain('gold');
      await shot(page, `special-cards-deleted-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('says what is wrong with the expiry and writes nothing', async () => {
    const { context, page, problems } = await signIn(app!.browser, app!.base, { language });
    try {
      await gateway!.sim.placeBlank(`${uidBase}000005`);
      const commands = (await gateway!.sim.state()).commands;
      await page.goto(`${app!.base}/card/featureCard/addMasterControlCard`);
      await page.getByTestId('card-write').click();
      await page.getByText(texts.required).waitFor(WAIT);

      const expiry = page
        .locator('input[data-testid="card-expiry"], [data-testid="card-expiry"] input')
        .first();
      for (const [value, message] of [
        ['2020-01-01 10:00', texts.past],
        ['2036-01-01 10:00', texts.tooLate],
      ] as const) {
        await expiry.click();
        await expiry.fill(value);
        await expiry.press('Enter');
        await page.keyboard.press('Escape');
        await page.getByTestId('card-write').click();
        await page.getByText(message).waitFor(WAIT);
      }
      // Nothing was asked of the encoder.
      expect((await gateway!.sim.state()).commands).toBe(commands);
      await shot(page, `special-cards-expiry-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows a secondary administrator that a master card is not valid, with the server refusal', async () => {
    const { context, page, problems } = await signIn(app!.browser, app!.base, {
      language,
      account: DEMO_ACCOUNTS.secondary,
    });
    try {
      await gateway!.sim.placeBlank(`${uidBase}000006`);
      await page.goto(`${app!.base}/card/masterControlCard`);
      await page.getByTestId('special-cards-master').waitFor(WAIT);
      expect(await page.getByTestId('card-add').isDisabled()).toBe(true);
      await page.goto(`${app!.base}/card/featureCard/addMasterControlCard`);
      await page.getByTestId('card-master-secondary').waitFor(WAIT);
      await page.getByTestId('card-quick-week').click();
      await page.getByTestId('card-write').click();
      const error = page.getByTestId('card-write-error');
      await error.waitFor(WAIT);
      expect(await error.textContent()).toContain(texts.denied);
      expect(await page.getByTestId('card-issued').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('CPU cards (dispenser type "4")', () => {
  it('adds a CPU card by the serial read from the encoder and hands it out through the CPU dispenser', async () => {
    const { context, page, problems } = await signIn(app!.browser, app!.base, { language: 'en' });
    try {
      // The CPU card menu is shown only for card-dispenser type "4".
      await page.getByTestId('console-layout').waitFor(WAIT);
      expect(await page.locator('a[href="/card/cpuCard"]').count()).toBe(0);
      await page.evaluate(`window.localStorage.setItem('cardDispenserType', '4')`);
      await page.goto(`${app!.base}/card/cpuCard`);
      await page.getByTestId('cpu-cards-page').waitFor(WAIT);
      await page
        .locator('.ant-menu a[href="/card/cpuCard"], .ant-menu [data-menu-id$="/card/cpuCard"]')
        .first()
        .waitFor(WAIT);

      await gateway!.sim.placeBlank('E1000001');
      await page.getByTestId('cpu-add').click();
      await page.waitForURL(/\/card\/addCpuCard$/, WAIT);
      await page.getByTestId('cpu-read-serial').click();
      await expect.poll(() => page.getByTestId('cpu-serial').inputValue(), WAIT).toBe('E1000001');
      await page.getByTestId('card-quick-month').click();
      await page.getByTestId('cpu-save').click();
      await page.waitForURL(/\/card\/cpuCard$/, WAIT);
      const row = page.locator('tr[data-serial="E1000001"]');
      await row.waitFor(WAIT);
      expect(await row.getByTestId('cpu-status').textContent()).toBe('Registered');

      // The dispenser moves a card from its stack to the encoder's position: the position must be free.
      await gateway!.sim.removeCard();
      await row.getByTestId('cpu-send-open').click();
      await page.getByTestId('cpu-dispenser').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: CPU_DISPENSER })
        .click();
      await page.getByTestId('cpu-send-ok').click();
      await expect
        .poll(
          async () =>
            (await page.getByTestId('cpu-send-error').count())
              ? `error: ${await page.getByTestId('cpu-send-error').textContent()}`
              : await row.getByTestId('cpu-status').textContent(),
          { timeout: 60_000 },
        )
        .toBe('Delivered');
      await shot(page, 'special-cards-cpu-en.png');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
