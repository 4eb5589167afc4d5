/**
 * Every SQL statement of the account area: graphic codes, login attempts, accounts and their passwords, SMS codes,
 * secondary administrators and their rooms, the signed-in account's info, and the demo SMS outbox. Each takes the
 * executor first, so a statement inside a transaction runs on it.
 */
import { MOBILE } from '@lockdesk/protocol';
import type { Db } from '../db/index.js';
import type { Hotel, User } from '../db/schema.js';

// ---- graphic codes ----------------------------------------------------------------------------------------

/** Forgets graphic codes that ended before `before`. */
export async function deleteOldCaptchas(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<', before).execute();
}

export async function insertCaptcha(
  db: Db,
  c: { id: string; clientUuid: string | null; code: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('captchas')
    .values({
      id: c.id,
      client_uuid: c.clientUuid,
      code: c.code,
      created_at: c.createdAt,
      expires_at: c.expiresAt,
    })
    .execute();
}

/**
 * Spends the newest unspent graphic code — the one of `captchaId`, else the newest of the tab `clientUuid` — and
 * answers it. Found and spent in one statement: of several logins sending the same code at once, one gets it.
 */
export async function spendCaptcha(
  db: Db,
  by: { captchaId: string | undefined; clientUuid: string | null },
  now: Date,
) {
  return db
    .updateTable('captchas')
    .set({ used_at: now })
    .where('id', '=', (eb) => {
      let q = eb.selectFrom('captchas').select('id').where('used_at', 'is', null);
      if (by.captchaId) q = q.where('id', '=', by.captchaId);
      else if (by.clientUuid) q = q.where('client_uuid', '=', by.clientUuid);
      return q.orderBy('created_at', 'desc').limit(1);
    })
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

// ---- login attempts ---------------------------------------------------------------------------------------

/** Records a login attempt as a failure (it counts before its password is checked); answers its id. */
export async function recordLoginAttempt(
  db: Db,
  a: { account: string; clientUuid: string | null; ip: string; createdAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('login_attempts')
    .values({
      account: a.account,
      client_uuid: a.clientUuid,
      ip: a.ip,
      success: false,
      created_at: a.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Failed logins since the window start and since the key's last success, other than the attempt `exceptId` (the
 * caller's own, recorded before it counts; logins still being checked count as failures).
 */
export async function recentFailures(
  db: Db,
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

/** Withdraws an attempt refused before its password was checked: it does not count. */
export async function withdrawLoginAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

export async function markLoginSucceeded(db: Db, id: number): Promise<void> {
  await db.updateTable('login_attempts').set({ success: true }).where('id', '=', id).execute();
}

// ---- accounts ---------------------------------------------------------------------------------------------

/** The account of a normalised mobile or e-mail address. */
export function findAccount(db: Db, account: string): Promise<User | undefined> {
  const column = MOBILE.test(account) ? 'mobile' : 'email';
  return db.selectFrom('users').selectAll().where(column, '=', account).executeTakeFirst();
}

/** The account of a mobile. */
export function findAccountByMobile(db: Db, mobile: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

/** An account's id and hotel, for the operation log. */
export function accountActor(db: Db, userId: number): Promise<{ id: number; hotel_id: number | null }> {
  return db.selectFrom('users').select(['id', 'hotel_id']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** The account of a mobile's id and hotel, or undefined. */
export function findActorByMobile(
  db: Db,
  mobile: string,
): Promise<{ id: number; hotel_id: number | null } | undefined> {
  return db.selectFrom('users').select(['id', 'hotel_id']).where('mobile', '=', mobile).executeTakeFirst();
}

/** Locks the account of a mobile until the transaction ends (one SMS code at a time); its id, or undefined. */
export function lockAccountByMobile(db: Db, mobile: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('users').select('id').where('mobile', '=', mobile).forUpdate().executeTakeFirst();
}

export function hotelOf(db: Db, hotelId: number): Promise<Hotel | undefined> {
  return db.selectFrom('hotels').selectAll().where('id', '=', hotelId).executeTakeFirst();
}

export async function passwordHashOf(db: Db, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

/** Sets an account's password hash, as changed now. */
export async function setPasswordHash(db: Db, userId: number, hash: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, password_changed_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

// ---- sessions ---------------------------------------------------------------------------------------------

/** Ends the open session of a token hash as signed out; the session, or undefined when none was open. */
export function signOutSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ id: number; user_id: number } | undefined> {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now, revoke_reason: 'logout' })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

// ---- SMS codes --------------------------------------------------------------------------------------------

/** When the last code of a mobile was sent, if ever. */
export async function lastSmsCodeSentAt(db: Db, mobile: string): Promise<Date | undefined> {
  const last = await db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.created_at;
}

export async function insertResetCode(
  db: Db,
  c: { mobile: string; code: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sms_codes')
    .values({
      mobile: c.mobile,
      purpose: 'reset',
      code: c.code,
      created_at: c.createdAt,
      expires_at: c.expiresAt,
    })
    .execute();
}

/**
 * Takes a try from the newest live reset code of a mobile and answers it (undefined when there is none, or it has
 * ended or used its tries). One statement, so parallel guesses cannot all read the counter before any raises it.
 */
export function takeResetCodeTry(db: Db, mobile: string, now: Date, maxTries: number) {
  return db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('sms_codes')
        .select('id')
        .where('mobile', '=', mobile)
        .where('purpose', '=', 'reset')
        .where('used_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    )
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxTries)
    .returningAll()
    .executeTakeFirst();
}

/** Spends a code; false when another reset spent it first. */
export async function spendSmsCode(db: Db, id: number, now: Date): Promise<boolean> {
  const spent = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

// ---- secondary administrators -----------------------------------------------------------------------------

/** How many of `roomIds` are rooms of the hotel. */
export async function countHotelRooms(db: Db, hotelId: number, roomIds: readonly number[]): Promise<number> {
  const found = await db
    .selectFrom('rooms')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('id', 'in', roomIds)
    .execute();
  return found.length;
}

export async function updateManager(
  db: Db,
  id: number,
  set: { nickname: string; authorities?: readonly string[]; passwordHash?: string; now: Date },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      nickname: set.nickname,
      ...(set.authorities ? { authorities: JSON.stringify(set.authorities) } : {}),
      ...(set.passwordHash ? { password_hash: set.passwordHash, password_changed_at: set.now } : {}),
      updated_at: set.now,
    })
    .where('id', '=', id)
    .execute();
}

/** Adds a secondary administrator of a hotel; its id. */
export async function insertManager(
  db: Db,
  m: {
    mobile: string;
    passwordHash: string;
    hotelId: number;
    createdBy: number;
    nickname: string;
    authorities: readonly string[];
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      mobile: m.mobile,
      password_hash: m.passwordHash,
      role: 'secondary',
      hotel_id: m.hotelId,
      created_by: m.createdBy,
      nickname: m.nickname,
      authorities: JSON.stringify(m.authorities),
      created_at: m.now,
      updated_at: m.now,
      password_changed_at: m.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the rooms granted to an account. */
export async function replaceAccountRooms(
  db: Db,
  userId: number,
  roomIds: readonly number[],
  grantedBy: number,
  now: Date,
): Promise<void> {
  await db.deleteFrom('user_rooms').where('user_id', '=', userId).execute();
  if (roomIds.length > 0)
    await db
      .insertInto('user_rooms')
      .values(
        roomIds.map((room_id) => ({ user_id: userId, room_id, granted_by: grantedBy, created_at: now })),
      )
      .execute();
}

export function accountById(db: Db, id: number): Promise<User> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The rooms granted to an account. */
export async function accountRoomIds(db: Db, userId: number): Promise<number[]> {
  const rooms = await db.selectFrom('user_rooms').select('room_id').where('user_id', '=', userId).execute();
  return rooms.map((r) => r.room_id);
}

// ---- the signed-in account --------------------------------------------------------------------------------

/** The account's user info with its hotel's name and balance. */
export function accountInfo(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('hotels as h', 'h.id', 'u.hotel_id')
    .select([
      'u.id',
      'u.mobile',
      'u.email',
      'u.avatar',
      'u.name',
      'u.nickname',
      'u.gender',
      'u.nationality',
      'u.birth_date',
      'u.id_number',
      'u.role',
      'u.hotel_id',
      'h.name as hotel_name',
      'h.balance_fen',
      'u.created_at',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function setAvatar(db: Db, userId: number, avatar: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ avatar, updated_at: now }).where('id', '=', userId).execute();
}

// ---- the demo SMS outbox ----------------------------------------------------------------------------------

/** The 20 latest texts of the outbox, of one mobile or of all. */
export function latestOutboxTexts(db: Db, mobile: string | undefined) {
  let q = db.selectFrom('sms_outbox').select(['id', 'mobile', 'text', 'created_at']);
  if (mobile) q = q.where('mobile', '=', mobile);
  return q.orderBy('id', 'desc').limit(20).execute();
}
