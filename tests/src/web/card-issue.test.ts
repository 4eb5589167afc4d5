// Guest cards and the hotel's card list in Chromium (issue 9 §3), against the real server and the real gateway with
// its simulated encoder (contract E), in English and in Arabic (right to left): a guest checked in from the room
// detail's card tab with a card written on the encoder and read back before it is issued; a second card for the same
// stay; an encoder unplugged mid-write and a card taken away mid-write leave no issued card and say so; a card
// withdrawn (then erased on the encoder) and one deleted, with the Bluetooth notice; a master card issued from
// /center/addCard and found in /center/cardList. Build first: `pnpm -r build` (or LOCKDESK_TEST_WEB_DIST).
import { translateError } from '@lockdesk/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type CardRow, cardDeskPerSuite, shot, stayCards, vacantRoom, WAIT } from './cards-harness.js';
import { type ConsoleLanguage, signIn } from './harness.js';

const desk = cardDeskPerSuite({ broker: 'none' });

const TEXTS: Record<
  ConsoleLanguage,
  { issued: string; withdrawn: string; deleted: string; notIssued: string }
> = {
  en: { issued: 'Issued', withdrawn: 'Withdrawn', deleted: 'Deleted', notIssued: 'The card was not issued' },
  ar: { issued: 'صادرة', withdrawn: 'مُستردّة', deleted: 'محذوفة', notIssued: 'لم تُصدر البطاقة' },
};

/** Writes a card with the writer on screen and answers its number once it is issued. */
async function writeGuestCard(page: Page): Promise<string> {
  const before = await page
    .getByTestId('card-write-issued')
    .getAttribute('data-card-id')
    .catch(() => null);
  await page.getByTestId('card-write-start').click();
  await page.getByTestId('card-write-steps').waitFor(WAIT);
  const issued = page.getByTestId('card-write-issued');
  await expect
    .poll(async () => ((await issued.count()) ? await issued.getAttribute('data-card-id') : null), WAIT)
    .not.toBe(before);
  const number = await issued.getAttribute('data-card-id');
  if (!number) throw new Error('no card number on the confirmation');
  return number;
}

/** The error shown by the write, once it failed. */
async function writeFailure(page: Page): Promise<string> {
  const error = page.getByTestId('card-write-error');
  await error.waitFor(WAIT);
  return (await error.textContent()) ?? '';
}

const taken = new Set<number>();

