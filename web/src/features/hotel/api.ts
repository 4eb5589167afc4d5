import {
  type HotelBreakfast,
  type HotelInfo,
  hotelCalls,
  type InputOf,
  type MyInfo,
  profileCalls,
} from '@lockdesk/protocol';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { getUserInfo, setUserInfo } from '../../api/session.ts';

/**
 * The hotel calls (server/API.md §3) and the personal centre's account (§16) as react-query hooks; the contracts are
 * protocol/src/calls/hotel.ts and profile.ts.
 */

export type { BreakfastOption, HotelBreakfast as Breakfast, HotelInfo, MyInfo } from '@lockdesk/protocol';

/** What the hotel information form sends. */
export type HotelInfoInput = InputOf<typeof hotelCalls.setInfo>;
/** What the breakfast form sends: `list` (name, count, price each) replaces the options. */
export type BreakfastInput = InputOf<typeof hotelCalls.setBreakfast>;

export const hotelKeys = {
  all: ['hotel'] as const,
  info: () => [...hotelKeys.all, 'info'] as const,
  breakfast: () => [...hotelKeys.all, 'breakfast'] as const,
};

export function useHotelInfo(): UseQueryResult<HotelInfo> {
  return useQuery({ queryKey: hotelKeys.info(), queryFn: () => callManage(hotelCalls.info, {}) });
}

/** Keeps the stored login answer's `hotelInfo` true to the hotel, so the notice goes once the form is complete. */
export function rememberHotelInfoComplete(complete: boolean): void {
  const info = getUserInfo();
  if (info && info['hotelInfo'] !== complete) setUserInfo({ ...info, hotelInfo: complete });
}

/** Saves the merchant or hotel information. Invalidates the hotel info. */
export function useSaveHotelInfo(): UseMutationResult<HotelInfo, Error, HotelInfoInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HotelInfoInput) =>
      callManage(hotelCalls.setInfo, {
        name: input.name.trim(),
        address: input.address.trim(),
        telephone: input.telephone.trim(),
        ...(input.latitude === undefined ? {} : { latitude: input.latitude }),
        ...(input.longitude === undefined ? {} : { longitude: input.longitude }),
      }),
    onSuccess: (info) => {
      rememberHotelInfoComplete(info.complete);
      client.setQueryData(hotelKeys.info(), info);
    },
  });
}

export function useBreakfast(): UseQueryResult<HotelBreakfast> {
  return useQuery({
    queryKey: hotelKeys.breakfast(),
    queryFn: () => callManage(hotelCalls.breakfast, {}),
  });
}

/** Saves the breakfast settings; `list` replaces the options. Invalidates the breakfast settings. */
export function useSaveBreakfast(): UseMutationResult<HotelBreakfast, Error, BreakfastInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BreakfastInput) => callManage(hotelCalls.setBreakfast, input),
    onSuccess: (b) => client.setQueryData(hotelKeys.breakfast(), b),
  });
}

export const accountKeys = { me: ['account', 'me'] as const };

/** The signed-in account (user/info). */
export function useMyInfo(): UseQueryResult<MyInfo> {
  return useQuery({ queryKey: accountKeys.me, queryFn: () => callManage(profileCalls.info, {}) });
}

/** Puts an uploaded picture (oss/token purpose avatar) on the account (user/setAvatar); refreshes user/info. */
export function useSetAvatar(): UseMutationResult<MyInfo, Error, string> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (avatar: string) => callManage(profileCalls.setAvatar, { avatar }),
    onSuccess: (info) => {
      client.setQueryData(accountKeys.me, info);
      // The shell's user menu shows the stored login answer's avatar.
      const stored = getUserInfo();
      if (stored) setUserInfo({ ...stored, avatar: info.avatar });
    },
  });
}
