/**
 * The /manage call helper every route uses, and the one dispatcher that runs them.
 *
 * A call is declared once, as a contract in @lockdesk/protocol (protocol/src/calls/<area>.ts: path, auth, schema,
 * answer type, permission), and registered here with `defineCall(app, contract, { handler })`. The dispatcher
 * (POST /manage/*) decrypts the envelope, picks the call by path, resolves the caller from the bearer token,
 * checks the body against the schema, runs the handler, records mutating calls in the operation log and answers
 * `{"data": encryptEnvelope({errno, errmsg, data})}` — for successes and failures alike. See src/README.md.
 */
import {
  type AnyContract,
  type CallAuth,
  type CallContract,
  DEFAULT_LANGUAGE,
  ERRNO,
  type ErrorCode,
  type LanguageCode,
  languageFromHeader,
} from '@lockdesk/protocol';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerFailure, manageAnswer, refusalOf } from './answers.js';
import { type Permission, roleAllows, seesAllRooms } from './auth/permissions.js';
import { type CallRateLimit, takeBudgets } from './auth/rate-limit.js';
import { bearerToken, hashToken, resolveSession, type SessionUser } from './auth/sessions.js';
import type { ServerConfig } from './config.js';
import { envelopeFor } from './crypto/deployment-envelope.js';
import { changeFeed, VersionedCache } from './db/changes.js';
import type { Db } from './db/index.js';
import type { Role, Room } from './db/schema.js';
import { failure, silentReject, tooManyCalls } from './errors.js';
import { checkBody, type Infer, type Schema } from './fields.js';
import { serviceStatus } from './services/service-period.js';

/** 'user': needs a session token; 'public': anyone (the contract's `auth`). */
export type Auth = CallAuth;

/** Who is calling from where (for the operation log and the rate limit). */
export interface ClientInfo {
  ip: string;
  /** The `uuid` header the console sends. */
  uuid: string | null;
  userAgent: string | null;
}

/** What every call's context holds, signed in or not. */
export interface BaseContext {
  app: FastifyInstance;
  /** The database; inside `transaction: true` calls this is the transaction. */
  db: Db;
  config: ServerConfig;
  lang: LanguageCode;
  log: FastifyBaseLogger;
  client: ClientInfo;
  path: string;
  /** The bearer token sent, if any (public calls like logout read it; never log it). */
  token: string | undefined;
  /** The server clock (faked in tests). */
  now(): Date;
  /** The operation-log summary of this call (mutating calls; default: the path). Never put secrets in it. */
  audit(summary: string): void;
  /** For a call with `cache`: the answer being built holds only until this server time (ms), e.g. a remaining time
   * that ticks. The earliest of several calls wins. */
  validUntil(ms: number): void;
}

/** The handler's context of a public call (login, captcha, getBack/*). */
export interface PublicContext extends BaseContext {
  user: null;
  /** Names the account a public call acted for, so it is logged under that account (login). */
  setActor(actor: { id: number; hotelId: number | null }): void;
}

/** The handler's context of an authenticated call. */
export interface UserContext extends BaseContext {
  user: SessionUser;
  /** The caller's hotel (null for customer managers). */
  hotelId: number | null;
  /** True when the caller holds the permission (and, with a room id, the room is in the caller's scope). */
  can(permission: Permission, roomId?: number): Promise<boolean>;
  /** Like can(), but refuses with PERMISSION_DENIED. */
  require(permission: Permission): void;
  /** The room of the caller's hotel, checked against the permission: NOT_FOUND / PERMISSION_DENIED. The room is
   * recorded as touched by the call (touchRooms). */
  requireRoom(roomId: number, permission: Permission): Promise<Room>;
  /** Records rooms the call acted on, for the operation log (room-limited accounts see the entries of their rooms).
   * Room helpers call it once the rooms are checked; requireRoom does it itself. */
  touchRooms(roomIds: Iterable<number>): void;
  /** The caller's hotel id, or PERMISSION_DENIED for an account without a hotel. */
  requireHotelId(): number;
}

export type CallContext<A extends Auth> = A extends 'user' ? UserContext : PublicContext;

