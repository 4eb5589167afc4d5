/**
 * The key card calls (API.md §8; spec §4 'Cards', §6, §7 'Cards' and 'Universal cards'): the two-step write of
 * guest, master, building, floor, universal and super cards (service.ts), the hotel's cards, withdrawal and
 * deletion, what locks learn by Bluetooth, access controls, and the lookups of the card read flow. A plan never
 * confirmed becomes 'void' (service.ts voidPlans); the card calls expire the hotel's plans lazily (expirePlans), and
 * void records are listed only when asked for.
 */
import { CARD_TYPE, type CardRoomRecord, cardCalls, type LockSync } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { epochSeconds } from '../fields.js';
import { pageOfCards, withPageSize } from '../shared/card-common.js';
import { findStay } from '../shared/credential-common.js';
import { callerScope } from '../shared/room-views.js';
import {
  accessControlRoomsInScope,
  cardsOpeningLock,
  functionCardIssuer,
  listCards,
  listManagerCards,
  markLockLearned,
  pendingLockSync,
  setRoomAccessControl,
  staysOfCardNumber,
} from './repository/key-cards.js';
import {
  cardCounts,
  cardViewer,
  confirmCard,
  deleteCard,
  deleteManagerCard,
  expirePlans,
  noteCard,
  planFunctionCard,
  planGuestCard,
  planManagerCard,
  withdrawCard,
} from './service.js';
import { cardView } from './views.js';

export function keyCardRoutes(app: FastifyInstance): void {
  defineCall(app, cardCalls.planGuestCard, { handler: planGuestCard });

  defineCall(app, cardCalls.planFunctionCard, { handler: planFunctionCard });

  defineCall(app, cardCalls.planManagerCard, { handler: planManagerCard });

  defineCall(app, cardCalls.confirmCard, { handler: (ctx, body) => confirmCard(ctx, body) });

  defineCall(app, cardCalls.noteCard, { handler: (ctx, body) => noteCard(ctx, body.id, body.note) });

  defineCall(app, cardCalls.list, {
    handler: async (ctx, body) => {
      if (body.room_id !== undefined) await ctx.requireRoom(body.room_id, 'credential.manage');
      if (body.stay_id !== undefined) {
        const stay = await findStay(ctx, body.stay_id);
        await ctx.requireRoom(stay.room_id, 'credential.manage');
      }
      await expirePlans(ctx);
      return withPageSize(
        await listCards(ctx.db, cardViewer(ctx), body, ctx.now(), pageOfCards(body), cardView),
      );
    },
  });

  defineCall(app, cardCalls.counts, { handler: (ctx) => cardCounts(ctx) });

  defineCall(app, cardCalls.deleteCard, { handler: (ctx, body) => deleteCard(ctx, body.id) });

  defineCall(app, cardCalls.deleteManagerCard, { handler: (ctx, body) => deleteManagerCard(ctx, body.id) });

  defineCall(app, cardCalls.managerList, {
    handler: async (ctx, body) => {
      const types = body.type ? [body.type] : [CARD_TYPE.universal, CARD_TYPE.super];
      return withPageSize(
        await listManagerCards(ctx.db, cardViewer(ctx), types, pageOfCards(body), cardView),
      );
    },
  });

  defineCall(app, cardCalls.withdrawCard, { handler: (ctx, body) => withdrawCard(ctx, body.card_id) });

  defineCall(app, cardCalls.lockSyncData, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'credential.manage');
      // A plan that expired unconfirmed adds its 'delete' before the lock is told what to learn.
      await expirePlans(ctx);
      const rows = await pendingLockSync(ctx.db, room.id, ctx.now());
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
      const synced = await markLockLearned(ctx.db, room.id, ctx.now());
      ctx.audit(`Room ${room.name}: the lock learned ${synced} card change(s) by Bluetooth`);
      return { room_id: room.id, synced };
    },
  });

  defineCall(app, cardCalls.lockCards, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.view');
      const rows = await cardsOpeningLock(ctx.db, room, ctx.now());
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
      const card = await functionCardIssuer(ctx.db, ctx.requireHotelId(), body.card_num);
      // Only master, building and floor cards (1–3) are looked up.
      return card
        ? { type: card.type as 1 | 2 | 3, mobile: card.mobile ?? '' }
        : { type: 0 as const, mobile: '' };
    },
  });

  defineCall(app, cardCalls.cardStays, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const rows = await staysOfCardNumber(ctx.db, hotelId, scope, body.card_num);
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
      const rows = await accessControlRoomsInScope(ctx.db, hotelId, scope);
      return { list: rows.map((r) => ({ room_id: r.id, name: r.name, mac_id: r.mac_id })) };
    },
  });

  defineCall(app, cardCalls.setAccessControl, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.manage');
      await setRoomAccessControl(ctx.db, room.id, body.access_control, ctx.now());
      ctx.audit(`Room ${room.name}: access control ${body.access_control ? 'on' : 'off'}`);
      return { room_id: room.id, access_control: body.access_control };
    },
  });
}
