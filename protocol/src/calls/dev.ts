/** Demo-only calls (server/API.md §2): the SMS outbox, so a demo user can read the code the outbox "sent". */
import { call } from './contract.js';
import { f } from './schema.js';

/** A text the outbox provider kept. */
export interface OutboxSms {
  id: number;
  mobile: string;
  text: string;
  time: number;
}

export const devCalls = {
  /** The 20 latest texts, of one mobile or of all. Registered only in demo mode. */
  smsOutbox: call({
    path: 'dev/smsOutbox',
    summary: 'The demo SMS outbox',
    auth: 'public',
    mutates: false,
    schema: { mobile: f.mobile({ optional: true }) },
  }).answers<{ list: OutboxSms[] }>(),
};
