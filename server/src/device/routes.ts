/**
 * The device API (API.md §10): plain JSON under /device/v1, NOT the DES envelope of /manage — a lock is not the
 * console. Every call is authenticated by the lock's own secret (`Authorization: Lock <secret>`), and a lock reads
 * and writes only its own room's data (the room comes from the secret, never from the body). Answers are
 * `{ errno, errmsg, data }` like the console's, with HTTP statuses a device client can act on: 401
 * LOCK_AUTH_FAILED, 400 FIELD_REQUIRED/FIELD_INVALID, 404 LOCK_SYNC_UNKNOWN, 429 for the failed authentications
 * past the budget of the lock they claimed (or of their address when they claimed no known lock). errmsg is in the
 * `language` header's language (English by default). Registered by app.ts as an encapsulated plugin; the shape of
 * its refusals is answers.ts's.
 */
import { DEFAULT_LANGUAGE, ERRNO, FIRMWARE_VERSION, languageFromHeader } from '@lockdesk/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { answerFailure } from '../answers.js';
import { UNPARSEABLE } from '../call.js';
import { failure } from '../errors.js';
import { checkBody, f } from '../fields.js';
import { APP_SERVICES } from '../services/plugin.js';
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

async function deviceDoor(app: FastifyInstance): Promise<void> {
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

  // Every refusal, the framework's too (a body too large), in the device API's shape: answers.ts.
  app.setErrorHandler((error, request, reply) => {
    const header = request.headers['language'];
    const lang = languageFromHeader(Array.isArray(header) ? header[0] : header) ?? DEFAULT_LANGUAGE;
    return answerFailure(reply, 'device', error, lang);
  });

  app.get('/device/v1/lock', async (request, reply) => {
    const lock = await caller(request);
    return ok(reply, await lockInfo(app, app.db, lock, now()));
  });

  app.post('/device/v1/sync/start', async (request, reply) => {
    const lock = await caller(request);
    const body = checkBody(startSchema, bodyOf(request));
    return ok(reply, await startSync(app, app.db, lock, body, now()));
  });

  app.post('/device/v1/records', async (request, reply) => {
    const lock = await caller(request);
    const raw = bodyOf(request);
    const body = checkBody(recordsSchema, raw);
    const records = checkRecords(raw['records']);
    return ok(reply, await storeRecords(app.db, lock, { sync_id: body.sync_id, records }, now()));
  });

  app.post('/device/v1/sync/finish', async (request, reply) => {
    const lock = await caller(request);
    const body = checkBody(finishSchema, bodyOf(request));
    return ok(reply, await finishSync(app.db, lock, body.sync_id, now()));
  });
}

/** The device front door, encapsulated: its routes and its answers (JSON, not the envelope). */
export const deviceDoorPlugin = fp(deviceDoor, {
  name: 'device-door',
  dependencies: [APP_SERVICES],
  encapsulate: true,
});
