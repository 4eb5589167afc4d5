import type { Permission } from '@lockdesk/protocol';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { type Page, usePage } from '../../api/lists.ts';

/**
 * The staff calls (server/API.md §5 'room/staffList' … 'room/staffManageRoomList1', §2 'user/setManager') as
 * react-query hooks for the /worker pages. Pages never call axios.
 */

export type StaffRole = 'staff' | 'secondary';

/** A staff member or secondary administrator (room/staffList). */
export interface StaffMember {
  id: number;
  uid: number;
  mobile: string;
  nickname: string;
  name: string;
  role: StaffRole;
  authorities: string[];
  frozen: boolean;
  valid_until: number | null;
  room_count: number;
  created_at: number;
}

export interface StaffQuery {
  role: StaffRole;
  name?: string | undefined;
  page: number;
  limit: number;
}

/** A room of the picker (room/staffManageRoomList1), flagged when granted to the member. */
export interface PickerRoom {
  id: number;
  name: string;
  category_id: number | null;
  building: number | null;
  floor: number | null;
  status: number;
  granted: boolean;
}

export interface PickerQuery {
  id: number;
  name?: string | undefined;
  category_id?: number | undefined;
  granted?: boolean | undefined;
  page: number;
  limit: number;
}

export const staffKeys = {
  all: ['staff'] as const,
  lists: () => [...staffKeys.all, 'list'] as const,
  list: (query: StaffQuery) => [...staffKeys.lists(), query] as const,
  pickers: () => [...staffKeys.all, 'rooms'] as const,
  picker: (query: PickerQuery) => [...staffKeys.pickers(), query] as const,
};

/** One page of staff members or secondary administrators. */
export function useStaffList(query: StaffQuery): UseQueryResult<Page<StaffMember>> {
  return usePage<StaffMember>(staffKeys.list(query), 'room/staffList', query);
}

/** One page of the rooms the caller may grant, flagged for the member. */
export function usePickerRooms(query: PickerQuery): UseQueryResult<Page<PickerRoom>> {
  return usePage<PickerRoom>(staffKeys.picker(query), 'room/staffManageRoomList1', query, {
    enabled: query.id > 0,
  });
}

export interface AddStaffInput {
  mobile: string;
  nickname?: string | undefined;
  password?: string | undefined;
}

function useRefreshStaff() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: staffKeys.all });
}

/** Adds a staff member (room/addStaff); rooms are granted on the permissions page. */
export function useAddStaff(): UseMutationResult<StaffMember, Error, AddStaffInput> {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (input: AddStaffInput) =>
      callManage<StaffMember>('room/addStaff', {
        mobile: input.mobile.trim(),
        ...(input.nickname?.trim() ? { nickname: input.nickname.trim() } : {}),
        ...(input.password ? { password: input.password } : {}),
      }),
    onSuccess: refresh,
  });
}

export function useDeleteStaff(): UseMutationResult<{ id: number }, Error, number> {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (id: number) => callManage<{ id: number }>('room/deleteStaff', { id }),
    onSuccess: refresh,
  });
}

/** Grants or revokes rooms: the listed ones, or every room matching the picker's filters. */
export type GrantInput =
  | { id: number; mode: 'add' | 'remove'; room_ids: number[] }
  | {
      id: number;
      mode: 'add' | 'remove';
      all_matching: true;
      name?: string | undefined;
      category_id?: number | undefined;
    };

export function useGrantRooms(): UseMutationResult<{ id: number; room_count: number }, Error, GrantInput> {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (input: GrantInput) => {
      const fields: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== '') fields[k] = v;
      return callManage<{ id: number; room_count: number }>('room/addStaffManageLock', fields);
    },
    onSuccess: refresh,
  });
}

export interface ManagerInput {
  mobile: string;
  nickname?: string | undefined;
  password?: string | undefined;
  authorities: Permission[];
}

export interface ManagerAnswer {
  uid: number;
  mobile: string;
  nickname: string;
  authorities: string[];
  created: boolean;
}

/** Adds or updates a secondary administrator with its management authorities (user/setManager). */
export function useSetManager(): UseMutationResult<ManagerAnswer, Error, ManagerInput> {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (input: ManagerInput) =>
      callManage<ManagerAnswer>('user/setManager', {
        mobile: input.mobile.trim(),
        ...(input.nickname?.trim() ? { nickname: input.nickname.trim() } : {}),
        ...(input.password ? { password: input.password } : {}),
        authorities: input.authorities,
      }),
    onSuccess: refresh,
  });
}
