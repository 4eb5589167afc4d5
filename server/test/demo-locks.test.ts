/**
 * The demo's locks (API.md §10 'The demo'): `start --demo` gives every demo room's lock a secret and writes the
 * installer's sheet for the gateway's virtual locks, idempotently across restarts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { installDemoLocks, locksSheetPath, readLocksSheet, type SheetLock } from '../src/demo-locks.js';
import { describeEachDatabase } from './helpers.js';
import { ok } from './room-helpers.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'lockdesk-locks-'));

describeEachDatabase('demo locks and the installer sheet', (t) => {
  let dir: string;
  beforeEach(async () => {
    await t.reset();
    dir = tempDir();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const now = () => new Date(t.clock.ms);
  const sheet = () => readLocksSheet(locksSheetPath(dir));
  const lockOf = async (secret: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/device/v1/lock',
      headers: { authorization: `Lock ${secret}` },
    });
    return {
      status: res.statusCode,
      data: (res.json() as { data: { mac_id: string; room_name: string } }).data,
    };
  };

  it('gives every demo room a secret once and writes them to a sheet only its owner reads', async () => {
    expect(await installDemoLocks(t.db, dir, now())).toBe(100);
    const path = locksSheetPath(dir);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const locks = sheet();
    expect(locks).toHaveLength(100);
    expect(locks[0]).toEqual({
      room: '1101',
      mac_id: 'A0B0C0010101',
      secret: expect.stringMatching(/^lds_\d+_/),
    });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ locks });
    for (const lock of [locks[0], locks[57], locks[99]] as SheetLock[])
      expect(await lockOf(lock.secret)).toEqual({
        status: 200,
        data: expect.objectContaining({ mac_id: lock.mac_id, room_name: lock.room }),
      });

    // A restart keeps every secret and leaves the sheet alone.
    const before = readFileSync(path, 'utf8');
    const written = statSync(path).mtimeMs;
    expect(await installDemoLocks(t.db, dir, now())).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(statSync(path).mtimeMs).toBe(written);
  });

  it('issues only what is missing and keeps the entries it does not manage', async () => {
    await installDemoLocks(t.db, dir, now());
    const first = sheet();
    // A lock the installer added by hand, and a demo room whose secret was lost.
    const extra = { room: 'Gate', mac_id: 'AABBCCDDEEFF', secret: `lds_999999_${'A'.repeat(43)}` };
    writeFileSync(locksSheetPath(dir), JSON.stringify({ locks: [...first, extra] }));
    await t.db
      .deleteFrom('lock_devices')
      .where('room_id', '=', t.ids.rooms['1205'] as number)
      .execute();

    expect(await installDemoLocks(t.db, dir, now())).toBe(1);
    const second = sheet();
    expect(second).toHaveLength(101);
    expect(second).toContainEqual(extra);
    const changed = second.filter(
      (l) => !first.some((f) => f.secret === l.secret) && l.secret !== extra.secret,
    );
    expect(changed.map((l) => l.room)).toEqual(['1205']);
    expect((await lockOf(changed[0]?.secret as string)).status).toBe(200);
  });

  it('issues the demo rooms new secrets when the sheet is gone, and leaves rooms added from the console alone', async () => {
    await installDemoLocks(t.db, dir, now());
    const old = sheet();
    const token = await t.login(DEMO_ACCOUNTS.super);
    const added = ok(
      await t.call<{ id: number; lock_secret: string }>(
        'room/addRoom',
        { name: 'Gate', mac_id: '0A0B0C0D0E0F' },
        { token },
      ),
    );
    rmSync(locksSheetPath(dir));

    expect(await installDemoLocks(t.db, dir, now())).toBe(100);
    const fresh = sheet();
    expect(fresh.map((l) => l.room)).toEqual(old.map((l) => l.room));
    expect((await lockOf(old[0]?.secret as string)).status).toBe(401);
    expect((await lockOf(fresh[0]?.secret as string)).status).toBe(200);
    // The console's room keeps the secret it was given.
    expect((await lockOf(added.lock_secret)).status).toBe(200);
    expect(fresh.some((l) => l.mac_id === '0A0B0C0D0E0F')).toBe(false);
  });

  it('does nothing without a demo hotel', async () => {
    await t.db.deleteFrom('hotels').execute();
    expect(await installDemoLocks(t.db, dir, now())).toBe(0);
    expect(existsSync(locksSheetPath(dir))).toBe(false);
  });
});

describe('start --demo', () => {
  it('writes the installer sheet in the data folder and keeps it across a restart', async () => {
    const dir = tempDir();
    const start = async () => {
      const lines: string[] = [];
      let stop: (() => Promise<void>) | undefined;
      const io = {
        env: { LOCKDESK_DATA_DIR: dir, LOCKDESK_WEB_DIST: join(dir, 'no-web'), LOG_LEVEL: 'silent' },
        out: (l: string) => lines.push(l),
        onStarted: (s: () => Promise<void>) => {
          stop = s;
        },
      };
      expect(await runCli(['start', '--port', '0', '--demo'], io)).toBe(0);
      const url = /LockDesk console: (http:\/\/127\.0\.0\.1:\d+)/.exec(lines.join('\n'))?.[1] ?? '';
      return { url, stop: async () => stop?.() };
    };
    try {
      const first = await start();
      const locks = readLocksSheet(locksSheetPath(dir));
      expect(locks).toHaveLength(100);
      const res = await fetch(`${first.url}/device/v1/lock`, {
        headers: { authorization: `Lock ${locks[0]?.secret}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        errno: 0,
        data: { mac_id: 'A0B0C0010101', room_name: '1101' },
      });
      await first.stop();

      const text = readFileSync(locksSheetPath(dir), 'utf8');
      const second = await start();
      try {
        expect(readFileSync(locksSheetPath(dir), 'utf8')).toBe(text);
        const again = await fetch(`${second.url}/device/v1/lock`, {
          headers: { authorization: `Lock ${locks[0]?.secret}` },
        });
        expect(again.status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
