/**
 * PIN passwords of a room's lock (spec §2 'Passwords', §5 'custom password 6 digits'; contract A of issue 8): drawn
 * by the server or entered by the operator, answered with their digits once, listed, withdrawn and deleted. Every
 * call needs `stay.manage` on the room. The rules where the spec is silent are service/passwords.ts's.
 */
import { type BodyOf, passwordCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import { roomPasswordPage, withStatus } from './repository/passwords.js';
import { deletePassword, issuePassword, withdrawPassword } from './service/passwords.js';
import { passwordView } from './views.js';

/** A created password as answered: the view, and its digits this once. */
async function issued(
  ctx: UserContext,
  body: BodyOf<typeof passwordCalls.drawPassword>,
  entered: string | undefined,
) {
  const { row, pin, now } = await issuePassword(ctx, body, entered);
  return { ...passwordView(row, now.getTime()), password: pin };
}

/** One page of a room's passwords that `filter` keeps, as answered now. */
async function listPasswords(
  ctx: UserContext,
  roomId: number,
  body: { page?: number; limit?: number },
  filter: ReturnType<typeof withStatus> | undefined,
) {
  const { rows, ...page } = await roomPasswordPage(ctx.db, roomId, filter, body);
  const nowMs = ctx.now().getTime();
  return { list: rows.map((r) => passwordView(r, nowMs)), ...page };
}

export function passwordRoutes(app: FastifyInstance): void {
  defineCall(app, passwordCalls.drawPassword, {
    handler: (ctx, body) => issued(ctx, body, undefined),
  });

  defineCall(app, passwordCalls.addPassword, {
    handler: (ctx, body) => issued(ctx, body, body.password),
  });

  defineCall(app, passwordCalls.passwordList, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'stay.manage');
      return listPasswords(ctx, room.id, body, withStatus('active', ctx.now()));
    },
  });

  defineCall(app, passwordCalls.passwordHistory, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'stay.manage');
      const now = ctx.now();
      return listPasswords(ctx, room.id, body, body.status ? withStatus(body.status, now) : undefined);
    },
  });

  defineCall(app, passwordCalls.callbackPassword, {
    handler: async (ctx, body) => {
      const { row, now } = await withdrawPassword(ctx, body.id);
      return passwordView(row, now.getTime());
    },
  });

  defineCall(app, passwordCalls.deletePassword, {
    handler: (ctx, body) => deletePassword(ctx, body.id),
  });
}
