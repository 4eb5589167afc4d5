/**
 * The operation-log area (server/API.md §4): the entries the caller may read, and the accounts the person filter
 * can find. The rules are service.ts's, the SQL repository.ts's; the entries are written by the dispatcher.
 */
import { operationLogCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { listEntries, logAccounts } from './service.js';

export function operationLogRoutes(app: FastifyInstance): void {
  // Permission: the contracts' log.view; a room-limited reader sees its own entries and its rooms' (service.ts).
  defineCall(app, operationLogCalls.list, { handler: (ctx, body) => listEntries(ctx, body) });
  defineCall(app, operationLogCalls.accounts, { handler: (ctx, body) => logAccounts(ctx, body) });
}
