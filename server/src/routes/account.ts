/** Account calls: graphic code, login, logout, password change and recovery, secondary administrators. */

import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { accountCalls, checkAccount, type ErrorCode } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password.js';
import { lockInTransaction } from '../auth/rate-limit.js';
import { hashToken, openSession, revokeSessions } from '../auth/sessions.js';
import { defineCall, type PublicContext } from '../call.js';
import type { Db } from '../db/index.js';
import type { Database, User } from '../db/schema.js';
import { type AppError, failure } from '../errors.js';
import { epochSeconds, MOBILE } from '../fields.js';
import { messageFor } from '../i18n.js';
import { forgetAfterRevocation } from '../services/broker-credentials.js';
import { graphicCodeImage, newGraphicCode } from '../services/captcha.js';
import { hotelInfoComplete } from '../services/hotel.js';
import { serviceStatus } from '../services/service-period.js';

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

async function findAccount(db: Db, account: string): Promise<User | undefined> {
  const column = MOBILE.test(account) ? 'mobile' : 'email';
  return db.selectFrom('users').selectAll().where(column, '=', account).executeTakeFirst();
}

/**
 * Failed logins since the window start and since the key's last success, other than the attempt `exceptId` (the
 * caller's own, recorded before it counts; logins still being checked count as failures).
 */
async function recentFailures(
  db: Kysely<Database>,
  key: 'account' | 'client_uuid' | 'ip',
  value: string,
  since: Date,
  exceptId: number,
): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<Date | null>('created_at').as('last')])
    .where(key, '=', value)
    .where('success', '=', true)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  const from = row.last && row.last > since ? row.last : since;
  const failures = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(key, '=', value)
    .where('success', '=', false)
    .where('created_at', '>', from)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(failures.n);
}

/** Checks a graphic code (single use: any check spends the code). */
async function graphicCodeMatches(ctx: PublicContext, code: string, captchaId?: string): Promise<boolean> {
  if (!captchaId && !ctx.client.uuid) return false;
  // Found and spent in one statement: of several logins sending the same code at once, one gets to check it.
  const captcha = await ctx.db
    .updateTable('captchas')
    .set({ used_at: ctx.now() })
    .where('id', '=', (eb) => {
      let q = eb.selectFrom('captchas').select('id').where('used_at', 'is', null);
      if (captchaId) q = q.where('id', '=', captchaId);
      else if (ctx.client.uuid) q = q.where('client_uuid', '=', ctx.client.uuid);
      return q.orderBy('created_at', 'desc').limit(1);
    })
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!captcha) return false;
  if (captcha.client_uuid && ctx.client.uuid && captcha.client_uuid !== ctx.client.uuid) return false;
  return captcha.expires_at.getTime() > ctx.now().getTime() && sameCode(captcha.code, code);
}

