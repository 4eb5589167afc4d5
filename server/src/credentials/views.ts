/**
 * The credentials as answered (the contracts' answer types, protocol/src/calls/faces.ts, face-grants.ts,
 * fingerprints.ts, passwords.ts), made from the repository's rows: times in seconds, never a template or a PIN's
 * stored form.
 */
import type { Face, FaceGrant, Fingerprint, FingerprintDelivery, RoomPassword } from '@lockdesk/protocol';
import { epochSeconds } from '../fields.js';
import { credentialPlace } from '../shared/credential-common.js';
import type { GrantRow } from './repository/face-grants.js';
import type { FaceRow } from './repository/faces.js';
import type { DeliveryRow, FingerprintRow } from './repository/fingerprints.js';
import { type PasswordRow, passwordStatus } from './repository/passwords.js';

/** A face (contract D). */
export function faceView(row: FaceRow): Face {
  return {
    id: row.id,
    face_id: row.face_id,
    note: row.note,
    lock_note: row.lock_note,
    image: row.image,
    ...credentialPlace(row),
  };
}

/** A grant's delivery: confirmed once the lock's last confirmed state holds the face with this period. */
function grantState(row: GrantRow, now: Date): FaceGrant['state'] {
  if (row.end_time <= now) return 'ended';
  const held = row.confirmed_state?.faces?.find((x) => x.id === row.face_id);
  return held &&
    held.start_time === epochSeconds(row.start_time) &&
    held.end_time === epochSeconds(row.end_time)
    ? 'confirmed'
    : 'waiting';
}

/** A face granted to a room's lock, as it stands at `now`. */
export function grantView(row: GrantRow, now: Date): FaceGrant {
  return {
    id: row.id,
    face: row.face_id,
    face_id: row.face_code,
    note: row.face_note,
    room_id: row.room_id,
    room_name: row.room_name,
    mac_id: row.mac_id,
    start_time: epochSeconds(row.start_time),
    end_time: epochSeconds(row.end_time),
    state: grantState(row, now),
    created_at: epochSeconds(row.created_at),
  };
}

/** A fingerprint (contract E): never its template. */
export function fingerprintView(row: FingerprintRow): Fingerprint {
  return {
    id: row.id,
    finger_id: row.finger_id,
    note: row.note,
    ...credentialPlace(row),
  };
}

/** A delivery (contract E), with the fingerprint's id and note for the list. */
export function deliveryView(row: DeliveryRow): FingerprintDelivery {
  return {
    id: row.id,
    fingerprint_id: row.fingerprint_id,
    finger_id: row.finger_id,
    note: row.note,
    room_id: row.room_id,
    room_name: row.room_name,
    status: row.status,
    created_at: epochSeconds(row.created_at),
    updated_at: epochSeconds(row.updated_at),
  };
}

/** A password (contract A): never its digits, never its stored form. */
export function passwordView(row: PasswordRow, nowMs: number): RoomPassword {
  return {
    id: row.id,
    room_id: row.room_id,
    room_name: row.room_name,
    stay_id: row.stay_id,
    nickname: row.nickname ?? '',
    mobile: row.mobile ?? '',
    kind: row.kind,
    single_use: row.single_use,
    start_time: epochSeconds(row.start_time),
    end_time: epochSeconds(row.end_time),
    status: passwordStatus(row, nowMs),
    created_at: epochSeconds(row.created_at),
    created_by: row.user_nickname || row.user_name || row.user_mobile || '',
  };
}
