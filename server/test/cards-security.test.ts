/**
 * The card code's security properties (issue 9 §4; API.md §8): the hotel card secret and the locks' MAC key never
 * leave the server — in no answer, no operation-log summary, no log line —; a card's sector keys are its own
 * hotel's; the operation log says who issued, withdrew and deleted which card, without any key; no staff member
 * or secondary administrator gets a master or super card by any call; 'unsubscribe old card' reaches only cards
 * whose locks the new card opens.
 */
import { deriveCardMacKey } from '@lockdesk/protocol';
import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { activeStay, type Plan, secondsFromNow, VirtualCard, writeAndConfirm } from './card-helpers.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, DAY, expectRefused, OTHER_ADMIN, ok } from './room-helpers.js';

const UID = '04A1B2C3';
const OTHER_UID = '04D5E6F7';

// The app's pino stream, captured: every line the server logs.
const lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) };

type Keys = { uid: string; keys: Record<string, string>; encrypted_sectors: number[] };

describeEachDatabase(
  'card security',
  (t) => {
    let superToken: string;
    /** Every answer of the suite's calls, as sent (decrypted). */
    const answers: string[] = [];
    beforeEach(async () => {
      await t.reset();
      answers.length = 0;
      lines.length = 0;
      superToken = await t.login(DEMO_ACCOUNTS.super);
    });

    const call = async <T = Record<string, unknown>>(
      path: string,
      body: Record<string, unknown>,
      token = superToken,
    ) => {
      const res = await t.call<T>(path, body, { token });
      answers.push(JSON.stringify(res));
      return res;
    };
    const inAMonth = () => secondsFromNow(t, 30 * DAY);

    it('never answers, logs or writes to the operation log the card secret, the MAC key or a sector key', async () => {
      ok(await call('room/cardEncryption', { sectors: [1, 5, 13] }));
      const { stayId } = await activeStay(t, '1106');
      const card = new VirtualCard(UID);
      const plan = ok(await call<Plan>('room/sendCard', { stay_id: stayId, card_uid: UID }));
      await writeAndConfirm(t, superToken, card, plan);
      const keys = ok(await call<Keys>('room/getCheckData', { card_uid: UID }));
      ok(await call('app/getAesEight', { card_uid: UID }));
      const read = card.readBack(plan.verify);
      ok(await call('room/sendCardCheck', { card_uid: UID, blocks: read }));
      const master = ok(
        await call<Plan>('room/cardAdd', { type: 1, card_uid: OTHER_UID, end_time: inAMonth() }),
      );
      await writeAndConfirm(t, superToken, new VirtualCard(OTHER_UID), master);
      const withdrawn = ok(
        await call<{ erase: unknown[] | null }>('passenger/deleteCardByCardId', { card_id: plan.card_id }),
      );
      expect(withdrawn.erase).not.toBeNull();
      ok(await call('room/delcard', { id: master.id }));
      ok(await call('room/cardEncryptionList', {}));

      const secret = await t.app.cardKeys.hotelCardSecret(t.db, t.ids.hotelId);
      const macKey = deriveCardMacKey(secret);
      const sectorKeys = Object.values(keys.keys).filter((k) => k !== 'FFFFFFFFFFFF');
      expect(sectorKeys).toHaveLength(3);
      const everyAnswer = answers.join('\n').toUpperCase();
      for (const hidden of [secret, macKey]) expect(everyAnswer).not.toContain(hidden.toUpperCase());

      // The log: what was issued, withdrawn and deleted, by whom — and no key of any kind.
      const log = await t.db
        .selectFrom('operation_log')
        .select(['path', 'summary', 'user_id'])
        .where('hotel_id', '=', t.ids.hotelId)
        .orderBy('id')
        .execute();
      const summaries = log.map((l) => l.summary);
      expect(summaries).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(`^Card ${plan.card_id} \\(normal, room 1106\\) issued on UID ${UID}$`),
          ),
          expect.stringMatching(
            new RegExp(`^Card ${master.card_id} \\(master\\) issued on UID ${OTHER_UID}$`),
          ),
          `Card ${plan.card_id} (room 1106) withdrawn`,
          `Card ${master.card_id} deleted`,
        ]),
      );
      expect(new Set(log.map((l) => l.user_id))).toEqual(new Set([t.ids.users.super]));
      const logged = `${JSON.stringify(log)}\n${lines.join('\n')}`.toUpperCase();
      for (const hidden of [secret, macKey, ...sectorKeys])
        expect(logged).not.toContain(hidden.toUpperCase());
    });

    it("gives a card's keys only for the caller's own hotel, and calls another hotel's card external", async () => {
      ok(await call('room/cardEncryption', { sectors: [1, 13] }));
      const other = await addOtherHotel(t.db, t.clock.ms);
      const otherToken = await t.login(OTHER_ADMIN);
      ok(await call('room/cardEncryption', { sectors: [1, 13] }, otherToken));
      const ours = ok(await call<Keys>('room/getCheckData', { card_uid: UID }));
      const theirs = ok(await call<Keys>('room/getCheckData', { card_uid: UID }, otherToken));
      expect(ours.keys['1']).not.toBe('FFFFFFFFFFFF');
      expect(theirs.keys['1']).not.toBe('FFFFFFFFFFFF');
      // The same physical card has unrelated keys in two hotels: one hotel's keys open nothing of the other's.
      expect(theirs.keys['1']).not.toBe(ours.keys['1']);
      expect(theirs.keys['13']).not.toBe(ours.keys['13']);
      expect(other.hotelId).not.toBe(t.ids.hotelId);

      // Our guest card, presented to the other hotel: not theirs, no record, no keys of ours in the answer.
      const { stayId } = await activeStay(t, '1106');
      const card = new VirtualCard(UID);
      const plan = ok(await call<Plan>('room/sendCard', { stay_id: stayId, card_uid: UID }));
      await writeAndConfirm(t, superToken, card, plan);
      const read = card.readBack(plan.verify.filter((v) => [4, 5, 6, 53, 54].includes(v.block)));
      const verdict = ok(
        await call<{ valid: boolean; reason: string; card: unknown }>(
          'room/sendCardCheck',
          { card_uid: UID, blocks: read },
          otherToken,
        ),
      );
      expect(verdict).toEqual({ valid: false, reason: 'external', card: null });
      // Nor can the other hotel withdraw, delete or re-key it.
      expectRefused(
        await call('passenger/deleteCardByCardId', { card_id: plan.card_id }, otherToken),
        'CARD_NOT_ISSUED',
      );
      expectRefused(await call('room/delcard', { id: plan.id }, otherToken), 'NOT_FOUND');
      expectRefused(
        await call('room/addCardStepTwoNew', { id: plan.id, card_uid: UID, blocks: read }, otherToken),
        'NOT_FOUND',
      );
    });

    it('lets no staff member or secondary administrator obtain a master or super card, by any call', async () => {
      const master = ok(await call<Plan>('room/cardAdd', { type: 1, card_uid: UID, end_time: inAMonth() }));
      await writeAndConfirm(t, superToken, new VirtualCard(UID), master);
      const superCard = ok(
        await call<Plan>('lock/managerAddNew', { type: 6, card_uid: OTHER_UID, end_time: inAMonth() }),
      );
      await writeAndConfirm(t, superToken, new VirtualCard(OTHER_UID), superCard);
      const pendingMaster = ok(
        await call<Plan>('room/cardAdd', { type: 1, card_uid: '04112233', end_time: inAMonth() }),
      );

      for (const mobile of [DEMO_ACCOUNTS.secondary, DEMO_ACCOUNTS.staff]) {
        const token = await t.login(mobile);
        const end_time = inAMonth();
        expectRefused(
          await call('room/cardAdd', { type: 1, card_uid: '04AABBCC', end_time }, token),
          'MASTER_CARD_NOT_VALID',
        );
        expectRefused(
          await call('lock/managerAddNew', { type: 6, card_uid: '04AABBCC', end_time }, token),
          'MASTER_CARD_NOT_VALID',
        );
        // A new validity for the existing master or super card (/card/setTime) is a new master or super card.
        expectRefused(
          await call(
            'room/cardAdd',
            { type: 1, card_uid: '04AABBCC', end_time, replace_id: master.id },
            token,
          ),
          'MASTER_CARD_NOT_VALID',
        );
        expectRefused(
          await call(
            'lock/managerAddNew',
            { type: 6, card_uid: '04AABBCC', end_time, replace_id: superCard.id },
            token,
          ),
          'MASTER_CARD_NOT_VALID',
        );
        // Another type in the body does not smuggle one in: replace_id must name a card of the type asked for.
        const asBuilding = await call(
          'room/cardAdd',
          { type: 2, building: 1, card_uid: '04AABBCC', end_time, replace_id: master.id },
          token,
        );
        expect(asBuilding.errno).not.toBe(0);
        // The super administrator's pending master plan is not theirs to confirm.
        expectRefused(
          await call(
            'room/addCardStepTwoNew',
            { id: pendingMaster.id, card_uid: '04112233', blocks: { 4: '0'.repeat(32) } },
            token,
          ),
          'NOT_FOUND',
        );
        // Types outside the call's range are field errors.
        expect(
          (await call('room/cardAdd', { type: 6, card_uid: '04AABBCC', end_time }, token)).errno,
        ).not.toBe(0);
        expect(
          (await call('lock/managerAddNew', { type: 1, card_uid: '04AABBCC', end_time }, token)).errno,
        ).not.toBe(0);
      }
      const cards = await t.db.selectFrom('cards').select(['type', 'issued_by']).execute();
      for (const c of cards) if (c.type === 1 || c.type === 6) expect(c.issued_by).toBe(t.ids.users.super);
    });

    it("supersedes, with 'unsubscribe old card', only the building or floor cards the new card's locks hold", async () => {
      const b1 = ok(
        await call<Plan>('room/cardAdd', { type: 2, building: 1, card_uid: UID, end_time: inAMonth() }),
      );
      await writeAndConfirm(t, superToken, new VirtualCard(UID), b1);
      const b2 = ok(
        await call<Plan>('room/cardAdd', { type: 2, building: 2, card_uid: OTHER_UID, end_time: inAMonth() }),
      );
      await writeAndConfirm(t, superToken, new VirtualCard(OTHER_UID), b2);
      const f13 = ok(
        await call<Plan>('room/cardAdd', {
          type: 3,
          building: 1,
          floor: 3,
          card_uid: '04112233',
          end_time: inAMonth(),
        }),
      );
      await writeAndConfirm(t, superToken, new VirtualCard('04112233'), f13);
      const f14 = ok(
        await call<Plan>('room/cardAdd', {
          type: 3,
          building: 1,
          floor: 4,
          card_uid: '04445566',
          end_time: inAMonth(),
        }),
      );
      await writeAndConfirm(t, superToken, new VirtualCard('04445566'), f14);

      // The secondary administrator (rooms in building 1) replaces building 1's card and floor 1/3's card.
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      const nb1 = ok(
        await call<Plan>(
          'room/cardAdd',
          { type: 2, building: 1, card_uid: '04778899', end_time: inAMonth(), unsubscribe_old: 1 },
          secondary,
        ),
      );
      await writeAndConfirm(t, secondary, new VirtualCard('04778899'), nb1);
      const nf13 = ok(
        await call<Plan>(
          'room/cardAdd',
          { type: 3, building: 1, floor: 3, card_uid: '04AABBCC', end_time: inAMonth(), unsubscribe_old: 1 },
          secondary,
        ),
      );
      await writeAndConfirm(t, secondary, new VirtualCard('04AABBCC'), nf13);

      const superseded = async (id: number) =>
        (
          await t.db
            .selectFrom('cards')
            .select('superseded_by')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).superseded_by;
      expect(await superseded(b1.id)).toBe(nb1.id);
      expect(await superseded(f13.id)).toBe(nf13.id);
      // Building 2's locks and floor 1/4's never see the new cards: their cards keep opening.
      expect(await superseded(b2.id)).toBeNull();
      expect(await superseded(f14.id)).toBeNull();
      const building2Room = t.ids.rooms['2101']!;
      const opens = ok(
        await call<{ list: { id: number }[] }>('lock/noteCardList', { room_id: building2Room }),
      ).list.map((c) => c.id);
      expect(opens).toContain(b2.id);
    });

    it("supersedes, with 'unsubscribe old card', only universal cards within the new card's locks", async () => {
      const r1 = t.ids.rooms['1101']!;
      const r2 = t.ids.rooms['1102']!;
      const r3 = t.ids.rooms['1103']!;
      const issue = async (uid: string, body: Record<string, unknown>) => {
        const plan = ok(
          await call<Plan>('lock/managerAddNew', { type: 5, card_uid: uid, end_time: inAMonth(), ...body }),
        );
        await writeAndConfirm(t, superToken, new VirtualCard(uid), plan);
        return plan.id;
      };
      const onR1 = await issue(UID, { room_ids: [r1] });
      const onR3 = await issue(OTHER_UID, { room_ids: [r3] });
      const onR1R3 = await issue('04112233', { room_ids: [r1, r3] });
      const newer = await issue('04445566', { room_ids: [r1, r2], unsubscribe_old: 1 });
      const superseded = async (id: number) =>
        (
          await t.db
            .selectFrom('cards')
            .select('superseded_by')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).superseded_by;
      expect(await superseded(onR1)).toBe(newer);
      expect(await superseded(onR3)).toBeNull();
      expect(await superseded(onR1R3)).toBeNull();
      // A universal card for every lock supersedes every older universal card.
      const everywhere = await issue('04778899', { unsubscribe_old: 1 });
      expect(await superseded(onR3)).toBe(everywhere);
      expect(await superseded(onR1R3)).toBe(everywhere);
    });
    it('withdraws and deletes a card whose access control or universal room was removed since, without an internal error', async () => {
      const added = ok(
        await call<{ id: number }>('room/addRoom', { name: 'Side gate', building: 1, floor: 1 }),
      );
      ok(await call('room/setAccessControl', { room_id: added.id, access_control: 1 }));
      const master = ok(
        await call<Plan>('room/cardAdd', {
          type: 1,
          card_uid: UID,
          end_time: inAMonth(),
          access_controls: [added.id],
        }),
      );
      await writeAndConfirm(t, superToken, new VirtualCard(UID), master);
      const universal = ok(
        await call<Plan>('lock/managerAddNew', {
          type: 5,
          card_uid: OTHER_UID,
          end_time: inAMonth(),
          room_ids: [added.id, t.ids.rooms['1106']!],
        }),
      );
      // Planned before the room goes, confirmed after.
      ok(await call('room/resetCardSyncData', { room_id: added.id }));
      ok(await call('room/deleteRoom', { room_id: added.id }));
      const card = new VirtualCard(OTHER_UID);
      await writeAndConfirm(t, superToken, card, universal);
      ok(await call('passenger/deleteCardByCardId', { card_id: master.card_id }));
      const deleted = ok(await call<{ lock_sync: string }>('lock/managerDelete', { id: universal.id }));
      // Room 1106 still has to learn the deletion.
      expect(deleted.lock_sync).toBe('pending');
    });
  },
  { logger: { level: 'debug', stream } as unknown as { level: string } },
);
