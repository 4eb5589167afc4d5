/**
 * A card's new validity (/card/setTime: `replace_id`, API.md §8.1) when two rewrites of the same card race: two
 * open pages, or a rewrite retried after a lost answer. Each rewrite has a new number; a newer plan for the same
 * card makes the older one void; confirmations answer a catalogue result (never an internal error), one of the
 * card's rewrites stays issued (the last one verified) and the locks learn to refuse every other number.
 */
import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { type Plan, secondsFromNow, VirtualCard, writeAndConfirm } from './card-helpers.js';
import { describeEachDatabase } from './helpers.js';
import { DAY, ok } from './room-helpers.js';

const UID = '04A1B2C3';

describeEachDatabase('card replacement races', (t) => {
  let token: string;
  beforeEach(async () => {
    await t.reset();
    token = await t.login(DEMO_ACCOUNTS.super);
  });

  it('keeps only the newer of two rewrites planned for the same card: the older plan is void', async () => {
    const first = ok(
      await t.call<Plan>(
        'room/cardAdd',
        { type: 1, card_uid: UID, end_time: secondsFromNow(t, 30 * DAY) },
        { token },
      ),
    );
    const card = new VirtualCard(UID);
    await writeAndConfirm(t, token, card, first);
    const rewrite = (days: number) =>
      t.call<Plan>(
        'room/cardAdd',
        { type: 1, card_uid: UID, end_time: secondsFromNow(t, days * DAY), replace_id: first.id },
        { token },
      );
    const a = ok(await rewrite(60));
    const b = ok(await rewrite(90));
    // Every rewrite gets its own number.
    expect(new Set([first.card_id, a.card_id, b.card_id]).size).toBe(3);
    // The first page writes its plan, but the second plan for the same card made it void.
    card.run(a.writes);
    const late = await t.call(
      'room/addCardStepTwoNew',
      { id: a.id, card_uid: UID, blocks: card.readBack(a.verify) },
      { token },
    );
    expect(late.errno).not.toBe(0);
    // The second page writes its plan over it and confirms it.
    const issued = await writeAndConfirm(t, token, card, b);
    expect(issued).toMatchObject({ id: b.id, status: 'issued', card_id: b.card_id });
    const rows = await t.db
      .selectFrom('cards')
      .select(['id', 'status'])
      .where('id', 'in', [first.id, a.id, b.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: first.id, status: 'withdrawn' },
      { id: a.id, status: 'void' },
      { id: b.id, status: 'issued' },
    ]);
    // The locks refuse the replaced number and the void plan's number.
    const sync = await t.call<{ deleted: string[] }>(
      'room/manageCardSyncDataList',
      { room_id: t.ids.rooms['1106']! },
      { token },
    );
    expect(ok(sync).deleted.sort()).toEqual([first.card_id, a.card_id].sort());
  });

  it('confirms two rewrites of the same card at the same time: one issued card, no internal error', async () => {
    const first = ok(
      await t.call<Plan>(
        'room/cardAdd',
        { type: 1, card_uid: UID, end_time: secondsFromNow(t, 30 * DAY) },
        { token },
      ),
    );
    await writeAndConfirm(t, token, new VirtualCard(UID), first);
    const other = '04D5E6F7';
    const plans: Plan[] = [];
    for (const [uid, days] of [
      [UID, 60],
      [other, 90],
    ] as const) {
      const plan = ok(
        await t.call<Plan>(
          'room/cardAdd',
          { type: 1, card_uid: uid, end_time: secondsFromNow(t, days * DAY), replace_id: first.id },
          { token },
        ),
      );
      plans.push(plan);
    }
    const cards = [new VirtualCard(UID), new VirtualCard(other)];
    const answers = await Promise.all(
      plans.map((plan, i) => {
        const card = cards[i] as VirtualCard;
        card.run(plan.writes);
        return t.call(
          'room/addCardStepTwoNew',
          { id: plan.id, card_uid: card.uid, blocks: card.readBack(plan.verify) },
          { token },
        );
      }),
    );
    expect(answers.map((a) => a.errno)).toEqual([0, 0]);
    // One issued card of the three, a replacement; the other two are withdrawn and refused by the locks.
    const ids = [first.id, ...plans.map((p) => p.id)];
    const rows = await t.db
      .selectFrom('cards')
      .select(['id', 'card_number', 'status'])
      .where('id', 'in', ids)
      .execute();
    const issued = rows.filter((r) => r.status === 'issued');
    expect(issued).toHaveLength(1);
    expect(issued[0]?.id).not.toBe(first.id);
    const withdrawn = rows.filter((r) => r.status === 'withdrawn').map((r) => r.card_number);
    expect(withdrawn).toHaveLength(2);
    const sync = await t.call<{ deleted: string[] }>(
      'room/manageCardSyncDataList',
      { room_id: t.ids.rooms['1106']! },
      { token },
    );
    expect(ok(sync).deleted.sort()).toEqual(withdrawn.sort());
  });
});
