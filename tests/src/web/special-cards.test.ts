// The special card pages in Chromium (issue 9 §3), against the real server and the real gateway with its simulated
// encoder (contract E), in English and in Arabic (right to left): a master, a building, a floor and a universal card
// issued from the browser — the form, the card service writing the server's plan on the simulated encoder, read back
// and confirmed — and found in their lists; a card deleted with the Bluetooth notice; the expiry rules' messages; a
// secondary administrator's master card refused by the server; a card's validity changed by rewriting it; a CPU card
// registered by the serial read from the encoder and handed out by a type-4 dispenser over the embedded broker.
// Build first: `pnpm -r build` (or LOCKDESK_TEST_WEB_DIST).
import { translateError } from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';
import { cardDeskPerSuite, choose, listed, shot, WAIT, writeSpecialCard } from './cards-harness.js';
import { type ConsoleLanguage, DEMO_ACCOUNTS, signIn } from './harness.js';

/** The gateway's remote-reader bridge, registered as the hotel's CPU card dispenser (type '4'). */
const CPU_DISPENSER = '041780200004';

const desk = cardDeskPerSuite({ broker: 'embedded', deviceId: CPU_DISPENSER }, async (started) => {
  await started.call('cardDispenser/add', { mac_id: CPU_DISPENSER, name: 'CPU', type: '4' });
});

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
    withdrawn: string;
    universalNotice: string;
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
    withdrawn: 'Withdrawn',
    universalNotice: 'A new universal card opens a lock only after that lock’s next Bluetooth unlock.',
  },
  ar: {
    building: (n) => `المبنى ${n}`,
    floor: (n) => `الطابق ${n}`,
    required: 'يرجى تحديد وقت انتهاء صلاحية البطاقة',
    past: 'يجب أن يكون وقت انتهاء الصلاحية بعد الوقت الحالي',
    tooLate: 'لا يمكن أن تتجاوز صلاحية البطاقة عام 2035',
    bluetooth: 'يسري على القفل بعد فتحه التالي عبر البلوتوث',
    deleted: 'محذوفة',
    withdrawn: 'مُستردّة',
    universalNotice: 'لا تفتح البطاقة العامة الجديدة قفلًا إلا بعد الفتح التالي لذلك القفل بالبلوتوث.',
  },
};

