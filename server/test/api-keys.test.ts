/**
 * API keys (API.md §17) and the card-service API they open (§18): who may manage keys, what is stored, and the
 * card-service routes driven through inject() — login, rooms, the two-step card write (a wrong read-back issues
 * nothing), delete, records, refusals in the catalogue's words and never a 500, revocation ending tokens at once.
 */
import { createHash } from 'node:crypto';
import type { ErrorCode } from '@lockdesk/protocol';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { VirtualCard } from './card-helpers.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import { addOtherHotel, DAY, expectRefused, HOUR, OTHER_ADMIN, ok } from './room-helpers.js';

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: { code: number; msg: string; error?: string; data?: T };
}

interface CreatedKey {
  id: number;
  name: string;
  prefix: string;
  key: string;
  revoked: boolean;
}

/** A card-service request on the app. */
async function service<T = Record<string, unknown>>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  input: Record<string, unknown> | string | null = {},
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...headers },
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(input ?? {}).map(([k, v]) => [k, String(v)])) }
      : { payload: typeof input === 'string' ? input : JSON.stringify(input) }),
  });
  return { status: res.statusCode, body: res.json() };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Asserts a card-service refusal: HTTP status, code, catalogue code and its text. */
function expectServiceRefused(
  res: Answer<unknown>,
  status: number,
  code: ErrorCode,
  params?: Record<string, string | number>,
  lang: Parameters<typeof messageFor>[0] = 'en',
): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { code: status, msg: messageFor(lang, code, params), error: code },
  });
}

function serviceOk<T>(res: Answer<T>): T {
  expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({
    status: 200,
    code: 200,
    msg: 'ok',
  });
  return res.body.data as T;
}

