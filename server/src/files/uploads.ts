/**
 * Uploads (API.md §7.1): `oss/token` hands out a single-use upload token bound to the session and a purpose;
 * `POST /upload` (multipart, not enveloped) streams one file into the storage, its type sniffed from the bytes and
 * its size limited per purpose; `GET /files/<key>` serves stored files. The filename and Content-Type the client
 * sends are never used.
 *
 * Purposes and what they accept:
 * - lock_picture: JPEG, PNG or WebP, at most 2 MiB (needs room.manage);
 * - face: JPEG, PNG or WebP, at most 2 MiB (needs credential.manage);
 * - firmware: a ZIP package or a raw binary image (no type file-type recognises, and a NUL byte in its first 4 KiB,
 *   so no text, HTML or script passes as one), at most 8 MiB (needs firmware.manage: lock/addFirmwares records it).
 */
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  DEFAULT_LANGUAGE,
  ERRNO,
  fileCalls,
  type LanguageCode,
  languageFromHeader,
} from '@lockdesk/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { answerFailure } from '../answers.js';
import type { Permission } from '../auth/permissions.js';
import { bearerToken, hashToken, resolveSession } from '../auth/sessions.js';
import { defineCall } from '../call.js';
import type { Db } from '../db/index.js';
import type { UploadPurpose } from '../db/schema.js';
import { type AppError, failure } from '../errors.js';
import { isStorageKey, newStorageKey, type Storage, type StorageExtension } from '../services/storage.js';
import {
  addUpload,
  addUploadToken,
  deleteUpload,
  dropSpentUploadTokens,
  findUploadByKey,
  unusedUploadKeys,
  useUploadToken,
} from './repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (services/storage.ts). */
    storage: Storage;
  }
}

const MIB = 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface UploadPolicy {
  maxBytes: number;
  /** The types accepted, as sniffed from the bytes. */
  accept: readonly string[];
  /** The permission oss/token asks of the caller for this purpose. */
  permission: Permission;
}

export const UPLOAD_POLICIES: Record<UploadPurpose, UploadPolicy> = {
  lock_picture: { maxBytes: 2 * MIB, accept: IMAGE_TYPES, permission: 'room.manage' },
  face: { maxBytes: 2 * MIB, accept: IMAGE_TYPES, permission: 'credential.manage' },
  firmware: {
    maxBytes: 8 * MIB,
    accept: ['application/zip', 'application/octet-stream'],
    permission: 'firmware.manage',
  },
  // The account's own picture (user/setAvatar): any account of a hotel (every hotel role holds room.view).
  avatar: { maxBytes: 1 * MIB, accept: IMAGE_TYPES, permission: 'room.view' },
};

/** How long an upload token lives. */
export const UPLOAD_TOKEN_SECONDS = 600;

const LARGEST = Math.max(...Object.values(UPLOAD_POLICIES).map((p) => p.maxBytes));
/** Bytes file-type reads to recognise a type. */
const SNIFF_BYTES = 4100;

const EXTENSIONS: Record<string, StorageExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/zip': 'zip',
  'application/octet-stream': 'bin',
};

/** The type of a file from its first bytes, if the policy accepts it. */
export async function sniffType(head: Uint8Array, policy: UploadPolicy): Promise<string | undefined> {
  if (head.length === 0) return undefined;
  const found = await fileTypeFromBuffer(head);
  if (found) return policy.accept.includes(found.mime) ? found.mime : undefined;
  // A raw binary image: nothing recognisable, and not text (text never holds a NUL byte).
  if (policy.accept.includes('application/octet-stream') && head.subarray(0, 4096).includes(0))
    return 'application/octet-stream';
  return undefined;
}

const megabytes = (bytes: number): string => String(Math.round((bytes / MIB) * 10) / 10);
const typeNames = (policy: UploadPolicy): string =>
  policy.accept
    .map((t) => (t === 'application/octet-stream' ? 'BIN' : t.split('/')[1]?.toUpperCase()))
    .join(', ');

export const fileTooLarge = (policy: UploadPolicy): AppError =>
  failure('FILE_TOO_LARGE', { max: megabytes(policy.maxBytes) });
export const typeNotAllowed = (policy: UploadPolicy): AppError =>
  failure('FILE_TYPE_NOT_ALLOWED', { types: typeNames(policy) });

async function drain(iterator: AsyncIterator<unknown>): Promise<void> {
  while (!(await iterator.next()).done) {
    // the bytes go nowhere
  }
}

class TooLarge extends Error {}

