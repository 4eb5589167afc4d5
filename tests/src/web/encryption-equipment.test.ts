// The card encryption and card reader pages in Chromium (issue 9 §4, §5), against the real server and the real
// gateway with its simulated encoder and embedded broker (contract E), in English and in Arabic (right to left):
// the super administrator turns encryption on with chosen sectors; a blank card on the encoder is encrypted from the
// browser (the server's plan written, read back and confirmed) and the sector check then finds exactly those
// sectors closed to the factory key, while the card itself proves it (its trailers hold other keys); the card is
// decrypted back; a card reader is added by its 12-digit address and bound to the operator (`cardSenderID`); the
// broker test page sends a hex command to the simulated encoder through the embedded broker and shows its reply.
// Build first: `pnpm -r build` (or LOCKDESK_TEST_WEB_DIST).
import { encodeCommandHex } from '@lockdesk/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardDeskPerSuite, shot, WAIT } from './cards-harness.js';
import { SIMULATED_DEVICE_ID } from './gateway-harness.js';
import { type ConsoleLanguage, signIn } from './harness.js';

const ENCRYPTED = [1, 3, 5, 13];

const desk = cardDeskPerSuite({ broker: 'embedded' });

const TEXTS: Record<
  ConsoleLanguage,
  {
    on: string;
    encrypted: (uid: string) => string;
    decrypted: (uid: string) => string;
    closed: string;
    open: string;
    notEncrypted: string;
    addressInvalid: string;
    added: (mac: string) => string;
    deviceInvalid: string;
    hexInvalid: string;
    connected: string;
  }
> = {
  en: {
    on: 'Encryption on',
    encrypted: (uid) => `Card ${uid} is encrypted`,
    decrypted: (uid) => `Card ${uid} is decrypted`,
    closed: 'Closed to the factory key',
    open: 'Open with the factory key',
    notEncrypted: 'Card not encrypted',
    addressInvalid: 'The card reader address is 12 digits',
    added: (mac) => `Reader ${mac} is added`,
    deviceInvalid: 'invalid device ID format',
    hexInvalid: 'invalid hex format',
    connected: 'Connected',
  },
  ar: {
    on: 'التشفير مفعّل',
    encrypted: (uid) => `تم تشفير البطاقة ${uid}`,
    decrypted: (uid) => `تم فك تشفير البطاقة ${uid}`,
    closed: 'مغلق أمام مفتاح المصنع',
    open: 'يُفتح بمفتاح المصنع',
    notEncrypted: '',
    addressInvalid: 'عنوان قارئ البطاقات مكوّن من 12 رقمًا',
    added: (mac) => `تمت إضافة القارئ ${mac}`,
    deviceInvalid: 'تنسيق معرّف الجهاز غير صالح',
    hexInvalid: 'تنسيق سداسي عشري غير صالح',
    connected: 'متصل',
  },
};

/** Runs the encrypt (or decrypt) page on the card now on the encoder and waits for its outcome and sector check. */
async function runCardPage(page: Page, mode: 'encrypt' | 'decrypt'): Promise<void> {
  await page.goto(`${desk().app.base}/center/cardEncryptionPage?mode=${mode}`);
  await page.getByTestId('encrypt-start').click();
  await page.getByTestId('encrypt-outcome').waitFor(WAIT);
  await page.getByTestId('scan-summary').waitFor(WAIT);
}

