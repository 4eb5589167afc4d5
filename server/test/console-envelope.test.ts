import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ENVELOPE_KEYS } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { manageCall } from '../src/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo.js';
import { openTestApp, TEST_SCRYPT_COST, type TestApp } from './helpers.js';

// The console learns the deployment's envelope pair from the page that serves it (H6): a meta tag in index.html.
const PAGE = (title: string) =>
  `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>${title}</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;
/** A pair that needs escaping in an attribute, with ':' inside the key (the reader splits by byte length). */
const OTHER_KEYS = { key: 'k:"<&>\'1', iv: 'IvIvIvIv' };
const OTHER_META = '<meta name="lockdesk-envelope" content="k:&quot;&lt;&amp;&gt;&#39;1:IvIvIvIv" />';

describe('the console page carries the envelope pair', () => {
  let t: TestApp & { close(): Promise<void> };
  let webDist: string;
  let app: FastifyInstance | undefined;

  const build = async (envelopeKeys = DEFAULT_ENVELOPE_KEYS) => {
    app = await buildApp({ db: t.db, logger: false, webDist, envelopeKeys, scryptCost: TEST_SCRYPT_COST });
    return app;
  };

  beforeEach(async () => {
    t ??= await openTestApp('pglite');
    webDist = mkdtempSync(join(tmpdir(), 'lockdesk-h6-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), PAGE('LockDesk'));
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    rmSync(webDist, { recursive: true, force: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a non-default pair, escaped, first in <head>, on /, /index.html and console routes; calls use it', async () => {
    const server = await build(OTHER_KEYS);
    for (const url of ['/', '/index.html', '/room/roomList?page=2', '/login']) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(`<head>${OTHER_META}\n    <meta charset="UTF-8" />`);
      expect(res.body.match(/lockdesk-envelope/g), url).toHaveLength(1);
    }
    const head = await server.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
    // The hashed assets are untouched: fastify-static's bytes and headers, no no-cache.
    const asset = await server.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).not.toBe('no-cache');
    // The pair on the page is the one the calls are opened and sealed with; a console on the default pair would
    // not read the answer.
    const login = { mobile: DEMO_ACCOUNTS.super, password: DEMO_PASSWORD };
    expect((await manageCall(server, 'login', login, { keys: OTHER_KEYS })).errno).toBe(0);
    await expect(manageCall(server, 'login', login)).rejects.toThrow(/undecodable answer/);
  });

  it('serves the default pair when the deployment sets none; a page without <head> gets it after the doctype', async () => {
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>LockDesk</title><div id="root"></div>');
    const server = await build();
    const res = await server.inject({ method: 'GET', url: '/' });
    expect(res.body).toBe(
      '<!doctype html><meta name="lockdesk-envelope" content="LkDsk#K1:LkDsk#V1" /><title>LockDesk</title><div id="root"></div>',
    );
  });

  it('serves a console rebuilt under the running server at once, also when only the mtime tells', async () => {
    const server = await build(OTHER_KEYS);
    expect((await server.inject({ method: 'GET', url: '/' })).body).toContain('<title>LockDesk</title>');
    // Same size, other bytes, another mtime (a rebuild within the same second keeps neither size nor mtime apart
    // from the old file on every filesystem; the version includes the nanoseconds and the inode).
    writeFileSync(join(webDist, 'index.html'), PAGE('LockDisk'));
    utimesSync(join(webDist, 'index.html'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    const rebuilt = await server.inject({ method: 'GET', url: '/room/roomList' });
    expect(rebuilt.body).toContain('<title>LockDisk</title>');
    expect(rebuilt.body).toContain(OTHER_META);
    // A bigger page (a new build's other script names) likewise.
    writeFileSync(
      join(webDist, 'index.html'),
      PAGE('LockDesk 2').replace('</head>', '<script src="/assets/x.js"></script></head>'),
    );
    const again = await server.inject({ method: 'GET', url: '/' });
    expect(again.body).toContain('<title>LockDesk 2</title>');
    expect(again.body).toContain('/assets/x.js');
    // A console removed under the server: its page is a 404, not a crash.
    rmSync(join(webDist, 'index.html'));
    expect((await server.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
  });
});
