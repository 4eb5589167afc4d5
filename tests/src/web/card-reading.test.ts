// The Card Reading button and /room/cardReading in Chromium, against the real server and the real gateway with its
// simulated encoder (contract E), in English and in Arabic (right to left). Cards are issued the way the console
// issues them — the server's write plan (room/sendCard, room/cardAdd) written on the simulated encoder by the
// console's own card service, read back and confirmed (room/addCardStepTwoNew) — then read in the browser:
// a guest card opens its guest details page, a master card tells the administrator's mobile, a blank card has no
// guest data, and the raw card page refuses a card whose content was changed and a card copied onto another UID,
// each with its reason, and runs the sector check. Build first: `pnpm -r build` (or LOCKDESK_TEST_WEB_DIST).
import type { CardService, CardWritePlan } from '@lockdesk/web/card-service';
import { afterAll, describe, expect, it } from 'vitest';
import { cardDeskPerSuite, gatewayCardService, hotelTime, shot, WAIT } from './cards-harness.js';
import { type ConsoleLanguage, signIn } from './harness.js';

let service: CardService | undefined;

let vacant: { id: number; name: string }[] = [];

/** Checks a guest into the next vacant room. */
async function checkIn(nickname: string): Promise<{ stayId: number; room: string }> {
  const room = vacant.shift();
  if (!room) throw new Error('no vacant room left in the demo hotel');
  const stay = await desk().call<{ stay_id: number }>('room/tenant/update/checkIn', {
    room_id: room.id,
    mobile: '13912345678',
    nickname,
    start_time: hotelTime(Date.now() - 60_000),
    end_time: hotelTime(Date.now() + 2 * 86_400_000),
    other_information: `Card test ${nickname}`,
    kind: 'card',
  });
  return { stayId: stay.stay_id, room: room.name };
}

/** Writes the server's plan on the blank card now on the simulated encoder, and confirms the verified write. */
function issue(allocate: (uid: string) => Promise<CardWritePlan>): Promise<{ card_id: string; uid: string }> {
  return service!.writeCard({
    allocate,
    confirm: (plan, blocks, uid) =>
      desk().call<{ card_id: string; uid: string }>('room/addCardStepTwoNew', {
        id: plan.id,
        card_uid: uid,
        blocks,
      }),
  });
}

async function issueGuestCard(stayId: number, uid: string) {
  await desk().gateway.sim.placeBlank(uid);
  return issue((found) => desk().call<CardWritePlan>('room/sendCard', { stay_id: stayId, card_uid: found }));
}

/** Changes the hex byte at `offset` of block `block` in an MCT dump (one '+Sector: n' line, then 4 blocks). */
function editMct(dump: string, block: number, edit: (bytes: number[]) => void): string {
  const lines = dump.split(/\r?\n/);
  let sector = -1;
  let row = 0;
  return lines
    .map((line) => {
      const header = /^\+Sector:\s*(\d+)/.exec(line);
      if (header) {
        sector = Number(header[1]);
        row = 0;
        return line;
      }
      if (!/^[0-9A-Fa-f-]{32}$/.test(line.trim())) return line;
      const index = sector * 4 + row;
      row += 1;
      if (index !== block) return line;
      const bytes = line.match(/../g)!.map((h) => Number.parseInt(h, 16));
      edit(bytes);
      return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('');
    })
    .join('\n');
}

/** The same dump on another card: UID bytes replaced, BCC recomputed (a copy onto a 'magic' card). */
function copyOnto(dump: string, uid: string): string {
  return editMct(dump, 0, (bytes) => {
    const next = uid.match(/../g)!.map((h) => Number.parseInt(h, 16));
    for (let i = 0; i < 4; i++) bytes[i] = next[i]!;
    bytes[4] = (next[0]! ^ next[1]! ^ next[2]! ^ next[3]!) & 0xff;
  });
}

const desk = cardDeskPerSuite({ broker: 'none' }, async (started) => {
  service = gatewayCardService();
  const rooms = await started.call<{ list: { id: number; name: string; mac_id: string | null }[] }>(
    'room/listNew',
    {
      status: 0,
      limit: 20,
    },
  );
  vacant = rooms.list.filter((r) => r.mac_id).map((r) => ({ id: r.id, name: r.name }));
});

afterAll(() => {
  service?.dispose();
});

const TEXTS: Record<
  ConsoleLanguage,
  { noGuestData: string; functionCard: RegExp; tampered: string; copied: string; cardNumberRead: string }
> = {
  en: {
    noGuestData: 'no guest data on the card',
    functionCard: /Master card: issued by the administrator, mobile 13800138000/,
    tampered: 'Altered card: refused',
    copied: 'Copied onto another card: refused',
    cardNumberRead: 'card number read',
  },
  ar: {
    noGuestData: 'لا توجد بيانات ضيف على البطاقة',
    functionCard: /البطاقة الرئيسية: أصدرها المسؤول، الجوال 13800138000/,
    tampered: 'بطاقة معدّلة: مرفوضة',
    copied: 'منسوخة على بطاقة أخرى: مرفوضة',
    cardNumberRead: 'تمت قراءة رقم البطاقة',
  },
};

