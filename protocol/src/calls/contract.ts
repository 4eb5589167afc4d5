/**
 * A /manage call's contract: declared once here, taken by the server's `defineCall` (which registers the handler
 * and checks the body against `schema`) and by the console's `callManage` (which types the input it sends and the
 * answer it gets). A renamed field or a changed answer then fails to compile on both sides, the way tRPC and
 * ts-rest do it, inside our own envelope.
 */
import type { AccountRole, Permission } from '../permissions.js';
import type { Infer, Schema, WireInput } from './schema.js';

/** 'user': needs a session token; 'public': anyone (login, captcha, password recovery). */
export type CallAuth = 'user' | 'public';

// The answer type rides on the contract as a phantom: declared, never set at run time.
declare const answerType: unique symbol;

/** What a contract says of its call, written by hand in calls/<area>.ts. */
export interface CallDescription<S extends Schema = Schema, A extends CallAuth = CallAuth> {
  /** The path under /manage/, exactly as the console calls it, e.g. 'room/listNew'. */
  readonly path: string;
  /** One line on what the call does (the OpenAPI summary when server/API.md has no heading for the call). */
  readonly summary: string;
  readonly auth: A;
  /** The body's fields. `uid`, `action` and `language` are the envelope's, handled by the dispatcher. */
  readonly schema: S;
  /** Mutating calls are recorded in the operation log. */
  readonly mutates: boolean;
  /** A permission the caller's role must hold (room scope is the handler's, with requireRoom). */
  readonly permission?: Permission;
  /** Roles admitted (default: every role); others get PERMISSION_DENIED. */
  readonly roles?: readonly AccountRole[];
}

/** A call's contract: its description and, as a type only, the data of its successful answer. */
export interface CallContract<S extends Schema = Schema, T = unknown, A extends CallAuth = CallAuth>
  extends CallDescription<S, A> {
  readonly [answerType]?: T;
}

/** Any contract, whatever its schema and answer (lists of contracts hold these). */
// biome-ignore lint/suspicious/noExplicitAny: a list holds contracts of every schema and answer
export type AnyContract = CallContract<any, any, CallAuth>;

/** The body the console may send to a contract's call. */
export type InputOf<C> = C extends CallContract<infer S, unknown, CallAuth> ? WireInput<S> : never;
/** The checked body the server's handler receives. */
export type BodyOf<C> = C extends CallContract<infer S, unknown, CallAuth> ? Infer<S> : never;
/** The data of a contract's successful answer. */
export type AnswerOf<C> = C extends CallContract<Schema, infer T, CallAuth> ? T : never;

/**
 * Declares a call: `call({ path, summary, auth, schema, mutates, permission }).answers<Stay>()`. The second step
 * names the answer's type (TypeScript cannot take one type argument and infer the others).
 */
export function call<const S extends Schema, A extends CallAuth>(
  description: CallDescription<S, A>,
): { answers<T>(): CallContract<S, T, A> } {
  return {
    answers: <T>() => Object.freeze({ ...description }) as CallContract<S, T, A>,
  };
}

/** True for a contract (in a module's exports, beside the answer types' helpers). */
export function isContract(value: unknown): value is AnyContract {
  if (value === null || typeof value !== 'object') return false;
  const c = value as Partial<CallDescription>;
  return typeof c.path === 'string' && typeof c.auth === 'string' && typeof c.schema === 'object';
}
