/**
 * The /manage front door (API.md §1): `POST /manage/<path>`, the console's one entry, runs the call the path names
 * through the dispatcher of call.ts. Every answer is HTTP 200 with the envelope, refusals included (answers.ts): a
 * request refused before the call ran (a body too large or cut short) answers DATA_PARSE_FAILED, a path that names
 * no call UNKNOWN_CALL. An encapsulated plugin: its error handler is its own.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { answerFailure } from '../answers.js';
import { CallRateLimit } from '../auth/rate-limit.js';
import { callerLanguage, registerDispatcher } from '../call.js';
import { failure } from '../errors.js';
import { APP_SERVICES } from '../services/plugin.js';

async function manageDoor(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  app.setErrorHandler((error, request, reply) =>
    answerFailure(reply, 'manage', error, callerLanguage(request)),
  );
  // Counted in the database (auth/rate-limit.ts), so the budgets hold across the replicas sharing it.
  registerDispatcher(app, {
    db,
    config,
    limiter: new CallRateLimit(db, 'manage', config.callsPerMinute, config.now),
    publicLimiter: new CallRateLimit(db, 'public', config.publicCallsPerMinute, config.now),
  });
}

/** True for a URL of the /manage door (also one that reached none of its routes). */
export const isManageUrl = (url: string): boolean => url.startsWith('/manage');

/** The answer to a request under /manage that reached no call: only POST does, anything else is an unknown call. */
export function answerUnknownCall(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // Named with its method, the path cut short: a typo is visible without echoing a flood.
  const path = `${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 80)}`;
  return answerFailure(reply, 'manage', failure('UNKNOWN_CALL', { path }), callerLanguage(request));
}

/** The /manage front door, encapsulated; named so that its dependency on the app's services is checked. */
export const manageDoorPlugin = fp(manageDoor, {
  name: 'manage-door',
  dependencies: [APP_SERVICES],
  encapsulate: true,
});