// One language after the other, each in a desk's order: the Arabic encryption runs after the English one bound a
// reader and sent a command through the broker, which must leave the encoder as it was.
describe.each(['en', 'ar'] as const)('encryption and equipment in %s', (language) => {
  const t = TEXTS[language];

  it('turns encryption on with chosen sectors, encrypts a card and the sector check finds them closed', async () => {
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    try {
      if (language === 'en') {
        await page.goto(`${desk().app.base}/center/cardEncryption`);
        await page.getByTestId('choose-sectors').click();
        await page.getByTestId('sector-select').waitFor(WAIT);
        // 1 and 13 are always encrypted and cannot be unticked.
        await expect(page.getByTestId('sector-1').isChecked()).resolves.toBe(true);
        await expect(page.getByTestId('sector-13').isDisabled()).resolves.toBe(true);
        await page.getByTestId('sector-3').check({ force: true });
        await page.getByTestId('sector-5').check({ force: true });
        await expect(page.getByTestId('sector-summary').textContent()).resolves.toContain('1, 3, 5, 13');
        await page.getByTestId('save-sectors').click();
        await page.getByTestId('encryption-settings').waitFor(WAIT);
        await page.getByTestId('encryption-state').filter({ hasText: t.on }).waitFor(WAIT);
        await expect(page.getByTestId('encryption-sectors').textContent()).resolves.toBe('1, 3, 5, 13');
        await expect(page.evaluate("window.localStorage.getItem('encryptedSectors')")).resolves.toBe(
          JSON.stringify(ENCRYPTED),
        );
      } else {
        await page.goto(`${desk().app.base}/center/cardEncryption`);
        await page.getByTestId('encryption-state').filter({ hasText: t.on }).waitFor(WAIT);
      }

      const uid = language === 'en' ? 'C0FFEE01' : 'C0FFEE02';
      await desk().gateway.sim.placeBlank(uid);
      // Decrypting a card that was never encrypted is refused before anything is written.
      if (language === 'en') {
        await page.goto(`${desk().app.base}/center/cardEncryptionPage?mode=decrypt`);
        await page.getByTestId('encrypt-start').click();
        await page.getByTestId('encrypt-failure').filter({ hasText: t.notEncrypted }).waitFor(WAIT);
      }
      await runCardPage(page, 'encrypt');
      await expect(page.getByTestId('encrypt-outcome').textContent()).resolves.toContain(t.encrypted(uid));
      for (let sector = 1; sector <= 15; sector++) {
        const tag = page.getByTestId(`scan-sector-${sector}`);
        await expect(tag.textContent()).resolves.toBe(ENCRYPTED.includes(sector) ? t.closed : t.open);
      }
      await shot(page, `encryption-card-${language}.png`);

      // The encrypted cards list opens; a blank card has no record there, so it is decrypted by its UID.
      await page.goto(`${desk().app.base}/center/cardEncryptionManagement?show=all`);
      await page.getByTestId('encrypted-cards').waitFor(WAIT);
      await page.goto(`${desk().app.base}/center/cardEncryptionPage?mode=decrypt&uid=${uid}`);
      await page.getByTestId('expected-uid').filter({ hasText: uid }).waitFor(WAIT);
      await page.getByTestId('encrypt-start').click();
      await page
        .getByTestId('encrypt-outcome')
        .filter({ hasText: t.decrypted(uid) })
        .waitFor(WAIT);
      await page.getByTestId('scan-summary').waitFor(WAIT);
      for (const sector of ENCRYPTED)
        await expect(page.getByTestId(`scan-sector-${sector}`).textContent()).resolves.toBe(t.open);
      expect(problems).toEqual([]);
    } finally {
      await shot(page, `last-encrypt-${language}.png`).catch(() => {});
      await context.close();
    }
  });

  it('adds a card reader by its 12-digit address and binds it to the operator', async () => {
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    const mac = language === 'en' ? '202511250001' : '202511250002';
    try {
      await page.goto(`${desk().app.base}/equipmentManagement/cardSender`);
      await page.getByTestId('reader-address').fill('12345');
      await page.getByTestId('add-reader').click();
      await page.getByText(t.addressInvalid).waitFor(WAIT);
      await page.getByTestId('reader-address').fill(mac);
      await page.getByTestId('reader-name').fill(`Desk ${language}`);
      await page.getByTestId('add-reader').click();
      await page.getByText(t.added(mac)).waitFor(WAIT);
      await page.getByTestId(`bind-${mac}`).click();
      await page.getByTestId('bind-reader').waitFor(WAIT);
      await page.getByTestId('bind-user-select').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: language === 'en' ? '(you)' : '(أنت)' })
        .first()
        .click();
      await page.getByTestId('bind-submit').click();
      // The operator's own reader is now this one, kept as cardSenderID for the remote reader.
      await page.getByTestId('my-reader-id').filter({ hasText: mac }).waitFor(WAIT);
      await expect(page.evaluate("window.localStorage.getItem('cardSenderID')")).resolves.toBe(mac);
      await page.goto(`${desk().app.base}/center/cardReaderAndUserList?show=bound`);
      await page.getByTestId('readers-and-users').getByText(mac).waitFor(WAIT);
      await shot(page, `readers-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await shot(page, `last-reader-${language}.png`).catch(() => {});
      await context.close();
    }
  });

  it('sends a hex command through the broker to the simulated encoder and shows its reply', async () => {
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    try {
      await page.goto(`${desk().app.base}/center/mqttTest`);
      await page.getByTestId('mqtt-device').fill('04178020000Z');
      await page.getByTestId('mqtt-connect').click();
      await page.getByText(t.deviceInvalid).waitFor(WAIT);
      await page.getByTestId('mqtt-device').fill(SIMULATED_DEVICE_ID);
      await page.getByTestId('mqtt-connect').click();
      await page.getByTestId('mqtt-state').filter({ hasText: t.connected }).waitFor(WAIT);
      await page.getByTestId('mqtt-command').fill('A5 0');
      await page.getByTestId('mqtt-send').click();
      await page.getByText(t.hexInvalid).waitFor(WAIT);
      // The preset 'device version' frame; the simulated encoder answers with its version and address.
      const version = encodeCommandHex({ name: 'getVersion' });
      if (!version.ok) throw new Error(version.detail);
      await page.getByTestId('mqtt-command').fill(version.value);
      await page.getByTestId('mqtt-send').click();
      const reply = page.getByTestId('mqtt-reply');
      await reply.waitFor(WAIT);
      expect(await reply.textContent()).toMatch(/^5A[0-9A-F]+$/);
      await page.getByTestId('mqtt-decoded').getByText(SIMULATED_DEVICE_ID).waitFor(WAIT);
      await shot(page, `mqtt-test-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await shot(page, `last-mqtt-${language}.png`).catch(() => {});
      await context.close();
    }
  });
});
