/**
 * Key cards (API.md §8; spec §4 'Cards', §6, §7 'Cards' and 'Universal cards'): guest cards of a stay, master,
 * building and floor cards, universal and super cards, their two-step write (card-issue.ts), withdrawal, deletion,
 * the lock sync by Bluetooth, and the lookups of the card read flow. Encryption and the card check are in
 * card-encryption.ts.
 *
 * Choices where the spec is silent:
 * - master and super cards are issued by the super administrator only (a secondary administrator's master card is
 *   not valid, and the lock rule refuses it anyway); building and floor cards of a secondary administrator or staff
 *   member only for a building (and floor) where they have a room;
 * - a universal card with no rooms named opens every lock of the hotel: only the super administrator issues that;
 * - `replace_id` issues a new validity for an issued card under a NEW number (the replaced card may be another
 *   physical card); the old record is withdrawn and its locks learn to refuse its number when the new write is
 *   verified (/card/setTime);
 * - a write plan never confirmed becomes 'void' (card-issue.ts voidPlans) with a 'delete' for its locks; the card
 *   calls expire the hotel's plans lazily (expirePlans), and void records are listed only when asked for.
 */
import {
  CARD_TYPE,
  type CardRoomRecord,
  type CardTypeCode,
  cardCalls,
  checkAccessControls,
  checkCardExpiry,
  type LockSync,
} from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds, listPage } from '../fields.js';
import { findStay } from '../shared/credential-common.js';
import { callerScope, inScope, likePattern } from '../shared/room-views.js';
import { eraseCardPlan } from './card-encryption.js';
import {
  type CardRow,
  cardQuery,
  cardView,
  confirmCard,
  expirePlans,
  planCard,
  requireCard,
  requireCardScope,
  retireCard,
  visibleCards,
} from './card-issue.js';

/** A list answer with `pageSize` beside `limit` (the card pages read either). */
const withPageSize = <T extends { limit: number }>(answer: T) => ({ ...answer, pageSize: answer.limit });
const pageAsked = (body: { page?: number; limit?: number; pageSize?: number }) => ({
  page: body.page ?? 1,
  limit: body.limit ?? body.pageSize ?? 20,
});

/** The validity of a special card: start (default now) and expiry by the rules of spec §5. */
function validity(ctx: UserContext, start: Date | undefined, end: Date): { start: Date; end: Date } {
  const now = ctx.now();
  const from = start ?? now;
  const refused = checkCardExpiry(end.getTime(), now.getTime());
  if (refused) throw failure(refused, { field: 'end_time' });
  if (end.getTime() <= from.getTime()) throw failure('END_BEFORE_START', { field: 'end_time' });
  return { start: from, end };
}

/** The rooms with access control named for a card: at most 3, each of the hotel, in scope and an access control. */
async function accessControlRooms(ctx: UserContext, ids: number[] | undefined): Promise<number[]> {
  const unique = [...new Set(ids ?? [])];
  if (checkAccessControls(unique)) throw failure('TOO_MANY_ACCESS_CONTROLS', { field: 'access_controls' });
  for (const id of unique) {
    const room = await ctx.requireRoom(id, 'credential.manage');
    if (!room.access_control) throw failure('FIELD_INVALID', { field: 'access_controls' });
  }
  return unique;
}

/** The issued card `replace_id` names, of the same type and in the caller's reach. */
async function replaced(ctx: UserContext, id: number | undefined, type: number): Promise<CardRow | null> {
  if (id === undefined) return null;
  const card = await requireCard(ctx, id);
  if (card.status !== 'issued' || card.type !== type) throw failure('FIELD_INVALID', { field: 'replace_id' });
  return card;
}

/** Buildings (and building-floor pairs) of the rooms assigned to a secondary administrator or staff member. */
async function assignedPlaces(ctx: UserContext): Promise<{ buildings: Set<number>; floors: Set<string> }> {
  const rows = await ctx.db
    .selectFrom('user_rooms as ur')
    .innerJoin('rooms as r', 'r.id', 'ur.room_id')
    .select(['r.building', 'r.floor'])
    .where('ur.user_id', '=', ctx.user.id)
    .where('r.hotel_id', '=', ctx.requireHotelId())
    .execute();
  const buildings = new Set<number>();
  const floors = new Set<string>();
  for (const r of rows) {
    if (r.building !== null) buildings.add(r.building);
    if (r.building !== null && r.floor !== null) floors.add(`${r.building}/${r.floor}`);
  }
  return { buildings, floors };
}

