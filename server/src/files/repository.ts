/**
 * The SQL of uploads (API.md §7.1: upload tokens, the uploads table) and exports (§11: download links). Tokens and
 * links are stored as the SHA-256 of their text only (hashToken).
 */
import { sql } from 'kysely';
import { sessionUserColumns } from '../auth/sessions.js';
import type { Db } from '../db/index.js';
import type { ExportFormat, ExportKind, UploadPurpose } from '../db/schema.js';

// ---- Uploads ----

/** Removes a session's used and expired upload tokens. */
export async function dropSpentUploadTokens(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .deleteFrom('upload_tokens')
    .where('session_id', '=', sessionId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .execute();
}

/** Stores a new upload token (its hash). */
export async function addUploadToken(
  db: Db,
  token: {
    hash: string;
    sessionId: number;
    userId: number;
    hotelId: number;
    purpose: UploadPurpose;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('upload_tokens')
    .values({
      token_hash: token.hash,
      session_id: token.sessionId,
      user_id: token.userId,
      hotel_id: token.hotelId,
      purpose: token.purpose,
      expires_at: token.expiresAt,
      created_at: token.createdAt,
    })
    .execute();
}

/**
 * Uses up an upload token in one UPDATE: only an unused, unexpired token of a live session of an account that is
 * not frozen (and of the given session, when one is given). Answers the token, or undefined.
 */
export function useUploadToken(db: Db, hash: string, sessionId: number | undefined, now: Date) {
  let q = db
    .updateTable('upload_tokens as t')
    .set({ used_at: now })
    .where('t.token_hash', '=', hash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select('s.id')
          .whereRef('s.id', '=', 't.session_id')
          .where('s.revoked_at', 'is', null)
          .where('s.expires_at', '>', now)
          .where('u.frozen', '=', false),
      ),
    );
  if (sessionId !== undefined) q = q.where('t.session_id', '=', sessionId);
  return q.returning(['t.id', 't.purpose', 't.hotel_id', 't.user_id']).executeTakeFirst();
}

/** Records a stored upload. */
export async function addUpload(
  db: Db,
  upload: {
    key: string;
    hotelId: number;
    userId: number;
    purpose: UploadPurpose;
    contentType: string;
    size: number;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      key: upload.key,
      hotel_id: upload.hotelId,
      user_id: upload.userId,
      purpose: upload.purpose,
      content_type: upload.contentType,
      size: upload.size,
      created_at: upload.createdAt,
    })
    .execute();
}

/** A stored upload's sniffed type and purpose, or undefined. */
export function findUploadByKey(db: Db, key: string) {
  return db
    .selectFrom('uploads')
    .select(['content_type', 'purpose'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Up to `limit` keys of the hotel's uploads made before `before` that nothing uses: face images no face holds, lock
 * pictures no room shows. Firmware is never among them (firmware records may point at it).
 */
export async function unusedUploadKeys(db: Db, hotelId: number, before: Date, limit: number) {
  const rows = await db
    .selectFrom('uploads as u')
    .select('u.key')
    .where('u.hotel_id', '=', hotelId)
    .where('u.created_at', '<', before)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('u.purpose', '=', 'face'),
          eb.not(
            eb.exists(eb.selectFrom('faces as fc').select('fc.id').whereRef('fc.upload_key', '=', 'u.key')),
          ),
        ]),
        eb.and([
          eb('u.purpose', '=', 'lock_picture'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('rooms as r')
                .select('r.id')
                .where('r.hotel_id', '=', hotelId)
                .where(sql<boolean>`r.picture = '/files/' || u.key`),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.key);
}

/** Forgets an upload's row (its file is the storage's to remove). */
export async function deleteUpload(db: Db, key: string): Promise<void> {
  await db.deleteFrom('uploads').where('key', '=', key).execute();
}

// ---- Exports ----

/** True while a download of the account's, started after `since`, is still being written. */
export async function exportRunning(db: Db, userId: number, since: Date): Promise<boolean> {
  const running = await db
    .selectFrom('export_links')
    .select('id')
    .where('user_id', '=', userId)
    .where('used_at', '>', since)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return running !== undefined;
}

/** Removes the account's finished and expired download links. */
export async function dropSpentExportLinks(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .deleteFrom('export_links')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('finished_at', 'is not', null), eb('expires_at', '<=', now)]))
    .execute();
}

/** Stores a new download link (its hash) with what it was made for. */
export async function addExportLink(
  db: Db,
  link: {
    hash: string;
    hotelId: number;
    userId: number;
    sessionId: number;
    kind: ExportKind;
    format: ExportFormat;
    language: string;
    filters: Record<string, unknown>;
    fileName: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('export_links')
    .values({
      token_hash: link.hash,
      hotel_id: link.hotelId,
      user_id: link.userId,
      session_id: link.sessionId,
      kind: link.kind,
      format: link.format,
      language: link.language,
      filters: JSON.stringify(link.filters),
      file_name: link.fileName,
      expires_at: link.expiresAt,
      created_at: link.createdAt,
    })
    .execute();
}

const LINK_COLUMNS = [
  'id',
  'hotel_id',
  'user_id',
  'session_id',
  'kind',
  'format',
  'language',
  'filters',
  'file_name',
] as const;

/** Uses up an unused, unexpired link in one UPDATE (two replicas cannot both serve it); undefined otherwise. */
export function useExportLink(db: Db, hash: string, now: Date) {
  return db
    .updateTable('export_links')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(LINK_COLUMNS)
    .executeTakeFirst();
}

/** An unused, unexpired link, left unused (a HEAD only looks). */
export function peekExportLink(db: Db, hash: string, now: Date) {
  return db
    .selectFrom('export_links')
    .select(LINK_COLUMNS)
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Closes a used link: when it finished, and the rows written (null: it failed or was refused). */
export async function finishExportLink(db: Db, id: number, at: Date, rows: number | null): Promise<void> {
  await db
    .updateTable('export_links')
    .set({ finished_at: at, rows_written: rows })
    .where('id', '=', id)
    .execute();
}

/** The account of a session that is still live (not revoked, not expired), or undefined. */
export function liveSessionAccount(db: Db, sessionId: number, userId: number, now: Date) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.id as session_id')
    .select(sessionUserColumns)
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
}
