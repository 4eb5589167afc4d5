/** Shared pieces of the upload, face and fingerprint suites: multipart bodies, sample files, fixtures. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOM_STATUS } from '@lockdesk/protocol';
import type { TestApp } from './helpers.js';
import { DAY, HOUR, ok } from './room-helpers.js';

/** A data folder of its own per suite (files land in `<dir>/files`). */
export const tempDataDir = (): string => mkdtempSync(join(tmpdir(), 'lockdesk-media-'));

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JFIF JPEG (enough for the sniffer). */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]),
  Buffer.alloc(64, 0x11),
  Buffer.from([0xff, 0xd9]),
]);
/** A ZIP archive's local header. */
export const ZIP = Buffer.concat([Buffer.from('504b0304140000000800', 'hex'), Buffer.alloc(64, 0x22)]);
/** A raw firmware image: no known signature, binary (NUL bytes). */
export const FIRMWARE_BIN = Buffer.concat([Buffer.from([0x7a, 0x31, 0x00, 0x00, 0x10]), randomBytes(600)]);
/** A page that pretends to be a picture. */
export const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body, parts in the order given. */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----lockdesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadAnswer {
  errno: number;
  errmsg: string;
  code?: string;
  data: { url: string; key: string; size: number; type: string } | null;
}

/** POST /upload with a session token and the parts. */
export async function postUpload(
  t: TestApp,
  session: string | undefined,
  parts: Part[],
  headers: Record<string, string> = {},
): Promise<UploadAnswer> {
  const body = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/upload',
    payload: body.payload,
    headers: {
      'content-type': body.contentType,
      ...(session ? { authorization: `Bearer ${session}` } : {}),
      ...headers,
    },
  });
  return res.json() as UploadAnswer;
}

/** An upload token of the session for the purpose. */
export async function uploadToken(t: TestApp, session: string, purpose: string): Promise<string> {
  return ok(await t.call<{ token: string }>('oss/token', { purpose }, { token: session })).token;
}

/** Gets a token and uploads one file with it; answers the upload's answer. */
export async function upload(
  t: TestApp,
  session: string,
  purpose: string,
  file: Buffer,
  filename = 'photo.png',
  type = 'image/png',
): Promise<UploadAnswer> {
  const token = await uploadToken(t, session, purpose);
  return postUpload(t, session, [
    { name: 'token', value: token },
    { name: 'file', filename, type, data: file },
  ]);
}

/** An active stay in the room (made when it has none). */
export async function activeStay(t: TestApp, roomId: number): Promise<number> {
  const existing = await t.db
    .selectFrom('stays')
    .select('id')
    .where('room_id', '=', roomId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await t.db
    .insertInto('stays')
    .values({
      hotel_id: t.ids.hotelId,
      room_id: roomId,
      mobile: '13911112345',
      nickname: 'Media Guest',
      check_in: new Date(t.clock.ms - HOUR),
      check_out: new Date(t.clock.ms + DAY),
      status: 'active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('rooms').set({ status: ROOM_STATUS.checkedIn }).where('id', '=', roomId).execute();
  return row.id;
}

let seq = 0;

/** An uploads row of the hotel (no bytes: the calls only look the row up). */
export async function fakeUpload(t: TestApp, purpose: string, hotelId = t.ids.hotelId): Promise<string> {
  const key = `${randomBytes(16).toString('hex')}.png`;
  await t.db
    .insertInto('uploads')
    .values({ key, hotel_id: hotelId, purpose: purpose as 'face', content_type: 'image/png', size: 10 })
    .execute();
  return `/files/${key}`;
}

/** A face row straight in the database (room null = the library). */
export async function makeFace(t: TestApp, roomId: number | null): Promise<number> {
  const row = await t.db
    .insertInto('faces')
    .values({
      hotel_id: t.ids.hotelId,
      room_id: roomId,
      face_id: `G-M-${++seq}`,
      note: `Matrix face ${seq}`,
      image: await fakeUpload(t, 'face'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A template as the encoder hands it. */
export const TEMPLATE_HEX = randomBytes(256).toString('hex').toUpperCase();

/** A fingerprint row straight in the database (room null = the library). */
export async function makeFingerprint(t: TestApp, roomId: number | null): Promise<number> {
  const row = await t.db
    .insertInto('fingerprints')
    .values({
      hotel_id: t.ids.hotelId,
      room_id: roomId,
      finger_id: `F-M-${++seq}`,
      note: `Matrix finger ${seq}`,
      data: TEMPLATE_HEX.toLowerCase(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A pending delivery of a new library fingerprint to the room. */
export async function makeDelivery(t: TestApp, roomId: number): Promise<number> {
  const fingerprintId = await makeFingerprint(t, null);
  const row = await t.db
    .insertInto('fingerprint_deliveries')
    .values({ hotel_id: t.ids.hotelId, fingerprint_id: fingerprintId, room_id: roomId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
