// Issue 10's loop in Chromium on the demo, as the issue's §5 states it: the real server, the real gateway with its
// simulated encoder and its virtual locks (installed from the installer's sheet the demo server wrote), Chromium.
// A guest is checked in from room A's card tab with a card written on the encoder; the card is held to A's lock
// (open, through the documented command line `lockdesk-gateway sim tap-lock`) and to the neighbour B's (deny,
// wrongRoom, through the control service); the guest checks out, which withdraws the card (issue 19: the lock panel
// shows its refusal waiting for A's lock); a new guest's card is written for A with 'unsubscribe old card' (that
// change waits too); the operator presses 'Bluetooth unlock' on the room detail (the changes confirmed); the OLD
// card, kept as a dump, is put back on the encoder and held to A (deny, deleted: the check-out ended it); a second
// Bluetooth unlock brings that record up. A guest moved to another room: the old room's lock refuses the old card
// after its sync, the new room's opens with the new card written there. Then the records are
// seen on A's unlock-records tab and in the first guest's record (/tourists/touristsDetails), which also holds B's
// refusal once B synced (`sim lock-sync`). Once more, shorter, in Arabic (right to left). The browser may log no
// error. The test's own server calls only look things up and check; every change of the story is made in the
// browser or at the door. Build first: `pnpm -r build` (or LOCKDESK_TEST_WEB_DIST); screenshots go to
// tests/.artifacts/door-loop-*.png.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardDeskPerSuite, shot, stayCards, WAIT } from './cards-harness.js';
import {
  type DoorRoom,
  deliveriesOf,
  installedLocks,
  lockOf,
  lockSyncCli,
  locks,
  roomNamed,
  roomRecords,
  tapLockCli,
  type UnlockRecordRow,
} from './door-harness.js';
import { type ConsoleLanguage, signIn } from './harness.js';

const desk = cardDeskPerSuite({ broker: 'none', virtualLocks: true });

/** What the story reads on screen, per language (the consoles' own texts: door and unlockRecords namespaces). */
const TEXTS: Record<
  ConsoleLanguage,
  {
    guestCard: string;
    wrongRoom: string;
    deleted: string;
    bluetooth: string;
    opened: string;
    refused: string;
    neverSynced: string;
  }
> = {
  en: {
    guestCard: 'Guest card',
    wrongRoom: 'Card of another room',
    deleted: 'Deleted card',
    bluetooth: 'Bluetooth unlock from the phone',
    opened: 'Opened',
    refused: 'Refused',
    neverSynced: 'The lock has not synced yet',
  },
  ar: {
    guestCard: 'بطاقة النزيل',
    wrongRoom: 'بطاقة غرفة أخرى',
    deleted: 'بطاقة محذوفة',
    bluetooth: 'فتح بالبلوتوث من الهاتف',
    opened: 'فُتح',
    refused: 'رُفض',
    neverSynced: 'لم يُزامَن القفل بعد',
  },
};

/** The browser's page errors and console errors, counted as problems (as the other suites do). */
async function signedIn(language: ConsoleLanguage) {
  const session = await signIn(desk().app.browser, desk().app.base, { language });
  session.page.setDefaultTimeout(60_000);
  session.page.on('console', (m) => {
    if (m.type() === 'error') session.problems.push(`console: ${m.text()}`);
  });
  return session;
}

/** The room detail on one tab, its pane drawn. */
async function roomTab(page: Page, room: DoorRoom, tab: string): Promise<Locator> {
  await page.goto(`${desk().app.base}/room/roomDetails?id=${room.id}&tab=${tab}`);
  await page.getByTestId('room-detail-name').filter({ hasText: room.name }).waitFor(WAIT);
  const pane = page.getByTestId(`room-pane-${tab}`);
  await pane.waitFor(WAIT);
  expect(await page.getByTestId('not-built').count()).toBe(0);
  return pane;
}

/** The room detail's tab that holds the lock panel ('Lock and deliveries', web-door). */
const DOOR_TAB = 'lock';

