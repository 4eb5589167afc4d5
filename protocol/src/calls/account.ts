/**
 * The account calls (server/API.md §2 'Account'): the graphic code, login and logout, the password change and its
 * recovery by SMS, and the super administrator's secondary administrators. Login, the graphic code and the recovery
 * are open to anyone; logout is too, so that signing out with an ended session just succeeds.
 */
import { type AccountRole, GRANTABLE } from '../permissions.js';
import { checkGraphicCode, checkNickname, checkPassword, checkSmsCode } from '../rules.js';
import { call } from './contract.js';
import { f } from './schema.js';

// The spec §5 rules come from the protocol, so the console's forms and the server refuse the same input.
const passwordRules = {
  raw: true,
  max: 128,
  check: checkPassword,
  required: 'PASSWORD_TOO_SHORT',
  invalid: 'PASSWORD_TOO_SHORT',
} as const;
const password = () => f.string({ ...passwordRules });
const optionalPassword = () => f.string({ ...passwordRules, optional: true });

/** The graphic code picture; the server keeps the code against its id and the tab's uuid header. */
export interface Captcha {
  captchaId: string;
  /** A data: URI of the picture. */
  image: string;
  /** Seconds the code is good for. */
  expires_in: number;
}

/** The notice a login gives when the service period ends within the warning days. */
export interface ServiceWarning {
  days: number;
  /** The customer manager to call. */
  parentMobile: string;
  message: string;
}

/**
 * A successful login: the session token and the account the console keeps (spec §3 user info). A type, not an
 * interface, so that it is a record of fields the console can store as it is.
 */
export type LoginAnswer = {
  token: string;
  /** When the session ends unless used (seconds since epoch). */
  token_expires: number;
  uid: number;
  mobile: string | null;
  email: string | null;
  nickname: string;
  name: string;
  avatar: string;
  role: AccountRole;
  /** Permissions granted on top of the role: the console greys out what the account may not do. */
  authorities: string[];
  hotel_id: number | null;
  hotel_name: string;
  /** False until the hotel's information is complete. */
  hotelInfo: boolean;
  service_expires_at: number | null;
  serviceWarning: ServiceWarning | null;
};

/** A secondary administrator as user/setManager answers it. */
export interface ManagerAccount {
  uid: number;
  /** Always set: the account was found or added by it. */
  mobile: string;
  nickname: string;
  role: AccountRole;
  authorities: string[];
  room_ids: number[];
  /** True when the call added the account, false when it updated it. */
  created: boolean;
}

export const accountCalls = {
  /** A new graphic code picture. */
  captcha: call({
    path: 'captcha',
    summary: 'A graphic code',
    auth: 'public',
    mutates: false,
    schema: {},
  }).answers<Captcha>(),

  /** Signs in with a mobile number or an e-mail address (sent as `mobile`, `account` or `email`). */
  login: call({
    path: 'login',
    summary: 'Sign in',
    auth: 'public',
    mutates: true,
    schema: {
      mobile: f.string({ optional: true, max: 320 }),
      account: f.string({ optional: true, max: 320 }),
      email: f.string({ optional: true, max: 320 }),
      password: password(),
      code: f.string({ optional: true, check: checkGraphicCode, invalid: 'GRAPHIC_CODE_INVALID' }),
      captchaId: f.string({ optional: true, max: 64 }),
    },
  }).answers<LoginAnswer>(),

  /** Ends the caller's session (an ended or unknown one just succeeds). */
  logout: call({
    path: 'logout',
    summary: 'Sign out',
    auth: 'public',
    mutates: true,
    schema: {},
  }).answers<null>(),

  /** Changes the caller's password; the account's other sessions end. */
  updatePassword: call({
    path: 'setting/updatePassword',
    summary: 'Change the password',
    auth: 'user',
    mutates: true,
    schema: {
      oldPassword: password(),
      newPassword: password(),
      confirmPassword: optionalPassword(),
    },
  }).answers<{ revoked_sessions: number }>(),

  /** Sends the SMS code of password recovery (one a minute per mobile). */
  sendRecoveryCode: call({
    path: 'getBack/sendMsg',
    summary: 'SMS code for password recovery',
    auth: 'public',
    mutates: false,
    schema: { mobile: f.mobile() },
  }).answers<{ sent: true; resend_after: number; expires_in: number }>(),

  /** Sets a new password with the SMS code; every session of the account ends. */
  resetPassword: call({
    path: 'getBack/reset',
    summary: 'Reset the password with the SMS code',
    auth: 'public',
    mutates: true,
    schema: {
      mobile: f.mobile(),
      code: f.string({
        check: checkSmsCode,
        required: 'SMS_CODE_REQUIRED',
        pattern: /^\d{4,8}$/,
        invalid: 'SMS_CODE_INCORRECT',
      }),
      password: password(),
      confirmPassword: optionalPassword(),
    },
  }).answers<{ revoked_sessions: number }>(),

  /** Adds a secondary administrator, or updates one of the hotel's, with its authorities and rooms. */
  setManager: call({
    path: 'user/setManager',
    summary: 'Add (or update) a secondary administrator',
    auth: 'user',
    mutates: true,
    roles: ['super'],
    permission: 'manager.manage',
    schema: {
      mobile: f.mobile(),
      nickname: f.string({
        optional: true,
        check: (v: string) => checkNickname(v),
        invalid: 'NICKNAME_TOO_LONG',
      }),
      password: optionalPassword(),
      authorities: f.array({ optional: true, max: 20, of: f.enum(GRANTABLE) }),
      room_ids: f.array({ optional: true, max: 10_000, of: f.id() }),
    },
  }).answers<ManagerAccount>(),
};
