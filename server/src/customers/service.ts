/**
 * Customers (route /center/customer of the console, API.md §16). The customer manager (parent account, spec §6) is
 * the contact a hotel is told to call when its service period ends ('Service has expired, please contact customer
 * manager {parentMobile}'). The relation is `users.parent_id` of a hotel's super administrator.
 *
 * - A super administrator sees its customer manager and its own service period, sets or changes the manager by
 *   mobile (room/clientSet) and removes it (room/clientDelete).
 * - A customer manager sees its clients: the hotels whose super administrator has it as parent, with their service
 *   expiry and days left, searched and paged by the server; it may drop a client (room/clientDelete { id }).
 */
import type { BodyOf, ClientsView, customerCalls, ManagerView, ServiceState } from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds, pageOf } from '../fields.js';
import * as repo from './repository.js';

const DAY_MS = 86_400_000;

/** Days left of a service period (rounded up), whether it has ended and whether the end is near. */
function serviceState(ctx: UserContext, expiresAt: Date | null): ServiceState {
  if (expiresAt === null)
    return { service_expires_at: null, days_left: null, expired: false, expiring: false };
  const left = expiresAt.getTime() - ctx.now().getTime();
  const days = Math.ceil(left / DAY_MS);
  return {
    service_expires_at: epochSeconds(expiresAt),
    days_left: Math.max(days, 0),
    expired: left <= 0,
    expiring: left > 0 && days <= ctx.config.serviceWarningDays,
  };
}

/** The super administrator's own view: its customer manager and its service period. */
export async function managerView(ctx: UserContext): Promise<ManagerView> {
  const me = await repo.parentAndService(ctx.db, ctx.user.id);
  const manager = me.parent_id === null ? undefined : await repo.customerManagerById(ctx.db, me.parent_id);
  return { view: 'manager', manager: manager ?? null, ...serviceState(ctx, me.service_expires_at) };
}

/** A page of the customer manager's clients with their service state. */
export async function clientsView(
  ctx: UserContext,
  body: BodyOf<typeof customerCalls.list>,
): Promise<ClientsView> {
  const { page, limit, offset } = pageOf(body);
  const now = ctx.now();
  const warnUntil = new Date(now.getTime() + ctx.config.serviceWarningDays * DAY_MS);
  const { total, rows } = await repo.clientPage(
    ctx.db,
    ctx.user.id,
    { keyword: body.keyword, state: body.state, now, warnUntil },
    { limit, offset },
  );
  return {
    view: 'clients',
    list: rows.map((r) => ({
      id: r.id,
      mobile: r.mobile,
      nickname: r.nickname,
      name: r.name,
      frozen: r.frozen,
      hotel_id: r.hotel_id,
      hotel_name: r.hotel_name ?? '',
      ...serviceState(ctx, r.service_expires_at),
    })),
    total,
    page,
    limit,
  };
}

/** Sets or changes the caller's customer manager by mobile. */
export async function setCustomerManager(ctx: UserContext, mobile: string): Promise<ManagerView> {
  const manager = await repo.customerManagerByMobile(ctx.db, mobile.trim());
  if (!manager) throw failure('ACCOUNT_NOT_FOUND');
  await repo.setParent(ctx.db, ctx.user.id, manager.id, ctx.now());
  ctx.audit(`Customer manager set to ${manager.mobile}`);
  return managerView(ctx);
}

/** A super administrator removes its customer manager; a customer manager drops a client (`id`). */
export async function removeCustomer(
  ctx: UserContext,
  id: number | undefined,
): Promise<ManagerView | { id: number }> {
  if (ctx.user.role === 'super') {
    if (!(await repo.removeParent(ctx.db, ctx.user.id, id, ctx.now()))) throw failure('NOT_FOUND');
    ctx.audit('Customer manager removed');
    return managerView(ctx);
  }
  if (id === undefined) throw failure('FIELD_REQUIRED', { field: 'id' });
  const removed = await repo.dropClient(ctx.db, ctx.user.id, id, ctx.now());
  if (!removed) throw failure('NOT_FOUND');
  ctx.audit(`Client ${removed.mobile ?? removed.id} removed`);
  return { id: removed.id };
}
