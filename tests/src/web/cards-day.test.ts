// Issue 9 'Done when', from the browser alone, on the demo: the real server (harness.ts), the real gateway with its
// simulated encoder and the embedded broker (gateway-harness.ts, contract E), Chromium. For each of the four reader
// types — chosen in the personal centre's reader selector, as a receptionist does — a guest is checked in from the
// room detail's card tab with a card written on the encoder, and that card is read back with the sidebar's Card
// Reading button to the guest details page of that stay; the console says that the encoder is simulated. Then, on
// one type, a master, a building, a floor and a universal card are issued from the /card pages and the sector check
// runs on /room/cardReading. Once more in Arabic (right to left): check-in and read-back on the local service.
// The test's own server calls only look things up (a vacant room, the stay's cards); every change is made in the
// browser. Build first: `pnpm -r build` (or LOCKDESK_TEST_WEB_DIST).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type CardRow,
  cardDeskPerSuite,
  choose,
  type LockRoom,
  listed,
  shot,
  stayCards,
  vacantRoom,
  WAIT,
  writeSpecialCard,
} from './cards-harness.js';
import { type ConsoleLanguage, signIn } from './harness.js';

/** The remote reader answers through the broker: a read or write takes longer there. */
const SLOW = { timeout: 60_000 };

const desk = cardDeskPerSuite({ broker: 'embedded' });

const TEXTS: Record<
  ConsoleLanguage,
  { simulated: string; issued: string; building: (n: number) => string; floor: (n: number) => string }
> = {
  en: {
    simulated: 'Simulated encoder',
    issued: 'Issued',
    building: (n) => `Building ${n}`,
    floor: (n) => `Floor ${n}`,
  },
  ar: {
    simulated: 'مُرمِّز محاكى',
    issued: 'صادرة',
    building: (n) => `المبنى ${n}`,
    floor: (n) => `الطابق ${n}`,
  },
};

const taken = new Set<number>();

/**
 * Chooses the reader type in the personal centre's reader selector and waits until the console says the reader is
 * online and that it is the simulated encoder.
 */
async function chooseReader(page: Page, kind: 1 | 2 | 3 | 4, language: ConsoleLanguage): Promise<void> {
  await page.goto(`${desk().app.base}/center/personalCenter`);
  const select = page.getByTestId('reader-select');
  await select.waitFor(WAIT);
  await select
    .locator('label')
    .filter({ has: page.getByTestId(`reader-kind-${kind}`) })
    .click();
  const status = select.getByTestId('reader-status');
  await expect.poll(() => status.getAttribute('data-kind'), WAIT).toBe(String(kind));
  // The remote reader is reached at the reader bound to the account (the demo binds the simulated gateway's).
  if (kind === 4)
    await expect
      .poll(() => select.getByTestId('reader-device-id').inputValue(), WAIT)
      .toBe(desk().gateway.deviceId);
  await expect.poll(() => status.getAttribute('data-online'), SLOW).toBe('true');
  const simulated = select.getByTestId('reader-simulated');
  await simulated.waitFor(WAIT);
  expect(await simulated.textContent()).toBe(TEXTS[language].simulated);
  // The sidebar's tag shows the same reader everywhere in the console.
  await expect
    .poll(() =>
      page.getByTestId('console-layout').getByTestId('reader-status').first().getAttribute('data-kind'),
    )
    .toBe(String(kind));
}

/**
 * Checks a guest in from the room detail's card tab with the blank card `uid` on the encoder, writes the card and
 * answers the stay and the card number the console confirmed.
 */
async function checkInWithCard(
  page: Page,
  room: LockRoom,
  uid: string,
  nickname: string,
  mobile: string,
): Promise<{ stayId: number; cardId: string }> {
  await desk().gateway.sim.placeBlank(uid);
  await page.goto(`${desk().app.base}/room/roomDetails?id=${room.id}`);
  await page.getByTestId('room-tab-card').click();
  await page.getByTestId('card-checkin-form').waitFor(WAIT);
  await page.getByTestId('card-checkin-mobile').fill(mobile);
  await page.getByTestId('card-checkin-nickname').fill(nickname);
  await page.getByTestId('card-checkin-submit').click();
  await page.getByTestId('card-checked-in').waitFor(WAIT);
  const stayId = Number(await page.getByTestId('guest-card-writer').getAttribute('data-stay-id'));
  expect(stayId).toBeGreaterThan(0);
  await page.getByTestId('card-write-start').click();
  await page.getByTestId('card-write-steps').waitFor(WAIT);
  const issued = page.getByTestId('card-write-issued');
  const failure = page.getByTestId('card-write-error');
  await expect
    .poll(
      async () =>
        (await failure.count())
          ? `error: ${await failure.textContent()}`
          : (await issued.count())
            ? 'issued'
            : 'writing',
      SLOW,
    )
    .toBe('issued');
  const cardId = await issued.getAttribute('data-card-id');
  if (!cardId) throw new Error('no card number on the confirmation');
  const row = page.locator(`tr[data-card-id="${cardId}"]`);
  await row.waitFor(WAIT);
  return { stayId, cardId };
}

