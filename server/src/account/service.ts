/**
 * The account area's rules that span several statements: the graphic code, login (with its graphic-code and lockout
 * rules), logout, the password change and its recovery by SMS, secondary administrators, and the signed-in
 * account's info and picture. The SQL is repository.ts's.
 */
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type accountCalls,
  type BodyOf,
  type Captcha,
  checkAccount,
  type ErrorCode,
  type LoginAnswer,
  type ManagerAccount,
  MOBILE,
  type MyInfo,
} from '@lockdesk/protocol';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password.js';
import { lockInTransaction } from '../auth/rate-limit.js';
import { hashToken, openSession, revokeSessions } from '../auth/sessions.js';
import type { PublicContext, UserContext } from '../call.js';
import { type AppError, failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { messageFor } from '../i18n.js';
import { forgetAfterRevocation } from '../services/broker-credentials.js';
import { graphicCodeImage, newGraphicCode } from '../services/captcha.js';
import { hotelInfoComplete } from '../services/hotel.js';
import { serviceStatus } from '../services/service-period.js';
import { findUpload } from '../shared/uploads.js';
import * as repo from './repository.js';

const DAY_MS = 86_400_000;
const CAPTCHA_TTL_MS = 5 * 60_000;
const SMS_TTL_MS = 5 * 60_000;
const SMS_RESEND_MS = 60_000;
const SMS_MAX_TRIES = 5;

/** Compares a code typed with the one stored, in time that does not depend on where they differ. */
function sameCode(stored: string, typed: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(typed);
  return a.length === b.length && timingSafeEqual(a, b);
}

const dummies = new Map<number, Promise<string>>();
/** One dummy hash per cost, made once. */
function dummyFor(cost: number): Promise<string> {
  let hash = dummies.get(cost);
  if (!hash) {
    hash = dummyHash(cost);
    dummies.set(cost, hash);
  }
  return hash;
}

/** The account as typed, normalised: a mobile as is, an email lower-cased; undefined when it is neither. */
export function normaliseAccount(account: string): string | undefined {
  const a = account.trim();
  if (checkAccount(a)) return undefined;
  return MOBILE.test(a) ? a : a.toLowerCase();
}

// ---- the graphic code -------------------------------------------------------------------------------------

/** A new graphic code, kept against its id and the tab's uuid; codes an hour past their end are forgotten. */
export async function newCaptcha(ctx: PublicContext): Promise<Captcha> {
  const now = ctx.now();
  await repo.deleteOldCaptchas(ctx.db, new Date(now.getTime() - 3600_000));
  const code = newGraphicCode();
  const id = randomUUID();
  await repo.insertCaptcha(ctx.db, {
    id,
    clientUuid: ctx.client.uuid,
    code,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  return { captchaId: id, image: graphicCodeImage(code), expires_in: CAPTCHA_TTL_MS / 1000 };
}

/** Checks a graphic code (single use: any check spends the code). */
async function graphicCodeMatches(ctx: PublicContext, code: string, captchaId?: string): Promise<boolean> {
  if (!captchaId && !ctx.client.uuid) return false;
  const captcha = await repo.spendCaptcha(ctx.db, { captchaId, clientUuid: ctx.client.uuid }, ctx.now());
  if (!captcha) return false;
  if (captcha.client_uuid && ctx.client.uuid && captcha.client_uuid !== ctx.client.uuid) return false;
  return captcha.expires_at.getTime() > ctx.now().getTime() && sameCode(captcha.code, code);
}

// ---- login and logout -------------------------------------------------------------------------------------

/**
 * Signs in: the graphic code after `captchaAfterFailures` failures of the account or the client, a lockout after
 * `lockoutAfterFailures` of the account, the service period, then a session.
 */
export async function login(
  ctx: PublicContext,
  body: BodyOf<typeof accountCalls.login>,
): Promise<LoginAnswer> {
  const typed = body.mobile ?? body.account ?? body.email;
  const account = typed === undefined ? undefined : normaliseAccount(typed);
  if (!account) throw failure('ACCOUNT_INVALID');
  const { config, db } = ctx;
  const now = ctx.now();
  const since = new Date(now.getTime() - config.loginWindowMs);
  // The attempt is recorded, as a failure, before the failures are counted, and record + count hold the
  // account's and the client's advisory locks: logins arriving at once, on any replica, are counted one after
  // another and each sees the others, so parallel guesses get no more tries (before the graphic code, before the
  // lockout) than guesses one after another. A login refused before its password is checked withdraws its record.
  // The client is the console tab (its uuid header); a caller that sends none is known by its address.
  const clientKey = ctx.client.uuid ? `uuid:${ctx.client.uuid}` : `ip:${ctx.client.ip}`;
  const { attemptId, byAccount, byClient } = await db.transaction().execute(async (trx) => {
    // Always the account first, then the client: two logins never wait for each other's second lock in a ring.
    await lockInTransaction(trx, 'loginAccount', account);
    await lockInTransaction(trx, 'loginClient', clientKey);
    const attemptId = await repo.recordLoginAttempt(trx, {
      account,
      clientUuid: ctx.client.uuid,
      ip: ctx.client.ip,
      createdAt: now,
    });
    const byAccount = await repo.recentFailures(trx, 'account', account, since, attemptId);
    const byClient = ctx.client.uuid
      ? await repo.recentFailures(trx, 'client_uuid', ctx.client.uuid, since, attemptId)
      : await repo.recentFailures(trx, 'ip', ctx.client.ip, since, attemptId);
    return { attemptId, byAccount, byClient };
  });
  const withdraw = async (e: AppError) => {
    await repo.withdrawLoginAttempt(db, attemptId);
    return e;
  };
  if (byAccount >= config.lockoutAfterFailures)
    throw await withdraw(failure('TOO_MANY_ATTEMPTS', undefined, { needCode: true }));
  const needCode = Math.max(byAccount, byClient) >= config.captchaAfterFailures;

  const refuse = (code: ErrorCode) => {
    const nowNeeds = Math.max(byAccount, byClient) + 1 >= config.captchaAfterFailures;
    return failure(code, undefined, { needCode: nowNeeds });
  };

  if (needCode && !body.code)
    throw await withdraw(failure('GRAPHIC_CODE_REQUIRED', undefined, { needCode: true }));
  if (body.code && !(await graphicCodeMatches(ctx, body.code, body.captchaId)))
    throw refuse('VERIFICATION_CODE_INCORRECT');

  const user = await repo.findAccount(db, account);
  // An unknown account costs a hash too, so timing does not tell which accounts exist.
  const matches = await verifyPassword(
    body.password,
    user?.password_hash ?? (await dummyFor(config.scryptCost)),
  );
  if (!user || !matches) throw refuse('PASSWORD_INCORRECT');
  if (user.frozen) throw refuse('ACCOUNT_FROZEN');

  const service = await serviceStatus(db, user);
  const validUntil = user.valid_until?.getTime() ?? Infinity;
  const expiresAt = service.expiresAt?.getTime() ?? Infinity;
  if (Math.min(validUntil, expiresAt) <= now.getTime()) {
    throw await withdraw(
      failure(
        'SERVICE_EXPIRED',
        { parentMobile: service.parentMobile },
        { parentMobile: service.parentMobile },
      ),
    );
  }

  await repo.markLoginSucceeded(db, attemptId);
  const session = await openSession(db, {
    userId: user.id,
    clientUuid: ctx.client.uuid,
    userAgent: ctx.client.userAgent,
    ip: ctx.client.ip,
    now: now.getTime(),
    ttlMs: config.sessionTtlMs,
  });
  ctx.setActor({ id: user.id, hotelId: user.hotel_id });
  ctx.audit('Signed in');

  const hotel = user.hotel_id === null ? undefined : await repo.hotelOf(db, user.hotel_id);
  const daysLeft = expiresAt === Infinity ? null : Math.ceil((expiresAt - now.getTime()) / DAY_MS);
  const warning =
    daysLeft !== null && daysLeft <= config.serviceWarningDays
      ? {
          days: daysLeft,
          parentMobile: service.parentMobile,
          message: messageFor(ctx.lang, 'SERVICE_EXPIRING', {
            days: daysLeft,
            parentMobile: service.parentMobile,
          }),
        }
      : null;
  return {
    token: session.token,
    token_expires: epochSeconds(session.expiresAt),
    uid: user.id,
    mobile: user.mobile,
    email: user.email,
    nickname: user.nickname,
    name: user.name,
    avatar: user.avatar,
    role: user.role,
    // Granted on top of the role (auth/permissions.ts): the console greys out what the account may not do.
    authorities: Array.isArray(user.authorities) ? user.authorities : [],
    hotel_id: user.hotel_id,
    hotel_name: hotel?.name ?? '',
    hotelInfo: hotelInfoComplete(hotel),
    service_expires_at: epochSeconds(service.expiresAt),
    serviceWarning: warning,
  };
}

/**
 * Ends the caller's session, if it sent one that is still open. Public on purpose: signing out with an expired or
 * already-ended session just succeeds, instead of answering 100003 and asking the user to log in on the way out.
 */
export async function logout(ctx: PublicContext): Promise<null> {
  if (!ctx.token) return null;
  const session = await repo.signOutSession(ctx.db, hashToken(ctx.token), ctx.now());
  if (session) {
    await forgetAfterRevocation(ctx, { sessionIds: [session.id] }, ctx.now().getTime());
    const user = await repo.accountActor(ctx.db, session.user_id);
    ctx.setActor({ id: user.id, hotelId: user.hotel_id });
    ctx.audit('Signed out');
  }
  return null;
}

// ---- passwords --------------------------------------------------------------------------------------------

/** Changes the caller's password; its other sessions end. */
export async function changePassword(
  ctx: UserContext,
  body: BodyOf<typeof accountCalls.updatePassword>,
): Promise<{ revoked_sessions: number }> {
  if (body.confirmPassword !== undefined && body.confirmPassword !== body.newPassword)
    throw failure('FIELD_INVALID', { field: 'confirmPassword' });
  if (!(await verifyPassword(body.oldPassword, await repo.passwordHashOf(ctx.db, ctx.user.id))))
    throw failure('PASSWORD_INCORRECT');
  const hash = await hashPassword(body.newPassword, ctx.config.scryptCost);
  const now = ctx.now();
  await repo.setPasswordHash(ctx.db, ctx.user.id, hash, now);
  const revoked = await revokeSessions(
    ctx.db,
    ctx.user.id,
    'password_changed',
    now.getTime(),
    ctx.user.sessionId,
  );
  await forgetAfterRevocation(ctx, { userId: ctx.user.id }, now.getTime());
  ctx.audit(`Changed password; ${revoked} other session(s) ended`);
  return { revoked_sessions: revoked };
}

/** Sends a password recovery code by SMS: one a minute per mobile, good for five minutes. */
export async function sendRecoveryCode(
  ctx: PublicContext,
  body: BodyOf<typeof accountCalls.sendRecoveryCode>,
): Promise<{ sent: true; resend_after: number; expires_in: number }> {
  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The account's row is locked while the last code is checked and the new one written, so two requests at once
  // cannot both pass the one-per-minute rule.
  await ctx.db.transaction().execute(async (trx) => {
    const user = await repo.lockAccountByMobile(trx, body.mobile);
    const last = await repo.lastSmsCodeSentAt(trx, body.mobile);
    if (last && now.getTime() - last.getTime() < SMS_RESEND_MS) {
      const wait = Math.ceil((SMS_RESEND_MS - (now.getTime() - last.getTime())) / 1000);
      throw failure('SMS_TOO_FREQUENT', undefined, { wait });
    }
    if (!user) throw failure('ACCOUNT_NOT_FOUND');
    await repo.insertResetCode(trx, {
      mobile: body.mobile,
      code,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_TTL_MS),
    });
  });
  await ctx.app.sms.send(
    body.mobile,
    `[LockDesk] Your verification code is ${code}. It is valid for 5 minutes. 您的验证码是 ${code}，5分钟内有效。`,
  );
  return { sent: true, resend_after: SMS_RESEND_MS / 1000, expires_in: SMS_TTL_MS / 1000 };
}

/** Sets a new password with the SMS code; every session of the account ends. */
export async function resetPassword(
  ctx: PublicContext,
  body: BodyOf<typeof accountCalls.resetPassword>,
): Promise<{ revoked_sessions: number }> {
  if (body.confirmPassword !== undefined && body.confirmPassword !== body.password)
    throw failure('FIELD_INVALID', { field: 'confirmPassword' });
  const now = ctx.now();
  // Each code is checked at most SMS_MAX_TRIES times, however the guesses arrive (repository: one statement).
  const sms = await repo.takeResetCodeTry(ctx.db, body.mobile, now, SMS_MAX_TRIES);
  if (!sms || !sameCode(sms.code, body.code)) throw failure('SMS_CODE_INCORRECT');
  const user = await repo.findActorByMobile(ctx.db, body.mobile);
  if (!user) throw failure('ACCOUNT_NOT_FOUND');
  const hash = await hashPassword(body.password, ctx.config.scryptCost);
  // Spending the code is the last word: of two resets with the same code at once, only one goes through.
  if (!(await repo.spendSmsCode(ctx.db, sms.id, now))) throw failure('SMS_CODE_INCORRECT');
  await repo.setPasswordHash(ctx.db, user.id, hash, now);
  const revoked = await revokeSessions(ctx.db, user.id, 'password_reset', now.getTime());
  await forgetAfterRevocation(ctx, { userId: user.id }, now.getTime());
  ctx.setActor({ id: user.id, hotelId: user.hotel_id });
  ctx.audit(`Password reset by SMS; ${revoked} session(s) ended`);
  return { revoked_sessions: revoked };
}

// ---- secondary administrators -----------------------------------------------------------------------------

/**
 * Adds a secondary administrator of the caller's hotel, or updates one: nickname, authorities, password and (when
 * `room_ids` is given) the rooms, which replace those it had. Without a password the manager sets one through
 * password recovery (SMS to the mobile).
 */
export async function setManager(
  ctx: UserContext,
  body: BodyOf<typeof accountCalls.setManager>,
): Promise<ManagerAccount> {
  const hotelId = ctx.requireHotelId();
  const existing = await repo.findAccountByMobile(ctx.db, body.mobile);
  if (existing && (existing.role !== 'secondary' || existing.hotel_id !== hotelId))
    throw failure('ACCOUNT_EXISTS');
  const roomIds = [...new Set(body.room_ids ?? [])];
  if (roomIds.length > 0) {
    if ((await repo.countHotelRooms(ctx.db, hotelId, roomIds)) !== roomIds.length) throw failure('NOT_FOUND');
    ctx.touchRooms(roomIds);
  }
  const hash = await hashPassword(
    body.password ?? randomBytes(18).toString('base64url'),
    ctx.config.scryptCost,
  );
  const now = ctx.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    let id: number;
    if (existing) {
      id = existing.id;
      await repo.updateManager(trx, id, {
        nickname: body.nickname ?? existing.nickname,
        ...(body.authorities ? { authorities: body.authorities } : {}),
        ...(body.password ? { passwordHash: hash } : {}),
        now,
      });
    } else {
      id = await repo.insertManager(trx, {
        mobile: body.mobile,
        passwordHash: hash,
        hotelId,
        createdBy: ctx.user.id,
        nickname: body.nickname ?? '',
        authorities: body.authorities ?? [],
        now,
      });
    }
    if (body.room_ids) await repo.replaceAccountRooms(trx, id, roomIds, ctx.user.id, now);
    return { user: await repo.accountById(trx, id), rooms: await repo.accountRoomIds(trx, id) };
  });
  ctx.audit(`${existing ? 'Updated' : 'Added'} secondary administrator ${body.mobile}`);
  return {
    uid: result.user.id,
    // Found or added by this mobile: never null.
    mobile: result.user.mobile as string,
    nickname: result.user.nickname,
    role: result.user.role,
    authorities: result.user.authorities,
    room_ids: result.rooms,
    created: !existing,
  };
}