/**
 * Streams one file into the storage: its first bytes are sniffed before anything is written, the rest is counted
 * on the way. A refused file is read to its end (so the client gets the answer, not a reset) and nothing stays
 * stored.
 */
async function storeFile(
  storage: Storage,
  file: AsyncIterable<Buffer>,
  policy: UploadPolicy,
): Promise<{ key: string; size: number; type: string }> {
  const iterator = file[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  if (size > policy.maxBytes) {
    await drain(iterator);
    throw fileTooLarge(policy);
  }
  const first = Buffer.concat(head);
  const type = await sniffType(first.subarray(0, SNIFF_BYTES), policy);
  const extension = type === undefined ? undefined : EXTENSIONS[type];
  if (type === undefined || extension === undefined) {
    if (!ended) await drain(iterator);
    throw typeNotAllowed(policy);
  }
  async function* body(): AsyncGenerator<Buffer> {
    yield first;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      size += next.value.length;
      if (size > policy.maxBytes) throw new TooLarge();
      yield next.value;
    }
  }
  const key = newStorageKey(extension);
  try {
    await storage.put(key, body(), { contentType: type });
  } catch (e) {
    await drain(iterator).catch(() => undefined);
    if (e instanceof TooLarge) throw fileTooLarge(policy);
    throw e;
  }
  return { key, size, type };
}

interface TokenRow {
  id: number;
  purpose: UploadPurpose;
  hotel_id: number;
  user_id: number;
}

/**
 * The language a token carries (`<random>.<language>`, the language of the oss/token call): errors of an upload
 * sent without a `language` header are answered in it. Not secret, and only ever used to pick a text.
 */
export const tokenLanguage = (token: string): LanguageCode | undefined => {
  const dot = token.lastIndexOf('.');
  return dot < 0 ? undefined : languageFromHeader(token.slice(dot + 1));
};

/**
 * Uses up an upload token: UPLOAD_TOKEN_INVALID when unknown, used, expired, or not of a live session of an
 * account that is not frozen — and, when the request names a session, when the token is another session's.
 */
async function consumeToken(
  db: Db,
  token: string,
  sessionId: number | undefined,
  now: Date,
): Promise<TokenRow> {
  if (!/^[A-Za-z0-9_-]{20,200}(?:\.[A-Za-z-]{2,10})?$/.test(token)) throw failure('UPLOAD_TOKEN_INVALID');
  const row = await useUploadToken(db, hashToken(token), sessionId, now);
  if (!row) throw failure('UPLOAD_TOKEN_INVALID');
  return row;
}

/** The answer data of a stored upload. */
export interface UploadAnswer {
  url: string;
  key: string;
  size: number;
  type: string;
}

/**
 * Receives one upload. The session is the one the `Authorization` header names, when it names one (then the token
 * must be that session's); without the header the token's own session must still be live. `heard.lang` is set to
 * the token's language once the token is read.
 */
async function receiveUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  heard: { lang?: LanguageCode },
): Promise<UploadAnswer> {
  const now = new Date(app.config.now());
  const bearer = bearerToken(request.headers.authorization);
  let sessionId: number | undefined;
  if (bearer !== undefined || request.headers.authorization !== undefined) {
    const user = await resolveSession(app.db, bearer, now.getTime());
    if (user.frozen) throw failure('ACCOUNT_FROZEN');
    sessionId = user.sessionId;
  }
  if (!request.isMultipart()) throw failure('FIELD_REQUIRED', { field: 'file' });

  let token: TokenRow | undefined;
  let stored: { key: string; size: number; type: string } | undefined;
  let problem: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'token' && token === undefined && problem === undefined) {
          heard.lang = tokenLanguage(String(part.value));
          try {
            token = await consumeToken(app.db, String(part.value), sessionId, now);
          } catch (e) {
            problem = e;
          }
        }
        continue;
      }
      const iterator = part.file[Symbol.asyncIterator]();
      if (problem !== undefined || part.fieldname !== 'file' || stored !== undefined) {
        await drain(iterator);
        continue;
      }
      if (token === undefined) {
        // The token must come before the file: the file is streamed, and only a known token says how.
        problem = failure('UPLOAD_TOKEN_INVALID');
        await drain(iterator);
        continue;
      }
      try {
        stored = await storeFile(app.storage, part.file, UPLOAD_POLICIES[token.purpose]);
      } catch (e) {
        problem = e;
      }
    }
  } catch (e) {
    // Malformed multipart, or more parts, fields or files than an upload has.
    request.log.warn({ err: e }, 'upload refused: malformed multipart');
    problem ??= failure('FIELD_INVALID', { field: 'file' });
  }
  if (problem !== undefined || token === undefined || stored === undefined) {
    if (stored) await app.storage.delete(stored.key);
    if (problem !== undefined) throw problem;
    if (token === undefined) throw failure('UPLOAD_TOKEN_INVALID');
    throw failure('FIELD_REQUIRED', { field: 'file' });
  }
  try {
    await addUpload(app.db, {
      key: stored.key,
      hotelId: token.hotel_id,
      userId: token.user_id,
      purpose: token.purpose,
      contentType: stored.type,
      size: stored.size,
      createdAt: now,
    });
  } catch (e) {
    await app.storage.delete(stored.key);
    throw e;
  }
  return { url: app.storage.url(stored.key), key: stored.key, size: stored.size, type: stored.type };
}

