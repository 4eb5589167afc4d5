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
import type { FastifyInstance } from 'fastify';
import { newApiKey } from '../auth/api-keys.js';
import { defineCall } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds, f, listPage, pageFields } from '../fields.js';

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
function keyView(row: KeyRow) {
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

export function apiKeyRoutes(app: FastifyInstance): void {
  defineCall(app, {
    path: 'user/apiKeyList',
    auth: 'user',
    mutates: false,
    permission: 'apikey.manage',
    schema: { ...pageFields, revoked: f.bool({ optional: true }) },
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      let q = ctx.db
        .selectFrom('api_keys as k')
        .leftJoin('users as u', 'u.id', 'k.user_id')
        .where('k.hotel_id', '=', hotelId);
      if (body.revoked !== undefined) q = q.where('k.revoked_at', body.revoked ? 'is not' : 'is', null);
      return listPage(
        q,
        { page: body.page ?? 1, limit: body.limit ?? 20 },
        () =>
          q
            .select([
              'k.id',
              'k.name',
              'k.key_prefix',
              'k.created_at',
              'k.last_used_at',
              'k.revoked_at',
              (eb) => eb.fn.coalesce('u.nickname', 'u.mobile').as('creator_name'),
            ])
            .orderBy('k.created_at', 'desc')
            .orderBy('k.id', 'desc'),
        keyView,
      );
    },
  });

  defineCall(app, {
    path: 'user/apikey',
    auth: 'user',
    mutates: true,
    permission: 'apikey.manage',
    schema: { name: f.string({ max: 50 }) },
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const name = body.name.trim();
      if (name === '') throw failure('FIELD_REQUIRED', { field: 'name' });
      const made = newApiKey();
      const now = ctx.now();
      const row = await ctx.db.transaction().execute(async (trx) => {
        // Creations of one hotel take turns on the hotel's row, so the limit holds under concurrent clicks.
        await trx.selectFrom('hotels').select('id').where('id', '=', hotelId).forUpdate().execute();
        const active = await trx
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('hotel_id', '=', hotelId)
          .where('revoked_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(active.n) >= MAX_ACTIVE_KEYS) throw failure('FIELD_INVALID', { field: 'name' });
        return trx
          .insertInto('api_keys')
          .values({
            hotel_id: hotelId,
            user_id: ctx.user.id,
            name,
            key_prefix: made.prefix,
            key_hash: made.hash,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      ctx.audit(`API key ${made.prefix} created (${name})`);
      return { ...keyView({ ...row, creator_name: ctx.user.nickname || ctx.user.mobile }), key: made.key };
    },
  });

  defineCall(app, {
    path: 'user/apiKeyDel',
    auth: 'user',
    mutates: true,
    permission: 'apikey.manage',
    schema: { id: f.id() },
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const row = await ctx.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', body.id)
        .where('hotel_id', '=', hotelId)
        .executeTakeFirst();
      if (!row) throw failure('NOT_FOUND');
      if (row.revoked_at !== null) return keyView(row);
      const now = ctx.now();
      const revoked = await ctx.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('api_keys')
          .set({ revoked_at: now })
          .where('id', '=', row.id)
          .where('revoked_at', 'is', null)
          .returningAll()
          .executeTakeFirstOrThrow();
        // The tokens are refused anyway (their key is checked on every request); deleting them keeps nothing usable.
        await trx.deleteFrom('card_service_tokens').where('api_key_id', '=', row.id).execute();
        return updated;
      });
      ctx.audit(`API key ${row.key_prefix} revoked (${row.name})`);
      return keyView(revoked);
    },
  });
}