/** How a call runs besides its handler: in one transaction, with its answers kept. */
export interface CallRunOptions<S extends Schema> {
  /** Run the handler in one transaction (ctx.db is the transaction). Keep such handlers short: on PGlite the
   * transaction holds the only connection. */
  transaction?: boolean;
  /**
   * A read-only call of signed-in callers whose answers this process may keep, sealed, and answer again: `key`
   * names the answer from the caller and the checked body (everything the answer depends on; null: do not keep
   * this one), `tables` lists every table the handler reads. A kept answer is dropped as soon as one of those
   * tables changes (db/changes.ts) or the server clock leaves [the time it was built, ctx.validUntil). Everything
   * before the handler — session, frozen account, service period, role and permission, rate limit — still runs on
   * every call.
   */
  cache?: {
    tables: readonly string[];
    key: (ctx: UserContext, body: Infer<S>) => string | null;
  };
}

/** The server's side of a contract's call: its handler (answering the contract's answer type) and how it runs. */
export interface CallImpl<S extends Schema, T, A extends Auth> extends CallRunOptions<S> {
  handler: (ctx: CallContext<A>, body: Infer<S>) => Promise<T>;
}

/** A call declared wholly here (not yet moved to a contract in protocol/src/calls). */
export interface CallDef<S extends Schema, A extends Auth> extends CallRunOptions<S> {
  /** The path under /manage/, exactly as the console calls it, e.g. `room/listNew`. */
  path: string;
  /** One line on what the call does, for the OpenAPI reference when API.md has no heading for it (openapi/). */
  summary?: string;
  /** 'user': needs a session token; 'public': anyone (login, captcha, password recovery). */
  auth: A;
  /** The body's fields (fields.ts). `uid`, `action` and `language` are handled by the dispatcher. */
  schema: S;
  /** Mutating calls are recorded in the operation log. */
  mutates: boolean;
  /** Roles admitted (default: every role); others get PERMISSION_DENIED. */
  roles?: readonly Role[];
  /** A permission the caller's role must hold (room scope is checked by the handler with requireRoom). */
  permission?: Permission;
  handler: (ctx: CallContext<A>, body: Infer<S>) => Promise<unknown>;
  /** The contract the call was registered from (absent for a call declared wholly here). */
  contract?: AnyContract;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds calls of every schema
export type AnyCall = CallDef<any, Auth>;

/** What the request log line of a /manage call says (app.ts logs it once the answer is sent). No token, no body. */
export interface CallOutcome {
  /** The call's path as registered, or the unknown path asked for. */
  path: string | null;
  /** The caller's account id, once known. */
  userId: number | null;
  errno: number | null;
  code: ErrorCode | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /manage call by path (tests iterate it). */
    calls: Map<string, AnyCall>;
  }
  interface FastifyRequest {
    /** Set by the /manage answer for the request log (null on other requests). */
    callOutcome: CallOutcome | null;
  }
}

/**
 * Registers a /manage call: its contract (protocol/src/calls) with the handler, whose body is typed from the
 * contract's schema and whose answer must be the contract's answer type; or, for a call not yet moved to a
 * contract, its whole definition. Throws at start-up on a duplicate path.
 */
export function defineCall<S extends Schema, T, A extends Auth>(
  app: FastifyInstance,
  contract: CallContract<S, T, A>,
  impl: CallImpl<S, NoInfer<T>, A>,
): void;
export function defineCall<const S extends Schema, A extends Auth>(
  app: FastifyInstance,
  def: CallDef<S, A>,
): void;
export function defineCall(
  app: FastifyInstance,
  first: AnyCall | AnyContract,
  impl?: CallImpl<Schema, unknown, Auth>,
): void {
  const def: AnyCall = impl
    ? ({ ...(first as AnyContract), ...impl, contract: first as AnyContract } as AnyCall)
    : (first as AnyCall);
  const path = def.path.replace(/^\/+/, '');
  if (app.calls.has(path)) throw new Error(`duplicate /manage call ${path}`);
  app.calls.set(path, { ...def, path } as unknown as AnyCall);
}

/** The decrypted request, as the console builds it. */
interface ManagePayload {
  action?: unknown;
  uid?: unknown;
  [field: string]: unknown;
}

/** A body the JSON parser could not read (the dispatcher answers DATA_PARSE_FAILED). */
export const UNPARSEABLE = Symbol('unparseable body');

