/**
 * The data folder is its owner's only (issue 19 §4): guest data and PIN hashes (the PGlite files), the server key,
 * uploads and the demo's installer sheet. A server started on a new folder creates everything 0700/0600; one started
 * on an older folder that others could read tightens it and says so in its log. Real files, modes read with fs.stat.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { manageCall } from '../src/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo.js';
import { type StartOptions, startServer } from '../src/server.js';
import { TEST_SCRYPT_COST, type TestApp } from './helpers.js';
import { PNG, upload } from './media-helpers.js';

/** Every folder and file under `root` (root included), with its permission bits. */
function modes(root: string): { path: string; folder: boolean; mode: number }[] {
  const all: { path: string; folder: boolean; mode: number }[] = [];
  const visit = (path: string) => {
    const info = statSync(path);
    all.push({ path: relative(root, path) || '.', folder: info.isDirectory(), mode: info.mode & 0o777 });
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return all;
}

/** The entries whose mode is not the owner-only one (0700 folders, 0600 files), shown as `path 0mode`. */
const open = (root: string) =>
  modes(root)
    .filter((e) => e.mode !== (e.folder ? 0o700 : 0o600))
    .map((e) => `${e.path} 0${e.mode.toString(8)}`);

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data folder that does not exist yet, inside a temporary folder of the test's. */
function newDataDir(): string {
  const parent = mkdtempSync(join(tmpdir(), 'lockdesk-data-folder-'));
  made.push(parent);
  return join(parent, 'server');
}

const startOptions = (dataDir: string, logger: StartOptions['logger'] = false): StartOptions => ({
  dataDir,
  database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
  demo: true,
  port: 0,
  logger,
  webDist: null,
  scryptCost: TEST_SCRYPT_COST,
});

/** Starts the demo on the folder, uploads a picture (stored on disk under files/), and stops. */
async function runOnce(dataDir: string, logger: StartOptions['logger'] = false): Promise<void> {
  const server = await startServer(startOptions(dataDir, logger));
  try {
    const login = await manageCall<{ token: string }>(server.app, 'login', {
      mobile: DEMO_ACCOUNTS.super,
      password: DEMO_PASSWORD,
    });
    const t = {
      app: server.app,
      call: (path: string, body = {}, options = {}) => manageCall(server.app, path, body, options),
    } as unknown as TestApp;
    const stored = await upload(t, login.data.token, 'lock_picture', PNG);
    expect(stored.errno).toBe(0);
  } finally {
    await server.close();
  }
}

// A new PGlite on disk, migrated and seeded, takes tens of seconds on a busy 2-core machine.
describe('the data folder', { timeout: 180_000 }, () => {
  it('is created 0700 with every file 0600: the PGlite files, secret.key, the installer sheet, uploads', async () => {
    const dataDir = newDataDir();
    await runOnce(dataDir);
    const entries = modes(dataDir).map((e) => e.path);
    expect(entries).toEqual(
      expect.arrayContaining([
        '.',
        'secret.key',
        'virtual-locks.json',
        'files',
        'pglite',
        'pglite/PG_VERSION',
      ]),
    );
    expect(entries.some((p) => /^files\/[0-9a-f]{32}\.png$/.test(p))).toBe(true);
    expect(entries.filter((p) => p.startsWith('pglite/')).length).toBeGreaterThan(100);
    expect(open(dataDir)).toEqual([]);
  });

  it('an older folder that others could read is tightened at start, with a log line', async () => {
    const dataDir = newDataDir();
    await runOnce(dataDir);
    // As an older server left it: folders 0755, files 0644.
    const loosened = modes(dataDir);
    for (const e of loosened) chmodSync(join(dataDir, e.path), e.folder ? 0o755 : 0o644);
    expect(open(dataDir)).toHaveLength(loosened.length);

    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    await runOnce(dataDir, { level: 'info', stream } as unknown as StartOptions['logger']);
    expect(open(dataDir)).toEqual([]);
    const said = lines.filter((l) => /data folder was readable by others/.test(String(l['msg'])));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ level: 40, dataDir, tightened: loosened.length });
  });
});
