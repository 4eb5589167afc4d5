/**
 * The SQL of the API keys (API.md §17): a hotel's keys, listed, made and revoked. The key's form and how a
 * presented key is found are auth/api-keys.ts's; the card-service API's tokens are card-service/repository.ts's.
 */
import type { Db } from '../db/index.js';

/** The hotel's keys, newest first, with the name of their creator; only revoked ones or only keys in force. */
export function hotelApiKeys(db: Db, hotelId: number, revoked: boolean | undefined) {
  let q = db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.user_id')
    .where('k.hotel_id', '=', hotelId);
  if (revoked !== undefined) q = q.where('k.revoked_at', revoked ? 'is not' : 'is', null);
  return q;
}

/** The rows of a page of hotelApiKeys, newest first. */
export function apiKeyRows(q: ReturnType<typeof hotelApiKeys>) {
  return q
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
    .orderBy('k.id', 'desc');
}

/**
 * Makes the hotel's key, unless it already holds `limit` keys in force (then undefined). Creations of one hotel
 * take turns on the hotel's row, so the limit holds under concurrent clicks.
 */
export async function addApiKeyWithin(
  db: Db,
  limit: number,
  key: { hotelId: number; userId: number; name: string; prefix: string; hash: string; createdAt: Date },
) {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('hotels').select('id').where('id', '=', key.hotelId).forUpdate().execute();
    const active = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('hotel_id', '=', key.hotelId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(active.n) >= limit) return undefined;
    return trx
      .insertInto('api_keys')
      .values({
        hotel_id: key.hotelId,
        user_id: key.userId,
        name: key.name,
        key_prefix: key.prefix,
        key_hash: key.hash,
        created_at: key.createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** A key of the hotel, or undefined. */
export function findHotelApiKey(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/**
 * Revokes a key in force and deletes its card-service tokens (they are refused anyway, their key is read on every
 * request; deleting them keeps nothing usable). Answers the revoked key.
 */
export function revokeApiKey(db: Db, id: number, at: Date) {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('card_service_tokens').where('api_key_id', '=', id).execute();
    return updated;
  });
}
