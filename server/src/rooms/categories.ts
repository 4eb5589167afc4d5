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
import { defineCall, type UserContext } from '../call.js';
import type { RoomCategory } from '../db/schema.js';
import { failure } from '../errors.js';
import {
  categoriesWithRoomCounts,
  categoryHoldsAnything,
  deleteCategory,
  findCategory,
  insertCategory,
  updateCategory,
} from './repository/categories.js';

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
  const rows = await categoriesWithRoomCounts(ctx.db, ctx.requireHotelId(), kind, parentId);
  return { list: rows.map((r) => ({ ...categoryView(r), room_count: Number(r.room_count ?? 0) })) };
}

/** A category of the caller's hotel (of one kind, when given), or NOT_FOUND. */
async function requireCategory(ctx: UserContext, id: number, kind?: CategoryKind): Promise<RoomCategory> {
  const row = await findCategory(ctx.db, ctx.requireHotelId(), id, kind);
  if (!row) throw failure('NOT_FOUND');
  return row;
}

/** Registers the room group and category calls. */
export function categoryRoutes(app: FastifyInstance): void {
  defineCall(app, categoryCalls.groups, {
    handler: async (ctx) => listCategories(ctx, 'group'),
  });

  defineCall(app, categoryCalls.addGroup, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const row = await insertCategory(ctx.db, { hotelId, kind: 'group', name: body.name, sort: body.sort });
      ctx.audit(`Room group added: ${row.name}`);
      return categoryView(row, 0);
    },
  });

  defineCall(app, categoryCalls.changeGroup, {
    handler: async (ctx, body) => {
      const before = await requireCategory(ctx, body.id);
      const row = await updateCategory(ctx.db, before.id, body.name, body.sort);
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
        const parent = await requireCategory(ctx, body.parent_id, 'hotel');
        // Two levels: a child cannot hold children of its own.
        if (parent.parent_id !== null) throw failure('FIELD_INVALID', { field: 'parent_id' });
      }
      const row = await insertCategory(ctx.db, {
        hotelId,
        kind: 'hotel',
        name: body.name,
        sort: body.sort,
        parentId: body.parent_id ?? null,
      });
      ctx.audit(`Hotel category added: ${row.name}`);
      return categoryView(row, 0);
    },
  });

  defineCall(app, categoryCalls.deleteCategory, {
    handler: async (ctx, body) => {
      const category = await requireCategory(ctx, body.id);
      if (await categoryHoldsAnything(ctx.db, category.id)) throw failure('GROUP_NOT_EMPTY');
      await deleteCategory(ctx.db, category.id);
      ctx.audit(`Category deleted: ${category.name}`);
      return { id: category.id };
    },
  });
}
