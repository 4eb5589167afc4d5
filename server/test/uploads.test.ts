/**
 * Uploads (API.md §7.1): oss/token, POST /upload (multipart, sniffed types, sizes per purpose, single-use tokens
 * bound to the session), GET /files/<key> (types, nosniff, no way out of the storage), and the lock picture of
 * room/setLockData.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { describeEachDatabase } from './helpers.js';
import {
  FIRMWARE_BIN,
  HTML,
  JPEG,
  PNG,
  postUpload,
  tempDataDir,
  type UploadAnswer,
  upload,
  uploadToken,
  ZIP,
} from './media-helpers.js';
import { addOtherHotel, expectRefused, OTHER_ADMIN, ok } from './room-helpers.js';

const dataDir = tempDataDir();
const filesDir = join(dataDir, 'files');
const storedFiles = () => (existsSync(filesDir) ? readdirSync(filesDir) : []);

const refusedWith = (
  answer: { errno: number; errmsg: string; code?: string },
  code: string,
  params?: Record<string, string>,
) =>
  expect({ errno: answer.errno, code: answer.code, errmsg: answer.errmsg }).toEqual({
    errno: 1,
    code,
    errmsg: messageFor('en', code as never, params),
  });

describeEachDatabase(
  'uploads',
  (t) => {
    let superToken: string;
    let staffToken: string;
    beforeAll(async () => {
      await t.reset();
      superToken = await t.login(DEMO_ACCOUNTS.super);
      staffToken = await t.login(DEMO_ACCOUNTS.staff);
    });

    describe('oss/token', () => {
      it('answers a token with the purpose limits and keeps only its hash', async () => {
        const answer = ok(
          await t.call<Record<string, unknown>>(
            'oss/token',
            { purpose: 'lock_picture' },
            { token: superToken },
          ),
        );
        expect(answer).toMatchObject({
          upload_url: '/upload',
          expires_in: 600,
          max_bytes: 2 * 1024 * 1024,
          accept: ['image/jpeg', 'image/png', 'image/webp'],
        });
        const token = answer['token'] as string;
        expect(token).toMatch(/^[A-Za-z0-9_-]{40,}\.en$/);
        const rows = await t.db.selectFrom('upload_tokens').selectAll().execute();
        expect(rows.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex'))).toBe(
          true,
        );
        expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
        const firmware = ok(
          await t.call<Record<string, unknown>>('oss/token', { purpose: 'firmware' }, { token: superToken }),
        );
        expect(firmware).toMatchObject({
          max_bytes: 8 * 1024 * 1024,
          accept: ['application/zip', 'application/octet-stream'],
        });
      });

      it('asks the permission of each purpose', async () => {
        const secondary = await t.login(DEMO_ACCOUNTS.secondary);
        const cm = await t.login(DEMO_ACCOUNTS.customerManager);
        const can = async (token: string, purpose: string) =>
          (await t.call('oss/token', { purpose }, { token })).errno === 0;
        expect(await can(superToken, 'face')).toBe(true);
        expect(await can(secondary, 'lock_picture')).toBe(true);
        expect(await can(secondary, 'face')).toBe(true);
        expect(await can(secondary, 'firmware')).toBe(false);
        expect(await can(staffToken, 'face')).toBe(true);
        expect(await can(staffToken, 'lock_picture')).toBe(false);
        expect(await can(staffToken, 'firmware')).toBe(false);
        expect(await can(cm, 'face')).toBe(false);
        expectRefused(
          await t.call('oss/token', { purpose: 'firmware' }, { token: staffToken }),
          'PERMISSION_DENIED',
        );
        expect((await t.call('oss/token', { purpose: 'face' })).errno).toBe(100003);
      });
    });

    describe('POST /upload', () => {
      it('stores a real image under a new key and serves it with its type', async () => {
        const answer = await upload(t, superToken, 'lock_picture', PNG, 'anything.exe', 'text/html');
        expect(answer.errno).toBe(0);
        const data = answer.data!;
        expect(data).toMatchObject({ type: 'image/png', size: PNG.length });
        expect(data.key).toMatch(/^[0-9a-f]{32}\.png$/);
        expect(data.url).toBe(`/files/${data.key}`);
        expect(storedFiles()).toContain(data.key);
        const res = await t.app.inject({ method: 'GET', url: data.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain('sandbox');
        expect(res.rawPayload.equals(PNG)).toBe(true);
        const row = await t.db
          .selectFrom('uploads')
          .selectAll()
          .where('key', '=', data.key)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ hotel_id: t.ids.hotelId, purpose: 'lock_picture', size: PNG.length });
      });

      it('takes JPEG and refuses a page renamed as a picture, storing nothing', async () => {
        const jpeg = await upload(t, staffToken, 'face', JPEG, 'face.jpg', 'image/jpeg');
        expect(jpeg.data).toMatchObject({ type: 'image/jpeg' });
        expect(jpeg.data?.key).toMatch(/\.jpg$/);
        const before = storedFiles().length;
        const rows = (await t.db.selectFrom('uploads').select('id').execute()).length;
        const fake = await upload(t, superToken, 'face', HTML, 'photo.png', 'image/png');
        refusedWith(fake, 'FILE_TYPE_NOT_ALLOWED', { types: 'JPEG, PNG, WEBP' });
        expect(storedFiles()).toHaveLength(before);
        expect((await t.db.selectFrom('uploads').select('id').execute()).length).toBe(rows);
        // A ZIP is no picture either, and an empty file is nothing.
        refusedWith(await upload(t, superToken, 'lock_picture', ZIP), 'FILE_TYPE_NOT_ALLOWED', {
          types: 'JPEG, PNG, WEBP',
        });
        refusedWith(await upload(t, superToken, 'face', Buffer.alloc(0)), 'FILE_TYPE_NOT_ALLOWED', {
          types: 'JPEG, PNG, WEBP',
        });
      });

      it('refuses a file over the purpose limit and leaves nothing behind', async () => {
        const before = storedFiles().length;
        const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
        refusedWith(await upload(t, superToken, 'lock_picture', big), 'FILE_TOO_LARGE', { max: '2' });
        expect(storedFiles()).toHaveLength(before);
        // Exactly at the limit is fine.
        const exact = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
        expect((await upload(t, superToken, 'lock_picture', exact)).data?.size).toBe(2 * 1024 * 1024);
      });

      it('takes firmware as ZIP or raw binary, never text', async () => {
        const zip = await upload(t, superToken, 'firmware', ZIP, 'fw.zip', 'application/zip');
        expect(zip.data).toMatchObject({ type: 'application/zip' });
        const bin = await upload(
          t,
          superToken,
          'firmware',
          FIRMWARE_BIN,
          'fw.bin',
          'application/octet-stream',
        );
        expect(bin.data).toMatchObject({ type: 'application/octet-stream' });
        expect(bin.data?.key).toMatch(/\.bin$/);
        const served = await t.app.inject({ method: 'GET', url: bin.data!.url });
        expect(served.headers['content-type']).toBe('application/octet-stream');
        expect(served.headers['content-disposition']).toMatch(/^attachment/);
        refusedWith(
          await upload(t, superToken, 'firmware', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'fw.bin'),
          'FILE_TYPE_NOT_ALLOWED',
          { types: 'ZIP, BIN' },
        );
        refusedWith(await upload(t, superToken, 'firmware', PNG, 'fw.bin'), 'FILE_TYPE_NOT_ALLOWED', {
          types: 'ZIP, BIN',
        });
      });

      it('uses a token once only', async () => {
        const token = await uploadToken(t, superToken, 'face');
        const parts = [
          { name: 'token', value: token },
          { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
        ];
        expect((await postUpload(t, superToken, parts)).errno).toBe(0);
        refusedWith(await postUpload(t, superToken, parts), 'UPLOAD_TOKEN_INVALID');
        // Sent twice at once: one upload, one refusal.
        const raced = await uploadToken(t, superToken, 'face');
        const both = [
          { name: 'token', value: raced },
          { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
        ];
        const answers = await Promise.all([postUpload(t, superToken, both), postUpload(t, superToken, both)]);
        expect(answers.map((a) => a.errno).sort()).toEqual([0, 1]);
        expect(answers.find((a) => a.errno === 1)?.code).toBe('UPLOAD_TOKEN_INVALID');
      });

      it("refuses another session's token, which stays usable by its own session", async () => {
        const token = await uploadToken(t, superToken, 'face');
        const otherSession = await t.login(DEMO_ACCOUNTS.super);
        const parts = [
          { name: 'token', value: token },
          { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
        ];
        refusedWith(await postUpload(t, otherSession, parts), 'UPLOAD_TOKEN_INVALID');
        refusedWith(await postUpload(t, staffToken, parts), 'UPLOAD_TOKEN_INVALID');
        expect((await postUpload(t, superToken, parts)).errno).toBe(0);
      });

      it('without a session header, takes a token of a live session only', async () => {
        const session = await t.login(DEMO_ACCOUNTS.super);
        const file = { name: 'file', filename: 'a.png', type: 'image/png', data: PNG };
        const token = await uploadToken(t, session, 'face');
        const answer = await postUpload(t, undefined, [{ name: 'token', value: token }, file]);
        expect(answer.errno).toBe(0);
        const row = await t.db
          .selectFrom('uploads')
          .selectAll()
          .where('key', '=', answer.data!.key)
          .executeTakeFirstOrThrow();
        expect(row.user_id).toBe(t.ids.users.super);
        // Signed out: the session's tokens die with it.
        const orphan = await uploadToken(t, session, 'face');
        ok(await t.call('logout', {}, { token: session }));
        refusedWith(
          await postUpload(t, undefined, [{ name: 'token', value: orphan }, file]),
          'UPLOAD_TOKEN_INVALID',
        );
        // A frozen account's tokens too.
        const staff = await t.login(DEMO_ACCOUNTS.staff);
        const staffTokenForFace = await uploadToken(t, staff, 'face');
        await t.db.updateTable('users').set({ frozen: true }).where('id', '=', t.ids.users.staff).execute();
        try {
          refusedWith(
            await postUpload(t, undefined, [{ name: 'token', value: staffTokenForFace }, file]),
            'UPLOAD_TOKEN_INVALID',
          );
        } finally {
          await t.db
            .updateTable('users')
            .set({ frozen: false })
            .where('id', '=', t.ids.users.staff)
            .execute();
        }
      });

      it('refuses an expired token, a made-up one, and a token after the file', async () => {
        const token = await uploadToken(t, superToken, 'face');
        t.clock.advance(601_000);
        const file = { name: 'file', filename: 'a.png', type: 'image/png', data: PNG };
        refusedWith(
          await postUpload(t, superToken, [{ name: 'token', value: token }, file]),
          'UPLOAD_TOKEN_INVALID',
        );
        refusedWith(
          await postUpload(t, superToken, [{ name: 'token', value: 'x'.repeat(43) }, file]),
          'UPLOAD_TOKEN_INVALID',
        );
        refusedWith(
          await postUpload(t, superToken, [{ name: 'token', value: '../..' }, file]),
          'UPLOAD_TOKEN_INVALID',
        );
        const fresh = await uploadToken(t, superToken, 'face');
        refusedWith(
          await postUpload(t, superToken, [file, { name: 'token', value: fresh }]),
          'UPLOAD_TOKEN_INVALID',
        );
        refusedWith(await postUpload(t, superToken, [file]), 'UPLOAD_TOKEN_INVALID');
      });

      it('answers bad requests with the catalogue, never a crash', async () => {
        const unknownSession = await postUpload(t, 'y'.repeat(43), [
          { name: 'token', value: 'x'.repeat(43) },
        ]);
        expect(unknownSession).toMatchObject({ errno: 100003, code: 'LOGIN_EXPIRED' });
        // No file.
        const token = await uploadToken(t, superToken, 'face');
        refusedWith(await postUpload(t, superToken, [{ name: 'token', value: token }]), 'FIELD_REQUIRED', {
          field: 'file',
        });
        // Not multipart at all.
        const json = await t.app.inject({
          method: 'POST',
          url: '/upload',
          payload: { token },
          headers: { authorization: `Bearer ${superToken}` },
        });
        expect(json.statusCode).toBe(200);
        refusedWith(json.json(), 'FIELD_REQUIRED', { field: 'file' });
        // Two files.
        const token2 = await uploadToken(t, superToken, 'face');
        const before = storedFiles().length;
        const two = await postUpload(t, superToken, [
          { name: 'token', value: token2 },
          { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
          { name: 'file', filename: 'b.png', type: 'image/png', data: PNG },
        ]);
        refusedWith(two, 'FIELD_INVALID', { field: 'file' });
        expect(storedFiles()).toHaveLength(before);
        // Broken multipart.
        const broken = await t.app.inject({
          method: 'POST',
          url: '/upload',
          payload: '--zz\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc',
          headers: {
            authorization: `Bearer ${superToken}`,
            'content-type': 'multipart/form-data; boundary=zz',
          },
        });
        expect(broken.statusCode).toBe(200);
        expect(broken.json()).toMatchObject({ errno: 1 });
      });

      it('answers a refused large file over a real socket, not a reset connection', async () => {
        const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
        // 3 MiB: over the face limit; 12 MiB: over every limit, where the parser stops keeping bytes too.
        for (const size of [3 * 1024 * 1024, 12 * 1024 * 1024]) {
          const form = new FormData();
          form.append('token', await uploadToken(t, superToken, 'face'));
          form.append(
            'file',
            new Blob([Buffer.concat([PNG, Buffer.alloc(size)])], { type: 'image/png' }),
            'a.png',
          );
          const res = await fetch(`${address}/upload`, {
            method: 'POST',
            body: form,
            headers: { authorization: `Bearer ${superToken}` },
          });
          expect(res.status).toBe(200);
          refusedWith((await res.json()) as UploadAnswer, 'FILE_TOO_LARGE', { max: '2' });
        }
        const form = new FormData();
        form.append('token', await uploadToken(t, superToken, 'face'));
        form.append('file', new Blob([JPEG], { type: 'text/plain' }), 'notes.txt');
        const res = await fetch(`${address}/upload`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${superToken}` },
        });
        expect(((await res.json()) as { data: { type: string } }).data.type).toBe('image/jpeg');
      });

      it('answers in the caller language', async () => {
        const answer = await upload(t, superToken, 'face', HTML);
        expect(answer.errmsg).toBe(messageFor('en', 'FILE_TYPE_NOT_ALLOWED', { types: 'JPEG, PNG, WEBP' }));
        const token = await uploadToken(t, superToken, 'face');
        const chs = await postUpload(
          t,
          superToken,
          [
            { name: 'token', value: token },
            { name: 'file', filename: 'a.png', type: 'image/png', data: HTML },
          ],
          { language: 'chs' },
        );
        expect(chs.errmsg).toBe(messageFor('chs', 'FILE_TYPE_NOT_ALLOWED', { types: 'JPEG, PNG, WEBP' }));
        // Without the header, in the language the token was asked for in.
        const arToken = ok(
          await t.call<{ token: string }>(
            'oss/token',
            { purpose: 'face' },
            { token: superToken, language: 'ar' },
          ),
        ).token;
        const ar = await postUpload(t, undefined, [
          { name: 'token', value: arToken },
          { name: 'file', filename: 'a.png', type: 'image/png', data: HTML },
        ]);
        expect(ar.errmsg).toBe(messageFor('ar', 'FILE_TYPE_NOT_ALLOWED', { types: 'JPEG, PNG, WEBP' }));
      });
    });

    describe('GET /files', () => {
      it('serves nothing outside the stored uploads', async () => {
        const good = (await upload(t, superToken, 'lock_picture', PNG)).data!;
        // A file on disk under a valid key that no upload names is not served either.
        const stray = `${'ab'.repeat(16)}.png`;
        writeFileSync(join(filesDir, stray), PNG);
        for (const url of [
          '/files/../package.json',
          '/files/..%2Fpackage.json',
          '/files/..%2F..%2Fsrc%2Fapp.ts',
          '/files/%2e%2e%2f%2e%2e%2fpackage.json',
          '/files/....//....//etc/passwd',
          `/files/${good.key}/../../package.json`,
          `/files/${good.key.toUpperCase()}`,
          `/files/${good.key}%00.html`,
          `/files/${stray}`,
          '/files/',
        ]) {
          const res = await t.app.inject({ method: 'GET', url });
          expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
          expect(res.body).not.toContain('"name"');
        }
        expect((await t.app.inject({ method: 'GET', url: good.url })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'HEAD', url: good.url })).statusCode).toBe(200);
      });
    });

    describe('unused uploads', () => {
      it('are removed a day after they were made, unless a face or a room uses them', async () => {
        const faceUsed = (await upload(t, superToken, 'face', PNG)).data!;
        const faceUnused = (await upload(t, superToken, 'face', PNG)).data!;
        const pictureShown = (await upload(t, superToken, 'lock_picture', PNG)).data!;
        const pictureReplaced = (await upload(t, superToken, 'lock_picture', PNG)).data!;
        const firmware = (await upload(t, superToken, 'firmware', ZIP, 'fw.zip')).data!;
        const roomId = t.ids.rooms['1301'] ?? t.ids.rooms['1210']!;
        ok(
          await t.call(
            'room/setLockData',
            { room_id: roomId, picture: pictureShown.url },
            { token: superToken },
          ),
        );
        ok(
          await t.call(
            'user/uploadTFaceImg',
            { face_id: 'G-SWEEP', note: 'kept', image: faceUsed.url },
            { token: superToken },
          ),
        );
        const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
        // Not yet a day old: all stay.
        t.clock.advance(23 * 3600_000);
        await uploadToken(t, superToken, 'face');
        expect(await served(faceUnused.url)).toBe(200);
        expect(await served(pictureReplaced.url)).toBe(200);
        t.clock.advance(2 * 3600_000);
        await uploadToken(t, superToken, 'face');
        expect({
          faceUsed: await served(faceUsed.url),
          faceUnused: await served(faceUnused.url),
          pictureShown: await served(pictureShown.url),
          pictureReplaced: await served(pictureReplaced.url),
          firmware: await served(firmware.url),
        }).toEqual({
          faceUsed: 200,
          faceUnused: 404,
          pictureShown: 200,
          pictureReplaced: 404,
          firmware: 200,
        });
        expect(storedFiles()).not.toContain(faceUnused.key);
        expect(storedFiles()).toContain(faceUsed.key);
      });
    });

    describe('room/setLockData picture', () => {
      beforeEach(() => t.clock.advance(1000));

      it('takes the url an upload answered, or an https address, and nothing else', async () => {
        const roomId = t.ids.rooms['1106']!;
        const picture = (await upload(t, superToken, 'lock_picture', PNG)).data!;
        const set = async (value: string) =>
          t.call<{ picture: string }>(
            'room/setLockData',
            { room_id: roomId, picture: value },
            { token: superToken },
          );
        expect(ok(await set(picture.url)).picture).toBe(picture.url);
        expect(ok(await set(`http://localhost:8080${picture.url}`)).picture).toBe(picture.url);
        expect(ok(await set('https://cdn.example.com/rooms/1106.jpg')).picture).toBe(
          'https://cdn.example.com/rooms/1106.jpg',
        );
        const face = (await upload(t, superToken, 'face', PNG)).data!;
        for (const bad of [
          face.url,
          `/files/${'cd'.repeat(16)}.png`,
          '/files/../package.json',
          'http://example.com/a.png',
          'javascript:alert(1)',
          'data:image/png;base64,AAAA',
          'https://user:pw@example.com/a.png',
          'rooms/1106.jpg',
        ]) {
          expectRefused(await set(bad), 'PICTURE_URL_INVALID', { field: 'picture' });
        }
        // Another hotel's lock picture is not this hotel's.
        const other = await addOtherHotel(t.db, t.clock.ms);
        const otherToken = await t.login(OTHER_ADMIN);
        const theirs = (await upload(t, otherToken, 'lock_picture', PNG)).data!;
        expectRefused(await set(theirs.url), 'PICTURE_URL_INVALID', { field: 'picture' });
        expect(
          ok(
            await t.call<{ picture: string }>(
              'room/setLockData',
              { room_id: other.roomId, picture: theirs.url },
              { token: otherToken },
            ),
          ).picture,
        ).toBe(theirs.url);
      });
    });
  },
  { dataDir },
);
