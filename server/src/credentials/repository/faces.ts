/**
 * The SQL of the faces (API.md §7.2): a hotel's live faces with their room's name, added, noted and deleted. The
 * uploads they point at are the files area's (shared/uploads' findUpload finds one).
 */
import type { Db } from '../../db/index.js';
import { listPage } from '../../fields.js';
import type { credentialsListed } from '../../shared/credential-common.js';

/** The where-clause of a credential list (the caller's scope, room, stay and keyword). */
type CredentialsListed = Awaited<ReturnType<typeof credentialsListed>>;

const faceColumns = [
  'fc.id',
  'fc.face_id',
  'fc.note',
  'fc.lock_note',
  'fc.image',
  'fc.room_id',
  'r.name as room_name',
  'fc.stay_id',
  'fc.status',
  'fc.created_at',
] as const;

/** A face with its room's name (null in the library). */
export type FaceRow = {
  id: number;
  face_id: string;
  note: string;
  lock_note: string;
  image: string;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  status: string;
  created_at: Date;
};

/** The hotel's faces not deleted, with their room. */
function liveFaces(db: Db, hotelId: number) {
  return db
    .selectFrom('faces as fc')
    .leftJoin('rooms as r', 'r.id', 'fc.room_id')
    .where('fc.hotel_id', '=', hotelId)
    .where('fc.status', '<>', 'deleted');
}

/** A face of the hotel, not deleted. */
export function findFace(db: Db, hotelId: number, id: number): Promise<FaceRow | undefined> {
  return liveFaces(db, hotelId).select(faceColumns).where('fc.id', '=', id).executeTakeFirst();
}

/** A face of the hotel, not deleted, with the upload key of its image (the file goes with the face). */
export function findFaceWithUpload(
  db: Db,
  hotelId: number,
  id: number,
): Promise<(FaceRow & { upload_key: string | null }) | undefined> {
  return liveFaces(db, hotelId)
    .select([...faceColumns, 'fc.upload_key'])
    .where('fc.id', '=', id)
    .executeTakeFirst();
}

/** One page of the hotel's faces a list keeps (credentialsListed), newest first. */
export function faceListPage(
  db: Db,
  hotelId: number,
  listed: CredentialsListed,
  page: { page?: number; limit?: number },
) {
  return listPage(
    liveFaces(db, hotelId).where(listed),
    page,
    (q) => q.select(faceColumns).orderBy('fc.created_at', 'desc').orderBy('fc.id', 'desc'),
    (row): FaceRow => row,
  );
}

/** Stores a new face; a unique violation (face id taken, upload used) is the caller's to name. Answers its id. */
export async function insertFace(
  db: Db,
  face: {
    hotelId: number;
    roomId: number | null;
    stayId: number | null;
    faceId: string;
    note: string;
    image: string;
    uploadKey: string;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('faces')
    .values({
      hotel_id: face.hotelId,
      room_id: face.roomId,
      stay_id: face.stayId,
      face_id: face.faceId,
      note: face.note,
      image: face.image,
      upload_key: face.uploadKey,
      created_at: face.now,
      updated_at: face.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setFaceNote(db: Db, id: number, note: string, now: Date): Promise<void> {
  await db.updateTable('faces').set({ note, updated_at: now }).where('id', '=', id).execute();
}

/** The note the lock shows ('' clears it). */
export async function setLockFaceNote(db: Db, id: number, lockNote: string, now: Date): Promise<void> {
  await db.updateTable('faces').set({ lock_note: lockNote, updated_at: now }).where('id', '=', id).execute();
}

/** Marks a face deleted and drops its image's upload row, in one transaction (the file is the caller's). */
export async function deleteFace(db: Db, id: number, uploadKey: string | null, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('faces')
      .set({ status: 'deleted', upload_key: null, updated_at: now })
      .where('id', '=', id)
      .execute();
    if (uploadKey) await trx.deleteFrom('uploads').where('key', '=', uploadKey).execute();
  });
}
