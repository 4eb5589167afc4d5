/**
 * Exports (API.md §11): export/create + GET /export/<token>. Each kind in each format is read back (the XLSX with
 * exceljs, the CSV with csv-parse) and compared with the rows it must hold: headers and values in the caller's
 * language (chs, ar), times in hotel time, the room scope of a staff member, filters, more rows than one keyset
 * batch (with equal times), and the link's rules: single use, 5 minutes, dies with the session, 410 page.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { EXPORT_LINK_SECONDS } from '../src/files/exports.js';
import { messageFor } from '../src/i18n.js';
import { BATCH_ROWS } from '../src/services/export/kinds.js';
import { exportTexts } from '../src/services/export/texts.js';
import { hotelTimeText } from '../src/services/export/writers.js';
import { describeEachDatabase, openTestApp } from './helpers.js';
import { expectRefused, HOUR, ok } from './room-helpers.js';

interface Link {
  url: string;
  file_name: string;
  expires_at: number;
}

const HOTEL_OFFSET_MS = 8 * HOUR;

describeEachDatabase('exports', (t) => {
  const tokens: Record<string, string> = {};
  const room = (name: string) => t.ids.rooms[name] as number;
  let base: number;

  const create = (who: string, body: Record<string, unknown>, language = 'en') =>
    t.call<Link>('export/create', body, { token: tokens[who], language });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** Creates an export and downloads it: the header row and the data rows, all as text. */
  async function exported(
    who: string,
    kind: string,
    format: 'csv' | 'xlsx',
    filters: Record<string, unknown> = {},
    language = 'en',
  ): Promise<{ header: string[]; rows: string[][]; times: Date[][]; rtl: boolean; link: Link }> {
    const link = ok(await create(who, { kind, format, filters }, language));
    const res = await get(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${link.file_name}"; filename*=UTF-8''${link.file_name}`,
    );
    if (format === 'csv') {
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      // The byte-order mark comes first, so Excel reads the file as UTF-8.
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const all = parse(res.rawPayload, { bom: true, record_delimiter: '\r\n' }) as string[][];
      return { header: all[0] as string[], rows: all.slice(1), times: [], rtl: false, link };
    }
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const values: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => {
      values.push((row.values as ExcelJS.CellValue[]).slice(1));
    });
    const asText = (v: ExcelJS.CellValue) =>
      v instanceof Date
        ? hotelTimeText(new Date(v.getTime() - HOTEL_OFFSET_MS))
        : v === null || v === undefined
          ? ''
          : String(v);
    // Empty cells are holes in exceljs's row values: read every column.
    const width = sheet.columnCount;
    const cells = (r: ExcelJS.CellValue[]) => Array.from({ length: width }, (_, i) => asText(r[i]));
    return {
      header: cells(values[0] ?? []),
      rows: values.slice(1).map(cells),
      times: values.slice(1).map((r) => r.filter((v): v is Date => v instanceof Date)),
      rtl: sheet.views[0]?.rightToLeft === true,
      link,
    };
  }

  beforeAll(async () => {
    await t.reset();
    for (const who of ['super', 'secondary', 'staff'] as const)
      tokens[who] = await t.login(DEMO_ACCOUNTS[who]);
    base = Math.floor(t.clock.ms / 1000) * 1000 - 10 * HOUR;
    const stay1101 = await t.db
      .selectFrom('stays')
      .select('id')
      .where('room_id', '=', room('1101'))
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('unlock_records')
      .values([
        {
          hotel_id: t.ids.hotelId,
          room_id: room('1101'),
          mac_id: 'AA0000001101',
          type: 'card',
          opened: true,
          reason: 'guestCard',
          credential: '00012345',
          content: 'Guest card',
          source: 'card 00012345 / Li Wei',
          stay_id: stay1101.id,
          happened_at: new Date(base),
        },
        {
          hotel_id: t.ids.hotelId,
          room_id: room('1101'),
          mac_id: 'AA0000001101',
          type: 'card',
          opened: false,
          reason: 'superseded',
          credential: '00012344',
          content: 'Denied: superseded',
          source: '=HYPERLINK("http://x")',
          happened_at: new Date(base + HOUR),
        },
        {
          hotel_id: t.ids.hotelId,
          room_id: room('2205'),
          mac_id: 'AA0000002205',
          type: 'bluetooth',
          opened: true,
          reason: 'bluetooth',
          operator: 'Front desk',
          happened_at: new Date(base + 2 * HOUR),
        },
      ])
      .execute();
  });

  describe('unlock records', () => {
    for (const format of ['csv', 'xlsx'] as const) {
      it(`${format}: every record in scope, newest first, in the caller's words and hotel time`, async () => {
        const file = await exported('super', 'unlock_records', format);
        const en = exportTexts('en');
        expect(file.header).toEqual(Object.values(en.records));
        expect(file.link.file_name).toMatch(/^unlock-records-\d{4}-\d{2}-\d{2}\.(csv|xlsx)$/);
        expect(file.rows).toEqual([
          [
            hotelTimeText(new Date(base + 2 * HOUR)),
            '2205',
            'AA0000002205',
            'Phone Bluetooth',
            'Opened',
            'Bluetooth unlock from the phone',
            '',
            '',
            '',
            'Front desk',
            '',
            '',
          ],
          [
            hotelTimeText(new Date(base + HOUR)),
            '1101',
            'AA0000001101',
            'Card',
            'Refused',
            'Replaced by a newer card',
            '00012344',
            'Denied: superseded',
            // A cell a spreadsheet would run as a formula stays text: in CSV with an apostrophe, in XLSX as a string.
            format === 'csv' ? `'=HYPERLINK("http://x")` : '=HYPERLINK("http://x")',
            '',
            '',
            '',
          ],
          [
            hotelTimeText(new Date(base)),
            '1101',
            'AA0000001101',
            'Card',
            'Opened',
            'Guest card',
            '00012345',
            'Guest card',
            'card 00012345 / Li Wei',
            '',
            'Li Wei',
            '13900000001',
          ],
        ]);
        if (format === 'xlsx') {
          // Times are real dates showing the hotel's wall clock.
          expect(file.times[2]?.[0]?.getTime()).toBe(base + HOTEL_OFFSET_MS);
        }
      });
    }

    it('headers and values in Chinese; Arabic sheets read right to left', async () => {
      const chs = await exported('super', 'unlock_records', 'xlsx', { result: 'deny' }, 'chs');
      expect(chs.header).toEqual(Object.values(exportTexts('chs').records));
      expect(chs.header[0]).toBe('时间');
      expect(chs.rows.map((r) => [r[3], r[4], r[5]])).toEqual([['房卡', '已拒绝', '已被新卡替换']]);
      expect(chs.rtl).toBe(false);

      const ar = await exported('super', 'unlock_records', 'csv', { type: 'bluetooth' }, 'ar');
      expect(ar.header).toEqual(Object.values(exportTexts('ar').records));
      expect(ar.rows.map((r) => [r[3], r[4]])).toEqual([['بلوتوث الهاتف', 'فُتح']]);
      const arXlsx = await exported('super', 'unlock_records', 'xlsx', {}, 'ar');
      expect(arXlsx.rtl).toBe(true);
      expect(arXlsx.header[0]).toBe('الوقت');
    });

    it("a staff member's file holds only the records of the rooms granted to them", async () => {
      const file = await exported('staff', 'unlock_records', 'csv');
      expect(file.rows.map((r) => r[1])).toEqual(['1101', '1101']);
      // A room outside the scope is refused at once, as lock/checkHistory refuses it.
      expectRefused(
        await create('staff', { kind: 'unlock_records', format: 'csv', filters: { room_id: room('2205') } }),
        'PERMISSION_DENIED',
      );
    });

    it('filters are checked as the list checks them', async () => {
      expectRefused(
        await create('super', { kind: 'unlock_records', format: 'csv', filters: { type: 'teleport' } }),
        'FIELD_INVALID',
        { field: 'type' },
      );
      expectRefused(await create('super', { kind: 'unlock_records', format: 'pdf' }), 'FIELD_INVALID', {
        field: 'format',
      });
      expectRefused(await create('super', { kind: 'rooms', format: 'csv' }), 'FIELD_INVALID', {
        field: 'kind',
      });
      const one = await exported('super', 'unlock_records', 'csv', { room_id: room('2205') });
      expect(one.rows.map((r) => r[1])).toEqual(['2205']);
    });
  });

  describe('guests', () => {
    for (const format of ['csv', 'xlsx'] as const) {
      it(`${format}: the guests with their current stay`, async () => {
        const file = await exported('super', 'guests', format);
        expect(file.header).toEqual(Object.values(exportTexts('en').guests));
        const byMobile = new Map(file.rows.map((r) => [r[1], r]));
        expect(byMobile.size).toBe(8);
        const li = byMobile.get('13900000001') as string[];
        expect([li[0], li[4], li[7]]).toEqual(['Li Wei', '1101', 'Checked in']);
        expect(li[5]).toMatch(/^\d{4}-\d{2}-\d{2} 12:00:00$/);
        // The current stay, else the latest: a reservation, a stay that ended.
        expect([7, 8].map((n) => (byMobile.get(`1390000000${n}`) as string[]).slice(4, 8)[3])).toEqual([
          'Reserved',
          'Checked out',
        ]);
        expect((byMobile.get('13900000007') as string[])[4]).toBe('1104');
      });
    }

    it('in Chinese, filtered, and only the guests of the rooms in scope', async () => {
      const chs = await exported('super', 'guests', 'csv', { in_house: 1, name: 'Li' }, 'chs');
      expect(chs.header[0]).toBe('住客');
      expect(chs.rows.map((r) => [r[0], r[7]])).toEqual([['Li Wei', '已入住']]);
      const staff = await exported('staff', 'guests', 'xlsx');
      // Floor 1 of building 1: the three guests in, the reservation in 1104, the guest who left 1105.
      expect(staff.rows.map((r) => r[1]).sort()).toEqual([
        '13900000001',
        '13900000002',
        '13900000003',
        '13900000007',
        '13900000008',
      ]);
    });
  });

  describe('operation log', () => {
    for (const format of ['csv', 'xlsx'] as const) {
      it(`${format}: the log as operation/list reads it`, async () => {
        const listed = ok(
          await t.call<{ list: { path: string; summary: string }[] }>(
            'operation/list',
            { limit: 100 },
            { token: tokens['secondary'] },
          ),
        );
        const file = await exported('secondary', 'operation_log', format);
        expect(file.header).toEqual(Object.values(exportTexts('en').operations));
        // The file is written after the list was read: the create call of this export is one line more.
        expect(file.rows.slice(1).map((r) => [r[3], r[4]])).toEqual(
          listed.list.map((e) => [e.path, e.summary]),
        );
        expect(file.rows[0]?.[3]).toBe('export/create');
        expect(file.rows[0]?.[5]).toBe('Succeeded');
      });
    }

    it('needs log.view', async () => {
      expectRefused(await create('staff', { kind: 'operation_log', format: 'csv' }), 'PERMISSION_DENIED');
    });
  });

  describe('the download link', () => {
    it('is used once; a second download gets the 410 page in the link language', async () => {
      const link = ok(await create('super', { kind: 'guests', format: 'csv' }, 'chs'));
      expect(link.url).toMatch(/^\/export\/[A-Za-z0-9_-]{43}\.chs$/);
      expect(link.expires_at).toBe(Math.floor(t.clock.ms / 1000) + EXPORT_LINK_SECONDS);
      expect((await get(link.url)).statusCode).toBe(200);
      const again = await get(link.url);
      expect(again.statusCode).toBe(410);
      expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(again.body).toContain(messageFor('chs', 'EXPORT_LINK_EXPIRED'));
    });

    it('expires after 5 minutes', async () => {
      const link = ok(await create('super', { kind: 'guests', format: 'xlsx' }, 'ar'));
      t.clock.advance(EXPORT_LINK_SECONDS * 1000);
      const late = await get(link.url);
      expect(late.statusCode).toBe(410);
      expect(late.body).toContain(messageFor('ar', 'EXPORT_LINK_EXPIRED'));
      expect(late.body).toContain('dir="rtl"');
    });

    it('an unknown link is refused in the browser language', async () => {
      const res = await get('/export/nope', { 'accept-language': 'de-DE,de;q=0.9' });
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain(messageFor('de', 'EXPORT_LINK_EXPIRED'));
      // A HEAD does not use a link up.
      const link = ok(await create('super', { kind: 'guests', format: 'csv' }));
      await t.app.inject({ method: 'HEAD', url: link.url });
      expect((await get(link.url)).statusCode).toBe(200);
    });

    it('HEAD answers as GET without a body (type, length, disposition), under the same rules, and leaves the link', async () => {
      const head = (url: string) => t.app.inject({ method: 'HEAD', url });
      for (const format of ['csv', 'xlsx'] as const) {
        const link = ok(await create('super', { kind: 'guests', format }));
        const looked = await head(link.url);
        expect(looked.statusCode).toBe(200);
        expect(looked.rawPayload).toHaveLength(0);
        expect(looked.headers['content-disposition']).toBe(
          `attachment; filename="${link.file_name}"; filename*=UTF-8''${link.file_name}`,
        );
        expect(looked.headers['cache-control']).toBe('no-store');
        const length = Number(looked.headers['content-length']);
        expect(length).toBeGreaterThan(100);
        // Twice: a HEAD does not use the link up.
        expect((await head(link.url)).headers['content-length']).toBe(String(length));
        const got = await get(link.url);
        expect(got.statusCode).toBe(200);
        expect(looked.headers['content-type']).toBe(got.headers['content-type']);
        // The CSV is the same bytes; the XLSX zip carries the time it was written, so only its size is compared.
        if (format === 'csv') expect(got.rawPayload).toHaveLength(length);
        else expect(Math.abs(got.rawPayload.length - length)).toBeLessThan(64);
        // Used up by the GET: the HEAD is refused as the GET would be.
        const used = await head(link.url);
        expect(used.statusCode).toBe(410);
        expect(used.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(used.rawPayload).toHaveLength(0);
      }
      expect((await head('/export/nope')).statusCode).toBe(410);
      const late = ok(await create('super', { kind: 'guests', format: 'csv' }));
      t.clock.advance(EXPORT_LINK_SECONDS * 1000);
      expect((await head(late.url)).statusCode).toBe(410);
      const token = await t.login(DEMO_ACCOUNTS.super);
      const ended = ok(await t.call<Link>('export/create', { kind: 'guests', format: 'csv' }, { token }));
      ok(await t.call('logout', {}, { token }));
      expect((await head(ended.url)).statusCode).toBe(410);
    });

    it('dies with the session that made it', async () => {
      const token = await t.login(DEMO_ACCOUNTS.super);
      const link = ok(await t.call<Link>('export/create', { kind: 'guests', format: 'csv' }, { token }));
      ok(await t.call('logout', {}, { token }));
      expect((await get(link.url)).statusCode).toBe(410);
    });

    it('one running export per account', async () => {
      const token = await t.login(DEMO_ACCOUNTS.secondary);
      ok(await t.call<Link>('export/create', { kind: 'guests', format: 'csv' }, { token }));
      // A download of the account's that is being written (used, not finished).
      await t.db
        .updateTable('export_links')
        .set({ used_at: new Date(t.clock.ms) })
        .where('user_id', '=', t.ids.users.secondary)
        .where('used_at', 'is', null)
        .execute();
      expectRefused(
        await t.call('export/create', { kind: 'guests', format: 'csv' }, { token }),
        'EXPORT_TOO_MANY',
      );
      await t.db
        .updateTable('export_links')
        .set({ finished_at: new Date(t.clock.ms) })
        .where('user_id', '=', t.ids.users.secondary)
        .execute();
      ok(await t.call<Link>('export/create', { kind: 'guests', format: 'csv' }, { token }));
    });
  });

  it('more rows than one batch, many at the same instant, each written once', async () => {
    const total = BATCH_ROWS * 2 + 345;
    const at = new Date(base - 24 * HOUR);
    await t.db
      .insertInto('unlock_records')
      .values(
        Array.from({ length: total }, (_, i) => ({
          hotel_id: t.ids.hotelId,
          room_id: room('1105'),
          type: 'password',
          credential: `p${i}`,
          // Groups of 700 share an instant, so batch edges fall inside a group.
          happened_at: new Date(at.getTime() - Math.floor(i / 700) * 1000),
        })),
      )
      .execute();
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await exported('super', 'unlock_records', format, { room_id: room('1105') });
      const credentials = file.rows.map((r) => r[6]);
      expect(credentials.length).toBe(total);
      expect(new Set(credentials).size).toBe(total);
    }
  });

  it('a download broken off stops reading rows and frees the account for the next export', async () => {
    // Its own app on a real port: the client must be able to walk away in the middle of the file.
    const own = await openTestApp(t.kind);
    try {
      const ids = own.ids;
      // 10,000 rows of 2 KB: a file larger than every buffer on the way, the kernel's socket buffers included.
      const long = 'x'.repeat(2_000);
      for (let start = 0; start < 10_000; start += 2_500) {
        await own.db
          .insertInto('unlock_records')
          .values(
            Array.from({ length: 2_500 }, (_, k) => ({
              hotel_id: ids.hotelId,
              room_id: ids.rooms['1101'] as number,
              type: 'card',
              content: `${start + k} ${long}`,
              happened_at: new Date(base - (start + k) * 1000),
            })),
          )
          .execute();
      }
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (own.app.server.address() as AddressInfo).port;
      const token = await own.login(DEMO_ACCOUNTS.super);
      const body = { kind: 'unlock_records', format: 'csv' };
      const link = ok(await own.call<Link>('export/create', body, { token }));
      const received = await new Promise<number>((resolve, reject) => {
        const req = http.get(`http://127.0.0.1:${port}${link.url}`, (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.length);
          });
        });
        req.on('error', (e) => ((e as { code?: string }).code === 'ECONNRESET' ? undefined : reject(e)));
      });
      expect(received).toBeGreaterThan(0);
      // The export notices, stops, and is marked finished without a row count.
      await vi.waitFor(
        async () => {
          const row = await own.db
            .selectFrom('export_links')
            .select(['finished_at', 'rows_written'])
            .executeTakeFirstOrThrow();
          expect(row.finished_at).not.toBeNull();
          expect(row.rows_written).toBeNull();
        },
        { timeout: 20_000, interval: 50 },
      );
      ok(await own.call<Link>('export/create', body, { token }));
    } finally {
      await own.close();
    }
  });
});
