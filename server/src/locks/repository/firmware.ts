/** The firmware statements (lock/addFirmwares, lock/getFirmwaresList). Each takes the executor first. */
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Firmware, FirmwaresTable } from '../../db/schema.js';
import type { RoomScope } from '../../domain/permissions.js';
import { listPage } from '../../fields.js';
import { inScope, likePattern } from '../../shared/room-views.js';

/** Records a firmware file; the database refuses a second (model, version) or a second use of one upload. */
export function insertFirmware(db: Db, values: Insertable<FirmwaresTable>): Promise<Firmware> {
  return db.insertInto('firmwares').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * One page of the hotel's firmwares, newest first: `keyword` finds a name, version or model; a secondary
 * administrator sees those that apply to at least one of their rooms.
 */
export function pageOfFirmwares(
  db: Db,
  hotelId: number,
  o: { keyword: string | undefined; scope: RoomScope },
  page: { page?: number; limit?: number },
) {
  let filtered = db.selectFrom('firmwares as fw').where('fw.hotel_id', '=', hotelId);
  if (o.keyword) {
    const like = likePattern(o.keyword);
    filtered = filtered.where((eb) =>
      eb.or([eb('fw.name', 'ilike', like), eb('fw.version', 'ilike', like), eb('fw.model', 'ilike', like)]),
    );
  }
  const { scope } = o;
  if (scope.kind === 'assigned')
    filtered = filtered.where(
      sql<boolean>`(cardinality(fw.room_ids) = 0 OR EXISTS (SELECT 1 FROM user_rooms ur WHERE ur.user_id = ${scope.userId} AND ur.room_id = ANY(fw.room_ids)))`,
    );
  return listPage(
    filtered,
    page,
    (q) => q.selectAll('fw').orderBy('fw.created_at', 'desc').orderBy('fw.id', 'desc'),
    (row) => row as Firmware,
  );
}

/** The locks in the caller's scope (rooms with a mac id), by room name, with the version each runs. */
export function locksInScope(db: Db, hotelId: number, scope: RoomScope) {
  return db
    .selectFrom('rooms as r')
    .select(['r.id', 'r.name', 'r.mac_id', 'r.lock_version'])
    .where(inScope(scope, hotelId))
    .where('r.mac_id', 'is not', null)
    .orderBy('r.name_key')
    .execute();
}
