/**
 * The card-service API's one way of answering and of knowing its caller (API.md §18). Every answer is
 * `{ code, msg, data? }` with `code` the HTTP status (200 on success) and `msg` 'ok' or the catalogue text in the
 * request's language (`language` header, else `Accept-Language`, else English); a refusal adds `error`, the
 * catalogue code a client acts on (the refusal's shape and status: answers.ts). Bad input is a 400 with the field
 * named, never a 500.
 *
 * A bearer token stands for an API key, and the key for its creator: the calls run as that account (a super
 * administrator, so the whole hotel), through the same card functions as the console's (routes/card-issue.ts).
 * The key, its token and its creator are read on every request, so a revoked key, a frozen account or an ended
 * service period refuse at once. Mutating requests are written to the operation log as the key's creator, the
 * summary naming the key ('API key 1a2b3c4d: …').
 */
import {
  DEFAULT_LANGUAGE,
  type JsonSchema,
  type JsonValue,
  type LanguageCode,
  languageFromHeader,
  type ServiceContract,
} from '@lockdesk/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerFailure, refusalOf } from '../answers.js';
import { roleAllows } from '../auth/permissions.js';
import { CallRateLimit, takeBudgets } from '../auth/rate-limit.js';
import { bearerToken, hashToken, type SessionUser, sessionUserOf } from '../auth/sessions.js';
import { type BaseContext, UNPARSEABLE, type UserContext, userContext } from '../call.js';
import { type AppError, failure } from '../errors.js';
import { serviceStatus } from '../services/service-period.js';
import { findAccount, findTokenCaller, logServiceRequest, markKeyUsed } from './repository.js';
import { routeSchema } from './schemas.js';

/** The request's language: `language` header, else Accept-Language's first known tag, else English. */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const explicit = languageFromHeader(one(request.headers['language']));
  if (explicit) return explicit;
  for (const part of (one(request.headers['accept-language']) ?? '').split(',')) {
    const found = languageFromHeader(part.split(';')[0]);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

/** The key a token stands for, as the handlers see it. */
export interface ServiceKey {
  id: number;
  hotelId: number;
  prefix: string;
  name: string;
  userId: number;
}

/** What a card-service handler gets. */
export interface ServiceContext {
  request: FastifyRequest;
  lang: LanguageCode;
  /** The key's creator as a console caller (null on login, before a key is known). */
  ctx: UserContext | null;
  key: ServiceKey | null;
  /** Names the key a public request (login) acted for, so it is logged. */
  setKey(key: ServiceKey, user: { id: number }): void;
  /** The operation-log summary after 'API key <prefix>: '. */
  audit(summary: string): void;
}

/**
 * A card-service call's handler: the checked query or body (every field possibly absent: a request without a body
 * reads as an empty one, and the handler names the missing field), and the answer's `data` as the contract says.
 * A literal field of the answer is written `as const` ('Bearer', 'plan'): TypeScript reads a generic handler's
 * return before the contract's answer type is applied to it.
 */
export type ServiceHandler<I extends JsonSchema, T> = (
  s: ServiceContext,
  input: Partial<JsonValue<I>>,
) => Promise<T>;

/** The request budgets of the routes (counted in the database: they hold across replicas). */
export interface ServiceDeps {
  /** Login attempts per address (publicCallsPerMinute). */
  logins: CallRateLimit;
  /** Requests per token (callsPerMinute) and per address (5 × that). */
  calls: CallRateLimit;
}

export function serviceDeps(app: FastifyInstance): ServiceDeps {
  return {
    logins: new CallRateLimit(app.db, 'service-login', app.config.publicCallsPerMinute, app.config.now),
    calls: new CallRateLimit(app.db, 'service', app.config.callsPerMinute, app.config.now),
  };
}

/** The refusal of a body or query that failed its JSON schema: the field named, as the catalogue says it. */
function validationFailure(error: unknown): AppError {
  const first = (error as { validation?: unknown[] } | undefined)?.validation?.[0] as
    | { keyword?: string; instancePath?: string; params?: { missingProperty?: string } }
    | undefined;
  if (!first) return failure('DATA_PARSE_FAILED');
  if (first.keyword === 'required' && first.params?.missingProperty)
    return failure('FIELD_REQUIRED', { field: first.params.missingProperty });
  const field = (first.instancePath ?? '').split('/').filter(Boolean)[0];
  return field ? failure('FIELD_INVALID', { field }) : failure('DATA_PARSE_FAILED');
}

/** True when the only failure is the whole input's type (no body sent). */
function onlyRootType(error: unknown): boolean {
  const list = (error as { validation?: { instancePath?: string; keyword?: string }[] }).validation ?? [];
  return list.length > 0 && list.every((v) => (v.instancePath ?? '') === '' && v.keyword === 'type');
}

/** The answer of a request that succeeded: `{code: 200, msg: 'ok', data}`. */
const answerOk = (reply: FastifyReply, data: unknown): FastifyReply =>
  reply.code(200).send({ code: 200, msg: 'ok', data: data ?? null });

interface Caller {
  key: ServiceKey;
  user: SessionUser;
}

/** The key and account a bearer token stands for; 401/403 refusals as API.md §18 lists them. */
async function resolveToken(app: FastifyInstance, token: string | undefined): Promise<Caller> {
  if (!token) throw failure('LOGIN_EXPIRED');
  const now = app.config.now();
  const row = await findTokenCaller(app.db, hashToken(token));
  if (!row) throw failure('LOGIN_EXPIRED');
  if (row.revoked_at !== null) throw failure('API_KEY_INVALID');
  if (row.expires_at.getTime() <= now) throw failure('LOGIN_EXPIRED');
  const user = sessionUserOf(row, 0);
  await requireKeyHolder(app, user, row.key_hotel_id);
  // Last use to the minute: one write a minute per key, not one per request.
  if (!row.last_used_at || now - row.last_used_at.getTime() >= 60_000)
    await markKeyUsed(app.db, row.key_id, new Date(now));
  return {
    key: {
      id: row.key_id,
      hotelId: row.key_hotel_id,
      prefix: row.key_prefix,
      name: row.key_name,
      userId: row.id,
    },
    user,
  };
}

/** The key's creator may still act for it: not frozen, in service, still holding apikey.manage in the hotel. */
export async function requireKeyHolder(
  app: FastifyInstance,
  user: Pick<SessionUser, 'id' | 'frozen' | 'serviceEndsAt' | 'role' | 'authorities' | 'hotelId'>,
  keyHotelId: number,
): Promise<void> {
  if (user.frozen) throw failure('ACCOUNT_FROZEN');
  if (user.serviceEndsAt !== null && user.serviceEndsAt.getTime() <= app.config.now()) {
    const row = await findAccount(app.db, user.id);
    const { parentMobile } = await serviceStatus(app.db, row);
    throw failure('SERVICE_EXPIRED', { parentMobile });
  }
  if (user.hotelId !== keyHotelId || !roleAllows(user.role, user.authorities, 'apikey.manage'))
    throw failure('PERMISSION_DENIED');
}

/** The key's creator as a console caller (the same checks as call.ts gives a session). */
function keyContext(
  app: FastifyInstance,
  request: FastifyRequest,
  lang: LanguageCode,
  path: string,
  token: string,
  user: SessionUser,
  touched: Set<number>,
  audit: (s: string) => void,
): UserContext {
  const base: BaseContext = {
    app,
    db: app.db,
    config: app.config,
    lang,
    log: request.log,
    client: {
      ip: request.ip,
      uuid: null,
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 200) || null,
    },
    path,
    token,
    now: () => new Date(app.config.now()),
    audit,
    validUntil: () => {},
  };
  return userContext(base, user, touched);
}

