/**
 * Unlock records (spec §3 'Unlock record': time, content, from, type, operator; contract B of issue 8, contract D of
 * issue 10), as the locks report them (the device API writes them; read here). Choices where the spec is silent:
 * - every list is newest first and holds only records of rooms in the caller's scope: a super administrator sees
 *   the hotel's, a secondary administrator or staff member those of the rooms assigned to them; a record whose
 *   room is gone is seen by the super administrator only;
 * - room/openHistoryByPeople and lock/checkHistory find a person by a stay (its records) or by a mobile: every
 *   stay of the hotel whose guest or fellow guest has that mobile;
 * - `keyword` searches content, from, credential, operator, room name and the stay's guest (name or mobile);
 * - `result` keeps the doors that opened (`open`) or stayed shut (`deny`).
 * The filtered query (checkHistoryQuery) and the answer's columns (repository/unlock-records.ts recordColumns) are
 * exported for the unlock-record export, which streams the same rows.
 */
import { type CHECK_HISTORY_FILTERS, unlockRecordCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import { failure } from '../errors.js';
import type { Infer } from '../fields.js';
import { findStay } from '../shared/credential-common.js';
import { callerScope, normaliseMac } from '../shared/room-views.js';
import {
  pageOfRecords,
  type RecordQuery,
  recordsInScope,
  whereRecordFilters,
} from './repository/unlock-records.js';

export { CHECK_HISTORY_FILTERS } from '@lockdesk/protocol';

export type CheckHistoryFilters = Infer<typeof CHECK_HISTORY_FILTERS>;

/**
 * The records lock/checkHistory answers, filtered and scoped (not ordered, not paged): NOT_FOUND for a room or
 * stay of another hotel, PERMISSION_DENIED for one out of the caller's scope, END_BEFORE_START for a reversed period.
 */
export async function checkHistoryQuery(ctx: UserContext, body: CheckHistoryFilters): Promise<RecordQuery> {
  if (body.start_time && body.end_time && body.end_time < body.start_time) {
    throw failure('END_BEFORE_START', { field: 'end_time' });
  }
  const { hotelId, scope } = callerScope(ctx);
  const q = recordsInScope(ctx.db, hotelId, scope);
  const roomId =
    body.room_id === undefined ? undefined : (await ctx.requireRoom(body.room_id, 'room.view')).id;
  let stayId: number | undefined;
  if (body.stay_id !== undefined) {
    const stay = await findStay(ctx, body.stay_id);
    await ctx.requireRoom(stay.room_id, 'room.view');
    stayId = stay.id;
  }
  return whereRecordFilters(
    q,
    {
      roomId,
      mac: body.mac_id === undefined ? undefined : (normaliseMac(body.mac_id) as string),
      stayId,
      mobile: body.mobile,
      type: body.type,
      result: body.result,
      start: body.start_time,
      end: body.end_time,
      keyword: body.keyword,
    },
    hotelId,
  );
}

/** Registers room/openHistory, room/openHistoryByPeople and lock/checkHistory. */
export function unlockRecordRoutes(app: FastifyInstance): void {
  defineCall(app, unlockRecordCalls.openHistory, {
    handler: async (ctx, body) => pageOfRecords(await checkHistoryQuery(ctx, body), body),
  });

  defineCall(app, unlockRecordCalls.openHistoryByPeople, {
    handler: async (ctx, body) => {
      if (body.stay_id === undefined && body.mobile === undefined) {
        throw failure('FIELD_REQUIRED', { field: 'stay_id' });
      }
      return pageOfRecords(await checkHistoryQuery(ctx, body), body);
    },
  });

  defineCall(app, unlockRecordCalls.checkHistory, {
    handler: async (ctx, body) => pageOfRecords(await checkHistoryQuery(ctx, body), body),
  });
}
