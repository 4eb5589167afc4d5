import { cardCalls, type Firmware, type FirmwareFile, firmwareCalls, roomCalls } from '@lockdesk/protocol';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { type Page, usePage } from '../../api/lists.ts';
import { uploadFile } from '../../api/upload.ts';

/**
 * The equipment page's calls (server/API.md §13): the rooms and their access-control switch (room/listNew,
 * lock/accessControlList, room/setAccessControl) and the firmwares (lock/getFirmwaresList, oss/token + /upload +
 * lock/addFirmwares), as react-query hooks. Pages never call axios.
 */

/** A room of the access-control tab (room/listNew). */
export interface AccessRoom {
  id: number;
  name: string;
  category_name: string | null;
  mac_id: string | null;
  building: number | null;
  floor: number | null;
}

/** A door access-control cards open (lock/accessControlList). */
export interface AccessControl {
  room_id: number;
  name: string;
  mac_id: string | null;
}

/** The access-control tab's request: room name, group and page. */
export interface AccessRoomQuery {
  name?: string | undefined;
  group?: number | undefined;
  page: number;
  limit: number;
}

// A firmware and its locks as the server answers them: declared with the firmware calls' contracts.
export type { Firmware, FirmwareFile, FirmwareLock } from '@lockdesk/protocol';

export interface FirmwareQuery {
  keyword?: string | undefined;
  page: number;
  limit: number;
}

/** What the firmware form sends (the file is uploaded first). */
export interface NewFirmware {
  file: File;
  name: string;
  version: string;
  model?: string | undefined;
  note?: string | undefined;
  room_ids: number[];
}

export const equipmentKeys = {
  all: ['equipment'] as const,
  rooms: (query: AccessRoomQuery) => [...equipmentKeys.all, 'rooms', query] as const,
  controls: () => [...equipmentKeys.all, 'controls'] as const,
  firmwareLists: () => [...equipmentKeys.all, 'firmwares'] as const,
  firmwares: (query: FirmwareQuery) => [...equipmentKeys.firmwareLists(), query] as const,
};

/** One page of rooms (room/listNew, by name A–Z), the page shown staying while the next loads. */
export function useAccessRooms(query: AccessRoomQuery): UseQueryResult<Page<AccessRoom>> {
  return usePage(equipmentKeys.rooms(query), roomCalls.list, {
    page: query.page,
    limit: query.limit,
    sort: 'asc',
    name: query.name,
    category_id: query.group,
  });
}

/** The doors defined as access controls in the caller's rooms. */
export function useAccessControls(): UseQueryResult<AccessControl[]> {
  return useQuery({
    queryKey: equipmentKeys.controls(),
    queryFn: async () => (await callManage(cardCalls.accessControlList, {})).list,
  });
}

/** Switches a room's access control; refreshes the doors defined. */
export function useSetAccessControl(): UseMutationResult<
  { room_id: number; access_control: boolean },
  Error,
  { room_id: number; access_control: boolean }
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input) => callManage(cardCalls.setAccessControl, input),
    onSuccess: () => client.invalidateQueries({ queryKey: equipmentKeys.controls() }),
  });
}

/** One page of the hotel's firmwares with the locks each applies to. */
export function useFirmwares(query: FirmwareQuery): UseQueryResult<Page<Firmware>> {
  return usePage(equipmentKeys.firmwares(query), firmwareCalls.getFirmwaresList, query);
}

/** Uploads the file (purpose 'firmware') and records it; refreshes the firmware lists. */
export function useAddFirmware(): UseMutationResult<FirmwareFile, Error, NewFirmware> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewFirmware) => {
      const stored = await uploadFile('firmware', input.file);
      return callManage(firmwareCalls.addFirmwares, {
        file: stored.url,
        file_name: input.file.name,
        name: input.name.trim(),
        version: input.version.trim(),
        model: input.model?.trim() || undefined,
        note: input.note?.trim() || undefined,
        room_ids: input.room_ids.length > 0 ? input.room_ids : undefined,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: equipmentKeys.firmwareLists() }),
  });
}
