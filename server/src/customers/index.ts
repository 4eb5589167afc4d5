/**
 * The customer area (server/API.md §16): a super administrator's customer manager and a customer manager's clients.
 * The rules are service.ts's, the SQL repository.ts's.
 */
import { customerCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { clientsView, managerView, removeCustomer, setCustomerManager } from './service.js';

export function customerRoutes(app: FastifyInstance): void {
  // Roles: the contracts'. A super administrator is answered its manager, a customer manager its clients.
  defineCall(app, customerCalls.list, {
    handler: (ctx, body) => (ctx.user.role === 'super' ? managerView(ctx) : clientsView(ctx, body)),
  });
  defineCall(app, customerCalls.setManager, { handler: (ctx, body) => setCustomerManager(ctx, body.mobile) });
  defineCall(app, customerCalls.remove, { handler: (ctx, body) => removeCustomer(ctx, body.id) });
}
