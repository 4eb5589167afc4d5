import { type UseMutationResult, type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { callManage } from './client.ts';
import type { UserInfo } from './session.ts';

/**
 * The account calls of spec §7 as react-query hooks: pages use these, never axios. Field names are the server's
 * (server/API.md, 'Account').
 */

export const accountKeys = {
  all: ['account'] as const,
  captcha: () => [...accountKeys.all, 'captcha'] as const,
};

/** The graphic code picture; the server keeps the code against its id and this tab's uuid header. */
export interface Captcha {
  /** A data: URI of the picture. */
  image: string;
  /** Sent back with the login so the server checks the code of this very picture. */
  captchaId: string;
  expires_in?: number;
}

export interface LoginInput {
  account: string;
  password: string;
  code?: string;
  captchaId?: string;
}

/** A refused login's data: whether the next attempt needs the graphic code. */
export function needsGraphicCode(data: unknown): boolean {
  return data !== null && typeof data === 'object' && (data as { needCode?: unknown }).needCode === true;
}

/** The login answer: the user info to keep, with its session token. */
export type LoginAnswer = UserInfo & { token: string };

/** Asks the server for a graphic code picture. */
export function fetchCaptcha(): Promise<Captcha> {
  return callManage<Captcha>('captcha');
}

/** Signs in with a mobile number or e-mail address. */
export function login(input: LoginInput): Promise<LoginAnswer> {
  const fields: Record<string, unknown> = { mobile: input.account.trim(), password: input.password };
  if (input.code) fields['code'] = input.code.trim();
  if (input.code && input.captchaId) fields['captchaId'] = input.captchaId;
  return callManage<LoginAnswer>('login', fields);
}

/** The graphic code of the login form (only fetched when `enabled`). */
export function useCaptcha(enabled: boolean): UseQueryResult<Captcha> {
  return useQuery({
    queryKey: accountKeys.captcha(),
    queryFn: fetchCaptcha,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useLogin(): UseMutationResult<LoginAnswer, Error, LoginInput> {
  return useMutation({ mutationFn: login });
}

/** Ends the session on the server. */
export function useLogout(): UseMutationResult<unknown, Error, void> {
  return useMutation({ mutationFn: () => callManage('logout') });
}

export interface UpdatePasswordInput {
  oldPassword: string;
  password: string;
}

export function useUpdatePassword(): UseMutationResult<unknown, Error, UpdatePasswordInput> {
  return useMutation({
    mutationFn: (input: UpdatePasswordInput) =>
      callManage('setting/updatePassword', {
        oldPassword: input.oldPassword,
        newPassword: input.password,
        confirmPassword: input.password,
      }),
  });
}

/** Sends the SMS code of password recovery. */
export function useSendSms(): UseMutationResult<unknown, Error, { mobile: string }> {
  return useMutation({
    mutationFn: (input: { mobile: string }) => callManage('getBack/sendMsg', { mobile: input.mobile.trim() }),
  });
}

export interface ResetPasswordInput {
  mobile: string;
  code: string;
  password: string;
}

export function useResetPassword(): UseMutationResult<unknown, Error, ResetPasswordInput> {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      callManage('getBack/reset', {
        mobile: input.mobile.trim(),
        code: input.code.trim(),
        password: input.password,
        confirmPassword: input.password,
      }),
  });
}
