/**
 * Exports of guests, unlock records and the operation log as CSV or XLSX (API.md §11, issue 10 contract E).
 * - `export/create` checks the kind's filters exactly as the exported list does (same schema, same query builder,
 *   same NOT_FOUND / PERMISSION_DENIED) and answers a single-use link `/export/<token>` valid for 5 minutes.
 * - `GET /export/<token>` uses the link up (one UPDATE: two replicas cannot both serve it), rebuilds the caller from
 *   the session that made the link (the session must still be live: logging out kills the link; the room scope is
 *   the account's at download time), and streams the file: rows are read in keyset batches and written as the
 *   download takes them (services/export/). Headers and values are in the language of the create call, times in
 *   hotel time (UTC+08:00).
 * - `HEAD /export/<token>` answers the GET's headers (Content-Length too: the file is written and counted, not sent)
 *   under the same rules, without using the link up.
 * - An unknown, used or expired link answers HTTP 410 with a small page saying EXPORT_LINK_EXPIRED in the link's
 *   language (the token carries it after a dot, as upload tokens do).
 * - One running export per account: export/create answers EXPORT_TOO_MANY while a download of the account's is
 *   being written (a download that started more than RUNNING_MINUTES ago no longer counts, should a process have
 *   died in the middle of one).
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { fileCalls, isRtl, type LanguageCode, languageFromHeader } from '@lockdesk/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerFailure } from '../answers.js';
import { roleAllows } from '../auth/permissions.js';
import { lockInTransaction } from '../auth/rate-limit.js';
import { hashToken, type SessionUser, sessionUserOf } from '../auth/sessions.js';
import { type BaseContext, defineCall, type UserContext, userContext } from '../call.js';
import type { ExportFormat, ExportKind, ExportLinksTable } from '../db/schema.js';
import { shanghaiDate } from '../domain/time.js';
import { failure } from '../errors.js';
import { checkBody, epochSeconds } from '../fields.js';
import { EXPORT_SOURCES, exportFileName } from '../services/export/kinds.js';
import { exportTexts } from '../services/export/texts.js';
import { type Cell, csvWriter, type SheetWriter, xlsxWriter } from '../services/export/writers.js';
import {
  addExportLink,
  dropSpentExportLinks,
  exportRunning,
  finishExportLink,
  liveSessionAccount,
  peekExportLink,
  useExportLink,
} from './repository.js';
import { tokenLanguage } from './uploads.js';

/** How long a download link lives. */
export const EXPORT_LINK_SECONDS = 300;
/** A download older than this no longer holds the account's one running export. */
export const RUNNING_MINUTES = 10;

const TOKEN = /^[A-Za-z0-9_-]{43}\.[A-Za-z-]{2,10}$/;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Dates become ISO text, so the filters keep in jsonb and read back through the same schema. */
function storedFilters(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filters).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}

/** export/create, GET /export/<token> and HEAD /export/<token>. */
export function exportRoutes(app: FastifyInstance): void {
  defineCall(app, fileCalls.createExport, {
    handler: async (ctx, body) => {
      // f.enum's value reads as string | number inside a contract's schema: named here by its type.
      const kind = body.kind as ExportKind;
      const format = body.format as ExportFormat;
      const source = EXPORT_SOURCES[kind];
      ctx.require(source.permission);
      const hotelId = ctx.requireHotelId();
      const filters = checkBody(source.filters, body.filters ?? {});
      // The list's own checks (a room or stay out of scope, a reversed period) answer now, not at download.
      await source.open(ctx, filters, exportTexts(ctx.lang));
      const now = ctx.now();
      const token = `${randomBytes(32).toString('base64url')}.${ctx.lang}`;
      const fileName = exportFileName(kind, format, shanghaiDate(now.getTime()));
      const expiresAt = new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000);
      // Check and insert under the account's advisory lock: of two export/create racing on any replicas, the second
      // sees the first's link.
      await ctx.db.transaction().execute(async (trx) => {
        await lockInTransaction(trx, 'exportAccount', String(ctx.user.id));
        if (await exportRunning(trx, ctx.user.id, new Date(now.getTime() - RUNNING_MINUTES * 60_000)))
          throw failure('EXPORT_TOO_MANY');
        // The account's spent and expired links go; the new one is the only form of it ever answered.
        await dropSpentExportLinks(trx, ctx.user.id, now);
        await addExportLink(trx, {
          hash: hashToken(token),
          hotelId,
          userId: ctx.user.id,
          sessionId: ctx.user.sessionId,
          kind,
          format,
          language: ctx.lang,
          filters: storedFilters(filters),
          fileName,
          expiresAt,
          createdAt: now,
        });
      });
      ctx.audit(`Export of ${kind} (${format}): ${JSON.stringify(storedFilters(filters))}`);
      return { url: `/export/${token}`, file_name: fileName, expires_at: epochSeconds(expiresAt) };
    },
  });

  app.get('/export/:token', { exposeHeadRoute: false }, (request, reply) => download(app, request, reply));
  // A HEAD (a link preview, a download manager) must not use the link up: its own route, which only looks.
  app.head('/export/:token', (request, reply) => head(app, request, reply));
}