/**
 * Registers one card-service route from its contract (method, path, schema: schemas.ts): budgets, input, caller,
 * handler, answer, operation log.
 */
export function serviceRoute<I extends JsonSchema, T, D extends JsonSchema>(
  app: FastifyInstance,
  deps: ServiceDeps,
  contract: ServiceContract<I, T, D>,
  handler: ServiceHandler<I, NoInfer<T>>,
): void {
  const path = contract.path.replace(/^\/+/, '');
  app.route({
    method: contract.method,
    url: contract.path,
    schema: routeSchema(contract),
    // A failed schema is answered by the handler, in the catalogue's words (a 400 naming the field).
    attachValidation: true,
    handler: async (request, reply) => {
      const lang = requestLanguage(request);
      const touched = new Set<number>();
      let summary = path;
      let actor: { id: number; hotelId: number; prefix: string } | null = null;
      const log = async (errno: number, code: string | null) => {
        if (!contract.mutates || !actor) return;
        await logServiceRequest(app.db, {
          hotel_id: actor.hotelId,
          user_id: actor.id,
          path,
          summary: `API key ${actor.prefix}: ${summary}`.slice(0, 500),
          errno,
          code,
          ip: request.ip,
          client_uuid: null,
          user_agent: (request.headers['user-agent'] ?? '').slice(0, 200) || null,
          room_ids: [...touched].sort((a, b) => a - b),
          created_at: new Date(app.config.now()),
        }).catch((e) => request.log.error({ err: e }, 'operation log write failed'));
      };
      try {
        const token = bearerToken(request.headers.authorization);
        // Address, then token or login: counted in one statement (auth/rate-limit.ts), in one order of kinds.
        const budgets = [deps.calls.budget(`ip:${request.ip}`, 5)];
        if (contract.auth === 'public') budgets.push(deps.logins.budget(`${path}:${request.ip}`));
        if (contract.auth === 'token' && token) budgets.push(deps.calls.budget(`token:${hashToken(token)}`));
        if (!(await takeBudgets(app.db, budgets, app.config.now())).every(Boolean))
          throw failure('TOO_MANY_ATTEMPTS');
        const raw = contract.method === 'GET' ? request.query : request.body;
        if (raw === UNPARSEABLE) throw failure('DATA_PARSE_FAILED');
        let ctx: UserContext | null = null;
        let key: ServiceKey | null = null;
        if (contract.auth === 'token') {
          const caller = await resolveToken(app, token);
          key = caller.key;
          actor = { id: caller.user.id, hotelId: caller.key.hotelId, prefix: caller.key.prefix };
          ctx = keyContext(app, request, lang, path, token as string, caller.user, touched, (s) => {
            summary = s;
          });
        }
        // No body at all reads as an empty one (its required fields are then named); a body that is not an object
        // is undecodable.
        if (request.validationError && !(raw == null && onlyRootType(request.validationError)))
          throw validationFailure(request.validationError);
        const data = await handler(
          {
            request,
            lang,
            ctx,
            key,
            setKey: (k, user) => {
              actor = { id: user.id, hotelId: k.hotelId, prefix: k.prefix };
            },
            audit: (s) => {
              summary = s;
            },
          },
          (raw ?? {}) as Partial<JsonValue<I>>,
        );
        await log(0, null);
        return answerOk(reply, data);
      } catch (e) {
        const refusal = refusalOf(e, request);
        await log(refusal.errno, refusal.code);
        return answerFailure(reply, 'card-service', refusal, lang);
      }
    },
  });
}
