/**
 * The personal centre's account (server/API.md §16 'Personal centre'): the signed-in account's user info of spec §3
 * and its picture. Who is decided by the session only; no call here names another account.
 */
import type { AccountRole } from '../permissions.js';
import { call } from './contract.js';
import { f } from './schema.js';

/** The signed-in account (user/info). */
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
  role: AccountRole;
  hotel_id: number | null;
  hotel_name: string;
  /** The hotel's merchant balance in fen; null for an account of no hotel. */
  balance_fen: number | null;
  created_at: number;
}

export const profileCalls = {
  /** The signed-in account. */
  info: call({
    path: 'user/info',
    summary: 'The signed-in account',
    auth: 'user',
    mutates: false,
    schema: {},
  }).answers<MyInfo>(),

  /** Puts a picture uploaded for the account (oss/token purpose `avatar`) on it. */
  setAvatar: call({
    path: 'user/setAvatar',
    summary: "The account's picture",
    auth: 'user',
    mutates: true,
    schema: {
      /** The `/files/<key>` URL upload answered for an oss/token of purpose `avatar`. */
      avatar: f.string({ max: 300 }),
    },
  }).answers<MyInfo>(),
};
