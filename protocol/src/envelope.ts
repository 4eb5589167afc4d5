// Only the crypto-js modules the envelope needs, not the whole library: the console loads this module on its
// sign-in page. core.js holds WordArray and enc.Utf8, enc-base64.js adds enc.Base64, tripledes.js adds DES with
// cipher-core's CipherParams, mode.CBC and pad.Pkcs7, pad-nopadding.js adds pad.NoPadding. Each registers itself
// on the one shared CryptoJS object of core.js (their types describe the whole library). cipher-core is left to
// tripledes.js on purpose: it loads md5.js first, and evpkdf.js (which cipher-core loads) keeps the MD5 it finds
// at load time, so loading cipher-core before md5 would break passphrase AES for every later user of crypto-js.
import CryptoJS from 'crypto-js/core.js';
import 'crypto-js/enc-base64.js';
import 'crypto-js/tripledes.js';
import 'crypto-js/pad-nopadding.js';
import { utf8Encode } from './hex.js';
import { fail, ok, type Result } from './result.js';

/**
 * The DES envelope of the management API (spec §7 'Main client', §9 'Data encryption'): DES-CBC with PKCS#7
 * padding, key and IV taken as the UTF-8 bytes of 8-character strings, ciphertext in base64. The vendor's fixed
 * key and IV are not reproduced in the spec; these are LockDesk's built-in defaults, overridable per deployment.
 */
export const DEFAULT_ENVELOPE_KEY = 'LkDsk#K1';
export const DEFAULT_ENVELOPE_IV = 'LkDsk#V1';

export interface EnvelopeKeys {
  key: string;
  iv: string;
}
export const DEFAULT_ENVELOPE_KEYS: EnvelopeKeys = { key: DEFAULT_ENVELOPE_KEY, iv: DEFAULT_ENVELOPE_IV };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * UTF-8 bytes of a text as a WordArray. crypto-js's own enc.Utf8.parse throws a URIError on a lone surrogate;
 * utf8Encode writes U+FFFD for it, as TextEncoder (and Node's Buffer) do.
 */
function utf8WordArray(text: string): CryptoJS.lib.WordArray {
  const bytes = utf8Encode(text);
  const words: number[] = [];
  for (let i = 0; i < bytes.length; i++)
    words[i >>> 2] = (words[i >>> 2] ?? 0) | (bytes[i]! << (24 - (i % 4) * 8));
  return CryptoJS.lib.WordArray.create(words, bytes.length);
}

function checkKeys(keys: EnvelopeKeys): string | undefined {
  if (typeof keys?.key !== 'string' || utf8Encode(keys.key).length !== 8)
    return 'DES key must be 8 UTF-8 bytes';
  if (typeof keys.iv !== 'string' || utf8Encode(keys.iv).length !== 8) return 'DES IV must be 8 UTF-8 bytes';
  return undefined;
}

/** Encrypts a UTF-8 text to base64 DES-CBC ciphertext. */
export function encryptText(plain: string, keys: EnvelopeKeys = DEFAULT_ENVELOPE_KEYS): Result<string> {
  const bad = checkKeys(keys);
  if (bad) return fail('DATA_PARSE_FAILED', bad);
  if (typeof plain !== 'string') return fail('DATA_PARSE_FAILED', 'plain text is not a string');
  // Key and IV as WordArrays: a string key would switch crypto-js to passphrase (OpenSSL KDF) mode.
  const key = utf8WordArray(keys.key);
  const iv = utf8WordArray(keys.iv);
  const cipher = CryptoJS.DES.encrypt(utf8WordArray(plain), key, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  return ok(cipher.ciphertext.toString(CryptoJS.enc.Base64));
}

/** Decrypts base64 DES-CBC ciphertext to UTF-8 text; anything undecodable is DATA_PARSE_FAILED. */
export function decryptText(
  cipherBase64: string,
  keys: EnvelopeKeys = DEFAULT_ENVELOPE_KEYS,
): Result<string> {
  const bad = checkKeys(keys);
  if (bad) return fail('DATA_PARSE_FAILED', bad);
  if (typeof cipherBase64 !== 'string') return fail('DATA_PARSE_FAILED', 'ciphertext is not a string');
  const compact = cipherBase64.replace(/\s+/g, '');
  if (compact.length === 0 || !BASE64.test(compact))
    return fail('DATA_PARSE_FAILED', 'ciphertext is not base64');
  const bytes = (compact.length / 4) * 3 - (compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0);
  if (bytes % 8 !== 0) return fail('DATA_PARSE_FAILED', `ciphertext is ${bytes} bytes, not a multiple of 8`);
  try {
    const key = utf8WordArray(keys.key);
    const iv = utf8WordArray(keys.iv);
    const params = CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Base64.parse(compact) });
    // Decrypt without padding and check PKCS#7 here: crypto-js strips padding unchecked, so a wrong key or a
    // damaged body would otherwise come back as garbage instead of a refusal.
    const raw = CryptoJS.DES.decrypt(params, key, {
      iv,
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.NoPadding,
    });
    const last = raw.sigBytes - 1;
    const padAt = (i: number) => ((raw.words[i >>> 2] ?? 0) >>> (24 - (i % 4) * 8)) & 0xff;
    const n = padAt(last);
    if (raw.sigBytes < 8 || n < 1 || n > 8) return fail('DATA_PARSE_FAILED', 'bad padding');
    for (let i = raw.sigBytes - n; i < raw.sigBytes; i++) {
      if (padAt(i) !== n) return fail('DATA_PARSE_FAILED', 'bad padding');
    }
    raw.sigBytes -= n;
    raw.clamp();
    return ok(raw.toString(CryptoJS.enc.Utf8));
  } catch (e) {
    return fail('DATA_PARSE_FAILED', e instanceof Error ? e.message : 'undecodable ciphertext');
  }
}

/** Encrypts a JSON value into the envelope's `data` string. */
export function encryptEnvelope(value: unknown, keys: EnvelopeKeys = DEFAULT_ENVELOPE_KEYS): Result<string> {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (e) {
    return fail('DATA_PARSE_FAILED', e instanceof Error ? e.message : 'value is not JSON');
  }
  if (json === undefined) return fail('DATA_PARSE_FAILED', 'value is not JSON');
  return encryptText(json, keys);
}

/** Decrypts an envelope's `data` string and parses its JSON; undecodable input is DATA_PARSE_FAILED. */
export function decryptEnvelope<T = unknown>(
  cipherBase64: string,
  keys: EnvelopeKeys = DEFAULT_ENVELOPE_KEYS,
): Result<T> {
  const text = decryptText(cipherBase64, keys);
  if (!text.ok) return text;
  try {
    return ok(JSON.parse(text.value) as T);
  } catch {
    return fail('DATA_PARSE_FAILED', 'decrypted text is not JSON');
  }
}
