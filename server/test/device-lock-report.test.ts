/**
 * What a lock reports of itself when a sync starts (API.md §10 `POST /device/v1/sync/start`): its battery and the
 * firmware it runs, stored on its room, refused when malformed (nothing kept), and seen where the console reads them:
 * the room list (kept pages dropped), the low-battery message (§14) and the firmware list's "runs it" (§13.2).
 * Through inject() on PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { ErrorCode } from '@lockdesk/protocol';
import { beforeEach, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { REFRESH_INTERVAL_MS } from '../src/services/messages.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import { FIRMWARE_BIN, tempDataDir, upload } from './media-helpers.js';
import { ok } from './room-helpers.js';

interface DeviceAnswer {
  status: number;
  errno: number;
  errmsg: string;
  code?: string;
  data: unknown;
}

/** `POST /device/v1/sync/start` as a lock makes it. */
async function syncStart(t: TestApp, secret: string, body: unknown): Promise<DeviceAnswer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/device/v1/sync/start',
    headers: { authorization: `Lock ${secret}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, ...(res.json() as Omit<DeviceAnswer, 'status'>) };
}

interface ListedRoom {
  id: number;
  name: string;
  battery: number | null;
}
interface Message {
  id: number;
  kind: string;
  params: Record<string, unknown>;
  room_id: number | null;
  resolved: boolean;
}

describeEachDatabase(
  'a lock reports its battery and firmware when a sync starts',
  (t) => {
    let token: string;
    beforeEach(async () => {
      await t.reset();
      token = await t.login(DEMO_ACCOUNTS.super);
    });

    const room = (name: string) => t.ids.rooms[name] as number;
    const install = async (name: string) =>
      ok(await t.call<{ lock_secret: string }>('lock/issueSecret', { room_id: room(name) }, { token }))
        .lock_secret;
    const started = async (secret: string, body: Record<string, unknown>) => {
      const res = await syncStart(t, secret, body);
      expect({ status: res.status, errno: res.errno, errmsg: res.errmsg }).toEqual({
        status: 200,
        errno: 0,
        errmsg: '',
      });
    };
    const roomRow = (name: string) =>
      t.db
        .selectFrom('rooms')
        .select(['battery', 'lock_version', 'updated_at'])
        .where('id', '=', room(name))
        .executeTakeFirstOrThrow();
    const syncCount = async (name: string) =>
      (await t.db.selectFrom('lock_syncs').select('id').where('room_id', '=', room(name)).execute()).length;
    const listed = async (name: string) => {
      const page = ok(await t.call<{ list: ListedRoom[] }>('room/listNew', { name, limit: 50 }, { token }));
      return page.list.find((r) => r.name === name)?.battery;
    };

    it('stores the battery and firmware version on the room, and the room list shows the new battery', async () => {
      const secret = await install('1107');
      const before = await roomRow('1107');
      // The list is read (and its page kept) before the sync.
      expect(await listed('1107')).toBe(before.battery);
      t.clock.advance(1000);
      await started(secret, { operator: 'Desk', battery: 37, firmware_version: 'v2.4.0-beta.1' });
      const after = await roomRow('1107');
      expect({ battery: after.battery, lock_version: after.lock_version }).toEqual({
        battery: 37,
        lock_version: 'v2.4.0-beta.1',
      });
      expect(new Date(after.updated_at).getTime()).toBe(t.clock.ms);
      expect(await listed('1107')).toBe(37);
      // One of them alone changes only that one; 0 is a battery.
      await started(secret, { battery: 0 });
      expect(await roomRow('1107')).toMatchObject({ battery: 0, lock_version: 'v2.4.0-beta.1' });
      await started(secret, { firmware_version: '3.0' });
      expect(await roomRow('1107')).toMatchObject({ battery: 0, lock_version: '3.0' });
      // A sync reporting nothing, or the same, leaves the room (and its updated_at) as it is.
      const same = await roomRow('1107');
      t.clock.advance(1000);
      await started(secret, {});
      await started(secret, { battery: 0, firmware_version: '3.0' });
      expect(await roomRow('1107')).toEqual(same);
      expect(await listed('1107')).toBe(0);
    });

    it('refuses a bad battery or version with 400 FIELD_INVALID naming it, and keeps nothing of that start', async () => {
      const secret = await install('1106');
      const before = await roomRow('1106');
      const bad = async (body: Record<string, unknown>, field: string, code: ErrorCode = 'FIELD_INVALID') => {
        const res = await syncStart(t, secret, body);
        expect({
          status: res.status,
          errno: res.errno,
          code: res.code,
          errmsg: res.errmsg,
          data: res.data,
        }).toEqual({
          status: 400,
          errno: 1,
          code,
          errmsg: messageFor('en', code, { field }),
          data: null,
        });
      };
      await bad({ battery: 101 }, 'battery');
      await bad({ battery: -1 }, 'battery');
      await bad({ battery: 50.5 }, 'battery');
      await bad({ battery: 'full' }, 'battery');
      await bad({ battery: [50] }, 'battery');
      await bad({ battery: 20, firmware_version: 'latest' }, 'firmware_version');
      await bad({ firmware_version: '1' }, 'firmware_version');
      await bad({ firmware_version: `1.0.0-${'a'.repeat(20)}.${'b'.repeat(20)}` }, 'firmware_version');
      await bad({ firmware_version: { v: '1.0' } }, 'firmware_version');
      await bad({ firmware_version: '1.0', battery: 200 }, 'battery');
      expect(await roomRow('1106')).toEqual(before);
      expect(await syncCount('1106')).toBe(0);
    });

    it('opens the low-battery message when a sync reports a low battery, and resolves it when one reports it full', async () => {
      const secret = await install('1203');
      const messages = async () => {
        // The conditions are looked at again once the throttle's minute has passed.
        t.clock.advance(REFRESH_INTERVAL_MS);
        const page = ok(
          await t.call<{ list: Message[] }>('lock/messageList', { kind: 'low_battery' }, { token }),
        );
        return page.list.filter((m) => m.room_id === room('1203'));
      };
      expect(await messages()).toEqual([]);
      await started(secret, { battery: 8 });
      const low = await messages();
      expect(low.map((m) => [m.kind, m.params, m.resolved])).toEqual([
        ['low_battery', { room_name: '1203', battery: 8 }, false],
      ]);
      await started(secret, { battery: 100 });
      expect((await messages()).map((m) => [m.id, m.resolved])).toEqual([[low[0]?.id, true]]);
    });

    it('counts the lock among those that run a firmware once its sync reports that version', async () => {
      const up = await upload(t, token, 'firmware', FIRMWARE_BIN, 'lock.bin', 'application/octet-stream');
      expect(up.errno, up.errmsg).toBe(0);
      ok(
        await t.call(
          'lock/addFirmwares',
          {
            file: up.data?.url,
            file_name: 'lock.bin',
            name: 'LD-A1',
            version: '2.5.0',
            model: 'LD-A1',
            room_ids: [room('1101')],
          },
          { token },
        ),
      );
      const runs = async () => {
        const page = ok(
          await t.call<{ list: { locks: { room_id: number; lock_version: string; current: boolean }[] }[] }>(
            'lock/getFirmwaresList',
            {},
            { token },
          ),
        );
        return page.list[0]?.locks.map((l) => [l.room_id, l.lock_version, l.current]);
      };
      expect(await runs()).toEqual([[room('1101'), 'v2.3.1', false]]);
      await started(await install('1101'), { firmware_version: 'V2.5.0' });
      expect(await runs()).toEqual([[room('1101'), 'V2.5.0', true]]);
    });
  },
  { dataDir: tempDataDir() },
);
