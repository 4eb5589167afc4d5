/**
 * Files shared by replicas (issue 12, contract C1): with `files: 'database'` (the default on PostgreSQL,
 * LOCKDESK_FILES) an uploaded file lives in `stored_files`, so a file put through one app is served by another app
 * on the same database, with nothing on either's disk.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { databaseStorage, newStorageKey } from '../src/services/storage.js';
import { describeEachDatabase, TEST_SCRYPT_COST } from './helpers.js';
import { PNG, tempDataDir, upload } from './media-helpers.js';

const dataDir = tempDataDir();

describeEachDatabase(
  'files in the database',
  (t) => {
    let other: FastifyInstance;
    const otherDir = tempDataDir();
    beforeAll(async () => {
      await t.reset();
      other = await buildApp({
        db: t.db,
        dataDir: otherDir,
        files: 'database',
        logger: false,
        webDist: null,
        scryptCost: TEST_SCRYPT_COST,
      });
    });
    afterAll(async () => {
      await other.close();
    });

    it('a file put through one app is served by another on the same database, and deleted for both', async () => {
      const session = await t.login(DEMO_ACCOUNTS.super);
      const answer = await upload(t, session, 'lock_picture', PNG);
      expect(answer.errno).toBe(0);
      const key = answer.data?.key as string;
      const served = await other.inject({ method: 'GET', url: `/files/${key}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      const row = await t.db
        .selectFrom('stored_files')
        .select(['content_type', 'size'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ content_type: 'image/png', size: PNG.length });
      expect(existsSync(join(dataDir, 'files'))).toBe(false);
      expect(existsSync(join(otherDir, 'files'))).toBe(false);

      await t.app.storage.delete(key);
      expect((await other.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    });

    it('an upload that fails on the way leaves nothing stored; keys the server did not make are refused', async () => {
      const storage = databaseStorage(t.db);
      const key = newStorageKey('png');
      async function* broken() {
        yield PNG.subarray(0, 10);
        throw new Error('the client went away');
      }
      await expect(storage.put(key, broken(), { contentType: 'image/png' })).rejects.toThrow('went away');
      expect(await storage.get(key)).toBeUndefined();
      await expect(storage.put('../secret.key', PNG, { contentType: 'image/png' })).rejects.toThrow(
        'invalid storage key',
      );
      expect(await storage.get('../secret.key')).toBeUndefined();
      expect(await storage.put(key, PNG, { contentType: 'image/png' })).toBe(PNG.length);
      const file = await storage.get(key);
      expect(file?.size).toBe(PNG.length);
      const chunks: Buffer[] = [];
      for await (const chunk of file?.body ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(PNG)).toBe(true);
    });
  },
  { dataDir, files: 'database' },
);