describe.each(['en', 'ar'] as const)('special cards in %s', (language) => {
  const texts = TEXTS[language];
  const uidBase = language === 'en' ? 'C1' : 'D2';

  it('issues a master, a building, a floor and a universal card on the simulated encoder and lists them', async () => {
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    try {
      // Master card.
      await desk().gateway.sim.placeBlank(`${uidBase}000001`);
      await page.goto(`${desk().app.base}/card/masterControlCard`);
      await page.getByTestId('card-add').click();
      await page.waitForURL(/\/card\/featureCard\/addMasterControlCard$/, WAIT);
      const master = await writeSpecialCard(page);
      const masterRow = await listed(page, desk().app.base, '/card/masterControlCard', master);
      expect(await masterRow.getByTestId('card-status').getAttribute('class')).toContain('green');

      // Building card: building 2 of the demo hotel.
      await desk().gateway.sim.placeBlank(`${uidBase}000002`);
      await page.goto(`${desk().app.base}/card/featureCard/addBuildingCard`);
      await choose(page, 'card-building', texts.building(2));
      const building = await writeSpecialCard(page);
      const buildingRow = await listed(page, desk().app.base, '/card/BuildingCard', building);
      expect(await buildingRow.textContent()).toContain(texts.building(2));

      // Floor card: building 1, floor 3.
      await desk().gateway.sim.placeBlank(`${uidBase}000003`);
      await page.goto(`${desk().app.base}/card/featureCard/addFloorCard`);
      await choose(page, 'card-building', texts.building(1));
      await choose(page, 'card-floor', texts.floor(3));
      const floor = await writeSpecialCard(page);
      const floorRow = await listed(page, desk().app.base, '/card/floorCard', floor);
      expect(await floorRow.textContent()).toContain(texts.floor(3));

      // Universal card for every lock (the super administrator), with its Bluetooth notice.
      await desk().gateway.sim.placeBlank(`${uidBase}000004`);
      await page.goto(`${desk().app.base}/card/universalCardList/addUniversalCard`);
      const universal = await writeSpecialCard(page);
      expect(await page.getByTestId('bluetooth-notice').textContent()).toContain(texts.universalNotice);
      await listed(page, desk().app.base, '/card/universalCardList', universal);

      // Change its validity: the card on the encoder (the universal card) is rewritten under a new number, and the
      // number it replaces is withdrawn (the locks learn to refuse it), so a second physical card cannot keep it.
      expect((await desk().gateway.sim.state()).card?.uid).toBe(`${uidBase}000004`);
      const universalRow = await listed(page, desk().app.base, '/card/universalCardList', universal);
      const before = await universalRow.textContent();
      await universalRow.getByTestId('card-change-time').click();
      await page.waitForURL(/\/card\/setTime\?/, WAIT);
      await page.getByTestId('set-time-page').waitFor(WAIT);
      await page.getByTestId('card-quick-threeMonths').click();
      await page.getByTestId('card-write').click();
      await page.getByTestId('card-issued').waitFor(WAIT);
      const replacement = await page.getByTestId('card-issued').getAttribute('data-card-id');
      expect(replacement).toMatch(/\S/);
      expect(replacement).not.toBe(universal);
      const inThreeMonths = new Date(Date.now() + 89 * 86_400_000)
        .toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' })
        .slice(0, 7);
      await page.goto(`${desk().app.base}/card/universalCardList`);
      const rewritten = page.locator(`tr[data-card-id="${replacement}"]`).filter({ hasText: inThreeMonths });
      await rewritten.waitFor(WAIT);
      expect(await rewritten.getByTestId('card-status').getAttribute('class')).toContain('green');
      const replaced = page.locator(`tr[data-card-id="${universal}"]`);
      await replaced.waitFor(WAIT);
      expect(await replaced.getByTestId('card-status').textContent()).toBe(texts.withdrawn);
      expect(before).not.toContain(inThreeMonths);
      if (language === 'ar') expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await shot(page, `special-cards-universal-${language}.png`);

      // Delete the master card: the locks learn it at their next Bluetooth unlock.
      const row = await listed(page, desk().app.base, '/card/masterControlCard', master);
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
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    try {
      await desk().gateway.sim.placeBlank(`${uidBase}000005`);
      const commands = (await desk().gateway.sim.state()).commands;
      await page.goto(`${desk().app.base}/card/featureCard/addMasterControlCard`);
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
      expect((await desk().gateway.sim.state()).commands).toBe(commands);
      await shot(page, `special-cards-expiry-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows a secondary administrator that a master card is not valid, with the server refusal', async () => {
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, {
      language,
      account: DEMO_ACCOUNTS.secondary,
    });
    try {
      await desk().gateway.sim.placeBlank(`${uidBase}000006`);
      await page.goto(`${desk().app.base}/card/masterControlCard`);
      await page.getByTestId('special-cards-master').waitFor(WAIT);
      expect(await page.getByTestId('card-add').isDisabled()).toBe(true);
      await page.goto(`${desk().app.base}/card/featureCard/addMasterControlCard`);
      await page.getByTestId('card-master-secondary').waitFor(WAIT);
      await page.getByTestId('card-quick-week').click();
      await page.getByTestId('card-write').click();
      const error = page.getByTestId('card-write-error');
      await error.waitFor(WAIT);
      // The server's refusal (spec §6), in the catalogue's words.
      expect(await error.textContent()).toContain(translateError(language, 'MASTER_CARD_NOT_VALID'));
      expect(await page.getByTestId('card-issued').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('CPU cards (dispenser type "4")', () => {
  it('adds a CPU card by the serial read from the encoder and hands it out through the CPU dispenser', async () => {
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language: 'en' });
    try {
      // The CPU card menu is shown only for card-dispenser type "4".
      await page.getByTestId('console-layout').waitFor(WAIT);
      expect(await page.locator('a[href="/card/cpuCard"]').count()).toBe(0);
      await page.evaluate(`window.localStorage.setItem('cardDispenserType', '4')`);
      await page.goto(`${desk().app.base}/card/cpuCard`);
      await page.getByTestId('cpu-cards-page').waitFor(WAIT);
      await page
        .locator('.ant-menu a[href="/card/cpuCard"], .ant-menu [data-menu-id$="/card/cpuCard"]')
        .first()
        .waitFor(WAIT);

      await desk().gateway.sim.placeBlank('E1000001');
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
      await desk().gateway.sim.removeCard();
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
