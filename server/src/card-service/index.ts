/**
 * The card-service API (spec §7 'Second client'; API.md §18): plain HTTP routes on this server and database for a
 * PMS or kiosk that issues room cards from outside the console, signed in with an API key (auth/api-keys.ts; made
 * on the console's page, integrations/). Registered by app.ts as an encapsulated plugin. Each route is its contract's
 * (@lockdesk/protocol's cardServiceCalls: method, path, input and answer schemas, answer type); this module holds
 * the handlers, http.ts the one way of answering and knowing the caller, repository.ts the SQL.
 *
 * A room card is written exactly as the console writes one (routes/card-issue.ts planCard / confirmCard): nothing is
 * issued until the read-back matched the plan byte for byte.
 *
 * Choices where the spec is silent: a card may be written for a room without a LockDesk stay (the PMS keeps its own
 * guests) with an explicit validity, or for a stay with the stay's period; the records are the hotel's (every key),
 * and a key deletes only cards written through the API.
 */
import { randomBytes } from 'node:crypto';
import {
  CARD_TYPE,
  cardServiceCalls,
  checkCardExpiry,
  type ErrorCode,
  type ServiceRecord,
  CARD_UID_PATTERN as UID_PATTERN,
} from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { answerFailure } from '../answers.js';
import { findApiKey } from '../auth/api-keys.js';
import { hashToken } from '../auth/sessions.js';
import type { UserContext } from '../call.js';
import { lockSyncOf } from '../cards/repository/key-cards.js';
import { confirmCard, expirePlans, planCard, retireCard } from '../cards/service.js';
import type { CardStatus } from '../db/schema.js';
import { failure } from '../errors.js';
import { checkBody, epochSeconds, f, pageFields, pageOf, parseInstant } from '../fields.js';
import { APP_SERVICES } from '../services/plugin.js';
import { requestLanguage, requireKeyHolder, type ServiceContext, serviceDeps, serviceRoute } from './http.js';
import {
  addServiceCard,
  addServiceToken,
  dropExpiredServiceTokens,
  findHotelStay,
  findKeyCreator,
  findRecord,
  findRecordBy,
  hotelRoomsPage,
  markKeyUsed,
  openStaysOfRooms,
  type RecordRow,
  recordsPage,
} from './repository.js';

/** How long a card-service token is valid. */
export const TOKEN_SECONDS = 2 * 60 * 60;

/** The caller of a token route (set by http.ts before the handler runs). */
function caller(s: ServiceContext): UserContext {
  if (!s.ctx || !s.key) throw failure('LOGIN_EXPIRED');
  return s.ctx;
}

/** The refusal of deleting a card that is no longer issued: its state, in the catalogue's words. */
const ENDED_CARD: Record<Exclude<CardStatus, 'issued' | 'pending'>, ErrorCode> = {
  deleted: 'CARD_ALREADY_DELETED',
  withdrawn: 'CARD_ALREADY_WITHDRAWN',
  void: 'CARD_NEVER_ISSUED',
};

/** A card written through the API, as answered. */
function recordView(row: RecordRow): ServiceRecord {
  return {
    id: row.id,
    card_id: row.card_number,
    status: row.status,
    room_id: row.room_id,
    room_name: row.room_name,
    stay_id: row.stay_id,
    guest_name: row.guest_name,
    uid: row.uid,
    start_time: epochSeconds(row.start_time),
    end_time: epochSeconds(row.end_time),
    issued_at: epochSeconds(row.issued_at),
    created_at: epochSeconds(row.created_at),
    key_prefix: row.key_prefix,
    lock_sync: lockSyncOf(row),
  };
}

async function loadRecord(ctx: UserContext, id: number): Promise<RecordRow> {
  const row = await findRecord(ctx.db, ctx.requireHotelId(), id);
  if (!row) throw failure('NOT_FOUND');
  return row;
}

/** A time field of the API: seconds, milliseconds, ISO or hotel-time text; FIELD_INVALID otherwise. */
function instant(value: unknown, field: string): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const at = parseInstant(value);
  if (!at) throw failure('FIELD_INVALID', { field });
  return at;
}

