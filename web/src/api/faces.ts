import { stayCalls } from '@lockdesk/protocol';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from './client.ts';
import { definedFields, type Page, usePage } from './lists.ts';

/**
 * The face calls (server/API.md 'Faces', contract D) and the room and stay pickers the face and fingerprint forms
 * share, as react-query hooks: pages use these, never axios.
 */

/** A face of the library. */
export interface Face {
  id: number;
  face_id: string;
  note: string;
  lock_note: string;
  /** A `/files/…` url from the upload service. */
  image: string;
  room_id: number | null;
  room_name: string;
  stay_id: number | null;
  status: string;
  created_at: number;
}

export interface FaceListParams {
  room_id?: number | undefined;
  keyword?: string | undefined;
  page: number;
  limit: number;
}

/** An open stay of a room (room/tenant/list with `open`). */
export interface OpenStay {
  stay_id: number;
  room_id: number;
  mobile: string;
  nickname: string;
  start_time: number;
  end_time: number;
  state: string;
}

export const faceKeys = {
  all: ['faces'] as const,
  lists: () => [...faceKeys.all, 'list'] as const,
  list: (params: FaceListParams) => [...faceKeys.lists(), params] as const,
};

export const pickerKeys = {
  all: ['pickers'] as const,
  stays: (roomId: number) => [...pickerKeys.all, 'stays', roomId] as const,
};

/** One page of the face library. */
export function useFaceList(params: FaceListParams): UseQueryResult<Page<Face>> {
  return usePage(faceKeys.list(params), 'user/faceImgList', params);
}

export interface NewFace {
  face_id: string;
  note: string;
  image: string;
  room_id?: number | undefined;
  stay_id?: number | undefined;
}

/** Creates a face (and grants it to a room's lock for a stay when a room is given). Invalidates the face lists. */
export function useCreateFace(): UseMutationResult<Face, Error, NewFace> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewFace) =>
      callManage<Face>('user/uploadTFaceImg', {
        ...definedFields(input),
        face_id: input.face_id.trim(),
        note: input.note.trim(),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: faceKeys.lists() }),
  });
}

/** Edits a face's note. Invalidates the face lists. */
export function useUpdateFaceNote(): UseMutationResult<Face, Error, { id: number; note: string }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; note: string }) =>
      callManage<Face>('user/updateFaceNote', { id: input.id, note: input.note.trim() }),
    onSuccess: () => client.invalidateQueries({ queryKey: faceKeys.lists() }),
  });
}

/** Edits the note the lock shows for a face. Invalidates the face lists. */
export function useUpdateLockFaceNote(): UseMutationResult<Face, Error, { id: number; lock_note: string }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; lock_note: string }) =>
      callManage<Face>('user/updateLockFaceNote', { id: input.id, lock_note: input.lock_note.trim() }),
    onSuccess: () => client.invalidateQueries({ queryKey: faceKeys.lists() }),
  });
}

/** Deletes a face. Invalidates the face lists. */
export function useDeleteFace(): UseMutationResult<{ id: number }, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage<{ id: number }>('user/deleteTFaceImg', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: faceKeys.lists() }),
  });
}

/** The reserved and active stays of a room (the current guest first when there is one). */
export function useOpenStays(roomId: number | undefined): UseQueryResult<OpenStay[]> {
  return useQuery({
    queryKey: pickerKeys.stays(roomId ?? 0),
    queryFn: async () =>
      (
        await callManage(stayCalls.list, {
          // Only asked with a room (enabled below).
          room_id: roomId as number,
          open: true,
          page: 1,
          limit: 50,
        })
      ).list,
    enabled: roomId !== undefined,
  });
}

/** A face granted to one more room's lock for a period (lock/empowerFaceList, server/API.md §13.3). */
export interface FaceGrant {
  id: number;
  /** The face's id. */
  face: number;
  face_id: string;
  note: string;
  room_id: number;
  room_name: string;
  mac_id: string | null;
  start_time: number;
  end_time: number;
  /** waiting: the lock learns it at its next Bluetooth sync; confirmed: it holds it; ended: the period is over. */
  state: 'waiting' | 'confirmed' | 'ended';
  created_at: number;
}

export interface NewFaceGrant {
  face: number;
  room_ids: number[];
  start_time: number;
  end_time: number;
}

/** How many grants of one face the grant dialog shows. */
export const FACE_GRANTS_SHOWN = 100;

export const faceGrantKeys = {
  all: ['faceGrants'] as const,
  ofFace: (face: number) => [...faceGrantKeys.all, face] as const,
};

/** The live grants of a face (the first 100, latest end first). */
export function useFaceGrants(face: number): UseQueryResult<Page<FaceGrant>> {
  return useQuery({
    queryKey: faceGrantKeys.ofFace(face),
    queryFn: () =>
      callManage<Page<FaceGrant>>('lock/empowerFaceList', { face, page: 1, limit: FACE_GRANTS_SHOWN }),
  });
}

/** Grants a face to more locks (again: changes the period). Invalidates the face's grants and the room marks. */
export function useGrantFace(): UseMutationResult<{ face: number; list: FaceGrant[] }, Error, NewFaceGrant> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewFaceGrant) =>
      callManage<{ face: number; list: FaceGrant[] }>('lock/empowerFace', { ...input }),
    onSuccess: (_, input) => {
      client.invalidateQueries({ queryKey: faceGrantKeys.ofFace(input.face) });
      client.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}

/** Revokes a grant. Invalidates the face's grants and the room marks. */
export function useRevokeFaceGrant(): UseMutationResult<{ id: number }, Error, { id: number; face: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; face: number }) =>
      callManage<{ id: number }>('lock/deleteEmpowerFace', { id: input.id }),
    onSuccess: (_, input) => {
      client.invalidateQueries({ queryKey: faceGrantKeys.ofFace(input.face) });
      client.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}
