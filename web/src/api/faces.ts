import {
  type AnswerOf,
  type Face,
  type FaceGrant,
  faceCalls,
  faceGrantCalls,
  type InputOf,
  type Stay,
  stayCalls,
} from '@lockdesk/protocol';
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
 * share, as react-query hooks: pages use these, never axios. Inputs and answers are the contracts' (protocol's
 * calls/faces.ts and face-grants.ts).
 */

// A face of the library and a face granted to more locks, as the server answers them.
export type { Face, FaceGrant } from '@lockdesk/protocol';

export type FaceListParams = InputOf<typeof faceCalls.faceList>;

/** An open stay of a room (room/tenant/list with `open`). */
export type OpenStay = Stay;

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
  return usePage(faceKeys.list(params), faceCalls.faceList, params);
}

type NewFace = InputOf<typeof faceCalls.addFace>;

/** Creates a face (and grants it to a room's lock for a stay when a room is given). Invalidates the face lists. */
export function useCreateFace(): UseMutationResult<Face, Error, NewFace> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewFace) =>
      callManage(faceCalls.addFace, {
        ...definedFields(input),
        face_id: input.face_id.trim(),
        note: input.note.trim(),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: faceKeys.lists() }),
  });
}

type FaceNote = InputOf<typeof faceCalls.updateFaceNote>;

/** Edits a face's note. Invalidates the face lists. */
export function useUpdateFaceNote(): UseMutationResult<Face, Error, FaceNote> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FaceNote) =>
      callManage(faceCalls.updateFaceNote, { id: input.id, note: input.note.trim() }),
    onSuccess: () => client.invalidateQueries({ queryKey: faceKeys.lists() }),
  });
}

type LockFaceNote = InputOf<typeof faceCalls.updateLockFaceNote>;

/** Edits the note the lock shows for a face (empty clears it). Invalidates the face lists. */
export function useUpdateLockFaceNote(): UseMutationResult<Face, Error, LockFaceNote> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LockFaceNote) =>
      callManage(faceCalls.updateLockFaceNote, { id: input.id, lock_note: (input.lock_note ?? '').trim() }),
    onSuccess: () => client.invalidateQueries({ queryKey: faceKeys.lists() }),
  });
}

/** Deletes a face. Invalidates the face lists. */
export function useDeleteFace(): UseMutationResult<AnswerOf<typeof faceCalls.deleteFace>, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage(faceCalls.deleteFace, { id }),
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
    queryFn: () => callManage(faceGrantCalls.grantList, { face, page: 1, limit: FACE_GRANTS_SHOWN }),
  });
}

type NewFaceGrant = InputOf<typeof faceGrantCalls.grantFace>;

/** Grants a face to more locks (again: changes the period). Invalidates the face's grants and the room marks. */
export function useGrantFace(): UseMutationResult<
  AnswerOf<typeof faceGrantCalls.grantFace>,
  Error,
  NewFaceGrant
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewFaceGrant) => callManage(faceGrantCalls.grantFace, { ...input }),
    onSuccess: (_, input) => {
      client.invalidateQueries({ queryKey: faceGrantKeys.ofFace(input.face) });
      client.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}

/** Revokes a grant (`face` names the face whose grants to refresh). Invalidates the face's grants and the room marks. */
export function useRevokeFaceGrant(): UseMutationResult<
  AnswerOf<typeof faceGrantCalls.revokeGrant>,
  Error,
  { id: number; face: number }
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; face: number }) =>
      callManage(faceGrantCalls.revokeGrant, { id: input.id }),
    onSuccess: (_, input) => {
      client.invalidateQueries({ queryKey: faceGrantKeys.ofFace(input.face) });
      client.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}
