/**
 * API keys of the third-party authorisation page (server/API.md §17): a PMS or kiosk signs in to the card-service
 * API (calls/card-service.ts, API.md §18) with one. Only the super administrator (`apikey.manage`) makes them; the
 * key text is answered once, at creation.
 */
import { call } from './contract.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** A key as listed (never its secret or hash); times in seconds. */
export interface ApiKey {
  id: number;
  name: string;
  /** 8 hex: shown in the list and naming the key in the operation log. */
  prefix: string;
  created_at: number;
  last_used_at: number | null;
  revoked: boolean;
  revoked_at: number | null;
  created_by_name: string;
}

/** user/apikey's answer: the key and, this once, its text `ldk_<prefix>_<secret>`. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

export const apiKeyCalls = {
  create: call({
    path: 'user/apikey',
    summary: 'User/apikey',
    auth: 'user',
    mutates: true,
    permission: 'apikey.manage',
    schema: { name: f.string({ max: 50 }) },
  }).answers<CreatedApiKey>(),

  list: call({
    path: 'user/apiKeyList',
    summary: 'User/apiKeyList',
    auth: 'user',
    mutates: false,
    permission: 'apikey.manage',
    schema: { ...pageFields, revoked: f.bool({ optional: true }) },
  }).answers<Page<ApiKey>>(),

  revoke: call({
    path: 'user/apiKeyDel',
    summary: 'User/apiKeyDel',
    auth: 'user',
    mutates: true,
    permission: 'apikey.manage',
    schema: { id: f.id() },
  }).answers<ApiKey>(),
};