export function accountRoutes(app: FastifyInstance): void {
  defineCall(app, accountCalls.captcha, {
    handler: async (ctx) => {
      const now = ctx.now();
      await ctx.db
        .deleteFrom('captchas')
        .where('expires_at', '<', new Date(now.getTime() - 3600_000))
        .execute();
      const code = newGraphicCode();
      const id = randomUUID();
      await ctx.db
        .insertInto('captchas')
        .values({
          id,
          client_uuid: ctx.client.uuid,
          code,
          created_at: now,
          expires_at: new Date(now.getTime() + CAPTCHA_TTL_MS),
        })
        .execute();
      return { captchaId: id, image: graphicCodeImage(code), expires_in: CAPTCHA_TTL_MS / 1000 };
    },
  });

  defineCall(app, accountCalls.login, {
    handler: async (ctx, body) => {
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
      const { attempt, byAccount, byClient } = await db.transaction().execute(async (trx) => {
        // Always the account first, then the client: two logins never wait for each other's second lock in a ring.
        await lockInTransaction(trx, 'loginAccount', account);
        await lockInTransaction(trx, 'loginClient', clientKey);
        const attempt = await trx
          .insertInto('login_attempts')
          .values({
            account,
            client_uuid: ctx.client.uuid,
            ip: ctx.client.ip,
            success: false,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const byAccount = await recentFailures(trx, 'account', account, since, attempt.id);
        const byClient = ctx.client.uuid
          ? await recentFailures(trx, 'client_uuid', ctx.client.uuid, since, attempt.id)
          : await recentFailures(trx, 'ip', ctx.client.ip, since, attempt.id);
        return { attempt, byAccount, byClient };
      });
      const withdraw = async (e: AppError) => {
        await db.deleteFrom('login_attempts').where('id', '=', attempt.id).execute();
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

      const user = await findAccount(db, account);
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

      await db.updateTable('login_attempts').set({ success: true }).where('id', '=', attempt.id).execute();
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

      const hotel =
        user.hotel_id === null
          ? undefined
          : await db.selectFrom('hotels').selectAll().where('id', '=', user.hotel_id).executeTakeFirst();
      const daysLeft = expiresAt === Infinity ? null : Math.ceil((expiresAt - now.getTime()) / DAY_MS);
      const warning =
        daysLeft !== null && daysLeft <= config.serviceWarningDays
          ? {
              days: daysLeft,
              parentMobile: service.parentMobile,
              message: messageForWarning(ctx, daysLeft, service.parentMobile),
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
    },
  });

  defineCall(app, accountCalls.logout, {
    // Public on purpose: signing out with an expired or already-ended session just succeeds, instead of
    // answering 100003 and asking the user to log in again on the way out.
    handler: async (ctx) => {
      if (!ctx.token) return null;
      const session = await ctx.db
        .updateTable('sessions')
        .set({ revoked_at: ctx.now(), revoke_reason: 'logout' })
        .where('token_hash', '=', hashToken(ctx.token))
        .where('revoked_at', 'is', null)
        .returning(['id', 'user_id'])
        .executeTakeFirst();
      if (session) {
        await forgetAfterRevocation(ctx, { sessionIds: [session.id] }, ctx.now().getTime());
        const user = await ctx.db
          .selectFrom('users')
          .select(['id', 'hotel_id'])
          .where('id', '=', session.user_id)
          .executeTakeFirstOrThrow();
        ctx.setActor({ id: user.id, hotelId: user.hotel_id });
        ctx.audit('Signed out');
      }
      return null;
    },
  });

  defineCall(app, accountCalls.updatePassword, {
    handler: async (ctx, body) => {
      if (body.confirmPassword !== undefined && body.confirmPassword !== body.newPassword)
        throw failure('FIELD_INVALID', { field: 'confirmPassword' });
      const user = await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', ctx.user.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(body.oldPassword, user.password_hash))) throw failure('PASSWORD_INCORRECT');
      const hash = await hashPassword(body.newPassword, ctx.config.scryptCost);
      const now = ctx.now();
      await ctx.db
        .updateTable('users')
        .set({ password_hash: hash, password_changed_at: now, updated_at: now })
        .where('id', '=', ctx.user.id)
        .execute();
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
    },
  });

  defineCall(app, accountCalls.sendRecoveryCode, {
    handler: async (ctx, body) => {
      const now = ctx.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // The account's row is locked while the last code is checked and the new one written, so two requests at
      // once cannot both pass the one-per-minute rule.
      await ctx.db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select('id')
          .where('mobile', '=', body.mobile)
          .forUpdate()
          .executeTakeFirst();
        const last = await trx
          .selectFrom('sms_codes')
          .select('created_at')
          .where('mobile', '=', body.mobile)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (last && now.getTime() - last.created_at.getTime() < SMS_RESEND_MS) {
          const wait = Math.ceil((SMS_RESEND_MS - (now.getTime() - last.created_at.getTime())) / 1000);
          throw failure('SMS_TOO_FREQUENT', undefined, { wait });
        }
        if (!user) throw failure('ACCOUNT_NOT_FOUND');
        await trx
          .insertInto('sms_codes')
          .values({
            mobile: body.mobile,
            purpose: 'reset',
            code,
            created_at: now,
            expires_at: new Date(now.getTime() + SMS_TTL_MS),
          })
          .execute();
      });
      await ctx.app.sms.send(
        body.mobile,
        `[LockDesk] Your verification code is ${code}. It is valid for 5 minutes. 您的验证码是 ${code}，5分钟内有效。`,
      );
      return { sent: true as const, resend_after: SMS_RESEND_MS / 1000, expires_in: SMS_TTL_MS / 1000 };
    },
  });

  defineCall(app, accountCalls.resetPassword, {
    handler: async (ctx, body) => {
      if (body.confirmPassword !== undefined && body.confirmPassword !== body.password)
        throw failure('FIELD_INVALID', { field: 'confirmPassword' });
      const now = ctx.now();
      // One statement takes a try from the newest live code, so parallel guesses cannot all read the counter
      // before any of them raises it: each code is checked at most SMS_MAX_TRIES times, however they arrive.
      const sms = await ctx.db
        .updateTable('sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', (eb) =>
          eb
            .selectFrom('sms_codes')
            .select('id')
            .where('mobile', '=', body.mobile)
            .where('purpose', '=', 'reset')
            .where('used_at', 'is', null)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(1),
        )
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', SMS_MAX_TRIES)
        .returningAll()
        .executeTakeFirst();
      if (!sms || !sameCode(sms.code, body.code)) throw failure('SMS_CODE_INCORRECT');
      const user = await ctx.db
        .selectFrom('users')
        .select(['id', 'hotel_id'])
        .where('mobile', '=', body.mobile)
        .executeTakeFirst();
      if (!user) throw failure('ACCOUNT_NOT_FOUND');
      const hash = await hashPassword(body.password, ctx.config.scryptCost);
      // Spending the code is the last word: of two resets with the same code at once, only one goes through.
      const spent = await ctx.db
        .updateTable('sms_codes')
        .set({ used_at: now })
        .where('id', '=', sms.id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!spent) throw failure('SMS_CODE_INCORRECT');
      await ctx.db
        .updateTable('users')
        .set({ password_hash: hash, password_changed_at: now, updated_at: now })
        .where('id', '=', user.id)
        .execute();
      const revoked = await revokeSessions(ctx.db, user.id, 'password_reset', now.getTime());
      await forgetAfterRevocation(ctx, { userId: user.id }, now.getTime());
      ctx.setActor({ id: user.id, hotelId: user.hotel_id });
      ctx.audit(`Password reset by SMS; ${revoked} session(s) ended`);
      return { revoked_sessions: revoked };
    },
  });

  defineCall(app, accountCalls.setManager, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const existing = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('mobile', '=', body.mobile)
        .executeTakeFirst();
      if (existing && (existing.role !== 'secondary' || existing.hotel_id !== hotelId))
        throw failure('ACCOUNT_EXISTS');
      const roomIds = [...new Set(body.room_ids ?? [])];
      if (roomIds.length > 0) {
        const found = await ctx.db
          .selectFrom('rooms')
          .select('id')
          .where('hotel_id', '=', hotelId)
          .where('id', 'in', roomIds)
          .execute();
        if (found.length !== roomIds.length) throw failure('NOT_FOUND');
        ctx.touchRooms(roomIds);
      }
      // Without a password the manager sets one through password recovery (SMS to the mobile).
      const hash = await hashPassword(
        body.password ?? randomBytes(18).toString('base64url'),
        ctx.config.scryptCost,
      );
      const now = ctx.now();
      const result = await ctx.db.transaction().execute(async (trx) => {
        let id: number;
        if (existing) {
          id = existing.id;
          await trx
            .updateTable('users')
            .set({
              nickname: body.nickname ?? existing.nickname,
              ...(body.authorities ? { authorities: JSON.stringify(body.authorities) } : {}),
              ...(body.password ? { password_hash: hash, password_changed_at: now } : {}),
              updated_at: now,
            })
            .where('id', '=', id)
            .execute();
        } else {
          const row = await trx
            .insertInto('users')
            .values({
              mobile: body.mobile,
              password_hash: hash,
              role: 'secondary',
              hotel_id: hotelId,
              created_by: ctx.user.id,
              nickname: body.nickname ?? '',
              authorities: JSON.stringify(body.authorities ?? []),
              created_at: now,
              updated_at: now,
              password_changed_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = row.id;
        }
        if (body.room_ids) {
          await trx.deleteFrom('user_rooms').where('user_id', '=', id).execute();
          if (roomIds.length > 0)
            await trx
              .insertInto('user_rooms')
              .values(
                roomIds.map((room_id) => ({
                  user_id: id,
                  room_id,
                  granted_by: ctx.user.id,
                  created_at: now,
                })),
              )
              .execute();
        }
        const user = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const rooms = await trx
          .selectFrom('user_rooms')
          .select('room_id')
          .where('user_id', '=', id)
          .execute();
        return { user, rooms: rooms.map((r) => r.room_id) };
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
    },
  });
}

function messageForWarning(ctx: PublicContext, days: number, parentMobile: string): string {
  return messageFor(ctx.lang, 'SERVICE_EXPIRING', { days, parentMobile });
}
