/**
 * Key cards end to end through the API (API.md §8): a guest card issued, verified, listed, read back, withdrawn,
 * deleted and learned by the lock; nothing issued without a byte-for-byte read-back of the same card in time; the
 * rules of spec §6 for special cards; the server's verdict on tampered and copied cards.
 */
import { CARD_TYPE } from '@lockdesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { activeStay, type Plan, secondsFromNow, VirtualCard, writeAndConfirm } from './card-helpers.js';
import { describeEachDatabase } from './helpers.js';
import { DAY, expectRefused, ok } from './room-helpers.js';

const UID = '04A1B2C3';
const OTHER_UID = '04D5E6F7';

type Page = { list: Record<string, unknown>[]; total: number };

describeEachDatabase('cards', (t) => {
  let superToken: string;
  beforeEach(async () => {
    await t.reset();
    superToken = await t.login(DEMO_ACCOUNTS.super);
  });

  const call = <T = Record<string, unknown>>(
    path: string,
    body: Record<string, unknown>,
    token = superToken,
  ) => t.call<T>(path, body, { token });

  async function guestPlan(roomName = '1106', uid = UID, token = superToken) {
    const { stayId, roomId } = await activeStay(t, roomName);
    const plan = ok(await call<Plan>('room/sendCard', { stay_id: stayId, card_uid: uid }, token));
    return { plan, stayId, roomId };
  }

  it('issues a guest card only after its read-back, then lists, reads, withdraws, deletes and syncs it', async () => {
    const { plan, stayId, roomId } = await guestPlan();
    expect(plan.uid).toBe(UID);
    expect(plan.card['status']).toBe('pending');
    expect(plan.card['type']).toBe(CARD_TYPE.normal);
    expect(plan.expires_at).toBe(secondsFromNow(t, 120_000));
    expect(plan.writes.map((w) => w.block)).toEqual([4, 5, 6, 53, 54]);
    expect(plan.verify.map((v) => v.block)).toEqual([4, 5, 6, 53, 54]);

    // Pending: not in the list, not known to the read flow.
    expect(ok(await call<Page>('room/cardList', { stay_id: stayId })).total).toBe(0);
    expect(
      ok(await call<{ list: unknown[] }>('passenger/getRoomInfo', { card_num: plan.card_id })).list,
    ).toEqual([]);

    const card = new VirtualCard(UID);
    const issued = await writeAndConfirm(t, superToken, card, plan);
    expect(issued).toMatchObject({
      id: plan.id,
      status: 'issued',
      card_id: plan.card_id,
      stay_id: stayId,
      room_id: roomId,
    });

    const list = ok(await call<Page>('room/cardList', { stay_id: stayId }));
    expect(list.list.map((c) => [c['card_id'], c['status']])).toEqual([[plan.card_id, 'issued']]);
    expect(ok(await call('room/getUserCardNum', {}))).toMatchObject({ issued: 1, byType: { 4: 1 } });

    // The read flow: a guest card is no function card, and its number leads to the stay.
    expect(ok(await call('passenger/getCardFunction', { card_num: plan.card_id }))).toEqual({
      type: 0,
      mobile: '',
    });
    const info = ok(
      await call<{ list: Record<string, unknown>[] }>('passenger/getRoomInfo', { card_num: plan.card_id }),
    );
    expect(info.list).toEqual([
      expect.objectContaining({
        manage_id: stayId,
        room_id: roomId,
        other_information: 'from the card suite',
      }),
    ]);

    // The server's verdict on the card as read.
    const read = card.readBack(plan.verify);
    expect(ok(await call('room/sendCardCheck', { card_uid: UID, blocks: read }))).toMatchObject({
      valid: true,
      reason: 'ok',
    });
    expect(
      ok(await call<{ list: Record<string, unknown>[] }>('lock/noteCardList', { room_id: roomId })).list,
    ).toEqual([expect.objectContaining({ id: plan.id, lock_sync: 'none' })]);

    // The guest returns it: withdrawn, the lock has to learn it, and the console gets the erase plan.
    const withdrawn = ok(
      await call<{ status: string; erase: Plan['writes'] | null }>('passenger/deleteCardByCardId', {
        card_id: plan.card_id,
      }),
    );
    expect(withdrawn.status).toBe('withdrawn');
    card.run(withdrawn.erase ?? []);
    expect(
      ok(await call('room/sendCardCheck', { card_uid: UID, blocks: card.readBack(plan.verify) })),
    ).toMatchObject({
      valid: false,
    });
    expect(ok(await call('room/manageCardSyncDataList', { room_id: roomId }))).toMatchObject({
      deleted: [plan.card_id],
      universal: [],
      pending: 1,
    });
    expect(ok(await call('room/sendCardCheck', { card_uid: UID, blocks: read }))).toMatchObject({
      valid: false,
      reason: 'withdrawn',
    });

    // Deleted from the list; a Bluetooth unlock teaches the lock.
    expect(ok(await call('room/delcard', { id: plan.id }))).toEqual({
      id: plan.id,
      status: 'deleted',
      lock_sync: 'pending',
    });
    expect(ok(await call('room/resetCardSyncData', { room_id: roomId }))).toEqual({
      room_id: roomId,
      synced: 1,
    });
    expect(ok(await call('room/manageCardSyncDataList', { room_id: roomId }))).toMatchObject({
      deleted: [],
      pending: 0,
    });
    const after = ok(await call<Page>('room/cardList', { status: 'deleted' }));
    expect(after.list).toEqual([expect.objectContaining({ id: plan.id, lock_sync: 'done' })]);
  });

  it("supersedes the room's older guest cards when a card with 'unsubscribe old card' is issued", async () => {
    const { plan: first, stayId, roomId } = await guestPlan();
    await writeAndConfirm(t, superToken, new VirtualCard(UID), first);
    const second = ok(await call<Plan>('room/sendCard', { stay_id: stayId, card_uid: OTHER_UID }));
    await writeAndConfirm(t, superToken, new VirtualCard(OTHER_UID), second);
    const third = ok(
      await call<Plan>('room/sendCard', { stay_id: stayId, card_uid: '04112233', unsubscribe_old: 1 }),
    );
    expect(third.card['unsubscribe_old']).toBe(true);
    // Not yet verified: nothing superseded.
    const before = ok(await call<Page>('room/cardList', { stay_id: stayId }));
    expect(before.list.map((c) => c['superseded'])).toEqual([false, false]);
    await writeAndConfirm(t, superToken, new VirtualCard('04112233'), third);
    const after = ok(await call<Page>('room/cardList', { stay_id: stayId }));
    expect(after.list.map((c) => [c['id'], c['superseded']])).toEqual([
      [third.id, false],
      [second.id, true],
      [first.id, true],
    ]);
    const opens = ok(
      await call<{ list: Record<string, unknown>[] }>('lock/noteCardList', { room_id: roomId }),
    );
    expect(opens.list.map((c) => c['id'])).toEqual([third.id]);
    // Card numbers are the hotel's own sequence, one per card.
    expect(new Set([first.card_id, second.card_id, third.card_id]).size).toBe(3);
  });

  it('refuses a read-back that differs from what was written, and keeps the card pending', async () => {
    const { plan, stayId } = await guestPlan();
    const card = new VirtualCard(UID);
    card.run(plan.writes);
    const read = card.readBack(plan.verify);
    read['5'] = `${read['5']!.slice(0, 30)}00`;
    expectRefused(
      await call('room/addCardStepTwoNew', { id: plan.id, card_uid: UID, blocks: read }),
      'CARD_WRITE_UNVERIFIED',
    );
    const missing = card.readBack(plan.verify);
    delete missing['53'];
    expectRefused(
      await call('room/addCardStepTwoNew', { id: plan.id, card_uid: UID, blocks: missing }),
      'CARD_WRITE_UNVERIFIED',
    );
    expect(ok(await call<Page>('room/cardList', { stay_id: stayId })).total).toBe(0);
    expect(ok(await call<Page>('room/cardList', { status: 'pending' })).total).toBe(1);
  });

  it('refuses the read-back of another card', async () => {
    const { plan } = await guestPlan();
    const card = new VirtualCard(UID);
    card.run(plan.writes);
    expectRefused(
      await call('room/addCardStepTwoNew', {
        id: plan.id,
        card_uid: OTHER_UID,
        blocks: card.readBack(plan.verify),
      }),
      'WRONG_CARD',
    );
  });

  it('refuses a read-back after the plan expired (120 s)', async () => {
    const { plan, stayId } = await guestPlan();
    const card = new VirtualCard(UID);
    card.run(plan.writes);
    t.clock.advance(121_000);
    expectRefused(
      await call('room/addCardStepTwoNew', {
        id: plan.id,
        card_uid: UID,
        blocks: card.readBack(plan.verify),
      }),
      'CARD_ISSUE_EXPIRED',
    );
    expect(ok(await call<Page>('room/cardList', { stay_id: stayId })).total).toBe(0);
    expect(ok(await call<Page>('room/cardList', { status: 'pending' })).total).toBe(0);
  });

  it('gives the verdicts tampered, copied, unsigned and external on cards read at the desk', async () => {
    const { plan } = await guestPlan();
    const card = new VirtualCard(UID);
    await writeAndConfirm(t, superToken, card, plan);
    const read = card.readBack(plan.verify);

    // A guest who rewrote the end time (and fixed the CRC would still miss the MAC): tampered.
    const longer = { ...read, 5: `${read['5']!.slice(0, 20)}7FFFFFFF${read['5']!.slice(28)}` };
    expect(ok(await call('room/sendCardCheck', { card_uid: UID, blocks: longer }))).toMatchObject({
      valid: false,
      reason: 'tampered',
    });
    // The same blocks copied onto another card's UID: copied.
    expect(ok(await call('room/sendCardCheck', { card_uid: OTHER_UID, blocks: read }))).toMatchObject({
      valid: false,
      reason: 'copied',
    });
    // No signature block: unsigned.
    expect(
      ok(await call('room/sendCardCheck', { card_uid: UID, blocks: { ...read, 53: '0'.repeat(32) } })),
    ).toMatchObject({
      valid: false,
      reason: 'unsigned',
    });
    // Another system's card.
    const foreign = { ...read, 4: 'AB'.repeat(16) };
    expect(ok(await call('room/sendCardCheck', { card_uid: UID, blocks: foreign }))).toMatchObject({
      valid: false,
      reason: 'external',
    });
    // Expired.
    t.clock.advance(3 * DAY);
    expect(ok(await call('room/sendCardCheck', { card_uid: UID, blocks: read }))).toMatchObject({
      valid: false,
      reason: 'expired',
    });
  });

  describe('special cards (spec §6)', () => {
    const inAMonth = () => secondsFromNow(t, 30 * DAY);

    it("issues the super administrator's master card and refuses a secondary administrator's", async () => {
      const plan = ok(
        await call<Plan>('room/cardAdd', {
          type: 1,
          card_uid: UID,
          end_time: inAMonth(),
          note: 'night manager',
        }),
      );
      await writeAndConfirm(t, superToken, new VirtualCard(UID), plan);
      expect(ok(await call('passenger/getCardFunction', { card_num: plan.card_id }))).toEqual({
        type: 1,
        mobile: DEMO_ACCOUNTS.super,
      });
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      expectRefused(
        await call('room/cardAdd', { type: 1, card_uid: OTHER_UID, end_time: inAMonth() }, secondary),
        'MASTER_CARD_NOT_VALID',
      );
      expectRefused(
        await call('lock/managerAddNew', { type: 6, card_uid: OTHER_UID, end_time: inAMonth() }, secondary),
        'MASTER_CARD_NOT_VALID',
      );
    });

    it('lets a secondary administrator issue building and floor cards only where it has rooms', async () => {
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      const building = ok(
        await call<Plan>(
          'room/cardAdd',
          { type: 2, card_uid: UID, building: 1, end_time: inAMonth() },
          secondary,
        ),
      );
      const issued = await writeAndConfirm(t, secondary, new VirtualCard(UID), building);
      expect(issued).toMatchObject({ type: 2, building: 1, issuer_role: 'secondary' });
      expectRefused(
        await call(
          'room/cardAdd',
          { type: 2, card_uid: OTHER_UID, building: 2, end_time: inAMonth() },
          secondary,
        ),
        'PERMISSION_DENIED',
      );
      expectRefused(
        await call(
          'room/cardAdd',
          { type: 3, card_uid: OTHER_UID, building: 2, floor: 1, end_time: inAMonth() },
          secondary,
        ),
        'PERMISSION_DENIED',
      );
      ok(
        await call(
          'room/cardAdd',
          { type: 3, card_uid: OTHER_UID, building: 1, floor: 3, end_time: inAMonth() },
          secondary,
        ),
      );
      const staff = await t.login(DEMO_ACCOUNTS.staff);
      expectRefused(
        await call(
          'room/cardAdd',
          { type: 3, card_uid: OTHER_UID, building: 1, floor: 3, end_time: inAMonth() },
          staff,
        ),
        'PERMISSION_DENIED',
      );
    });

    it('checks expiry and scope: required, future, not past 2035; building and floor named', async () => {
      expectRefused(await call('room/cardAdd', { type: 1, card_uid: UID }), 'CARD_EXPIRY_REQUIRED', {
        field: 'end_time',
      });
      expectRefused(
        await call('room/cardAdd', { type: 1, card_uid: UID, end_time: secondsFromNow(t, -DAY) }),
        'EXPIRATION_NOT_FUTURE',
        {
          field: 'end_time',
        },
      );
      expectRefused(
        await call('room/cardAdd', { type: 1, card_uid: UID, end_time: '2036-01-01 00:00' }),
        'CARD_EXPIRY_TOO_LATE',
        {
          field: 'end_time',
        },
      );
      expectRefused(
        await call('room/cardAdd', { type: 2, card_uid: UID, end_time: inAMonth() }),
        'BUILDING_REQUIRED',
        {
          field: 'building',
        },
      );
      expectRefused(
        await call('room/cardAdd', { type: 3, card_uid: UID, building: 1, end_time: inAMonth() }),
        'FLOOR_REQUIRED',
        {
          field: 'floor',
        },
      );
      expectRefused(
        await call('room/cardAdd', {
          type: 1,
          card_uid: UID,
          end_time: inAMonth(),
          access_controls: [1, 2, 3, 4],
        }),
        'TOO_MANY_ACCESS_CONTROLS',
        { field: 'access_controls' },
      );
    });

    it('replaces a card under a new number (new validity); the old one is withdrawn and refused when verified', async () => {
      const first = ok(await call<Plan>('room/cardAdd', { type: 1, card_uid: UID, end_time: inAMonth() }));
      const card = new VirtualCard(UID);
      await writeAndConfirm(t, superToken, card, first);
      const second = ok(
        await call<Plan>('room/cardAdd', {
          type: 1,
          card_uid: UID,
          end_time: secondsFromNow(t, 60 * DAY),
          replace_id: first.id,
        }),
      );
      // A new number: the replaced card may be another physical card, which must stop opening the locks.
      expect(second.card_id).not.toBe(first.card_id);
      // Not confirmed yet: the replaced card is still issued and no lock has anything to delete.
      const roomId = t.ids.rooms['1106']!;
      expect(ok(await call('room/manageCardSyncDataList', { room_id: roomId }))).toMatchObject({
        deleted: [],
      });
      await writeAndConfirm(t, superToken, card, second);
      const list = ok(await call<Page>('room/cardList', { type: 1 }));
      expect(list.list.map((c) => [c['id'], c['card_id'], c['status']])).toEqual([
        [second.id, second.card_id, 'issued'],
        [first.id, first.card_id, 'withdrawn'],
      ]);
      // A master card opens every lock: each learns to refuse the replaced number by its next Bluetooth unlock.
      expect(ok(await call('room/manageCardSyncDataList', { room_id: roomId }))).toMatchObject({
        deleted: [first.card_id],
      });
    });

    it('issues a universal card the locks learn by Bluetooth, and deletes it', async () => {
      const roomId = t.ids.rooms['1106']!;
      const plan = ok(
        await call<Plan>('lock/managerAddNew', {
          type: 5,
          card_uid: UID,
          end_time: inAMonth(),
          room_ids: [roomId],
        }),
      );
      await writeAndConfirm(t, superToken, new VirtualCard(UID), plan);
      expect(ok(await call('room/manageCardSyncDataList', { room_id: roomId }))).toMatchObject({
        universal: [plan.card_id],
        pending: 1,
      });
      const managers = ok(await call<Page>('lock/managerList', { type: 5 }));
      expect(managers.list).toEqual([
        expect.objectContaining({ id: plan.id, lock_sync: 'pending', room_ids: [roomId] }),
      ]);
      expect(ok(await call('lock/managerDelete', { id: plan.id }))).toEqual({
        id: plan.id,
        status: 'deleted',
        lock_sync: 'pending',
      });
      expect(ok(await call('room/manageCardSyncDataList', { room_id: roomId }))).toMatchObject({
        deleted: [plan.card_id],
      });
    });
  });

  describe('encryption', () => {
    it('keeps the hotel card secret encrypted in the database', async () => {
      const secret = await t.app.cardKeys.hotelCardSecret(t.db, t.ids.hotelId);
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      const row = await t.db
        .selectFrom('hotel_cards')
        .select('secret_enc')
        .where('hotel_id', '=', t.ids.hotelId)
        .executeTakeFirstOrThrow();
      expect(row.secret_enc).not.toContain(secret);
      expect(Buffer.from(String(row.secret_enc).slice(3), 'base64').toString('hex')).not.toContain(secret);
      // The same secret on every later use: cards already issued stay verifiable.
      expect(await t.app.cardKeys.hotelCardSecret(t.db, t.ids.hotelId)).toBe(secret);
    });

    it('writes cards with per-card keys once the hotel encrypts, and takes them back off', async () => {
      expectRefused(await call('room/cardEncryption', { sectors: [1, 2] }), 'FIELD_INVALID', {
        field: 'sectors',
      });
      expect(ok(await call('room/cardEncryption', { sectors: [13, 1, 5] }))).toEqual({
        enabled: true,
        sectors: [1, 5, 13],
      });
      const { plan } = await guestPlan();
      // Data first with the transport keys, then the three trailers.
      expect(plan.writes.map((w) => w.block)).toEqual([4, 5, 6, 53, 54, 7, 23, 55]);
      const card = new VirtualCard(UID);
      await writeAndConfirm(t, superToken, card, plan);
      expect(card.keyOf(1)).not.toBe('FFFFFFFFFFFF');

      const check = ok(await call<{ keys: Record<string, string> }>('room/getCheckData', { card_uid: UID }));
      expect(check.keys['1']).toBe(card.keyOf(1));
      expect(check.keys['5']).toBe(card.keyOf(5));
      expect(check.keys['2']).toBe('FFFFFFFFFFFF');
      // Another card's keys differ: one card's keys open no other.
      const other = ok(
        await call<{ keys: Record<string, string> }>('room/getCheckData', { card_uid: OTHER_UID }),
      );
      expect(other.keys['1']).not.toBe(check.keys['1']);

      expect(ok(await call('room/cardEncryptionList', {}))).toMatchObject({
        enabled: true,
        sectors: [1, 5, 13],
        encrypted_cards: 1,
      });

      // Decrypt: trailers back to transport keys, confirmed by reading with them.
      const decrypt = ok(await call<Plan>('room/sendCardEncryption', { card_uid: UID, decrypt: 1 }));
      card.run(decrypt.writes);
      ok(await call('room/sendCardDecodeSyntony', { card_uid: UID, blocks: card.readBack(decrypt.verify) }));
      expect(card.keyOf(1)).toBe('FFFFFFFFFFFF');
      // Encrypt again from the console.
      const encrypt = ok(await call<Plan>('room/sendCardEncryption', { card_uid: UID }));
      card.run(encrypt.writes);
      expectRefused(
        await call('room/sendCardEncryptionSyntony', { card_uid: UID, blocks: {} }),
        'CARD_WRITE_UNVERIFIED',
      );
      ok(
        await call('room/sendCardEncryptionSyntony', {
          card_uid: UID,
          blocks: card.readBack(encrypt.verify),
        }),
      );
      expect(card.keyOf(13)).toBe(check.keys['13']);

      expect(ok(await call('room/deleteCardEncryption', {}))).toEqual({ enabled: false, sectors: [] });
      expectRefused(await call('room/sendCardEncryption', { card_uid: OTHER_UID }), 'ENCRYPTION_NOT_ENABLED');
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      expectRefused(await call('room/cardEncryption', { sectors: [1, 13] }, secondary), 'PERMISSION_DENIED');
    });
  });

  it('marks access-control rooms and names them on cards (at most 3)', async () => {
    const roomId = t.ids.rooms['1101']!;
    ok(await call('room/setAccessControl', { room_id: roomId, access_control: 1 }));
    expect(ok(await call<{ list: Record<string, unknown>[] }>('lock/accessControlList', {})).list).toEqual([
      expect.objectContaining({ room_id: roomId }),
    ]);
    expectRefused(
      await call('room/cardAdd', {
        type: 1,
        card_uid: UID,
        end_time: secondsFromNow(t, DAY),
        access_controls: [t.ids.rooms['1102']!],
      }),
      'FIELD_INVALID',
      { field: 'access_controls' },
    );
    const plan = ok(
      await call<Plan>('room/cardAdd', {
        type: 1,
        card_uid: UID,
        end_time: secondsFromNow(t, DAY),
        access_controls: [roomId],
      }),
    );
    await writeAndConfirm(t, superToken, new VirtualCard(UID), plan);
    expect(ok(await call('room/manageCardSyncDataList', { room_id: roomId }))).toMatchObject({
      access: [plan.card_id],
    });
    ok(await call('room/addCardMark', { id: plan.id, note: 'front door' }));
    expect(ok(await call<Page>('room/cardList', { keyword: 'front' })).list).toEqual([
      expect.objectContaining({ id: plan.id }),
    ]);
  });
});
