/**
 * The card readers' statements (cardDispenser/*, User/*DispenserType): the hotel's readers with the account each is
 * bound to, their heartbeats and bindings, and an account's dispenser type. Each takes the executor first.
 */
import type { DispenserType } from '@lockdesk/protocol';
import type { Db } from '../db/index.js';
import { listPage } from '../fields.js';
import { likePattern } from '../shared/room-views.js';

const dispenserColumns = [
  'd.id',
  'd.mac_id',
  'd.name',
  'd.type',
  'd.last_seen_at',
  'd.bound_user_id',
  'u.nickname as user_nickname',
  'u.name as user_name',
  'u.mobile as user_mobile',
] as const;

/** A reader as dispenserColumns selects it: with the name and mobile of the account it is bound to. */
export type DispenserRow = {
  id: number;
  mac_id: string;
  name: string;
  type: string;
  last_seen_at: Date | null;
  bound_user_id: number | null;
  user_nickname: string | null;
  user_name: string | null;
  user_mobile: string | null;
};

/** The hotel's readers with the account each is bound to. */
const dispensersOfHotel = (db: Db, hotelId: number) =>
  db
    .selectFrom('card_dispensers as d')
    .leftJoin('users as u', 'u.id', 'd.bound_user_id')
    .where('d.hotel_id', '=', hotelId);

/** A reader of the hotel by its (normalised) address. */
export function findDispenser(db: Db, hotelId: number, macId: string): Promise<DispenserRow | undefined> {
  return dispensersOfHotel(db, hotelId)
    .select(dispenserColumns)
    .where('d.mac_id', '=', macId)
    .executeTakeFirst();
}

/** One page of the hotel's readers, newest first: of one type, and `keyword` finding an address, a name or the bound account. */
export function pageOfDispensers(
  db: Db,
  hotelId: number,
  o: { type: DispenserType | undefined; keyword: string | undefined },
  page: { page?: number; limit?: number },
) {
  let q = dispensersOfHotel(db, hotelId);
  if (o.type !== undefined) q = q.where('d.type', '=', o.type);
  if (o.keyword) {
    const like = likePattern(o.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('d.mac_id', 'ilike', like),
        eb('d.name', 'ilike', like),
        eb('u.nickname', 'ilike', like),
        eb('u.name', 'ilike', like),
        eb('u.mobile', 'like', like),
      ]),
    );
  }
  return listPage(
    q,
    page,
    (rows) => rows.select(dispenserColumns).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc'),
    (row: DispenserRow) => row,
  );
}

/** Whichever hotel holds a reader address (null: an installer's, not claimed yet). */
export function findDispenserOwner(db: Db, macId: string) {
  return db
    .selectFrom('card_dispensers')
    .select(['id', 'hotel_id'])
    .where('mac_id', '=', macId)
    .executeTakeFirst();
}

/** Adds a reader to the hotel; the database refuses an address already known. */
export async function insertDispenser(
  db: Db,
  values: { hotel_id: number; mac_id: string; name: string; type: DispenserType; created_at: Date },
): Promise<void> {
  await db.insertInto('card_dispensers').values(values).execute();
}

/** Gives a reader to the hotel with its type (and, when given, its name). */
export async function claimDispenser(
  db: Db,
  id: number,
  values: { hotel_id: number; type: DispenserType; name?: string },
): Promise<void> {
  await db.updateTable('card_dispensers').set(values).where('id', '=', id).execute();
}

/** Records a heartbeat seen at `now`, unless a later one is recorded already. */
export async function recordHeartbeat(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('card_dispensers')
    .set({ last_seen_at: now, status: 'online' })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', now)]))
    .execute();
}

/** An account of the hotel a reader might be bound to: its role and who added it. */
export function findAccount(db: Db, hotelId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'created_by', 'nickname', 'mobile'])
    .where('id', '=', userId)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/** Unbinds the account from every reader but `keepId` (an account has at most one). */
export async function unbindOtherReaders(db: Db, userId: number, keepId: number): Promise<void> {
  await db
    .updateTable('card_dispensers')
    .set({ bound_user_id: null })
    .where('bound_user_id', '=', userId)
    .where('id', '<>', keepId)
    .execute();
}

/** Binds a reader to an account (null: unbinds it). */
export async function bindReader(db: Db, id: number, userId: number | null): Promise<void> {
  await db.updateTable('card_dispensers').set({ bound_user_id: userId }).where('id', '=', id).execute();
}

/** The reader of the hotel bound to an account. */
export function readerBoundTo(db: Db, hotelId: number, userId: number) {
  return db
    .selectFrom('card_dispensers')
    .select(['mac_id', 'type', 'name'])
    .where('bound_user_id', '=', userId)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/** Sets an account's dispenser type. */
export async function setDispenserType(
  db: Db,
  userId: number,
  type: DispenserType,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ dispenser_type: type, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** An account's dispenser type (null: never chosen). */
export async function dispenserTypeOf(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('dispenser_type')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.dispenser_type;
}
