/** SMS sending behind one interface; the default provider writes to the log and the sms_outbox table. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';

export interface SmsProvider {
  readonly name: string;
  /** Sends one text message; throws when the provider refuses. */
  send(mobile: string, text: string): Promise<void>;
}

/** Writes every message to sms_outbox and the log: the demo reads codes from dev/smsOutbox. */
export function outboxSmsProvider(db: Db, log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'outbox',
    async send(mobile, text) {
      await db.insertInto('sms_outbox').values({ mobile, text, provider: 'outbox' }).execute();
      log.info({ mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}` }, 'SMS written to the outbox');
    },
  };
}
