import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getUserInfo, setUserInfo } from '../../api/session.ts';
import { CAPTCHA_IMAGE, fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderConsole } from '../../test/render.tsx';

const SLOW = { timeout: 60_000 };
const at = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;
const errorsShown = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent).filter(Boolean);

let seen: SeenCall[];
/** Sets an input's value as typing would (one change event: fast in jsdom). */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const LOGIN_ANSWER = {
  uid: 7,
  token: 'tok_abcdefghijklmnopqrstuvwxyz',
  mobile: '13800138000',
  nickname: 'Demo',
};

describe('login form (spec §2, §5)', () => {
  let failures: number;
  let pictures: number;
  beforeEach(() => {
    failures = 0;
    pictures = 0;
    seen = fakeServer({
      captcha: () => ({ errno: 0, data: { captchaId: `c${++pictures}`, image: CAPTCHA_IMAGE } }),
      login: (f) => {
        if (f['password'] === 'demo1234') return { errno: 0, data: LOGIN_ANSWER };
        failures += 1;
        return { errno: 1, errmsg: 'incorrect password', data: { needCode: failures >= 1 } };
      },
    });
  });

  it('refuses a bad account and a short password with the catalogue texts, before any call', async () => {
    renderConsole('/login');
    await screen.findByTestId('login-form', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(errorsShown()).toEqual([
        'Please enter the correct account',
        'Password must be at least 6 characters',
      ]),
    );
    fill(screen.getByPlaceholderText('Mobile number or email'), '1380013800');
    fill(screen.getByPlaceholderText('At least 6 characters'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(errorsShown()).toEqual([
        'Please enter the correct account',
        'Password must be at least 6 characters',
      ]),
    );
    expect(seen.map((c) => c.path)).toEqual([]);
  });

  it('signs in with a mobile account without a graphic code, keeps the user info and follows redirect', async () => {
    const { router } = renderConsole('/login?redirect=%2Fcard%2FfloorCard');
    await screen.findByTestId('login-form', {}, SLOW);
    expect(screen.queryByPlaceholderText('4 digits')).toBeNull();
    fill(screen.getByPlaceholderText('Mobile number or email'), '13800138000');
    fill(screen.getByPlaceholderText('At least 6 characters'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(at(router)).toBe('/card/floorCard'), SLOW);
    expect(seen.find((c) => c.path === 'login')?.fields).toEqual({
      mobile: '13800138000',
      password: 'demo1234',
      action: 'manage',
    });
    expect(getUserInfo()).toEqual(LOGIN_ANSWER);
  });

  it('after a refusal asking for the code, shows the picture and checks the 4-digit code', async () => {
    const { router } = renderConsole('/login');
    await screen.findByTestId('login-form', {}, SLOW);
    fill(screen.getByPlaceholderText('Mobile number or email'), 'desk@hotel.example');
    fill(screen.getByPlaceholderText('At least 6 characters'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // English shows the server's 'incorrect password' as 'Incorrect password' (spec §8).
    expect(await screen.findByText('Incorrect password', {}, SLOW)).toBeTruthy();
    expect(await screen.findByAltText('Click for a new code', {}, SLOW)).toBeTruthy();
    expect(getUserInfo()).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(errorsShown()).toEqual(['Please enter the graphic code']));
    fill(screen.getByPlaceholderText('4 digits'), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(errorsShown()).toEqual(['The graphic code is 4 digits']));

    fill(screen.getByPlaceholderText('At least 6 characters'), 'demo1234');
    fill(screen.getByPlaceholderText('4 digits'), '4821');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(at(router)).toBe('/room/roomList'), SLOW);
    expect(seen.filter((c) => c.path === 'login').at(-1)?.fields).toEqual({
      mobile: 'desk@hotel.example',
      password: 'demo1234',
      code: '4821',
      captchaId: 'c1',
      action: 'manage',
    });
  });
});

describe('password recovery with the SMS code', () => {
  beforeEach(() => {
    seen = fakeServer({
      'getBack/sendMsg': () => ({ errno: 0, data: null }),
      'getBack/reset': () => ({ errno: 0, data: null }),
    });
  });

  it('checks the mobile, the SMS code and the new password twice', async () => {
    renderConsole('/find');
    await screen.findByTestId('find-form', {}, SLOW);
    fill(screen.getByPlaceholderText('11-digit mobile number'), '12800138000');
    const [password, confirm] = document.querySelectorAll<HTMLInputElement>('input[type="password"]');
    fill(password!, 'abc');
    fill(confirm!, 'abd');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(errorsShown()).toEqual([
        'Incorrect mobile number format',
        'Please enter the SMS code',
        'Password must be at least 6 characters',
        'The two passwords do not match',
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(seen.filter((c) => c.path === 'getBack/sendMsg')).toEqual([]);
  });

  it('sends the code, then resets the password and returns to login', async () => {
    const { router } = renderConsole('/find');
    await screen.findByTestId('find-form', {}, SLOW);
    fill(screen.getByPlaceholderText('11-digit mobile number'), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Resend in 60 s', {}, SLOW)).toBeTruthy();
    expect(seen.find((c) => c.path === 'getBack/sendMsg')?.fields).toEqual({
      mobile: '13800138000',
      action: 'manage',
    });
    fill(screen.getByPlaceholderText('Code from the text message'), '123456');
    const [password, confirm] = document.querySelectorAll<HTMLInputElement>('input[type="password"]');
    fill(password!, 'newpass1');
    fill(confirm!, 'newpass1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(at(router)).toBe('/login'), SLOW);
    expect(seen.find((c) => c.path === 'getBack/reset')?.fields).toEqual({
      mobile: '13800138000',
      code: '123456',
      password: 'newpass1',
      confirmPassword: 'newpass1',
      action: 'manage',
    });
  });
});

describe('password recovery when a code was sent shortly before', () => {
  it("counts down the server's remaining wait after SMS_TOO_FREQUENT", async () => {
    seen = fakeServer({
      'getBack/sendMsg': () => ({
        errno: 1,
        errmsg: 'an SMS code was sent less than 60 seconds ago',
        data: { wait: 42 },
      }),
    });
    renderConsole('/find');
    await screen.findByTestId('find-form', {}, SLOW);
    fill(screen.getByPlaceholderText('11-digit mobile number'), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Resend in 42 s', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend in 42 s' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('change password', () => {
  beforeEach(() => {
    setUserInfo(LOGIN_ANSWER);
    seen = fakeServer({ 'setting/updatePassword': () => ({ errno: 0, data: null }) });
  });

  it('checks old, new and confirmation, then changes the password and stays signed in', async () => {
    const { router } = renderConsole('/user');
    await screen.findByTestId('change-password-form', {}, SLOW);
    expect(at(router)).toBe('/user/changePsw');
    const [old, fresh, confirm] = document.querySelectorAll<HTMLInputElement>('input[type="password"]');
    fill(old!, 'demo');
    fill(fresh!, 'newpass1');
    fill(confirm!, 'newpass2');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() =>
      expect(errorsShown()).toEqual([
        'Password must be at least 6 characters',
        'The two passwords do not match',
      ]),
    );
    fill(old!, 'demo1234');
    fill(confirm!, 'newpass1');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByText(
        'Your password has been changed; your other sessions were signed out',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(seen.find((c) => c.path === 'setting/updatePassword')?.fields).toEqual({
      oldPassword: 'demo1234',
      newPassword: 'newpass1',
      confirmPassword: 'newpass1',
      action: 'manage',
      uid: 7,
    });
    expect(router.state.location.pathname).toBe('/user/changePsw');
    expect(getUserInfo()).toEqual(LOGIN_ANSWER);
    // The form is emptied for the next change.
    await waitFor(() =>
      expect(
        [...document.querySelectorAll<HTMLInputElement>('input[type="password"]')].map((i) => i.value),
      ).toEqual(['', '', '']),
    );
  });
});
