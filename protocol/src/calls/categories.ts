/**
 * Room groups and the hotel's category tree (server/API.md §5; spec §3 'Room group (category)': id, name, sort
 * order). Kind 'group': the flat room groups the room list filters by (room/category/*, room/addCategory,
 * room/change/category). Kind 'hotel': the hotel's two-level tree, a top level such as a building and children
 * under it (hotel/parentCategoryList, categoryList, addRoomCategory). hotel/delCategory deletes either kind, only
 * when it holds no rooms and no children (GROUP_NOT_EMPTY).
 */
import { checkGroupName, checkSortOrder } from '../rules.js';
import { call } from './contract.js';
import { f } from './schema.js';

/** The two kinds of category. */
export const CATEGORY_KINDS = ['group', 'hotel'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** A room group or a category of the hotel's tree, as answered. */
export interface RoomCategory {
  id: number;
  name: string;
  sort: number;
  parent_id: number | null;
  kind: CategoryKind;
  /** How many rooms it holds (in lists, and in the answer of an add). */
  room_count?: number;
}

/** A category as the lists answer it: with how many rooms it holds. */
export type ListedCategory = RoomCategory & { room_count: number };

const nameField = () =>
  f.string({ max: 50, required: 'GROUP_NAME_REQUIRED', check: (v: string) => checkGroupName(v) });
const sortField = () =>
  f.int({
    min: -1_000_000,
    max: 1_000_000,
    required: 'SORT_ORDER_REQUIRED',
    invalid: 'SORT_ORDER_REQUIRED',
    check: (v: number) => checkSortOrder(v),
  });

export const categoryCalls = {
  /** The room groups, by sort order, each with its room count. */
  groups: call({
    path: 'room/category/list',
    summary: 'Room groups',
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: {},
  }).answers<{ list: ListedCategory[] }>(),

  /** Adds a room group. */
  addGroup: call({
    path: 'room/addCategory',
    summary: 'Room groups',
    auth: 'user',
    mutates: true,
    permission: 'category.manage',
    schema: { name: nameField(), sort: sortField() },
  }).answers<RoomCategory>(),

  /** Renames a room group or changes its sort order. */
  changeGroup: call({
    path: 'room/change/category',
    summary: 'Room groups',
    auth: 'user',
    mutates: true,
    permission: 'category.manage',
    schema: { id: f.id(), name: nameField(), sort: sortField() },
  }).answers<RoomCategory>(),

  /** The top level of the hotel's category tree. */
  topCategories: call({
    path: 'hotel/parentCategoryList',
    summary: "The hotel's category tree",
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: {},
  }).answers<{ list: ListedCategory[] }>(),

  /** The children of a top-level category (without `parent_id`: every category of the tree). */
  categories: call({
    path: 'hotel/categoryList',
    summary: "The hotel's category tree",
    auth: 'user',
    mutates: false,
    permission: 'room.view',
    schema: { parent_id: f.id({ optional: true }) },
  }).answers<{ list: ListedCategory[] }>(),

  /** Adds a category to the tree, at the top or under a top-level one. */
  addCategory: call({
    path: 'hotel/addRoomCategory',
    summary: "The hotel's category tree",
    auth: 'user',
    mutates: true,
    permission: 'category.manage',
    schema: { name: nameField(), sort: sortField(), parent_id: f.id({ optional: true }) },
  }).answers<RoomCategory>(),

  /** Deletes a room group or a category of the tree that holds no rooms and no children. */
  deleteCategory: call({
    path: 'hotel/delCategory',
    summary: 'Hotel/delCategory',
    auth: 'user',
    mutates: true,
    permission: 'category.manage',
    schema: { id: f.id() },
  }).answers<{ id: number }>(),
};
