/**
 * The statements of a stay's closing on its credentials (stay-credentials.ts says what a closing withdraws): each
 * marks the stay's credentials that still hold as withdrawn and answers what it withdrew. Run in the closing's
 * transaction.
 */
import type { Db } from '../../db/index.js';

/** The stay whose credentials end. */
interface StayKey {
  id: number;
  hotel_id: number;
}

/** Withdraws the stay's key cards still issued or planned (a planned card may have been written already). */
export function withdrawStayCards(db: Db, stay: StayKey, now: Date) {
  return db
    .updateTable('cards')
    .set({ status: 'withdrawn', withdrawn_at: now, updated_at: now })
    .where('stay_id', '=', stay.id)
    .where('hotel_id', '=', stay.hotel_id)
    .where('status', 'in', ['issued', 'pending'])
    .returning([
      'id',
      'hotel_id',
      'card_number',
      'type',
      'room_id',
      'building',
      'floor',
      'room_ids',
      'access_controls',
    ])
    .execute();
}

/** Withdraws the stay's active faces (the record and its image stay). */
export function withdrawStayFaces(db: Db, stay: StayKey, now: Date) {
  return db
    .updateTable('faces')
    .set({ status: 'withdrawn', updated_at: now })
    .where('stay_id', '=', stay.id)
    .where('hotel_id', '=', stay.hotel_id)
    .where('status', '=', 'active')
    .returning(['id', 'face_id', 'room_id'])
    .execute();
}

/** Revokes the grants of faces to other rooms; answers the rooms each was granted. */
export function revokeFaceGrants(db: Db, faceIds: number[], now: Date) {
  return db
    .updateTable('face_grants')
    .set({ revoked_at: now, updated_at: now })
    .where('face_id', 'in', faceIds)
    .where('revoked_at', 'is', null)
    .returning('room_id')
    .execute();
}

/** Withdraws the stay's active fingerprints. */
export function withdrawStayFingerprints(db: Db, stay: StayKey, now: Date) {
  return db
    .updateTable('fingerprints')
    .set({ status: 'withdrawn', updated_at: now })
    .where('stay_id', '=', stay.id)
    .where('hotel_id', '=', stay.hotel_id)
    .where('status', '=', 'active')
    .returning(['id', 'finger_id', 'room_id'])
    .execute();
}