/** The language to refuse in: the token's, else the browser's, else English. */
function pageLanguage(request: FastifyRequest, token: string): LanguageCode {
  const accepted = request.headers['accept-language'];
  const first = (Array.isArray(accepted) ? accepted[0] : accepted)?.split(',')[0]?.split(';')[0];
  return tokenLanguage(token) ?? languageFromHeader(first) ?? 'en';
}

/** `attachment` with the name in plain ASCII and, for any browser, exactly (RFC 6266 / RFC 5987). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

type Link = Pick<
  ExportLinksTable,
  'hotel_id' | 'user_id' | 'session_id' | 'kind' | 'format' | 'language' | 'file_name'
> & { id: number; filters: Record<string, unknown> };

/** A link checked for a download: the file's parts, ready to be written. */
interface ReadyFile {
  link: Link;
  lang: LanguageCode;
  writer: (out: PassThrough) => SheetWriter;
  batches: AsyncIterable<Cell[][]>;
}

/**
 * The link's file, or the refusal (already sent). `use`: a GET uses the link up (one UPDATE: two replicas cannot
 * both serve it); a HEAD only looks, under the same rules (unused, not expired, its session live, the permission
 * and filters still the account's). `finish` closes a used link; a HEAD has nothing to close.
 */
async function openLink(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  use: boolean,
  finish: (link: Link, rows: number | null) => Promise<unknown>,
): Promise<ReadyFile | FastifyReply> {
  const token = (request.params as { token?: string }).token ?? '';
  let lang = pageLanguage(request, token);
  if (!TOKEN.test(token)) return answerFailure(reply, 'export', failure('EXPORT_LINK_EXPIRED'), lang);
  const now = new Date(app.config.now());
  const link: Link | undefined = use
    ? await useExportLink(app.db, hashToken(token), now)
    : await peekExportLink(app.db, hashToken(token), now);
  if (!link) return answerFailure(reply, 'export', failure('EXPORT_LINK_EXPIRED'), lang);
  lang = languageFromHeader(link.language) ?? lang;

  const user = await sessionUser(app, link, now);
  if (!user) {
    await finish(link, null);
    return answerFailure(reply, 'export', failure('EXPORT_LINK_EXPIRED'), lang);
  }
  const source = EXPORT_SOURCES[link.kind];
  const texts = exportTexts(lang);
  const ctx = downloadContext(app, request, user, lang, now);
  let batches: AsyncIterable<Cell[][]>;
  try {
    if (!roleAllows(user.role, user.authorities, source.permission)) throw failure('PERMISSION_DENIED');
    batches = await source.open(ctx, checkBody(source.filters, link.filters), texts);
  } catch (e) {
    await finish(link, null);
    return answerFailure(reply, 'export', e, lang);
  }
  const sheetColumns = source.columns(texts);
  const writer = (out: PassThrough): SheetWriter =>
    link.format === 'csv'
      ? csvWriter(out, sheetColumns)
      : xlsxWriter(out, sheetColumns, {
          sheetName: texts.sheets[link.kind],
          rightToLeft: isRtl(lang),
          timeColumns: source.timeColumns,
        });
  return { link, lang, writer, batches };
}

