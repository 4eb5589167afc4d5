/**
 * Faces (server/API.md §7.2, contract D): a face image uploaded by the hotel with a face id and a note, granted to a
 * room's lock for a stay or kept in the hotel's face library.
 */
import { checkFaceId, checkFaceImage, checkFaceNote } from '../rules.js';
import { call } from './contract.js';
import { credentialListFields, roomAndStay } from './credential-fields.js';
import type { Page } from './page.js';
import { f } from './schema.js';

/** A face as answered (contract D): of a room's stay, or of the library (no room). */
export interface Face {
  id: number;
  face_id: string;
  note: string;
  /** The note the lock shows; empty when none. */
  lock_note: string;
  /** A `/files/…` url from the upload service. */
  image: string;
  room_id: number | null;
  room_name: string;
  stay_id: number | null;
  status: string;
  created_at: number;
}

const faceNoteField = () =>
  f.string({ max: 100, required: 'FACE_NOTE_REQUIRED', check: (v: string) => checkFaceNote(v) });

export const faceCalls = {
  /** Adds a face: to a room's stay (the one named, else the current guest) or, without a room, to the library. */
  addFace: call({
    path: 'user/uploadTFaceImg',
    summary: 'Add a face',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: {
      face_id: f.string({ max: 64, required: 'FACE_ID_REQUIRED', check: (v: string) => checkFaceId(v) }),
      note: faceNoteField(),
      image: f.string({
        max: 300,
        required: 'FACE_IMAGE_REQUIRED',
        invalid: 'UPLOAD_FILE_INVALID',
        check: (v: string) => checkFaceImage(v),
      }),
      ...roomAndStay,
    },
  }).answers<Face>(),

  faceList: call({
    path: 'user/faceImgList',
    summary: 'User/faceImgList',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: credentialListFields,
  }).answers<Page<Face>>(),

  updateFaceNote: call({
    path: 'user/updateFaceNote',
    summary: 'User/updateFaceNote, user/updateLockFaceNote',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id(), note: faceNoteField() },
  }).answers<Face>(),

  updateLockFaceNote: call({
    path: 'user/updateLockFaceNote',
    summary: 'User/updateFaceNote, user/updateLockFaceNote',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    // Empty or missing clears the note shown on the lock.
    schema: { id: f.id(), lock_note: f.string({ max: 32, optional: true }) },
  }).answers<Face>(),

  /** Deletes a face; its image file goes with it. */
  deleteFace: call({
    path: 'user/deleteTFaceImg',
    summary: 'User/deleteTFaceImg',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id() },
  }).answers<{ id: number }>(),
};
