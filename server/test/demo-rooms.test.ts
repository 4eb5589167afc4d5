/** The demo hotel at hotel scale: growDemoRooms and `start --demo --demo-rooms N` (benchmarks, trials). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';
import { manageCall } from '../src/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, growDemoRooms } from '../src/demo.js';
import { describeEachDatabase } from './helpers.js';

describeEachDatabase('growDemoRooms', (t) => {
  it('adds rooms to the demo hotel up to the total, once', async () => {
    await t.reset();
    expect(await growDemoRooms(t.db, 1_750, t.clock.ms)).toBe(1_650);
    expect(await growDemoRooms(t.db, 1_750, t.clock.ms)).toBe(0);
    expect(await growDemoRooms(t.db, 10, t.clock.ms)).toBe(0);
    const token = await t.login(DEMO_ACCOUNTS.super);
    const page = await t.call<{ total: number; counts: Record<string, number>; list: { name: string }[] }>(
      'room/listNew',
      { name: '4-01', limit: 100 },
      { token },
    );
    // Building 3 holds the first 1,600 added rooms, building 4 the next: floor 1 of building 4 has 50 of them.
    expect(page.data.total).toBe(50);
    expect(page.data.list[0]?.name).toBe('4-0101');
    const all = await t.call<{ counts: Record<string, number> }>('room/listNew', {}, { token });
    expect(all.data.counts['all']).toBe(1_750);
    expect(all.data.counts['4']).toBeGreaterThan(90);
  });

  it('refuses without a demo hotel', async () => {
    await t.db.deleteFrom('hotels').execute();
    await expect(growDemoRooms(t.db, 100, t.clock.ms)).rejects.toThrow('no demo hotel');
  });
});

describe('start --demo --demo-rooms', () => {
  it('checks the option', async () => {
    const lines: string[] = [];
    const io = { env: {}, out: (l: string) => lines.push(l) };
    expect(await runCli(['start', '--demo-rooms', '500'], io)).toBe(1);
    expect(lines.at(-1)).toContain('--demo-rooms needs --demo');
    expect(await runCli(['start', '--demo', '--demo-rooms', 'many'], io)).toBe(1);
    expect(lines.at(-1)).toContain('--demo-rooms must be 1–100000');
    expect(await runCli(['start', '--demo', '--demo-rooms', '0'], io)).toBe(1);
  });

  it('serves the demo hotel at that size once the address is printed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lockdesk-cli-'));
    const lines: string[] = [];
    let stop: (() => Promise<void>) | undefined;
    const io = {
      env: { LOCKDESK_DATA_DIR: dir, LOCKDESK_WEB_DIST: join(dir, 'no-web'), LOG_LEVEL: 'silent' },
      out: (l: string) => lines.push(l),
      onStarted: (s: () => Promise<void>) => {
        stop = s;
      },
    };
    try {
      expect(await runCli(['start', '--port', '0', '--demo', '--demo-rooms', '2500'], io)).toBe(0);
      expect(lines.join('\n')).toContain('Demo hotel grown to 2500 rooms (2400 added).');
      const url = /LockDesk console: (http:\/\/127\.0\.0\.1:\d+)/.exec(lines.join('\n'))?.[1] ?? '';
      const login = await manageCall<{ token: string }>(url, 'login', {
        mobile: DEMO_ACCOUNTS.super,
        password: DEMO_PASSWORD,
      });
      const page = await manageCall<{ total: number }>(url, 'room/listNew', {}, { token: login.data.token });
      expect(page).toMatchObject({ errno: 0, data: { total: 2_500 } });
    } finally {
      await stop?.();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
