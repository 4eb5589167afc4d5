/**
 * The card-service API (spec §7 'Second client'; API.md §18): plain HTTP routes on this server and database for a
 * PMS or kiosk that issues room cards from outside the console, signed in with an API key (auth/api-keys.ts; made
 * on the console's page, routes/api-keys.ts). Registered by app.ts as an encapsulated plugin.
 *
 *   POST /auth/login {api_key}                → a bearer token (2 h)
 *   GET  /linQuan/getRoomListByHotelId        → the hotel's rooms, paged, with the current stay
 *   POST /linQuan/writeRoomCard               → plan (blocks to write) / confirm (the read-back)
 *   POST /linQuan/deleteRoomCard              → cancel a card written through the API
 *   POST /linQuan/getAuthorizationRecord      → the cards written through the API, paged, with their state
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
  checkCardExpiry,
  type ErrorCode,
  CARD_UID_PATTERN as UID_PATTERN,
} from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { answerFailure } from '../answers.js';
import { findApiKey } from '../auth/api-keys.js';
import { hashToken } from '../auth/sessions.js';
import type { UserContext } from '../call.js';
import { type CardRow, cardQuery, lockSyncOf } from '../cards/repository/key-cards.js';
import { confirmCard, expirePlans, planCard, retireCard } from '../cards/service.js';
import type { CardStatus } from '../db/schema.js';
import { failure } from '../errors.js';
import { checkBody, epochSeconds, f, pageFields, pageOf, parseInstant } from '../fields.js';
import { APP_SERVICES } from '../services/plugin.js';
import { serviceEndsSql } from '../services/service-period.js';
import { likePattern } from '../shared/room-views.js';
import { requestLanguage, requireKeyHolder, type ServiceContext, serviceDeps, serviceRoute } from './http.js';
import { deleteSchema, loginSchema, recordsSchema, roomsSchema, writeSchema } from './schemas.js';

/** How long a card-service token is valid. */
export const TOKEN_SECONDS = 2 * 60 * 60;

/** The caller of a token route (set by http.ts before the handler runs). */
function caller(s: ServiceContext): UserContext {
  if (!s.ctx || !s.key) throw failure('LOGIN_EXPIRED');
  return s.ctx;
}

/** The rows of the authorisation records: cards written through the API, with room and key. */
function recordQuery(ctx: UserContext) {
  return cardQuery(ctx.db)
    .innerJoin('card_service_cards as w', 'w.card_id', 'c.id')
    .select(['w.guest_name', 'w.key_prefix'])
    .where('w.hotel_id', '=', ctx.requireHotelId());
}

type RecordRow = CardRow & { guest_name: string; key_prefix: string };

/** The refusal of deleting a card that is no longer issued: its state, in the catalogue's words. */
const ENDED_CARD: Record<Exclude<CardStatus, 'issued' | 'pending'>, ErrorCode> = {
  deleted: 'CARD_ALREADY_DELETED',
  withdrawn: 'CARD_ALREADY_WITHDRAWN',
  void: 'CARD_NEVER_ISSUED',
};

