/**
 * How the server answers a failure at each of its front doors: handlers throw an AppError (errors.ts) and
 * `answerFailure` turns whatever reaches a door into that door's answer, here and nowhere else.
 *
 *   manage        POST /manage/*       HTTP 200, {errno, errmsg, code, data} sealed in the envelope (API.md §1)
 *   card-service  /auth/*, /linQuan/*  the code's HTTP status, {code: status, msg, error, data?} (API.md §18)
 *   device        /device/v1/*         the code's HTTP status, {errno, errmsg, code, data: null}, no-store (§10)
 *   upload        POST /upload         HTTP 200, {errno, errmsg, code, data: null} (API.md §7.1)
 *   export        /export/<token>      a small page in the link's language: 410 for a dead link, else 403 (§11)
 *   plain         anything else        {error}: the framework's 4xx, else 500 'Internal Server Error'
 *
 * A failure is one of three: a refusal (an AppError: its errno, catalogue code and message parameters); the request
 * refused before the handler ran (an error carrying an HTTP 4xx status: a body too large, cut short or unreadable);
 * or anything else, which is logged with its detail and answered as ERROR — internals never leak.
 */
import { type ErrorCode, isRtl, type LanguageCode } from '@lockdesk/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from './config.js';
import { envelopeFor } from './crypto/deployment-envelope.js';
import { AppError, failure, type Params } from './errors.js';
import { messageFor } from './i18n.js';
import { exportTexts } from './services/export/texts.js';

/** The ways into the server, each with its own answer shape (the table above). */
export type FrontDoor = 'manage' | 'card-service' | 'device' | 'upload' | 'export' | 'plain';

/** The refusal a failure stands for: an AppError as thrown; anything else is logged and stands for ERROR. */
export function refusalOf(error: unknown, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  request.log.error({ err: error, url: urlPath(request) }, 'unexpected failure, answered as ERROR');
  return failure('ERROR');
}

/** Answers a failure (anything thrown or passed to an error handler) the way the door answers it. */
export function answerFailure(
  reply: FastifyReply,
  door: FrontDoor,
  error: unknown,
  lang: LanguageCode,
): FastifyReply {
  const request = reply.request;
  const early = error instanceof AppError ? undefined : requestRefusal(error);
  switch (door) {
    case 'manage': {
      if (early) request.log.warn({ err: error }, 'request refused before the call ran');
      const refusal = early ? failure('DATA_PARSE_FAILED') : refusalOf(error, request);
      return manageAnswer(
        reply,
        request.server.config,
        lang,
        refusal.errno,
        refusal.code,
        refusal.params,
        refusal.data,
      );
    }
    case 'card-service': {
      if (early) return plainAnswer(reply, early.status, early.message);
      const refusal = refusalOf(error, request);
      const status = CARD_SERVICE_STATUS[refusal.code] ?? 400;
      const body: Record<string, unknown> = {
        code: status,
        msg: messageFor(lang, refusal.code, refusal.params),
        error: refusal.code,
      };
      if (refusal.data !== null && refusal.data !== undefined) body['data'] = refusal.data;
      return reply.code(status).send(body);
    }
    case 'device': {
      // The body is what is wrong with a request refused before the handler (a body too large).
      const refusal = early ? failure('FIELD_INVALID', { field: 'body' }) : refusalOf(error, request);
      const status =
        early?.status ?? (error instanceof AppError ? (DEVICE_STATUS[refusal.code] ?? 400) : 500);
      request.callOutcome = {
        path: request.routeOptions.url ?? null,
        userId: null,
        errno: refusal.errno,
        code: refusal.code,
      };
      return reply.code(status).header('cache-control', 'no-store').send(errnoBody(refusal, lang));
    }
    case 'upload': {
      if (early) return plainAnswer(reply, early.status, early.message);
      return reply.code(200).send(errnoBody(refusalOf(error, request), lang));
    }
    case 'export': {
      if (early) return plainAnswer(reply, early.status, early.message);
      if (!(error instanceof AppError)) return internalError(reply, error);
      return exportRefusalPage(reply, error.code === 'EXPORT_LINK_EXPIRED' ? 410 : 403, lang, error.code);
    }
    case 'plain':
      return early ? plainAnswer(reply, early.status, early.message) : internalError(reply, error);
  }
}

