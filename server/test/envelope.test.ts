import { ERRNO, encryptEnvelope, errorText, LANGUAGE_CODES, translateError } from '@lockdesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { defineCall } from '../src/call.js';
import { openAnswer } from '../src/client.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { failure } from '../src/errors.js';
import { f } from '../src/fields.js';
import { messageFor } from '../src/i18n.js';
import { describeEachDatabase, TEST_SCRYPT_COST } from './helpers.js';

const post = (t: { app: import('fastify').FastifyInstance }, url: string, payload: string, headers = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describeEachDatabase('envelope and session', (t) => {
  beforeEach(() => t.reset());

  describe('undecodable bodies answer DATA_PARSE_FAILED, enveloped, HTTP 200', () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['not JSON', '{nope'],
      ['no data field', '{"language":"en"}'],
      ['data not a string', '{"data":42}'],
      ['data not base64', '{"data":"%%%"}'],
      ['data of a bad length', '{"data":"QUJD"}'],
      ['a JSON array body', '[1,2]'],
      ['an empty body', ''],
      ['text/plain garbage', 'hello', { 'content-type': 'text/plain' }],
    ];
    for (const [name, body, headers] of cases) {
      it(name, async () => {
        const res = await post(t, '/manage/login', body, headers);
        expect(res.statusCode).toBe(200);
        const answer = openAnswer(res.body, res.statusCode);
        expect(answer.errno).toBe(ERRNO.failure);
        expect(answer.errmsg).toBe(errorText('DATA_PARSE_FAILED'));
      });
    }

    it('an envelope made with another key', async () => {
      const sealed = encryptEnvelope({ action: 'manage' }, { key: 'otherkey', iv: 'otheriv!' });
      const res = await post(t, '/manage/login', JSON.stringify({ data: sealed.ok ? sealed.value : '' }));
      expect(openAnswer(res.body, 200).errmsg).toBe(errorText('DATA_PARSE_FAILED'));
    });

    it('a decrypted payload that is not an object, or the wrong action', async () => {
      for (const value of ['text', [1], null, { action: 'other' }]) {
        const sealed = encryptEnvelope(value);
        const res = await post(t, '/manage/login', JSON.stringify({ data: sealed.ok ? sealed.value : '' }));
        expect(openAnswer(res.body, 200).errmsg).toBe(errorText('DATA_PARSE_FAILED'));
      }
    });

    it('a body over the size limit', async () => {
      const res = await post(t, '/manage/login', JSON.stringify({ data: 'A'.repeat(11 * 1024 * 1024) }));
      expect(res.statusCode).toBe(200);
      expect(openAnswer(res.body, 200).errmsg).toBe(errorText('DATA_PARSE_FAILED'));
    });
  });

  it('an unknown call path answers UNKNOWN_CALL naming the path, also for GET', async () => {
    const res = await t.call('no/such/call', {});
    expect(res).toMatchObject({ errno: 1, errmsg: 'Unknown call: no/such/call', status: 200 });
    expect(res.errmsg).toBe(errorText('UNKNOWN_CALL', { path: 'no/such/call' }));
    const get = await t.app.inject({ method: 'GET', url: '/manage/login?x=1' });
    expect(openAnswer(get.body, get.statusCode).errmsg).toBe('Unknown call: GET /manage/login');
  });

  it('an unknown call path is answered in the caller language and cut short', async () => {
    const res = await t.call('room/nope', {}, { language: 'de' });
    expect(res.errmsg).toBe('Unbekannter Aufruf: room/nope');
    const long = await t.call(`x/${'a'.repeat(300)}`, {});
    expect(long.errmsg).toBe(`Unknown call: x/${'a'.repeat(78)}…`);
  });

  it('the path case is forgiven (Order/recharge style)', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const res = await t.call('ROOM/HOTELINFO', {}, { token });
    expect(res.errno).toBe(0);
  });

  describe('100003: no session, unknown or expired', () => {
    it('without a token', async () => {
      const res = await t.call('room/hotelInfo', {});
      expect(res).toMatchObject({ errno: ERRNO.loginExpired, errmsg: errorText('LOGIN_EXPIRED') });
    });
    it('with an unknown token', async () => {
      const res = await t.call('room/hotelInfo', {}, { token: 'x'.repeat(43) });
      expect(res.errno).toBe(ERRNO.loginExpired);
    });
    it('with an expired session', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      t.clock.advance(7 * 86_400_000 + 1);
      const res = await t.call('room/hotelInfo', {}, { token });
      expect(res.errno).toBe(ERRNO.loginExpired);
    });
  });

  describe('9000005: a revoked session', () => {
    it('after sign-out', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      expect((await t.call('logout', {}, { token })).errno).toBe(0);
      const res = await t.call('room/hotelInfo', {}, { token });
      expect(res).toMatchObject({ errno: ERRNO.sessionRevoked, errmsg: errorText('SESSION_REVOKED') });
      const log = await t.db
        .selectFrom('operation_log')
        .select(['path', 'user_id'])
        .where('path', '=', 'logout')
        .execute();
      expect(log).toEqual([{ path: 'logout', user_id: t.ids.users.super }]);
    });

    it('signing out never fails: without a token, with an unknown one, or twice', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      expect((await t.call('logout', {})).errno).toBe(0);
      expect((await t.call('logout', {}, { token: 'y'.repeat(43) })).errno).toBe(0);
      expect((await t.call('logout', {}, { token })).errno).toBe(0);
      expect((await t.call('logout', {}, { token })).errno).toBe(0);
      const log = await t.db
        .selectFrom('operation_log')
        .select('path')
        .where('path', '=', 'logout')
        .execute();
      expect(log).toHaveLength(1);
    });
    it('after a password change elsewhere', async () => {
      const other = await t.login(DEMO_ACCOUNTS.super);
      const mine = await t.login(DEMO_ACCOUNTS.super);
      const change = await t.call(
        'setting/updatePassword',
        { oldPassword: 'demo1234', newPassword: 'n3wpass1', confirmPassword: 'n3wpass1' },
        { token: mine },
      );
      expect(change).toMatchObject({ errno: 0, data: { revoked_sessions: 1 } });
      expect((await t.call('room/hotelInfo', {}, { token: other })).errno).toBe(ERRNO.sessionRevoked);
      expect((await t.call('room/hotelInfo', {}, { token: mine })).errno).toBe(0);
    });
  });

  it('9000003: a uid that is not the session account is refused silently', async () => {
    const token = await t.login(DEMO_ACCOUNTS.super);
    const res = await t.call('room/hotelInfo', {}, { token, uid: t.ids.users.staff });
    expect(res.errno).toBe(ERRNO.silentReject);
    const same = await t.call('room/hotelInfo', {}, { token, uid: String(t.ids.users.super) });
    expect(same.errno).toBe(0);
  });

  it('9000020: too many calls in a minute, without a message; open again once the window slides on', async () => {
    const limited = await buildApp({
      db: t.db,
      logger: false,
      webDist: null,
      scryptCost: TEST_SCRYPT_COST,
      callsPerMinute: 3,
      now: t.clock.now,
    });
    try {
      const { manageCall } = await import('../src/client.js');
      const login = await manageCall<{ token: string }>(limited, 'login', {
        mobile: DEMO_ACCOUNTS.super,
        password: 'demo1234',
      });
      const token = login.data.token;
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push((await manageCall(limited, 'room/hotelInfo', {}, { token })).errno);
      expect(answers).toEqual([0, 0, 0, ERRNO.noMessage]);
      t.clock.advance(90_000);
      expect((await manageCall(limited, 'room/hotelInfo', {}, { token })).errno).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it('9000020: login and the other public calls have a budget per address, whatever account or uuid is sent', async () => {
    const limited = await buildApp({
      db: t.db,
      logger: false,
      webDist: null,
      scryptCost: TEST_SCRYPT_COST,
      publicCallsPerMinute: 3,
      now: t.clock.now,
    });
    try {
      const { manageCall } = await import('../src/client.js');
      const attempt = (i: number) =>
        manageCall(
          limited,
          'login',
          { mobile: `1311111111${i}`, password: 'wrong-pass' },
          { uuid: `made-up-${i}` },
        );
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await attempt(i)).errno);
      expect(answers).toEqual([1, 1, 1, ERRNO.noMessage, ERRNO.noMessage]);
      // Refused before the handler: no attempt was recorded for the refused ones.
      const recorded = await t.db.selectFrom('login_attempts').select('id').execute();
      expect(recorded).toHaveLength(3);
      // Each public call has its own budget; authenticated calls are not held up.
      expect((await manageCall(limited, 'captcha', {})).errno).toBe(0);
      const login = await t.call<{ token: string }>(
        'login',
        { mobile: DEMO_ACCOUNTS.super, password: 'demo1234' },
        { uuid: 'a-real-tab' },
      );
      expect((await manageCall(limited, 'room/hotelInfo', {}, { token: login.data.token })).errno).toBe(0);
      t.clock.advance(120_000);
      expect((await attempt(9)).errno).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('a frozen account is refused on its next call', async () => {
    const token = await t.login(DEMO_ACCOUNTS.staff);
    await t.db.updateTable('users').set({ frozen: true }).where('id', '=', t.ids.users.staff).execute();
    const res = await t.call('room/hotelInfo', {}, { token });
    expect(res).toMatchObject({ errno: 1, errmsg: errorText('ACCOUNT_FROZEN') });
  });

  it('errmsg is in each of the 12 languages', async () => {
    const english = (await t.call('room/hotelInfo', {}, { language: 'en' })).errmsg;
    const seen = new Set<string>();
    for (const language of LANGUAGE_CODES) {
      const res = await t.call('room/hotelInfo', {}, { language });
      expect(res.errmsg).toBe(translateError(language, 'LOGIN_EXPIRED'));
      if (language !== 'en') expect(res.errmsg).not.toBe(english);
      seen.add(res.errmsg);
    }
    expect(seen.size).toBe(12);
  });

  it('errmsg follows the language header, then the body language', async () => {
    for (const language of ['chs', 'de', 'ar', 'en']) {
      const res = await t.call('room/hotelInfo', {}, { language });
      expect(res.errmsg).toBe(messageFor(language as never, 'LOGIN_EXPIRED'));
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/manage/room/hotelInfo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        data: (encryptEnvelope({ action: 'manage' }) as { value: string }).value,
        language: 'ja',
      }),
    });
    expect(openAnswer(res.body, 200).errmsg).toBe(messageFor('ja', 'LOGIN_EXPIRED'));
  });

  it('a transaction call sees its own writes through ctx, and a refusal rolls them back', async () => {
    const app = await buildApp({
      db: t.db,
      logger: false,
      webDist: null,
      scryptCost: TEST_SCRYPT_COST,
      now: t.clock.now,
    });
    try {
      defineCall(app, {
        path: 'test/renameRoom',
        auth: 'user',
        mutates: true,
        transaction: true,
        schema: { room_id: f.id(), name: f.string(), refuse: f.bool({ optional: true }) },
        handler: async (ctx, body) => {
          const room = await ctx.requireRoom(body.room_id, 'room.manage');
          await ctx.db.updateTable('rooms').set({ name: body.name }).where('id', '=', room.id).execute();
          const again = await ctx.requireRoom(body.room_id, 'room.manage');
          if (body.refuse) throw failure('ROOM_NOT_AVAILABLE');
          return { name: again.name };
        },
      });
      const { manageCall } = await import('../src/client.js');
      const login = await manageCall<{ token: string }>(app, 'login', {
        mobile: DEMO_ACCOUNTS.super,
        password: 'demo1234',
      });
      const token = login.data.token;
      const room = t.ids.rooms['1101'] as number;
      const ok = await manageCall(app, 'test/renameRoom', { room_id: room, name: 'Renamed' }, { token });
      expect(ok).toMatchObject({ errno: 0, data: { name: 'Renamed' } });
      const refused = await manageCall(
        app,
        'test/renameRoom',
        { room_id: room, name: 'Other', refuse: true },
        { token },
      );
      expect(refused.errmsg).toBe(errorText('ROOM_NOT_AVAILABLE'));
      const row = await t.db
        .selectFrom('rooms')
        .select('name')
        .where('id', '=', room)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Renamed');
      const log = await t.db
        .selectFrom('operation_log')
        .select(['path', 'errno', 'code'])
        .where('path', '=', 'test/renameRoom')
        .orderBy('id')
        .execute();
      expect(log).toEqual([
        { path: 'test/renameRoom', errno: 0, code: null },
        { path: 'test/renameRoom', errno: 1, code: 'ROOM_NOT_AVAILABLE' },
      ]);
      // Staff may not manage rooms; a room of no hotel of the caller is not found.
      const staff = await manageCall<{ token: string }>(app, 'login', {
        mobile: DEMO_ACCOUNTS.staff,
        password: 'demo1234',
      });
      const denied = await manageCall(
        app,
        'test/renameRoom',
        { room_id: room, name: 'X' },
        { token: staff.data.token },
      );
      expect(denied.errmsg).toBe(errorText('PERMISSION_DENIED'));
      const missing = await manageCall(app, 'test/renameRoom', { room_id: 999_999, name: 'X' }, { token });
      expect(missing.errmsg).toBe(errorText('NOT_FOUND'));
    } finally {
      await app.close();
    }
  });

  it('answers plain JSON when even the envelope cannot be made (misconfigured key)', async () => {
    const broken = await buildApp({
      db: t.db,
      logger: false,
      webDist: null,
      envelopeKeys: { key: 'short', iv: 'x' },
    });
    try {
      const res = await broken.inject({ method: 'POST', url: '/manage/login', payload: '{}' });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({
        errno: 1,
        errmsg: errorText('DATA_PARSE_FAILED'),
        data: null,
      });
    } finally {
      await broken.close();
    }
  });
});
