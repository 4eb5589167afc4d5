/**
 * What each export kind writes (API.md §11): its filters (those of the list it exports: passenger/list,
 * lock/checkHistory, operation/list — the same schema and the same query builder), its columns and its rows.
 * Rows are read in keyset batches of BATCH_ROWS, in the list's order (newest first), each batch one short query:
 * memory holds one batch at a time, and on PGlite other calls get the connection between two batches.
 *
 * A batch continues after the last row of the one before: (time, id) below the last one's. The time is carried as
 * the database's own text, not as a JS Date, which would round microseconds to milliseconds and skip rows whose
 * time differs from the cursor only below the millisecond.
 */
import { OPERATION_FILTERS } from '@lockdesk/protocol';
import { sql } from 'kysely';
import type { UserContext } from '../../call.js';
import type { ExportKind } from '../../db/schema.js';
import { f, type Schema } from '../../fields.js';
import { type RecordRow, recordColumns } from '../../locks/repository/unlock-records.js';
import { CHECK_HISTORY_FILTERS, checkHistoryQuery } from '../../locks/unlock-records.js';
import { operationLogQuery } from '../../operation-log/service.js';
import { callerScope, inScope, likePattern } from '../../shared/room-views.js';
import { filterGuests, GUEST_FILTERS, guestStays } from '../../stays/guest-filters.js';
import { type ExportTexts, labelOf } from './texts.js';
import type { Cell, Column } from './writers.js';

/** Rows per keyset batch. */
export const BATCH_ROWS = 1_000;

export interface ExportSource {
  /** The filters the export takes: the exported list's own. */
  filters: Schema;
  /** The permission the caller's role must hold. */
  permission: 'room.view' | 'log.view';
  columns(t: ExportTexts): Column[];
  /** Indexes of the columns that hold times. */
  timeColumns: readonly number[];
  /**
   * Checks the filters against the caller (NOT_FOUND / PERMISSION_DENIED / END_BEFORE_START, as the list does) and
   * answers the batches of rows.
   */
  open(ctx: UserContext, filters: Record<string, unknown>, t: ExportTexts): Promise<AsyncIterable<Cell[][]>>;
}

const text = (value: string | null | undefined): string => value ?? '';

const records: ExportSource = {
  filters: CHECK_HISTORY_FILTERS,
  permission: 'room.view',
  columns: (t) => [
    { header: t.records.time, width: 20 },
    { header: t.records.room, width: 12 },
    { header: t.records.lock, width: 14 },
    { header: t.records.type, width: 14 },
    { header: t.records.result, width: 10 },
    { header: t.records.reason, width: 28 },
    { header: t.records.credential, width: 14 },
    { header: t.records.content, width: 28 },
    { header: t.records.source, width: 28 },
    { header: t.records.operator, width: 14 },
    { header: t.records.guest, width: 16 },
    { header: t.records.mobile, width: 14 },
  ],
  timeColumns: [0],
  async open(ctx, filters, t) {
    const base = await checkHistoryQuery(ctx, filters);
    return (async function* () {
      let after: { at: string; id: number } | undefined;
      for (;;) {
        const rows = await base
          .select(recordColumns)
          .select(sql<string>`u.happened_at::text`.as('cursor_at'))
          .$if(after !== undefined, (q) =>
            q.where(sql<boolean>`(u.happened_at, u.id) < (${after?.at}::timestamptz, ${after?.id}::integer)`),
          )
          .orderBy('u.happened_at', 'desc')
          .orderBy('u.id', 'desc')
          .limit(BATCH_ROWS)
          .execute();
        if (rows.length === 0) return;
        yield rows.map((row) => {
          const r = row as RecordRow;
          return [
            r.happened_at,
            text(r.room_name),
            text(r.mac_id ?? r.room_mac_id),
            labelOf(t.types, r.type),
            r.opened ? t.results.open : t.results.deny,
            r.reason === '' ? '' : labelOf(t.reasons, r.reason),
            r.credential,
            r.content,
            r.source,
            r.operator,
            text(r.nickname),
            text(r.mobile),
          ];
        });
        const last = rows[rows.length - 1] as (typeof rows)[number];
        if (rows.length < BATCH_ROWS) return;
        after = { at: last.cursor_at, id: last.id };
      }
    })();
  },
};

const GUEST_EXPORT_FILTERS = { name: f.string({ optional: true, max: 50 }), ...GUEST_FILTERS };