/** A successful answer already sealed (the body text), e.g. kept by a call's `cache`. */
class SealedAnswer {
  constructor(readonly text: string) {}
}

/** The sealed body text of a successful answer, or undefined when the envelope cannot be made. */
function sealSuccess(config: ServerConfig, data: unknown): string | undefined {
  const sealed = envelopeFor(config.envelopeKeys)?.encrypt({
    errno: ERRNO.ok,
    errmsg: '',
    data: data ?? null,
  });
  return sealed?.ok ? JSON.stringify({ data: sealed.value }) : undefined;
}

function answerSealed(reply: FastifyReply, sealed: SealedAnswer): FastifyReply {
  const outcome = reply.request.callOutcome;
  reply.request.callOutcome = {
    path: outcome?.path ?? null,
    userId: outcome?.userId ?? null,
    errno: ERRNO.ok,
    code: null,
  };
  return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(sealed.text);
}

/** The kept answers of an app's cached calls (per app: the envelope keys are the app's). */
const keptAnswers = new WeakMap<FastifyInstance, Map<AnyCall, VersionedCache<string> | null>>();
/** Kept answers per call: a page of 50 rooms is ~25 KB sealed, so at most ~25 MB per call. */
const KEPT_PER_CALL = 1_000;

function keptAnswersOf(app: FastifyInstance, db: Db, call: AnyCall): VersionedCache<string> | null {
  let byCall = keptAnswers.get(app);
  if (!byCall) {
    byCall = new Map();
    keptAnswers.set(app, byCall);
  }
  let kept = byCall.get(call);
  if (kept === undefined) {
    const feed = changeFeed(db);
    kept = feed && call.cache ? new VersionedCache<string>(feed, call.cache.tables, KEPT_PER_CALL) : null;
    byCall.set(call, kept);
  }
  return kept;
}

/** The caller's language: the `language` header, else the body's `language`, else English. */
export function callerLanguage(request: FastifyRequest): LanguageCode {
  const header = request.headers['language'];
  const fromHeader = languageFromHeader(Array.isArray(header) ? header[0] : header);
  if (fromHeader) return fromHeader;
  const body = request.body as { language?: unknown } | null;
  const fromBody = typeof body?.language === 'string' ? languageFromHeader(body.language) : undefined;
  return fromBody ?? DEFAULT_LANGUAGE;
}

function clientInfo(request: FastifyRequest): ClientInfo {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.slice(0, 200) ?? null;
  return {
    ip: request.ip,
    uuid: one(request.headers['uuid']),
    userAgent: one(request.headers['user-agent']),
  };
}

interface DispatchDeps {
  db: Db;
  config: ServerConfig;
  /** Calls per session (callsPerMinute) and per address (5 × that), counted in the database. */
  limiter: CallRateLimit;
  /** Public calls (login, captcha, getBack/*) per call and address (publicCallsPerMinute). */
  publicLimiter: CallRateLimit;
}

/** Decrypts the request body into the call's payload; DATA_PARSE_FAILED when anything is off. */
function openPayload(body: unknown, config: ServerConfig): ManagePayload {
  const data = (body as { data?: unknown } | null)?.data;
  if (body === UNPARSEABLE || typeof data !== 'string') throw failure('DATA_PARSE_FAILED');
  const opened = envelopeFor(config.envelopeKeys)?.decrypt<unknown>(data);
  if (!opened?.ok) throw failure('DATA_PARSE_FAILED');
  const payload = opened.value;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    throw failure('DATA_PARSE_FAILED');
  const action = (payload as ManagePayload).action;
  if (action !== undefined && action !== 'manage') throw failure('DATA_PARSE_FAILED');
  return payload as ManagePayload;
}

function findCall(app: FastifyInstance, path: string): AnyCall | undefined {
  const exact = app.calls.get(path);
  if (exact) return exact;
  // The console spells a few paths with a capital (Order/recharge, User/setUserDispenserType).
  const lower = path.toLowerCase();
  for (const [p, call] of app.calls) if (p.toLowerCase() === lower) return call;
  return undefined;
}