/** Reads the card on the encoder with the sidebar's Card Reading button, to the guest details page of the stay. */
async function readBack(
  page: Page,
  expected: { stayId: number; cardId: string; nickname: string; room: LockRoom },
): Promise<void> {
  const button = page.getByTestId('card-reading-button');
  await expect.poll(() => button.getAttribute('data-locked'), WAIT).toBe('false');
  await button.click();
  await page.waitForURL(/\/room\/thetouristsDetails\?/, SLOW);
  expect(new URL(page.url()).searchParams.get('id')).toBe(String(expected.stayId));
  await expect.poll(() => page.getByTestId('stay-details-guest').textContent(), WAIT).toBe(expected.nickname);
  expect(await page.getByTestId('stay-details-room').textContent()).toBe(expected.room.name);
  const card = page.locator(`[data-testid="stay-card"][data-card-id="${expected.cardId}"]`);
  await card.waitFor(WAIT);
}

/** How many commands the gateway's remote-reader bridge took from the broker so far. */
async function brokerCommandCount(): Promise<number> {
  const broker = (await desk().gateway.health())['broker'] as { commands?: number } | undefined;
  if (typeof broker?.commands !== 'number') throw new Error('the gateway reports no broker commands');
  return broker.commands;
}

const READER_TYPES = [
  { kind: 1, name: 'local service' },
  { kind: 2, name: 'second reader' },
  { kind: 3, name: 'third reader' },
  { kind: 4, name: 'remote reader over MQTT' },
] as const;

