/**
 * M1 cards (API.md §9.2): a MIFARE Classic card registered by its UID on a room's lock, which the lock learns by
 * Bluetooth (the app or the virtual lock syncs it and reports the delivery with `lockCardM1/notify`). The card's UID
 * travels as `card_uid`: a body's `uid` is the caller's user id (the envelope, call.ts).
 *
 * States: 'pending' (registered, not on the lock yet) → 'delivered' | 'failed' (notify). Deleting a card that is on
 * the lock is 'deleting' until the lock confirms (notify 'delivered' of the deletion), then 'deleted'; a pending or
 * failed card never reached the lock and is 'deleted' at once. Registering a UID a lock already has replaces its
 * note and expiry and makes it pending again (the lock must learn the new expiry). Lists hide deleted cards.
 */
import { type M1Card, m1CardCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import { isConstraintViolation } from '../db/index.js';
import type { M1CardStatus } from '../db/schema.js';
import { failure } from '../errors.js';
import { epochSeconds, listPage } from '../fields.js';
import { cardExpiry, hexId, pageOfCards, withPageSize } from '../shared/card-common.js';
import { callerScope, inScope, likePattern } from '../shared/room-views.js';

// The dispenser routes take the UID field from here (it is the contract's, protocol/src/calls/m1-cards.ts).
export { m1UidField } from '@lockdesk/protocol';

const m1Columns = [
  'm.id',
  'm.uid',
  'm.note',
  'm.room_id',
  'r.name as room_name',
  'r.mac_id',
  'm.end_time',
  'm.status',
  'm.delivered_at',
  'm.created_at',
  'm.updated_at',
] as const;

type M1Row = {
  id: number;
  uid: string;
  note: string;
  room_id: number;
  room_name: string;
  mac_id: string | null;
  end_time: Date;
  status: M1CardStatus;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

function m1View(row: M1Row, nowMs: number): M1Card {
  return {
    id: row.id,
    uid: row.uid,
    note: row.note,
    room_id: row.room_id,
    room_name: row.room_name,
    mac_id: row.mac_id,
    end_time: epochSeconds(row.end_time),
    expired: row.end_time.getTime() <= nowMs,
    status: row.status,
    delivered_at: epochSeconds(row.delivered_at),
    created_at: epochSeconds(row.created_at),
    updated_at: epochSeconds(row.updated_at),
  };
}

/** M1 cards of the hotel in the caller's room scope, with their rooms (aliased m and r). */
function m1Cards(ctx: UserContext) {
  const { hotelId, scope } = callerScope(ctx);
  return ctx.db
    .selectFrom('m1_cards as m')
    .innerJoin('rooms as r', 'r.id', 'm.room_id')
    .where('m.hotel_id', '=', hotelId)
    .where(inScope(scope, hotelId));
}

async function readM1(ctx: UserContext, id: number): Promise<M1Row> {
  return ctx.db
    .selectFrom('m1_cards as m')
    .innerJoin('rooms as r', 'r.id', 'm.room_id')
    .select(m1Columns)
    .where('m.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A card of the caller's hotel whose room the caller manages (NOT_FOUND / PERMISSION_DENIED). */
async function requireM1(ctx: UserContext, id: number): Promise<M1Row> {
  const card = await ctx.db
    .selectFrom('m1_cards')
    .select(['id', 'room_id'])
    .where('id', '=', id)
    .where('hotel_id', '=', ctx.requireHotelId())
    .where('status', '<>', 'deleted')
    .executeTakeFirst();
  if (!card) throw failure('NOT_FOUND');
  await ctx.requireRoom(card.room_id, 'credential.manage');
  return readM1(ctx, card.id);
}

export function m1CardRoutes(app: FastifyInstance): void {
  defineCall(app, m1CardCalls.addM1Card, {
    handler: async (ctx, body) => {
      const now = ctx.now();
      const refused = cardExpiry(body.end_time, now.getTime());
      if (refused) throw failure(refused, { field: 'end_time' });
      const room = await ctx.requireRoom(body.room_id, 'credential.manage');
      const uid = hexId(body.card_uid);
      const live = () =>
        ctx.db
          .selectFrom('m1_cards')
          .select('id')
          .where('room_id', '=', room.id)
          .where('uid', '=', uid)
          .where('status', '<>', 'deleted')
          .executeTakeFirst();
      const renew = (id: number) =>
        ctx.db
          .updateTable('m1_cards')
          .set({
            end_time: body.end_time,
            status: 'pending',
            delivered_at: null,
            updated_at: now,
            ...(body.note === undefined ? {} : { note: body.note }),
          })
          .where('id', '=', id)
          .execute();
      let id = (await live())?.id;
      if (id !== undefined) await renew(id);
      else {
        try {
          const row = await ctx.db
            .insertInto('m1_cards')
            .values({
              hotel_id: room.hotel_id,
              room_id: room.id,
              uid,
              note: body.note ?? '',
              end_time: body.end_time,
              created_by: ctx.user.id,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = row.id;
        } catch (e) {
          // Registered twice at once: the other call made it; this one's validity is written over it.
          const raced = isConstraintViolation(e, 'unique') ? await live() : undefined;
          if (!raced) throw e;
          id = raced.id;
          await renew(id);
        }
      }
      ctx.audit(`M1 card ${uid} registered on room ${room.name}`);
      return m1View(await readM1(ctx, id), now.getTime());
    },
  });

  defineCall(app, m1CardCalls.m1CardList, {
    handler: async (ctx, body) => {
      if (body.room_id !== undefined) await ctx.requireRoom(body.room_id, 'credential.manage');
      let q = m1Cards(ctx);
      if (body.room_id !== undefined) q = q.where('m.room_id', '=', body.room_id);
      q =
        body.status === undefined
          ? q.where('m.status', '<>', 'deleted')
          : q.where('m.status', '=', body.status as M1CardStatus);
      if (body.keyword) {
        const like = likePattern(body.keyword);
        const uidLike = likePattern(hexId(body.keyword));
        q = q.where((eb) =>
          eb.or([eb('m.uid', 'like', uidLike), eb('m.note', 'ilike', like), eb('r.name', 'ilike', like)]),
        );
      }
      const nowMs = ctx.now().getTime();
      return withPageSize(
        await listPage(
          q,
          pageOfCards(body),
          (page) => page.select(m1Columns).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc'),
          (row: M1Row) => m1View(row, nowMs),
        ),
      );
    },
  });

  defineCall(app, m1CardCalls.deleteM1Card, {
    handler: async (ctx, body) => {
      const card = await requireM1(ctx, body.id);
      const now = ctx.now();
      // On the lock (or on its way off it): the lock must drop it at its next sync. Never there: gone at once.
      const onLock = card.status === 'delivered' || card.status === 'deleting';
      await ctx.db
        .updateTable('m1_cards')
        .set({ status: onLock ? 'deleting' : 'deleted', updated_at: now })
        .where('id', '=', card.id)
        .execute();
      ctx.audit(`M1 card ${card.uid} deleted from room ${card.room_name}`);
      return m1View(await readM1(ctx, card.id), now.getTime());
    },
  });

  defineCall(app, m1CardCalls.readM1Card, {
    handler: async (ctx, body) => {
      const nowMs = ctx.now().getTime();
      const rows = await m1Cards(ctx)
        .select(m1Columns)
        .where('m.uid', '=', hexId(body.card_uid))
        .where('m.status', '<>', 'deleted')
        .orderBy('r.name_key')
        .orderBy('m.id')
        .execute();
      return {
        uid: hexId(body.card_uid),
        list: rows.map((row) => m1View(row as M1Row, nowMs)),
        total: rows.length,
      };
    },
  });

  defineCall(app, m1CardCalls.notifyM1Card, {
    handler: async (ctx, body) => {
      const card = await requireM1(ctx, body.id);
      const now = ctx.now();
      let next: M1CardStatus;
      if (card.status === 'deleting')
        // The deletion reached the lock, or did not (the card stays on the lock, still to be dropped).
        next = body.status === 'delivered' ? 'deleted' : 'deleting';
      else if (card.status === 'pending' || card.status === 'failed' || card.status === 'delivered')
        next = body.status as 'delivered' | 'failed';
      else throw failure('NOT_FOUND');
      await ctx.db
        .updateTable('m1_cards')
        .set({
          status: next,
          updated_at: now,
          ...(next === 'delivered' && card.status !== 'delivered' ? { delivered_at: now } : {}),
        })
        .where('id', '=', card.id)
        .where('status', '=', card.status)
        .execute();
      ctx.audit(`M1 card ${card.uid} on room ${card.room_name}: ${card.status} → ${next}`);
      return m1View(await readM1(ctx, card.id), now.getTime());
    },
  });
}