describe.each(['en', 'ar'] as const)('card reading in %s', (language) => {
  const texts = TEXTS[language];
  const uidBase = language === 'en' ? 'A1' : 'B2';

  it('reads a guest card from the sidebar button to its guest details page', async () => {
    const { stayId, room } = await checkIn(`Guest ${language}`);
    const card = await issueGuestCard(stayId, `${uidBase}000001`);
    expect(card.card_id).toMatch(/^\d+$/);
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    try {
      await page.getByTestId('card-reading-button').click();
      // The step under the button as it happens, with its cancel control.
      await page.getByTestId('card-reading-cancel').waitFor(WAIT);
      await page.waitForURL(/\/room\/thetouristsDetails\?/, WAIT);
      const url = new URL(page.url());
      expect(url.searchParams.get('id')).toBe(String(stayId));
      expect(url.searchParams.get('other_information')).toBe(`Card test Guest ${language}`);
      await expect
        .poll(() => page.getByTestId('stay-details-guest').textContent(), WAIT)
        .toBe(`Guest ${language}`);
      expect(await page.getByTestId('stay-details-room').textContent()).toBe(room);
      await page.getByTestId('stay-card').first().waitFor(WAIT);
      expect(await page.getByTestId('stay-card').first().getAttribute('data-card-id')).toBe(card.card_id);
      await page.getByText(texts.cardNumberRead).first().waitFor(WAIT);
      if (language === 'ar') expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await shot(page, `card-reading-guest-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('tells the administrator’s mobile for a master card, and no guest data for a blank card', async () => {
    await desk().gateway.sim.placeBlank(`${uidBase}000002`);
    await issue((found) =>
      desk().call<CardWritePlan>('room/cardAdd', {
        type: 1,
        card_uid: found,
        end_time: hotelTime(Date.now() + 30 * 86_400_000),
      }),
    );
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    try {
      const button = page.getByTestId('card-reading-button');
      await button.click();
      await page.getByText(texts.functionCard).waitFor(WAIT);
      expect(new URL(page.url()).pathname).toBe('/room/roomList');

      await desk().gateway.sim.placeBlank(`${uidBase}000003`);
      // The 2000 ms lockout ends before the next read.
      await expect.poll(() => button.getAttribute('data-locked'), WAIT).toBe('false');
      await button.click();
      await page.getByText(texts.noGuestData).first().waitFor(WAIT);
      expect(new URL(page.url()).pathname).toBe('/room/roomList');
      await shot(page, `card-reading-blank-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('refuses on /room/cardReading a card whose content was changed and a card copied onto another UID', async () => {
    const { stayId } = await checkIn(`Copied ${language}`);
    await issueGuestCard(stayId, `${uidBase}000004`);
    const issued = await desk().gateway.sim.dump('mct');
    if (!issued) throw new Error('the simulator has no card to dump');
    const { context, page, problems } = await signIn(desk().app.browser, desk().app.base, { language });
    try {
      await page.goto(`${desk().app.base}/room/cardReading`);
      await page.getByTestId('card-reading-page').getByTestId('reader-status').waitFor(WAIT);

      // As issued: valid.
      await page.getByTestId('card-read').click();
      const verdict = page.getByTestId('raw-verdict');
      await expect.poll(() => verdict.getAttribute('data-reason'), WAIT).toBe('ok');
      expect(await page.getByTestId('raw-uid').textContent()).toContain(`${uidBase}000004`);
      expect(await page.getByTestId('raw-mac').textContent()).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);

      // A byte of the stay's end changed (block 5): altered.
      await desk().gateway.sim.placeDump(
        editMct(issued, 5, (bytes) => {
          bytes[13] = (bytes[13]! + 1) & 0xff;
        }),
        'mct',
      );
      await expect.poll(() => page.getByTestId('card-read').isEnabled(), WAIT).toBe(true);
      await page.waitForTimeout(2000);
      await page.getByTestId('card-read').click();
      await expect.poll(() => verdict.getAttribute('data-reason'), WAIT).toBe('tampered');
      expect(await verdict.textContent()).toContain(texts.tampered);

      // The whole card copied onto another UID: copied.
      await desk().gateway.sim.placeDump(copyOnto(issued, `${uidBase}0000FF`), 'mct');
      await page.waitForTimeout(2000);
      await page.getByTestId('card-read').click();
      await expect.poll(() => verdict.getAttribute('data-reason'), WAIT).toBe('copied');
      expect(await verdict.textContent()).toContain(texts.copied);
      expect(await page.getByTestId('raw-uid').textContent()).toContain(`${uidBase}0000FF`);

      // The sector check: every sector of a card with transport keys reads with the default key.
      await page.getByTestId('sector-check').click();
      await page.getByTestId('sector-scan-result').waitFor(WAIT);
      expect(await page.getByTestId('sector-scan-read').textContent()).toBe(
        '1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15',
      );
      expect(await page.locator('.device-log-line').count()).toBeGreaterThan(0);
      expect(await page.locator('.device-log-line').count()).toBeLessThanOrEqual(100);
      await shot(page, `card-reading-raw-${language}.png`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
