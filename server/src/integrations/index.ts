/**
 * API keys of the third-party authorisation page (API.md §17; spec §7 'Api keys'): a PMS or kiosk signs in to the
 * card-service API (card-service/, API.md §18) with one. The super administrator creates them (`apikey.manage`);
 * a key belongs to the hotel and acts as its creator.
 *
 * A key is `ldk_<prefix>_<secret>` (auth/api-keys.ts, where the card-service API finds it): only the hash of its
 * secret is stored, so the key is shown once, at creation. Revoking a key ends its card-service tokens at their next
 * request.
 *
 * Choices where the spec is silent: names are 1–50 characters; a hotel keeps at most MAX_ACTIVE_KEYS keys in force
 * (FIELD_INVALID {field: name} past it — a leaked key should be revoked, not outnumbered); revoked keys stay listed
 * (greyed) for the record, and revoking twice answers the key unchanged.
 */
import { type ApiKey, apiKeyCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { newApiKey } from '../auth/api-keys.js';
import { defineCall } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds, listPage } from '../fields.js';
import { addApiKeyWithin, apiKeyRows, findHotelApiKey, hotelApiKeys, revokeApiKey } from './repository.js';

/** A hotel's keys in force at once. */
export const MAX_ACTIVE_KEYS = 20;

type KeyRow = {
  id: number;
  name: string;
  key_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  creator_name?: string | null;
};

/** A key as listed: never its secret or hash. */
function keyView(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.key_prefix,
    created_at: epochSeconds(row.created_at),
    last_used_at: epochSeconds(row.last_used_at),
    revoked: row.revoked_at !== null,
    revoked_at: epochSeconds(row.revoked_at),
    created_by_name: row.creator_name ?? '',
  };
}

export function integrationRoutes(app: FastifyInstance): void {
  defineCall(app, apiKeyCalls.list, {
    handler: async (ctx, body) => {
      const q = hotelApiKeys(ctx.db, ctx.requireHotelId(), body.revoked);
      return listPage(q, { page: body.page ?? 1, limit: body.limit ?? 20 }, apiKeyRows, keyView);
    },
  });

  defineCall(app, apiKeyCalls.create, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const name = body.name.trim();
      if (name === '') throw failure('FIELD_REQUIRED', { field: 'name' });
      const made = newApiKey();
      const row = await addApiKeyWithin(ctx.db, MAX_ACTIVE_KEYS, {
        hotelId,
        userId: ctx.user.id,
        name,
        prefix: made.prefix,
        hash: made.hash,
        createdAt: ctx.now(),
      });
      if (!row) throw failure('FIELD_INVALID', { field: 'name' });
      ctx.audit(`API key ${made.prefix} created (${name})`);
      return { ...keyView({ ...row, creator_name: ctx.user.nickname || ctx.user.mobile }), key: made.key };
    },
  });

  defineCall(app, apiKeyCalls.revoke, {
    handler: async (ctx, body) => {
      const row = await findHotelApiKey(ctx.db, ctx.requireHotelId(), body.id);
      if (!row) throw failure('NOT_FOUND');
      if (row.revoked_at !== null) return keyView(row);
      const revoked = await revokeApiKey(ctx.db, row.id, ctx.now());
      ctx.audit(`API key ${row.key_prefix} revoked (${row.name})`);
      return keyView(revoked);
    },
  });
}
