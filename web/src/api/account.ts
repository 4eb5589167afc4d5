import {
  type AnswerOf,
  accountCalls,
  type Captcha,
  type InputOf,
  type LoginAnswer,
} from '@lockdesk/protocol';
import { type UseMutationResult, type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { callManage } from './client.ts';

/**
 * The account calls of spec §7 as react-query hooks: pages use these, never axios. Field names are the server's
 * (server/API.md, 'Account'; the contracts in protocol/src/calls/account.ts).
 */

export const accountKeys = {
  all: ['account'] as const,
  graphicCode: () => [...accountKeys.all, 'graphicCode'] as const,
};

export type { Captcha, LoginAnswer } from '@lockdesk/protocol';

type LoginFields = InputOf<typeof accountCalls.login>;
/** What the login form sends: the account as typed (a mobile or an e-mail address), the password, the code. */
export type LoginInput = Required<Pick<LoginFields, 'account' | 'password'>> &
  Pick<LoginFields, 'code' | 'captchaId'>;

/** A refused login's data: whether the next attempt needs the graphic code. */
export function needsGraphicCode(data: unknown): boolean {
  return data !== null && typeof data === 'object' && (data as { needCode?: unknown }).needCode === true;
}

/** Asks the server for a graphic code picture. */
export function fetchCaptcha(): Promise<Captcha> {
  return callManage(accountCalls.captcha, {});
}

/** Signs in with a mobile number or e-mail address (sent as `mobile`, as the console always has). */
export function login(input: LoginInput): Promise<LoginAnswer> {
  const fields: LoginFields = { mobile: input.account.trim(), password: input.password };
  if (input.code) fields.code = input.code.trim();
  if (input.code && input.captchaId) fields.captchaId = input.captchaId;
  return callManage(accountCalls.login, fields);
}

/** The graphic code of the login form (only fetched when `enabled`). */
export function useCaptcha(enabled: boolean): UseQueryResult<Captcha> {
  return useQuery({
    queryKey: accountKeys.graphicCode(),
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
export function useLogout(): UseMutationResult<null, Error, void> {
  return useMutation({ mutationFn: () => callManage(accountCalls.logout, {}) });
}

/** The old password and the new one (sent again as its confirmation). */
export type UpdatePasswordInput = Pick<
  InputOf<typeof accountCalls.updatePassword>,
  'oldPassword' | 'newPassword'
>;

export function useUpdatePassword(): UseMutationResult<
  AnswerOf<typeof accountCalls.updatePassword>,
  Error,
  UpdatePasswordInput
> {
  return useMutation({
    mutationFn: (input: UpdatePasswordInput) =>
      callManage(accountCalls.updatePassword, {
        oldPassword: input.oldPassword,
        newPassword: input.newPassword,
        confirmPassword: input.newPassword,
      }),
  });
}

type SendSmsInput = InputOf<typeof accountCalls.sendRecoveryCode>;

/** Sends the SMS code of password recovery. */
export function useSendSms(): UseMutationResult<
  AnswerOf<typeof accountCalls.sendRecoveryCode>,
  Error,
  SendSmsInput
> {
  return useMutation({
    mutationFn: (input: SendSmsInput) =>
      callManage(accountCalls.sendRecoveryCode, { mobile: input.mobile.trim() }),
  });
}

/** The mobile, its SMS code and the new password (sent again as its confirmation). */
export type ResetPasswordInput = Pick<
  InputOf<typeof accountCalls.resetPassword>,
  'mobile' | 'code' | 'password'
>;

export function useResetPassword(): UseMutationResult<
  AnswerOf<typeof accountCalls.resetPassword>,
  Error,
  ResetPasswordInput
> {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      callManage(accountCalls.resetPassword, {
        mobile: input.mobile.trim(),
        code: input.code.trim(),
        password: input.password,
        confirmPassword: input.password,
      }),
  });
}
