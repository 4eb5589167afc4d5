import { createCipheriv, createDecipheriv } from 'node:crypto';
import { type EnvelopeKeys, fail, ok, type Result } from '@lockdesk/protocol';

/**
 * The DES envelope of @lockdesk/protocol, computed by Node's OpenSSL instead of crypto-js: the same bytes and the
 * same refusals, many times faster, which matters on the server where every request and answer is enveloped.
 * OpenSSL 3 has no single DES without the legacy provider; 3DES-EDE with the key three times is the same cipher
 * (E_K(D_K(E_K(x))) = E_K(x)). Tested against the protocol's crypto-js envelope and the OpenSSL vectors.
 */
export interface Envelope {
  encrypt(value: unknown): Result<string>;
  decrypt<T = unknown>(cipherBase64: unknown): Result<T>;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** An envelope bound to one key and IV (8 UTF-8 bytes each). */
export function nativeEnvelope(keys: EnvelopeKeys): Envelope {
  const key = Buffer.from(keys.key, 'utf8');
  const iv = Buffer.from(keys.iv, 'utf8');
  if (key.length !== 8 || iv.length !== 8) throw new Error('DES key and IV must be 8 UTF-8 bytes each');
  const key3 = Buffer.concat([key, key, key]);
  const utf8 = new TextDecoder('utf-8', { fatal: true });

  return {
    encrypt(value) {
      let json: string | undefined;
      try {
        json = JSON.stringify(value);
      } catch (e) {
        return fail('DATA_PARSE_FAILED', e instanceof Error ? e.message : 'value is not JSON');
      }
      if (json === undefined) return fail('DATA_PARSE_FAILED', 'value is not JSON');
      const cipher = createCipheriv('des-ede3-cbc', key3, iv);
      return ok(Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]).toString('base64'));
    },
    decrypt<T>(cipherBase64: unknown): Result<T> {
      if (typeof cipherBase64 !== 'string') return fail('DATA_PARSE_FAILED', 'ciphertext is not a string');
      const compact = cipherBase64.replace(/\s+/g, '');
      if (compact.length === 0 || !BASE64.test(compact))
        return fail('DATA_PARSE_FAILED', 'ciphertext is not base64');
      const bytes = Buffer.from(compact, 'base64');
      if (bytes.length % 8 !== 0)
        return fail('DATA_PARSE_FAILED', `ciphertext is ${bytes.length} bytes, not a multiple of 8`);
      let text: string;
      try {
        const decipher = createDecipheriv('des-ede3-cbc', key3, iv);
        text = utf8.decode(Buffer.concat([decipher.update(bytes), decipher.final()]));
      } catch {
        return fail('DATA_PARSE_FAILED', 'bad padding or not UTF-8');
      }
      try {
        return ok(JSON.parse(text) as T);
      } catch {
        return fail('DATA_PARSE_FAILED', 'decrypted text is not JSON');
      }
    },
  };
}
