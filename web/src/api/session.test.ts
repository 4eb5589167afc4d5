import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { clearToken, clearUserInfo, getToken, getUserInfo, isSignedIn, setUserInfo } from './session.ts';

describe('stored user info (cookie smart_lock_userinfo)', () => {
  it('is kept encrypted, not as readable JSON', () => {
    setUserInfo({ uid: 9, token: 'tok_abcdefghijklmnopqrstuvwxyz', mobile: '13800138000' });
    const raw = Cookies.get('smart_lock_userinfo') ?? '';
    expect(raw).not.toBe('');
    expect(raw).not.toContain('13800138000');
    expect(raw).not.toContain('tok_');
    expect(getUserInfo()).toEqual({ uid: 9, token: 'tok_abcdefghijklmnopqrstuvwxyz', mobile: '13800138000' });
    expect(isSignedIn()).toBe(true);
  });

  it('clearing the token keeps who the user was but ends the session; clearing the info forgets all', () => {
    setUserInfo({ uid: 9, token: 'tok_abcdefghijklmnopqrstuvwxyz' });
    clearToken();
    expect(getToken()).toBeUndefined();
    expect(getUserInfo()).toEqual({ uid: 9 });
    expect(isSignedIn()).toBe(false);
    clearUserInfo();
    expect(getUserInfo()).toBeUndefined();
  });

  it('treats a tampered cookie as no user info', () => {
    Cookies.set('smart_lock_userinfo', 'U2FsdGVkX1+garbage');
    expect(getUserInfo()).toBeUndefined();
    Cookies.set('smart_lock_userinfo', '{"uid":1,"token":"x"}');
    expect(getUserInfo()).toBeUndefined();
    expect(isSignedIn()).toBe(false);
  });
});