// ---- the signed-in account --------------------------------------------------------------------------------

/** The signed-in account's user info (spec §3). */
export async function myInfo(ctx: UserContext): Promise<MyInfo> {
  const u = await repo.accountInfo(ctx.db, ctx.user.id);
  return {
    uid: u.id,
    mobile: u.mobile,
    email: u.email,
    avatar: u.avatar,
    name: u.name,
    nickname: u.nickname,
    gender: u.gender,
    nationality: u.nationality,
    birth_date: u.birth_date,
    id_number: u.id_number,
    role: u.role,
    hotel_id: u.hotel_id,
    hotel_name: u.hotel_name ?? '',
    // The merchant balance (the hotel's, in fen, API.md §15); null for an account of no hotel.
    balance_fen: u.balance_fen === null ? null : Number(u.balance_fen),
    created_at: epochSeconds(u.created_at),
  };
}

/** Puts a picture this account uploaded for itself (not another's, not a face or a lock picture) on it. */
export async function setMyAvatar(ctx: UserContext, avatar: string): Promise<MyInfo> {
  const hotelId = ctx.requireHotelId();
  const upload = await findUpload(ctx.db, hotelId, avatar, 'avatar');
  if (!upload || upload.user_id !== ctx.user.id) throw failure('UPLOAD_FILE_INVALID', { field: 'avatar' });
  await repo.setAvatar(ctx.db, ctx.user.id, avatar, ctx.now());
  ctx.audit('Account picture changed');
  return myInfo(ctx);
}