/** The room's lock panel with its deliveries loaded. */
async function doorPanel(page: Page, room: DoorRoom): Promise<Locator> {
  const pane = await roomTab(page, room, DOOR_TAB);
  const panel = pane.getByTestId('door-panel');
  await panel.waitFor(WAIT);
  await panel.getByTestId('door-virtual').waitFor(WAIT);
  return panel;
}

/** The states the panel shows for the lock's deliveries (issued, waiting, confirmed), row by row. */
async function shownStates(panel: Locator): Promise<string[]> {
  return panel
    .getByTestId('door-delivery-row')
    .evaluateAll((all) => all.map((r) => r.getAttribute('data-state') ?? ''));
}

/**
 * Checks a guest in from the room detail's card tab with the blank card `uid` on the encoder and writes the card;
 * `unsubscribeOld` turns the writer's 'unsubscribe old card' on. Answers the stay and the card number.
 */
/** Waits until the card tab confirms the card it wrote (or shows why not) and gives its card number. */
async function confirmedCardId(pane: Locator): Promise<string> {
  const issued = pane.getByTestId('card-write-issued');
  const failure = pane.getByTestId('card-write-error');
  await expect
    .poll(
      async () =>
        (await failure.count())
          ? `error: ${await failure.textContent()}`
          : (await issued.count())
            ? 'issued'
            : 'writing',
      WAIT,
    )
    .toBe('issued');
  const cardId = await issued.getAttribute('data-card-id');
  if (!cardId) throw new Error('no card number on the confirmation');
  return cardId;
}

async function checkInWithCard(
  page: Page,
  room: DoorRoom,
  guest: { uid: string; nickname: string; mobile: string; unsubscribeOld?: boolean },
): Promise<{ stayId: number; cardId: string }> {
  await desk().gateway.sim.placeBlank(guest.uid);
  const pane = await roomTab(page, room, 'card');
  await pane.getByTestId('card-checkin-form').waitFor(WAIT);
  await pane.getByTestId('card-checkin-mobile').fill(guest.mobile);
  await pane.getByTestId('card-checkin-nickname').fill(guest.nickname);
  await pane.getByTestId('card-checkin-submit').click();
  await pane.getByTestId('card-checked-in').waitFor(WAIT);
  const stayId = Number(await pane.getByTestId('guest-card-writer').getAttribute('data-stay-id'));
  expect(stayId).toBeGreaterThan(0);
  const unsubscribe = pane.getByTestId('card-unsubscribe-old');
  if ((await unsubscribe.getAttribute('aria-checked')) !== String(Boolean(guest.unsubscribeOld)))
    await unsubscribe.click();
  expect(await unsubscribe.getAttribute('aria-checked')).toBe(String(Boolean(guest.unsubscribeOld)));
  await pane.getByTestId('card-write-start').click();
  await pane.getByTestId('card-write-steps').waitFor(WAIT);
  const cardId = await confirmedCardId(pane);
  expect((await stayCards(desk(), stayId)).map((c) => [c.card_id, c.status, c.uid])).toEqual([
    [cardId, 'issued', guest.uid],
  ]);
  return { stayId, cardId };
}

/** Checks the room's current guest out on the tenant tab (confirmed), then sets a dirty room vacant. */
async function checkOut(page: Page, room: DoorRoom, stayId: number): Promise<void> {
  const pane = await roomTab(page, room, 'tenant');
  const stay = pane.locator(`[data-testid="stay-card"][data-stay-id="${stayId}"]`);
  await stay.waitFor(WAIT);
  await stay.getByTestId('stay-check-out').click();
  await page.getByTestId('checkout-confirm-ok').click();
  await expect.poll(() => stay.getAttribute('data-state'), WAIT).toBe('checkedOut');
  const status = await roomTab(page, room, 'status');
  await status.getByTestId('status-tab').waitFor(WAIT);
  const current = status.locator('[data-testid="room-status"]').first();
  if ((await current.getAttribute('data-status')) !== 'vacant') {
    await status.getByTestId('status-choice-vacant').click();
    await status.getByTestId('status-apply').click();
    await status.locator('[data-testid="room-status"][data-status="vacant"]').first().waitFor(WAIT);
  }
}

