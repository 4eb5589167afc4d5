import { DEFAULT_ENVELOPE_KEYS, type EnvelopeKeys, utf8Encode } from '@lockdesk/protocol';

/**
 * The /manage envelope's DES key and IV are the deployment's (LOCKDESK_DES_KEY / LOCKDESK_DES_IV): the server that
 * serves the console puts them in `<meta name="lockdesk-envelope" content="<key>:<iv>">`, so one build works with
 * any pair. Without the tag (vite's dev server, unit tests) the built-in pair is used, as the server's default.
 */

const META_SELECTOR = 'meta[name="lockdesk-envelope"]';
const BYTES = 8;

/**
 * The pair from a tag's content, or undefined when it is not `<8 bytes>:<8 bytes>`. Split by byte count, not at the
 * first ':', since the key may hold one.
 */
export function parseEnvelopeMeta(content: string | null | undefined): EnvelopeKeys | undefined {
  if (typeof content !== 'string') return undefined;
  for (let at = content.indexOf(':'); at !== -1; at = content.indexOf(':', at + 1)) {
    const key = content.slice(0, at);
    const length = utf8Encode(key).length;
    if (length > BYTES) return undefined;
    if (length < BYTES) continue;
    const iv = content.slice(at + 1);
    return utf8Encode(iv).length === BYTES ? { key, iv } : undefined;
  }
  return undefined;
}

/** The pair a page carries, else the built-in one. */
export function envelopeKeysOf(page: Pick<Document, 'querySelector'> | undefined): EnvelopeKeys {
  const content = page?.querySelector(META_SELECTOR)?.getAttribute('content');
  return parseEnvelopeMeta(content) ?? DEFAULT_ENVELOPE_KEYS;
}

let read: EnvelopeKeys | undefined;

/** This console's pair, read from the page once. */
export function envelopeKeys(): EnvelopeKeys {
  read ??= envelopeKeysOf(typeof document === 'undefined' ? undefined : document);
  return read;
}
