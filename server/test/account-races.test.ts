/**
 * The account guards under parallel calls: an attacker who sends many requests at once must get no more tries than
 * one who sends them one by one (SMS code tries, graphic code use, login captcha and lockout).
 */
import { errorText } from '@lockdesk/protocol';
import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo.js';
import { describeEachDatabase, latestSmsCode } from './helpers.js';

const msg = errorText;

describeEachDatabase('account guards under parallel calls', (t) => {
  beforeEach(() => t.reset());

  const outboxCode = () => latestSmsCode(t.db);

  it('checks at most 5 guesses of an SMS code, however many arrive at once', async () => {
    await t.call('getBack/sendMsg', { mobile: DEMO_ACCOUNTS.super });
    const code = await outboxCode();
    // 29 wrong guesses and, last, the right code: sent one by one, the 6th guess is already refused.
    const guesses = Array.from({ length: 29 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    guesses.push(code);
    const answers = await Promise.all(
      guesses.map((c) =>
        t.call('getBack/reset', { mobile: DEMO_ACCOUNTS.super, code: c, password: 'hijacked1' }),
      ),
    );
    expect(answers.every((a) => a.errmsg === msg('SMS_CODE_INCORRECT'))).toBe(true);
    const row = await t.db
      .selectFrom('sms_codes')
      .select('attempts')
      .where('mobile', '=', DEMO_ACCOUNTS.super)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(5);
    // The password did not change.
    expect((await t.call('login', { mobile: DEMO_ACCOUNTS.super, password: 'hijacked1' })).errno).not.toBe(0);
  });

  it('lets one right SMS code reset the password once, even when sent twice at once', async () => {
    await t.call('getBack/sendMsg', { mobile: DEMO_ACCOUNTS.staff });
    const code = await outboxCode();
    const answers = await Promise.all(
      ['first-pass1', 'second-pass2'].map((password) =>
        t.call('getBack/reset', { mobile: DEMO_ACCOUNTS.staff, code, password }),
      ),
    );
    expect(answers.filter((a) => a.errno === 0)).toHaveLength(1);
  });

  it('spends a graphic code on its first check, even when it is sent with many logins at once', async () => {
    const uuid = 'client-r';
    const captcha = await t.call<{ captchaId: string }>('captcha', {}, { uuid });
    const code = (
      await t.db
        .selectFrom('captchas')
        .select('code')
        .where('id', '=', captcha.data.captchaId)
        .executeTakeFirstOrThrow()
    ).code;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call(
          'login',
          {
            mobile: DEMO_ACCOUNTS.super,
            password: `wrong-pass-${i}`,
            code,
            captchaId: captcha.data.captchaId,
          },
          { uuid },
        ),
      ),
    );
    // One login got past the graphic code (to a wrong password); the other nine found it spent.
    expect(answers.filter((a) => a.errmsg === msg('PASSWORD_INCORRECT'))).toHaveLength(1);
    expect(answers.filter((a) => a.errmsg === msg('VERIFICATION_CODE_INCORRECT'))).toHaveLength(9);
  });

  it('checks at most 3 passwords without a graphic code, however many logins arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('login', { mobile: DEMO_ACCOUNTS.super, password: `guess-${i}` }, { uuid: `tab-${i}` }),
      ),
    );
    const checked = answers.filter((a) => a.errmsg === msg('PASSWORD_INCORRECT'));
    expect(checked.length).toBeLessThanOrEqual(3);
    // The others were refused before their password was checked (graphic code required, or locked while so many
    // logins were in flight), and those refusals count as no failure.
    const refused = answers.filter(
      (a) => a.errmsg === msg('GRAPHIC_CODE_REQUIRED') || a.errmsg === msg('TOO_MANY_ATTEMPTS'),
    );
    expect(refused.length).toBe(20 - checked.length);
    const recorded = await t.db
      .selectFrom('login_attempts')
      .select('id')
      .where('account', '=', DEMO_ACCOUNTS.super)
      .execute();
    expect(recorded).toHaveLength(checked.length);
  });

  it('checks at most 10 passwords within 15 minutes, however many logins arrive at once', async () => {
    // Each guess carries its own solved graphic code, so only the lockout can stop them.
    const solved = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const uuid = `solver-${i}`;
        const captcha = await t.call<{ captchaId: string }>('captcha', {}, { uuid });
        const row = await t.db
          .selectFrom('captchas')
          .select('code')
          .where('id', '=', captcha.data.captchaId)
          .executeTakeFirstOrThrow();
        return { uuid, captchaId: captcha.data.captchaId, code: row.code };
      }),
    );
    const answers = await Promise.all(
      solved.map((s, i) =>
        t.call(
          'login',
          {
            mobile: DEMO_ACCOUNTS.super,
            // The right password comes last: among so many guesses it must not be checked as the 11th or later.
            password: i === solved.length - 1 ? DEMO_PASSWORD : `guess-${i}`,
            code: s.code,
            captchaId: s.captchaId,
          },
          { uuid: s.uuid },
        ),
      ),
    );
    const checked = answers.filter((a) => a.errmsg === msg('PASSWORD_INCORRECT') || a.errno === 0);
    expect(checked.length).toBeLessThanOrEqual(10);
    const failures = await t.db
      .selectFrom('login_attempts')
      .select('id')
      .where('account', '=', DEMO_ACCOUNTS.super)
      .where('success', '=', false)
      .execute();
    expect(failures.length).toBeLessThanOrEqual(10);
  });
});