describeEachDatabase('API keys and the card-service API', (t) => {
  let superToken: string;

  beforeEach(async () => {
    await t.reset();
    superToken = await t.login(DEMO_ACCOUNTS.super);
  });

  const createKey = async (name = 'Front desk PMS') =>
    ok(await t.call<CreatedKey>('user/apikey', { name }, { token: superToken }));
  const signIn = async (key: string) =>
    serviceOk(await service<{ token: string; hotel_id: number }>(t, 'POST', '/auth/login', { api_key: key }));

  describe('user/apikey, user/apiKeyList, user/apiKeyDel', () => {
    it('creates a key shown once, stores only the SHA-256 of its secret, lists it without the secret', async () => {
      const made = await createKey();
      expect(made.key).toMatch(/^ldk_[0-9a-f]{8}_[0-9a-f]{64}$/);
      expect(made.key.startsWith(`ldk_${made.prefix}_`)).toBe(true);
      const row = await t.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      const secret = made.key.split('_')[2] as string;
      expect(row.key_hash).toBe(createHash('sha256').update(secret).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(row.hotel_id).toBe(t.ids.hotelId);
      const list = ok(
        await t.call<{ list: Record<string, unknown>[]; total: number }>(
          'user/apiKeyList',
          {},
          { token: superToken },
        ),
      );
      expect(list.total).toBe(1);
      expect(list.list[0]).toMatchObject({
        id: made.id,
        name: 'Front desk PMS',
        prefix: made.prefix,
        revoked: false,
        last_used_at: null,
      });
      expect(JSON.stringify(list)).not.toContain(secret);
    });

    it('is the super administrator’s only: secondary, staff and customer manager are refused', async () => {
      const made = await createKey();
      for (const mobile of [DEMO_ACCOUNTS.secondary, DEMO_ACCOUNTS.staff, DEMO_ACCOUNTS.customerManager]) {
        const token = await t.login(mobile);
        expectRefused(await t.call('user/apiKeyList', {}, { token }), 'PERMISSION_DENIED');
        expectRefused(await t.call('user/apikey', { name: 'x' }, { token }), 'PERMISSION_DENIED');
        expectRefused(await t.call('user/apiKeyDel', { id: made.id }, { token }), 'PERMISSION_DENIED');
      }
    });

    it('keeps keys to their hotel: another hotel’s administrator neither lists nor revokes them', async () => {
      const made = await createKey();
      await addOtherHotel(t.db, t.clock.ms);
      const other = await t.login(OTHER_ADMIN);
      expect(ok(await t.call<{ total: number }>('user/apiKeyList', {}, { token: other })).total).toBe(0);
      expectRefused(await t.call('user/apiKeyDel', { id: made.id }, { token: other }), 'NOT_FOUND');
      expect(
        ok(await t.call<{ list: { revoked: boolean }[] }>('user/apiKeyList', {}, { token: superToken }))
          .list[0]?.revoked,
      ).toBe(false);
    });

    it('revokes a key: listed as revoked, filtered, revoking again answers it unchanged, logged by prefix', async () => {
      const made = await createKey();
      await createKey('Kiosk');
      const revoked = ok(
        await t.call<{ revoked: boolean }>('user/apiKeyDel', { id: made.id }, { token: superToken }),
      );
      expect(revoked.revoked).toBe(true);
      expect(
        ok(await t.call<{ revoked: boolean }>('user/apiKeyDel', { id: made.id }, { token: superToken }))
          .revoked,
      ).toBe(true);
      const active = ok(
        await t.call<{ list: { name: string }[] }>(
          'user/apiKeyList',
          { revoked: false },
          { token: superToken },
        ),
      );
      expect(active.list.map((k) => k.name)).toEqual(['Kiosk']);
      const log = await t.db
        .selectFrom('operation_log')
        .select(['path', 'summary'])
        .where('path', '=', 'user/apiKeyDel')
        .execute();
      expect(log[0]?.summary).toBe(`API key ${made.prefix} revoked (Front desk PMS)`);
    });
  });

  describe('POST /auth/login', () => {
    it('answers a 2-hour bearer token and the key’s hotel; records last use', async () => {
      const made = await createKey();
      const res = await service<{ token: string; expires_in: number; hotel_id: number; token_type: string }>(
        t,
        'POST',
        '/auth/login',
        { api_key: made.key },
      );
      const data = serviceOk(res);
      expect(data).toMatchObject({ expires_in: 7200, hotel_id: t.ids.hotelId, token_type: 'Bearer' });
      expect(data.token).toMatch(/^ldt_[0-9a-f]{64}$/);
      const row = await t.db.selectFrom('card_service_tokens').selectAll().executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(createHash('sha256').update(data.token).digest('hex'));
      const list = ok(
        await t.call<{ list: { last_used_at: number | null }[] }>(
          'user/apiKeyList',
          {},
          { token: superToken },
        ),
      );
      expect(list.list[0]?.last_used_at).toBe(Math.floor(t.clock.ms / 1000));
      const log = await t.db
        .selectFrom('operation_log')
        .selectAll()
        .where('path', '=', 'auth/login')
        .executeTakeFirstOrThrow();
      expect(log).toMatchObject({ user_id: t.ids.users.super, hotel_id: t.ids.hotelId, errno: 0 });
      expect(log.summary).toBe(`API key ${made.prefix}: signed in to the card-service API`);
    });

    it('refuses a wrong, malformed, missing or revoked key in the catalogue’s words (and language)', async () => {
      const made = await createKey();
      const wrong = `${made.key.slice(0, -1)}${made.key.endsWith('0') ? '1' : '0'}`;
      expectServiceRefused(
        await service(t, 'POST', '/auth/login', { api_key: wrong }),
        401,
        'API_KEY_INVALID',
      );
      expectServiceRefused(
        await service(t, 'POST', '/auth/login', { api_key: 'nonsense' }),
        401,
        'API_KEY_INVALID',
      );
      expectServiceRefused(await service(t, 'POST', '/auth/login', {}), 400, 'FIELD_REQUIRED', {
        field: 'api_key',
      });
      expectServiceRefused(
        await service(t, 'POST', '/auth/login', { api_key: { text: 'x' } }),
        400,
        'FIELD_INVALID',
        { field: 'api_key' },
      );
      expectServiceRefused(await service(t, 'POST', '/auth/login', '{not json'), 400, 'DATA_PARSE_FAILED');
      expectServiceRefused(
        await service(t, 'POST', '/auth/login', { api_key: wrong }, { 'accept-language': 'de-DE,de;q=0.9' }),
        401,
        'API_KEY_INVALID',
        undefined,
        'de',
      );
      ok(await t.call('user/apiKeyDel', { id: made.id }, { token: superToken }));
      expectServiceRefused(
        await service(t, 'POST', '/auth/login', { api_key: made.key }),
        401,
        'API_KEY_INVALID',
      );
    });

    it('refuses the key of a frozen account', async () => {
      const made = await createKey();
      await t.db.updateTable('users').set({ frozen: true }).where('id', '=', t.ids.users.super).execute();
      expectServiceRefused(
        await service(t, 'POST', '/auth/login', { api_key: made.key }),
        403,
        'ACCOUNT_FROZEN',
      );
    });
  });

  describe('the token routes', () => {
    let made: CreatedKey;
    let token: string;
    beforeEach(async () => {
      made = await createKey();
      token = (await signIn(made.key)).token;
    });

    it('lists the hotel’s rooms by page and keyword, with the current stay; another hotel is 403', async () => {
      const page = serviceOk(
        await service<{ list: Record<string, unknown>[]; total: number }>(
          t,
          'GET',
          '/linQuan/getRoomListByHotelId',
          { hotel_id: t.ids.hotelId, limit: 5 },
          bearer(token),
        ),
      );
      expect(page.total).toBe(Object.keys(t.ids.rooms).length);
      expect(page.list).toHaveLength(5);
      const found = serviceOk(
        await service<{ list: Record<string, unknown>[]; total: number }>(
          t,
          'GET',
          '/linQuan/getRoomListByHotelId',
          { hotel_id: t.ids.hotelId, keyword: '1101' },
          bearer(token),
        ),
      );
      expect(found.total).toBe(1);
      expect(found.list[0]).toMatchObject({
        room_id: t.ids.rooms['1101'],
        name: '1101',
        stay: { guest_name: 'Li Wei', status: 'active' },
      });
      const other = await addOtherHotel(t.db, t.clock.ms);
      expectServiceRefused(
        await service(t, 'GET', '/linQuan/getRoomListByHotelId', { hotel_id: other.hotelId }, bearer(token)),
        403,
        'PERMISSION_DENIED',
      );
      expectServiceRefused(
        await service(t, 'GET', '/linQuan/getRoomListByHotelId', {}, bearer(token)),
        400,
        'FIELD_REQUIRED',
        { field: 'hotel_id' },
      );
      expectServiceRefused(
        await service(t, 'GET', '/linQuan/getRoomListByHotelId', { hotel_id: 'abc' }, bearer(token)),
        400,
        'FIELD_INVALID',
        { field: 'hotel_id' },
      );
      expectServiceRefused(
        await service(
          t,
          'GET',
          '/linQuan/getRoomListByHotelId',
          { hotel_id: t.ids.hotelId, limit: 500 },
          bearer(token),
        ),
        400,
        'FIELD_INVALID',
        { field: 'limit' },
      );
    });

    it('refuses without a token, with an unknown one, after 2 hours, and at once after the key is revoked', async () => {
      const q = { hotel_id: t.ids.hotelId };
      expectServiceRefused(await service(t, 'GET', '/linQuan/getRoomListByHotelId', q), 401, 'LOGIN_EXPIRED');
      expectServiceRefused(
        await service(t, 'GET', '/linQuan/getRoomListByHotelId', q, bearer('ldt_nope')),
        401,
        'LOGIN_EXPIRED',
      );
      const second = (await signIn(made.key)).token;
      t.clock.advance(2 * HOUR + 1000);
      expectServiceRefused(
        await service(t, 'GET', '/linQuan/getRoomListByHotelId', q, bearer(token)),
        401,
        'LOGIN_EXPIRED',
      );
      const fresh = (await signIn(made.key)).token;
      serviceOk(await service(t, 'GET', '/linQuan/getRoomListByHotelId', q, bearer(fresh)));
      ok(await t.call('user/apiKeyDel', { id: made.id }, { token: superToken }));
      expectServiceRefused(
        await service(t, 'GET', '/linQuan/getRoomListByHotelId', q, bearer(fresh)),
        401,
        'LOGIN_EXPIRED',
      );
      expectServiceRefused(
        await service(t, 'GET', '/linQuan/getRoomListByHotelId', q, bearer(second)),
        401,
        'LOGIN_EXPIRED',
      );
    });

    it('refuses a revoked key’s token with API_KEY_INVALID while its row is still there', async () => {
      await t.db
        .updateTable('api_keys')
        .set({ revoked_at: new Date(t.clock.ms) })
        .where('id', '=', made.id)
        .execute();
      expectServiceRefused(
        await service(t, 'POST', '/linQuan/getAuthorizationRecord', {}, bearer(token)),
        401,
        'API_KEY_INVALID',
      );
    });

    const plan = async (body: Record<string, unknown>) =>
      service<{
        id: number;
        card_id: string;
        uid: string;
        writes: { block: number; key: string; data: string }[];
        verify: { block: number; key: string; data: string }[];
        record: Record<string, unknown>;
      }>(t, 'POST', '/linQuan/writeRoomCard', body, bearer(token));

    /** The second step of a card write: the blocks read back from the card, for the card `uid` says it is. */
    const confirm = (id: number, uid: string, blocks: Record<string, string>) =>
      service<{ record: Record<string, unknown> }>(
        t,
        'POST',
        '/linQuan/writeRoomCard',
        { step: 'confirm', id, card_uid: uid, blocks },
        bearer(token),
      );

    /** A card of room 1105 valid for a day, planned and written on a new card (not yet confirmed). */
    const plannedAndWritten = async (uid: string) => {
      const card = new VirtualCard(uid);
      const planned = serviceOk(
        await plan({
          room_id: t.ids.rooms['1105'],
          card_uid: card.uid,
          end_time: Math.floor((t.clock.ms + DAY) / 1000),
        }),
      );
      card.run(planned.writes);
      return { card, planned };
    };

    it('writes a room card in two steps: a correct read-back issues it, as the key, logged with its prefix', async () => {
      const card = new VirtualCard('04A1B2C3');
      const start = Math.floor(t.clock.ms / 1000);
      const planned = serviceOk(
        await plan({
          room_id: t.ids.rooms['1105'],
          card_uid: card.uid,
          start_time: start,
          end_time: start + 86_400,
          guest_name: 'Ms Guest',
        }),
      );
      expect(planned.record).toMatchObject({
        status: 'pending',
        room_name: '1105',
        guest_name: 'Ms Guest',
        key_prefix: made.prefix,
      });
      expect(planned.writes.map((w) => w.block)).toEqual(expect.arrayContaining([4, 5, 6, 53, 54]));
      card.run(planned.writes);
      const confirmed = serviceOk(await confirm(planned.id, card.uid, card.readBack(planned.verify)));
      expect(confirmed.record).toMatchObject({ id: planned.id, status: 'issued', end_time: start + 86_400 });
      const row = await t.db
        .selectFrom('cards')
        .selectAll()
        .where('id', '=', planned.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'issued',
        issued_by: t.ids.users.super,
        room_id: t.ids.rooms['1105'],
      });
      const log = await t.db
        .selectFrom('operation_log')
        .selectAll()
        .where('path', '=', 'linQuan/writeRoomCard')
        .orderBy('id')
        .execute();
      expect(log.map((l) => l.summary)).toEqual([
        `API key ${made.prefix}: room card ${planned.card_id} (room 1105) planned for UID 04A1B2C3`,
        `API key ${made.prefix}: room card ${planned.card_id} (room 1105) issued on UID 04A1B2C3`,
      ]);
      expect(log[0]?.room_ids).toEqual([t.ids.rooms['1105']]);
      expect(log[0]?.user_id).toBe(t.ids.users.super);
    });

    it('never records a card whose read-back differs: 409 CARD_WRITE_UNVERIFIED, still pending, then void', async () => {
      const { card, planned } = await plannedAndWritten('04A1B2C4');
      const read = card.readBack(planned.verify);
      read['5'] = '0'.repeat(32);
      expectServiceRefused(await confirm(planned.id, card.uid, read), 409, 'CARD_WRITE_UNVERIFIED');
      expectServiceRefused(
        await confirm(planned.id, '04FFFFFF', card.readBack(planned.verify)),
        409,
        'WRONG_CARD',
      );
      expect(
        (
          await t.db
            .selectFrom('cards')
            .select('status')
            .where('id', '=', planned.id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('pending');
      t.clock.advance(121_000);
      expectServiceRefused(
        await confirm(planned.id, card.uid, card.readBack(planned.verify)),
        409,
        'CARD_ISSUE_EXPIRED',
      );
      const records = serviceOk(
        await service<{ list: { status: string }[] }>(
          t,
          'POST',
          '/linQuan/getAuthorizationRecord',
          {},
          bearer(token),
        ),
      );
      expect(records.list.map((r) => r.status)).toEqual(['void']);
    });

    it('writes a card for a stay with the stay’s period and guest', async () => {
      const stay = await t.db
        .selectFrom('stays')
        .selectAll()
        .where('room_id', '=', t.ids.rooms['1101'] as number)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      const planned = serviceOk(
        await plan({ room_id: t.ids.rooms['1101'], stay_id: stay.id, card_uid: '04A1B2C5' }),
      );
      expect(planned.record).toMatchObject({
        stay_id: stay.id,
        guest_name: 'Li Wei',
        start_time: Math.floor(stay.check_in.getTime() / 1000),
        end_time: Math.floor(stay.check_out.getTime() / 1000),
      });
      expectServiceRefused(
        await plan({ room_id: t.ids.rooms['1102'], stay_id: stay.id, card_uid: '04A1B2C5' }),
        404,
        'NOT_FOUND',
      );
    });

    it('refuses bad plans in the catalogue’s words, never a 500', async () => {
      const end = Math.floor((t.clock.ms + DAY) / 1000);
      const room = t.ids.rooms['1105'];
      expectServiceRefused(await plan({ room_id: room, end_time: end }), 400, 'FIELD_REQUIRED', {
        field: 'card_uid',
      });
      expectServiceRefused(
        await plan({ room_id: room, card_uid: 'XYZ', end_time: end }),
        400,
        'FIELD_INVALID',
        { field: 'card_uid' },
      );
      expectServiceRefused(await plan({ card_uid: '04A1B2C3', end_time: end }), 400, 'FIELD_REQUIRED', {
        field: 'room_id',
      });
      expectServiceRefused(await plan({ room_id: room, card_uid: '04A1B2C3' }), 400, 'CARD_EXPIRY_REQUIRED', {
        field: 'end_time',
      });
      expectServiceRefused(
        await plan({ room_id: room, card_uid: '04A1B2C3', end_time: 'soon' }),
        400,
        'FIELD_INVALID',
        { field: 'end_time' },
      );
      expectServiceRefused(
        await plan({ room_id: room, card_uid: '04A1B2C3', end_time: end - 2 * 86_400 }),
        400,
        'EXPIRATION_NOT_FUTURE',
        { field: 'end_time' },
      );
      expectServiceRefused(
        await plan({ room_id: room, card_uid: '04A1B2C3', start_time: end + 10, end_time: end }),
        400,
        'END_BEFORE_START',
        { field: 'end_time' },
      );
      expectServiceRefused(
        await plan({ room_id: room, card_uid: '04A1B2C3', step: 'later', end_time: end }),
        400,
        'FIELD_INVALID',
        { field: 'step' },
      );
      expectServiceRefused(await plan({ step: 'confirm', card_uid: '04A1B2C3' }), 400, 'FIELD_REQUIRED', {
        field: 'id',
      });
      expectServiceRefused(
        await plan({ step: 'confirm', id: 1, card_uid: '04A1B2C3', blocks: { 4: 'zz' } }),
        404,
        'NOT_FOUND',
      );
      expectServiceRefused(
        await service(t, 'POST', '/linQuan/writeRoomCard', '[', bearer(token)),
        400,
        'DATA_PARSE_FAILED',
      );
      const other = await addOtherHotel(t.db, t.clock.ms);
      expectServiceRefused(
        await plan({ room_id: other.roomId, card_uid: '04A1B2C3', end_time: end }),
        404,
        'NOT_FOUND',
      );
      expect(await t.db.selectFrom('card_service_cards').selectAll().execute()).toEqual([]);
    });

    it('deletes a card written through the API (the lock learns it), once; records list it with its state', async () => {
      const { card, planned } = await plannedAndWritten('04A1B2C6');
      serviceOk(await confirm(planned.id, card.uid, card.readBack(planned.verify)));
      const deleted = serviceOk(
        await service<Record<string, unknown>>(
          t,
          'POST',
          '/linQuan/deleteRoomCard',
          { card_id: planned.card_id },
          bearer(token),
        ),
      );
      expect(deleted).toMatchObject({ id: planned.id, status: 'deleted', lock_sync: 'pending' });
      const sync = await t.db
        .selectFrom('card_lock_sync')
        .selectAll()
        .where('card_id', '=', planned.id)
        .execute();
      expect(sync.map((s) => [s.room_id, s.action])).toEqual([[t.ids.rooms['1105'], 'delete']]);
      // Deleting it again says what it is: already deleted, not "not a card of this hotel".
      expectServiceRefused(
        await service(t, 'POST', '/linQuan/deleteRoomCard', { id: planned.id }, bearer(token)),
        409,
        'CARD_ALREADY_DELETED',
      );
      expectServiceRefused(
        await service(t, 'POST', '/linQuan/deleteRoomCard', { id: 999_999 }, bearer(token)),
        404,
        'NOT_FOUND',
      );
      expectServiceRefused(
        await service(t, 'POST', '/linQuan/deleteRoomCard', {}, bearer(token)),
        400,
        'FIELD_REQUIRED',
        { field: 'id' },
      );
      expectServiceRefused(
        await service(t, 'POST', '/linQuan/deleteRoomCard', { card_id: 'A1' }, bearer(token)),
        400,
        'FIELD_INVALID',
        { field: 'card_id' },
      );
      const records = serviceOk(
        await service<{ list: Record<string, unknown>[]; total: number }>(
          t,
          'POST',
          '/linQuan/getAuthorizationRecord',
          { status: 'deleted' },
          bearer(token),
        ),
      );
      expect(records.total).toBe(1);
      expect(records.list[0]).toMatchObject({
        id: planned.id,
        status: 'deleted',
        key_prefix: made.prefix,
        room_name: '1105',
      });
      expectServiceRefused(
        await service(t, 'POST', '/linQuan/getAuthorizationRecord', { status: 'gone' }, bearer(token)),
        400,
        'FIELD_INVALID',
        { field: 'status' },
      );
      serviceOk(await service(t, 'POST', '/linQuan/getAuthorizationRecord', null, bearer(token)));
    });

    it('refuses deleting a card no longer issued with its real state: withdrawn, never issued', async () => {
      const { card, planned } = await plannedAndWritten('04A1B2C8');
      serviceOk(await confirm(planned.id, card.uid, card.readBack(planned.verify)));
      ok(await t.call('passenger/deleteCardByCardId', { card_id: planned.card_id }, { token: superToken }));
      expectServiceRefused(
        await service(t, 'POST', '/linQuan/deleteRoomCard', { card_id: planned.card_id }, bearer(token)),
        409,
        'CARD_ALREADY_WITHDRAWN',
      );
      // A plan never confirmed becomes void once it expires.
      const never = await plannedAndWritten('04A1B2C9');
      t.clock.advance(121_000);
      expectServiceRefused(
        await service(t, 'POST', '/linQuan/deleteRoomCard', { id: never.planned.id }, bearer(token)),
        409,
        'CARD_NEVER_ISSUED',
      );
    });

    it('does not delete a card the console issued', async () => {
      const stay = await t.db
        .selectFrom('stays')
        .select('id')
        .where('room_id', '=', t.ids.rooms['1101'] as number)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      const consolePlan = ok(
        await t.call<{ id: number }>(
          'room/sendCard',
          { stay_id: stay.id, card_uid: '04A1B2C7' },
          { token: superToken },
        ),
      );
      expectServiceRefused(
        await service(t, 'POST', '/linQuan/deleteRoomCard', { id: consolePlan.id }, bearer(token)),
        404,
        'NOT_FOUND',
      );
    });
  });
});

describeEachDatabase(
  'card-service login rate limit',
  (t) => {
    beforeAll(() => t.reset());
    it('refuses the 4th login a minute from one address with 429', async () => {
      for (let i = 0; i < 3; i++)
        expectServiceRefused(
          await service(t, 'POST', '/auth/login', { api_key: 'nope' }),
          401,
          'API_KEY_INVALID',
        );
      expectServiceRefused(
        await service(t, 'POST', '/auth/login', { api_key: 'nope' }),
        429,
        'TOO_MANY_ATTEMPTS',
      );
    });
  },
  { publicCallsPerMinute: 3 },
);
