/**
 * A card-service call's contract (server/API.md §18: plain JSON over HTTP for a PMS or kiosk, signed in with an API
 * key): the sibling of the /manage call contract (contract.ts), declared the same way,
 * `serviceCall({ method, path, summary, description, auth, mutates, input, answer, refusals }).answers<T>()`.
 * The server registers its route from it (Fastify checks the query or body against `input`) and the OpenAPI
 * document shows it; the console's second client types what it sends from `input` and what it gets from `T`.
 *
 * The input is JSON Schema rather than `f` rows: the card-service API answers bad input with Fastify's check
 * (coercing query text to numbers, filling defaults), and its published schemas carry descriptions and examples.
 */
import type { JsonSchema, JsonValue } from './json-schema.js';

/** 'token': needs `Authorization: Bearer <token>` from /auth/login; 'public': anyone (login). */
export type ServiceAuth = 'public' | 'token';

/** The HTTP statuses of a card-service refusal (500 is always possible and documented without being listed). */
export type ServiceRefusal = 400 | 401 | 403 | 404 | 409 | 429;

// The answer type rides on the contract as a phantom: declared, never set at run time.
declare const answerType: unique symbol;

/** What a card-service contract says of its call, written by hand in calls/card-service.ts. */
export interface ServiceCallDescription<
  I extends JsonSchema = JsonSchema,
  D extends JsonSchema = JsonSchema,
> {
  /** GET takes its input as the query string, POST as a JSON body. */
  readonly method: 'GET' | 'POST';
  /** The URL path, e.g. '/auth/login'; its last segment names the OpenAPI operation (cardService_<segment>). */
  readonly path: string;
  /** The OpenAPI summary: one line. */
  readonly summary: string;
  /** The OpenAPI description. */
  readonly description: string;
  readonly auth: ServiceAuth;
  /** Written to the operation log (successful or refused, once the key is known). */
  readonly mutates: boolean;
  /** The query's or body's JSON Schema (an object schema). */
  readonly input: I;
  /** The JSON Schema of the answer's `data`. */
  readonly answer: D;
  /** The refusals the call may answer, by status. */
  readonly refusals: readonly ServiceRefusal[];
}

/** A card-service call's contract: its description and, as a type only, its answer's `data`. */
export interface ServiceContract<
  I extends JsonSchema = JsonSchema,
  T = unknown,
  D extends JsonSchema = JsonSchema,
> extends ServiceCallDescription<I, D> {
  readonly [answerType]?: T;
}

/** Any card-service contract, whatever its schemas and answer. */
// biome-ignore lint/suspicious/noExplicitAny: a list holds contracts of every schema and answer
export type AnyServiceContract = ServiceContract<any, any, any>;

/** What a client sends to a card-service call: the query or body its input schema describes. */
export type ServiceInputOf<C> =
  C extends ServiceContract<infer I, unknown, JsonSchema> ? JsonValue<I> : never;
/** The `data` of a card-service call's successful answer. */
export type ServiceAnswerOf<C> = C extends ServiceContract<JsonSchema, infer T, JsonSchema> ? T : never;

/**
 * Declares a card-service call. `answers<T>()` names the type of the answer's `data`; it must fit the documented
 * `answer` schema (a field of another type fails to compile).
 */
export function serviceCall<const I extends JsonSchema, const D extends JsonSchema>(
  description: ServiceCallDescription<I, D>,
): { answers<T extends JsonValue<D>>(): ServiceContract<I, T, D> } {
  return {
    answers: <T extends JsonValue<D>>() => Object.freeze({ ...description }) as ServiceContract<I, T, D>,
  };
}

/** The OpenAPI operation id of a card-service call: `cardService_` and the path's last segment. */
export const serviceOperationId = (contract: AnyServiceContract): string =>
  `cardService_${contract.path.split('/').pop() ?? ''}`;
