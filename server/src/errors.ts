/** The one error type handlers throw; each front door turns it into its own answer (answers.ts). */
import { ERRNO, type ErrorCode } from '@lockdesk/protocol';

export type Params = Record<string, string | number>;

/** A refusal with an errno of spec §8 and a catalogue code whose text (in the caller's language) becomes errmsg. */
export class AppError extends Error {
  constructor(
    readonly errno: number,
    readonly code: ErrorCode,
    readonly params?: Params,
    /** Data to answer along with the error (rarely needed, e.g. login's `needCode`). */
    readonly data: unknown = null,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** A failure the console shows as a toast: errno 1 with the code's text. */
export function failure(code: ErrorCode, params?: Params, data: unknown = null): AppError {
  return new AppError(ERRNO.failure, code, params, data);
}

/** errno 100003: no session, an unknown one or an expired one. */
export const loginExpired = (): AppError => new AppError(ERRNO.loginExpired, 'LOGIN_EXPIRED');
/** errno 9000005: the session was revoked (password changed or reset, signed out). */
export const sessionRevoked = (): AppError => new AppError(ERRNO.sessionRevoked, 'SESSION_REVOKED');
/** errno 9000003: the body's uid does not belong to the session; the console rejects silently. */
export const silentReject = (): AppError => new AppError(ERRNO.silentReject, 'PERMISSION_DENIED');
/** errno 9000020: too many calls (per session, per address, or per address on a public call); no message. */
export const tooManyCalls = (): AppError => new AppError(ERRNO.noMessage, 'TOO_MANY_ATTEMPTS');
