/** Demo-only calls: the SMS outbox, so a demo user can read the code the outbox provider "sent". */
import { devCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { epochSeconds } from '../fields.js';

export function devRoutes(app: FastifyInstance): void {
  if (!app.config.demo) return;
  defineCall(app, devCalls.smsOutbox, {
    handler: async (ctx, body) => {
      let q = ctx.db.selectFrom('sms_outbox').select(['id', 'mobile', 'text', 'created_at']);
      if (body.mobile) q = q.where('mobile', '=', body.mobile);
      const rows = await q.orderBy('id', 'desc').limit(20).execute();
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
