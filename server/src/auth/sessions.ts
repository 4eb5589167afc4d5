/** Login sessions: opaque bearer tokens, stored as SHA-256 hashes. */
import { createHash, randomBytes } from 'node:crypto';
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

/** The caller of a token: 100003 when unknown or expired, 9000005 when revoked. */
export async function resolveSession(db: Db, token: string | undefined, now: number): Promise<SessionUser> {
  if (!token) throw loginExpired();
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.expires_at',
      's.revoked_at',
      'u.id',
      'u.role',
      'u.hotel_id',
      'u.mobile',
      'u.email',
      'u.nickname',
      'u.frozen',
      'u.authorities',
      serviceEndsSql.as('service_ends_at'),
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw loginExpired();
  if (row.revoked_at) throw sessionRevoked();
  if (row.expires_at.getTime() <= now) throw loginExpired();
  return {
    id: row.id,
    sessionId: row.sessionId,
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
