/**
 * PIN passwords (room/password, addPassword, passwordList, passwordHistory, callbackPassword, deletePassword):
 * digits answered once and never stored, uniqueness among a room's active passwords, the stay's period, frozen and
 * limited tenants, withdrawal, deletion, expiry, the role matrix and bad input.
 */
import type { ErrorCode } from '@lockdesk/protocol';
import { type Migration, Migrator, sql } from 'kysely';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/index.js';
import * as m001 from '../src/db/migrations/001_initial.js';
import * as m002 from '../src/db/migrations/002_rooms.js';
import * as m003 from '../src/db/migrations/003_login_ip.js';
import * as m004 from '../src/db/migrations/004_operation_rooms.js';
import * as m005 from '../src/db/migrations/005_lock_passwords.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { verifyPin } from '../src/domain/pin.js';
import { messageFor } from '../src/i18n.js';
import { describeEachDatabase } from './helpers.js';
import { addOtherHotel, DAY, expectRefused, HOUR, OTHER_ADMIN, ok } from './room-helpers.js';

// The PINs room/password draws, when a test queues them (else the real generator draws).
const draws = vi.hoisted(() => [] as string[]);
vi.mock('../src/domain/pin.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/domain/pin.js')>();
  return { ...real, generatePin: () => draws.shift() ?? real.generatePin() };
});

