/**
 * A card's new validity (/card/setTime: `replace_id`, API.md §8.1) when two rewrites of the same card race: two
 * open pages, or a rewrite retried after a lost answer. Both plans are valid; each confirmation must answer a
 * catalogue result (never an internal error), and the hotel keeps one issued card per number: the last one verified.
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

  it('confirms two rewrites of the same card one after the other: the later one holds the number', async () => {
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
    expect([a.card_id, b.card_id]).toEqual([first.card_id, first.card_id]);
    await writeAndConfirm(t, token, card, a);
    // The second page writes its plan over the first rewrite and confirms it.
    const issued = await writeAndConfirm(t, token, card, b);
    expect(issued).toMatchObject({ id: b.id, status: 'issued', card_id: first.card_id });
    const rows = await t.db
      .selectFrom('cards')
      .select(['id', 'status'])
      .where('card_number', '=', first.card_id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: first.id, status: 'withdrawn' },
      { id: a.id, status: 'withdrawn' },
      { id: b.id, status: 'issued' },
    ]);
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
    const issued = await t.db
      .selectFrom('cards')
      .select('id')
      .where('card_number', '=', first.card_id)
      .where('status', '=', 'issued')
      .execute();
    expect(issued).toHaveLength(1);
  });
});
