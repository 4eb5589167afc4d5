/**
 * The service period that governs an account (spec §4 'Service states', §8 'Service has expired, please contact
 * customer manager {parentMobile}'): a super administrator's own `service_expires_at`; for a secondary
 * administrator or staff member, that of their hotel's super administrator; and in every case the account's own
 * `valid_until`. The contact is the customer manager (`parent_id`) of that super administrator.
 *
 * Checked at login and on every authenticated call (call.ts), so a session opened before the end does not outlive it.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';

export interface ServiceStatus {
  /** End of the hotel's (or the super administrator's) service period; null = no limit. */
  expiresAt: Date | null;
  /** The customer manager's mobile, '' when there is none. */
  parentMobile: string;
}

/** The service period of an account's hotel and the customer manager to contact. */
export async function serviceStatus(db: Db, user: User): Promise<ServiceStatus> {
  let owner: User | undefined = user;
  if (user.role !== 'super' && user.role !== 'customer_manager' && user.hotel_id !== null) {
    owner = await db
      .selectFrom('users')
      .selectAll()
      .where('hotel_id', '=', user.hotel_id)
      .where('role', '=', 'super')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }
  if (!owner || owner.role === 'customer_manager') return { expiresAt: null, parentMobile: '' };
  const parent =
    owner.parent_id === null
      ? undefined
      : await db.selectFrom('users').select('mobile').where('id', '=', owner.parent_id).executeTakeFirst();
  return { expiresAt: owner.service_expires_at, parentMobile: parent?.mobile ?? '' };
}

/**
 * The same rule as one SQL expression over `users as u`, for the session lookup: the earlier of the account's own
 * validity and its service period (null when neither is set; PostgreSQL's least() skips nulls).
 */
export const serviceEndsSql = sql<Date | null>`least(
  u.valid_until,
  CASE
    WHEN u.role = 'super' THEN u.service_expires_at
    WHEN u.role IN ('secondary', 'staff') THEN (
      SELECT o.service_expires_at FROM users o
      WHERE o.hotel_id = u.hotel_id AND o.role = 'super' ORDER BY o.id LIMIT 1
    )
  END
)`;