/** Moves the stay to room `to` from the tenant tab (room picker, then the confirm). */
async function moveStay(page: Page, room: DoorRoom, stayId: number, to: DoorRoom): Promise<void> {
  const pane = await roomTab(page, room, 'tenant');
  const stay = pane.locator(`[data-testid="stay-card"][data-stay-id="${stayId}"]`);
  await stay.waitFor(WAIT);
  await stay.getByTestId('stay-move').click();
  const picker = page.getByTestId('move-room');
  await picker.click();
  await picker.locator('input').fill(to.name);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${to.name} · `) })
    .first()
    .click();
  await page.getByTestId('move-next').click();
  await page.getByTestId('move-confirm-ok').click();
  await expect.poll(() => stay.getAttribute('data-state'), WAIT).toBe('ended');
}

/** Writes another card for the room's current stay from its card tab, on the blank card `uid`; answers its number. */
async function writeCardForStay(
  page: Page,
  room: DoorRoom,
  uid: string,
): Promise<{ stayId: number; cardId: string }> {
  await desk().gateway.sim.placeBlank(uid);
  const pane = await roomTab(page, room, 'card');
  const writer = pane.getByTestId('guest-card-writer');
  await writer.waitFor(WAIT);
  const stayId = Number(await writer.getAttribute('data-stay-id'));
  await pane.getByTestId('card-write-start').click();
  const cardId = await confirmedCardId(pane);
  return { stayId, cardId };
}

/** The room list's mark of the room's lock: changes waiting (0 when none) and whether it shows a last sync. */
async function listMark(page: Page, room: DoorRoom): Promise<{ waiting: string | null; synced: string }> {
  await page.goto(`${desk().app.base}/room/roomList?name=${room.name}`);
  const mark = page
    .locator(`[data-testid="room-item"][data-room-id="${room.id}"]`)
    .getByTestId('room-lock-mark');
  await mark.waitFor(WAIT);
  return {
    waiting: await mark.getAttribute('data-waiting'),
    synced: (await mark.getByTestId('room-lock-synced').textContent()) ?? '',
  };
}

/** Presses 'Bluetooth unlock' on the room's lock panel and answers how many records the lock uploaded. */
async function bluetoothUnlock(page: Page, room: DoorRoom): Promise<number> {
  const panel = await doorPanel(page, room);
  const before = (await deliveriesOf(desk(), room.id)).syncs.length;
  await panel.getByTestId('door-bluetooth').click();
  const result = panel.getByTestId('door-sync-result');
  const failure = panel.getByTestId('door-sync-error');
  await expect
    .poll(
      async () =>
        (await failure.count())
          ? `error: ${await failure.textContent()}`
          : (await result.count())
            ? 'done'
            : 'syncing',
      WAIT,
    )
    .toBe('done');
  expect((await deliveriesOf(desk(), room.id)).syncs.length).toBe(Math.min(before + 1, 10));
  return Number(await result.getAttribute('data-uploaded'));
}

/** The unlock-records table's rows as the texts of their cells (time, type, result and reason, credential, …). */
async function tableRows(scope: Locator): Promise<string[][]> {
  const table = scope
    .locator(
      '[data-testid="unlock-record-table"], [data-testid="unlock-records"], [data-testid="guest-records"]',
    )
    .first();
  await table.waitFor(WAIT);
  await expect.poll(() => table.locator('.ant-spin-spinning').count(), WAIT).toBe(0);
  return table
    .getByTestId('unlock-row')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'), (td: { textContent: string | null }) =>
          (td.textContent ?? '').trim(),
        ),
      ),
    );
}

/** A row's expected cells: the result with the lock's reason in one cell, and the credential ('—' for none). */
const rowOf = (result: string, reason: string, credential = '—') =>
  expect.arrayContaining([`${result}${reason}`, credential]);

/** The server's view of the same records, as `type opened reason credential` lines, newest first. */
const plain = (records: UnlockRecordRow[]) =>
  records.map((r) => `${r.type} ${r.opened ? 'open' : 'deny'} ${r.reason} ${r.credential}`);

describe('the door, from the browser and the command line (English)', () => {
  it('check-in with a card, open, neighbour deny, check-out (the card withdrawn, waiting), a new card that unsubscribes the old, Bluetooth unlock, old card refused as deleted, the records and the delivery states', async () => {
    const texts = TEXTS.en;
    const roomA = await roomNamed(desk(), '2401');
    const roomB = await roomNamed(desk(), '2402');
    const { context, page, problems } = await signedIn('en');
    try {
      // The gateway installed both rooms' locks from the installer's sheet the demo server wrote.
      await installedLocks([roomA.mac_id, roomB.mac_id]);

      // 1. Check in at A with a card written on the encoder.
      const first = await checkInWithCard(page, roomA, {
        uid: 'D0240101',
        nickname: 'Door Loop Guest',
        mobile: '13912340241',
      });
      // The old card's dump, to put it back on the encoder later.
      const oldCard = await desk().gateway.sim.dump('mct');
      if (!oldCard) throw new Error('no card on the encoder after the write');

      // 2. The card at A's door (the command line) opens; at B's (the control service) it is refused.
      expect(await tapLockCli(roomA.mac_id)).toMatchObject({ decision: 'open', reason: 'guestCard' });
      const atB = await locks.tap(roomB.mac_id);
      expect([atB.ok, atB.decision, atB.reason]).toEqual([true, 'deny', 'wrongRoom']);
      expect(await roomRecords(desk(), roomA.id)).toEqual([]); // offline: nothing until a Bluetooth unlock

      // The lock panel: the guest's card is on the card itself (issued), nothing waits for the lock yet.
      let panel = await doorPanel(page, roomA);
      await expect.poll(() => shownStates(panel), WAIT).toContain('issued');
      expect(await shownStates(panel)).not.toContain('waiting');
      await shot(page, 'door-loop-panel-before-en.png');

      // 3. Check out; the room made vacant again. The check-out withdrew the guest's card: A's lock must learn to
      // refuse it, and the panel shows that waiting until the next Bluetooth unlock (issue 19).
      await checkOut(page, roomA, first.stayId);
      expect((await stayCards(desk(), first.stayId)).map((c) => [c.card_id, c.status])).toEqual([
        [first.cardId, 'withdrawn'],
      ]);
      const withdrawn = await deliveriesOf(desk(), roomA.id);
      expect(withdrawn.list.filter((d) => d.state === 'waiting').map((d) => [d.kind, d.label])).toEqual([
        ['card_delete', first.cardId],
      ]);
      panel = await doorPanel(page, roomA);
      await expect.poll(() => shownStates(panel), WAIT).toEqual(['waiting']);
      await shot(page, 'door-loop-checked-out-en.png');

      // 4. The next guest's card for A with 'unsubscribe old card': A's lock must learn the new sequence.
      const second = await checkInWithCard(page, roomA, {
        uid: 'D0240102',
        nickname: 'Next Door Guest',
        mobile: '13912340242',
        unsubscribeOld: true,
      });
      expect(second.stayId).not.toBe(first.stayId);
      const waiting = await deliveriesOf(desk(), roomA.id);
      expect(waiting.waiting).toBeGreaterThan(0);
      expect(waiting.list.filter((d) => d.kind === 'sequence').map((d) => d.state)).toContain('waiting');
      panel = await doorPanel(page, roomA);
      await expect.poll(() => shownStates(panel), WAIT).toContain('waiting');
      await expect
        .poll(() => panel.getByTestId('door-waiting').getAttribute('data-count'), WAIT)
        .toBe(String(waiting.waiting));
      await shot(page, 'door-loop-waiting-en.png');
      // The room list marks A's lock: a change waiting, never synced.
      const markWaiting = await listMark(page, roomA);
      expect(markWaiting).toEqual({ waiting: String(waiting.waiting), synced: texts.neverSynced });
      expect(
        await page
          .locator(`[data-testid="room-item"][data-room-id="${roomA.id}"]`)
          .getByTestId('room-lock-waiting')
          .count(),
      ).toBe(1);
      await shot(page, 'door-loop-list-waiting-en.png');

      // 5. Bluetooth unlock from the console: the lock learns the sequence and uploads its one record (the open).
      expect(await bluetoothUnlock(page, roomA)).toBe(1);
      await expect.poll(() => shownStates(panel), WAIT).not.toContain('waiting');
      expect(await shownStates(panel)).toContain('confirmed');
      const confirmed = await deliveriesOf(desk(), roomA.id);
      expect([confirmed.waiting, confirmed.last_sync_at > 0]).toEqual([0, true]);
      await shot(page, 'door-loop-confirmed-en.png');
      // The room list: nothing waits for A's lock any more, and it shows the time of the sync.
      const markSynced = await listMark(page, roomA);
      expect(markSynced.waiting).toBe('0');
      expect(markSynced.synced).not.toBe(texts.neverSynced);
      expect(markSynced.synced).toMatch(/\d{2}:\d{2}/);

      // 6. The old card back on the encoder, held to A: refused, deleted by the check-out (the command line).
      await desk().gateway.sim.placeDump(oldCard, 'mct');
      expect((await desk().gateway.sim.state()).card?.uid).toBe('D0240101');
      expect(await tapLockCli(roomA.mac_id)).toMatchObject({ decision: 'deny', reason: 'deleted' });

      // 7. A second Bluetooth unlock brings up the refusal and the first unlock's own record; B syncs too.
      expect(await bluetoothUnlock(page, roomA)).toBe(2);
      expect(await lockSyncCli(roomB.mac_id)).toMatchObject({ uploaded: 1, duplicates: 0 });
      expect((await lockOf(roomA.mac_id))?.buffered).toBe(1); // the second unlock's record, for the next sync

      // The server holds each record once.
      expect(plain(await roomRecords(desk(), roomA.id))).toEqual([
        `card deny deleted ${first.cardId}`,
        'bluetooth open bluetooth ',
        `card open guestCard ${first.cardId}`,
      ]);
      expect(plain(await roomRecords(desk(), roomB.id))).toEqual([`card deny wrongRoom ${first.cardId}`]);

      // 8. A's unlock-records tab shows them, newest first.
      const unlockPane = await roomTab(page, roomA, 'unlock');
      expect(await tableRows(unlockPane)).toEqual([
        rowOf(texts.refused, texts.deleted, first.cardId),
        rowOf(texts.opened, texts.bluetooth, '—'),
        rowOf(texts.opened, texts.guestCard, first.cardId),
      ]);
      await shot(page, 'door-loop-unlock-tab-en.png');

      // 9. The first guest's record: the list finds the guest by mobile, the details hold their three card records.
      await page.goto(`${desk().app.base}/tourists/touristsList`);
      await page.getByTestId('guest-list').waitFor(WAIT);
      expect(await page.getByTestId('not-built').count()).toBe(0);
      const search = page
        .locator('input[data-testid="guest-search"], [data-testid="guest-search"] input')
        .first();
      await search.fill('13912340241');
      await search.press('Enter');
      const guestRow = page.getByTestId('guest-row').filter({ hasText: 'Door Loop Guest' });
      await expect.poll(() => guestRow.count(), WAIT).toBe(1);
      await guestRow.click();
      await page.waitForURL(/\/tourists\/touristsDetails\?/, WAIT);
      await page.getByTestId('guest-detail').waitFor(WAIT);
      expect(await page.getByTestId('not-built').count()).toBe(0);
      const records = page.getByTestId('guest-detail');
      expect(await tableRows(records)).toEqual([
        rowOf(texts.refused, texts.deleted, first.cardId),
        rowOf(texts.refused, texts.wrongRoom, first.cardId),
        rowOf(texts.opened, texts.guestCard, first.cardId),
      ]);
      await shot(page, 'door-loop-guest-en.png');

      // 10. /tourists/openHistory: the hotel's records, the four of the loop, newest first.
      await page.goto(`${desk().app.base}/tourists/openHistory`);
      const history = page.getByTestId('open-history');
      await history.waitFor(WAIT);
      expect(await tableRows(history)).toEqual([
        rowOf(texts.refused, texts.deleted, first.cardId),
        rowOf(texts.opened, texts.bluetooth, '—'),
        rowOf(texts.refused, texts.wrongRoom, first.cardId),
        rowOf(texts.opened, texts.guestCard, first.cardId),
      ]);
      await shot(page, 'door-loop-open-history-en.png');

      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('a guest moved to another room: the old room refuses the old card after its sync, the new room opens with the new card', async () => {
    const from = await roomNamed(desk(), '2403');
    const to = await roomNamed(desk(), '2404');
    const { context, page, problems } = await signedIn('en');
    try {
      await installedLocks([from.mac_id, to.mac_id]);
      const first = await checkInWithCard(page, from, {
        uid: 'D0240301',
        nickname: 'Moving Guest',
        mobile: '13912340243',
      });
      const oldCard = await desk().gateway.sim.dump('mct');
      if (!oldCard) throw new Error('no card on the encoder after the write');
      expect(await tapLockCli(from.mac_id)).toMatchObject({ decision: 'open', reason: 'guestCard' });

      // The move, from the browser: the old stay's card is withdrawn and waits for the old room's lock.
      await moveStay(page, from, first.stayId, to);
      expect((await stayCards(desk(), first.stayId)).map((c) => [c.card_id, c.status])).toEqual([
        [first.cardId, 'withdrawn'],
      ]);
      const waiting = await deliveriesOf(desk(), from.id);
      expect(waiting.list.filter((d) => d.state === 'waiting').map((d) => [d.kind, d.label])).toEqual([
        ['card_delete', first.cardId],
      ]);
      const panel = await doorPanel(page, from);
      await expect.poll(() => shownStates(panel), WAIT).toEqual(['waiting']);
      // Offline until its sync, the old room's lock still opens for the old card.
      expect(await tapLockCli(from.mac_id)).toMatchObject({ decision: 'open', reason: 'guestCard' });

      // A new card for the moved stay, written on the new room's card tab: it opens the new room's door.
      const second = await writeCardForStay(page, to, 'D0240302');
      expect(second.stayId).not.toBe(first.stayId);
      expect(second.cardId).not.toBe(first.cardId);
      expect(await tapLockCli(to.mac_id)).toMatchObject({ decision: 'open', reason: 'guestCard' });

      // The old room's Bluetooth unlock delivers the withdrawal: nothing waits, and the old card is refused there.
      expect(await bluetoothUnlock(page, from)).toBe(2);
      await expect.poll(() => shownStates(panel), WAIT).not.toContain('waiting');
      expect((await deliveriesOf(desk(), from.id)).waiting).toBe(0);
      await desk().gateway.sim.placeDump(oldCard, 'mct');
      expect((await desk().gateway.sim.state()).card?.uid).toBe('D0240301');
      expect(await tapLockCli(from.mac_id)).toMatchObject({ decision: 'deny', reason: 'deleted' });
      await shot(page, 'door-loop-moved-en.png');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});

describe('right to left (Arabic)', () => {
  it('check-in with a card, open at the door, Bluetooth unlock from the console, the record on the room’s tab', async () => {
    const texts = TEXTS.ar;
    const room = await roomNamed(desk(), '2501');
    const { context, page, problems } = await signedIn('ar');
    try {
      await installedLocks([room.mac_id]);
      const { cardId } = await checkInWithCard(page, room, {
        uid: 'D0250101',
        nickname: 'ليلى',
        mobile: '13912340251',
      });
      expect(await tapLockCli(room.mac_id)).toMatchObject({ decision: 'open', reason: 'guestCard' });
      const panel = await doorPanel(page, room);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await expect.poll(() => shownStates(panel), WAIT).toContain('issued');
      expect(await bluetoothUnlock(page, room)).toBe(1);
      expect(await shownStates(panel)).not.toContain('waiting');
      await shot(page, 'door-loop-panel-ar.png');
      const unlockPane = await roomTab(page, room, 'unlock');
      expect(await tableRows(unlockPane)).toEqual([rowOf(texts.opened, texts.guestCard, cardId)]);
      await shot(page, 'door-loop-unlock-tab-ar.png');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