describe.each(['en', 'ar'] as const)('guest cards in %s', (language) => {
  const texts = TEXTS[language];
  const uid = (n: number) => `${language === 'en' ? 'A1' : 'B2'}0000${String(n).padStart(2, '0')}`;

  it('checks a guest in with a card, writes a second one, and refuses what was not written', async () => {
    const room = await vacantRoom(desk(), taken);
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    try {
      // Check in from the room detail's card tab, then write the card on the simulated encoder.
      await desk().gateway.sim.placeBlank(uid(1));
      await page.goto(`${desk().app.base}/room/roomDetails?id=${room.id}&tab=card`);
      await page.getByTestId('card-checkin-form').waitFor(WAIT);
      await page.getByTestId('card-checkin-mobile').fill('13912345678');
      await page.getByTestId('card-checkin-nickname').fill(language === 'en' ? 'Li Wei' : 'ليلى');
      await page.getByTestId('card-checkin-submit').click();
      await page.getByTestId('card-checked-in').waitFor(WAIT);
      const stayId = Number(await page.getByTestId('guest-card-writer').getAttribute('data-stay-id'));
      expect(stayId).toBeGreaterThan(0);
      const first = await writeGuestCard(page);
      const firstRow = page.locator(`tr[data-card-id="${first}"]`);
      await firstRow.waitFor(WAIT);
      expect(await firstRow.getByTestId('card-status').textContent()).toBe(texts.issued);
      expect((await desk().gateway.sim.state()).card?.uid).toBe(uid(1));
      const firstDump = await desk().gateway.sim.dump('mct');
      if (language === 'ar') expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await shot(page, `card-issue-first-${language}.png`);

      // A second card for the same stay: both are issued.
      await desk().gateway.sim.placeBlank(uid(2));
      const second = await writeGuestCard(page);
      expect(second).not.toBe(first);
      await page.locator(`tr[data-card-id="${second}"]`).waitFor(WAIT);
      expect(
        (await stayCards(desk(), stayId))
          .filter((c) => c.status === 'issued')
          .map((c) => c.card_id)
          .sort(),
      ).toEqual([first, second].sort());

      // The encoder unplugged in the middle of the write: nothing issued, and the page says so.
      await desk().gateway.sim.placeBlank(uid(3));
      await desk().gateway.sim.fault('unplug-mid-write');
      await page.getByTestId('card-write-start').click();
      expect(await writeFailure(page)).toContain(texts.notIssued);
      await desk().gateway.sim.replug();
      await desk().gateway.sim.clearFaults();
      expect((await stayCards(desk(), stayId)).filter((c) => c.status === 'issued')).toHaveLength(2);
      expect((await stayCards(desk(), stayId)).some((c) => c.uid === uid(3))).toBe(false);
      await shot(page, `card-issue-unplugged-${language}.png`);

      // The card taken off the encoder while it is written: nothing issued, and the reason.
      await desk().gateway.sim.placeBlank(uid(4));
      await desk().gateway.sim.latency(300);
      await page.getByTestId('card-write-start').click();
      await page.locator('[data-testid="card-write-steps"][data-step="write"]').waitFor(WAIT);
      await desk().gateway.sim.removeCard();
      const removed = await writeFailure(page);
      await desk().gateway.sim.latency(0);
      expect(removed).toContain(translateError(language, 'CARD_REMOVED'));
      expect((await stayCards(desk(), stayId)).filter((c) => c.status === 'issued')).toHaveLength(2);

      // Withdraw the first card (the guest returned it), then erase it on the encoder.
      if (firstDump) await desk().gateway.sim.placeDump(firstDump, 'mct');
      await firstRow.getByTestId('card-withdraw').click();
      await page.getByTestId('card-withdraw-ok').click();
      await page.getByText(translateError(language, 'BLUETOOTH_SYNC_NEEDED')).first().waitFor(WAIT);
      await expect.poll(() => firstRow.getByTestId('card-status').textContent(), WAIT).toBe(texts.withdrawn);
      await page.getByTestId('card-erase-start').click();
      await page.getByTestId('card-erase').waitFor({ state: 'detached', ...WAIT });

      // Delete the second card: the lock learns it at its next Bluetooth unlock, and the page says so.
      const secondRow = page.locator(`tr[data-card-id="${second}"]`);
      await secondRow.getByTestId('card-delete').click();
      await page.getByTestId('card-delete-ok').click();
      await expect.poll(() => secondRow.getByTestId('card-status').textContent(), WAIT).toBe(texts.deleted);
      await secondRow.getByTestId('card-sync-pending').waitFor(WAIT);
      expect(await page.getByText(translateError(language, 'BLUETOOTH_SYNC_NEEDED')).count()).toBeGreaterThan(
        0,
      );
      const statuses = Object.fromEntries(
        (await stayCards(desk(), stayId)).map((c) => [c.card_id, c.status]),
      );
      expect(statuses).toMatchObject({ [first]: 'withdrawn', [second]: 'deleted' });
      await shot(page, `card-issue-withdrawn-deleted-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await desk()
        .gateway.sim.latency(0)
        .catch(() => {});
      await desk()
        .gateway.sim.replug()
        .catch(() => {});
      await desk()
        .gateway.sim.clearFaults()
        .catch(() => {});
      await context.close();
    }
  }, 300_000);

  it('writes the card of a card check-in made on /room/checkIn', async () => {
    const room = await vacantRoom(desk(), taken);
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    try {
      await desk().gateway.sim.placeBlank(uid(7));
      await page.goto(`${desk().app.base}/room/checkIn?room_id=${room.id}`);
      await page.getByTestId('checkin-form').waitFor(WAIT);
      await page.getByTestId('checkin-mobile').fill('13912345679');
      await page
        .getByTestId('checkin-kind')
        .locator('label')
        .filter({ has: page.locator('input[value="card"]') })
        .click();
      await page.getByTestId('checkin-next').click();
      await page.getByTestId('checkin-confirm').waitFor(WAIT);
      await page.getByTestId('checkin-confirm-ok').click();
      await page.getByTestId('checkin-done').waitFor(WAIT);
      const stayId = Number(await page.getByTestId('guest-card-writer').getAttribute('data-stay-id'));
      const number = await writeGuestCard(page);
      const cards = await stayCards(desk(), stayId);
      expect(cards.map((c) => [c.card_id, c.status, c.uid])).toEqual([[number, 'issued', uid(7)]]);
      await shot(page, `card-issue-checkin-page-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('issues a master card from /center/addCard and lists it in /center/cardList', async () => {
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    try {
      await desk().gateway.sim.placeBlank(uid(9));
      await page.goto(`${desk().app.base}/center/addCard`);
      await page.getByTestId('add-card-form').waitFor(WAIT);
      await page.getByTestId('add-card-oneWeek').click();
      await page.getByTestId('add-card-write').click();
      await page.getByTestId('add-card-done').waitFor(WAIT);
      const cards = await desk().call<{ list: CardRow[] }>('room/cardList', { type: 1, limit: 50 });
      const master = cards.list.find((c) => c.uid === uid(9));
      expect(master?.status).toBe('issued');
      await page.goto(`${desk().app.base}/center/cardList?type=1`);
      const row = page.locator(`tr[data-card-id="${master!.card_id}"]`);
      await row.waitFor(WAIT);
      expect(await row.getByTestId('card-status').textContent()).toBe(texts.issued);
      await shot(page, `card-list-master-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
