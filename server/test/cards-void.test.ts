/**
 * Write plans never confirmed (API.md §8.1, issue 9): a plan holds the signed card content, so a card written but
 * not confirmed (failure, unplugged encoder, on purpose) would open its locks. Such a plan becomes 'void' once it
 * expires or a newer plan for the same stay or card supersedes it; the record stays, every lock the card would open
 * learns to refuse its number, and void records never count as issued.
 */
import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { activeStay, type Plan, VirtualCard, writeAndConfirm } from './card-helpers.js';
import { describeEachDatabase } from './helpers.js';
import { DAY, expectRefused, ok } from './room-helpers.js';

const UID = '04A1B2C3';
const OTHER_UID = '04D5E6F7';

type Page = { list: Record<string, unknown>[]; total: number };
type Sync = { deleted: string[]; universal: string[]; access: string[]; pending: number };

describeEachDatabase('card plans never confirmed', (t) => {
  let token: string;
  beforeEach(async () => {
    await t.reset();
    token = await t.login(DEMO_ACCOUNTS.super);
  });

  const call = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
    t.call<T>(path, body, { token });

  async function writtenNotConfirmed(uid = UID) {
    const { stayId, roomId } = await activeStay(t, '1106');
    const plan = ok(await call<Plan>('room/sendCard', { stay_id: stayId, card_uid: uid }));
    const card = new VirtualCard(uid);
    card.run(plan.writes);
    return { plan, card, stayId, roomId };
  }

  it('voids a plan that expired unconfirmed: kept, not issued, and its lock learns to refuse it', async () => {
    const { plan, card, stayId, roomId } = await writtenNotConfirmed();
    // Still within its 120 s: nothing to revoke yet.
    expect(ok(await call<Sync>('room/manageCardSyncDataList', { room_id: roomId })).deleted).toEqual([]);
    t.clock.advance(121_000);

    // The next card call of the hotel expires it: the lock is told to delete the number.
    expect(ok(await call<Sync>('room/manageCardSyncDataList', { room_id: roomId }))).toMatchObject({
      deleted: [plan.card_id],
      pending: 1,
    });
    const row = await t.db
      .selectFrom('cards')
      .select(['status', 'card_number'])
      .where('id', '=', plan.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'void', card_number: plan.card_id });

    // Never issued: not listed, not counted; listed only when asked for void records.
    expect(ok(await call<Page>('room/cardList', { stay_id: stayId })).total).toBe(0);
    expect(ok(await call('room/getUserCardNum', {}))).toMatchObject({ total: 0, issued: 0 });
    const voids = ok(await call<Page>('room/cardList', { status: 'void' }));
    expect(voids.list.map((c) => [c['id'], c['status'], c['lock_sync']])).toEqual([
      [plan.id, 'void', 'pending'],
    ]);

    // Confirming it now is too late, and changes nothing.
    expectRefused(
      await call('room/addCardStepTwoNew', {
        id: plan.id,
        card_uid: UID,
        blocks: card.readBack(plan.verify),
      }),
      'CARD_ISSUE_EXPIRED',
    );
    // The card read at the desk is refused as the lock refuses it.
    expect(
      ok(await call('room/sendCardCheck', { card_uid: UID, blocks: card.readBack(plan.verify) })),
    ).toMatchObject({ valid: false, reason: 'withdrawn' });

    // The lock learns it by Bluetooth once.
    expect(ok(await call('room/resetCardSyncData', { room_id: roomId }))).toMatchObject({ synced: 1 });
    expect(ok(await call<Sync>('room/manageCardSyncDataList', { room_id: roomId })).pending).toBe(0);
  });

  it('voids the earlier plan of a stay when a new plan is made for it (another card)', async () => {
    const { plan: first, stayId, roomId } = await writtenNotConfirmed(UID);
    const second = ok(await call<Plan>('room/sendCard', { stay_id: stayId, card_uid: OTHER_UID }));
    expect(second.card_id).not.toBe(first.card_id);
    // At once, not after 120 s: the first card may already carry its content.
    expect(ok(await call<Sync>('room/manageCardSyncDataList', { room_id: roomId })).deleted).toEqual([
      first.card_id,
    ]);
    await writeAndConfirm(t, token, new VirtualCard(OTHER_UID), second);
    const listed = ok(await call<Page>('room/cardList', { stay_id: stayId }));
    expect(listed.list.map((c) => [c['id'], c['status']])).toEqual([[second.id, 'issued']]);
    const voids = ok(await call<Page>('room/cardList', { stay_id: stayId, status: 'void' }));
    expect(voids.list.map((c) => c['id'])).toEqual([first.id]);
    expect(ok(await call('room/getUserCardNum', {}))).toMatchObject({ total: 1, issued: 1 });
  });

  it('voids the earlier plan for the same card (UID) when a new plan is made for it', async () => {
    const first = ok(await call<Plan>('room/cardAdd', { type: 1, card_uid: UID, end_time: inDays(30) }));
    const second = ok(await call<Plan>('room/cardAdd', { type: 1, card_uid: UID, end_time: inDays(60) }));
    const card = new VirtualCard(UID);
    card.run(first.writes);
    expectRefused(
      await call('room/addCardStepTwoNew', {
        id: first.id,
        card_uid: UID,
        blocks: card.readBack(first.verify),
      }),
      'CARD_ISSUE_EXPIRED',
    );
    await writeAndConfirm(t, token, card, second);
    // A master card opens every lock: each one refuses the void plan's number.
    for (const room of ['1106', '1107']) {
      const roomId = t.ids.rooms[room];
      if (roomId === undefined) continue;
      expect(ok(await call<Sync>('room/manageCardSyncDataList', { room_id: roomId })).deleted).toEqual([
        first.card_id,
      ]);
    }
  });

  it('leaves a confirmed card alone and voids nothing while the plan is valid', async () => {
    const { plan, card, roomId } = await writtenNotConfirmed();
    t.clock.advance(60_000);
    ok(await call('room/cardList', {}));
    await writeAndConfirm(t, token, card, plan);
    t.clock.advance(10 * 60_000);
    expect(ok(await call<Sync>('room/manageCardSyncDataList', { room_id: roomId })).deleted).toEqual([]);
    expect(ok(await call<Page>('room/cardList', { status: 'void' })).total).toBe(0);
  });

  it("does not deliver a 'delete' for a card whose validity has passed (the lock refuses it anyway)", async () => {
    const { plan, roomId } = await writtenNotConfirmed();
    t.clock.advance(121_000);
    expect(ok(await call<Sync>('room/manageCardSyncDataList', { room_id: roomId })).deleted).toEqual([
      plan.card_id,
    ]);
    // The stay (and the card) ended two days after check-in.
    t.clock.advance(3 * DAY);
    expect(ok(await call<Sync>('room/manageCardSyncDataList', { room_id: roomId }))).toMatchObject({
      deleted: [],
      pending: 0,
    });
  });

  const inDays = (days: number) => Math.floor((t.clock.ms + days * DAY) / 1000);
});