const guests: ExportSource = {
  filters: GUEST_EXPORT_FILTERS,
  permission: 'room.view',
  columns: (t) => [
    { header: t.guests.name, width: 16 },
    { header: t.guests.mobile, width: 14 },
    { header: t.guests.id_number, width: 20 },
    { header: t.guests.nationality, width: 12 },
    { header: t.guests.room, width: 12 },
    { header: t.guests.check_in, width: 20 },
    { header: t.guests.check_out, width: 20 },
    { header: t.guests.status, width: 14 },
    { header: t.guests.registered, width: 20 },
  ],
  timeColumns: [5, 6, 8],
  async open(ctx, filters, t) {
    const body = filters as { name?: string } & Parameters<typeof filterGuests>[2];
    const { hotelId, scope } = callerScope(ctx);
    // passenger/list's query: its filters, and for a room-limited account the guests who stayed in its rooms.
    let base = ctx.db.selectFrom('passengers as p').where('p.hotel_id', '=', hotelId);
    base = await filterGuests(ctx, base, body, hotelId, scope);
    if (scope.kind !== 'all') {
      base = base.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('stays as s')
            .innerJoin('rooms as r', 'r.id', 's.room_id')
            .select('s.id')
            .whereRef('s.passenger_id', '=', 'p.id')
            .where(inScope(scope, hotelId)),
        ),
      );
    }
    if (body.name) {
      const like = likePattern(body.name);
      base = base.where((eb) =>
        eb.or([eb('p.nickname', 'ilike', like), eb('p.mobile', 'like', like), eb('p.name', 'ilike', like)]),
      );
    }
    return (async function* () {
      let after: number | undefined;
      for (;;) {
        const rows = await base
          .select([
            'p.id',
            'p.nickname',
            'p.name',
            'p.mobile',
            'p.id_number',
            'p.nationality',
            'p.created_at',
          ])
          .$if(after !== undefined, (q) => q.where('p.id', '<', after as number))
          .orderBy('p.id', 'desc')
          .limit(BATCH_ROWS)
          .execute();
        if (rows.length === 0) return;
        const stays = await guestStays(
          ctx,
          rows.map((p) => p.id),
          hotelId,
          scope,
        );
        yield rows.map((p) => {
          const stay = stays.get(p.id);
          return [
            p.nickname || p.name,
            p.mobile,
            p.id_number,
            p.nationality,
            stay?.room_name ?? '',
            stay ? new Date(stay.check_in_time * 1000) : null,
            stay ? new Date(stay.estimated_check_out * 1000) : null,
            stay ? labelOf(t.stayStatus, stay.status) : '',
            p.created_at,
          ];
        });
        if (rows.length < BATCH_ROWS) return;
        after = (rows[rows.length - 1] as (typeof rows)[number]).id;
      }
    })();
  },
};

const operations: ExportSource = {
  filters: OPERATION_FILTERS,
  permission: 'log.view',
  columns: (t) => [
    { header: t.operations.time, width: 20 },
    { header: t.operations.account, width: 16 },
    { header: t.operations.mobile, width: 14 },
    { header: t.operations.call, width: 26 },
    { header: t.operations.summary, width: 40 },
    { header: t.operations.result, width: 10 },
    { header: t.operations.code, width: 22 },
    { header: t.operations.ip, width: 16 },
    { header: t.operations.client, width: 24 },
    { header: t.operations.user_agent, width: 40 },
  ],
  timeColumns: [0],
  async open(ctx, filters, t) {
    const base = await operationLogQuery(ctx, filters);
    return (async function* () {
      let after: { at: string; id: number } | undefined;
      for (;;) {
        const rows = await base
          .select([
            'l.id',
            'l.created_at',
            'u.mobile',
            'u.nickname',
            'l.path',
            'l.summary',
            'l.errno',
            'l.code',
            'l.ip',
            'l.client_uuid',
            'l.user_agent',
          ])
          .select(sql<string>`l.created_at::text`.as('cursor_at'))
          .$if(after !== undefined, (q) =>
            q.where(sql<boolean>`(l.created_at, l.id) < (${after?.at}::timestamptz, ${after?.id}::integer)`),
          )
          .orderBy('l.created_at', 'desc')
          .orderBy('l.id', 'desc')
          .limit(BATCH_ROWS)
          .execute();
        if (rows.length === 0) return;
        yield rows.map((r) => [
          r.created_at,
          text(r.nickname),
          text(r.mobile),
          r.path,
          r.summary,
          r.errno === 0 ? t.callResult.ok : t.callResult.refused,
          text(r.code),
          text(r.ip),
          text(r.client_uuid),
          text(r.user_agent),
        ]);
        if (rows.length < BATCH_ROWS) return;
        const last = rows[rows.length - 1] as (typeof rows)[number];
        after = { at: last.cursor_at, id: last.id };
      }
    })();
  },
};

export const EXPORT_SOURCES: Record<ExportKind, ExportSource> = {
  guests,
  unlock_records: records,
  operation_log: operations,
};

/** The file's name: `unlock-records-2026-11-25.xlsx` (the date in hotel time). */
export function exportFileName(kind: ExportKind, format: string, hotelDate: string): string {
  return `${kind.replace(/_/g, '-')}-${hotelDate}.${format}`;
}