/** Spec §6 for master, building and floor cards. */
async function checkFeatureCardRights(
  ctx: UserContext,
  type: number,
  building: number | undefined,
  floor: number | undefined,
): Promise<void> {
  ctx.require('credential.manage');
  if (ctx.user.role === 'super') return;
  // A secondary administrator's (or staff member's) master card is not valid: it is not issued.
  if (type === CARD_TYPE.master || type === CARD_TYPE.super) throw failure('MASTER_CARD_NOT_VALID');
  const places = await assignedPlaces(ctx);
  if (building === undefined || !places.buildings.has(building)) throw failure('PERMISSION_DENIED');
  if (type === CARD_TYPE.floor && !places.floors.has(`${building}/${floor}`))
    throw failure('PERMISSION_DENIED');
}

export function cardRoutes(app: FastifyInstance): void {
  defineCall(app, cardCalls.planGuestCard, {
    handler: async (ctx, body) => {
      const stay = await findStay(ctx, body.stay_id);
      const room = await ctx.requireRoom(stay.room_id, 'credential.manage');
      if (stay.status !== 'active' && stay.status !== 'reserved') throw failure('STAY_CLOSED');
      const full = await ctx.db
        .selectFrom('stays')
        .select(['check_in', 'check_out', 'frozen', 'disable_old_cards'])
        .where('id', '=', stay.id)
        .executeTakeFirstOrThrow();
      if (full.frozen) throw failure('TENANT_FROZEN');
      if (!room.mac_id) throw failure('FIELD_REQUIRED', { field: 'mac_id' });
      const refused = checkCardExpiry(full.check_out.getTime(), ctx.now().getTime());
      if (refused) throw failure(refused, { field: 'end_time' });
      return planCard(ctx, {
        type: CARD_TYPE.normal,
        uid: body.card_uid.toUpperCase(),
        start: full.check_in,
        end: full.check_out,
        stayId: stay.id,
        room,
        building: room.building,
        floor: room.floor,
        unsubscribeOld: body.unsubscribe_old ?? full.disable_old_cards,
      });
    },
  });

  defineCall(app, cardCalls.planFunctionCard, {
    handler: async (ctx, body) => {
      const type = body.type as CardTypeCode;
      const building = body.building === 0 ? undefined : body.building;
      const floor = body.floor === 0 ? undefined : body.floor;
      if (type !== CARD_TYPE.master && building === undefined)
        throw failure('BUILDING_REQUIRED', { field: 'building' });
      if (type === CARD_TYPE.floor && floor === undefined)
        throw failure('FLOOR_REQUIRED', { field: 'floor' });
      await checkFeatureCardRights(ctx, type, building, floor);
      const { start, end } = validity(ctx, body.start_time, body.end_time);
      const accessControls = await accessControlRooms(ctx, body.access_controls);
      const old = await replaced(ctx, body.replace_id, type);
      return planCard(ctx, {
        type,
        uid: body.card_uid.toUpperCase(),
        start,
        end,
        note: body.note,
        building: type === CARD_TYPE.master ? null : (building ?? null),
        floor: type === CARD_TYPE.floor ? (floor ?? null) : null,
        unsubscribeOld: body.unsubscribe_old ?? false,
        accessControls,
        replaces: old,
      });
    },
  });

  defineCall(app, cardCalls.planManagerCard, {
    handler: async (ctx, body) => {
      const type = body.type as CardTypeCode;
      const roomIds = [...new Set(body.room_ids ?? [])];
      if (type === CARD_TYPE.super) {
        if (ctx.user.role !== 'super') throw failure('MASTER_CARD_NOT_VALID');
      } else if (roomIds.length === 0 && ctx.user.role !== 'super') {
        // Every lock of the hotel: only the main administrator holds them all.
        throw failure('PERMISSION_DENIED');
      }
      for (const id of roomIds) await ctx.requireRoom(id, 'credential.manage');
      const { start, end } = validity(ctx, body.start_time, body.end_time);
      const old = await replaced(ctx, body.replace_id, type);
      return planCard(ctx, {
        type,
        uid: body.card_uid.toUpperCase(),
        start,
        end,
        note: body.note,
        unsubscribeOld: body.unsubscribe_old ?? false,
        roomIds: type === CARD_TYPE.universal ? roomIds : [],
        replaces: old,
      });
    },
  });

  defineCall(app, cardCalls.confirmCard, {
    handler: (ctx, body) => confirmCard(ctx, body),
  });

  defineCall(app, cardCalls.noteCard, {
    handler: async (ctx, body) => {
      const card = await requireCard(ctx, body.id);
      if (card.status === 'pending') throw failure('NOT_FOUND');
      await ctx.db
        .updateTable('cards')
        .set({ note: body.note ?? '', updated_at: ctx.now() })
        .where('id', '=', card.id)
        .execute();
      ctx.audit(`Card ${card.card_number}: note changed`);
      return cardView({ ...card, note: body.note ?? '' });
    },
  });

  defineCall(app, cardCalls.list, {
    handler: async (ctx, body) => {
      if (body.room_id !== undefined) await ctx.requireRoom(body.room_id, 'credential.manage');
      if (body.stay_id !== undefined) {
        const stay = await findStay(ctx, body.stay_id);
        await ctx.requireRoom(stay.room_id, 'credential.manage');
      }
      await expirePlans(ctx);
      let q = cardQuery(ctx.db).where(visibleCards(ctx));
      q = body.status
        ? q.where('c.status', '=', body.status)
        : q.where('c.status', 'not in', ['pending', 'void']);
      if (body.status === 'pending') q = q.where('c.pending_expires_at', '>', ctx.now());
      if (body.type !== undefined) q = q.where('c.type', '=', body.type);
      if (body.room_id !== undefined) q = q.where('c.room_id', '=', body.room_id);
      if (body.stay_id !== undefined) q = q.where('c.stay_id', '=', body.stay_id);
      if (body.keyword) {
        const like = likePattern(body.keyword);
        q = q.where((eb) =>
          eb.or([
            eb('c.card_number', 'ilike', like),
            eb('c.note', 'ilike', like),
            eb('r.name', 'ilike', like),
          ]),
        );
      }
      return withPageSize(
        await listPage(
          q.clearSelect(),
          pageAsked(body),
          () => q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc'),
          cardView,
        ),
      );
    },
  });

  defineCall(app, cardCalls.counts, {
    handler: async (ctx) => {
      await expirePlans(ctx);
      const rows = await ctx.db
        .selectFrom('cards as c')
        .select([
          'c.type',
          'c.status',
          sql<number>`count(*)::int`.as('n'),
          sql<number>`count(*) FILTER (WHERE NOT c.lock_synced)::int`.as('unsynced'),
        ])
        .where(visibleCards(ctx))
        .where('c.status', 'not in', ['pending', 'void'])
        .groupBy(['c.type', 'c.status'])
        .execute();
      const byType: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
      let total = 0;
      let issued = 0;
      let pendingSync = 0;
      for (const r of rows) {
        total += Number(r.n);
        pendingSync += Number(r.unsynced);
        if (r.status === 'issued') {
          issued += Number(r.n);
          byType[String(r.type)] = (byType[String(r.type)] ?? 0) + Number(r.n);
        }
      }
      return { total, issued, byType, pending_sync: pendingSync };
    },
  });

  defineCall(app, cardCalls.deleteCard, {
    handler: async (ctx, body) => deleteCard(ctx, body.id),
  });

  defineCall(app, cardCalls.deleteManagerCard, {
    handler: async (ctx, body) => {
      const card = await requireCard(ctx, body.id);
      if (card.type !== CARD_TYPE.universal && card.type !== CARD_TYPE.super) throw failure('NOT_FOUND');
      return deleteCard(ctx, body.id);
    },
  });

  defineCall(app, cardCalls.managerList, {
    handler: async (ctx, body) => {
      const q = cardQuery(ctx.db)
        .where(visibleCards(ctx))
        .where('c.type', 'in', body.type ? [body.type] : [CARD_TYPE.universal, CARD_TYPE.super])
        .where('c.status', 'in', ['issued', 'withdrawn']);
      return withPageSize(
        await listPage(
          q.clearSelect(),
          pageAsked(body),
          () => q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc'),
          cardView,
        ),
      );
    },
  });

  defineCall(app, cardCalls.withdrawCard, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const card = await cardQuery(ctx.db)
        .where('c.hotel_id', '=', hotelId)
        .where('c.card_number', '=', body.card_id)
        .where('c.status', '=', 'issued')
        .executeTakeFirst();
      if (!card) throw failure('CARD_NOT_ISSUED');
      await requireCardScope(ctx, card);
      await retireCard(ctx, card, 'withdrawn');
      ctx.audit(`Card ${card.card_number}${card.room_name ? ` (room ${card.room_name})` : ''} withdrawn`);
      return {
        id: card.id,
        status: 'withdrawn' as const,
        lock_sync: 'pending' as const,
        erase: await eraseCardPlan(ctx, card),
      };
    },
  });

  defineCall(app, cardCalls.lockSyncData, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'credential.manage');
      // A plan that expired unconfirmed adds its 'delete' before the lock is told what to learn.
      await expirePlans(ctx);
      const now = ctx.now();
      const rows = await ctx.db
        .selectFrom('card_lock_sync as s')
        .innerJoin('cards as c', 'c.id', 's.card_id')
        .select(['s.action', 'c.card_number', 'c.type'])
        .where('s.room_id', '=', room.id)
        .where('s.synced_at', 'is', null)
        // A card past its end_time is refused by the lock anyway: its 'delete' need not be delivered.
        .where((eb) =>
          eb.or([eb('s.action', '<>', 'delete'), eb('c.end_time', 'is', null), eb('c.end_time', '>', now)]),
        )
        .orderBy('s.id')
        .execute();
      const deleted: string[] = [];
      const universal: string[] = [];
      const access: string[] = [];
      for (const r of rows) {
        if (r.action === 'delete') deleted.push(r.card_number);
        else if (r.type === CARD_TYPE.universal) universal.push(r.card_number);
        else access.push(r.card_number);
      }
      return { room_id: room.id, deleted, universal, access, pending: rows.length };
    },
  });

  defineCall(app, cardCalls.resetLockSync, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'credential.manage');
      const now = ctx.now();
      const synced = await ctx.db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('card_lock_sync')
          .set({ synced_at: now })
          .where('room_id', '=', room.id)
          .where('synced_at', 'is', null)
          .returning('card_id')
          .execute();
        const cardIds = [...new Set(done.map((d) => d.card_id))];
        if (cardIds.length > 0) {
          await trx
            .updateTable('cards')
            .set({ lock_synced: true })
            .where('id', 'in', cardIds)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('card_lock_sync as s')
                    .select('s.id')
                    .whereRef('s.card_id', '=', 'cards.id')
                    .where('s.synced_at', 'is', null),
                ),
              ),
            )
            .execute();
        }
        return done.length;
      });
      ctx.audit(`Room ${room.name}: the lock learned ${synced} card change(s) by Bluetooth`);
      return { room_id: room.id, synced };
    },
  });

  defineCall(app, cardCalls.lockCards, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.view');
      const now = ctx.now();
      const rows = await cardQuery(ctx.db)
        .select((eb) => [
          eb
            .selectFrom('card_lock_sync as s')
            .select(
              sql<string>`CASE WHEN bool_or(s.synced_at IS NULL) THEN 'pending' ELSE 'done' END`.as('x'),
            )
            .whereRef('s.card_id', '=', 'c.id')
            .where('s.room_id', '=', room.id)
            .having(sql<boolean>`count(*) > 0`)
            .as('room_sync'),
        ])
        .where('c.hotel_id', '=', room.hotel_id)
        .where('c.status', '=', 'issued')
        .where('c.superseded_by', 'is', null)
        .where('c.end_time', '>', now)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('c.type', '=', CARD_TYPE.normal),
              eb('c.room_id', '=', room.id),
              eb.or([
                eb('c.stay_id', 'is', null),
                eb.exists(
                  eb
                    .selectFrom('stays as st')
                    .select('st.id')
                    .whereRef('st.id', '=', 'c.stay_id')
                    .where('st.status', 'in', ['active', 'reserved']),
                ),
              ]),
            ]),
            eb('c.type', 'in', [CARD_TYPE.master, CARD_TYPE.super]),
            eb.and([eb('c.type', '=', CARD_TYPE.building), eb('c.building', '=', room.building ?? -1)]),
            eb.and([
              eb('c.type', '=', CARD_TYPE.floor),
              eb('c.building', '=', room.building ?? -1),
              eb('c.floor', '=', room.floor ?? -1),
            ]),
            eb.and([
              eb('c.type', '=', CARD_TYPE.universal),
              eb.or([sql<boolean>`cardinality(c.room_ids) = 0`, sql<boolean>`${room.id} = ANY(c.room_ids)`]),
            ]),
            sql<boolean>`${room.id} = ANY(c.access_controls)`,
          ]),
        )
        .orderBy('c.type')
        .orderBy('c.id')
        .execute();
      return {
        room_id: room.id,
        list: rows.map((r) => ({
          ...cardView(r),
          lock_sync: (r.room_sync as LockSync | null) ?? ('none' as const),
        })),
      };
    },
  });

  defineCall(app, cardCalls.cardFunction, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const card = await ctx.db
        .selectFrom('cards as c')
        .leftJoin('users as u', 'u.id', 'c.issued_by')
        .select(['c.type', 'u.mobile'])
        .where('c.hotel_id', '=', hotelId)
        .where('c.card_number', '=', body.card_num)
        .where('c.status', '=', 'issued')
        .where('c.type', 'in', [CARD_TYPE.master, CARD_TYPE.building, CARD_TYPE.floor])
        .executeTakeFirst();
      // Only master, building and floor cards (1–3) are looked up.
      return card
        ? { type: card.type as 1 | 2 | 3, mobile: card.mobile ?? '' }
        : { type: 0 as const, mobile: '' };
    },
  });

  defineCall(app, cardCalls.cardStays, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const rows = await ctx.db
        .selectFrom('cards as c')
        .innerJoin('stays as s', 's.id', 'c.stay_id')
        .innerJoin('rooms as r', 'r.id', 's.room_id')
        .select([
          's.id as stay_id',
          'r.id as room_id',
          'r.name as room_name',
          'r.mac_id',
          'c.start_time',
          'c.end_time',
          's.other_information',
          'c.status',
        ])
        .where('c.hotel_id', '=', hotelId)
        .where('c.card_number', '=', body.card_num)
        .where('c.status', 'in', ['issued', 'withdrawn', 'deleted'])
        .where(inScope(scope, hotelId))
        .orderBy('c.id', 'desc')
        .execute();
      return {
        list: rows.map((r) => ({
          manage_id: r.stay_id,
          room_id: r.room_id,
          room_name: r.room_name,
          mac_id: r.mac_id,
          // Issued cards carry their validity (planCard).
          start_time: epochSeconds(r.start_time) as number,
          end_time: epochSeconds(r.end_time) as number,
          other_information: r.other_information,
          card_status: r.status as CardRoomRecord['card_status'],
        })),
      };
    },
  });

  defineCall(app, cardCalls.accessControlList, {
    handler: async (ctx) => {
      const { hotelId, scope } = callerScope(ctx);
      const rows = await ctx.db
        .selectFrom('rooms as r')
        .select(['r.id', 'r.name', 'r.mac_id'])
        .where(inScope(scope, hotelId))
        .where('r.access_control', '=', true)
        .orderBy('r.name_key')
        .execute();
      return { list: rows.map((r) => ({ room_id: r.id, name: r.name, mac_id: r.mac_id })) };
    },
  });

  defineCall(app, cardCalls.setAccessControl, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.manage');
      await ctx.db
        .updateTable('rooms')
        .set({ access_control: body.access_control, updated_at: ctx.now() })
        .where('id', '=', room.id)
        .execute();
      ctx.audit(`Room ${room.name}: access control ${body.access_control ? 'on' : 'off'}`);
      return { room_id: room.id, access_control: body.access_control };
    },
  });
}

/** Deletes a card (pending, issued or withdrawn): the locks it opened learn it by their next Bluetooth unlock. */
async function deleteCard(ctx: UserContext, id: number) {
  const card = await requireCard(ctx, id);
  if (card.status === 'deleted') throw failure('NOT_FOUND');
  await retireCard(ctx, card, 'deleted');
  ctx.audit(`Card ${card.card_number}${card.room_name ? ` (room ${card.room_name})` : ''} deleted`);
  const after = await cardQuery(ctx.db).where('c.id', '=', card.id).executeTakeFirstOrThrow();
  return { id: card.id, status: 'deleted' as const, lock_sync: cardView(after).lock_sync };
}
