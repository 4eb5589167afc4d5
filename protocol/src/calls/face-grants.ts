/**
 * Faces granted to more locks (server/API.md §13.3): a face of the library (or of one room) given to the locks of
 * other rooms for a period, delivered at each lock's next Bluetooth sync.
 */
import { call } from './contract.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** How many rooms one grant call may name. */
export const GRANT_ROOMS_MAX = 200;

/** Where a grant is: the lock learns it at its next sync (waiting), holds it (confirmed), or its period is over. */
export type FaceGrantState = 'waiting' | 'confirmed' | 'ended';

/** A face granted to one more room's lock for a period. */
export interface FaceGrant {
  id: number;
  /** The face's id. */
  face: number;
  /** The face's own face id and note. */
  face_id: string;
  note: string;
  room_id: number;
  room_name: string;
  mac_id: string | null;
  start_time: number;
  end_time: number;
  state: FaceGrantState;
  created_at: number;
}

export const faceGrantCalls = {
  /** Grants a face to the locks of more rooms (again: changes that grant's period). */
  grantFace: call({
    path: 'lock/empowerFace',
    summary: 'Grant a face to more locks',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: {
      face: f.id(),
      room_ids: f.array({ of: f.id(), max: GRANT_ROOMS_MAX }),
      start_time: f.time({ optional: true }),
      end_time: f.time({ required: 'FIELD_REQUIRED' }),
    },
  }).answers<{ face: number; list: FaceGrant[] }>(),

  grantList: call({
    path: 'lock/empowerFaceList',
    summary: 'The live grants',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: {
      face: f.id({ optional: true }),
      room_id: f.id({ optional: true }),
      ...pageFields,
    },
  }).answers<Page<FaceGrant>>(),

  revokeGrant: call({
    path: 'lock/deleteEmpowerFace',
    summary: 'Revoke a grant',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id() },
  }).answers<{ id: number }>(),
};
