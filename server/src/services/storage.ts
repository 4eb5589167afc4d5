/**
 * Where uploaded files live: one interface (put/get/delete/url), a disk implementation under the server's data
 * folder (`<dataDir>/files`), a database one (`stored_files`, migration 020: what replicas sharing a PostgreSQL use,
 * so a file put through one is served by the others with no shared folder; config `files`, LOCKDESK_FILES), and
 * room for an object store (an S3-compatible implementation would put/get/delete
 * objects under a bucket prefix with the same keys; nothing else in the server knows which one runs).
 *
 * Keys are made by the server only (`newStorageKey`): 32 random hex digits and an extension from the sniffed type,
 * so a key never holds a path separator, a dot-dot or a name chosen by the client. Every implementation refuses
 * any other key.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DATA_FILE_MODE, DATA_FOLDER_MODE } from '../data-folder.js';
import type { Db } from '../db/index.js';

/** The file extensions a stored key may end with (one per allowed type, see files/uploads.ts). */
export const STORAGE_EXTENSIONS = ['jpg', 'png', 'webp', 'zip', 'bin'] as const;
export type StorageExtension = (typeof STORAGE_EXTENSIONS)[number];

const KEY = new RegExp(`^[0-9a-f]{32}\\.(${STORAGE_EXTENSIONS.join('|')})$`);

/** True for a key the server could have made (the only keys any storage accepts). */
export const isStorageKey = (key: string): boolean => KEY.test(key);

/** A new random key with the extension of the file's sniffed type. */
export const newStorageKey = (extension: StorageExtension): string =>
  `${randomBytes(16).toString('hex')}.${extension}`;

/** A stored file being read. */
export interface StoredFile {
  body: Readable;
  size: number;
}

export interface Storage {
  /**
   * Stores the bytes under the key. The body is streamed; if it fails (the caller's size limit, a broken upload),
   * nothing stays stored under the key and the error is rethrown. Answers the number of bytes stored.
   */
  put(
    key: string,
    body: AsyncIterable<Uint8Array> | Uint8Array,
    meta: { contentType: string },
  ): Promise<number>;
  /** The file, or undefined when no file has the key. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The URL the server serves the file at (GET /files/<key>). */
  url(key: string): string;
}

/** The URL of a stored key, whatever the storage: the server always serves files itself at /files/<key>. */
export const fileUrl = (key: string): string => `/files/${key}`;

/** The key of a `/files/<key>` URL (absolute URLs of this server's /files/ too), or undefined. */
export function keyOfFileUrl(url: string): string | undefined {
  const m = /^(?:https?:\/\/[^/?#]+)?\/files\/([^/?#]+)$/.exec(url.trim());
  const key = m?.[1];
  return key !== undefined && isStorageKey(key) ? key : undefined;
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error('invalid storage key');
  return key;
}

/**
 * Files on disk in `root` (created on first write). A file is written to `<key>.part` and renamed once complete,
 * so a reader never sees half a file and a failed upload leaves nothing.
 */
export function diskStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    const path = join(base, checkedKey(key));
    // Belt and braces: a valid key cannot leave the folder, but the check costs nothing.
    if (!path.startsWith(base + sep)) throw new Error('invalid storage key');
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(base, { recursive: true, mode: DATA_FOLDER_MODE });
      const partial = `${path}.${randomBytes(4).toString('hex')}.part`;
      let size = 0;
      const counted = async function* () {
        if (body instanceof Uint8Array) {
          size = body.length;
          yield body;
          return;
        }
        for await (const chunk of body) {
          size += chunk.length;
          yield chunk;
        }
      };
      try {
        await pipeline(
          Readable.from(counted()),
          createWriteStream(partial, { flags: 'wx', mode: DATA_FILE_MODE }),
        );
        await rename(partial, path);
      } catch (e) {
        await rm(partial, { force: true });
        throw e;
      }
      return size;
    },
    async get(key) {
      if (!isStorageKey(key)) return undefined;
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return undefined;
        return { body: createReadStream(path), size: info.size };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
    url: fileUrl,
  };
}

/**
 * Files in the database (`stored_files`, one bytea row per file). The body is gathered before the row is written,
 * so a failed upload leaves nothing; files are small (the upload policies allow a few MiB), and a read holds one.
 */
export function databaseStorage(db: Db): Storage {
  return {
    async put(key, body, meta) {
      checkedKey(key);
      const chunks: Uint8Array[] = [];
      if (body instanceof Uint8Array) chunks.push(body);
      else for await (const chunk of body) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      await db
        .insertInto('stored_files')
        .values({ key, content_type: meta.contentType, size: bytes.length, body: bytes })
        .execute();
      return bytes.length;
    },
    async get(key) {
      if (!isStorageKey(key)) return undefined;
      const row = await db
        .selectFrom('stored_files')
        .select(['body', 'size'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) return undefined;
      return { body: Readable.from([Buffer.from(row.body)]), size: row.size };
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await db.deleteFrom('stored_files').where('key', '=', key).execute();
    },
    url: fileUrl,
  };
}
