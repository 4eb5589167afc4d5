/**
 * Lock secrets from the console (server/API.md §10 'Lock secrets'): a room's lock gets a new secret, shown once, for
 * the installer to put into the lock; the old one stops working at once.
 */
import { call } from './contract.js';
import { f } from './schema.js';

/** A lock's new secret (lock/issueSecret): shown once, never stored by the console. */
export interface IssuedSecret {
  room_id: number;
  mac_id: string;
  lock_secret: string;
  issued_at: number | null;
}

export const lockDeviceCalls = {
  issueSecret: call({
    path: 'lock/issueSecret',
    summary: "A new secret for a room's lock",
    auth: 'user',
    mutates: true,
    permission: 'room.manage',
    schema: { room_id: f.id() },
  }).answers<IssuedSecret>(),
};