/** The /manage answer, errno/errmsg/code/data, sealed in the envelope; plain JSON only when even the envelope cannot
 * be made. Successes (errno 0, no code) go out through it too. */
export function manageAnswer(
  reply: FastifyReply,
  config: ServerConfig,
  lang: LanguageCode,
  errno: number,
  code: ErrorCode | null,
  params: Params | undefined,
  data: unknown,
): FastifyReply {
  // `code` (the catalogue code) lets a client pick its own text or act on a refusal without matching errmsg.
  const body = code
    ? { errno, errmsg: messageFor(lang, code, params), code, data: data ?? null }
    : { errno, errmsg: '', data: data ?? null };
  const outcome = reply.request.callOutcome;
  reply.request.callOutcome = { path: outcome?.path ?? null, userId: outcome?.userId ?? null, errno, code };
  const sealed = envelopeFor(config.envelopeKeys)?.encrypt(body);
  reply.code(200).header('content-type', 'application/json; charset=utf-8');
  return sealed?.ok ? reply.send({ data: sealed.value }) : reply.send(body);
}

/** The HTTP status of a card-service refusal, by catalogue code (400 for any other). */
const CARD_SERVICE_STATUS: Partial<Record<ErrorCode, number>> = {
  LOGIN_EXPIRED: 401,
  SESSION_REVOKED: 401,
  API_KEY_INVALID: 401,
  PERMISSION_DENIED: 403,
  ACCOUNT_FROZEN: 403,
  SERVICE_EXPIRED: 403,
  NOT_FOUND: 404,
  STAY_CLOSED: 409,
  TENANT_FROZEN: 409,
  WRONG_CARD: 409,
  CARD_WRITE_UNVERIFIED: 409,
  CARD_ISSUE_EXPIRED: 409,
  CARD_NOT_ISSUED: 409,
  CARD_ALREADY_DELETED: 409,
  CARD_ALREADY_WITHDRAWN: 409,
  CARD_NEVER_ISSUED: 409,
  TOO_MANY_ATTEMPTS: 429,
  ERROR: 500,
};

/** The HTTP status of a device refusal (400 for any other; an unexpected failure is a 500). */
const DEVICE_STATUS: Partial<Record<ErrorCode, number>> = {
  LOCK_AUTH_FAILED: 401,
  LOCK_SYNC_UNKNOWN: 404,
  FIELD_REQUIRED: 400,
  FIELD_INVALID: 400,
  DATA_PARSE_FAILED: 400,
  TOO_MANY_ATTEMPTS: 429,
};

/** A request refused before its handler ran: the HTTP status and the framework's words for it. */
function requestRefusal(error: unknown): { status: number; message: string } | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  return { status, message: (error as Error).message };
}

/** `{errno, errmsg, code, data: null}`: the refusal of the device API and of uploads. */
const errnoBody = (refusal: AppError, lang: LanguageCode) => ({
  errno: refusal.errno,
  errmsg: messageFor(lang, refusal.code, refusal.params),
  code: refusal.code,
  data: null,
});

const plainAnswer = (reply: FastifyReply, status: number, message: string): FastifyReply =>
  reply.code(status).send({ error: message });

/** HTTP 500 with no detail; the detail goes to the log. */
function internalError(reply: FastifyReply, error: unknown): FastifyReply {
  reply.request.log.error({ err: error }, 'request failed');
  return plainAnswer(reply, 500, 'Internal Server Error');
}

const urlPath = (request: FastifyRequest): string => (request.url.split('?')[0] ?? '').slice(0, 120);

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page in the language of the link: the export cannot be downloaded. */
function exportRefusalPage(
  reply: FastifyReply,
  status: number,
  lang: LanguageCode,
  code: ErrorCode,
): FastifyReply {
  const t = exportTexts(lang);
  const title = code === 'EXPORT_LINK_EXPIRED' ? t.page.title : messageFor(lang, code);
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}" dir="${isRtl(lang) ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p data-code="${code}">${escapeHtml(messageFor(lang, code))}</p>
<p>${escapeHtml(t.page.again)}</p>
</body>
</html>
`;
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'")
    .type('text/html; charset=utf-8')
    .send(html);
}
