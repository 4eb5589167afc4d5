/**
 * Delivery status per lock (issue 10 §4, contract D): what each lock must learn at its next Bluetooth unlock, and
 * what it confirmed. lock/inLockList compares the state the lock must hold now (services/lock-state.ts, the same
 * function the device API hands to the lock) with the state it confirmed at its last finished sync
 * (lock_devices.confirmed_state); lock/cardDelivery follows one card through the locks that must learn it
 * (card_lock_sync). Choices where the contract is silent:
 * - an item the lock must hold is `waiting` while the confirmed state lacks it or holds it with other values (a
 *   renewed stay moves a face's end), `confirmed` once it holds it as it is now; an item the lock holds but must
 *   drop (a withdrawn password, a universal card deleted) is `remove`/`waiting` until a sync confirms a state
 *   without it, then it leaves the list (the lock holds nothing of it any more);
 * - a refused card whose validity has ended leaves the state (the lock refuses it anyway), so it is not listed;
 * - the room's valid guest cards are listed as `issued` under their own kind `card`: what the lock learns from
 *   them (their issue sequence, their period) it reads from the card itself when it is held to it;
 * - each item carries its words apart from its identifying text (`subject`: a card number, a password id, a face
 *   or finger id with its note) and its guest (`guest`), so the console writes the item in the operator's
 *   language; `label` stays the English text for API users;
 * - `confirmed_at` is when the sync whose state the lock confirmed finished.
 */
import { lockDeliveryCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { callerScope } from '../shared/room-views.js';
import { cardChangesPerLock, cardHasChanges, findCardOfHotel } from './repository/deliveries.js';
import { lockDeliveries } from './service.js';

const seconds = (d: Date | null | undefined): number => epochSeconds(d) ?? 0;

/** Registers lock/inLockList and lock/cardDelivery. */
export function lockDeliveryRoutes(app: FastifyInstance): void {
  defineCall(app, lockDeliveryCalls.inLockList, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.view');
      return lockDeliveries(ctx.db, room, ctx.now());
    },
  });

  defineCall(app, lockDeliveryCalls.cardDelivery, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const card = await findCardOfHotel(ctx.db, hotelId, body.card_id);
      if (!card) throw failure('NOT_FOUND');
      // A card of one room is that room's; a hotel-wide card shows the caller the locks of their rooms.
      if (card.room_id !== null) await ctx.requireRoom(card.room_id, 'room.view');
      const rows = await cardChangesPerLock(ctx.db, card.id, hotelId, scope);
      if (rows.length === 0 && scope.kind !== 'all' && card.room_id === null) {
        if (await cardHasChanges(ctx.db, card.id)) throw failure('PERMISSION_DENIED');
      }
      return {
        card_id: card.id,
        card_number: card.card_number,
        list: rows.map((r) => ({
          room_id: r.room_id,
          room_name: r.room_name,
          action: r.action,
          state: r.synced_at ? ('confirmed' as const) : ('waiting' as const),
          changed_at: seconds(r.created_at),
          confirmed_at: seconds(r.synced_at),
          last_sync_at: seconds(r.last_sync_at),
        })),
      };
    },
  });
}
