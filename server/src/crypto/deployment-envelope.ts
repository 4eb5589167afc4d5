import type { EnvelopeKeys } from '@lockdesk/protocol';
import { type Envelope, nativeEnvelope } from './native-envelope.js';

const envelopes = new WeakMap<EnvelopeKeys, Envelope | null>();

/**
 * The envelope of the deployment's keys: the protocol's DES envelope computed by OpenSSL (native-envelope.ts, the
 * same bytes as the crypto-js one, an order of magnitude faster on a page of rooms), made once per key pair; null
 * for keys that are not 8 bytes each, which then open nothing and seal nothing.
 */
export function envelopeFor(keys: EnvelopeKeys): Envelope | null {
  let envelope = envelopes.get(keys);
  if (envelope === undefined) {
    try {
      envelope = nativeEnvelope(keys);
    } catch {
      envelope = null;
    }
    envelopes.set(keys, envelope);
  }
  return envelope;
}
