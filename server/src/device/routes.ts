/**
 * The device API (API.md §10): plain JSON under /device/v1, NOT the DES envelope of /manage — a lock is not the
 * console. Every call is authenticated by the lock's own secret (`Authorization: Lock <secret>`), and a lock reads
 * and writes only its own room's data (the room comes from the secret, never from the body). Answers are
 * `{ errno, errmsg, data }` like the console's, with HTTP statuses a device client can act on: 401
 * LOCK_AUTH_FAILED, 400 FIELD_REQUIRED/FIELD_INVALID, 404 LOCK_SYNC_UNKNOWN, 429 for the failed authentications
 * past the budget of the lock they claimed (or of their address when they claimed no known lock). errmsg is in the `language` header's language (English by default).
 */
import { DEFAULT_LANGUAGE, ERRNO, type ErrorCode, languageFromHeader } from '@lockdesk/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UNPARSEABLE } from '../call.js';
import { AppError, failure } from '../errors.js';
import { checkBody, f } from '../fields.js';
import { messageFor } from '../i18n.js';
import { FIRMWARE_VERSION } from '../routes/firmware.js';
import {
  authenticateLock,
  type CallingLock,
  FailedLockAuth,
  failureKey,
  lockAuthFailed,
  lockSecretOf,
} from './auth.js';
import { checkRecords, storeRecords } from './records.js';
import { finishSync, lockInfo, startSync } from './sync.js';

/** The HTTP status of a refusal. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  LOCK_AUTH_FAILED: 401,
  LOCK_SYNC_UNKNOWN: 404,
  FIELD_REQUIRED: 400,
  FIELD_INVALID: 400,
  DATA_PARSE_FAILED: 400,
  TOO_MANY_ATTEMPTS: 429,
};

/** The body of a device call as an object ({} when empty); FIELD_INVALID {field: body} for anything else. */
function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body as unknown;
  if (body === null || body === undefined) return {};
  if (body === UNPARSEABLE || typeof body !== 'object' || Array.isArray(body))
    throw failure('FIELD_INVALID', { field: 'body' });
  return body as Record<string, unknown>;
}

const startSchema = {
  operator: f.string({ max: 64, optional: true }),
  /** The lock's clock, seconds. */
  lock_time: f.number({ min: 0, max: 253_402_300_799, optional: true }),
  /** The lock's battery, percent; stored on its room. */
  battery: f.int({ min: 0, max: 100, optional: true }),
  /** The firmware the lock runs (as firmware versions are written); stored on its room. */
  firmware_version: f.string({ max: 40, pattern: FIRMWARE_VERSION, optional: true }),
};
const finishSchema = { sync_id: f.string({ max: 64 }) };
const recordsSchema = { sync_id: f.string({ max: 64, optional: true }) };

export function deviceRoutes(app: FastifyInstance): void {
  const failures = new FailedLockAuth(app.db, app.config.publicCallsPerMinute, app.config.now);
  const now = () => new Date(app.config.now());

  /**
   * The calling lock. A failed attempt counts against the lock it claimed (its address when it claimed none); past
   * that budget it answers 429. A good secret is never refused, whatever others sent before it.
   */
  async function caller(request: FastifyRequest): Promise<CallingLock> {
    const found = await authenticateLock(app.db, lockSecretOf(request.headers.authorization), now());
    if (found.ok) return found.lock;
    if (await failures.fail(failureKey(found.claimedRoom, request.ip))) throw failure('TOO_MANY_ATTEMPTS');
    throw lockAuthFailed();
  }

  const ok = (reply: FastifyReply, data: unknown) =>
    reply.code(200).header('cache-control', 'no-store').send({ errno: ERRNO.ok, errmsg: '', data });

  app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      const header = request.headers['language'];
      const lang = languageFromHeader(Array.isArray(header) ? header[0] : header) ?? DEFAULT_LANGUAGE;
      let refusal: AppError;
      let status: number;
      if (error instanceof AppError) {
        refusal = error;
        status = STATUS[error.code] ?? 400;
      } else {
        const code = (error as { statusCode?: number }).statusCode;
        if (code && code >= 400 && code < 500) {
          // Refused by the framework before the handler (a body too large): the body is what is wrong.
          refusal = failure('FIELD_INVALID', { field: 'body' });
          status = code;
        } else {
          request.log.error({ err: error }, 'device call failed');
          refusal = failure('ERROR');
          status = 500;
        }
      }
      request.callOutcome = {
        path: request.routeOptions.url ?? null,
        userId: null,
        errno: refusal.errno,
        code: refusal.code,
      };
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .send({
          errno: refusal.errno,
          errmsg: messageFor(lang, refusal.code, refusal.params),
          code: refusal.code,
          data: null,
        });
    });

    scope.get('/device/v1/lock', async (request, reply) => {
      const lock = await caller(request);
      return ok(reply, await lockInfo(app, app.db, lock, now()));
    });

    scope.post('/device/v1/sync/start', async (request, reply) => {
      const lock = await caller(request);
      const body = checkBody(startSchema, bodyOf(request));
      return ok(reply, await startSync(app, app.db, lock, body, now()));
    });

    scope.post('/device/v1/records', async (request, reply) => {
      const lock = await caller(request);
      const raw = bodyOf(request);
      const body = checkBody(recordsSchema, raw);
      const records = checkRecords(raw['records']);
      return ok(reply, await storeRecords(app.db, lock, { sync_id: body.sync_id, records }, now()));
    });

    scope.post('/device/v1/sync/finish', async (request, reply) => {
      const lock = await caller(request);
      const body = checkBody(finishSchema, bodyOf(request));
      return ok(reply, await finishSync(app.db, lock, body.sync_id, now()));
    });
  });
}
