import {
  type AnswerOf,
  accountCalls,
  type GrantableRoom,
  type InputOf,
  type StaffMember,
  staffCalls,
} from '@lockdesk/protocol';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { definedFields, type Page, usePage } from '../../api/lists.ts';

/**
 * The staff calls (server/API.md §5 room/staffList … room/staffManageRoomList1, §2 user/setManager; the contracts
 * in protocol/src/calls/staff.ts and account.ts) as react-query hooks for the /worker pages. Pages never call axios.
 */

export type { GrantableRoom as PickerRoom, StaffMember, StaffRole } from '@lockdesk/protocol';

/** room/staffList's request. */
export type StaffQuery = InputOf<typeof staffCalls.list>;
/** room/staffManageRoomList1's request. */
export type PickerQuery = InputOf<typeof staffCalls.grantableRooms>;

export const staffKeys = {
  all: ['staff'] as const,
  lists: () => [...staffKeys.all, 'list'] as const,
  list: (query: StaffQuery) => [...staffKeys.lists(), query] as const,
  pickers: () => [...staffKeys.all, 'rooms'] as const,
  picker: (query: PickerQuery) => [...staffKeys.pickers(), query] as const,
};

/** One page of staff members or secondary administrators. */
export function useStaffList(query: StaffQuery): UseQueryResult<Page<StaffMember>> {
  return usePage(staffKeys.list(query), staffCalls.list, query);
}

/** One page of the rooms the caller may grant, flagged for the member. */
export function usePickerRooms(query: PickerQuery): UseQueryResult<Page<GrantableRoom>> {
  return usePage(staffKeys.picker(query), staffCalls.grantableRooms, query, { enabled: query.id > 0 });
}

/** What the add form sends: rooms are granted on the permissions page. */
export type AddStaffInput = Pick<InputOf<typeof staffCalls.add>, 'mobile' | 'nickname' | 'password'>;

function useRefreshStaff() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: staffKeys.all });
}

/** Adds a staff member (room/addStaff); rooms are granted on the permissions page. */
export function useAddStaff(): UseMutationResult<StaffMember, Error, AddStaffInput> {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (input: AddStaffInput) =>
      callManage(staffCalls.add, {
        mobile: input.mobile.trim(),
        ...(input.nickname?.trim() ? { nickname: input.nickname.trim() } : {}),
        ...(input.password ? { password: input.password } : {}),
      }),
    onSuccess: refresh,
  });
}

export function useDeleteStaff(): UseMutationResult<AnswerOf<typeof staffCalls.remove>, Error, number> {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (id: number) => callManage(staffCalls.remove, { id }),
    onSuccess: refresh,
  });
}

/** Grants or revokes rooms: the listed ones, or (`all_matching`) every room matching the picker's filters. */
export type GrantInput = InputOf<typeof staffCalls.grantRooms>;

export function useGrantRooms(): UseMutationResult<
  AnswerOf<typeof staffCalls.grantRooms>,
  Error,
  GrantInput
> {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (input: GrantInput) => callManage(staffCalls.grantRooms, definedFields(input)),
    onSuccess: refresh,
  });
}

/** What the secondary administrator form sends. */
export type ManagerInput = Pick<
  InputOf<typeof accountCalls.setManager>,
  'mobile' | 'nickname' | 'password' | 'authorities'
>;

/** Adds or updates a secondary administrator with its management authorities (user/setManager). */
export function useSetManager(): UseMutationResult<
  AnswerOf<typeof accountCalls.setManager>,
  Error,
  ManagerInput
> {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (input: ManagerInput) =>
      callManage(accountCalls.setManager, {
        mobile: input.mobile.trim(),
        ...(input.nickname?.trim() ? { nickname: input.nickname.trim() } : {}),
        ...(input.password ? { password: input.password } : {}),
        authorities: input.authorities ?? [],
      }),
    onSuccess: refresh,
  });
}
