/**
 * The account area (server/API.md §2 'Account', §16 'Personal centre'): the graphic code, login and logout, the
 * password change and its recovery by SMS, secondary administrators, the signed-in account, and (demo mode only)
 * the SMS outbox. Each call: its contract, then the service (service.ts) or the repository (repository.ts).
 */
import { accountCalls, devCalls, profileCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { epochSeconds } from '../fields.js';
import { latestOutboxTexts } from './repository.js';
import {
  changePassword,
  login,
  logout,
  myInfo,
  newCaptcha,
  resetPassword,
  sendRecoveryCode,
  setManager,
  setMyAvatar,
} from './service.js';

export function accountRoutes(app: FastifyInstance): void {
  defineCall(app, accountCalls.captcha, { handler: (ctx) => newCaptcha(ctx) });
  defineCall(app, accountCalls.login, { handler: (ctx, body) => login(ctx, body) });
  defineCall(app, accountCalls.logout, { handler: (ctx) => logout(ctx) });
  defineCall(app, accountCalls.updatePassword, { handler: (ctx, body) => changePassword(ctx, body) });
  defineCall(app, accountCalls.sendRecoveryCode, { handler: (ctx, body) => sendRecoveryCode(ctx, body) });
  defineCall(app, accountCalls.resetPassword, { handler: (ctx, body) => resetPassword(ctx, body) });
  // Roles and permission: the contract's (super administrators holding manager.manage).
  defineCall(app, accountCalls.setManager, { handler: (ctx, body) => setManager(ctx, body) });

  // Who is decided by the session only: no call here names another account.
  defineCall(app, profileCalls.info, { handler: (ctx) => myInfo(ctx) });
  defineCall(app, profileCalls.setAvatar, { handler: (ctx, body) => setMyAvatar(ctx, body.avatar) });

  // The demo's SMS outbox, so a demo user can read the code the outbox provider "sent".
  if (app.config.demo) {
    defineCall(app, devCalls.smsOutbox, {
      handler: async (ctx, body) => {
        const rows = await latestOutboxTexts(ctx.db, body.mobile);
        return {
          list: rows.map((r) => ({
            id: r.id,
            mobile: r.mobile,
            text: r.text,
            time: epochSeconds(r.created_at),
          })),
        };
      },
    });
  }
}
