/** The SQL of room groups and the hotel's category tree (room_categories). */
import type { CategoryKind } from '@lockdesk/protocol';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { RoomCategory } from '../../db/schema.js';

/**
 * The hotel's categories of one kind, by sort order, each with how many rooms it holds: all of them, the top level
 * (parentId null) or the children of one.
 */
export async function categoriesWithRoomCounts(
  db: Db,
  hotelId: number,
  kind: CategoryKind,
  parentId?: number | null,
): Promise<(RoomCategory & { room_count: number | null })[]> {
  let q = db
    .selectFrom('room_categories as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('rooms')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('rooms.category_id', '=', 'c.id')
        .as('room_count'),
    )
    .where('c.hotel_id', '=', hotelId)
    .where('c.kind', '=', kind);
  if (parentId === null) q = q.where('c.parent_id', 'is', null);
  else if (parentId !== undefined) q = q.where('c.parent_id', '=', parentId);
  return q.orderBy('c.sort').orderBy('c.id').execute();
}

/** A category of the hotel (of one kind, when given). */
export function findCategory(
  db: Db,
  hotelId: number,
  id: number,
  kind?: CategoryKind,
): Promise<RoomCategory | undefined> {
  let q = db.selectFrom('room_categories').selectAll().where('id', '=', id).where('hotel_id', '=', hotelId);
  if (kind) q = q.where('kind', '=', kind);
  return q.executeTakeFirst();
}

/** True when the hotel has a category with this id (of either kind): a room may be put in it. */
export async function hotelHasCategory(db: Db, hotelId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('room_categories')
    .select('id')
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a category. */
export function insertCategory(
  db: Db,
  category: { hotelId: number; kind: CategoryKind; name: string; sort: number; parentId?: number | null },
): Promise<RoomCategory> {
  return db
    .insertInto('room_categories')
    .values({
      hotel_id: category.hotelId,
      kind: category.kind,
      name: category.name,
      sort: category.sort,
      ...(category.parentId === undefined ? {} : { parent_id: category.parentId }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Renames a category and sets its sort order. */
export function updateCategory(db: Db, id: number, name: string, sort: number): Promise<RoomCategory> {
  return db
    .updateTable('room_categories')
    .set({ name, sort })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** True when a category still holds a room or a child category. */
export async function categoryHoldsAnything(db: Db, id: number): Promise<boolean> {
  const held = await db
    .selectFrom('rooms')
    .select('id')
    .where('category_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  const child = await db
    .selectFrom('room_categories')
    .select('id')
    .where('parent_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return held !== undefined || child !== undefined;
}

/** Deletes a category. */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.deleteFrom('room_categories').where('id', '=', id).execute();
}
