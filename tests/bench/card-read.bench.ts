/**
 * The card read and the sector scan in the console (issue 9 §6), on the built server and the gateway with its
 * simulated encoder, Chromium signed in on the local reader service (reader type 1):
 *
 *   - card read: a guest card lies on the encoder; from the click on the sidebar's Card Reading button until its
 *     guest's name shows on /room/thetouristsDetails. The spec makes the encoder wait 600 ms (LED red) + 200 ms
 *     (reading starts) + 0 polls (the card is already there; each missing poll would add 200 ms) + 1000 ms (find
 *     card, then read) = 1800 ms; the ratio is the time over those 1800 ms (goal ≤ 1.15).
 *   - sector scan: from the click on 'Sector check' on /room/cardReading until the result shows; the spec's waits
 *     are 15 sectors × 100 ms = 1500 ms (the pause sits between sectors, so the scan itself waits 14 × 100 ms;
 *     the ratio is over the 1500 ms of the goal, ≤ 1.10).
 *
 * Prints every run and the median. A benchmark, not a test: no time is asserted (a read that never shows fails).
 *   pnpm bench (root or tests/), after `pnpm -r build`; LOCKDESK_TEST_WEB_DIST names another console build.
 */
import { CARD_READ } from '@lockdesk/protocol';
import type { CardWritePlan } from '@lockdesk/web/card-service';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CardDesk, gatewayCardService, hotelTime, startCardDesk } from '../src/web/cards-harness.js';
import { signIn } from '../src/web/harness.js';

const RUNS = 7;
/** Spec §4/§9: LED red after 600 ms, reading 200 ms later, the card found at the first poll, read 1000 ms later. */
const READ_WAITS_MS = CARD_READ.ledRedAfterMs + CARD_READ.readAfterReadyMs + CARD_READ.findThenReadMs;
/** Issue 9 §6: 15 sectors × 100 ms. */
const SCAN_WAITS_MS =
  (CARD_READ.sectorScanLast - CARD_READ.sectorScanFirst + 1) * CARD_READ.sectorScanPauseMs;
/** The button's (and the card service's) lockout between two reads. */
const LOCKOUT_MS = 2100;

let desk: CardDesk | undefined;
let guestName = '';

beforeAll(async () => {
  desk = await startCardDesk({ broker: 'none' });
  // A guest checked in and given a card, written by the console's card service and confirmed by the server.
  const rooms = await desk.call<{ list: { id: number; mac_id: string | null }[] }>('room/listNew', {
    status: 0,
    limit: 5,
  });
  const room = rooms.list.find((r) => r.mac_id);
  if (!room) throw new Error('no vacant room with a lock in the demo hotel');
  guestName = 'Bench guest';
  const stay = await desk.call<{ stay_id: number }>('room/tenant/update/checkIn', {
    room_id: room.id,
    mobile: '13912345678',
    nickname: guestName,
    start_time: hotelTime(Date.now() - 60_000),
    end_time: hotelTime(Date.now() + 86_400_000),
    kind: 'card',
  });
  const service = gatewayCardService();
  await desk.gateway.sim.placeBlank('C3000001');
  await service.writeCard({
    allocate: (uid) => desk!.call<CardWritePlan>('room/sendCard', { stay_id: stay.stay_id, card_uid: uid }),
    confirm: (plan, blocks, uid) =>
      desk!.call('room/addCardStepTwoNew', { id: plan.id, card_uid: uid, blocks }),
  });
  service.dispose();
}, 300_000);

afterAll(async () => {
  await desk?.stop();
});

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;
const ratio = (v: number, base: number) => (v / base).toFixed(3);

/**
 * The time from the click to the moment the awaited element is in the document, taken in the page itself: a
 * MutationObserver sees the element as React commits it. Playwright's own waits poll the page every 500 ms after
 * their first checks, which would round every figure up to the next poll.
 */
async function timedInPage(
  page: Page,
  clickTestId: string,
  doneSelector: string,
  doneText: string,
  click: () => Promise<void>,
): Promise<number> {
  // In-page code as text: this package compiles without the DOM library.
  await page.evaluate(`(() => {
    const clickTestId = ${JSON.stringify(clickTestId)};
    const doneSelector = ${JSON.stringify(doneSelector)};
    const doneText = ${JSON.stringify(doneText)};
    window.benchStart = undefined;
    window.benchEnd = undefined;
    const found = () =>
      Array.from(document.querySelectorAll(doneSelector)).some((e) => (e.textContent || '').includes(doneText));
    const observer = new MutationObserver(() => {
      if (window.benchStart !== undefined && window.benchEnd === undefined && found()) {
        window.benchEnd = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    document.querySelector('[data-testid="' + clickTestId + '"]').addEventListener(
      'click',
      () => { window.benchStart = performance.now(); },
      { capture: true, once: true },
    );
  })()`);
  await click();
  await page.waitForFunction('window.benchEnd !== undefined', null, { timeout: 30_000, polling: 'raf' });
  return Number(await page.evaluate('window.benchEnd - window.benchStart'));
}

it('prints the card read from click to guest details page, and the sector scan, as ratios to the spec’s waits', async () => {
  const { context, page, problems } = await signIn(desk!.app.browser, desk!.app.base, { language: 'en' });
  const reads: number[] = [];
  const scans: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${desk!.app.base}/room/roomList`);
      const button = page.getByTestId('card-reading-button');
      await button.waitFor();
      await page.waitForTimeout(LOCKOUT_MS);
      reads.push(
        await timedInPage(page, 'card-reading-button', '[data-testid="stay-details-guest"]', guestName, () =>
          button.click(),
        ),
      );
    }
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${desk!.app.base}/room/cardReading`);
      const check = page.getByTestId('sector-check');
      await check.waitFor();
      await page.waitForTimeout(300);
      scans.push(
        await timedInPage(page, 'sector-check', '[data-testid="sector-scan-result"]', '', () =>
          check.click(),
        ),
      );
      expect(await page.getByTestId('sector-scan-read').textContent()).toContain('15');
    }
  } finally {
    await context.close();
  }
  expect(problems).toEqual([]);
  const read = median(reads);
  const scan = median(scans);
  console.log(
    [
      `Card read, Chromium, local reader service + simulated encoder, click → guest details page (${RUNS} runs)`,
      `  ${reads.map(ms).join(', ')}; median ${ms(read)}`,
      `  spec waits ${READ_WAITS_MS} ms (LED 600 + 200 + 0 polls + find-then-read 1000): ratio ${ratio(read, READ_WAITS_MS)} (goal ≤ 1.15)`,
      `Sector scan, click 'Sector check' → result shown (${RUNS} runs)`,
      `  ${scans.map(ms).join(', ')}; median ${ms(scan)}`,
      `  spec waits ${SCAN_WAITS_MS} ms (15 sectors × 100 ms): ratio ${ratio(scan, SCAN_WAITS_MS)} (goal ≤ 1.10)`,
    ].join('\n'),
  );
});
