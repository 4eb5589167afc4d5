/**
 * Room groups and the hotel's category tree (spec §3 'Room group (category)': id, name, sort order).
 * - room/category/*, room/addCategory, room/change/category: the flat room groups (kind 'group') the room list
 *   filters by.
 * - hotel/parentCategoryList, categoryList, addRoomCategory: the hotel's two-level category tree (kind 'hotel';
 *   a top level such as a building, children under it). Rooms may belong to a category of either kind.
 * - hotel/delCategory deletes a category of either kind. A category still holding rooms, or children, is refused
 *   with GROUP_NOT_EMPTY rather than silently emptied: rooms never lose their group by accident.
 */
import { type RoomCategory as Category, type CategoryKind, categoryCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import type { RoomCategory } from '../db/schema.js';
import { failure } from '../errors.js';

function categoryView(c: RoomCategory, roomCount?: number): Category {
  return {
    id: c.id,
    name: c.name,
    sort: c.sort,
    parent_id: c.parent_id,
    // The column holds the kinds these calls write.
    kind: c.kind as CategoryKind,
    ...(roomCount === undefined ? {} : { room_count: roomCount }),
  };
}

/** The categories of the caller's hotel of one kind, with how many rooms each holds. */
async function listCategories(ctx: UserContext, kind: CategoryKind, parentId?: number | null) {
  const hotelId = ctx.requireHotelId();
  let q = ctx.db
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
  const rows = await q.orderBy('c.sort').orderBy('c.id').execute();
  return { list: rows.map((r) => categoryView(r, Number(r.room_count ?? 0))) };
}

async function findCategory(ctx: UserContext, id: number, kind?: CategoryKind): Promise<RoomCategory> {
  const hotelId = ctx.requireHotelId();
  let q = ctx.db
    .selectFrom('room_categories')
    .selectAll()
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId);
  if (kind) q = q.where('kind', '=', kind);
  const row = await q.executeTakeFirst();
  if (!row) throw failure('NOT_FOUND');
  return row;
}

export function categoryRoutes(app: FastifyInstance): void {
  defineCall(app, categoryCalls.groups, {
    handler: async (ctx) => listCategories(ctx, 'group'),
  });

  defineCall(app, categoryCalls.addGroup, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const row = await ctx.db
        .insertInto('room_categories')
        .values({ hotel_id: hotelId, kind: 'group', name: body.name, sort: body.sort })
        .returningAll()
        .executeTakeFirstOrThrow();
      ctx.audit(`Room group added: ${row.name}`);
      return categoryView(row, 0);
    },
  });

  defineCall(app, categoryCalls.changeGroup, {
    handler: async (ctx, body) => {
      const before = await findCategory(ctx, body.id);
      const row = await ctx.db
        .updateTable('room_categories')
        .set({ name: body.name, sort: body.sort })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      ctx.audit(`Room group ${before.name} → ${row.name} (sort ${row.sort})`);
      return categoryView(row);
    },
  });

  defineCall(app, categoryCalls.topCategories, {
    handler: async (ctx) => listCategories(ctx, 'hotel', null),
  });

  defineCall(app, categoryCalls.categories, {
    handler: async (ctx, body) => listCategories(ctx, 'hotel', body.parent_id),
  });

  defineCall(app, categoryCalls.addCategory, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      if (body.parent_id !== undefined) {
        const parent = await findCategory(ctx, body.parent_id, 'hotel');
        // Two levels: a child cannot hold children of its own.
        if (parent.parent_id !== null) throw failure('FIELD_INVALID', { field: 'parent_id' });
      }
      const row = await ctx.db
        .insertInto('room_categories')
        .values({
          hotel_id: hotelId,
          kind: 'hotel',
          name: body.name,
          sort: body.sort,
          parent_id: body.parent_id ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      ctx.audit(`Hotel category added: ${row.name}`);
      return categoryView(row, 0);
    },
  });

  defineCall(app, categoryCalls.deleteCategory, {
    handler: async (ctx, body) => {
      const category = await findCategory(ctx, body.id);
      const held = await ctx.db
        .selectFrom('rooms')
        .select('id')
        .where('category_id', '=', category.id)
        .limit(1)
        .executeTakeFirst();
      const child = await ctx.db
        .selectFrom('room_categories')
        .select('id')
        .where('parent_id', '=', category.id)
        .limit(1)
        .executeTakeFirst();
      if (held || child) throw failure('GROUP_NOT_EMPTY');
      await ctx.db.deleteFrom('room_categories').where('id', '=', category.id).execute();
      ctx.audit(`Category deleted: ${category.name}`);
      return { id: category.id };
    },
  });
}