interface PasswordAnswer {
  id: number;
  room_id: number;
  room_name: string;
  stay_id: number | null;
  nickname: string;
  mobile: string;
  kind: 'remote' | 'custom';
  single_use: boolean;
  start_time: number;
  end_time: number;
  status: 'active' | 'used' | 'expired' | 'revoked';
  created_at: number;
  created_by: string;
  password?: string;
}
interface Page {
  list: PasswordAnswer[];
  total: number;
  page: number;
  limit: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Every string anywhere in an answer (numbers such as times are left out: they may hold any six digits). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describeEachDatabase('PIN passwords', (t) => {
  let token: string;
  const call = <T = PasswordAnswer>(path: string, body: Record<string, unknown>, as = token) =>
    t.call<T>(path, body, { token: as });
  const room = (name: string) => t.ids.rooms[name]!;
  const stayOf = async (roomName: string) =>
    t.db
      .selectFrom('stays')
      .selectAll()
      .where('room_id', '=', room(roomName))
      .where('status', 'in', ['active', 'reserved', 'checked_out'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
  const row = (id: number) =>
    t.db.selectFrom('lock_passwords').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = (roomName: string, extra: Record<string, unknown> = {}) =>
    call<Page>('room/passwordHistory', { room_id: room(roomName), ...extra });
  const active = (roomName: string) =>
    call<Page>('room/passwordList', { room_id: room(roomName), limit: 100 });

  beforeEach(async () => {
    draws.length = 0;
    await t.reset();
    token = await t.login(DEMO_ACCOUNTS.super);
  });

  describe('issuing', () => {
    it('generates a six-digit password for the current guest, answered once, stored only verifiably', async () => {
      const stay = await stayOf('1101');
      const made = ok(await call('room/password', { room_id: room('1101') }));
      expect(made).toEqual({
        id: expect.any(Number),
        room_id: room('1101'),
        room_name: '1101',
        stay_id: stay.id,
        nickname: 'Li Wei',
        mobile: '13900000001',
        kind: 'remote',
        single_use: true,
        start_time: seconds(stay.check_in.getTime()),
        end_time: seconds(stay.check_out.getTime()),
        status: 'active',
        created_at: seconds(t.clock.ms),
        created_by: 'Demo owner',
        password: expect.stringMatching(/^\d{6}$/),
      });
      const digits = made.password!;

      // The row holds no digits, only the verifiable form; the lock checks a typed PIN against it.
      const stored = await row(made.id);
      expect(Object.keys(stored)).not.toContain('password');
      expect(stored.pin_hash).toMatch(/^pbkdf2-sha256\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(strings(stored)).not.toContainEqual(expect.stringContaining(digits));
      expect(await verifyPin(digits, stored.pin_hash)).toBe(true);

      // No later answer carries the digits.
      const { password: _shown, ...record } = made;
      const list = ok(await active('1101'));
      expect(list).toEqual({ list: [record], total: 1, page: 1, limit: 100 });
      expect(ok(await history('1101')).list).toEqual([record]);
      expect(strings(list)).not.toContainEqual(expect.stringContaining(digits));
      const withdrawn = ok(await call('room/callbackPassword', { id: made.id }));
      expect(withdrawn).not.toHaveProperty('password');
      expect(strings(withdrawn)).not.toContainEqual(expect.stringContaining(digits));
    });

    it('takes an entered six-digit password as a custom one, single use unless told', async () => {
      const made = ok(
        await call('room/addPassword', { room_id: room('1101'), password: '482913', single_use: false }),
      );
      expect(made).toMatchObject({ kind: 'custom', single_use: false, status: 'active', password: '482913' });
      expect(await verifyPin('482913', (await row(made.id)).pin_hash)).toBe(true);
      // Forms may send the digits as a number.
      const typed = ok(await call('room/addPassword', { room_id: room('1101'), password: 907315 }));
      expect(typed).toMatchObject({ kind: 'custom', single_use: true, password: '907315' });
      expect(ok(await active('1101')).list.map((p) => p.id)).toEqual([typed.id, made.id]);
    });

    it('never writes the digits to the operation log', async () => {
      const made = ok(await call('room/addPassword', { room_id: room('1101'), password: '482913' }));
      const drawn = ok(await call('room/password', { room_id: room('1102') }));
      await call('room/callbackPassword', { id: made.id });
      await call('room/deletePassword', { id: drawn.id });
      // A refused attempt carries its digits too.
      await call('room/addPassword', { room_id: room('1102'), password: '555' });
      const log = await t.db
        .selectFrom('operation_log')
        .select(['path', 'summary', 'room_ids'])
        .where('path', 'like', 'room/%assword%')
        .orderBy('id')
        .execute();
      expect(log.map((l) => l.path)).toEqual([
        'room/addPassword',
        'room/password',
        'room/callbackPassword',
        'room/deletePassword',
        'room/addPassword',
      ]);
      for (const entry of log) {
        for (const digits of ['482913', drawn.password!, '555']) expect(entry.summary).not.toContain(digits);
      }
      expect(log[0]?.summary).toBe(
        `Room 1101: custom password #${made.id} issued for Li Wei (stay ${made.stay_id}), single use`,
      );
      expect(log[0]?.room_ids).toEqual([room('1101')]);
    });

    it('keeps the digits out of the log line even when a name or room holds them', async () => {
      const stay = await stayOf('1101');
      await t.db.updateTable('stays').set({ nickname: 'Guest 482913' }).where('id', '=', stay.id).execute();
      ok(await call('room/addPassword', { room_id: room('1101'), password: '482913' }));
      await t.db.updateTable('rooms').set({ name: 'Suite 135790' }).where('id', '=', room('1102')).execute();
      ok(await call('room/addPassword', { room_id: room('1102'), password: '135790', single_use: false }));
      const log = await t.db
        .selectFrom('operation_log')
        .select('summary')
        .where('path', '=', 'room/addPassword')
        .orderBy('id')
        .execute();
      expect(log.map((l) => l.summary)).toEqual([
        'Room 1101: custom password issued, single use',
        'A custom password issued',
      ]);
    });

    it('refuses a password equal to another active password of the room, and only then', async () => {
      const first = ok(await call('room/addPassword', { room_id: room('1101'), password: '246810' }));
      expectRefused(
        await call('room/addPassword', { room_id: room('1101'), password: '246810' }),
        'PASSWORD_IN_USE',
        {
          field: 'password',
        },
      );
      // Another room may hold the same digits.
      ok(await call('room/addPassword', { room_id: room('1102'), password: '246810' }));
      // Once withdrawn, the digits are free again.
      ok(await call('room/callbackPassword', { id: first.id }));
      const again = ok(await call('room/addPassword', { room_id: room('1101'), password: '246810' }));
      expect(again.id).not.toBe(first.id);
      // An expired password does not hold its digits either.
      const short = ok(
        await call('room/addPassword', {
          room_id: room('1101'),
          password: '135790',
          start_time: seconds(t.clock.ms),
          end_time: seconds(t.clock.ms + HOUR),
        }),
      );
      expectRefused(
        await call('room/addPassword', { room_id: room('1101'), password: '135790' }),
        'PASSWORD_IN_USE',
        {
          field: 'password',
        },
      );
      t.clock.advance(HOUR + 1000);
      ok(await call('room/addPassword', { room_id: room('1101'), password: '135790' }));
      expect((await row(short.id)).status).toBe('active');
    });

    it('draws again when a drawn password equals an active one, and gives up after many draws', async () => {
      ok(await call('room/addPassword', { room_id: room('1101'), password: '111111' }));
      draws.push('111111', '111111', '222222');
      const drawn = ok(await call('room/password', { room_id: room('1101') }));
      expect(drawn.password).toBe('222222');
      expect(draws).toEqual([]);
      draws.push(...Array(20).fill('111111'), '333333');
      expectRefused(await call('room/password', { room_id: room('1101') }), 'PASSWORD_IN_USE');
      expect(draws).toEqual(['333333']);
      expect(ok(await active('1101')).total).toBe(2);
    });

    it('keeps parallel issues of equal digits to one', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          call('room/addPassword', { room_id: room('1103'), password: '777777' }),
        ),
      );
      expect(results.filter((r) => r.errno === 0)).toHaveLength(1);
      for (const refused of results.filter((r) => r.errno !== 0)) {
        expectRefused(refused, 'PASSWORD_IN_USE', { field: 'password' });
      }
      expect(ok(await active('1103')).total).toBe(1);
    });
  });

  describe('the stay and the period', () => {
    it('takes the next reservation when nobody is in, and a given period inside the stay', async () => {
      const reservation = await stayOf('1104');
      const made = ok(await call('room/password', { room_id: room('1104') }));
      expect(made).toMatchObject({
        stay_id: reservation.id,
        nickname: 'Kim Min-jun',
        start_time: seconds(reservation.check_in.getTime()),
        end_time: seconds(reservation.check_out.getTime()),
      });
      const inside = ok(
        await call('room/password', {
          room_id: room('1104'),
          stay_id: reservation.id,
          start_time: seconds(reservation.check_in.getTime() + HOUR),
          end_time: seconds(reservation.check_in.getTime() + 2 * HOUR),
        }),
      );
      expect(inside).toMatchObject({
        start_time: seconds(reservation.check_in.getTime() + HOUR),
        end_time: seconds(reservation.check_in.getTime() + 2 * HOUR),
      });
    });

    it('refuses a period outside the stay, backwards or already over', async () => {
      const stay = await stayOf('1101');
      const body = (startMs: number, endMs: number) => ({
        room_id: room('1101'),
        start_time: seconds(startMs),
        end_time: seconds(endMs),
      });
      const cases: [Record<string, unknown>, ErrorCode, Record<string, string>?][] = [
        [body(stay.check_in.getTime() - HOUR, stay.check_out.getTime()), 'PASSWORD_OUTSIDE_STAY'],
        [body(stay.check_in.getTime(), stay.check_out.getTime() + 1000), 'PASSWORD_OUTSIDE_STAY'],
        [
          { room_id: room('1101'), end_time: seconds(stay.check_out.getTime() + DAY) },
          'PASSWORD_OUTSIDE_STAY',
        ],
        [body(t.clock.ms + 2 * HOUR, t.clock.ms + HOUR), 'END_BEFORE_START', { field: 'end_time' }],
        [body(t.clock.ms, t.clock.ms), 'END_BEFORE_START', { field: 'end_time' }],
        [body(stay.check_in.getTime(), t.clock.ms - 1000), 'EXPIRATION_NOT_FUTURE', { field: 'end_time' }],
      ];
      for (const [b, code, params] of cases) {
        expectRefused(await call('room/password', b), code, params);
        expectRefused(await call('room/addPassword', { ...b, password: '482913' }), code, params);
      }
      expect(await t.db.selectFrom('lock_passwords').select('id').execute()).toEqual([]);
    });

    it('needs both times in a room without a stay, and then belongs to nobody', async () => {
      const vacant = room('1201');
      expectRefused(await call('room/password', { room_id: vacant }), 'START_TIME_REQUIRED', {
        field: 'start_time',
      });
      expectRefused(
        await call('room/password', { room_id: vacant, start_time: seconds(t.clock.ms) }),
        'FIELD_REQUIRED',
        { field: 'end_time' },
      );
      const made = ok(
        await call('room/addPassword', {
          room_id: vacant,
          password: '010203',
          start_time: seconds(t.clock.ms),
          end_time: seconds(t.clock.ms + 3 * DAY),
        }),
      );
      expect(made).toMatchObject({
        stay_id: null,
        nickname: '',
        mobile: '',
        password: '010203',
        room_name: '1201',
      });
    });

    it('refuses a stay of another room, a closed stay and an unknown one', async () => {
      const other = await stayOf('1102');
      const closed = await stayOf('1105');
      for (const [roomName, stayId] of [
        ['1101', other.id],
        ['1105', closed.id],
        ['1101', 999_999],
      ] as const) {
        expectRefused(await call('room/password', { room_id: room(roomName), stay_id: stayId }), 'NOT_FOUND');
      }
      // A checked-out room has no current guest: its stay is not taken by default.
      expectRefused(await call('room/password', { room_id: room('1105') }), 'START_TIME_REQUIRED', {
        field: 'start_time',
      });
    });

    it('gives a frozen or password-limited tenant no new password', async () => {
      const stay = await stayOf('1101');
      ok(await call('user/freezeUser', { stay_id: stay.id, frozen: true }));
      expectRefused(await call('room/password', { room_id: room('1101') }), 'TENANT_FROZEN');
      expectRefused(
        await call('room/addPassword', { room_id: room('1101'), stay_id: stay.id, password: '482913' }),
        'TENANT_FROZEN',
      );
      ok(await call('user/freezeUser', { stay_id: stay.id, frozen: false }));
      ok(await call('room/tenant/limitPassword', { stay_id: stay.id, limit: true }));
      expectRefused(await call('room/password', { room_id: room('1101') }), 'PASSWORD_LIMITED');
      expectRefused(
        await call('room/addPassword', { room_id: room('1101'), password: '482913' }),
        'PASSWORD_LIMITED',
      );
      ok(await call('room/tenant/limitPassword', { stay_id: stay.id, limit: false }));
      ok(await call('room/password', { room_id: room('1101') }));
    });
  });

  describe('withdrawing, deleting, expiry and the history', () => {
    it('withdraws an active password once; the list drops it, the history shows it revoked', async () => {
      const made = ok(await call('room/addPassword', { room_id: room('1101'), password: '482913' }));
      t.clock.advance(60_000);
      const withdrawn = ok(await call('room/callbackPassword', { id: made.id }));
      const { password: _digits, ...record } = made;
      expect(withdrawn).toEqual({ ...record, status: 'revoked' });
      expect((await row(made.id)).revoked_at?.getTime()).toBe(t.clock.ms);
      expectRefused(await call('room/callbackPassword', { id: made.id }), 'PASSWORD_NOT_ACTIVE');
      expect(ok(await active('1101')).list).toEqual([]);
      expect(ok(await history('1101')).list).toEqual([withdrawn]);
    });

    it('ends the passwords of a stay that checks out early: expired, digits free, not withdrawable', async () => {
      const stay = await stayOf('1101');
      const made = ok(await call('room/addPassword', { room_id: room('1101'), password: '482913' }));
      const unbound = ok(
        await call('room/addPassword', {
          room_id: room('1101'),
          password: '482914',
          start_time: seconds(t.clock.ms),
          end_time: seconds(stay.check_out.getTime()),
          stay_id: stay.id,
        }),
      );
      ok(await call('room/checkOut', { room_id: room('1101'), stay_id: stay.id }));
      expect(ok(await active('1101')).total).toBe(0);
      expect(ok(await history('1101', { status: 'expired' })).list.map((p) => p.id)).toEqual([
        unbound.id,
        made.id,
      ]);
      expectRefused(await call('room/callbackPassword', { id: made.id }), 'PASSWORD_NOT_ACTIVE');
      // A password of nobody's stay in the same room is not ended by the check-out; the old digits are free.
      const free = ok(
        await call('room/addPassword', {
          room_id: room('1101'),
          password: '482913',
          start_time: seconds(t.clock.ms),
          end_time: seconds(t.clock.ms + DAY),
        }),
      );
      expect(free).toMatchObject({ stay_id: null, status: 'active' });
      // Deleting an ended one withdraws it for the lock.
      ok(await call('room/deletePassword', { id: made.id }));
      expect(await row(made.id)).toMatchObject({ status: 'revoked' });
    });

    it('answers an active password past its end as expired, and it cannot be withdrawn', async () => {
      const made = ok(
        await call('room/addPassword', {
          room_id: room('1101'),
          password: '482913',
          start_time: seconds(t.clock.ms),
          end_time: seconds(t.clock.ms + 2 * HOUR),
        }),
      );
      expect(ok(await active('1101')).total).toBe(1);
      t.clock.advance(2 * HOUR);
      expect(ok(await active('1101')).total).toBe(0);
      expect(ok(await history('1101')).list.map((p) => p.status)).toEqual(['expired']);
      expect(ok(await history('1101', { status: 'expired' })).total).toBe(1);
      expect(ok(await history('1101', { status: 'active' })).total).toBe(0);
      expectRefused(await call('room/callbackPassword', { id: made.id }), 'PASSWORD_NOT_ACTIVE');
    });

    it('deletes a password from the history, withdrawing an active one in the same step', async () => {
      const live = ok(await call('room/addPassword', { room_id: room('1101'), password: '482913' }));
      const used = ok(await call('room/addPassword', { room_id: room('1101'), password: '135791' }));
      await t.db.updateTable('lock_passwords').set({ status: 'used' }).where('id', '=', used.id).execute();
      expect(ok(await history('1101', { status: 'used' })).list.map((p) => p.id)).toEqual([used.id]);

      expect(ok(await call<{ id: number }>('room/deletePassword', { id: live.id }))).toEqual({ id: live.id });
      expect(ok(await call<{ id: number }>('room/deletePassword', { id: used.id }))).toEqual({ id: used.id });
      // The rows stay for the lock's next sync: withdrawn, out of the history.
      expect(await row(live.id)).toMatchObject({ status: 'revoked', deleted_at: new Date(t.clock.ms) });
      expect(await row(used.id)).toMatchObject({ status: 'used', deleted_at: new Date(t.clock.ms) });
      expect(ok(await history('1101'))).toEqual({ list: [], total: 0, page: 1, limit: 20 });
      expect(ok(await active('1101')).total).toBe(0);
      for (const path of ['room/deletePassword', 'room/callbackPassword']) {
        expectRefused(await call(path, { id: live.id }), 'NOT_FOUND');
      }
      // Its digits are free again.
      ok(await call('room/addPassword', { room_id: room('1101'), password: '482913' }));
    });

    it('lists newest first, paged, filtered by status, room by room', async () => {
      const ids: number[] = [];
      for (const digits of ['100001', '100002', '100003', '100004', '100005']) {
        ids.push(ok(await call('room/addPassword', { room_id: room('1101'), password: digits })).id);
        t.clock.advance(1000);
      }
      ok(await call('room/callbackPassword', { id: ids[1] }));
      ok(await call('room/addPassword', { room_id: room('1102'), password: '100001' }));
      const second = ok(await history('1101', { page: 2, limit: 2 }));
      expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
      expect(second.list.map((p) => p.id)).toEqual([ids[2], ids[1]]);
      expect(ok(await history('1101', { status: 'revoked' })).list.map((p) => p.id)).toEqual([ids[1]]);
      expect(ok(await active('1101')).list.map((p) => p.id)).toEqual([ids[4], ids[3], ids[2], ids[0]]);
      expect(
        ok(await call<Page>('room/passwordList', { room_id: room('1101'), limit: 1, page: 3 })).list,
      ).toEqual([expect.objectContaining({ id: ids[2] })]);
    });
  });

  describe('by role', () => {
    // Columns as in permissions.test.ts: a role and the room it is tried on.
    const COLUMNS = [
      { name: 'super administrator', mobile: DEMO_ACCOUNTS.super, room: '1101', allowed: true },
      {
        name: 'secondary administrator, assigned room',
        mobile: DEMO_ACCOUNTS.secondary,
        room: '1102',
        allowed: true,
      },
      {
        name: 'secondary administrator, unassigned room',
        mobile: DEMO_ACCOUNTS.secondary,
        room: '2201',
        allowed: false,
      },
      { name: 'staff, granted room', mobile: DEMO_ACCOUNTS.staff, room: '1103', allowed: true },
      { name: 'staff, room not granted', mobile: DEMO_ACCOUNTS.staff, room: '1201', allowed: false },
      { name: "another hotel's administrator", mobile: OTHER_ADMIN, room: '2202', allowed: false },
      { name: 'customer manager', mobile: DEMO_ACCOUNTS.customerManager, room: '2203', allowed: false },
    ] as const;
    const refusals: ErrorCode[] = ['PERMISSION_DENIED', 'NOT_FOUND'];

    let tokens: Map<string, string>;
    beforeEach(async () => {
      await addOtherHotel(t.db, t.clock.ms);
      tokens = new Map();
      for (const c of COLUMNS) if (!tokens.has(c.mobile)) tokens.set(c.mobile, await t.login(c.mobile));
    });
    /** A password of the room, issued by the super administrator (for its guest; in the vacant 1201, for a day). */
    const issued = async (roomName: string) =>
      ok(
        await call('room/addPassword', {
          room_id: room(roomName),
          password: String(100_000 + room(roomName)),
          ...(roomName === '1201'
            ? { start_time: seconds(t.clock.ms), end_time: seconds(t.clock.ms + DAY) }
            : {}),
        }),
      );
    const snapshot = () => t.db.selectFrom('lock_passwords').selectAll().orderBy('id').execute();

    const ROWS: { path: string; body: (roomName: string) => Promise<Record<string, unknown>> }[] = [
      { path: 'room/password', body: async (r) => ({ room_id: room(r) }) },
      { path: 'room/addPassword', body: async (r) => ({ room_id: room(r), password: '864209' }) },
      { path: 'room/passwordList', body: async (r) => ({ room_id: room(r) }) },
      { path: 'room/passwordHistory', body: async (r) => ({ room_id: room(r) }) },
      { path: 'room/callbackPassword', body: async (r) => ({ id: (await issued(r)).id }) },
      { path: 'room/deletePassword', body: async (r) => ({ id: (await issued(r)).id }) },
    ];

    for (const r of ROWS) {
      it(`${r.path}: ${COLUMNS.map((c) => `${c.name} ${c.allowed ? 'yes' : 'no'}`).join('; ')}`, async () => {
        for (const column of COLUMNS) {
          const body = await r.body(column.room);
          const before = await snapshot();
          const res = await t.call<Record<string, unknown>>(r.path, body, {
            token: tokens.get(column.mobile)!,
          });
          if (column.allowed) {
            expect({ column: column.name, errno: res.errno, errmsg: res.errmsg }).toEqual({
              column: column.name,
              errno: 0,
              errmsg: '',
            });
          } else {
            expect({
              column: column.name,
              refused: refusals.some((code) => res.errmsg === messageFor('en', code)),
            }).toEqual({
              column: column.name,
              refused: true,
            });
            expect(await snapshot()).toEqual(before);
          }
        }
      });
    }

    it('refuses, by id, a password of a room out of scope or of another hotel', async () => {
      const inOther = await t.db
        .selectFrom('rooms')
        .select(['id', 'hotel_id'])
        .where('name', '=', '9901')
        .executeTakeFirstOrThrow();
      const foreign = await t.db
        .insertInto('lock_passwords')
        .values({
          hotel_id: inOther.hotel_id,
          room_id: inOther.id,
          kind: 'custom',
          pin_hash: 'pbkdf2-sha256$1$AAAA$AAAA',
          start_time: new Date(t.clock.ms),
          end_time: new Date(t.clock.ms + DAY),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const path of ['room/callbackPassword', 'room/deletePassword']) {
        expectRefused(await call(path, { id: foreign.id }), 'NOT_FOUND');
      }
      expect(await row(foreign.id)).toMatchObject({ status: 'active', deleted_at: null });
      // The other hotel's administrator reaches its own.
      ok(await call('room/callbackPassword', { id: foreign.id }, tokens.get(OTHER_ADMIN)));
      const staffs = await issued('2201');
      expectRefused(
        await call('room/callbackPassword', { id: staffs.id }, tokens.get(DEMO_ACCOUNTS.staff)),
        'PERMISSION_DENIED',
      );
    });
  });

  describe('bad input', () => {
    const cases: Record<string, [Record<string, unknown>, ErrorCode, Record<string, string>?][]> = {
      'room/password': [
        [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
        [{ room_id: 'x' }, 'FIELD_INVALID', { field: 'room_id' }],
        [{ room_id: 0 }, 'FIELD_INVALID', { field: 'room_id' }],
        [{ room_id: 1, stay_id: -1 }, 'FIELD_INVALID', { field: 'stay_id' }],
        [{ room_id: 1, single_use: 'maybe' }, 'FIELD_INVALID', { field: 'single_use' }],
        [{ room_id: 1, start_time: 'soon' }, 'START_TIME_REQUIRED', { field: 'start_time' }],
        [{ room_id: 1, end_time: 'later' }, 'FIELD_INVALID', { field: 'end_time' }],
        [{ room_id: 999_999 }, 'NOT_FOUND'],
      ],
      'room/addPassword': [
        [{ password: '123456' }, 'FIELD_REQUIRED', { field: 'room_id' }],
        [{ room_id: 1 }, 'CHECKIN_PASSWORD_INVALID', { field: 'password' }],
        [{ room_id: 1, password: '12345' }, 'CHECKIN_PASSWORD_INVALID', { field: 'password' }],
        [{ room_id: 1, password: '1234567' }, 'CHECKIN_PASSWORD_INVALID', { field: 'password' }],
        [{ room_id: 1, password: '12a456' }, 'CHECKIN_PASSWORD_INVALID', { field: 'password' }],
        [{ room_id: 1, password: '١٢٣٤٥٦' }, 'CHECKIN_PASSWORD_INVALID', { field: 'password' }],
        [{ room_id: 1, password: ['123456'] }, 'CHECKIN_PASSWORD_INVALID', { field: 'password' }],
        [{ room_id: 1, password: '123456', stay_id: 'x' }, 'FIELD_INVALID', { field: 'stay_id' }],
        [{ room_id: 1, password: '123456', single_use: 3 }, 'FIELD_INVALID', { field: 'single_use' }],
        [
          { room_id: 1, password: '123456', start_time: '2026-13-45' },
          'START_TIME_REQUIRED',
          { field: 'start_time' },
        ],
        [{ room_id: 1, password: '123456', end_time: -5 }, 'FIELD_INVALID', { field: 'end_time' }],
      ],
      'room/passwordList': [
        [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
        [{ room_id: 1.5 }, 'FIELD_INVALID', { field: 'room_id' }],
        [{ room_id: 1, page: 0 }, 'FIELD_INVALID', { field: 'page' }],
        [{ room_id: 1, limit: 101 }, 'FIELD_INVALID', { field: 'limit' }],
        [{ room_id: 999_999 }, 'NOT_FOUND'],
      ],
      'room/passwordHistory': [
        [{}, 'FIELD_REQUIRED', { field: 'room_id' }],
        [{ room_id: 1, status: 'lost' }, 'FIELD_INVALID', { field: 'status' }],
        [{ room_id: 1, page: 'two' }, 'FIELD_INVALID', { field: 'page' }],
        [{ room_id: 1, limit: 0 }, 'FIELD_INVALID', { field: 'limit' }],
      ],
      'room/callbackPassword': [
        [{}, 'FIELD_REQUIRED', { field: 'id' }],
        [{ id: 'seven' }, 'FIELD_INVALID', { field: 'id' }],
        [{ id: 999_999 }, 'NOT_FOUND'],
      ],
      'room/deletePassword': [
        [{}, 'FIELD_REQUIRED', { field: 'id' }],
        [{ id: 2.5 }, 'FIELD_INVALID', { field: 'id' }],
        [{ id: 999_999 }, 'NOT_FOUND'],
      ],
    };
    for (const [path, list] of Object.entries(cases)) {
      it(`${path}: ${list.map(([, code, params]) => `${code}${params ? ` ${params['field']}` : ''}`).join(', ')}`, async () => {
        const firstRoom = room('1101');
        for (const [body, code, params] of list) {
          // Room 1 is a placeholder for a real room of the hotel.
          const real = body['room_id'] === 1 ? { ...body, room_id: firstRoom } : body;
          expectRefused(await call(path, real), code, params);
        }
        expect(await t.db.selectFrom('lock_passwords').select('id').execute()).toEqual([]);
      });
    }
  });
});

describe('migration 005 on rows written before it', () => {
  it('turns stored digits into the verifiable form and drops the plaintext column', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      const migrations: Record<string, Migration> = {
        '001_initial': m001,
        '002_rooms': m002,
        '003_login_ip': m003,
        '004_operation_rooms': m004,
      };
      const migrator = (all: Record<string, Migration>) =>
        new Migrator({
          db,
          provider: { getMigrations: async () => all },
          migrationTableName: 'lockdesk_migration',
        });
      expect((await migrator(migrations).migrateToLatest()).error).toBeUndefined();
      const at = new Date();
      await sql`INSERT INTO hotels (name) VALUES ('Old')`.execute(db);
      await sql`INSERT INTO rooms (hotel_id, name) SELECT id, '101' FROM hotels`.execute(db);
      for (const [digits, status, kind] of [
        ['048213', 'active', 'custom'],
        ['12ab', 'active', 'single'],
        ['777777', 'deleted', 'remote'],
      ]) {
        await sql`INSERT INTO lock_passwords (hotel_id, room_id, kind, password, start_time, end_time, status)
          SELECT hotel_id, id, ${kind}, ${digits}, ${at}, ${new Date(at.getTime() + DAY)}, ${status} FROM rooms`.execute(
          db,
        );
      }
      expect(
        (await migrator({ ...migrations, '005_lock_passwords': m005 }).migrateToLatest()).error,
      ).toBeUndefined();
      const rows = await db.selectFrom('lock_passwords').selectAll().orderBy('id').execute();
      expect(rows.map((r) => Object.keys(r).includes('password'))).toEqual([false, false, false]);
      expect(rows.map((r) => [r.kind, r.status, r.single_use])).toEqual([
        ['custom', 'active', false],
        ['remote', 'revoked', true],
        ['remote', 'revoked', false],
      ]);
      expect(await verifyPin('048213', rows[0]!.pin_hash)).toBe(true);
      expect(await verifyPin('777777', rows[2]!.pin_hash)).toBe(true);
      expect(rows[1]!.revoked_at).not.toBeNull();
    } finally {
      await db.destroy();
    }
  });
});
