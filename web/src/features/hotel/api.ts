import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { getUserInfo, setUserInfo } from '../../api/session.ts';

/** The hotel calls (server/API.md §3) as react-query hooks. */

export interface HotelInfo {
  id: number;
  name: string;
  address: string;
  telephone: string;
  latitude: number | null;
  longitude: number | null;
  complete: boolean;
}

export interface HotelInfoInput {
  name: string;
  address: string;
  telephone: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

export interface BreakfastOption {
  id?: number;
  name: string;
  count: number;
  price: number;
}

export interface Breakfast {
  enabled: boolean;
  start_time: string | null;
  end_time: string | null;
  price: number | null;
  list: BreakfastOption[];
}

export const hotelKeys = {
  all: ['hotel'] as const,
  info: () => [...hotelKeys.all, 'info'] as const,
  breakfast: () => [...hotelKeys.all, 'breakfast'] as const,
};

export function useHotelInfo(): UseQueryResult<HotelInfo> {
  return useQuery({ queryKey: hotelKeys.info(), queryFn: () => callManage<HotelInfo>('room/hotelInfo') });
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
      callManage<HotelInfo>('room/setHotelInfo', {
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

export function useBreakfast(): UseQueryResult<Breakfast> {
  return useQuery({
    queryKey: hotelKeys.breakfast(),
    queryFn: () => callManage<Breakfast>('room/hotelBreakFastList'),
  });
}

/** Saves the breakfast settings; `list` replaces the options. Invalidates the breakfast settings. */
export function useSaveBreakfast(): UseMutationResult<Breakfast, Error, Breakfast> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Breakfast) =>
      callManage<Breakfast>('room/hotelBreakFast', {
        enabled: input.enabled,
        ...(input.start_time ? { start_time: input.start_time } : {}),
        ...(input.end_time ? { end_time: input.end_time } : {}),
        ...(input.price === null ? {} : { price: input.price }),
        list: input.list.map((o) => ({ name: o.name.trim(), count: o.count, price: o.price })),
      }),
    onSuccess: (b) => client.setQueryData(hotelKeys.breakfast(), b),
  });
}

/** The signed-in account's user info (user/info, API.md §16 'Personal centre'). */
export interface MyInfo {
  uid: number;
  mobile: string | null;
  email: string | null;
  avatar: string;
  name: string;
  nickname: string;
  /** 0 not given, 1 male, 2 female. */
  gender: number;
  nationality: string;
  birth_date: string | null;
  id_number: string;
  role: string;
  hotel_id: number | null;
  hotel_name: string;
  /** The hotel's balance in fen; null for an account of no hotel. */
  balance_fen: number | null;
  created_at: number;
}

export const accountKeys = { me: ['account', 'me'] as const };

/** The signed-in account (user/info). */
export function useMyInfo(): UseQueryResult<MyInfo> {
  return useQuery({ queryKey: accountKeys.me, queryFn: () => callManage<MyInfo>('user/info') });
}

/** Puts an uploaded picture (oss/token purpose avatar) on the account (user/setAvatar); refreshes user/info. */
export function useSetAvatar(): UseMutationResult<MyInfo, Error, string> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (avatar: string) => callManage<MyInfo>('user/setAvatar', { avatar }),
    onSuccess: (info) => {
      client.setQueryData(accountKeys.me, info);
      // The shell's user menu shows the stored login answer's avatar.
      const stored = getUserInfo();
      if (stored) setUserInfo({ ...stored, avatar: info.avatar });
    },
  });
}
