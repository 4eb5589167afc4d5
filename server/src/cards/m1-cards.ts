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
import { type M1Card, type M1CardStatus, m1CardCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import { isConstraintViolation } from '../db/index.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { cardExpiry, hexId, pageOfCards, withPageSize } from '../shared/card-common.js';
import { callerScope } from '../shared/room-views.js';
import {
  findLiveM1Card,
  findLiveM1CardOnRoom,
  insertM1Card,
  listM1Cards,
  liveM1CardsOfUid,
  type M1Row,
  markM1CardDeleted,
  readM1Card,
  renewM1Card,
  setM1CardStatus,
} from './repository/m1-cards.js';

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

/** A card of the caller's hotel whose room the caller manages (NOT_FOUND / PERMISSION_DENIED). */
async function requireM1(ctx: UserContext, id: number): Promise<M1Row> {
  const card = await findLiveM1Card(ctx.db, ctx.requireHotelId(), id);
  if (!card) throw failure('NOT_FOUND');
  await ctx.requireRoom(card.room_id, 'credential.manage');
  return readM1Card(ctx.db, card.id);
}

export function m1CardRoutes(app: FastifyInstance): void {
  defineCall(app, m1CardCalls.addM1Card, {
    handler: async (ctx, body) => {
      const now = ctx.now();
      const refused = cardExpiry(body.end_time, now.getTime());
      if (refused) throw failure(refused, { field: 'end_time' });
      const room = await ctx.requireRoom(body.room_id, 'credential.manage');
      const uid = hexId(body.card_uid);
      const terms = { end_time: body.end_time, note: body.note };
      let id = await findLiveM1CardOnRoom(ctx.db, room.id, uid);
      if (id !== undefined) await renewM1Card(ctx.db, id, terms, now);
      else {
        try {
          id = await insertM1Card(
            ctx.db,
            {
              hotel_id: room.hotel_id,
              room_id: room.id,
              uid,
              note: body.note ?? '',
              end_time: body.end_time,
              created_by: ctx.user.id,
            },
            now,
          );
        } catch (e) {
          // Registered twice at once: the other call made it; this one's validity is written over it.
          const raced = isConstraintViolation(e, 'unique')
            ? await findLiveM1CardOnRoom(ctx.db, room.id, uid)
            : undefined;
          if (raced === undefined) throw e;
          id = raced;
          await renewM1Card(ctx.db, id, terms, now);
        }
      }
      ctx.audit(`M1 card ${uid} registered on room ${room.name}`);
      return m1View(await readM1Card(ctx.db, id), now.getTime());
    },
  });

  defineCall(app, m1CardCalls.m1CardList, {
    handler: async (ctx, body) => {
      if (body.room_id !== undefined) await ctx.requireRoom(body.room_id, 'credential.manage');
      const { hotelId, scope } = callerScope(ctx);
      const nowMs = ctx.now().getTime();
      return withPageSize(
        await listM1Cards(ctx.db, hotelId, scope, body, pageOfCards(body), (row) => m1View(row, nowMs)),
      );
    },
  });

  defineCall(app, m1CardCalls.deleteM1Card, {
    handler: async (ctx, body) => {
      const card = await requireM1(ctx, body.id);
      const now = ctx.now();
      // On the lock (or on its way off it): the lock must drop it at its next sync. Never there: gone at once.
      const onLock = card.status === 'delivered' || card.status === 'deleting';
      await markM1CardDeleted(ctx.db, card.id, onLock ? 'deleting' : 'deleted', now);
      ctx.audit(`M1 card ${card.uid} deleted from room ${card.room_name}`);
      return m1View(await readM1Card(ctx.db, card.id), now.getTime());
    },
  });

  defineCall(app, m1CardCalls.readM1Card, {
    handler: async (ctx, body) => {
      const nowMs = ctx.now().getTime();
      const { hotelId, scope } = callerScope(ctx);
      const rows = await liveM1CardsOfUid(ctx.db, hotelId, scope, hexId(body.card_uid));
      return {
        uid: hexId(body.card_uid),
        list: rows.map((row) => m1View(row, nowMs)),
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
      await setM1CardStatus(ctx.db, card.id, card.status, next, now);
      ctx.audit(`M1 card ${card.uid} on room ${card.room_name}: ${card.status} → ${next}`);
      return m1View(await readM1Card(ctx.db, card.id), now.getTime());
    },
  });
}