/** A card written through the API, as answered. */
function recordView(row: RecordRow) {
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

async function loadRecord(ctx: UserContext, id: number) {
  const row = await recordQuery(ctx).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw failure('NOT_FOUND');
  return row as RecordRow;
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

  serviceRoute(app, deps, {
    method: 'POST',
    url: '/auth/login',
    auth: 'public',
    mutates: true,
    schema: loginSchema,
    handler: async (s, input) => {
      const text = String(input['api_key'] ?? '');
      if (text.trim() === '') throw failure('FIELD_REQUIRED', { field: 'api_key' });
      const key = await findApiKey(app.db, text);
      if (!key || key.revoked_at !== null) throw failure('API_KEY_INVALID');
      const user = await app.db
        .selectFrom('users as u')
        .select(['u.id', 'u.role', 'u.hotel_id', 'u.frozen', 'u.authorities', serviceEndsSql.as('ends')])
        .where('u.id', '=', key.user_id)
        .executeTakeFirstOrThrow();
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
      await app.db
        .insertInto('card_service_tokens')
        .values({
          token_hash: hashToken(token),
          api_key_id: key.id,
          ip: s.request.ip,
          expires_at: new Date(now + TOKEN_SECONDS * 1000),
          created_at: new Date(now),
        })
        .execute();
      await app.db
        .updateTable('api_keys')
        .set({ last_used_at: new Date(now) })
        .where('id', '=', key.id)
        .execute();
      // Spent tokens of the key are swept here rather than by a timer.
      await app.db
        .deleteFrom('card_service_tokens')
        .where('api_key_id', '=', key.id)
        .where('expires_at', '<=', new Date(now))
        .execute();
      s.audit('signed in to the card-service API');
      return {
        token,
        token_type: 'Bearer',
        expires_in: TOKEN_SECONDS,
        hotel_id: key.hotel_id,
        key_prefix: key.key_prefix,
      };
    },
  });

  serviceRoute(app, deps, {
    method: 'GET',
    url: '/linQuan/getRoomListByHotelId',
    auth: 'token',
    mutates: false,
    schema: roomsSchema,
    handler: async (s, input) => {
      const ctx = caller(s);
      const hotelId = ctx.requireHotelId();
      if (Number(input['hotel_id']) !== hotelId) throw failure('PERMISSION_DENIED');
      const body = checkBody(
        {
          keyword: f.string({ max: 50, optional: true }),
          ...pageFields,
        },
        input,
      );
      const { page, limit, offset } = pageOf(body);
      let q = ctx.db
        .selectFrom('rooms as r')
        .leftJoin('room_categories as g', 'g.id', 'r.category_id')
        .where('r.hotel_id', '=', hotelId);
      if (body.keyword?.trim()) q = q.where('r.name', 'ilike', likePattern(body.keyword.trim()));
      const [rows, count] = await Promise.all([
        q
          .select(['r.id', 'r.name', 'r.building', 'r.floor', 'r.mac_id', 'r.status', 'g.name as group_name'])
          .orderBy('r.name_key')
          .orderBy('r.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const stays =
        rows.length === 0
          ? []
          : await ctx.db
              .selectFrom('stays')
              .select(['id', 'room_id', 'nickname', 'mobile', 'check_in', 'check_out', 'status'])
              .where('hotel_id', '=', hotelId)
              .where(
                'room_id',
                'in',
                rows.map((r) => r.id),
              )
              .where('status', 'in', ['active', 'reserved'])
              .orderBy('check_in')
              .execute();
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
        total: Number(count.n),
        page,
        limit,
      };
    },
  });

  serviceRoute(app, deps, {
    method: 'POST',
    url: '/linQuan/writeRoomCard',
    auth: 'token',
    mutates: true,
    schema: writeSchema,
    handler: async (s, input) => {
      const ctx = caller(s);
      const key = s.key as NonNullable<ServiceContext['key']>;
      const uid = String(input['card_uid'] ?? '');
      if (uid === '') throw failure('FIELD_REQUIRED', { field: 'card_uid' });
      if (!UID_PATTERN.test(uid)) throw failure('FIELD_INVALID', { field: 'card_uid' });
      await expirePlans(ctx);
      if ((input['step'] ?? 'plan') === 'confirm') {
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
          step: 'confirm',
          id: card.id,
          card_id: card.card_id,
          uid: card.uid,
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
      let start = instant(input['start_time'], 'start_time');
      let end = instant(input['end_time'], 'end_time');
      let guest = body.guest_name?.trim() ?? '';
      let unsubscribeOld = body.unsubscribe_old ?? false;
      if (body.stay_id !== undefined) {
        const stay = await ctx.db
          .selectFrom('stays')
          .selectAll()
          .where('id', '=', body.stay_id)
          .where('hotel_id', '=', room.hotel_id)
          .executeTakeFirst();
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
      await ctx.db
        .insertInto('card_service_cards')
        .values({
          card_id: plan.id,
          hotel_id: room.hotel_id,
          api_key_id: key.id,
          key_prefix: key.prefix,
          guest_name: guest,
          created_at: ctx.now(),
        })
        .execute();
      s.audit(`room card ${plan.card_id} (room ${room.name}) planned for UID ${plan.uid}`);
      return {
        step: 'plan',
        id: plan.id,
        card_id: plan.card_id,
        uid: plan.uid,
        expires_at: plan.expires_at,
        writes: plan.writes,
        verify: plan.verify,
        record: recordView(await loadRecord(ctx, plan.id)),
      };
    },
  });

  serviceRoute(app, deps, {
    method: 'POST',
    url: '/linQuan/deleteRoomCard',
    auth: 'token',
    mutates: true,
    schema: deleteSchema,
    handler: async (s, input) => {
      const ctx = caller(s);
      const body = checkBody(
        {
          id: f.id({ optional: true }),
          card_id: f.string({ max: 10, pattern: /^\d+$/, optional: true }),
        },
        input,
      );
      if (body.id === undefined && body.card_id === undefined)
        throw failure('FIELD_REQUIRED', { field: 'id' });
      await expirePlans(ctx);
      let q = recordQuery(ctx);
      if (body.id !== undefined) q = q.where('c.id', '=', body.id);
      if (body.card_id !== undefined) q = q.where('c.card_number', '=', body.card_id);
      const row = (await q.orderBy('c.id', 'desc').executeTakeFirst()) as RecordRow | undefined;
      if (!row) throw failure('NOT_FOUND');
      // A card no longer issued is refused with its real state, not as a stranger's card.
      if (row.status !== 'issued' && row.status !== 'pending') throw failure(ENDED_CARD[row.status]);
      if (row.room_id !== null) await ctx.requireRoom(row.room_id, 'credential.manage');
      await retireCard(ctx, row, 'deleted');
      s.audit(`room card ${row.card_number}${row.room_name ? ` (room ${row.room_name})` : ''} deleted`);
      return recordView(await loadRecord(ctx, row.id));
    },
  });

  serviceRoute(app, deps, {
    method: 'POST',
    url: '/linQuan/getAuthorizationRecord',
    auth: 'token',
    mutates: false,
    schema: recordsSchema,
    handler: async (s, input) => {
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
      let q = recordQuery(ctx);
      if (body.room_id !== undefined) q = q.where('c.room_id', '=', body.room_id);
      if (body.status !== undefined) q = q.where('c.status', '=', body.status);
      const [rows, count] = await Promise.all([
        q.orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
        q.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => recordView(r as RecordRow)),
        total: Number(count.n),
        page,
        limit,
      };
    },
  });
}

/** The card-service front door, encapsulated: its routes and the answer of what they never reach. */
export const cardServiceDoorPlugin = fp(cardServiceDoor, {
  name: 'card-service-door',
  dependencies: [APP_SERVICES],
  encapsulate: true,
});
