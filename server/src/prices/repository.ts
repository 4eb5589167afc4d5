/** The SQL of room prices (rooms' price columns, room_date_prices) and price templates (price_templates). */
import type { DatePrice } from '@lockdesk/protocol';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Room, Stay } from '../db/schema.js';

/** A price template's row (date_prices read from its jsonb column). */
export interface TemplateRow {
  id: number;
  name: string;
  deposit: number;
  usual_price: number;
  weekend_price: number;
  date_prices: DatePrice[];
  created_at: Date;
  updated_at: Date;
}

/** Prices as the columns are written: yuan text. */
export interface PriceColumns {
  usual_price: string;
  deposit?: string;
  weekend_price?: string;
}

/** Rows per INSERT of specific-date prices: each statement stays well under the bind-parameter limit. */
const INSERT_BATCH = 5_000;

// ---- Room prices ----

/** A room's specific-date prices, by day. */
export function datePricesOfRoom(db: Db, roomId: number) {
  return db
    .selectFrom('room_date_prices')
    .select(['day', 'price'])
    .where('room_id', '=', roomId)
    .orderBy('day')
    .execute();
}

/** Sets a room's prices by hand: it no longer follows a template. */
export function setRoomPrices(db: Db, roomId: number, prices: PriceColumns, now: Date): Promise<Room> {
  return db
    .updateTable('rooms')
    .set({ ...prices, price_template_id: null, updated_at: now })
    .where('id', '=', roomId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets whether a room renews at its set price. */
export function setRoomRenew(db: Db, roomId: number, renew: boolean, now: Date): Promise<Room> {
  return db
    .updateTable('rooms')
    .set({ renew, updated_at: now })
    .where('id', '=', roomId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces the rooms' specific-date prices with `rows` (yuan text). */
export async function replaceDatePrices(
  db: Db,
  roomIds: number[],
  rows: { room_id: number; day: string; price: string }[],
): Promise<void> {
  await db.deleteFrom('room_date_prices').where('room_id', 'in', roomIds).execute();
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto('room_date_prices')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
}

/** Copies a template's usual, weekend and deposit prices into rooms and links them to it. */
export async function setRoomsFromTemplate(db: Db, roomIds: number[], template: TemplateRow, now: Date) {
  await db
    .updateTable('rooms')
    .set({
      usual_price: template.usual_price,
      deposit: template.deposit,
      weekend_price: template.weekend_price,
      price_template_id: template.id,
      updated_at: now,
    })
    .where('id', 'in', roomIds)
    .execute();
}

/** A stay of the room. */
export function findStayOfRoom(db: Db, stayId: number, roomId: number): Promise<Stay | undefined> {
  return db
    .selectFrom('stays')
    .selectAll()
    .where('id', '=', stayId)
    .where('room_id', '=', roomId)
    .executeTakeFirst();
}

// ---- Price templates ----

/** A page of the hotel's templates, newest first, each with how many rooms follow it; and how many there are. */
export async function templatesPage(db: Db, hotelId: number, limit: number, offset: number) {
  const q = db.selectFrom('price_templates as t').where('t.hotel_id', '=', hotelId);
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    q
      .selectAll('t')
      .select((eb) =>
        eb
          .selectFrom('rooms')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('rooms.price_template_id', '=', 't.id')
          .as('room_count'),
      )
      .orderBy('t.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((t) => ({ template: t as TemplateRow, roomCount: Number(t.room_count ?? 0) })),
  };
}

/** A template of the hotel. */
export async function findTemplate(db: Db, hotelId: number, id: number): Promise<TemplateRow | undefined> {
  return (await db
    .selectFrom('price_templates')
    .selectAll()
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst()) as TemplateRow | undefined;
}

/** A template's fields as written (prices as yuan text, date_prices as JSON). */
export interface TemplateColumns {
  name: string;
  usual_price: string;
  deposit: string;
  weekend_price: string;
  date_prices: string;
  updated_at: Date;
}

/** Adds a template. */
export async function insertTemplate(db: Db, hotelId: number, values: TemplateColumns): Promise<TemplateRow> {
  return (await db
    .insertInto('price_templates')
    .values({ ...values, hotel_id: hotelId })
    .returningAll()
    .executeTakeFirstOrThrow()) as TemplateRow;
}

/** Changes a template. */
export async function updateTemplate(db: Db, id: number, values: TemplateColumns): Promise<TemplateRow> {
  return (await db
    .updateTable('price_templates')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()) as TemplateRow;
}

/** Deletes a template (its rooms keep their prices; the link goes with it). */
export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.deleteFrom('price_templates').where('id', '=', id).execute();
}
