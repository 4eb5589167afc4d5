import { ERRNO, errorText } from '@lockdesk/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/password.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { outboxSmsProvider } from '../src/services/sms.js';
import { describeEachDatabase, latestSmsCode } from './helpers.js';

const DAY = 86_400_000;
const msg = errorText;

describeEachDatabase('account', (t) => {
  beforeEach(() => t.reset());

  const login = (body: Record<string, unknown>, uuid = 'client-a') =>
    t.call<Record<string, unknown>>('login', body, { uuid });
  const captchaCode = async (captchaId: string) =>
    (await t.db.selectFrom('captchas').select('code').where('id', '=', captchaId).executeTakeFirstOrThrow())
      .code;

  describe('login', () => {
    it('answers the token and the account', async () => {
      const res = await login({ mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD });
      expect(res.errno).toBe(0);
      expect(res.data).toMatchObject({
        uid: t.ids.users.super,
        mobile: DEMO_ACCOUNTS.super,
        role: 'super',
        hotel_id: t.ids.hotelId,
        hotel_name: 'LockDesk Demo Hotel',
        hotelInfo: true,
        serviceWarning: null,
      });
      expect(typeof res.data['token']).toBe('string');
      const log = await t.db.selectFrom('operation_log').selectAll().execute();
      expect(log).toMatchObject([{ path: 'login', user_id: t.ids.users.super, client_uuid: 'client-a' }]);
    });

    it('accepts an email account, case-insensitively', async () => {
      await t.db
        .updateTable('users')
        .set({ email: 'owner@hotel.test' })
        .where('id', '=', t.ids.users.super)
        .execute();
      const res = await login({ mobile: 'Owner@Hotel.TEST', password: DEMO_PASSWORD });
      expect(res.errno).toBe(0);
    });

    it('checks the fields (spec §5)', async () => {
      expect((await login({ password: DEMO_PASSWORD })).errmsg).toBe(msg('ACCOUNT_INVALID'));
      expect((await login({ mobile: '12345', password: DEMO_PASSWORD })).errmsg).toBe(msg('ACCOUNT_INVALID'));
      expect((await login({ mobile: DEMO_ACCOUNTS.super })).errmsg).toBe(msg('PASSWORD_TOO_SHORT'));
      expect((await login({ mobile: DEMO_ACCOUNTS.super, password: '12345' })).errmsg).toBe(
        msg('PASSWORD_TOO_SHORT'),
      );
      expect(
        (await login({ mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD, code: '12a4' })).errmsg,
      ).toBe(msg('GRAPHIC_CODE_INVALID'));
    });

    it('refuses a wrong password and an unknown account alike', async () => {
      const wrong = await login({ mobile: DEMO_ACCOUNTS.super, password: 'wrong-pass' });
      const unknown = await login({ mobile: '13111111111', password: 'wrong-pass' }, 'client-b');
      expect(wrong).toMatchObject({ errno: 1, errmsg: msg('PASSWORD_INCORRECT'), data: { needCode: false } });
      expect(unknown).toMatchObject({ errno: 1, errmsg: msg('PASSWORD_INCORRECT') });
    });

    it('requires the graphic code after 3 failures within 15 minutes, and checks it', async () => {
      for (let i = 0; i < 3; i++) await login({ mobile: DEMO_ACCOUNTS.super, password: 'wrong-pass' });
      const need = await login({ mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD });
      expect(need).toMatchObject({ errmsg: msg('GRAPHIC_CODE_REQUIRED'), data: { needCode: true } });

      const captcha = await t.call<{ captchaId: string; image: string }>('captcha', {}, { uuid: 'client-a' });
      expect(captcha.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
      const code = await captchaCode(captcha.data.captchaId);
      const svg = Buffer.from(captcha.data.image.split(',')[1] ?? '', 'base64').toString();
      expect(svg).not.toContain(code);
      const bad = (Number(code) + 1) % 10_000;
      const wrongCode = await login({
        mobile: DEMO_ACCOUNTS.super,
        password: DEMO_PASSWORD,
        code: String(bad).padStart(4, '0'),
      });
      expect(wrongCode.errmsg).toBe(msg('VERIFICATION_CODE_INCORRECT'));

      // A code is single use: the failed check spent it.
      const again = await login({ mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD, code });
      expect(again.errmsg).toBe(msg('VERIFICATION_CODE_INCORRECT'));

      const fresh = await t.call<{ captchaId: string }>('captcha', {}, { uuid: 'client-a' });
      const ok = await login({
        mobile: DEMO_ACCOUNTS.super,
        password: DEMO_PASSWORD,
        code: await captchaCode(fresh.data.captchaId),
        captchaId: fresh.data.captchaId,
      });
      expect(ok.errno).toBe(0);
    });

    it('counts failures per client too, and forgets them after 15 minutes', async () => {
      for (const m of ['13111111111', '13111111112', '13111111113'])
        await login({ mobile: m, password: 'wrong-pass' }, 'client-x');
      const need = await login({ mobile: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD }, 'client-x');
      expect(need.errmsg).toBe(msg('GRAPHIC_CODE_REQUIRED'));
      t.clock.advance(15 * 60_000 + 1);
      expect((await login({ mobile: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD }, 'client-x')).errno).toBe(
        0,
      );
    });

    it('counts a caller without a uuid header by its address', async () => {
      const noUuid = (body: Record<string, unknown>) => t.call<Record<string, unknown>>('login', body);
      for (const m of ['13111111111', '13111111112', '13111111113'])
        await noUuid({ mobile: m, password: 'wrong-pass' });
      const need = await noUuid({ mobile: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD });
      expect(need).toMatchObject({ errmsg: msg('GRAPHIC_CODE_REQUIRED'), data: { needCode: true } });
      // Its graphic code is then found by the captchaId it was given.
      const captcha = await t.call<{ captchaId: string }>('captcha', {});
      const ok = await noUuid({
        mobile: DEMO_ACCOUNTS.staff,
        password: DEMO_PASSWORD,
        code: await captchaCode(captcha.data.captchaId),
        captchaId: captcha.data.captchaId,
      });
      expect(ok.errno).toBe(0);
    });

    it('locks the account after 10 failures within 15 minutes', async () => {
      for (let i = 0; i < 10; i++) {
        const uuid = `c${i}`;
        const captcha = await t.call<{ captchaId: string }>('captcha', {}, { uuid });
        await login(
          {
            mobile: DEMO_ACCOUNTS.super,
            password: 'wrong-pass',
            code: await captchaCode(captcha.data.captchaId),
          },
          uuid,
        );
      }
      const locked = await login({ mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD }, 'other');
      expect(locked.errmsg).toBe(msg('TOO_MANY_ATTEMPTS'));
      t.clock.advance(15 * 60_000 + 1);
      expect((await login({ mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD }, 'other')).errno).toBe(0);
    });

    it('refuses a frozen account', async () => {
      await t.db.updateTable('users').set({ frozen: true }).where('id', '=', t.ids.users.staff).execute();
      const res = await login({ mobile: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD });
      expect(res.errmsg).toBe(msg('ACCOUNT_FROZEN'));
    });

    it('refuses an expired service with the customer manager mobile, also for the hotel staff', async () => {
      await t.db
        .updateTable('users')
        .set({ service_expires_at: new Date(t.clock.ms - DAY) })
        .where('id', '=', t.ids.users.super)
        .execute();
      for (const mobile of [DEMO_ACCOUNTS.super, DEMO_ACCOUNTS.staff]) {
        const res = await login({ mobile, password: DEMO_PASSWORD });
        expect(res).toMatchObject({
          errno: 1,
          errmsg: msg('SERVICE_EXPIRED', { parentMobile: DEMO_ACCOUNTS.customerManager }),
          data: { parentMobile: DEMO_ACCOUNTS.customerManager },
        });
      }
    });

    it('ends the sessions of an expired service on their next call, naming the customer manager', async () => {
      const superToken = await t.login(DEMO_ACCOUNTS.super);
      const staffToken = await t.login(DEMO_ACCOUNTS.staff);
      const secondary = await t.login(DEMO_ACCOUNTS.secondary);
      expect((await t.call('room/hotelInfo', {}, { token: staffToken })).errno).toBe(0);
      await t.db
        .updateTable('users')
        .set({ service_expires_at: new Date(t.clock.ms + 60_000) })
        .where('id', '=', t.ids.users.super)
        .execute();
      expect((await t.call('room/listNew', {}, { token: superToken })).errno).toBe(0);
      t.clock.advance(60_000);
      for (const token of [superToken, staffToken]) {
        const res = await t.call('room/listNew', {}, { token, language: 'chs' });
        expect(res).toMatchObject({
          errno: 1,
          errmsg: messageFor('chs', 'SERVICE_EXPIRED', { parentMobile: DEMO_ACCOUNTS.customerManager }),
          data: { parentMobile: DEMO_ACCOUNTS.customerManager },
        });
      }
      // An account's own validity ends its session the same way.
      await t.db
        .updateTable('users')
        .set({ service_expires_at: null })
        .where('id', '=', t.ids.users.super)
        .execute();
      expect((await t.call('room/hotelInfo', {}, { token: secondary })).errno).toBe(0);
      await t.db
        .updateTable('users')
        .set({ valid_until: new Date(t.clock.ms) })
        .where('id', '=', t.ids.users.secondary)
        .execute();
      expect((await t.call('room/hotelInfo', {}, { token: secondary })).errmsg).toBe(
        msg('SERVICE_EXPIRED', { parentMobile: DEMO_ACCOUNTS.customerManager }),
      );
      expect((await t.call('room/hotelInfo', {}, { token: superToken })).errno).toBe(0);
    });

    it('refuses an account past its own validity', async () => {
      await t.db
        .updateTable('users')
        .set({ valid_until: new Date(t.clock.ms - 1000) })
        .where('id', '=', t.ids.users.staff)
        .execute();
      const res = await login({ mobile: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD });
      expect(res.errmsg).toBe(msg('SERVICE_EXPIRED', { parentMobile: DEMO_ACCOUNTS.customerManager }));
    });

    it('warns when the service ends within 30 days', async () => {
      await t.db
        .updateTable('users')
        .set({ service_expires_at: new Date(t.clock.ms + 12 * DAY - 1000) })
        .where('id', '=', t.ids.users.super)
        .execute();
      const res = await t.call<{ serviceWarning: unknown }>(
        'login',
        { mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD },
        { language: 'de' },
      );
      expect(res.data.serviceWarning).toEqual({
        days: 12,
        parentMobile: DEMO_ACCOUNTS.customerManager,
        message: messageFor('de', 'SERVICE_EXPIRING', {
          days: 12,
          parentMobile: DEMO_ACCOUNTS.customerManager,
        }),
      });
    });
  });

  describe('setting/updatePassword', () => {
    it('checks the old password, the length and the confirmation', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const call = (body: Record<string, unknown>) => t.call('setting/updatePassword', body, { token });
      expect((await call({ oldPassword: 'wrong-pass', newPassword: 'n3wpass1' })).errmsg).toBe(
        msg('PASSWORD_INCORRECT'),
      );
      expect((await call({ oldPassword: DEMO_PASSWORD, newPassword: 'abc' })).errmsg).toBe(
        msg('PASSWORD_TOO_SHORT'),
      );
      expect((await call({ oldPassword: DEMO_PASSWORD })).errmsg).toBe(msg('PASSWORD_TOO_SHORT'));
      // Characters, not UTF-16 units, as the console counts them (protocol rules).
      expect((await call({ oldPassword: DEMO_PASSWORD, newPassword: '🔑🔑🔑' })).errmsg).toBe(
        msg('PASSWORD_TOO_SHORT'),
      );
      expect(
        (await call({ oldPassword: DEMO_PASSWORD, newPassword: 'n3wpass1', confirmPassword: 'n3wpass2' }))
          .errmsg,
      ).toBe(msg('FIELD_INVALID', { field: 'confirmPassword' }));
    });

    it('stores a scrypt hash and the new password logs in', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      await t.call(
        'setting/updatePassword',
        { oldPassword: DEMO_PASSWORD, newPassword: 'n3wpass1' },
        { token },
      );
      const row = await t.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', t.ids.users.super)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(await verifyPassword('n3wpass1', row.password_hash)).toBe(true);
      expect((await login({ mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD })).errmsg).toBe(
        msg('PASSWORD_INCORRECT'),
      );
      expect((await login({ mobile: DEMO_ACCOUNTS.super, password: 'n3wpass1' })).errno).toBe(0);
    });
  });

  describe('password recovery by SMS', () => {
    const outboxCode = () => latestSmsCode(t.db);

    it('sends a code through the outbox, at most once a minute per mobile', async () => {
      expect((await t.call('getBack/sendMsg', { mobile: '1380013800' })).errmsg).toBe(msg('MOBILE_INVALID'));
      expect((await t.call('getBack/sendMsg', {})).errmsg).toBe(msg('MOBILE_INVALID'));
      expect((await t.call('getBack/sendMsg', { mobile: '13111111111' })).errmsg).toBe(
        msg('ACCOUNT_NOT_FOUND'),
      );
      const sent = await t.call('getBack/sendMsg', { mobile: DEMO_ACCOUNTS.super });
      expect(sent).toMatchObject({ errno: 0, data: { sent: true, resend_after: 60, expires_in: 300 } });
      expect(await outboxCode()).toMatch(/^\d{6}$/);
      t.clock.advance(30_000);
      expect(await t.call('getBack/sendMsg', { mobile: DEMO_ACCOUNTS.super })).toMatchObject({
        errmsg: msg('SMS_TOO_FREQUENT'),
        data: { wait: 30 },
      });
      t.clock.advance(30_001);
      expect((await t.call('getBack/sendMsg', { mobile: DEMO_ACCOUNTS.super })).errno).toBe(0);
    });

    it('writes the message to the log as well as to the outbox', async () => {
      const logged: unknown[] = [];
      const log = { info: (obj: unknown) => logged.push(obj) } as unknown as FastifyBaseLogger;
      await outboxSmsProvider(t.db, log).send(DEMO_ACCOUNTS.staff, 'code 123456');
      expect(logged).toEqual([{ sms: { mobile: DEMO_ACCOUNTS.staff, text: 'code 123456' } }]);
      const row = await t.db
        .selectFrom('sms_outbox')
        .select(['mobile', 'text', 'provider'])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ mobile: DEMO_ACCOUNTS.staff, text: 'code 123456', provider: 'outbox' });
    });

    it('sends one code when several requests for a mobile arrive at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => t.call('getBack/sendMsg', { mobile: DEMO_ACCOUNTS.super })),
      );
      expect(answers.filter((a) => a.errno === 0)).toHaveLength(1);
      expect(new Set(answers.filter((a) => a.errno !== 0).map((a) => a.errmsg))).toEqual(
        new Set([msg('SMS_TOO_FREQUENT')]),
      );
      const codes = await t.db.selectFrom('sms_codes').select('id').execute();
      expect(codes).toHaveLength(1);
      expect(await t.db.selectFrom('sms_outbox').select('id').execute()).toHaveLength(1);
    });

    it('checks the reset fields', async () => {
      const reset = (body: Record<string, unknown>) =>
        t.call('getBack/reset', {
          mobile: DEMO_ACCOUNTS.super,
          code: '123456',
          password: 'r3setpass',
          ...body,
        });
      expect((await reset({ mobile: undefined })).errmsg).toBe(msg('MOBILE_INVALID'));
      expect((await reset({ mobile: '12345678901' })).errmsg).toBe(msg('MOBILE_INVALID'));
      expect((await reset({ code: '' })).errmsg).toBe(msg('SMS_CODE_REQUIRED'));
      expect((await reset({ code: 'abc' })).errmsg).toBe(msg('SMS_CODE_INCORRECT'));
      expect((await reset({ password: '12345' })).errmsg).toBe(msg('PASSWORD_TOO_SHORT'));
      expect((await reset({ password: undefined })).errmsg).toBe(msg('PASSWORD_TOO_SHORT'));
      // No code was ever sent to this mobile.
      expect((await reset({})).errmsg).toBe(msg('SMS_CODE_INCORRECT'));
      expect((await reset({ mobile: '13111111111' })).errmsg).toBe(msg('SMS_CODE_INCORRECT'));
    });

    it('resets the password with the code and ends every session', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      await t.call('getBack/sendMsg', { mobile: DEMO_ACCOUNTS.super });
      const code = await outboxCode();
      const reset = (body: Record<string, unknown>) =>
        t.call('getBack/reset', { mobile: DEMO_ACCOUNTS.super, password: 'r3setpass', ...body });
      expect((await reset({})).errmsg).toBe(msg('SMS_CODE_REQUIRED'));
      expect((await reset({ code: code === '000000' ? '000001' : '000000' })).errmsg).toBe(
        msg('SMS_CODE_INCORRECT'),
      );
      expect((await reset({ code, confirmPassword: 'other-pass' })).errmsg).toBe(
        msg('FIELD_INVALID', { field: 'confirmPassword' }),
      );
      expect(await reset({ code })).toMatchObject({ errno: 0, data: { revoked_sessions: 1 } });
      expect((await t.call('room/hotelInfo', {}, { token })).errno).toBe(ERRNO.sessionRevoked);
      expect((await login({ mobile: DEMO_ACCOUNTS.super, password: 'r3setpass' })).errno).toBe(0);
      // The code is spent.
      expect((await reset({ code })).errmsg).toBe(msg('SMS_CODE_INCORRECT'));
    });

    it('refuses an expired code, and a code after 5 wrong tries', async () => {
      await t.call('getBack/sendMsg', { mobile: DEMO_ACCOUNTS.staff });
      const code = await outboxCode();
      t.clock.advance(5 * 60_000 + 1);
      const late = await t.call('getBack/reset', {
        mobile: DEMO_ACCOUNTS.staff,
        code,
        password: 'r3setpass',
      });
      expect(late.errmsg).toBe(msg('SMS_CODE_INCORRECT'));

      await t.call('getBack/sendMsg', { mobile: DEMO_ACCOUNTS.staff });
      const fresh = await outboxCode();
      const wrong = fresh === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i++)
        await t.call('getBack/reset', { mobile: DEMO_ACCOUNTS.staff, code: wrong, password: 'r3setpass' });
      const blocked = await t.call('getBack/reset', {
        mobile: DEMO_ACCOUNTS.staff,
        code: fresh,
        password: 'r3setpass',
      });
      expect(blocked.errmsg).toBe(msg('SMS_CODE_INCORRECT'));
    });
  });

  describe('user/setManager', () => {
    it('adds a secondary administrator with rooms, who then sees only those rooms', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const rooms = [t.ids.rooms['2101'], t.ids.rooms['2102']] as number[];
      const res = await t.call(
        'user/setManager',
        {
          mobile: '13700000001',
          nickname: 'East wing',
          password: 'initpass',
          authorities: ['price.manage'],
          room_ids: rooms,
        },
        { token },
      );
      expect(res).toMatchObject({
        errno: 0,
        data: {
          mobile: '13700000001',
          role: 'secondary',
          authorities: ['price.manage'],
          room_ids: rooms,
          created: true,
        },
      });
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('mobile', '=', '13700000001')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        hotel_id: t.ids.hotelId,
        created_by: t.ids.users.super,
        role: 'secondary',
      });
      expect((await login({ mobile: '13700000001', password: 'initpass' })).errno).toBe(0);

      // Updating the same manager replaces the rooms.
      const again = await t.call(
        'user/setManager',
        { mobile: '13700000001', room_ids: [t.ids.rooms['2103']] },
        { token },
      );
      expect(again).toMatchObject({ errno: 0, data: { room_ids: [t.ids.rooms['2103']], created: false } });
    });

    it('checks the fields', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const call = (body: Record<string, unknown>) => t.call('user/setManager', body, { token });
      expect((await call({})).errmsg).toBe(msg('MOBILE_INVALID'));
      expect((await call({ mobile: '23700000001' })).errmsg).toBe(msg('MOBILE_INVALID'));
      expect((await call({ mobile: '13700000001', nickname: 'x'.repeat(33) })).errmsg).toBe(
        msg('NICKNAME_TOO_LONG'),
      );
      expect((await call({ mobile: '13700000001', password: '123' })).errmsg).toBe(msg('PASSWORD_TOO_SHORT'));
      expect((await call({ mobile: '13700000001', authorities: ['root'] })).errmsg).toBe(
        msg('FIELD_INVALID', { field: 'authorities' }),
      );
      expect((await call({ mobile: '13700000001', room_ids: [999_999] })).errmsg).toBe(msg('NOT_FOUND'));
      expect((await call({ mobile: DEMO_ACCOUNTS.staff })).errmsg).toBe(msg('ACCOUNT_EXISTS'));
    });

    it('is for the super administrator only', async () => {
      for (const mobile of [DEMO_ACCOUNTS.secondary, DEMO_ACCOUNTS.staff]) {
        const token = await t.login(mobile);
        const res = await t.call('user/setManager', { mobile: '13700000001' }, { token });
        expect(res.errmsg).toBe(msg('PERMISSION_DENIED'));
      }
    });
  });
});
