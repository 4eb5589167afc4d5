import { STORAGE_KEYS } from '@lockdesk/protocol';
// AES from its own crypto-js modules rather than the whole library (the sign-in page loads this): core.js holds
// enc.Utf8, aes.js registers AES (with cipher-core and the OpenSSL passphrase KDF it needs) on the shared object.
import CryptoJS from 'crypto-js/core.js';
import 'crypto-js/aes.js';
import Cookies from 'js-cookie';

/**
 * The stored user info (spec §3): the login answer kept in the cookie `smart_lock_userinfo`, AES-encrypted with a
 * key built into the console. That is obfuscation against casual reading of the cookie, not security: the server
 * checks every session token on every call.
 */
export interface UserInfo {
  uid: number | string;
  token?: string;
  mobile?: string | null;
  email?: string | null;
  nickname?: string;
  name?: string;
  avatar?: string;
  [field: string]: unknown;
}

const COOKIE_KEY = 'LockDesk/console/user-info/v1';
const COOKIE_DAYS = 7;

/** Reads the stored user info; a missing, tampered or undecodable cookie counts as none. */
export function getUserInfo(): UserInfo | undefined {
  const raw = Cookies.get(STORAGE_KEYS.userInfoCookie);
  if (!raw) return undefined;
  try {
    const text = CryptoJS.AES.decrypt(raw, COOKIE_KEY).toString(CryptoJS.enc.Utf8);
    const info = JSON.parse(text) as UserInfo;
    if (info === null || typeof info !== 'object' || info.uid === undefined || info.uid === '')
      return undefined;
    return info;
  } catch {
    return undefined;
  }
}

/** Stores the user info (the login answer with its token). */
export function setUserInfo(info: UserInfo): void {
  const raw = CryptoJS.AES.encrypt(JSON.stringify(info), COOKIE_KEY).toString();
  Cookies.set(STORAGE_KEYS.userInfoCookie, raw, { expires: COOKIE_DAYS, sameSite: 'strict' });
}

/** The session token, when signed in. */
export function getToken(): string | undefined {
  const token = getUserInfo()?.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/** Removes the token but keeps who the user was (error 9000005). */
export function clearToken(): void {
  const info = getUserInfo();
  if (!info) return;
  const { token: _token, ...rest } = info;
  setUserInfo(rest);
}

/** Forgets the user entirely (sign-out, error 100003). */
export function clearUserInfo(): void {
  Cookies.remove(STORAGE_KEYS.userInfoCookie);
}

/** Signed in means stored user info that still holds a session token. */
export function isSignedIn(): boolean {
  return getToken() !== undefined;
}
