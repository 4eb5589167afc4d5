import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the local services answer when they refuse a request before it reaches a function. */
export interface Refusal {
  code: 0;
  msg: string;
  error: string;
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The host part of a Host header ("127.0.0.1:13570" → "127.0.0.1", "[::1]:13570" → "[::1]"). */
function hostName(host: string | undefined): string {
  if (!host) return '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1).toLowerCase();
  return host.split(':')[0]?.toLowerCase() ?? '';
}

/** True when a Host header names this PC's loopback; anything else may be a DNS-rebinding page reaching in. */
export function isLoopbackHost(host: string | undefined): boolean {
  return LOOPBACK_NAMES.has(hostName(host));
}

/**
 * Lets browsers reach a local service only from the console's origins: the CORS and Private Network Access
 * preflights are answered for those origins alone, requests carrying any other Origin are refused, and a Host
 * that is not loopback is refused (DNS rebinding). Requests without an Origin (curl, the server, tests) pass.
 */
export function installBrowserGuard(
  app: FastifyInstance,
  allowedOrigins: readonly string[] | ((origin: string) => boolean),
): void {
  const list = typeof allowedOrigins === 'function' ? undefined : new Set(allowedOrigins);
  const allowed = {
    has: (origin: string) => (list ? list.has(origin) : (allowedOrigins as (o: string) => boolean)(origin)),
  };
  const refuse = (reply: FastifyReply, status: number, msg: string) =>
    reply.code(status).send({ code: 0, msg, error: 'PERMISSION_DENIED' } satisfies Refusal);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLoopbackHost(request.headers.host))
      return refuse(reply, 403, 'this service answers on 127.0.0.1 only');
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      return refuse(reply, 403, `origin ${origin} is not allowed to use the card reader`);
    }
    if (origin !== undefined) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
    }
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
      reply.header('access-control-allow-headers', 'content-type');
      reply.header('access-control-max-age', '600');
      if (request.headers['access-control-request-private-network'] === 'true') {
        reply.header('access-control-allow-private-network', 'true');
      }
      return reply.code(204).send();
    }
    return undefined;
  });
}

/** How much of an oversize body is read and dropped before the 413 answer; a client that sends more is cut off. */
export const OVERSIZE_DISCARD_BYTES = 64 * 1024 * 1024;

/** Reads what is left of a request body and drops it, until its end or `limit` bytes. */
function discardBody(body: IncomingMessage, limit: number): Promise<void> {
  if (body.complete || body.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let dropped = 0;
    const stop = () => {
      body.off('data', onData);
      body.off('end', stop);
      body.off('error', stop);
      body.off('close', stop);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > limit) stop();
    };
    body.on('data', onData);
    body.once('end', stop);
    body.once('error', stop);
    body.once('close', stop);
    body.resume();
  });
}

/**
 * Body parsing and error answers shared by the local services: JSON sent as text/plain (a "simple" request some
 * pages use to skip the preflight) is parsed too; malformed JSON, oversize bodies and unknown paths get a refusal
 * in the services' own shape, never a crash.
 */
export function installRefusals(app: FastifyInstance): void {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      const failure = error as Error & { statusCode?: number };
      failure.statusCode = 400;
      done(failure, undefined);
    }
  });
  app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // The client of an oversize body is still sending it. Closing the connection with its bytes unread makes the
    // system answer with a reset, and a client that writes its whole request before reading (most do) then
    // never sees the 413: read the rest and drop it first, up to a bound.
    if (status === 413) await discardBody(request.raw, OVERSIZE_DISCARD_BYTES);
    let msg: string;
    if (status === 413) msg = 'request body too large';
    else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      msg = 'send the request as JSON (application/json)';
    else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') msg = 'the request body is empty; send JSON';
    else if (error.code === 'FST_ERR_VALIDATION') msg = 'the request body must be one JSON object';
    else if (status === 400) msg = `malformed JSON: ${error.message}`;
    else msg = 'internal error';
    if (status >= 500) app.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .send({ code: 0, msg, error: status === 413 ? 'FIELD_INVALID' : 'DATA_PARSE_FAILED' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ code: 0, msg: `no such path: ${request.method} ${request.url}`, error: 'NOT_FOUND' }),
  );
}