async function runCall(
  app: FastifyInstance,
  deps: DispatchDeps,
  request: FastifyRequest,
  lang: LanguageCode,
  path: string,
  state: CallState,
): Promise<unknown> {
  const { db, config } = deps;
  const client = state.client;
  const payload = openPayload(request.body, config);
  const call = findCall(app, path);
  // The path comes from the URL: answer it back, cut short, so a typo is visible without echoing a flood.
  if (!call) throw failure('UNKNOWN_CALL', { path: path.length > 80 ? `${path.slice(0, 80)}…` : path });
  state.call = call;

  const token = bearerToken(request.headers.authorization);
  // A session has its own budget; every address has a larger one, so that made-up tokens buy nothing. Calls open
  // to anyone (login above all: each attempt costs a scrypt hash) have a small budget per address and call,
  // whatever uuid or account the caller makes up. All are counted in one statement (auth/rate-limit.ts), address
  // first; the session is named by its token's hash, as the sessions table does.
  const budgets = [deps.limiter.budget(`ip:${client.ip}`, 5)];
  if (token) budgets.push(deps.limiter.budget(`session:${hashToken(token)}`));
  if (call.auth === 'public') budgets.push(deps.publicLimiter.budget(`${call.path}:${client.ip}`));
  if (!(await takeBudgets(db, budgets, config.now())).every(Boolean)) throw tooManyCalls();

  state.summary = call.path;
  const base = {
    app,
    db,
    config,
    lang,
    log: request.log,
    client,
    path: call.path,
    token,
    now: () => new Date(config.now()),
    audit: (s: string) => {
      state.summary = s.slice(0, 500);
    },
    validUntil: (ms: number) => {
      state.validUntil = Math.min(state.validUntil, ms);
    },
  };

  let ctx: PublicContext | UserContext;
  if (call.auth === 'user') {
    const user = await resolveSession(db, token, config.now());
    if (user.frozen) throw failure('ACCOUNT_FROZEN');
    if (user.serviceEndsAt !== null && user.serviceEndsAt.getTime() <= config.now()) {
      // The service period ended during the session: refused as at login, with the customer manager to call.
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const { parentMobile } = await serviceStatus(db, row);
      throw failure('SERVICE_EXPIRED', { parentMobile }, { parentMobile });
    }
    if (
      payload.uid !== undefined &&
      payload.uid !== null &&
      payload.uid !== '' &&
      String(payload.uid) !== String(user.id)
    )
      throw silentReject();
    if (call.roles && !call.roles.includes(user.role)) throw failure('PERMISSION_DENIED');
    if (call.permission && !roleAllows(user.role, user.authorities, call.permission))
      throw failure('PERMISSION_DENIED');
    state.actor = { id: user.id, hotelId: user.hotelId };
    ctx = userContext(base, user, state.roomIds);
  } else {
    ctx = {
      ...base,
      user: null,
      setActor: (a) => {
        state.actor = a;
      },
    };
  }

  const body = checkBody(call.schema, payload);
  const kept = call.cache && !call.mutates && ctx.user !== null ? keptAnswersOf(app, db, call) : null;
  const key = kept && call.cache ? call.cache.key(ctx as UserContext, body) : null;
  const startedAt = config.now();
  if (kept && key !== null) {
    const hit = kept.get(key, startedAt);
    if (hit !== undefined) return new SealedAnswer(hit);
  }
  // Read before the handler reads the tables: a change landing while it runs leaves the answer stale, not kept.
  const version = kept?.version() ?? 0;
  let data: unknown;
  if (call.transaction) {
    data = await db.transaction().execute(async (trx) => {
      ctx.db = trx;
      return call.handler(ctx as never, body);
    });
  } else {
    data = await call.handler(ctx as never, body);
  }
  if (kept && key !== null) {
    const text = sealSuccess(config, data);
    if (text !== undefined) {
      kept.set(key, version, text, startedAt, state.validUntil);
      return new SealedAnswer(text);
    }
  }
  return data;
}

/** What the dispatcher learns about a call while running it, for the operation log. */
interface CallState {
  client: ClientInfo;
  call?: AnyCall;
  actor: { id: number; hotelId: number | null } | null;
  summary: string;
  /** Until when (server ms) the answer of a cached call holds (ctx.validUntil). */
  validUntil: number;
  /** The rooms the call resolved through its room helpers (ctx.requireRoom, ctx.touchRooms). */
  roomIds: Set<number>;
}

