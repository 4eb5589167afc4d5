/**
 * The console's message-broker credential (server/API.md §20, BROKER-CONTRACT 'Console credential'): the signed-in
 * operator's short-lived credential for the encoders of the hotel, which the remote reader connects with.
 */
import { call } from './contract.js';
import { f } from './schema.js';

/** A console broker credential: a new one carries its password; a renewal of a live one answers without it. */
export interface BrokerCredential {
  username: string;
  password?: string;
  /** Seconds since epoch. */
  expires_at: number;
  /** Seconds the credential lives unless renewed. */
  ttl: number;
  /** The device ids (12 hex) the credential reaches. */
  devices: string[];
}

export const brokerCalls = {
  /** A new credential, or with `username` the renewal of that live one. */
  credential: call({
    path: 'broker/credential',
    summary: "The signed-in operator's broker credential for the hotel's encoders (new, or renewed by name)",
    auth: 'user',
    // Renewed every few minutes by every open console: not an operation to log.
    mutates: false,
    schema: { username: f.string({ max: 64, optional: true }) },
  }).answers<BrokerCredential>(),
};
