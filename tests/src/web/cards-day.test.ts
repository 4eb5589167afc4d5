// Issue 9 'Done when', from the browser alone, on the demo: the real server (harness.ts), the real gateway with its
// simulated encoder and the embedded broker (gateway-harness.ts, contract E), Chromium. For each of the four reader
// types — chosen in the personal centre's reader selector, as a receptionist does — a guest is checked in from the
// room detail's card tab with a card written on the encoder, and that card is read back with the sidebar's Card
// Reading button to the guest details page of that stay; the console says that the encoder is simulated. Then, on
// one type, a master, a building, a floor and a universal card are issued from the /card pages and the sector check
// runs on /room/cardReading. Once more in Arabic (right to left): check-in and read-back on the local service.
// The test's own server calls only look things up (a vacant room, the stay's cards); every change is made in the
// browser. Build first: `pnpm -r build` (or LOCKDESK_TEST_WEB_DIST).
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
/** The remote reader answers through the broker: a read or write takes longer there. */
const SLOW = { timeout: 60_000 };

let app: Console | undefined;
let gateway: StartedGateway | undefined;
let session: { token: string; uid: number } | undefined;

/** One /manage call from the test itself, as the demo super administrator (look-ups only). */
async function call<T>(path: string, fields: Record<string, unknown> = {}): Promise<T> {
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

interface LockRoom {
  id: number;
  name: string;
  status: number;
  mac_id: string;
}
interface CardRow {
  card_id: string;
  status: string;
  uid: string | null;
}

beforeAll(async () => {
  app = await startConsole();
  gateway = await startGateway({ consoleOrigin: app.base, broker: 'embedded' });
  session = await call<{ token: string; uid: number }>('login', {
    mobile: DEMO_ACCOUNTS.super,
    password: DEMO_PASSWORD,
  });
}, 180_000);

afterAll(async () => {
  await gateway?.stop();
  await app?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });

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

/** A vacant room of the demo hotel with a lock, not used before by this suite. */
async function vacantRoom(): Promise<LockRoom> {
  const rooms = await call<{ list: LockRoom[] }>('room/allLock');
  const room = rooms.list.find((r) => r.status === 0 && r.mac_id && !taken.has(r.id));
  if (!room) throw new Error('no vacant room left in the demo hotel');
  taken.add(room.id);
  return room;
}

/**
 * Chooses the reader type in the personal centre's reader selector and waits until the console says the reader is
 * online and that it is the simulated encoder.
 */
async function chooseReader(page: Page, kind: 1 | 2 | 3 | 4, language: ConsoleLanguage): Promise<void> {
  await page.goto(`${app!.base}/center/personalCenter`);
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
      .toBe(gateway!.deviceId);
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
  await gateway!.sim.placeBlank(uid);
  await page.goto(`${app!.base}/room/roomDetails?id=${room.id}`);
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
  const broker = (await gateway!.health())['broker'] as { commands?: number } | undefined;
  if (typeof broker?.commands !== 'number') throw new Error('the gateway reports no broker commands');
  return broker.commands;
}

/** The guest's card as the server lists it: issued, with the UID written. */
async function serverCards(stayId: number): Promise<CardRow[]> {
  return (await call<{ list: CardRow[] }>('room/cardList', { stay_id: stayId, limit: 50 })).list;
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
      const room = await vacantRoom();
      const uid = `CD0${kind}0001`;
      const nickname = `Guest type ${kind}`;
      const { context, page, problems } = await signIn(app!.browser, app!.base, { language: 'en' });
      try {
        await chooseReader(page, kind, 'en');
        await shot(page, `cards-day-reader-${kind}-en.png`);
        const brokerCommands = await brokerCommandCount();
        const { stayId, cardId } = await checkInWithCard(page, room, uid, nickname, `1391234500${kind}`);
        expect((await gateway!.sim.state()).card?.uid).toBe(uid);
        expect((await serverCards(stayId)).map((c) => [c.card_id, c.status, c.uid])).toEqual([
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
        // The remote reader's write and read went through the broker; the local types never touch it.
        if (kind === 4) expect(await brokerCommandCount()).toBeGreaterThan(brokerCommands);
        else expect(await brokerCommandCount()).toBe(brokerCommands);
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
  /** Picks an option of an antd Select by its visible label. */
  async function choose(page: Page, testId: string, label: string): Promise<void> {
    await page.getByTestId(testId).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: label })
      .first()
      .click();
  }

  /** Fills the expiry by its one-week quick pick, writes the card, and answers its card number. */
  async function writeSpecialCard(page: Page): Promise<string> {
    await page.getByTestId('card-quick-week').click();
    await page.getByTestId('card-write').click();
    await page.getByTestId('card-write-steps').waitFor(WAIT);
    const issued = page.getByTestId('card-issued');
    await issued.waitFor(SLOW);
    const number = await issued.getAttribute('data-card-id');
    if (!number) throw new Error('no card number on the confirmation');
    return number;
  }

  async function listed(page: Page, path: string, cardNumber: string) {
    await page.goto(`${app!.base}${path}`);
    const row = page.locator(`tr[data-card-id="${cardNumber}"]`);
    await row.waitFor(WAIT);
    return row;
  }

  it('issues a master, a building, a floor and a universal card, then runs the sector check', async () => {
    const texts = TEXTS.en;
    const { context, page, problems } = await signIn(app!.browser, app!.base, { language: 'en' });
    try {
      await chooseReader(page, 2, 'en');

      await gateway!.sim.placeBlank('CD100001');
      await page.goto(`${app!.base}/card/masterControlCard`);
      await page.getByTestId('card-add').click();
      await page.waitForURL(/\/card\/featureCard\/addMasterControlCard$/, WAIT);
      const master = await writeSpecialCard(page);
      const masterRow = await listed(page, '/card/masterControlCard', master);
      expect(await masterRow.getByTestId('card-status').getAttribute('class')).toContain('green');

      await gateway!.sim.placeBlank('CD100002');
      await page.goto(`${app!.base}/card/BuildingCard`);
      await page.getByTestId('card-add').click();
      await page.waitForURL(/\/card\/featureCard\/addBuildingCard$/, WAIT);
      await choose(page, 'card-building', texts.building(2));
      const building = await writeSpecialCard(page);
      expect(await (await listed(page, '/card/BuildingCard', building)).textContent()).toContain(
        texts.building(2),
      );

      await gateway!.sim.placeBlank('CD100003');
      await page.goto(`${app!.base}/card/floorCard`);
      await page.getByTestId('card-add').click();
      await page.waitForURL(/\/card\/featureCard\/addFloorCard$/, WAIT);
      await choose(page, 'card-building', texts.building(1));
      await choose(page, 'card-floor', texts.floor(3));
      const floor = await writeSpecialCard(page);
      expect(await (await listed(page, '/card/floorCard', floor)).textContent()).toContain(texts.floor(3));

      await gateway!.sim.placeBlank('CD100004');
      await page.goto(`${app!.base}/card/universalCardList`);
      await page.getByTestId('card-add').click();
      await page.waitForURL(/\/card\/universalCardList\/addUniversalCard$/, WAIT);
      const universal = await writeSpecialCard(page);
      await page.getByTestId('bluetooth-notice').waitFor(WAIT);
      await listed(page, '/card/universalCardList', universal);

      // The server holds the four, issued, each on the card the encoder wrote.
      const all = (await call<{ list: CardRow[] }>('room/cardList', { limit: 100 })).list;
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
      await page.goto(`${app!.base}/room/cardReading`);
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
      const check = await call<{ encrypted_sectors: number[] }>('room/getCheckData', {
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
    const room = await vacantRoom();
    const uid = 'CDA10001';
    const nickname = 'ليلى';
    const { context, page, problems } = await signIn(app!.browser, app!.base, { language: 'ar' });
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
