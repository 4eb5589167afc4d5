/**
 * The SQL of the card-service API (API.md §18): its tokens (stored as their SHA-256), the key and account a token
 * stands for, the hotel's rooms and open stays as the API lists them, the cards written through the API
 * (`card_service_cards` beside the console's `cards`), and the operation-log row of a request.
 */

import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import { sessionUserColumns } from '../auth/sessions.js';
import { cardQuery } from '../cards/repository/key-cards.js';
import type { Db } from '../db/index.js';
import type { CardStatus, OperationLogTable } from '../db/schema.js';
import { serviceEndsSql } from '../services/service-period.js';
import { likePattern } from '../shared/room-views.js';

// ---- Tokens, keys, accounts ----

/** The token's expiry, its key and the key's creator (as a session user's columns), or undefined. */
export function findTokenCaller(db: Db, tokenHash: string) {
  return db
    .selectFrom('card_service_tokens as t')
    .innerJoin('api_keys as k', 'k.id', 't.api_key_id')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select([
      't.expires_at',
      'k.id as key_id',
      'k.hotel_id as key_hotel_id',
      'k.key_prefix',
      'k.name as key_name',
      'k.revoked_at',
      'k.last_used_at',
    ])
    .select(sessionUserColumns)
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Sets a key's last use. */
export async function markKeyUsed(db: Db, keyId: number, at: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
}

/** An account's whole row (to say whose service period ended). */
export function findAccount(db: Db, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

/** A key's creator: role, hotel, frozen, authorities, and when the account's service ends. */
export function findKeyCreator(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.role', 'u.hotel_id', 'u.frozen', 'u.authorities', serviceEndsSql.as('ends')])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Stores a new token of a key (its hash). */
export async function addServiceToken(
  db: Db,
  token: { hash: string; keyId: number; ip: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('card_service_tokens')
    .values({
      token_hash: token.hash,
      api_key_id: token.keyId,
      ip: token.ip,
      expires_at: token.expiresAt,
      created_at: token.createdAt,
    })
    .execute();
}

/** Removes a key's spent tokens. */
export async function dropExpiredServiceTokens(db: Db, keyId: number, now: Date): Promise<void> {
  await db
    .deleteFrom('card_service_tokens')
    .where('api_key_id', '=', keyId)
    .where('expires_at', '<=', now)
    .execute();
}

/** Writes a request to the operation log. */
export async function logServiceRequest(db: Db, row: Insertable<OperationLogTable>): Promise<void> {
  await db.insertInto('operation_log').values(row).execute();
}

// ---- Rooms and stays ----

/** A page of the hotel's rooms by name (a part of the name: `keyword`), with their group, and the total. */
export async function hotelRoomsPage(
  db: Db,
  hotelId: number,
  keyword: string | undefined,
  page: { limit: number; offset: number },
) {
  let q = db
    .selectFrom('rooms as r')
    .leftJoin('room_categories as g', 'g.id', 'r.category_id')
    .where('r.hotel_id', '=', hotelId);
  if (keyword) q = q.where('r.name', 'ilike', likePattern(keyword));
  const [rows, count] = await Promise.all([
    q
      .select(['r.id', 'r.name', 'r.building', 'r.floor', 'r.mac_id', 'r.status', 'g.name as group_name'])
      .orderBy('r.name_key')
      .orderBy('r.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The checked-in and reserved stays of the rooms, by check-in. */
export function openStaysOfRooms(db: Db, hotelId: number, roomIds: number[]) {
  return db
    .selectFrom('stays')
    .select(['id', 'room_id', 'nickname', 'mobile', 'check_in', 'check_out', 'status'])
    .where('hotel_id', '=', hotelId)
    .where('room_id', 'in', roomIds)
    .where('status', 'in', ['active', 'reserved'])
    .orderBy('check_in')
    .execute();
}

/** A stay of the hotel, or undefined. */
export function findHotelStay(db: Db, hotelId: number, stayId: number) {
  return db
    .selectFrom('stays')
    .selectAll()
    .where('id', '=', stayId)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

// ---- The cards written through the API ----

/** The rows of the authorisation records: cards written through the API, with room and key. */
export function recordQuery(db: Db, hotelId: number) {
  return cardQuery(db)
    .innerJoin('card_service_cards as w', 'w.card_id', 'c.id')
    .select(['w.guest_name', 'w.key_prefix'])
    .where('w.hotel_id', '=', hotelId);
}

export type RecordRow = NonNullable<Awaited<ReturnType<ReturnType<typeof recordQuery>['executeTakeFirst']>>>;

/** A record of the hotel by card id, or undefined. */
export function findRecord(db: Db, hotelId: number, id: number): Promise<RecordRow | undefined> {
  return recordQuery(db, hotelId).where('c.id', '=', id).executeTakeFirst();
}

/** The newest record of the hotel with the card id and/or card number given, or undefined. */
export function findRecordBy(
  db: Db,
  hotelId: number,
  by: { id?: number | undefined; cardNumber?: string | undefined },
): Promise<RecordRow | undefined> {
  let q = recordQuery(db, hotelId);
  if (by.id !== undefined) q = q.where('c.id', '=', by.id);
  if (by.cardNumber !== undefined) q = q.where('c.card_number', '=', by.cardNumber);
  return q.orderBy('c.id', 'desc').executeTakeFirst();
}

/** A page of the hotel's records, newest first (of a room, in a state), and the total. */
export async function recordsPage(
  db: Db,
  hotelId: number,
  filter: { roomId?: number | undefined; status?: CardStatus | undefined },
  page: { limit: number; offset: number },
) {
  let q = recordQuery(db, hotelId);
  if (filter.roomId !== undefined) q = q.where('c.room_id', '=', filter.roomId);
  if (filter.status !== undefined) q = q.where('c.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    q.orderBy('c.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    q.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Marks a planned card as written through the API by a key, for a guest. */
export async function addServiceCard(
  db: Db,
  card: {
    cardId: number;
    hotelId: number;
    keyId: number;
    keyPrefix: string;
    guestName: string;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('card_service_cards')
    .values({
      card_id: card.cardId,
      hotel_id: card.hotelId,
      api_key_id: card.keyId,
      key_prefix: card.keyPrefix,
      guest_name: card.guestName,
      created_at: card.createdAt,
    })
    .execute();
}
