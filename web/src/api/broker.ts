import { type BrokerCredential, brokerCalls } from '@lockdesk/protocol';
import { callManage } from './client.ts';

/**
 * The signed-in operator's broker credential (`broker/credential`, server/API.md; BROKER-CONTRACT 'Console
 * credential'): a new one with its password, or with `renew` the renewal of that live one (no password). Silent:
 * the remote reader says itself what went wrong, in the operator's language.
 */
export function fetchBrokerCredential(renew?: { username: string }): Promise<BrokerCredential> {
  return callManage(brokerCalls.credential, renew ? { username: renew.username } : {}, { silent: true });
}
