/**
 * The OpenAPI reference (API.md §19): GET /openapi.json is a valid OpenAPI 3.1 document holding every registered
 * /manage call (its decrypted body written from the call's field rows, its access from the call definition) and
 * every tagged plain route (the card-service API); GET /api-docs/ serves the browsable page from the server's own
 * files. Neither needs a session.
 */
import { validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { defineCall } from '../src/call.js';
import { f } from '../src/fields.js';
import { decryptedBody, type OpenApiDocument, UNDOCUMENTED_TAG } from '../src/openapi/document.js';
import { bodySchema } from '../src/openapi/field-schema.js';
import { migratedEmbedded } from './helpers.js';

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  [key: string]: unknown;
}

describe('the OpenAPI reference', () => {
  let app: FastifyInstance;
  let doc: OpenApiDocument;
  let etag: string;

  beforeAll(async () => {
    app = await buildApp({
      database: { kind: 'pglite', dataDir: 'memory://openapi', startFrom: migratedEmbedded() },
      logger: false,
      webDist: null,
    });
    // A call API.md does not document, registered like any other before the app is ready.
    defineCall(app, {
      path: 'test/openapiProbe',
      summary: 'A probe of the reference',
      auth: 'public',
      mutates: false,
      schema: { when: f.time(), kinds: f.array({ of: f.enum(['a', 'b'] as const), max: 3, optional: true }) },
      handler: async () => null,
    });
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    etag = String(res.headers['etag']);
  });
  afterAll(async () => {
    await app?.close();
  });

  const op = (path: string, method = 'post') => doc.paths[path]?.[method] as Operation | undefined;

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences the object it is given: hand it a copy.
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('holds every registered /manage call, with its decrypted body from the call’s fields', () => {
    expect(app.calls.size).toBeGreaterThan(100);
    for (const call of app.calls.values()) {
      const operation = op(`/manage/${call.path}`);
      expect(operation, call.path).toBeDefined();
      expect(operation?.requestBody?.content['application/json'].schema, call.path).toEqual(
        decryptedBody(call),
      );
      expect(operation?.['x-lockdesk-auth'], call.path).toBe(call.auth);
      expect(operation?.['x-lockdesk-mutates'], call.path).toBe(call.mutates);
      expect(operation?.['x-lockdesk-permission'], call.path).toBe(call.permission);
      expect(operation?.security, call.path).toEqual(call.auth === 'user' ? [{ sessionToken: [] }] : []);
    }
    // Operation ids, where given (the /manage calls all have one), name one operation each.
    const ids = Object.values(doc.paths)
      .flatMap((p) => Object.values(p) as Operation[])
      .map((o) => o.operationId)
      .filter((id) => id !== undefined);
    expect(ids.length).toBeGreaterThanOrEqual(app.calls.size);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes a call from its API.md heading, its access in words, and tags it by the API.md section', () => {
    const listNew = op('/manage/room/listNew');
    expect(listNew?.summary).toBe('The room list');
    expect(listNew?.tags).toEqual(['Rooms, room groups, prices, stays, guests, staff']);
    expect(listNew?.description).toContain('**Access.** Needs a session token. Permission: `room.view`.');
    const login = op('/manage/login');
    expect(login?.tags).toEqual(['Account']);
    expect(login?.description).toContain('captchaId');
    expect(login?.security).toEqual([]);
    expect(login?.requestBody?.content['application/json'].schema['properties']).not.toHaveProperty('uid');
    const setManager = op('/manage/user/setManager');
    expect(setManager?.description).toContain('Recorded in the operation log.');
  });

  it('describes a call API.md has no heading for from its own summary, under a tag of its own', () => {
    const probe = op('/manage/test/openapiProbe');
    expect(probe?.summary).toBe('A probe of the reference');
    expect(probe?.tags).toEqual([UNDOCUMENTED_TAG]);
    const schema = probe?.requestBody?.content['application/json'].schema;
    expect(schema?.['required']).toEqual(['when']);
    expect((schema?.['properties'] as Record<string, unknown> | undefined)?.['kinds']).toEqual({
      type: 'array',
      items: { type: 'string', enum: ['a', 'b'] },
      maxItems: 3,
    });
    expect(schema?.['properties']).toMatchObject(
      bodySchema({
        when: f.time(),
        kinds: f.array({ of: f.enum(['a', 'b'] as const), max: 3, optional: true }),
      })['properties'] as object,
    );
  });

  it('holds every tagged plain route with its schema, and no untagged one', () => {
    const plain = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((l) => /\/(auth|linQuan)\//.test(l));
    const documented = Object.keys(doc.paths).filter((p) => /^\/(auth|linQuan)\//.test(p));
    // Every card-service path the server has (once slice F's routes land) is in the document.
    for (const line of plain) {
      const path = /(\/(?:auth|linQuan)\/[A-Za-z0-9]+)/.exec(line)?.[1];
      if (path) expect(documented, path).toContain(path);
    }
    for (const path of documented) {
      const ops = Object.values(doc.paths[path] ?? {}) as Operation[];
      for (const o of ops) expect(o.tags, path).toContain('Card service');
    }
    for (const hidden of ['/health', '/manage/*', '/openapi.json', '/api-docs/', '/export/{token}'])
      expect(doc.paths, hidden).not.toHaveProperty(hidden);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/device/'))).toBe(false);
  });

  it('names each card-service operation, opens /auth/login without a token, and states the license', () => {
    const service = Object.entries(doc.paths)
      .filter(([path]) => /^\/(auth|linQuan)\//.test(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, o]) => ({ path, method, o: o as Operation })),
      );
    expect(service.map((s) => `${s.method} ${s.path}`).sort()).toEqual([
      'get /linQuan/getRoomListByHotelId',
      'post /auth/login',
      'post /linQuan/deleteRoomCard',
      'post /linQuan/getAuthorizationRecord',
      'post /linQuan/writeRoomCard',
    ]);
    for (const { path, o } of service)
      expect(o.operationId, path).toBe(`cardService_${path.split('/').pop()}`);
    // Signing in needs no token (its API key is in the body); every other card-service operation needs the bearer.
    expect(op('/auth/login')?.security).toEqual([]);
    for (const { path, o } of service)
      if (path !== '/auth/login') expect(o.security, path).toEqual([{ bearerAuth: [] }]);
    expect(doc.info['license']).toEqual({ name: 'Proprietary (UNLICENSED): all rights reserved' });
  });

  it('explains the /manage envelope and points to API.md §1', () => {
    expect(doc.info.description).toContain('DES-CBC');
    expect(doc.info.description).toContain('server/API.md §1');
    expect(doc.info.description).toContain('errno');
    expect(doc.info.description).toContain('uuid');
  });

  it('serves the document without a session, revalidated by its ETag', async () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const fresh = await app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'if-none-match': '"x"' },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe('no-cache');
    expect(fresh.headers['content-type']).toContain('application/json');
  });

  it('serves the browsable page and its script from the server itself', async () => {
    const page = await app.inject({ method: 'GET', url: '/api-docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, 'no script from another origin').not.toMatch(/^(https?:)?\/\//);
      const file = await app.inject({ method: 'GET', url: new URL(src, 'http://x/api-docs/').pathname });
      expect(file.statusCode, src).toBe(200);
    }
    const json = await app.inject({ method: 'GET', url: '/api-docs/json' });
    expect(json.json().paths).toHaveProperty(['/manage/room/listNew']);
  });
});
