/**
 * Each front door answers a failure its own way (API.md §1, §10, §11, §7.1, §18), and an unexpected one never shows
 * its internals: /manage in the envelope, the card-service API with its HTTP status, the device API with its status,
 * uploads with errno, export links with a plain 500; a body the framework refuses is answered as the door says.
 * The route suites cover the refusals a handler makes (AppError); this file covers what they cannot reach.
 */
import { decryptEnvelope } from '@lockdesk/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { describeEachDatabase } from './helpers.js';

/** Text an unexpected failure carries that must never reach a caller. */
const INTERNAL = 'internal detail: /srv/lockdesk/db.sqlite line 42';

/** A body one byte over the server's limit (10 MiB). */
const TOO_LARGE = 'x'.repeat(10 * 1024 * 1024 + 1);

describeEachDatabase('front doors answer failures', (t) => {
  /** Makes every query of the app fail unexpectedly until the test ends. */
  const breakDatabase = () => {
    for (const verb of ['selectFrom', 'updateTable', 'insertInto', 'deleteFrom'] as const)
      vi.spyOn(t.db, verb).mockImplementation(() => {
        throw new Error(INTERNAL);
      });
  };
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('/manage', () => {
    it('an unexpected failure is errno 1 ERROR in the envelope, HTTP 200, in the caller language', async () => {
      await t.reset();
      const token = await t.login(DEMO_ACCOUNTS.super);
      breakDatabase();
      const sealed = await t.call('room/listNew', {}, { token, language: 'de' });
      expect(sealed).toMatchObject({
        errno: 1,
        errmsg: messageFor('de', 'ERROR'),
        code: 'ERROR',
        data: null,
      });
      expect(JSON.stringify(sealed)).not.toContain(INTERNAL);
    });

    it('a URL of the door that reaches no call is UNKNOWN_CALL in the envelope, whatever the method', async () => {
      for (const [method, url] of [
        ['POST', '/manage'],
        ['GET', '/manage'],
        ['DELETE', '/manage/room/listNew'],
        ['GET', '/managed-by-nobody'],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode).toBe(200);
        const opened = decryptEnvelope((res.json() as { data: string }).data, t.app.config.envelopeKeys);
        expect(opened).toMatchObject({
          ok: true,
          value: {
            errno: 1,
            code: 'UNKNOWN_CALL',
            errmsg: messageFor('en', 'UNKNOWN_CALL', { path: `${method} ${url}` }),
          },
        });
      }
    });
  });

  describe('card-service API', () => {
    it('an unexpected failure is HTTP 500 {code, msg, error: ERROR}, without data', async () => {
      breakDatabase();
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
        payload: JSON.stringify({ api_key: `ldk_${'a'.repeat(8)}_${'b'.repeat(64)}` }),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toStrictEqual({ code: 500, msg: messageFor('fr', 'ERROR'), error: 'ERROR' });
    });

    it('a body over the limit is the plain HTTP 413 answer', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: TOO_LARGE,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toStrictEqual({ error: 'Request body is too large' });
    });
  });

  describe('device API', () => {
    it('an unexpected failure is HTTP 500 {errno: 1, code: ERROR}, never stored', async () => {
      breakDatabase();
      const res = await t.app.inject({
        method: 'GET',
        url: '/device/v1/lock',
        headers: { authorization: `Lock lds_1_${'A'.repeat(43)}`, language: 'es' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toStrictEqual({
        errno: 1,
        errmsg: messageFor('es', 'ERROR'),
        code: 'ERROR',
        data: null,
      });
    });

    it('a body over the limit is HTTP 413 FIELD_INVALID {field: body}', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/device/v1/sync/start',
        headers: { 'content-type': 'application/json' },
        payload: TOO_LARGE,
      });
      expect(res.statusCode).toBe(413);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toStrictEqual({
        errno: 1,
        errmsg: messageFor('en', 'FIELD_INVALID', { field: 'body' }),
        code: 'FIELD_INVALID',
        data: null,
      });
    });
  });

  describe('uploads', () => {
    it('an unexpected failure is HTTP 200 errno 1 ERROR', async () => {
      await t.reset();
      const token = await t.login(DEMO_ACCOUNTS.super);
      breakDatabase();
      const res = await t.app.inject({
        method: 'POST',
        url: '/upload',
        headers: { authorization: `Bearer ${token}`, language: 'it' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toStrictEqual({
        errno: 1,
        errmsg: messageFor('it', 'ERROR'),
        code: 'ERROR',
        data: null,
      });
    });
  });

  describe('export links', () => {
    it('an unexpected failure is the plain HTTP 500 answer', async () => {
      breakDatabase();
      const res = await t.app.inject({ method: 'GET', url: `/export/${'a'.repeat(43)}.en` });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toStrictEqual({ error: 'Internal Server Error' });
    });
  });
});