/** Writes every batch of the file into the writer; answers the number of rows. */
async function writeRows(writer: SheetWriter, batches: AsyncIterable<Cell[][]>): Promise<number> {
  let rows = 0;
  const reader = batches[Symbol.asyncIterator]();
  // The next batch is read while this one is written (on PostgreSQL the query then overlaps the writing): two
  // batches at most are held at a time.
  let next = reader.next();
  for (;;) {
    const batch = await next;
    if (batch.done) break;
    next = reader.next();
    // A read that fails while the download is already broken off is not waited for.
    next.catch(() => undefined);
    await writer.write(batch.value);
    rows += batch.value.length;
  }
  return rows;
}

/** The headers of a file answer (GET and HEAD alike). */
const fileHeaders = (reply: FastifyReply, link: Link): FastifyReply =>
  reply
    .code(200)
    .header('Content-Type', CONTENT_TYPES[link.format])
    .header('Content-Disposition', attachment(link.file_name))
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff');

async function download(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const finish = (link: Link, rows: number | null) =>
    finishExportLink(app.db, link.id, new Date(app.config.now()), rows).catch((e: unknown) =>
      request.log.error({ err: e }, 'export: the link could not be closed'),
    );
  const ready = await openLink(app, request, reply, true, finish);
  if (!('batches' in ready)) return ready;
  const { link, batches } = ready;
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  const writer = ready.writer(out);
  void (async () => {
    let rows = 0;
    try {
      rows = await writeRows(writer, batches);
      // Marked finished before the file's last bytes go out: once the download has ended, the account may export
      // again at once.
      await finish(link, rows);
      await writer.end();
    } catch (e) {
      // Headers are gone: the download breaks off (the browser shows it failed) rather than ending short.
      if (!out.destroyed) request.log.error({ err: e, kind: link.kind, rows }, 'export failed');
      out.destroy(e instanceof Error ? e : new Error(String(e)));
      await finish(link, null);
    }
  })();
  return fileHeaders(reply, link).send(out);
}

/**
 * HEAD: the headers a GET would answer now, Content-Length included (the file is written and counted, not sent),
 * without using the link up; refusals as a GET's.
 */
async function head(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const ready = await openLink(app, request, reply, false, async () => undefined);
  if (!('batches' in ready)) return ready;
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  let length = 0;
  out.on('data', (chunk: Buffer) => {
    length += chunk.length;
  });
  const ended = once(out, 'end');
  const writer = ready.writer(out);
  await writeRows(writer, ready.batches);
  await writer.end();
  await ended;
  return fileHeaders(reply, ready.link).header('Content-Length', String(length)).send();
}

/** The account behind a link, while the session that made it is live and the account may still work. */
async function sessionUser(app: FastifyInstance, link: Link, now: Date): Promise<SessionUser | undefined> {
  const row = await liveSessionAccount(app.db, link.session_id, link.user_id, now);
  if (!row || row.frozen || row.hotel_id !== link.hotel_id) return undefined;
  const user = sessionUserOf(row, row.session_id);
  if (user.serviceEndsAt !== null && user.serviceEndsAt.getTime() <= now.getTime()) return undefined;
  return Object.freeze(user);
}

/**
 * The caller as the list query builders expect it (call.ts's context, read-only): the same room checks as a call's
 * ctx.requireRoom, for the account of the link.
 */
function downloadContext(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
  lang: LanguageCode,
  now: Date,
): UserContext {
  const base: BaseContext = {
    app,
    db: app.db,
    config: app.config,
    lang,
    log: request.log,
    client: { ip: request.ip, uuid: null, userAgent: request.headers['user-agent'] ?? null },
    path: 'export/download',
    token: undefined,
    now: () => now,
    audit: () => undefined,
    validUntil: () => undefined,
  };
  // A download logs nothing: the rooms it reads are not recorded anywhere.
  return userContext(base, user, new Set());
}
