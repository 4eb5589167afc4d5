/**
 * Login sessions: opaque bearer tokens, stored as SHA-256 hashes.
 *
 * Every authenticated call resolves its token. The resolved caller is kept in memory per token hash (at most
 * SESSION_CACHE entries) while the change feed (db/changes.ts) says no row of `sessions`, `users` or `hotels` changed
 * since it was read: a logout, a revocation, a frozen account, a changed role or service period is seen by the very
 * next call on this process (the write reports itself when its connection is released, after the commit), and by
 * other replicas within the notification delay, never later than the feed's liveness bound (3 s) — past that, every
 * call reads the database again. Expiry and service end are compared with the clock on every call.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type ChangeFeed, changeFeed, VersionedCache } from '../db/changes.js';
import type { Db } from '../db/index.js';
import type { Role } from '../db/schema.js';
import { loginExpired, sessionRevoked } from '../errors.js';
import { serviceEndsSql } from '../services/service-period.js';

/** The caller of an authenticated call, as resolved from the session token. */
export interface SessionUser {
  id: number;
  sessionId: number;
  role: Role;
  hotelId: number | null;
  mobile: string | null;
  email: string | null;
  nickname: string;
  frozen: boolean;
  authorities: string[];
  /** When the account's service period (or its own validity) ends; null = no limit (services/service-period.ts). */
  serviceEndsAt: Date | null;
}

/**
 * SHA-256 hex of a token or secret the server handed out (session, card-service, upload and export tokens; API key
 * secrets): only the hash is stored. They are 256 random bits, so a fast hash is right.
 */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The token from an `Authorization: Bearer <token>` header (or a bare token), if any. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const m = /^\s*(?:Bearer\s+)?([A-Za-z0-9_-]{20,200})\s*$/i.exec(value);
  return m?.[1];
}

export interface NewSession {
  userId: number;
  clientUuid: string | null;
  userAgent: string | null;
  ip: string | null;
  now: number;
  ttlMs: number;
}

/** Opens a session and returns its token (shown once, never stored). */
export async function openSession(db: Db, s: NewSession): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(s.now + s.ttlMs);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: s.userId,
      client_uuid: s.clientUuid,
      user_agent: s.userAgent,
      ip: s.ip,
      created_at: new Date(s.now),
      last_seen_at: new Date(s.now),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** The tables a resolved session is read from. */
const SESSION_TABLES = ['sessions', 'users', 'hotels'] as const;
const SESSION_CACHE = 10_000;

interface KnownSession {
  user: SessionUser;
  expiresAt: number;
  revoked: boolean;
}

const sessionCaches = new WeakMap<ChangeFeed, VersionedCache<KnownSession>>();

function sessionCache(db: Db): VersionedCache<KnownSession> | undefined {
  const feed = changeFeed(db);
  if (!feed) return undefined;
  let cache = sessionCaches.get(feed);
  if (!cache) {
    cache = new VersionedCache<KnownSession>(feed, SESSION_TABLES, SESSION_CACHE);
    sessionCaches.set(feed, cache);
  }
  return cache;
}

/** The caller of a token: 100003 when unknown or expired, 9000005 when revoked. */
export async function resolveSession(db: Db, token: string | undefined, now: number): Promise<SessionUser> {
  if (!token) throw loginExpired();
  const tokenHash = hashToken(token);
  const cache = sessionCache(db);
  // Sessions do not depend on the clock (expiry is checked below), so an entry holds at any time.
  let known = cache?.get(tokenHash, 0);
  if (!known) {
    const version = cache?.version() ?? 0;
    known = await readSession(db, tokenHash);
    if (!known) throw loginExpired();
    cache?.set(tokenHash, version, known, 0);
  }
  if (known.revoked) throw sessionRevoked();
  if (known.expiresAt <= now) throw loginExpired();
  return known.user;
}

/** The account columns a SessionUser is made of (the users table joined as `u`), for sessionUserOf. */
export const sessionUserColumns = [
  'u.id',
  'u.role',
  'u.hotel_id',
  'u.mobile',
  'u.email',
  'u.nickname',
  'u.frozen',
  'u.authorities',
  serviceEndsSql.as('service_ends_at'),
] as const;

/** The caller an account row (read with sessionUserColumns) stands for. */
export function sessionUserOf(
  row: {
    id: number;
    role: Role;
    hotel_id: number | null;
    mobile: string | null;
    email: string | null;
    nickname: string;
    frozen: boolean;
    authorities: unknown;
    service_ends_at: Date | string | null;
  },
  sessionId: number,
): SessionUser {
  return {
    id: row.id,
    sessionId,
    role: row.role,
    hotelId: row.hotel_id,
    mobile: row.mobile,
    email: row.email,
    nickname: row.nickname,
    frozen: row.frozen,
    authorities: Array.isArray(row.authorities) ? row.authorities.map(String) : [],
    serviceEndsAt: row.service_ends_at === null ? null : new Date(row.service_ends_at),
  };
}

async function readSession(db: Db, tokenHash: string): Promise<KnownSession | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as sessionId', 's.expires_at', 's.revoked_at'])
    .select(sessionUserColumns)
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const user = sessionUserOf(row, row.sessionId);
  // Shared by every call of the session while cached: frozen, so no handler can change it for the next one.
  Object.freeze(user.authorities);
  return { user: Object.freeze(user), expiresAt: row.expires_at.getTime(), revoked: row.revoked_at !== null };
}

/** Revokes sessions of a user (all, or all but one); their next call answers 9000005. */
export async function revokeSessions(
  db: Db,
  userId: number,
  reason: string,
  now: number,
  exceptSessionId?: number,
): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: new Date(now), revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}
