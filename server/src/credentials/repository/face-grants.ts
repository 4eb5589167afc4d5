/**
 * The SQL of the faces granted to more locks (API.md §13.3): the face granted, the rooms' locks, the live grants
 * (not revoked, of a face not deleted) with what the lock last confirmed, granting again and revoking.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { FaceGrant, LockStateJson } from '../../db/schema.js';
import type { RoomScope } from '../../domain/permissions.js';
import { pageOf } from '../../fields.js';
import { inScope } from '../../shared/room-views.js';

/** An active face of the hotel (neither deleted nor withdrawn with its stay, stay-credentials.ts). */
export function findActiveFace(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('faces')
    .select(['id', 'face_id', 'note', 'room_id'])
    .where('id', '=', id)
    .where('hotel_id', '=', hotelId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** The rooms named, with their lock's mac id (null: no lock). */
export function roomLocks(db: Db, roomIds: number[]) {
  return db.selectFrom('rooms').select(['id', 'name', 'mac_id']).where('id', 'in', roomIds).execute();
}

/** A grant with its room, its face's id and note, and the state the room's lock last confirmed. */
export type GrantRow = FaceGrant & {
  room_name: string;
  mac_id: string | null;
  face_code: string;
  face_note: string;
  confirmed_state: Partial<LockStateJson> | null;
};

const grantColumns = [
  'g.id',
  'g.hotel_id',
  'g.face_id',
  'g.room_id',
  'g.start_time',
  'g.end_time',
  'g.granted_by',
  'g.revoked_at',
  'g.created_at',
  'g.updated_at',
  'r.name as room_name',
  'r.mac_id',
  'fc.face_id as face_code',
  'fc.note as face_note',
  'ld.confirmed_state',
] as const;

/** The hotel's live grants: not revoked, of a face not deleted. */
function liveGrants(db: Db, hotelId: number) {
  return db
    .selectFrom('face_grants as g')
    .innerJoin('rooms as r', 'r.id', 'g.room_id')
    .innerJoin('faces as fc', 'fc.id', 'g.face_id')
    .leftJoin('lock_devices as ld', 'ld.room_id', 'g.room_id')
    .where('g.hotel_id', '=', hotelId)
    .where('g.revoked_at', 'is', null)
    .where('fc.status', '<>', 'deleted');
}

/**
 * Grants a face to the rooms for a period, one live grant per face and room: granting again changes the period
 * (and who granted it).
 */
export async function upsertGrants(
  db: Db,
  grant: {
    hotelId: number;
    faceId: number;
    roomIds: number[];
    start: Date;
    end: Date;
    grantedBy: number;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('face_grants')
    .values(
      grant.roomIds.map((roomId) => ({
        hotel_id: grant.hotelId,
        face_id: grant.faceId,
        room_id: roomId,
        start_time: grant.start,
        end_time: grant.end,
        granted_by: grant.grantedBy,
        created_at: grant.now,
        updated_at: grant.now,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['face_id', 'room_id'])
        .where('revoked_at', 'is', null)
        .doUpdateSet({
          start_time: (eb) => eb.ref('excluded.start_time'),
          end_time: (eb) => eb.ref('excluded.end_time'),
          granted_by: (eb) => eb.ref('excluded.granted_by'),
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        }),
    )
    .execute();
}

/** The live grants of a face to these rooms, by room name. */
export async function faceGrantsTo(db: Db, hotelId: number, faceId: number, roomIds: number[]) {
  const rows = await liveGrants(db, hotelId)
    .select(grantColumns)
    .where('g.face_id', '=', faceId)
    .where('g.room_id', 'in', roomIds)
    .orderBy('r.name_key')
    .execute();
  return rows as GrantRow[];
}

/** One page of the live grants of rooms in the scope, of one face and one room when named; latest end first. */
export async function grantListPage(
  db: Db,
  hotelId: number,
  scope: RoomScope,
  filter: { face?: number | undefined; roomId?: number | undefined },
  body: { page?: number; limit?: number },
) {
  let q = liveGrants(db, hotelId).where(inScope(scope, hotelId));
  if (filter.face !== undefined) q = q.where('g.face_id', '=', filter.face);
  if (filter.roomId !== undefined) q = q.where('g.room_id', '=', filter.roomId);
  const { page, limit, offset } = pageOf(body);
  const [rows, count] = await Promise.all([
    q
      .select(grantColumns)
      .orderBy('g.end_time', 'desc')
      .orderBy('g.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as GrantRow[], total: Number(count.n), page, limit };
}

/** A live grant of the hotel, with its room's name and its face's id. */
export function findGrant(db: Db, hotelId: number, id: number) {
  return liveGrants(db, hotelId)
    .select(['g.id', 'g.room_id', 'r.name as room_name', 'fc.face_id as face_code'])
    .where('g.id', '=', id)
    .executeTakeFirst();
}

/** Revokes a grant; the row stays with `revoked_at` (the record of who held what). */
export async function revokeGrant(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('face_grants')
    .set({ revoked_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}