/** Serves a stored file: the sniffed type, never sniffed again by the browser, and never run as a page. */
async function serveFile(app: FastifyInstance, key: string) {
  if (!isStorageKey(key)) return undefined;
  const row = await findUploadByKey(app.db, key);
  if (!row) return undefined;
  const file = await app.storage.get(key);
  return file ? { ...file, ...row } : undefined;
}

/** How long an upload may stay unused before it is removed. */
export const UNUSED_UPLOAD_HOURS = 24;

/**
 * Removes a hotel's uploads nobody uses a day after they were made: face images no face holds, lock pictures no
 * room shows (a replaced picture, a face form left unsent). Firmware stays (firmware records may point at it).
 * A few per run, so the call that triggers it stays quick; a storage failure is only logged.
 */
export async function sweepUnusedUploads(
  app: FastifyInstance,
  db: Db,
  hotelId: number,
  now: Date,
): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_UPLOAD_HOURS * 3600_000);
  const unused = await unusedUploadKeys(db, hotelId, before, 20);
  for (const key of unused) {
    await deleteUpload(db, key);
    await app.storage
      .delete(key)
      .catch((e: unknown) => app.log.warn({ err: e }, 'unused upload not removed'));
  }
  return unused.length;
}

/** oss/token, POST /upload and GET /files/<key>. */
export function uploadRoutes(app: FastifyInstance): void {
  defineCall(app, fileCalls.uploadToken, {
    handler: async (ctx, body) => {
      const purpose = body.purpose as UploadPurpose;
      const policy = UPLOAD_POLICIES[purpose];
      ctx.require(policy.permission);
      const hotelId = ctx.requireHotelId();
      const now = ctx.now();
      // This session's used and expired tokens go; the new one is the only form of it ever answered.
      await dropSpentUploadTokens(ctx.db, ctx.user.sessionId, now);
      await sweepUnusedUploads(ctx.app, ctx.db, hotelId, now);
      const token = `${randomBytes(32).toString('base64url')}.${ctx.lang}`;
      await addUploadToken(ctx.db, {
        hash: hashToken(token),
        sessionId: ctx.user.sessionId,
        userId: ctx.user.id,
        hotelId,
        purpose,
        expiresAt: new Date(now.getTime() + UPLOAD_TOKEN_SECONDS * 1000),
        createdAt: now,
      });
      return {
        upload_url: '/upload',
        token,
        expires_in: UPLOAD_TOKEN_SECONDS,
        max_bytes: policy.maxBytes,
        accept: [...policy.accept],
      };
    },
  });

  // The multipart parser lives in this scope only: /manage keeps reading every body as text.
  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fields: 4, fieldSize: 1024, files: 1, parts: 6, headerPairs: 20, fileSize: LARGEST + 1 },
    });

    scope.post('/upload', async (request, reply) => {
      const header = request.headers['language'];
      const asked = languageFromHeader(Array.isArray(header) ? header[0] : header);
      const heard: { lang?: LanguageCode } = {};
      reply.header('Cache-Control', 'no-store');
      try {
        const data = await receiveUpload(app, request, heard);
        return reply.send({ errno: ERRNO.ok, errmsg: '', data });
      } catch (e) {
        return answerFailure(reply, 'upload', e, asked ?? heard.lang ?? DEFAULT_LANGUAGE);
      }
    });

    scope.get('/files/*', async (request, reply) => {
      const key = (request.params as { '*'?: string })['*'] ?? '';
      const file = await serveFile(app, key);
      if (!file)
        return reply.code(404).header('X-Content-Type-Options', 'nosniff').send({ error: 'Not Found' });
      return reply
        .header('Content-Type', file.content_type)
        .header('Content-Length', String(file.size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .header('Cache-Control', 'private, max-age=3600')
        .header(
          'Content-Disposition',
          file.purpose === 'firmware' ? `attachment; filename="${key}"` : 'inline',
        )
        .send(file.body);
    });
  });
}
