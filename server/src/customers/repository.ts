/**
 * Every SQL statement of the customer area: a super administrator's customer manager (`users.parent_id`) and a
 * customer manager's clients (the super administrators who have it as parent, with their hotels).
 */
import type { ClientState } from '@lockdesk/protocol';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { likePattern } from '../shared/room-views.js';

/** An account's customer manager's id and its own service end. */
export function parentAndService(
  db: Db,
  userId: number,
): Promise<{ parent_id: number | null; service_expires_at: Date | null }> {
  return db
    .selectFrom('users')
    .select(['parent_id', 'service_expires_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The customer manager of an id. */
export function customerManagerById(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'mobile', 'nickname', 'name', 'email'])
    .where('id', '=', id)
    .where('role', '=', 'customer_manager')
    .executeTakeFirst();
}

/** The customer manager of a mobile. */
export function customerManagerByMobile(db: Db, mobile: string) {
  return db
    .selectFrom('users')
    .select(['id', 'mobile', 'nickname', 'name', 'email'])
    .where('mobile', '=', mobile)
    .where('role', '=', 'customer_manager')
    .executeTakeFirst();
}

/** Makes a customer manager an account's parent. */
export async function setParent(db: Db, userId: number, parentId: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ parent_id: parentId, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Removes an account's customer manager (only the one of `parentId` when given); false when it had none. */
export async function removeParent(
  db: Db,
  userId: number,
  parentId: number | undefined,
  now: Date,
): Promise<boolean> {
  const removed = await db
    .updateTable('users')
    .set({ parent_id: null, updated_at: now })
    .where('id', '=', userId)
    .where('parent_id', 'is not', null)
    .$if(parentId !== undefined, (q) => q.where('parent_id', '=', parentId as number))
    .returning('id')
    .executeTakeFirst();
  return removed !== undefined;
}

/** Drops a client of a customer manager; the client, or undefined when it is not one of its clients. */
export function dropClient(db: Db, managerId: number, clientId: number, now: Date) {
  return db
    .updateTable('users')
    .set({ parent_id: null, updated_at: now })
    .where('id', '=', clientId)
    .where('parent_id', '=', managerId)
    .where('role', '=', 'super')
    .returning(['id', 'mobile'])
    .executeTakeFirst();
}

/**
 * A page of a customer manager's clients, the most urgent first (ended, then ending soonest; no end last), by
 * hotel name, mobile or name, and by service state: ended by `now`, ending by `warnUntil`, or neither.
 */
export async function clientPage(
  db: Db,
  managerId: number,
  filter: { keyword?: string | undefined; state?: ClientState | undefined; now: Date; warnUntil: Date },
  page: { limit: number; offset: number },
) {
  const { now, warnUntil } = filter;
  let q = db
    .selectFrom('users as s')
    .leftJoin('hotels as h', 'h.id', 's.hotel_id')
    .where('s.parent_id', '=', managerId)
    .where('s.role', '=', 'super');
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('h.name', 'ilike', like),
        eb('s.mobile', 'ilike', like),
        eb('s.nickname', 'ilike', like),
        eb('s.name', 'ilike', like),
      ]),
    );
  }
  if (filter.state === 'expired') q = q.where('s.service_expires_at', '<=', now);
  if (filter.state === 'expiring')
    q = q.where('s.service_expires_at', '>', now).where('s.service_expires_at', '<=', warnUntil);
  if (filter.state === 'active')
    q = q.where((eb) =>
      eb.or([eb('s.service_expires_at', 'is', null), eb('s.service_expires_at', '>', warnUntil)]),
    );
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      's.id',
      's.mobile',
      's.nickname',
      's.name',
      's.frozen',
      's.service_expires_at',
      's.hotel_id',
      'h.name as hotel_name',
    ])
    .orderBy(sql`s.service_expires_at ASC NULLS LAST`)
    .orderBy('s.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total.n), rows };
}