/** Records a mutating call (successful or refused) of a known caller in the operation log. */
async function writeAudit(
  db: Db,
  state: CallState,
  at: Date,
  errno: number,
  code: string | null,
): Promise<void> {
  const { call, actor, client } = state;
  if (!call?.mutates || !actor) return;
  await db
    .insertInto('operation_log')
    .values({
      hotel_id: actor.hotelId,
      user_id: actor.id,
      path: call.path,
      summary: state.summary,
      errno,
      code,
      ip: client.ip,
      client_uuid: client.uuid,
      user_agent: client.userAgent,
      room_ids: [...state.roomIds].sort((a, b) => a - b),
      created_at: at,
    })
    .execute();
}

/**
 * The context of a signed-in caller: permission and room checks of the account, rooms it resolves added to `touched`
 * (for the operation log). Also the context of a card-service key's creator (card-service/http.ts) and of an export
 * link's account (files/exports.ts).
 */
export function userContext(base: BaseContext, user: SessionUser, touched: Set<number>): UserContext {
  const inScope = async (roomId: number): Promise<Room | undefined> => {
    if (user.hotelId === null) return undefined;
    // ctx.db, not base.db: in a `transaction: true` call ctx.db is the transaction (PGlite has one connection).
    const room = await ctx.db
      .selectFrom('rooms')
      .selectAll()
      .where('id', '=', roomId)
      .where('hotel_id', '=', user.hotelId)
      .executeTakeFirst();
    return room;
  };
  const assigned = async (roomId: number): Promise<boolean> => {
    if (seesAllRooms(user.role)) return true;
    const row = await ctx.db
      .selectFrom('user_rooms')
      .select('room_id')
      .where('user_id', '=', user.id)
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    return row !== undefined;
  };
  const ctx: UserContext = {
    ...base,
    user,
    hotelId: user.hotelId,
    async can(permission, roomId) {
      if (!roleAllows(user.role, user.authorities, permission)) return false;
      if (roomId === undefined) return true;
      const room = await inScope(roomId);
      return room !== undefined && (await assigned(roomId));
    },
    require(permission) {
      if (!roleAllows(user.role, user.authorities, permission)) throw failure('PERMISSION_DENIED');
    },
    async requireRoom(roomId, permission) {
      const room = await inScope(roomId);
      if (!room) throw failure('NOT_FOUND');
      if (!roleAllows(user.role, user.authorities, permission) || !(await assigned(roomId)))
        throw failure('PERMISSION_DENIED');
      touched.add(room.id);
      return room;
    },
    touchRooms(roomIds) {
      for (const id of roomIds) touched.add(id);
    },
    requireHotelId() {
      if (user.hotelId === null) throw failure('PERMISSION_DENIED');
      return user.hotelId;
    },
  };
  return ctx;
}

/** Registers POST /manage/* — the single entry of every call. */
export function registerDispatcher(app: FastifyInstance, deps: DispatchDeps): void {
  app.post('/manage/*', async (request, reply) => {
    const lang = callerLanguage(request);
    const path = ((request.params as Record<string, string>)['*'] ?? '').replace(/^\/+|\/+$/g, '');
    const state: CallState = {
      client: clientInfo(request),
      actor: null,
      summary: path,
      roomIds: new Set(),
      validUntil: Number.POSITIVE_INFINITY,
    };
    const audit = (errno: number, code: string | null) => {
      request.callOutcome = {
        path: state.call?.path ?? path.slice(0, 80),
        userId: state.actor?.id ?? null,
        errno: null,
        code: null,
      };
      return writeAudit(deps.db, state, new Date(deps.config.now()), errno, code).catch((e) =>
        request.log.error({ err: e }, 'operation log write failed'),
      );
    };
    try {
      const data = await runCall(app, deps, request, lang, path, state);
      await audit(ERRNO.ok, null);
      if (data instanceof SealedAnswer) return answerSealed(reply, data);
      return manageAnswer(reply, deps.config, lang, ERRNO.ok, null, undefined, data);
    } catch (e) {
      const refusal = refusalOf(e, request);
      await audit(refusal.errno, refusal.code);
      return answerFailure(reply, 'manage', refusal, lang);
    }
  });
}
