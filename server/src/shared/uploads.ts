/**
 * What the other areas ask of an upload (files/uploads.ts receives them): is a `/files/<key>` URL a file the hotel
 * uploaded for this purpose (a face image, a firmware, an avatar), and is a lock's picture one of ours or an https
 * address.
 */
import type { ErrorCode } from '@lockdesk/protocol';
import type { Db } from '../db/index.js';
import type { UploadPurpose } from '../db/schema.js';
import { failure } from '../errors.js';
import { fileUrl, keyOfFileUrl } from '../services/storage.js';

/** The upload a `/files/<key>` URL names, when it is a file of the hotel uploaded for the purpose. */
export async function findUpload(db: Db, hotelId: number, url: string, purpose: UploadPurpose) {
  const key = keyOfFileUrl(url);
  if (!key) return undefined;
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('key', '=', key)
    .where('hotel_id', '=', hotelId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** A picture for a lock: a `/files/<key>` URL of this server, or an https address. */
export function checkPictureUrl(value: string): ErrorCode | undefined {
  if (keyOfFileUrl(value)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname !== ''
      ? undefined
      : 'PICTURE_URL_INVALID';
  } catch {
    return 'PICTURE_URL_INVALID';
  }
}

/**
 * The picture as stored: an https address as given, a `/files/` URL as `/files/<key>` once it is known to be a lock
 * picture uploaded by the hotel (PICTURE_URL_INVALID otherwise).
 */
export async function lockPicture(db: Db, hotelId: number, value: string): Promise<string> {
  const key = keyOfFileUrl(value);
  if (!key) {
    if (checkPictureUrl(value)) throw failure('PICTURE_URL_INVALID', { field: 'picture' });
    return value;
  }
  const upload = await findUpload(db, hotelId, value, 'lock_picture');
  if (!upload) throw failure('PICTURE_URL_INVALID', { field: 'picture' });
  return fileUrl(upload.key);
}
