// The one-command start (`pnpm start` = build, then scripts/start.mjs) runs the door without any setting: the server
// on the demo writes the installer's sheet of virtual locks into its data dir, the gateway it starts beside it
// installs every lock of the sheet, and a Bluetooth unlock from the documented command line syncs with that server.
// Run here on a free port and a data dir of its own (PORT, LOCKDESK_DATA_DIR), on PGlite; stopped with SIGTERM as
// Ctrl+C does. Build first: `pnpm -r build`.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manageCall } from './cards-harness.js';
import { type Caller, deliveriesOf, installedLocks, lockSyncCli, locks } from './door-harness.js';
import { answersTcp, freePort, GATEWAY_CLI, locksSheetOf } from './gateway-harness.js';
import { checkPrerequisites, DEMO_ACCOUNTS, DEMO_PASSWORD, ROOT, stopProcess } from './harness.js';

let started: ChildProcess | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await stopProcess(started);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the one-command start', () => {
  it('starts the server and the gateway whose virtual locks install from the sheet and sync with that server', async () => {
    checkPrerequisites();
    if (!existsSync(GATEWAY_CLI))
      throw new Error(`the gateway is not built (${GATEWAY_CLI} missing): run \`pnpm -r build\` first`);
    for (const port of [13570, 13572, 11883])
      if (await answersTcp('127.0.0.1', port))
        throw new Error(`port ${port} is in use: stop the gateway (or whatever holds it) before this suite`);
    dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-start-'));
    const port = await freePort();
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOCKDESK_DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    };
    for (const key of Object.keys(env)) if (key.startsWith('LOCKDESK_GW_')) delete env[key];
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started = child;
    let output = '';
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while (!(output.includes(`LockDesk console: ${base}`) && output.includes('reader service'))) {
      if (child.exitCode !== null)
        throw new Error(`scripts/start.mjs exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`scripts/start.mjs did not start in 90 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const page = await fetch(base);
    expect([page.status, (await page.text()).includes('<div id="root">')]).toEqual([200, true]);

    // The installer's sheet: every demo lock with its secret, readable by its owner only.
    const sheetPath = locksSheetOf(dataDir);
    expect(statSync(sheetPath).mode & 0o777).toBe(0o600);
    const sheet = JSON.parse(readFileSync(sheetPath, 'utf8')) as {
      locks: { room: string; mac_id: string; secret: string }[];
    };
    expect(sheet.locks.length).toBeGreaterThanOrEqual(100);
    const room1101 = sheet.locks.find((l) => l.room === '1101');
    if (!room1101) throw new Error('the sheet has no lock for room 1101');

    // The gateway installed them all, each knowing its room from the server.
    await installedLocks(sheet.locks.map((l) => l.mac_id));
    const installed = await locks.list();
    expect(installed.every((l) => l.server.startsWith(base))).toBe(true);

    // A Bluetooth unlock of 1101 from the command line reaches this server.
    const synced = await lockSyncCli(room1101.mac_id, 'Start check');
    expect([typeof synced.sync_id, synced.uploaded, synced.duplicates]).toEqual(['string', 0, 0]);
    const session = await manageCall<{ token: string; uid: number }>(base, 'login', {
      mobile: DEMO_ACCOUNTS.super,
      password: DEMO_PASSWORD,
    });
    const roomId = installed.find((l) => l.mac_id === room1101.mac_id)?.room_id ?? 0;
    const caller: Caller = {
      call: <T>(path: string, fields: Record<string, unknown> = {}) =>
        manageCall<T>(base, path, fields, session),
    };
    const deliveries = await deliveriesOf(caller, roomId);
    expect(deliveries.last_sync_at).toBeGreaterThan(0);
    expect(deliveries.syncs[0]?.operator).toBe('Start check');

    // Ctrl+C (SIGTERM) stops both, and the gateway's ports are free again.
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await answersTcp('127.0.0.1', 13570)).toBe(false);
  }, 180_000);
});
