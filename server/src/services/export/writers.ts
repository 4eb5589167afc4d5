/**
 * The two file writers of an export (API.md §11): CSV through csv-stringify and XLSX through exceljs's streaming
 * WorkbookWriter. Both write into `out` (the HTTP answer) and honour its backpressure: `write(rows)` resolves only
 * once the pipeline below it can take more, so a slow download holds the reading of further rows instead of
 * piling them up in memory.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { CARD_TIME_OFFSET_SECONDS } from '@lockdesk/protocol';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

/** A cell: text, a number, an instant (written in hotel time) or empty. */
export type Cell = string | number | Date | null;

export interface Column {
  header: string;
  /** Width in characters in the XLSX sheet. */
  width: number;
}

export interface SheetWriter {
  /** Writes rows; resolves when the file's pipeline can take more. */
  write(rows: readonly Cell[][]): Promise<void>;
  /** Finishes the file (the answer ends once its last bytes are read). */
  end(): Promise<void>;
}

/** The hotel's clock: UTC+08:00 (Asia/Shanghai, no daylight saving since 1991; domain/time.ts). */
const HOTEL_OFFSET_MS = CARD_TIME_OFFSET_SECONDS * 1000;

/** 'YYYY-MM-DD HH:mm:ss' in hotel time. */
export function hotelTimeText(at: Date): string {
  return new Date(at.getTime() + HOTEL_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A text a spreadsheet would run as a formula (= + - @, or a tab or return first: CSV injection) is written with a
 * leading apostrophe, which spreadsheets show as text. Guest names and operation summaries are typed by people.
 */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

interface WritableLike {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
  destroyed?: boolean;
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
}

const needsDrain = (s: WritableLike): boolean => s.writableNeedDrain ?? s._writableState?.needDrain ?? false;

/** Resolves when the stream has room again; rejects when it closes or fails first (the download broke off). */
function room(stream: WritableLike): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('the download was closed'));
  if (!needsDrain(stream)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const finish = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      stream.off('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => finish();
    const onClose = () => finish(new Error('the download was closed'));
    const onError = (e: unknown) => finish(e instanceof Error ? e : new Error(String(e)));
    stream.once('drain', onDrain);
    stream.once('close', onClose);
    stream.once('error', onError);
  });
}

/** A promise that rejects once `out` is closed (a download broken off, or the end of the answer). */
function whenClosed(out: Writable): Promise<never> {
  const closed = new Promise<never>((_resolve, reject) => {
    if (out.destroyed) reject(new Error('the download was closed'));
    out.once('close', () => reject(new Error('the download was closed')));
  });
  closed.catch(() => undefined);
  return closed;
}

/**
 * Waits for room in each inner stream, then in `out`; rejects as soon as `out` is closed (a download broken off
 * leaves the inner streams full for ever).
 */
async function roomIn(inner: readonly WritableLike[], out: Writable, closed: Promise<never>): Promise<void> {
  for (const stream of inner) await Promise.race([room(stream), closed]);
  await room(out);
}

const csvCell = (cell: Cell): string => {
  if (cell === null) return '';
  if (cell instanceof Date) return hotelTimeText(cell);
  if (typeof cell === 'number') return String(cell);
  return safeText(cell);
};

/** CSV, UTF-8 with a byte-order mark (so Excel reads Chinese and Arabic right), CRLF line ends, header first. */
export function csvWriter(out: Writable, columns: readonly Column[]): SheetWriter {
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  csv.pipe(out);
  const closed = whenClosed(out);
  csv.write(columns.map((c) => safeText(c.header)));
  return {
    async write(rows) {
      for (const row of rows) csv.write(row.map(csvCell));
      await roomIn([csv], out, closed);
    },
    async end() {
      const ended = once(csv, 'end');
      csv.end();
      await ended;
    },
  };
}

/** An instant as Excel shows it: Excel has no time zones, so the hotel's wall-clock time is written as if UTC. */
const excelTime = (at: Date): Date => new Date(at.getTime() + HOTEL_OFFSET_MS);

/** XLSX, one sheet, inline strings (no shared-string table held in memory), times as real dates. */
export function xlsxWriter(
  out: Writable,
  columns: readonly Column[],
  options: { sheetName: string; rightToLeft: boolean; timeColumns: readonly number[] },
): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  // Sheet names are at most 31 characters and some characters are not allowed.
  const sheet = workbook.addWorksheet(options.sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: options.rightToLeft }],
  });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    ...(options.timeColumns.includes(i) ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  // The sheet's XML goes through exceljs's buffer into the zip's deflate stream, which does not tell exceljs when
  // it is full: look at that stream (the buffer's pipe) and wait for it as for the answer itself.
  const closed = whenClosed(out);
  const sheetStream = (sheet as unknown as { stream: { pipes?: WritableLike[] } }).stream;
  return {
    async write(rows) {
      for (const row of rows) {
        sheet.addRow(row.map((cell) => (cell instanceof Date ? excelTime(cell) : cell))).commit();
      }
      await roomIn(sheetStream.pipes ?? [], out, closed);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