describe('a receptionist’s card day on each reader type (English)', () => {
  it.each(READER_TYPES)(
    'type $kind ($name): checks a guest in with a card from the room detail and reads it back with the Card Reading button',
    async ({ kind }) => {
      const room = await vacantRoom(desk(), taken);
      const uid = `CD0${kind}0001`;
      const nickname = `Guest type ${kind}`;
      const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, {
        language: 'en',
      });
      // The console's calls by path: the remote reader logs in to the broker with the operator's credential.
      const calls: string[] = [];
      page.on('request', (request) => calls.push(new URL(request.url()).pathname));
      try {
        await chooseReader(page, kind, 'en');
        await shot(page, `cards-day-reader-${kind}-en.png`);
        const brokerCommands = await brokerCommandCount();
        const { stayId, cardId } = await checkInWithCard(page, room, uid, nickname, `1391234500${kind}`);
        expect((await desk().gateway.sim.state()).card?.uid).toBe(uid);
        expect((await stayCards(desk(), stayId)).map((c) => [c.card_id, c.status, c.uid])).toEqual([
          [cardId, 'issued', uid],
        ]);
        await readBack(page, { stayId, cardId, nickname, room });
        expect(
          await page
            .getByTestId('console-layout')
            .getByTestId('reader-status')
            .first()
            .getAttribute('data-kind'),
        ).toBe(String(kind));
        // The remote reader's write and read went through the broker, which admits no client without a credential
        // (tests/src/gateway/broker-auth.test.ts): the console asked the server for one. The local types never
        // touch the broker.
        if (kind === 4) {
          expect(await brokerCommandCount()).toBeGreaterThan(brokerCommands);
          expect(calls).toContain('/manage/broker/credential');
        } else expect(await brokerCommandCount()).toBe(brokerCommands);
        await shot(page, `cards-day-read-back-${kind}-en.png`);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    240_000,
  );
});

describe('special cards and the sector check (English, second reader)', () => {
  it('issues a master, a building, a floor and a universal card, then runs the sector check', async () => {
    const texts = TEXTS.en;
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language: 'en' });
    try {
      await chooseReader(page, 2, 'en');

      await desk().gateway.sim.placeBlank('CD100001');
      await page.goto(`${desk().app.base}/card/masterControlCard`);
      await page.getByTestId('card-add').click();
      await page.waitForURL(/\/card\/featureCard\/addMasterControlCard$/, WAIT);
      const master = await writeSpecialCard(page, SLOW);
      const masterRow = await listed(page, desk().app.base, '/card/masterControlCard', master);
      expect(await masterRow.getByTestId('card-status').getAttribute('class')).toContain('green');

      await desk().gateway.sim.placeBlank('CD100002');
      await page.goto(`${desk().app.base}/card/BuildingCard`);
      await page.getByTestId('card-add').click();
      await page.waitForURL(/\/card\/featureCard\/addBuildingCard$/, WAIT);
      await choose(page, 'card-building', texts.building(2));
      const building = await writeSpecialCard(page, SLOW);
      expect(
        await (await listed(page, desk().app.base, '/card/BuildingCard', building)).textContent(),
      ).toContain(texts.building(2));

      await desk().gateway.sim.placeBlank('CD100003');
      await page.goto(`${desk().app.base}/card/floorCard`);
      await page.getByTestId('card-add').click();
      await page.waitForURL(/\/card\/featureCard\/addFloorCard$/, WAIT);
      await choose(page, 'card-building', texts.building(1));
      await choose(page, 'card-floor', texts.floor(3));
      const floor = await writeSpecialCard(page, SLOW);
      expect(await (await listed(page, desk().app.base, '/card/floorCard', floor)).textContent()).toContain(
        texts.floor(3),
      );

      await desk().gateway.sim.placeBlank('CD100004');
      await page.goto(`${desk().app.base}/card/universalCardList`);
      await page.getByTestId('card-add').click();
      await page.waitForURL(/\/card\/universalCardList\/addUniversalCard$/, WAIT);
      const universal = await writeSpecialCard(page, SLOW);
      await page.getByTestId('bluetooth-notice').waitFor(WAIT);
      await listed(page, desk().app.base, '/card/universalCardList', universal);

      // The server holds the four, issued, each on the card the encoder wrote.
      const all = (await desk().call<{ list: CardRow[] }>('room/cardList', { limit: 100 })).list;
      const byNumber = new Map(all.map((c) => [c.card_id, c]));
      expect(
        [master, building, floor, universal].map((n) => [byNumber.get(n)?.status, byNumber.get(n)?.uid]),
      ).toEqual([
        ['issued', 'CD100001'],
        ['issued', 'CD100002'],
        ['issued', 'CD100003'],
        ['issued', 'CD100004'],
      ]);
      await shot(page, 'cards-day-universal-en.png');

      // The sector check on the universal card still on the encoder: every sector 1..15 is tried, each either
      // read with the default key or reported failed — exactly those the server wrote with the card's own keys.
      await page.goto(`${desk().app.base}/room/cardReading`);
      await page.getByTestId('card-reading-page').waitFor(WAIT);
      await page.getByTestId('card-read').click();
      await expect.poll(() => page.getByTestId('raw-verdict').getAttribute('data-reason'), SLOW).toBe('ok');
      expect(await page.getByTestId('raw-uid').textContent()).toContain('CD100004');
      await expect.poll(() => page.getByTestId('sector-check').isEnabled(), WAIT).toBe(true);
      await page.getByTestId('sector-check').click();
      await page.getByTestId('sector-scan-result').waitFor(SLOW);
      const list = async (id: string) =>
        ((await page.getByTestId(id).textContent()) ?? '')
          .split(',')
          .map((s) => Number(s.trim()))
          .filter((n) => Number.isInteger(n) && n > 0);
      const read = await list('sector-scan-read');
      const failed = await list('sector-scan-failed');
      expect([...read, ...failed].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
      const check = await desk().call<{ encrypted_sectors: number[] }>('room/getCheckData', {
        card_uid: 'CD100004',
      });
      expect(failed).toEqual([...check.encrypted_sectors].sort((a, b) => a - b));
      expect(await page.locator('.device-log-line').count()).toBeGreaterThan(0);
      expect(await page.locator('.device-log-line').count()).toBeLessThanOrEqual(100);
      await shot(page, 'cards-day-sector-check-en.png');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});

describe('right to left (Arabic)', () => {
  it('type 1: checks a guest in with a card and reads it back to the guest details page', async () => {
    const room = await vacantRoom(desk(), taken);
    const uid = 'CDA10001';
    const nickname = 'ليلى';
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language: 'ar' });
    try {
      await chooseReader(page, 1, 'ar');
      const { stayId, cardId } = await checkInWithCard(page, room, uid, nickname, '13912345009');
      expect(
        await page.locator(`tr[data-card-id="${cardId}"]`).getByTestId('card-status').textContent(),
      ).toBe(TEXTS.ar.issued);
      await readBack(page, { stayId, cardId, nickname, room });
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await shot(page, 'cards-day-read-back-1-ar.png');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
