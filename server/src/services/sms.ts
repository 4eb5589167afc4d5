/** SMS sending behind one interface; the default provider writes to the log and the sms_outbox table. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';

export interface SmsProvider {
  readonly name: string;
  /** Sends one text message; throws when the provider refuses. */
  send(mobile: string, text: string): Promise<void>;
}

/**
 * The default provider, for installs without an SMS gateway: every message goes to the sms_outbox table and, whole,
 * to the server log (so an operator can read a code without demo mode). The demo reads codes from dev/smsOutbox.
 * A real gateway implements SmsProvider and is passed to buildApp as `sms`.
 */
export function outboxSmsProvider(db: Db, log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'outbox',
    async send(mobile, text) {
      await db.insertInto('sms_outbox').values({ mobile, text, provider: 'outbox' }).execute();
      log.info({ sms: { mobile, text } }, 'SMS written to the outbox (no SMS gateway configured)');
    },
  };
}