async function cardServiceDoor(app: FastifyInstance): Promise<void> {
  // What reaches this handler was refused before a route's own (a body too large); the routes answer the rest.
  app.setErrorHandler((error, request, reply) =>
    answerFailure(reply, 'card-service', error, requestLanguage(request)),
  );
  const deps = serviceDeps(app);

  serviceRoute(app, deps, cardServiceCalls.login, async (s, input) => {
    const text = String(input.api_key ?? '');
    if (text.trim() === '') throw failure('FIELD_REQUIRED', { field: 'api_key' });
    const key = await findApiKey(app.db, text);
    if (!key || key.revoked_at !== null) throw failure('API_KEY_INVALID');
    const user = await findKeyCreator(app.db, key.user_id);
    s.setKey(
      { id: key.id, hotelId: key.hotel_id, prefix: key.key_prefix, name: key.name, userId: key.user_id },
      { id: key.user_id },
    );
    await requireKeyHolder(
      app,
      {
        id: user.id,
        frozen: user.frozen,
        role: user.role,
        hotelId: user.hotel_id,
        authorities: Array.isArray(user.authorities) ? user.authorities.map(String) : [],
        serviceEndsAt: user.ends === null ? null : new Date(user.ends),
      },
      key.hotel_id,
    );
    const token = `ldt_${randomBytes(32).toString('hex')}`;
    const now = app.config.now();
    await addServiceToken(app.db, {
      hash: hashToken(token),
      keyId: key.id,
      ip: s.request.ip,
      expiresAt: new Date(now + TOKEN_SECONDS * 1000),
      createdAt: new Date(now),
    });
    await markKeyUsed(app.db, key.id, new Date(now));
    // Spent tokens of the key are swept here rather than by a timer.
    await dropExpiredServiceTokens(app.db, key.id, new Date(now));
    s.audit('signed in to the card-service API');
    return {
      token,
      token_type: 'Bearer' as const,
      expires_in: TOKEN_SECONDS,
      hotel_id: key.hotel_id,
      key_prefix: key.key_prefix,
    };
  });

  serviceRoute(app, deps, cardServiceCalls.rooms, async (s, input) => {
    const ctx = caller(s);
    const hotelId = ctx.requireHotelId();
    if (Number(input.hotel_id) !== hotelId) throw failure('PERMISSION_DENIED');
    const body = checkBody({ keyword: f.string({ max: 50, optional: true }), ...pageFields }, input);
    const { page, limit, offset } = pageOf(body);
    const { rows, total } = await hotelRoomsPage(ctx.db, hotelId, body.keyword?.trim() || undefined, {
      limit,
      offset,
    });
    const stays =
      rows.length === 0
        ? []
        : await openStaysOfRooms(
            ctx.db,
            hotelId,
            rows.map((r) => r.id),
          );
    return {
      list: rows.map((r) => {
        const stay =
          stays.find((st) => st.room_id === r.id && st.status === 'active') ??
          stays.find((st) => st.room_id === r.id);
        return {
          room_id: r.id,
          name: r.name,
          building: r.building,
          floor: r.floor,
          group_name: r.group_name,
          mac_id: r.mac_id,
          status: r.status,
          stay: stay
            ? {
                stay_id: stay.id,
                guest_name: stay.nickname || stay.mobile,
                check_in: epochSeconds(stay.check_in),
                check_out: epochSeconds(stay.check_out),
                status: stay.status,
              }
            : null,
        };
      }),
      total,
      page,
      limit,
    };
  });

  serviceRoute(app, deps, cardServiceCalls.writeCard, async (s, input) => {
    const ctx = caller(s);
    const key = s.key as NonNullable<ServiceContext['key']>;
    const uid = String(input.card_uid ?? '');
    if (uid === '') throw failure('FIELD_REQUIRED', { field: 'card_uid' });
    if (!UID_PATTERN.test(uid)) throw failure('FIELD_INVALID', { field: 'card_uid' });
    await expirePlans(ctx);
    if ((input.step ?? 'plan') === 'confirm') {
      const body = checkBody(
        { id: f.id(), card_uid: f.string({ pattern: UID_PATTERN }), blocks: f.object() },
        input,
      );
      // Only plans made through the API are confirmed here (a console plan is the console's to confirm).
      await loadRecord(ctx, body.id);
      const card = await confirmCard(ctx, body);
      s.audit(
        `room card ${card.card_id}${card.room_name ? ` (room ${card.room_name})` : ''} issued on UID ${card.uid}`,
      );
      return {
        step: 'confirm' as const,
        id: card.id,
        card_id: card.card_id,
        // A confirmed card has its UID (the one read back).
        uid: card.uid as string,
        record: recordView(await loadRecord(ctx, card.id)),
      };
    }
    const body = checkBody(
      {
        room_id: f.id(),
        stay_id: f.id({ optional: true }),
        guest_name: f.string({ max: 64, optional: true }),
        unsubscribe_old: f.bool({ optional: true }),
      },
      input,
    );
    const room = await ctx.requireRoom(body.room_id, 'credential.manage');
    if (!room.mac_id) throw failure('ROOM_HAS_NO_LOCK');
    let start = instant(input.start_time, 'start_time');
    let end = instant(input.end_time, 'end_time');
    let guest = body.guest_name?.trim() ?? '';
    let unsubscribeOld = body.unsubscribe_old ?? false;
    if (body.stay_id !== undefined) {
      const stay = await findHotelStay(ctx.db, room.hotel_id, body.stay_id);
      if (!stay || stay.room_id !== room.id) throw failure('NOT_FOUND');
      if (stay.status !== 'active' && stay.status !== 'reserved') throw failure('STAY_CLOSED');
      if (stay.frozen) throw failure('TENANT_FROZEN');
      start ??= stay.check_in;
      end ??= stay.check_out;
      guest ||= stay.nickname || stay.mobile;
      unsubscribeOld = body.unsubscribe_old ?? stay.disable_old_cards;
    }
    start ??= ctx.now();
    if (!end) throw failure('CARD_EXPIRY_REQUIRED', { field: 'end_time' });
    const refused = checkCardExpiry(end.getTime(), ctx.now().getTime());
    if (refused) throw failure(refused, { field: 'end_time' });
    if (end.getTime() <= start.getTime()) throw failure('END_BEFORE_START', { field: 'end_time' });
    const plan = await planCard(ctx, {
      type: CARD_TYPE.normal,
      uid: uid.toUpperCase(),
      start,
      end,
      note: guest ? `API ${key.prefix}: ${guest}`.slice(0, 64) : `API ${key.prefix}`,
      stayId: body.stay_id ?? null,
      room,
      building: room.building,
      floor: room.floor,
      unsubscribeOld,
    });
    await addServiceCard(ctx.db, {
      cardId: plan.id,
      hotelId: room.hotel_id,
      keyId: key.id,
      keyPrefix: key.prefix,
      guestName: guest,
      createdAt: ctx.now(),
    });
    s.audit(`room card ${plan.card_id} (room ${room.name}) planned for UID ${plan.uid}`);
    return {
      step: 'plan' as const,
      id: plan.id,
      card_id: plan.card_id,
      uid: plan.uid,
      expires_at: plan.expires_at,
      writes: plan.writes,
      verify: plan.verify,
      record: recordView(await loadRecord(ctx, plan.id)),
    };
  });

  serviceRoute(app, deps, cardServiceCalls.deleteCard, async (s, input) => {
    const ctx = caller(s);
    const body = checkBody(
      {
        id: f.id({ optional: true }),
        card_id: f.string({ max: 10, pattern: /^\d+$/, optional: true }),
      },
      input,
    );
    if (body.id === undefined && body.card_id === undefined) throw failure('FIELD_REQUIRED', { field: 'id' });
    await expirePlans(ctx);
    const row = await findRecordBy(ctx.db, ctx.requireHotelId(), { id: body.id, cardNumber: body.card_id });
    if (!row) throw failure('NOT_FOUND');
    // A card no longer issued is refused with its real state, not as a stranger's card.
    if (row.status !== 'issued' && row.status !== 'pending') throw failure(ENDED_CARD[row.status]);
    if (row.room_id !== null) await ctx.requireRoom(row.room_id, 'credential.manage');
    await retireCard(ctx, row, 'deleted');
    s.audit(`room card ${row.card_number}${row.room_name ? ` (room ${row.room_name})` : ''} deleted`);
    return recordView(await loadRecord(ctx, row.id));
  });

  serviceRoute(app, deps, cardServiceCalls.records, async (s, input) => {
    const ctx = caller(s);
    const body = checkBody(
      {
        room_id: f.id({ optional: true }),
        status: f.enum(['pending', 'issued', 'withdrawn', 'deleted', 'void'] as const, { optional: true }),
        ...pageFields,
      },
      input,
    );
    await expirePlans(ctx);
    const { page, limit, offset } = pageOf(body);
    const { rows, total } = await recordsPage(
      ctx.db,
      ctx.requireHotelId(),
      { roomId: body.room_id, status: body.status },
      { limit, offset },
    );
    return { list: rows.map(recordView), total, page, limit };
  });
}

/** The card-service front door, encapsulated: its routes and the answer of what they never reach. */
export const cardServiceDoorPlugin = fp(cardServiceDoor, {
  name: 'card-service-door',
  dependencies: [APP_SERVICES],
  encapsulate: true,
});
