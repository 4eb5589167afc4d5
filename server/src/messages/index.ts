/**
 * The message area (server/API.md §14): the hotel's messages listed with their unread count, read and deleted. The
 * rules are service.ts's, the SQL repository.ts's; the messages are written by services/messages.ts.
 */
import { messageCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { deleteMessages, listMessages, readMessages } from './service.js';

export function messageRoutes(app: FastifyInstance): void {
  // Permission: the contracts' message.view; a room's messages also need the room in the caller's scope.
  defineCall(app, messageCalls.list, { handler: (ctx, body) => listMessages(ctx, body) });
  defineCall(app, messageCalls.remove, { handler: (ctx, body) => deleteMessages(ctx, body) });
  defineCall(app, messageCalls.markRead, { handler: (ctx, body) => readMessages(ctx, body) });
}
