/**
 * API keys (API.md §17): the text a PMS or kiosk signs in to the card-service API with, `ldk_<prefix>_<secret>`: 4
 * random bytes of prefix (shown in the list, named in the operation log) and 32 random bytes of secret, both hex.
 * Only the hash of the secret is stored (hashToken), so a key is shown once, at creation.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';
import { hashToken } from './sessions.js';

/** The shape of a key: `ldk_` + 8 hex of prefix + `_` + 64 hex of secret. */
export const API_KEY_PATTERN = /^ldk_([0-9a-f]{8})_([0-9a-f]{64})$/;

/** A new key: the text shown once, its prefix and the hash stored. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = randomBytes(4).toString('hex');
  const secret = randomBytes(32).toString('hex');
  return { key: `ldk_${prefix}_${secret}`, prefix, hash: hashToken(secret) };
}

/** The key row a presented key text names, or undefined (malformed, unknown, or its prefix does not match). */
export async function findApiKey(db: Db, text: string) {
  const m = API_KEY_PATTERN.exec(text.trim());
  if (!m) return undefined;
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('key_hash', '=', hashToken(m[2] as string))
    .executeTakeFirst();
  return row && row.key_prefix === m[1] ? row : undefined;
}
